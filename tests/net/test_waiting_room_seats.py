"""The host moves and removes people in the waiting room over real sockets on loopback: the
person moved is told his new seat, so he sees, and is asked, as the seat he now holds."""

from __future__ import annotations

from bhtui.net.host import Table
from bhtui.net.protocol import encode
from bhtui.rules import PRESETS

from loopback import connect, frames, served, settle


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


async def test_the_waiting_room_refuses_a_guest_s_admin_and_an_unknown_operation():
    """``admin`` is the host's: a guest is told so, an operation nobody knows is named back,
    a preset that is not text is refused — each as ``admin``, and the room is unchanged."""
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, rec = await connect(port, "Pia")
    await settle(lambda: pia.seat is not None and pia.room is not None)
    pia.admin("fill_bots")
    await settle(lambda: "only the host runs the waiting room" in admin_errors(rec))
    table.viewers[next(iter(table.viewers))].admin = True  # Pia runs the room from now on
    pia.admin("shuffle")
    await settle(lambda: "unknown operation 'shuffle'" in admin_errors(rec))
    pia.admin("options", preset=7, options={})
    await settle(lambda: "'preset' is a preset's name" in admin_errors(rec))
    assert table.seats_taken() == 1 and table.rules.name == "qingdao" and table.match is None
    server.close()


async def test_a_message_of_no_known_type_is_a_protocol_error_and_ends_the_link():
    """The commands name one method per type; any other type is refused as ``protocol``
    and the sender's seat is free again, the table unchanged."""
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, rec = await connect(port, "Pia")
    await settle(lambda: pia.seat is not None and pia.room is not None)
    rec.write(encode({"type": "shout", "text": "hello"}))
    await settle(lambda: any(m.get("code") == "protocol" and "'shout'" in m.get("reason", "")
                             for m in frames(rec.received)))
    await settle(lambda: not table.viewers and table.seats_taken() == 0)
    server.close()


def admin_errors(rec) -> list[str]:
    return [m["reason"] for m in frames(rec.received)
            if m.get("type") == "error" and m.get("code") == "admin"]


async def test_two_people_of_one_name_are_told_apart_and_a_seat_taken_back_keeps_its_own():
    """Two friends who left bhtui's default name were both "Player" in the room and in
    every log line; the second is "Player 2", and his client knows it is his. Watchers with
    that default name were numbered on after the seats ("Player 3", read as a third player):
    they are "Watcher", "Watcher 2", "观众". A person taking his seat back by its token (from
    another window) keeps the name he had."""
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    first, _ = await connect(port, "Player")
    second, _ = await connect(port, "Player")
    watchers = [(await connect(port, name, "spectator"))[0]
                for name in ("Player", "Player", "玩家")]
    await settle(lambda: first.seat is not None and second.seat is not None
                 and all(w.room is not None for w in watchers)
                 and len(watchers[-1].room.get("watchers") or []) == 3)
    seated = sorted(table.seats[c.seat].name for c in (first, second))
    assert seated == ["Player", "Player 2"]
    numbered = first if table.seats[first.seat].name == "Player 2" else second
    await settle(lambda: numbered.renamed is not None)
    assert numbered.renamed == "Player 2"
    assert (second if numbered is first else first).renamed is None  # his own name
    assert sorted(watchers[-1].room["watchers"]) == ["Watcher", "Watcher 2", "观众"]
    seat, token = first.seat, table.seats[first.seat].token
    again, _ = await connect(port, "Player", token=token)  # his other window takes it over
    await settle(lambda: again.seat == seat)
    assert table.seats[seat].name == "Player"
    server.close()
