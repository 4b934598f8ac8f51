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


async def test_a_person_whose_link_dropped_in_the_room_comes_back_to_the_seat_he_chose():
    """Al chose seat 3 (of a table with two bots), his client was killed: run again with
    its token he sits at seat 3 again under it, even after the host filled it with a bot,
    and a newcomer meanwhile took the other empty seat, not his."""
    table, server, port, (pia, _), (bo, bo_rec) = await seated_pair()
    bo.sit(2)
    await settle(lambda: bo.seat == 2)
    token = bo.token
    cut(bo_rec)
    await settle(lambda: names(pia)[2] == "")
    cy, _ = await connect(port, "Cy")
    await settle(lambda: cy.seat is not None)
    assert cy.seat == 1
    again, _ = await connect(port, "Bo", token=token)
    await settle(lambda: again.seat is not None)
    assert again.seat == 2 and again.token == token
    await settle(lambda: names(pia) == ["Pia", "Cy", "Bo", "", ""])
    cut(again.link)
    await settle(lambda: names(pia)[2] == "")
    table.fill_bots()
    await settle(lambda: names(pia)[2] == "Zhang")
    back, _ = await connect(port, "Bo", token=token)
    await settle(lambda: back.seat is not None)
    assert back.seat == 2
    await settle(lambda: names(pia) == ["Pia", "Cy", "Bo", "Liu", "Chen"])
    server.close()


async def test_a_dropped_seat_is_not_kept_once_another_took_it_or_the_match_began():
    """Bo dropped from seat 2; newcomers fill the others first, then Fay takes it: Bo's
    claim is gone (Fay's, once she drops, holds it instead), and the match's start forgets
    Fay's too."""
    table, server, port, (pia, _), (bo, bo_rec) = await seated_pair()
    token = bo.token
    cut(bo_rec)
    await settle(lambda: names(pia)[1] == "")
    for name in ("Cy", "Dee", "Eve"):
        await connect(port, name)
        await settle(lambda name=name: name in names(pia))
    assert names(pia) == ["Pia", "", "Cy", "Dee", "Eve"]  # the seat he dropped from last
    fay, fay_rec = await connect(port, "Fay")
    await settle(lambda: fay.seat == 1)
    fay_token = fay.token
    cut(fay_rec)
    table.remove(2)  # Cy now watches: seats 2 and 3 are empty, 2 held for Fay
    await settle(lambda: names(pia) == ["Pia", "", "", "Dee", "Eve"])
    again, _ = await connect(port, "Bo", token=token)
    await settle(lambda: again.seat is not None)
    assert again.seat == 2
    table.start()
    await settle(lambda: pia.view is not None)
    late, late_rec = await connect(port, "Fay", token=fay_token)
    await settle(lambda: late.closed is not None)
    assert any(m.get("why") == "seats" for m in frames(late_rec.received))
    server.close()


async def test_a_newcomer_takes_the_last_bot_s_seat_before_the_match_not_after():
    """Every seat a person's or a bot's: before the match a newcomer sits at the last bot's
    seat (the bot leaves); once it started he is told he can watch, as before."""
    table, server, port, (pia, _), (bo, _) = await seated_pair()
    table.fill_bots()
    await settle(lambda: names(pia) == ["Pia", "Bo", "Zhang", "Liu", "Chen"])
    cy, cy_rec = await connect(port, "Cy")
    await settle(lambda: cy.seat is not None or cy.closed is not None)
    assert cy.seat == 4
    await settle(lambda: names(pia) == ["Pia", "Bo", "Zhang", "Liu", "Cy"])
    assert table.seats[4].bot is None and not table.seats[4].ready
    table.start()
    await settle(lambda: pia.view is not None)
    dee, dee_rec = await connect(port, "Dee")
    await settle(lambda: dee.closed is not None)
    assert any(m.get("why") == "seats" for m in frames(dee_rec.received))
    server.close()
