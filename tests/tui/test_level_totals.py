"""Shanghai's level points (级分, S-LEVEL-1) added up beside the scores."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen, ScoreSheetScreen
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog
from bhtui.tui.sessions import LocalSession
from bhtui.tui.widgets import Plain

from tui_helpers import strips, table, wait_for


@pytest.mark.parametrize("language, head, level_points", [("en", "Lv", "Level points"),
                                                         ("zh", "级分", "级分")])
async def test_S_LEVEL_1_shanghais_level_points_are_totalled_with_the_scores(
        language, head, level_points):
    """Each deal's result had a level-points column and nothing added them up: at 80x24 the
    score panel, the match's end and the score sheet (v) total them per seat, as the view's
    ``levels`` count them."""
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
        levels, names = screen.client.view["levels"], screen.model.names()
        panel = [strip.text.rstrip() for strip in strips(screen.query_one("#scores"))]
        end = "\n".join(strip.text.rstrip() for plain in app.screen.query(Plain)
                         for strip in strips(plain))
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen), "the sheet")
        await pilot.pause()
        sheet = [strip.text.rstrip() for strip in strips(app.screen.query_one("#sheet"))]
    assert levels is not None and any(levels)
    said = [f"{v:+d}" for v in levels]
    assert panel[0].split()[-1] == head  # the score panel: a column after Σ
    assert [line.split()[-1] for line in panel[1:5]] == said
    end_lines = end.split("\n")
    assert end_lines[1].endswith(level_points)  # the match's end: beside the totals
    assert {line.split()[1]: line.split()[-1] for line in end_lines[2:6]} == dict(
        zip(names, said, strict=True))
    assert sheet[-1].split() == [head, *said]  # the score sheet: a row under Σ
