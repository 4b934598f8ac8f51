"""The host moves and removes people in the waiting room over real sockets on loopback: the
person moved is told his new seat, so he sees, and is asked, as the seat he now holds."""

from __future__ import annotations

from bhtui.net.host import Table
from bhtui.rules import PRESETS

from loopback import connect, served, settle


async def test_a_person_moved_in_the_waiting_room_plays_the_seat_he_was_moved_to():
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, _ = await connect(port, "Pia")
    await settle(lambda: pia.seat is not None and pia.room is not None)
    first = pia.seat
    table.waiting.move(first, 4)
    await settle(lambda: pia.seat == 4)
    table.start()
    await settle(lambda: pia.view is not None and table.match is not None)
    await settle(lambda: pia.view["hand"] == table.match.view(4)["hand"])
    assert table.seats[4].name == "Pia" and table.seats[first].name != "Pia"
    server.close()


async def test_a_person_removed_in_the_waiting_room_is_told_he_now_watches():
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, _ = await connect(port, "Pia")
    await settle(lambda: pia.seat is not None and pia.room is not None)
    table.waiting.remove(pia.seat)
    await settle(lambda: pia.seat is None)
    assert "Pia" not in [s.name for s in table.seats]
    server.close()
