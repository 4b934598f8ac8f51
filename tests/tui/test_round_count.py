"""The match's length where players look for it: the scores pane's header says "round 3 of
8" (or "round 3" when the match has no fixed length), whole at 80×24, in both languages and
both games (Pilot)."""

from __future__ import annotations

import pytest
from textual.geometry import Region

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from tui_helpers import table, wait_for


def scores_header(app: BhtuiApp) -> str:
    """The scores pane's top border as the terminal gets it."""
    pane = table(app).query_one("#scores")
    width, height = pane.outer_size
    return "".join(segment.text for segment in pane.render_lines(Region(0, 0, width, height))[0])


@pytest.mark.parametrize(("game", "language", "rounds", "said"), [
    ("baohuang", "en", 8, "Scores · round 1 of 8"),
    ("baohuang", "zh", 8, "比分 · 第1局/共8局"),
    ("baohuang", "en", None, "Scores · round 1 ─"),
    ("doudizhu", "en", 12, "Scores · deal 1 of 12"),
    ("doudizhu", "zh", None, "比分 · 第1局 ─"),
])
async def test_the_scores_header_says_which_round_of_how_many(game, language, rounds, said):
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(seed=3, rounds=rounds, game=game))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)
                       and table(app).query("#scores"))
        await wait_for(pilot, lambda: said in scores_header(app), f"{said!r} in the header")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_header_of_a_two_digit_match_fits_the_30_cell_scores_pane(language):
    """The pane is 30 cells wide at any terminal size; its border, corners and the spaces
    around a title take 6 of them (Textual draws "╭─ title ─╮")."""
    from rich.cells import cell_len

    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
    from bhtui.tui.i18n import Translator

    t = Translator(language)
    for key in ("pane.scores.of", "pane.scores.at"):
        for words in (key, DOUDIZHU_PARTS.words(key)):
            assert cell_len(t(words, n=99, total=99)) <= 30 - 6, t(words, n=99, total=99)
