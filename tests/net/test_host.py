"""The host core over the in-memory transport: numbering, stale and duplicate commands,
托管, the turn timer, bad frames, and what the encoded frames of each viewer reveal."""

from __future__ import annotations

import copy
import random

import msgpack
import pytest

from bhtui.bots import make_bot
from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.protocol import PROTOCOL, encode

from helpers import reshuffled
from net_helpers import Tap, all_bots_but, connect, in_background, people_and_bots, settle


def split_frames(data: bytes) -> list[bytes]:
    """Raw frames (header included) of a byte stream."""
    out, at = [], 0
    while at < len(data):
        end = at + 4 + int.from_bytes(data[at:at + 4], "big")
        out.append(data[at:end])
        at = end
    return out


def watch_as_seats(table: Table) -> list[Tap]:
    """Taps that receive exactly what each seat's connection would, without a client."""
    from bhtui.net.host import Viewer

    taps = []
    for s in range(5):
        tap = Tap(table)
        table.pending.pop(tap)
        table.viewers[tap] = Viewer(tap, s, f"B{s}")
        taps.append(tap)
    return taps


async def test_every_viewer_gets_every_sequence_number_through_a_round():
    table = all_bots_but(set())
    viewers = [connect(table, f"W{i}", "spectator") for i in range(3)]
    await settle(lambda: table.match.over)
    await settle(lambda: all(c.seq == table.seq for c, _, _ in viewers))
    for client, _, _ in viewers:
        numbers = [seq for seq, _ in client.events]
        assert numbers == list(range(1, table.seq + 1)) and client.gaps == 0


async def test_a_stale_or_duplicate_command_is_refused_and_changes_nothing():
    table = all_bots_but({0, 1, 2, 3, 4})
    clients = [connect(table, f"P{s}", seat=s) for s in range(5)]
    await settle(lambda: all(c.view for c, _, _ in clients))
    seat = table.match.to_act
    client, link, _ = clients[seat]
    before = (table.seq, len(table.match.actions))
    link.write(encode({"type": "action", "cid": 5, "seq": table.seq - 1, "action": {"type": "accept"}}))
    await settle(lambda: any(m.get("code") == "stale" for m in link.messages()))
    assert (table.seq, len(table.match.actions)) == before
    link.write(encode({"type": "action", "cid": 5, "seq": table.seq, "action": {"type": "accept"}}))
    await settle(lambda: any(m.get("code") == "duplicate" for m in link.messages()))
    assert (table.seq, len(table.match.actions)) == before
    link.write(encode({"type": "action", "cid": 6, "seq": table.seq, "action": {"type": "fly"}}))
    await settle(lambda: any(m.get("code") == "illegal" for m in link.messages()))
    assert (table.seq, len(table.match.actions)) == before


async def test_a_rejoining_client_continues_its_command_ids():
    table = all_bots_but({0})
    first, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: first.view is not None and first.my_turn or table.match.over)
    first.act({"type": "nonsense"})
    first.act({"type": "nonsense"})
    await settle(lambda: table.seats[0].last_cid == 2)
    link.disconnect()
    again = Client(Tap(table), "Me", token=first.token)
    in_background(again.run())
    await settle(lambda: again.view is not None)
    assert again.act({"type": "nonsense"}) == 3


async def test_R_AUTO_1_tuoguan_plays_a_seat_to_the_end_of_the_round():
    table = all_bots_but({0})
    client, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    client.set_auto(True)
    await settle(lambda: table.match.over)
    assert table.seats[0].auto and any(s == 0 for s, _ in table.match.actions)
    assert client.table[0]["auto"] is True


async def test_R_AUTO_1_a_turn_timer_running_out_switches_the_seat_to_tuoguan():
    table = all_bots_but({0, 1, 2, 3, 4}, timer=0.01)
    clients = [connect(table, f"P{s}", seat=s) for s in range(5)]
    await settle(lambda: all(c.view for c, _, _ in clients))
    waiting = table.match.to_act
    await settle(lambda: table.seats[waiting].auto)
    await settle(lambda: table.match.to_act != waiting or table.match.over)


async def test_a_dropped_link_is_played_by_the_bot_and_its_token_takes_the_seat_back():
    table = all_bots_but({0})
    client, link, task = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    token = client.token
    link.disconnect()
    await settle(lambda: table.match.over)
    again = Client(Tap(table), "Me again", token=token)
    in_background(again.run())
    await settle(lambda: again.view is not None)
    assert again.seat == 0 and table.seats[0].name == "Me again"


@pytest.mark.parametrize("garbage", [
    b"\x00\x00\x00\x00", b"\xff\xff\xff\xff", b"\x00\x00\x00\x02\xc1\xc1",
    encode({"no": "type"}), encode({"type": "action", "cid": "x", "seq": 0, "action": {}}),
    encode({"type": "whatever"}),
])
async def test_a_malformed_frame_closes_that_connection_and_the_table_goes_on(garbage):
    table = all_bots_but({0, 1})
    good, _, _ = connect(table, "Good", seat=0)
    bad, bad_link, _ = connect(table, "Bad", seat=1)
    await settle(lambda: good.view is not None and bad.view is not None)
    bad_link.write(garbage)
    await settle(lambda: bad_link.closed_reason is not None)
    good.set_auto(True)
    await settle(lambda: table.match.over)  # seat 1 is now bot-played, the round finishes


async def test_a_major_protocol_mismatch_is_refused_naming_both_versions():
    table = all_bots_but({0})
    link = Tap(table)
    link.write(encode({"type": "hello", "proto": [9, 0], "role": "player", "name": "X"}))
    await settle(lambda: link.closed_reason is not None)
    assert "9.0" in link.closed_reason and "{}.{}".format(*PROTOCOL) in link.closed_reason


@pytest.mark.parametrize("preset", ["qingdao", "baike", "lianzhong-simple"])
async def test_R_HIDE_2_frames_of_seats_and_spectators_leak_nothing(preset):
    table = all_bots_but(set(), seed=11, rounds=2, preset=preset)
    seats = watch_as_seats(table)
    spectator, spec_link, _ = connect(table, "Watcher", "spectator")
    table.scheduler.arm()
    await settle(lambda: table.match.over)
    hidden = []
    for seat, link in enumerate(seats):
        for frame in split_frames(b"".join(link.frames)):
            m = msgpack.unpackb(frame[4:], raw=False)
            assert "hands" not in m.get("view", {})
            event = m.get("event")
            if event == {"type": "hidden"}:
                hidden.append(frame)
            elif event is not None:
                assert event.get("private") in (None, seat)
    assert hidden and len({len(f) for f in hidden}) <= 2  # placeholders look alike (seq width aside)
    for m in spec_link.messages():
        assert "hand" not in m.get("view", {}) and "hands" not in m.get("view", {})
        assert m.get("event", {}).get("type") != "role"


async def test_R_HIDE_2_a_view_frame_is_byte_identical_under_reshuffled_hidden_cards():
    rng = random.Random(5)
    for seed in range(6):
        table = all_bots_but(set(), seed=seed)
        links = watch_as_seats(table)
        for _ in range(rng.randrange(5, 120)):  # stop somewhere in the round
            if table.match.over:
                break
            seat = table.match.to_act
            table.apply(seat, make_bot("heuristic").decide(table.match.legal_actions(seat)))
        for viewer in range(5):
            twin_match = reshuffled(table.match, viewer, rng)
            if viewer in (table.match.round.guard, twin_match.round.guard):
                continue
            if viewer == table.match.round.emperor and twin_match.round.solo != table.match.round.solo:
                continue
            twin = copy.copy(table)
            twin.match = twin_match
            for t, link in ((table, links[viewer]), (twin, links[viewer])):
                t.send_view(t.viewers[link])
            assert links[viewer].frames[-1] == links[viewer].frames[-2]


async def test_R_HIDE_3_open_spectating_shows_every_hand_to_spectators_and_never_to_seats():
    table = all_bots_but({0}, open_spectating=True)
    me, my_link, _ = connect(table, "Me", seat=0)
    watcher, watch_link, _ = connect(table, "W", "spectator")
    await settle(lambda: me.my_turn and watcher.seq == table.seq == me.seq)  # the table waits
    assert len(watcher.view["hands"]) == 5 and watcher.view["guard"] == table.match.round.guard
    assert "hands" not in me.view and all("hands" not in m.get("view", {}) for m in my_link.messages())


async def test_R_HIDE_3_a_watcher_of_an_open_table_chats_to_watchers_alone():
    """A watcher who sees every hand could type them to the players (a QA pass: "Liu has 7
    twos" reached the seats). At an open table his chat reaches the other watchers alone
    once the match has begun (in the waiting room, with nothing dealt, everyone); a
    player's reaches everyone."""
    table = people_and_bots({0}, start=False, seed=3, rounds=1, bot_delay=0.0,
                            open_spectating=True)
    me, my_link, _ = connect(table, "Me", seat=0)
    peeker, _, _ = connect(table, "Peeker", "spectator")
    other, other_link, _ = connect(table, "Other", "spectator")
    await settle(lambda: all(c.room is not None for c in (me, peeker, other)))
    peeker.chat("ready when you are")
    await settle(lambda: any(m["type"] == "chat" for m in my_link.messages()))
    assert [m["text"] for m in my_link.messages() if m["type"] == "chat"] == [
        "ready when you are"]
    table.start()
    await settle(lambda: all(c.view is not None for c in (me, peeker, other)))
    peeker.chat("Liu has 7 twos")
    await settle(lambda: len([m for m in other_link.messages() if m["type"] == "chat"]) == 2)
    me.chat("hello")
    await settle(lambda: len([m for m in other_link.messages() if m["type"] == "chat"]) == 3)
    assert [m["text"] for m in my_link.messages() if m["type"] == "chat"] == [
        "ready when you are", "hello"]
    assert [(m["name"], m["text"]) for m in other_link.messages() if m["type"] == "chat"] == [
        ("Peeker", "ready when you are"), ("Peeker", "Liu has 7 twos"), ("Me", "hello")]


async def test_chat_reaches_everyone_and_is_rate_limited():
    table = all_bots_but({0, 1})
    a, a_link, _ = connect(table, "A", seat=0)
    b, b_link, _ = connect(table, "B", seat=1)
    await settle(lambda: a.view is not None and b.view is not None)
    for _ in range(5):
        a.chat("求助")
    await settle(lambda: any(m.get("code") == "chat" for m in a_link.messages()))
    said = [m for m in b_link.messages() if m["type"] == "chat"]
    assert [m["text"] for m in said] == ["求助"] * 3 and said[0]["name"] == "A"
    a.chat("x" * 5000)  # capped, not refused


async def test_after_a_round_bots_wait_for_people_but_not_forever_for_one_who_walked_away(monkeypatch):
    import bhtui.net.scheduler as scheduler

    monkeypatch.setattr(scheduler, "READY_WAIT", 0.05)
    table = all_bots_but({0, 1}, rounds=2)
    quick, _, _ = connect(table, "Quick", seat=0)
    away, _, _ = connect(table, "Away", seat=1)
    await settle(lambda: quick.view is not None and away.view is not None)
    quick.set_auto(True)
    away.set_auto(True)
    await settle(lambda: len(table.match.records) == 1)
    for s in table.seats[:2]:
        s.ready = False
    table.set_auto(0, False)  # both are back at the screen
    table.set_auto(1, False)
    quick.ready()  # "Away" never presses Enter
    actions = len(table.match.actions)
    await settle(lambda: all(s.ready for s in table.seats))
    quick.set_auto(True)
    away.set_auto(True)
    await settle(lambda: table.match.over)
    assert len(table.match.actions) > actions


async def test_R_EMP_B5_a_grab_is_taken_out_of_turn_even_after_the_table_moved_on():
    table = all_bots_but({0, 1, 2, 3, 4}, preset="baike")
    clients = [connect(table, f"P{s}", seat=s) for s in range(5)]
    await settle(lambda: all(c.view for c, _, _ in clients))
    holder = table.match.to_act
    grabber = (holder + 2) % 5
    client, link, _ = clients[grabber]
    link.write(encode({"type": "action", "cid": 1, "seq": table.seq - 1,
                       "action": {"type": "grab"}}))
    await settle(lambda: table.match.round.emperor is not None)
    assert table.match.round.emperor == grabber and table.match.round.grabbed
    await settle(lambda: all(c.view and c.view["emperor"] == grabber for c, _, _ in clients))


async def test_R_HIDE_2_only_the_guard_s_frames_offer_him_the_open_guard():
    """R-GUARD-5 is a private choice: no other seat's bytes carry it."""
    table = all_bots_but(set(), seed=5, rounds=3, preset="lianzhong-simple")
    seats = watch_as_seats(table)
    table.scheduler.arm()
    await settle(lambda: table.match.over)
    offered = 0
    for seat, link in enumerate(seats):
        for m in link.messages():
            view = m.get("view")
            if view and {"type": "open_guard"} in view.get("actions", []):
                offered += 1
                round_ = table.match.records[view["round"] - 1].result
                assert seat == round_.guard
    assert offered


async def test_R_HIDE_2_R_TRICK_7_only_rebels_frames_offer_rebellion():
    """造反 is offered to rebels only, in their own frames' ``actions``: the guard is never
    offered it, and the public seat entries carry nothing about anyone's offers (the
    property tests compare other seats' view bytes with the guard moved)."""
    from bhtui.rules import PRESETS

    rules = PRESETS["lianzhong-simple"].with_options(rebellion=True)
    table = all_bots_but(set(), seed=5, rounds=3, preset=rules)
    seats = watch_as_seats(table)
    table.scheduler.arm()
    await settle(lambda: table.match.over)
    offered = set()
    for seat, link in enumerate(seats):
        for m in link.messages():
            view = m.get("view")
            if view and view["phase"] == "play" and {"type": "rebel"} in view["actions"]:
                result = table.match.records[view["round"] - 1].result
                assert seat not in (result.emperor, result.guard)
                offered.add((view["round"], seat))
            for other in (view or {}).get("seats", []):
                assert set(other) == {"seat", "count", "place", "role", "move"}
    assert {r for r, _ in offered} == {1, 2, 3}
