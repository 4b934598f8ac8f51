"""The waiting room names the turn timer the host set (``--timer``), for everyone in it, as
the host sends it over loopback; a hostile host's timer is refused, never shown."""

from __future__ import annotations

import pytest

from bhtui.net.host import Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession

from loopback import WELCOME, stay_at_hostile_host
from tui_helpers import wait_for


async def room_lines(app: BhtuiApp, role: str) -> list[str]:
    """The waiting room's lines as the app's joiner (or watcher) reads them."""
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None, f"the {role}'s waiting room")
        await pilot.pause()
        return [line.strip() for line in str(app.screen.query_one("#room-body").render())
                .splitlines()]


@pytest.mark.parametrize(("timer", "words"), [
    (8.0, {"en": "Turn timer 8 s · card counter (记牌器) off", "zh": "限时：每步 8 秒 · 记牌器：关"}),
    (None, {"en": "No turn timer · card counter (记牌器) off", "zh": "不限时 · 记牌器：关"})])
async def test_the_waiting_room_names_the_turn_timer_to_joiners_and_watchers(timer, words):
    """Players learnt of the timer only when "5 s left" first showed at the table: the
    room's rules line had the card counter but not the timer. Both go on a line of their
    own: at the end of the rules line, 80 columns broke them mid-clause."""
    table = Table(PRESETS["qingdao"], seed=1, timer=timer, name="Friday")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    address = f"127.0.0.1:{serving.port}"
    try:
        for role, language in (("player", "zh"), ("spectator", "en")):
            app = BhtuiApp(Config(name="Bo", language=language), RemoteSession(address, role))
            lines = await room_lines(app, role)
            assert words[language] in lines, lines  # a line of its own: read whole
    finally:
        await serving.stop()


ROOM = {"table": "T", "preset": "qingdao", "options": {}, "spectators": 0, "counter": False,
        "seats": [{"name": "N", "kind": "human", "ready": False, "taken": True}]}


@pytest.mark.parametrize("timer", ["8", True, -1.0, float("nan"), float("inf"), [8]])
async def test_a_hostile_host_s_room_timer_ends_the_stay_unread(timer):
    """Every value from the wire is hostile: a timer that is not a finite count of seconds
    ends the stay as a broken protocol, as the room's other fields do (a real host's 8.0
    and None pass: above)."""
    client, _, links = await stay_at_hostile_host(
        WELCOME, {"type": "room", "room": {**ROOM, "timer": timer}})
    why = "a 'room' message without a valid 'room'"
    assert client.refused == {"type": "error", "code": "malformed", "reason": why}
    assert client.room is None and links == [1]
