"""The rules screen (``bhtui --settings``, F2's rules at a table) at 80×24 through Pilot: what
each option's row shows after ←/→ brings in another rule set."""

from __future__ import annotations

import re

import pytest

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.sessions import LocalSession
from bhtui.tui.settings import SettingsScreen

from tui_helpers import strips, wait_for

MARKED = re.compile(r"(\[[x ]\]|<[^>]*>) (.+)")
"""An option's label: its mark ([x], [ ], <value>) and its words."""


def squeezed(text: str) -> str:
    """Text without its spaces and line breaks, which wrapping moves about."""
    return "".join(text.split())


async def each_option_drawn(pilot, app):
    """Every option of every rule set, reached as a player does (→ through all of them, ← back
    two, ↓ to each): its rule set, mark, words and the rows the list draws."""
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the rules")
    screen = app.screen
    for step in ["right"] * len(screen.choices) + ["left"] * 2:
        await pilot.press(step)
        options = screen.query_one("OptionList")
        for index in range(options.option_count):
            options.highlighted = index
            label = str(options.get_option_at_index(index).prompt)
            mark, words = MARKED.fullmatch(label).groups()
            await pilot.pause()
            yield screen.rules.name, mark, words, [s.text.strip() for s in strips(options)]


def rules_screen(language: str) -> BhtuiApp:
    return BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                    LocalSession(seed=7, rounds=1, ask_rules=True))


@pytest.mark.parametrize("language", ["zh", "en"])
async def test_every_options_words_are_all_drawn_after_left_and_right(language):
    """Weihai's first option, reached with → from 联众简单, showed "<w1>" and none of its
    words until the terminal was resized: the list measured its options' heights before
    its scrollbar took two columns, and an option wrapping only in the narrower list lost
    its other lines. Now the rows the list draws hold all of each option's words."""
    app = rules_screen(language)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        async for name, mark, words, drawn in each_option_drawn(pilot, app):
            assert squeezed(words) in squeezed("".join(drawn)), f"{name}: {mark} {words}"
            seen.add(name)
    assert seen >= {"weihai", "lianzhong-simple", "weifang", "shanghai"}


@pytest.mark.parametrize("language", ["zh", "en"])
async def test_a_long_options_words_start_beside_its_mark(language):
    """联众简单's 联众托管 showed "[ ]" alone on a row, its words on the next: a run of
    Chinese has no space to break at, so it went whole to a line of its own. The row with
    an option's mark now holds the start of its words (they wrap beside it)."""
    app = rules_screen(language)
    async with app.run_test(size=(80, 24)) as pilot:
        async for name, mark, words, drawn in each_option_drawn(pilot, app):
            assert any(line.startswith(f"{mark} {words[:2]}") for line in drawn), (
                f"{name}: {mark} {words}", drawn)
