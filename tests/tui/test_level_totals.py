"""Shanghai's level points (级分, S-LEVEL-1) added up beside the scores."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog
from bhtui.tui.sessions import LocalSession

from tui_helpers import strips, table, wait_for


@pytest.mark.parametrize("language, head", [("en", "Lv"), ("zh", "级分")])
async def test_S_LEVEL_1_the_score_panel_totals_shanghais_level_points(language, head):
    """Each deal's result had a level-points column and nothing added them up: the score
    panel at 80x24 has their total per seat, as the view's ``levels`` count them."""
    app = BhtuiApp(Config(name="Player", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=4, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog), "the bid")
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, OpenDialog), "摊打")
        await pilot.press("n")
        await pilot.press("t")  # 托管 plays the deal out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match's end")
        screen = table(app)
        levels = screen.client.view["levels"]
        lines = [strip.text.rstrip() for strip in strips(screen.query_one("#scores"))]
    assert levels is not None and any(levels)
    assert lines[0].split()[-1] == head
    assert [line.split()[-1] for line in lines[1:5]] == [f"{v:+d}" for v in levels]
