"""A round's end in a replay: the engine deals the next round within the action that ends
one, so the replay had a position after that action only, already the new deal; a round's
last set, its places and its result were never on screen but the match's last. That action
now has two positions, the round over and then the deal."""

from __future__ import annotations

import dataclasses

import pytest

from analysis_helpers import played_log
from bhtui.games.baohuang import PLACE_EN
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession
from bhtui.tui.table import TableScreen

from tui_helpers import config, wait_for


def status(app) -> str:
    return str(app.screen.query_one("#r-status").render())


def log_lines(app) -> list[str]:
    return [line.text.rstrip() for line in app.screen.query_one("#r-log").lines]


def box(screen: ReplayScreen, seat: int) -> str:
    place = screen.parts.positions(screen.replay.seats)[(seat - screen.seat) % screen.replay.seats]
    return str(screen.query_one(f"#{place}").render())


async def press(pilot, app, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.parametrize("game,preset", [("baohuang", "weihai"), ("doudizhu", "classic")])
async def test_a_rounds_last_play_has_a_step_of_its_own_then_the_next_deal(
        tmp_path, game, preset):
    """The tester's way there (seed 3, two rounds, 托管 to the end): End, PgUp, PgDn is the
    second round's deal, as before; ← is now that same action with the first round still
    on the table — its last set in its seat's box, the places, the round over in the log and
    on the score sheet — and only ← again the action before; → is the deal again, and [ ]
    stop at the round's end too."""
    path = played_log(tmp_path, preset, game, 3, rounds=2, tuoguan=True)
    replay = Replay.from_log(GameLog.load(path))
    k, n = replay.round_starts[1], len(replay)
    ending = replay.events[k]
    last = next(e for e in reversed(ending) if e["type"] == "play")
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        t, label = screen.t, screen.style.label
        first, second = (t(screen.parts.round_key, n=number) for number in (1, 2))
        cards = " ".join(label(c) for c in last.get("cards") or last["hand"].split())
        await press(pilot, app, "end", "pageup", "pagedown")
        assert f"Action {k}/{n} · {second}" in status(app)
        assert cards not in box(screen, last["seat"])  # (a new deal: nobody has played)

        await press(pilot, app, "left")
        assert f"Action {k}/{n} · {first}" in status(app)
        assert cards in box(screen, last["seat"])
        assert log_lines(app)[-1].startswith(f"{first} over")
        assert screen.query_one("#scores").border_title.endswith(" 1 of 2")
        if game == "baohuang":
            outs = [e for e in ending if e["type"] == "out"]
            assert outs and all(PLACE_EN[e["place"] - 1] in box(screen, e["seat"]) for e in outs)
        else:
            assert "0 cards" in box(screen, last["seat"])

        await press(pilot, app, "left")
        assert f"Action {k - 1}/{n} · {first}" in status(app)
        assert not any(line.startswith(f"{first} over") for line in log_lines(app))
        await press(pilot, app, "right_square_bracket")
        assert f"Action {k}/{n} · {first}" in status(app)
        await press(pilot, app, "right")
        assert f"Action {k}/{n} · {second}" in status(app)
        assert log_lines(app)[-1] != f"{first} over"
        await press(pilot, app, "left_square_bracket")
        assert f"Action {k}/{n} · {first}" in status(app)


async def test_deal_again_at_a_rounds_end_deals_that_round_and_at_the_deal_the_next(tmp_path):
    """d deals the round shown once more: at its end (its last set still on the table) the
    round just over, one step on the one just dealt."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, rounds=2, tuoguan=True)
    replay = Replay.from_log(GameLog.load(path))
    paced = dataclasses.replace(config(), bot_delay=1.0)  # (the round still on, looked at)
    app = BhtuiApp(paced, ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        for step, number in ((-1, 1), (0, 2)):
            await press(pilot, app, "home", "pagedown", *["left"] * -step, "d")
            await wait_for(pilot, lambda: any(isinstance(s, TableScreen)
                                              for s in app.screen_stack), "the table")
            assert app.host.match.view(None)["round"] == number
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "asked to leave")
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is screen, "the replay again")
