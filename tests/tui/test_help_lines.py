"""Every line of a key list in the help fits the help's width at 80 columns: a line one
word too long wrapped, and left a fragment alone under its words ("x  a run from the lowest
picked rank: pick a 3, x makes 3 4 5 6 7 …;" then "5 6 7 …;" at Dou Dizhu's table)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.games import GAMES
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.demo_text import WORDS
from bhtui.tui.dialogs import HelpScreen
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession
from bhtui.tui.widgets import Prose

from tui_helpers import strips, wait_for

HELP_WIDTH = 70
"""The help's text width in an 80-column terminal (the first test measures it)."""


async def test_f1_at_a_doudizhu_table_shows_each_key_line_whole_at_80_columns():
    from bhtui.tui.doudizhu.dialogs import BidDialog

    config = Config(name="Ana", language="en", bot_delay=0.0)
    app = BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        prose = app.screen.query_one(Prose)
        await wait_for(pilot, lambda: prose.size.width > 0, "the help drawn")
        assert prose.size.width == HELP_WIDTH
        shown = [strip.text.rstrip() for strip in strips(prose)]
        keys = [line for line in prose.text.split("\n") if line.startswith(" ")]
        assert keys and [line for line in keys if line.rstrip() not in shown] == []


def help_texts() -> Iterator[tuple[str, str]]:
    """Every help text: each game's for each of its rule sets and none known, as a player
    and as a watcher reads it, the replay's, the demo's, in both languages."""
    for language in ("en", "zh"):
        t = Translator(language)
        style = CardStyle("letters" if language == "zh" else "unicode", False, language)
        t.plain = style.plain
        for name, game in GAMES.items():
            parts = parts_for(name)
            for preset in [None, *game.presets]:
                texts = parts.help_texts(t, preset, style)
                for text in [*texts, *parts.watcher_help(t, texts)]:
                    yield f"{language} {name} {preset}", text
        yield f"{language} demo", WORDS["help"][language]
        for key in ("replay.help", "help.body", "help.rules"):
            yield f"{language} {key}", t(key)


@pytest.mark.parametrize("where, text", list(help_texts()))
def test_each_key_line_of_every_help_fits_80_columns(where, text):
    too_long = [line for line in text.split("\n")
                if line.startswith(" ") and cell_len(line) > HELP_WIDTH]
    assert too_long == [], where
