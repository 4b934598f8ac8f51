"""The replay's verdict says a move as its log does: declining 摊打 is 不摊打 there, as in
the log beside it, not the 不声明 of Baohuang's declarations."""

from __future__ import annotations

import dataclasses

from analysis_helpers import played_log
from bhtui.analysis import PLAYOUTS, Decision, Review, save
from bhtui.analysis.review import digest_of
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession

from tui_helpers import config, wait_for

CLOSED = 1
"""Seat 0's second action in Shanghai's deal of seed 5: after 头撂 it plays closed (skip)."""


async def test_the_replays_verdict_calls_declining_tanda_as_the_log_does(tmp_path):
    path = played_log(tmp_path, "shanghai", "doudizhu", 5, level="easy", limit=8)
    replay = Replay.from_log(GameLog.load(path))
    assert replay.actions[CLOSED] == (0, {"type": "skip"})
    save(path, Review(0, PLAYOUTS, digest_of(replay), [
        Decision(CLOSED, 1, {"type": "skip"}, {"type": "open"}, 1.0, 3.0, 2)]))
    app = BhtuiApp(dataclasses.replace(config(), language="zh"), ReplaySession(replay))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press(*["right"] * (CLOSED + 1))
        await wait_for(pilot, lambda: screen.position == CLOSED + 1, "the decision")
        said = str(screen.query_one("#r-status").render())
        log = "\n".join(line.text for line in screen.query_one("#r-log").lines)
        assert "P0 不摊打" in log
        assert "P0：不摊打 +1.0 · hard：摊打 +3.0 · 损失 2.0" in said, said
        assert "失误: P0：不摊打" in log and "不声明" not in said + log
