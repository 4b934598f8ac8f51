"""A watcher's chat at a LAN table is marked as his: the host's chat line names no seat for a
spectator, and his words looked like a player's."""

from __future__ import annotations

from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket, open_link
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ChatPrompt
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import HostSession, RemoteSession
from bhtui.tui.table import TableScreen

from net_helpers import in_background, people_and_bots
from tui_helpers import my_play_turn, table, wait_for


async def test_a_watcher_s_chat_says_he_watches_in_the_room_and_at_the_table():
    friday = Table(PRESETS["qingdao"], seed=3, rounds=3, bot_delay=0.0, name="Friday")
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0),
                   HostSession(friday, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.session.serving is not None, "the waiting room")
        room = app.screen
        watcher = Client(await open_link("127.0.0.1", app.session.serving.port), "Mei",
                         role="spectator")
        in_background(watcher.run())
        await wait_for(pilot, lambda: watcher.room is not None, "Mei in")
        watcher.chat("开始吧")
        app.client.chat("等一下")
        await wait_for(pilot, lambda: len(room.chat) == 2, "both lines in the room")
        assert sorted(room.chat) == ["Ana：等一下", "Mei（观战）：开始吧"]
        await pilot.press("b")
        await wait_for(pilot, lambda: friday.seats_taken() == 5, "the bots")
        await pilot.press("enter")
        await my_play_turn(pilot, app)
        watcher.chat("加油")
        await wait_for(pilot, lambda: "Mei（观战）：加油" in table(app).log_lines, "the chat")


async def test_R_HIDE_3_an_open_table_s_watcher_is_told_only_watchers_read_him():
    """At an open table a watcher sees every hand, so once the match runs his chat reaches
    the other watchers alone: his chat box says so (it read as if the players heard him)."""
    open_table = people_and_bots(set(), seed=3, rounds=1, bot_delay=600.0,
                                 open_spectating=True)
    serving = await start_serving(open_table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(Config(name="Mei", language="en"),
                   RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.view is not None, "the table, watched")
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt), "the chat box")
        title = str(app.screen.query_one(".title").render())
        assert title == "Say something to the other watchers: you see every hand"
        await pilot.press("escape")
    await serving.stop()
