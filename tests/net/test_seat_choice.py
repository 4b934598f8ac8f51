"""A person chooses his own seat in the waiting room (``sit``, protocol 3.3) over real
sockets on loopback: everyone's room shows the new seating, a refusal changes nothing and
keeps the link, his seat token follows him, and a client of 3.2 still joins."""

from __future__ import annotations

import asyncio

from bhtui.net.host import Table
from bhtui.net.protocol import FrameDecoder, encode
from bhtui.rules import PRESETS

from loopback import connect, cut, frames, served, settle, streams
from net_helpers import HANG


def names(client) -> list[str]:
    """The seats' names as a client's room shows them ("" for an empty one)."""
    return [s["name"] if s["taken"] else "" for s in client.room["seats"]]


def sit_refusals(rec) -> list[str]:
    """The cases (``why``) of the ``sit`` refusals a connection received."""
    return [m.get("why") for m in frames(rec.received)
            if m.get("type") == "error" and m.get("code") == "sit"]


async def seated_pair():
    """A qingdao table with Pia and Bo seated, each client's room showing both."""
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, pia_rec = await connect(port, "Pia")
    bo, bo_rec = await connect(port, "Bo")
    await settle(lambda: all(c.room is not None and "Bo" in names(c) and "Pia" in names(c)
                             for c in (pia, bo)))
    return table, server, port, (pia, pia_rec), (bo, bo_rec)


async def test_a_person_sits_at_a_free_seat_and_everyone_s_room_shows_it():
    table, server, port, (pia, _), (bo, _) = await seated_pair()
    watcher, _ = await connect(port, "Wu", "spectator")
    await settle(lambda: watcher.room is not None and "Pia" in names(watcher))
    assert pia.seat == 0 and bo.seat == 1
    assert pia.sit(3)
    await settle(lambda: pia.seat == 3)
    for client in (pia, bo, watcher):
        await settle(lambda c=client: names(c) == ["", "Bo", "", "Pia", ""])
    assert table.seats[3].name == "Pia" and not table.seats[0].taken
    server.close()


async def test_a_person_takes_a_bot_s_seat_and_the_bot_takes_his():
    table, server, port, (pia, _), (bo, _) = await seated_pair()
    table.fill_bots()
    await settle(lambda: names(bo)[4] == "Chen")
    bo.sit(4)
    await settle(lambda: bo.seat == 4 and names(pia)[4] == "Bo")
    assert names(pia)[1] == "Chen" and table.seats[1].bot is not None
    server.close()


async def test_a_sit_refused_changes_nothing_and_the_link_stays():
    """A taken seat, no such seat, a seat that is not a number, a watcher, a match begun:
    each is refused to the sender alone with its case, and nobody moves."""
    table, server, port, (pia, pia_rec), (bo, bo_rec) = await seated_pair()
    watcher, watcher_rec = await connect(port, "Wu", "spectator")
    await settle(lambda: watcher.room is not None)
    for seat in (1, 5, -1, "2", True, None):  # (what a hostile client may send)
        pia_rec.write(encode({"type": "sit", "seat": seat}))
    pia.ready()  # after them: its room says the host read them all
    watcher_rec.write(encode({"type": "sit", "seat": 2}))
    watcher.chat("hi")
    await settle(lambda: pia.closed is not None or pia.room["seats"][0]["ready"])
    await settle(lambda: watcher.closed is not None or any(
        m.get("type") == "chat" for m in frames(watcher_rec.received)))
    assert sit_refusals(pia_rec) == ["taken", "range", "range", "seat", "seat", "seat"]
    assert sit_refusals(watcher_rec) == ["watcher"]
    assert sit_refusals(bo_rec) == []
    table.start()
    await settle(lambda: pia.view is not None)
    pia.sit(4)
    await settle(lambda: len(sit_refusals(pia_rec)) == 7)
    assert sit_refusals(pia_rec)[-1] == "started"
    assert (pia.seat, bo.seat, watcher.seat) == (0, 1, None)
    assert [table.seats[i].name for i in (0, 1)] == ["Pia", "Bo"]
    assert len(table.viewers) == 3 and pia.closed is None and watcher.closed is None
    pia.chat("still here")  # the link works on
    await settle(lambda: any(m.get("type") == "chat" and m["text"] == "still here"
                             for m in frames(bo_rec.received)))
    server.close()


async def test_two_people_asking_for_one_seat_at_once_one_gets_it_the_other_is_told():
    table, server, port, (pia, pia_rec), (bo, bo_rec) = await seated_pair()
    pia.sit(2)
    bo.sit(2)
    await settle(lambda: 2 in (pia.seat, bo.seat) and (sit_refusals(pia_rec)
                                                       or sit_refusals(bo_rec)))
    loser, rec = (bo, bo_rec) if pia.seat == 2 else (pia, pia_rec)
    assert sit_refusals(rec) == ["taken"] and loser.seat in (0, 1)
    assert sorted(s.name for s in table.seats if s.taken) == ["Bo", "Pia"]
    server.close()


async def test_the_seat_token_follows_a_person_to_the_seat_he_chose():
    """He chose seat 4, the match began, his link dropped: his token takes him back to
    seat 4, not to the seat he first had."""
    table, server, port, (pia, pia_rec), _ = await seated_pair()
    first_token = pia.token
    pia.sit(4)
    await settle(lambda: pia.seat == 4)
    assert pia.token == first_token == table.seats[4].token
    table.start()
    await settle(lambda: pia.view is not None)
    cut(pia_rec)
    await settle(lambda: table.seats[4].conn is None)
    again, _ = await connect(port, "Pia", token=pia.token)
    await settle(lambda: again.seat is not None and again.view is not None)
    assert again.seat == 4 and table.seats[4].name == "Pia"
    server.close()


async def test_a_client_of_protocol_3_2_still_joins_a_3_3_host():
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    reader, writer = await streams(port)
    decoder = FrameDecoder()
    got = decoder.feed(await reader.read(65536))
    assert got[0]["type"] == "hello" and got[0]["proto"] == [3, 3]
    writer.write(encode({"type": "hello", "proto": [3, 2], "app": "old", "role": "player",
                         "name": "Old"}))
    while not any(m["type"] == "room" for m in got):
        got += decoder.feed(await asyncio.wait_for(reader.read(65536), HANG))
    assert [m["seat"] for m in got if m["type"] == "welcome"] == [0]
    assert table.seats[0].name == "Old"
    writer.close()
    server.close()


async def test_a_client_never_sends_sit_to_a_host_of_3_2(monkeypatch):
    """A 3.2 host closes the link on a message it does not know: the client keeps it."""
    monkeypatch.setattr("bhtui.net.door.PROTOCOL", (3, 2))
    table = Table(PRESETS["qingdao"], seed=7, bot_delay=0.0)
    server, port = await served(table)
    pia, _ = await connect(port, "Pia")
    await settle(lambda: pia.room is not None)
    received = []
    monkeypatch.setattr(table.waiting, "sit", lambda viewer, message: received.append(message))
    assert not pia.chooses_seat and pia.sit(3) is False
    pia.ready()  # a message after it, to know the host read everything sent
    await settle(lambda: table.seats[0].ready)
    assert received == [] and pia.seat == 0
    server.close()
