"""Quitting from the waiting room (Pilot, loopback, 80×24): the prompt speaks of the room,
not of saved moves of a game that does not exist yet — the host closes the table, a joiner
frees his seat (and it is free at once)."""

from __future__ import annotations

import pytest

from bhtui.net.host import Table
from bhtui.net.serve import start_serving
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


def prompt(app: BhtuiApp) -> str:
    return " ".join(str(p.render()) for p in app.screen.query("Plain"))


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_host_quitting_the_waiting_room_is_asked_to_close_the_table(language):
    table = Table(PRESETS["qingdao"], seed=1)
    app = BhtuiApp(Config(name="Ana", language=language),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
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
