"""A joiner picks his own seat in the waiting room with 1-5 (1-3 or 1-4 in Dou Dizhu), in
his language; a seat someone holds is refused on the note, and a host of an older bhtui is
said to be the only one who moves people."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.games import get_game
from bhtui.net.host import Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.i18n import Translator
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession

from loopback import connect
from tui_helpers import handled_so_far, wait_for


async def mei_in_the_room(pilot, app: BhtuiApp) -> WaitingRoomScreen:
    """The room once Mei sits at seat 2, next to Bo at seat 1."""
    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                   and app.client.room is not None and app.client.seat == 1, "the room")
    room = app.screen
    assert isinstance(room, WaitingRoomScreen)
    await handled_so_far(pilot, room)
    return room


def shown(room: WaitingRoomScreen, part: str) -> str:
    return str(room.query_one(part).render())


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_joiner_s_number_key_sits_him_there_and_a_taken_seat_is_refused(language):
    t = Translator(language)
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    bo, _ = await connect(serving.port, "Bo")
    app = BhtuiApp(Config(name="Mei", language=language), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        room = await mei_in_the_room(pilot, app)
        assert shown(room, "#room-keys") == t("room.keys.player", n=5)
        assert t("room.keys.player", n=5) in room.help_texts()[0]
        await pilot.press("4")
        await wait_for(pilot, lambda: app.client.seat == 3 and "4 *" in shown(room, "#room-body"),
                       "Mei at seat 4")
        await wait_for(pilot, lambda: bo.room["seats"][3]["name"] == "Mei", "Bo's room")
        assert not table.seats[1].taken
        await pilot.press("1")  # Bo's
        await wait_for(pilot, lambda: room.query_one("#room-note").display, "the refusal")
        assert shown(room, "#room-note") == t("status.refused", reason=t("refused.sit.taken"))
        assert app.client.seat == 3 and table.seats[0].name == "Bo"
    await serving.stop()


async def test_a_dou_dizhu_room_s_keys_go_as_far_as_its_seats():
    t = Translator("en")
    table = Table(DDZ_PRESETS["classic"], game=get_game("doudizhu"), seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    await connect(serving.port, "Bo")
    app = BhtuiApp(Config(name="Mei", language="en"), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        room = await mei_in_the_room(pilot, app)
        assert shown(room, "#room-keys") == t("room.keys.player", n=3)
        await pilot.press("5", "3")  # no fifth seat: nothing is sent for it
        await wait_for(pilot, lambda: app.client.seat == 2, "Mei at seat 3")
        assert not room.query_one("#room-note").display
    await serving.stop()


async def test_a_joiner_at_an_older_host_is_told_only_the_host_moves_people(monkeypatch):
    monkeypatch.setattr("bhtui.net.door.PROTOCOL", (3, 2))
    t = Translator("en")
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    await connect(serving.port, "Bo")
    app = BhtuiApp(Config(name="Mei", language="en"), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        room = await mei_in_the_room(pilot, app)
        assert shown(room, "#room-keys") == t("room.keys.player.old")
        await pilot.press("4")
        await wait_for(pilot, lambda: room.query_one("#room-note").display, "the note")
        assert shown(room, "#room-note") == t("room.sit_old")
        assert app.client.seat == 1 and app.client.closed is None
    await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_watcher_s_number_key_says_watchers_take_no_seat(language):
    t = Translator(language)
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    await connect(serving.port, "Bo")
    app = BhtuiApp(Config(name="Mei", language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None, "the room")
        room = app.screen
        await pilot.press("3")
        await wait_for(pilot, lambda: room.query_one("#room-note").display, "the note")
        assert shown(room, "#room-note") == t("room.watcher_sits")
        assert not table.seats[2].taken and app.client.seat is None
    await serving.stop()


async def test_a_refusal_note_goes_once_the_host_changes_the_seating():
    """Seat 1 refused as Bo's; the host then moves Bo to seat 5: the note that seat 1 is
    taken is gone (it stayed, wrong, through later seat changes)."""
    t = Translator("en")
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    await connect(serving.port, "Bo")
    app = BhtuiApp(Config(name="Mei", language="en"), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        room = await mei_in_the_room(pilot, app)
        await pilot.press("1")
        await wait_for(pilot, lambda: room.query_one("#room-note").display, "the refusal")
        assert shown(room, "#room-note") == t("status.refused", reason=t("refused.sit.taken"))
        table.move(0, 4)
        await wait_for(pilot, lambda: app.client.room["seats"][4]["name"] == "Bo", "Bo moved")
        await handled_so_far(pilot, room)
        assert not room.query_one("#room-note").display
    await serving.stop()
