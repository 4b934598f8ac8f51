"""An unfinished game several people sat at, from a log that names no keeper (one from before
the host's seat was logged): nothing says which seat was the reader's, and the first
person's may be a friend's. Its hand was analysed (``a``, ``bhtui analyse``) and played on
(``p``, ``d``) as if it were his; now nothing hidden is shown until the game is over."""

from __future__ import annotations

import dataclasses

from analysis_helpers import played_log
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession
from bhtui.tui.table import TableScreen

from tui_helpers import config, wait_for

HIDDEN = "hands stay hidden: others sat at this game and it is not finished"


def test_without_a_keeper_only_a_finished_game_or_one_persons_shows_a_hand(
        tmp_path, cli, nothing_starts):
    """``Replay.may_see``, which `bhtui analyse` asks too: its default seat is refused."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, people=(0, 2), limit=40)
    open_table = Replay.from_log(GameLog.load(path))
    assert open_table.keeper is None and not open_table.finished
    assert not any(open_table.may_see(seat) for seat in range(5))
    refused = cli("analyse", str(path), "--playouts", "4")
    assert refused.returncode == 2 and "does not say which seat was yours" in refused.stderr
    kept = dataclasses.replace(open_table, keeper=2)  # (the host's seat, as logs name it now)
    assert [kept.may_see(seat) for seat in range(5)] == [False, False, True, False, False]
    alone = dataclasses.replace(open_table, people=1, persons=[0])
    assert all(alone.may_see(seat) for seat in range(5))
    done = Replay.from_log(GameLog.load(
        played_log(tmp_path, "qingdao", "baohuang", 1, people=(0, 2))))
    assert done.finished and all(done.may_see(seat) for seat in range(5))


async def test_its_replay_neither_analyses_nor_plays_on_the_first_persons_seat(tmp_path):
    path = played_log(tmp_path, "qingdao", "baohuang", 1, people=(0, 2), limit=40)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("right", "right")
        for key in ("a", "p", "d"):
            await pilot.press(key)
            await pilot.pause()
            said = str(screen.query_one("#r-status").render())
            assert HIDDEN in said and "analysing" not in said, key
            assert screen.analysis is None and not any(
                isinstance(s, TableScreen) for s in app.screen_stack), key
