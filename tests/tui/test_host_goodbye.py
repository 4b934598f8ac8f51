"""The host's goodbye on a joiner's screen (Pilot, loopback, 80×24): the table closed on
purpose is said plainly, with how a resumed table is joined again, and nothing reconnects."""

from __future__ import annotations

import pytest
from textual.worker import WorkerState

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.room import ClosedScreen, WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import Plain

from tui_helpers import wait_for

SAID = {
    "en": ("The host closed the table.", "your seat is kept", "bhtui host --resume",
           "Press Enter or q to leave."),
    "zh": ("主机已关闭牌桌。", "座位为你保留", "bhtui host --resume", "按回车或 q 退出。"),
}


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_joiner_whose_host_quits_is_told_the_table_closed_and_how_to_rejoin(language):
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(Config(name="Ana", language=language), RemoteSession(address))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        session = next(w for w in app.workers if w.name == "session")  # stay_connected
        await serving.stop()  # ctrl+q → y in `bhtui host`, or SIGTERM of a headless one
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        for words in (*SAID[language], f"bhtui join {address}"):
            assert words in said
        assert "reconnect" not in said and "重连" not in said
        await wait_for(pilot, lambda: session.state == WorkerState.SUCCESS)  # stayed away
        await pilot.press("p")  # a key meant for the game as the goodbye came: still shown
        assert isinstance(app.screen, ClosedScreen) and app.is_running
        await pilot.press("enter")
        await wait_for(pilot, lambda: not app.is_running)


async def test_a_joiner_in_the_waiting_room_whose_host_quits_is_told_so_and_stays_told():
    """Before the match there is nothing to resume: the screen says the game had not begun,
    and the lost link that follows the goodbye does not open the waiting room over it."""
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(Config(name="Bo"), RemoteSession(address))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
        seen: list[str] = []
        app.client.listen(lambda message: seen.append(message["type"]))
        await serving.stop()
        await wait_for(pilot, lambda: seen == ["bye", "closed"] and app.screen.query(Plain))
        assert isinstance(app.screen, ClosedScreen)
        said = str(app.screen.query_one(Plain).render())
        assert "The host closed the table." in said and "had not begun" in said
        assert f"bhtui join {address}" in said and "--resume" not in said
