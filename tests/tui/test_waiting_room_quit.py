"""Quitting from the waiting room (Pilot, loopback, 80×24): the prompt speaks of the room,
not of saved moves of a game that does not exist yet — the host closes the table, a joiner
frees his seat (and it is free at once)."""

from __future__ import annotations

import pytest

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import HostSession, RemoteSession

from tui_helpers import wait_for

HOST = {"en": "Close the table? Nothing has been played", "zh": "关闭牌桌？牌局还没开始"}
JOINER = {"en": "Leave the table? Your seat is freed for someone else",
          "zh": "离开牌桌？你的座位会空出来给别人"}
GAME_WORDS = ("replay", "saved", "回看", "保存", "--resume")
REMOTE = {"player": {"en": "A bot plays till you rejoin. Saved on the host's machine, not this one",
                     "zh": "机器人代打你的座位，直到你再次加入；牌局保存在主机上"},
          "spectator": {"en": "The game goes on, saved on the host's machine",
                        "zh": "牌局继续，保存在主机上"}}


def prompt(app: BhtuiApp) -> str:
    return " ".join(str(p.render()) for p in app.screen.query("Plain"))


def hosting(language: str = "en") -> BhtuiApp:
    """The host's app of a new qingdao table on loopback, in its waiting room."""
    table = Table(PRESETS["qingdao"], seed=1)
    return BhtuiApp(Config(name="Ana", language=language),
                    HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))


async def in_the_room(pilot, app: BhtuiApp) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                   and app.client.room is not None)


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_host_quitting_the_waiting_room_is_asked_to_close_the_table(language):
    app = hosting(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_room(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
        said = prompt(app)
        assert HOST[language] in said and not any(w in said for w in GAME_WORDS)
        await pilot.press("n")


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_joiner_quitting_the_waiting_room_is_told_his_seat_is_freed_and_it_is(language):
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(Config(name="Bo", language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None and table.seats_taken() == 1)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
        said = prompt(app)
        assert JOINER[language] in said and not any(w in said for w in GAME_WORDS)
        await pilot.press("y")
        await wait_for(pilot, lambda: table.seats_taken() == 0)
    await serving.stop()


@pytest.mark.parametrize("role", ["player", "spectator"])
@pytest.mark.parametrize("language", ["en", "zh"])
async def test_quitting_a_joined_game_promises_no_replay_here_it_is_saved_on_the_host(role,
                                                                                     language):
    """A joiner's or watcher's terminal keeps no game file (the host's does), so its quit
    prompt says where the game is saved instead of sending him to a ``bhtui replay`` that
    would find nothing."""
    bots = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    seats = bots if role == "spectator" else [Seat(), *bots[1:]]  # a watcher's table: all bots
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=30.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    app = BhtuiApp(Config(name="Bo", language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}", role=role))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client.view is not None)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
        said = prompt(app)
        assert REMOTE[role][language] in said and not any(w in said for w in ("replay", "回看"))
        await pilot.press("n")
    await serving.stop()


async def test_help_in_the_waiting_room_names_the_room_s_own_keys_first():
    """F1 in the host's waiting room showed only the table's card keys (3-9, Enter play,
    p pass); the room's own (b bots, 1-5 a seat, x, l, m, o, r) were on its bottom line
    alone. Help now names the room's keys first, then the game's."""
    from bhtui.tui.dialogs import HelpScreen

    app = hosting()
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_room(pilot, app)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        texts = app.screen.texts
        assert texts[0].startswith("In the waiting room: r ready · b fill empty seats")
        assert "1-5 pick a seat" in texts[0] and "Enter start" in texts[0]
        assert any("p pass" in text for text in texts[1:])  # the table's, for what follows


async def test_the_room_s_quit_question_open_as_the_match_begins_is_asked_of_the_match():
    """A joiner's ctrl+q was open over the room as the host started: the table opened over
    it, the question ("your seat is freed") left under the table unseen, where it no longer
    held. It is asked again over the table, as leaving the match now reads."""
    table = Table(PRESETS["qingdao"], [Seat()] + [
        Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(1, 5)],
        seed=6, bot_delay=600.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(Config(name="Ana", language="en"),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_room(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
        assert JOINER["en"] in prompt(app)
        table.start()
        await wait_for(pilot, lambda: app.client.view is not None, "the match")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen), app.screen_stack
        assert REMOTE["player"]["en"] in prompt(app)
        assert not any(isinstance(s, WaitingRoomScreen) for s in app.screen_stack)
        await pilot.press("n")
    await serving.stop()
