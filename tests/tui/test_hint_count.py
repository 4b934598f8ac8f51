"""The hint's round counted the same from its first: the host's hint said "Hint: 4 4 4 + 5 5"
and h then "2 of 26: 3", so the hint was never called 1 of 26."""

from __future__ import annotations

import re

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.tui.app import BhtuiApp
from bhtui.tui.sessions import LocalSession

from tui_helpers import config, reach_my_play_turn, table, wait_for

COUNTED = {"en": r"(\d+) of (\d+): .+ — ⏎ plays it, h for the next",
           "zh": r"第 (\d+)/(\d+) 手：.+ — ⏎ 出牌，h 看下一手"}


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
async def test_the_first_hint_of_many_is_1_of_them_and_h_counts_on(game, language):
    rules = {} if game == "baohuang" else {"rules": DDZ_PRESETS["classic"]}
    config_ = config()
    config_.language = language
    app = BhtuiApp(config_, LocalSession(seed=3, rounds=1, **rules))
    async with app.run_test(size=(80, 24)) as pilot:
        await reach_my_play_turn(pilot, app)
        screen = table(app)
        status = screen.query_one("#status")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.last_hint is not None, "the hint")
        await pilot.pause()
        said = [str(status.render())]
        await pilot.press("h")
        said.append(str(status.render()))
        counts = [re.fullmatch(COUNTED[language], line) for line in said]
        assert all(counts), said
        assert [(int(c[1]), int(c[2])) for c in counts] == [(1, int(counts[0][2])),
                                                            (2, int(counts[0][2]))], said
