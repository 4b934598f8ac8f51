"""] and [ in a replay stop at each round's deal too: from a round's end ] went on to the
first trick of the next round, over its deal (the cards dealt, the tribute, the throne
offered), which only → or PgDn reached."""

from __future__ import annotations

import pytest

from analysis_helpers import played_log
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.i18n import Translator
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession

from tui_helpers import config, wait_for


def status(app) -> str:
    return str(app.screen.query_one("#r-status").render())


async def test_brackets_stop_at_each_rounds_deal_both_ways(tmp_path):
    """A two-round Qingdao game the engine played: ] from the first round's end is the
    second round's deal (Round 2, nothing played yet), [ from its first trick the deal
    again; every trick's and round's end is still a stop, and nothing else is."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, rounds=2, tuoguan=True)
    replay = Replay.from_log(GameLog.load(path))
    k, n = replay.round_starts[1], len(replay)
    ended, dealt = replay.position_of(k, dealt=False), replay.position_of(k)
    assert dealt == ended + 1  # (the same action: the round over, then the next deal)
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen

        async def press(key: str) -> int:
            await pilot.press(key)
            await pilot.pause()
            return screen.position

        await pilot.press("pagedown", "left")  # the first round's end
        await pilot.pause()
        assert screen.position == ended and "Round 1" in status(app)
        assert await press("right_square_bracket") == dealt
        assert f"Action {k}/{n} · Round 2" in status(app)
        first_trick = await press("right_square_bracket")
        assert first_trick > dealt
        assert await press("left_square_bracket") == dealt
        assert f"Action {k}/{n} · Round 2" in status(app)
        assert await press("left_square_bracket") == ended

        expected = sorted({replay.next_trick(p) for p in range(replay.last)} | {dealt})
        await pilot.press("home")
        forth = [await press("right_square_bracket") for _ in expected]
        assert forth == expected and await press("right_square_bracket") == replay.last
        back = [await press("left_square_bracket") for _ in expected]
        assert back == [*reversed(expected[:-1]), 0]


@pytest.mark.parametrize("language, said", [("en", "] [  to a trick's end, a round's end or"),
                                            ("zh", "] [  到一轮打完、一局打完或发牌")])
def test_the_replays_help_says_where_the_brackets_stop(language, said):
    assert said in Translator(language)("replay.help")
