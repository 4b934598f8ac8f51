"""Stepping a replay as a reader does, keys held: the screen ends at the last position asked
for, with the log of that position, however it was reached."""

from __future__ import annotations

from textual import events

from analysis_helpers import played_log
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession

from tui_helpers import config, screen_text, wait_for


async def held(pilot, app, key: str, times: int, position: int) -> None:
    """``key`` held: its repeats sent at once, as a terminal sends them to a busy screen,
    and the screen drawn at ``position``."""
    for _ in range(times):
        app.post_message(events.Key(key, None))
    await wait_for(pilot, lambda: app.screen.position == position, f"position {position}")
    await pilot.pause()


def log_lines(app) -> list[str]:
    return [line.text.rstrip() for line in app.screen.query_one("#r-log").lines]


async def test_a_replay_stepped_with_keys_held_back_and_forth_shows_that_positions_log(
        tmp_path):
    """A step wrote the whole log again, and the counter and every pane: 1.5 s a step at the
    end of a 14-round game, and 30 held → took a minute and a half to catch up. A step now
    writes only its own lines and a step back takes the later ones off. Held → into the
    second round, held ← back over its deal, → again, then a wider terminal: the screen and
    the log are those of a replay stepped only forward there, at that width (every line up to the position,
    none after, wrapped at the log's new width)."""
    long = "Wang of the Northern Courtyard by the Old Bell Tower, East of the River"  # (lines to wrap at 80)
    path = played_log(tmp_path, "qingdao", "baohuang", 1, rounds=2, tuoguan=True,
                      names={2: long})
    replay = Replay.from_log(GameLog.load(path))
    deal = replay.round_starts[1]  # the second round is dealt there
    target = deal - 5
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await held(pilot, app, "right", deal + 20, deal + 20)
        await held(pilot, app, "left", 30, deal - 10)
        await held(pilot, app, "right", 5, target)
        await pilot.resize_terminal(120, 30)
        await wait_for(pilot, lambda: app.screen.query_one("#r-log").size.width == 118)
        await pilot.pause()
        stepped, stepped_log = screen_text(app), log_lines(app)
    straight = BhtuiApp(config(), ReplaySession(replay))
    async with straight.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(straight.screen, ReplayScreen))
        await held(pilot, straight, "right", target, target)
        assert f"Action {target}/{len(replay)}" in "\n".join(screen_text(straight))
        assert log_lines(straight) == stepped_log
        assert screen_text(straight) == stepped
    wide = [line for line in stepped_log if len(line) > 76]
    assert wide, "no line the 80-column log wrapped"  # (so the new width is seen to)
