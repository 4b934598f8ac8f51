"""A table that holds, over real sockets on loopback: late joiners and rejoiners after
thousands of events, endless matches, people who walk away from the result screen, hostile
texts and actions, spectator caps, and joins that cost the others nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bhtui.bots import HeuristicBot, make_bot
from bhtui.bots.legal import legal_from_view
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import SPECTATORS_PER_ADDRESS, Seat, Table
from bhtui.net.protocol import HEADER, MAX_DEPTH, PROTOCOL, ProtocolError, encode
from bhtui.net.tcp import TurnedAway, open_link, open_streams
from bhtui.rules import PRESETS, Match
from bhtui.store.gamelog import GameLog
from bhtui.text import MAX_MARKS

from loopback import (
    LOOPBACK,
    WELCOME,
    Recording,
    al_away_while_the_host_reads,
    connect,
    events_in,
    frames,
    hostile_host,
    keeps_going,
    served,
    settle,
    stay_at_hostile_host,
    streams,
    upgraded,
)
from net_helpers import in_background, people_and_bots


def logged_match(path: Path, rounds: int) -> Table:
    """A table resumed from the log of a match ``rounds`` rounds in (random bots played it;
    seat 0 is a person's, away), as `bhtui host --resume` would rebuild it."""
    seats = [Seat(name="Me", taken=True)] + [
        Seat(name=f"R{s}", bot=make_bot("random", s), ready=True) for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=17, bot_delay=0.0)
    match, rng = Match(PRESETS["qingdao"], 17), random.Random(17)
    log = GameLog(path)
    log.start(table.header())
    while len(match.records) < rounds:
        seat = match.to_act
        action = rng.choice(match.legal_actions(seat))
        match.apply(seat, action)
        log.append(seat, action)
    log.close()
    return Table.resume(GameLog.load(path), bot_delay=0.0)


def count_until_view(rec: Recording) -> int:
    """How many frames a connection got up to and including its first view."""
    received = frames(rec.received)
    return next(i for i, m in enumerate(received, 1) if m["type"] == "view")


# ----- 1. late joiners ---------------------------------------------------------------------
async def test_a_spectator_and_a_rejoining_player_get_in_after_thousands_of_events(tmp_path):
    """Issue 13.1: catching up costs a bounded number of frames however long the match."""
    table = logged_match(tmp_path / "long.bhlog", rounds=8)
    assert table.seq > 2000  # far past the ~1,022 events that used to lock everyone out
    server, port = await served(table)
    watcher, watch_rec = await connect(port, "Late", "spectator")
    player, play_rec = await connect(port, "Me", token=table.seats[0].token)
    attach_bot(player)  # so the match goes on with both
    await settle(lambda: watcher.view is not None and player.view is not None)
    assert player.seat == 0 and table.seats[0].conn is not None
    # hello, welcome, catch-up, the last rounds, view: five frames, however long the match
    assert count_until_view(watch_rec) <= 5 and count_until_view(play_rec) <= 5
    seen = [seq for seq, _ in events_in(frames(watch_rec.received))]
    assert seen == list(range(seen[0], table.seq + 1))[:len(seen)] and seen[-1] <= table.seq
    rounds = len(table.match.records)
    await settle(lambda: len(table.match.records) > rounds)
    server.close()


async def test_a_rejoin_after_a_short_cut_gets_exactly_the_events_it_missed():
    """Issue 13.1: a client's last_seq still gives it every event after it, no more."""
    table = people_and_bots({0}, seed=4, rounds=1, bot_delay=0.001)
    server, port = await served(table)
    watcher, rec = await connect(port, "W", "spectator")
    await settle(lambda: watcher.seq > 40)
    rec.cut()
    await settle(lambda: table.spectator_count() == 0)
    last = watcher.last_seq
    await settle(lambda: table.seq > last + 20)
    again = Recording(*await open_streams(LOOPBACK, port))
    in_background(watcher.run(again))
    await settle(lambda: watcher.view is not None and watcher.seq == table.seq)
    got = [seq for seq, _ in events_in(frames(again.received))]
    assert got[0] == last + 1 and watcher.gaps == 0
    server.close()


# ----- 2. endless matches --------------------------------------------------------------------
@pytest.mark.slow
async def test_an_endless_match_goes_on_past_the_round_where_views_outgrew_a_frame(tmp_path):
    """Issue 13.2: views carry this round and the totals; the per-round table comes apart.
    300 rounds are past the round where the score table alone outgrows a frame (~260)."""
    table = logged_match(tmp_path / "endless.bhlog", rounds=300)
    with pytest.raises(ProtocolError, match="over the"):  # the premise: the whole score table
        encode({"type": "history", "rounds": table.match.history})  # in one frame cannot be sent
    server, port = await served(table)
    watcher, rec = await connect(port, "W", "spectator")
    player, _ = await connect(port, "Me", token=table.seats[0].token)
    attach_bot(player)
    await keeps_going(lambda: len(table.match.records), 301)  # and the match goes on
    await settle(lambda: watcher.seq == table.seq)
    views = [m for m in frames(rec.received) if m["type"] == "view"]
    assert views and all(len(encode(v)) < 8 * 1024 for v in views)
    assert watcher.view["totals"] == table.match.totals
    assert [r["round"] for r in watcher.history][-2:] == [300, 301]
    assert watcher.history[-1]["totals"] == table.match.history[-1]["totals"]
    watcher.ask_history(before=5)  # the start of the score table, on request
    await settle(lambda: 1 in watcher.rounds)
    assert [watcher.rounds[n]["round"] for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    server.close()


# ----- 3. people who walk away from the result screen ----------------------------------------
def play_but_never_ready(client: Client) -> None:
    """A person who plays his turns and then leaves the round's result open forever."""
    bot = HeuristicBot()

    def on_message(message: dict) -> None:
        if message["type"] == "view" and client.my_turn:
            view = client.view
            client.act(bot.decide(legal_from_view(view)))

    client.listen(on_message)


async def test_a_player_alone_with_bots_who_drops_on_the_result_screen_does_not_stall_it():
    """Issue 13.3: an absent seat counts as ready."""
    table = people_and_bots({0}, seed=3, rounds=2, bot_delay=0.0)
    server, port = await served(table)
    me, rec = await connect(port, "Me", token=table.seats[0].token)
    play_but_never_ready(me)
    await settle(lambda: len(table.match.records) == 1)
    assert table.unready() == [0]  # the table waits for him …
    rec.cut()  # … and he is gone
    await settle(lambda: table.match.over)
    server.close()


async def test_two_people_one_gone_on_the_result_screen_the_other_goes_on_at_once():
    """Issue 13.3: the wait is for people here; the one still here says ready, play resumes."""
    table = people_and_bots({0, 1}, seed=3, rounds=2, bot_delay=0.0)
    server, port = await served(table)
    a, _ = await connect(port, "A", token=table.seats[0].token)
    b, b_rec = await connect(port, "B", token=table.seats[1].token)
    play_but_never_ready(a)
    play_but_never_ready(b)
    await settle(lambda: len(table.match.records) == 1)
    b_rec.cut()
    await settle(lambda: table.seats[1].conn is None)
    actions = len(table.match.actions)
    a.ready()
    await settle(lambda: len(table.match.actions) > actions + 5)  # no 60 s wait for B
    server.close()


@pytest.mark.parametrize("game, seed, al", [("doudizhu", 2, 1), ("baohuang", 1, 2)])
async def test_a_player_back_while_the_host_reads_the_result_waits_with_the_table(game, seed,
                                                                                  al):
    """The host reads round 1's result (his screen: "The table waits while you read the
    result"); Al, whose bot finished round 1 for him, comes back meanwhile. Round 2 is not
    his to start: his view names nobody to act, and a bid he sends anyway is refused, until
    the host is done; then the table goes on with him."""
    table, server, port, host = await al_away_while_the_host_reads(game, seed, al)
    assert table.unready() == [0] and table.match.to_act == al  # round 2: Al is first
    back, _ = await connect(port, "Al", token=table.seats[al].token)
    await settle(lambda: back.view is not None and back.seq == table.seq)
    assert back.view["to_act"] is None and not back.view.get("actions")
    refused: list[dict] = []
    back.listen(lambda m: refused.append(m) if m["type"] == "error" else None)
    back.act(table.match.legal_actions(al)[0])
    await settle(lambda: refused)
    assert refused[0]["code"] == "reading" and len(table.match.history) == 1
    host.ready()
    await settle(lambda: back.my_turn)
    server.close()


# ----- 7. escapes in names and chat ------------------------------------------------------------
ESCAPES = ("\x1b]2;pwned\x07", "\x1b]52;c;ZXZpbA==\x07", "\x9b31m", "\u202e")


async def test_control_characters_a_visitor_sends_never_reach_another_viewer():
    """Issue 13.7: names and chat lose their control characters at the host."""
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0)
    server, port = await served(table)
    watcher, rec = await connect(port, "Calm", "spectator")
    reader, writer = await streams(port)
    await reader.read(65536)
    writer.write(encode({"type": "hello", "proto": list(PROTOCOL), "role": "player",
                         "name": "Eve" + ESCAPES[0]}))
    writer.write(encode({"type": "chat", "text": "hi" + "".join(ESCAPES)}))
    await writer.drain()
    await settle(lambda: any(m.get("type") == "chat" for m in frames(rec.received)))
    await settle(lambda: any(s["name"].startswith("Eve") for s in watcher.room["seats"]))
    data = rec.received
    assert b"\x1b" not in data and b"\x07" not in data and "\x9b".encode() not in data
    assert "\u202e".encode() not in data
    said = next(m for m in frames(data) if m.get("type") == "chat")
    assert said["text"] == "hi" and said["name"] == "Eve"  # (each sequence out whole)
    writer.close()
    server.close()


async def test_a_hostile_host_s_texts_reach_the_client_without_control_characters():
    """Issue 13.7: the screen never draws one, whoever the host is."""
    async def hostile(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await upgraded(writer)
        writer.write(encode({"type": "hello", "proto": list(PROTOCOL), "id": "x",
                             "table": "T\x1b]2;t\x07", "code": False}))
        await reader.read(65536)
        writer.write(encode({"type": "welcome", "role": "spectator", "seat": None,
                             "token": None, "last_cid": 0, "seq": 0}))
        writer.write(encode({"type": "room", "room": {
            "table": "\x1b[2J", "preset": "qingdao", "spectators": 0,
            "options": {"k\x1b]2;t\x07": ["v\x1b[5m", "e" + "\u0301" * 40]},  # hostile key, list
            "seats": [{"name": "N\x1b]52;c;eA==\x07", "kind": "human", "ready": False,
                       "taken": True, "connected": True, "auto": False}]}}))
        writer.write(encode({"type": "chat", "seat": 0, "name": "\x1bP",
                             "text": "\x07\x1b[5m"}))
        await writer.drain()
        await reader.read(65536)

    server = await asyncio.start_server(hostile, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    client, _ = await connect(port, "Me", "spectator")
    said: list[dict] = []
    client.listen(lambda m: said.append(m) if m["type"] == "chat" else None)
    await settle(lambda: said)
    (key, items), = client.room["options"].items()
    texts = [client.server["table"], client.room["table"], client.room["seats"][0]["name"],
             said[0]["name"], said[0]["text"], key, *items]
    assert not any(ch in text for text in texts for ch in "\x1b\x07")
    assert items[1] == "e" + "\u0301" * MAX_MARKS  # printable, but no pile of marks either
    server.close()


async def test_a_hostile_host_s_deeply_nested_frame_ends_the_stay_as_a_bad_frame():
    """Issue 13.7: 600 lists in one another (617 bytes) are refused like any malformed
    frame — the client says the host broke the protocol and closes — never a RecursionError
    out of ``Client.run``."""
    nested = b"\x82\xa4type\xa4chat\xa4text" + b"\x91" * 600 + b"\xc0"

    async def hostile(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await upgraded(writer)
        writer.write(len(nested).to_bytes(HEADER, "big") + nested)
        await writer.drain()
        await reader.read(65536)

    server = await asyncio.start_server(hostile, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    rec = Recording(*await open_streams(LOOPBACK, port))
    client = Client(rec, "Me", "spectator")
    said: list[dict] = []
    client.listen(said.append)
    await client.run()  # returns, raising nothing
    why = f"a message nests deeper than {MAX_DEPTH} levels"
    assert said == [{"type": "error", "code": "malformed", "reason": why},
                    {"type": "closed", "reason": why}]
    server.close()


VIEW = {"preset": "qingdao", "options": {}, "viewer": 0, "round": 1, "redeal": 0,
        "rounds": None, "phase": "play", "to_act": 0, "totals": [0] * 5, "seats": []}


MALFORMED = {
    "event without seq": ({"type": "event", "event": {"type": "play"}}, "seq"),
    "event a list": ({"type": "event", "seq": 1, "event": [1]}, "event"),
    "view without view": ({"type": "view", "seq": 1}, "view"),
    "view whose recall is a list": ({"type": "view", "seq": 1, "view": VIEW, "recall": [1]},
                                    "recall"),
    "view whose timer is NaN": ({"type": "view", "seq": 1, "view": VIEW,
                                 "timer": {"seat": 0, "left": float("nan"), "total": 30.0}},
                                "timer"),
    "room without room": ({"type": "room"}, "room"),
    "welcome whose last_cid is text": ({**WELCOME, "last_cid": "x"}, "last_cid"),
    "welcome whose token is a list": ({**WELCOME, "token": [1]}, "token"),
    "error without reason": ({"type": "error", "code": "x"}, "reason"),
    "catchup of a map": ({"type": "catchup", "events": {"a": 1}}, "events"),
    "welcome to seat 9": ({**WELCOME, "seat": 9}, "seat"),
    "view whose to_act is seat 99": ({"type": "view", "seq": 1, "view": {
        **VIEW, "to_act": 99, "seats": [{"count": 3}] * 5}}, "view"),
    "view of a seat without its count": ({"type": "view", "seq": 1, "view": {
        **VIEW, "seats": [{"count": 3}] * 4 + [{}]}}, "view"),
    "history whose scores are text": ({"type": "history", "rounds": [
        {"round": 1, "redeals": 0, "scores": ["a"] * 5, "totals": [0] * 5}]}, "rounds"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
async def test_a_hostile_host_s_malformed_message_ends_the_stay_saying_so(case):
    """A host anyone may advertise in the LAN lobby sends a message without a field the
    client reads, or of another type: the client does not raise out of ``run`` (which took
    the player's app down), it leaves, once, saying the host broke the protocol and where;
    nothing of the message was used."""
    message, field = MALFORMED[case]
    before = [] if message["type"] == "welcome" else [WELCOME]
    client, said, links = await stay_at_hostile_host(*before, message)
    why = f"a {message['type']!r} message without a valid {field!r}"
    assert client.refused == {"type": "error", "code": "malformed", "reason": why}
    assert said[-2:] == [client.refused, {"type": "closed", "reason": why}]
    assert links == [1]  # no reconnecting to a host that would only do it again
    assert client.view is None and client.room is None and client.token != [1]


async def test_a_hostile_host_s_message_of_a_type_only_the_client_makes_is_ignored():
    """``closed`` is what the client tells its listeners when the link ends: a host that
    sends one (without the ``reason`` a listener reads) changes nothing; what follows it is
    heard."""
    chat = {"type": "chat", "seat": 0, "name": "Host", "text": "still here"}
    server, port, _ = await hostile_host(WELCOME, {"type": "closed"}, {"type": "surprise"}, chat)
    client = Client(await open_link(LOOPBACK, port), "Me")
    said: list[dict] = []
    client.listen(said.append)
    running = in_background(client.run())
    await settle(lambda: running.done() or chat in said)
    assert not running.done() and [m["type"] for m in said] == ["hello", "welcome", "chat"]
    assert client.closed is None and client.refused is None and client.seat == 0
    client.link.disconnect()
    await running
    server.close()


# ----- 9. spectator caps -------------------------------------------------------------------------
async def test_spectators_are_capped_per_address_and_other_addresses_still_get_in():
    """Issue 13.9: one address (or a flood from it) cannot take every place."""
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0)
    server, port = await served(table)
    crowd = [await connect(port, f"W{i}", "spectator") for i in range(SPECTATORS_PER_ADDRESS + 3)]
    await settle(lambda: sum(1 for c, _ in crowd if c.room or c.refused) == len(crowd))
    refused = [c for c, _ in crowd if c.refused]
    assert len(refused) == 3 and all(c.refused["code"] == "full" for c in refused)
    other, _ = await connect(port, "Elsewhere", "spectator", address="127.0.0.2")
    player, _ = await connect(port, "Player")  # and seats are never capped by spectators
    await settle(lambda: other.room is not None and player.room is not None)
    assert player.seat == 0
    server.close()


async def test_a_spectator_cap_of_the_table_refuses_more_but_seats_are_always_taken_back():
    """Issue 13.9: a full house of spectators never keeps a seated player out."""
    table = people_and_bots({0}, seed=1, bot_delay=30.0, max_spectators=5)
    server, port = await served(table)
    crowd = [(await connect(port, f"W{i}", "spectator", address=f"127.0.0.{10 + i}"))[0]
             for i in range(8)]
    await settle(lambda: all(c.view or c.refused for c in crowd))
    assert sum(1 for c in crowd if c.refused) == 3 and table.spectator_count() == 5
    me, _ = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: me.view is not None)
    assert me.seat == 0
    server.close()


# ----- 11. hostile actions, hellos and command ids -----------------------------------------------
@pytest.mark.parametrize("kind", [["pass"], {"type": "pass"}, 7, None])
async def test_an_action_whose_type_is_not_text_is_a_protocol_error_and_the_table_goes_on(kind):
    """Issue 13.11: no TypeError; the documented `protocol` error, then the round finishes."""
    table = people_and_bots({0, 1}, seed=2, rounds=1, bot_delay=0.0)
    server, port = await served(table)
    good, _ = await connect(port, "Me", token=table.seats[0].token)
    attach_bot(good)
    bad, rec = await connect(port, "You", token=table.seats[1].token)
    await settle(lambda: bad.view is not None)
    rec.write(encode({"type": "action", "cid": 1, "seq": bad.seq, "action": {"type": kind}}))
    await settle(lambda: any(m.get("code") == "protocol" for m in frames(rec.received)))
    await settle(lambda: table.match.over)
    server.close()


def test_match_apply_refuses_an_action_type_that_is_not_text_as_illegal():
    """Issue 13.11: Match.apply raises IllegalAction, never TypeError."""
    from bhtui.rules import IllegalAction

    match = Match(PRESETS["qingdao"], 1)
    for kind in (["pass"], {"a": 1}, 3):
        with pytest.raises(IllegalAction, match="'type' is text"):
            match.apply(match.to_act, {"type": kind})


@pytest.mark.parametrize("token", ["Ключ", "a" * 500, 12345, "ab cd"])
async def test_a_hello_with_a_strange_token_is_refused_with_a_reason(token):
    """Issue 13.11: a non-ASCII or numeric token gets the `hello` refusal, not a TypeError."""
    table = Table(PRESETS["qingdao"], seed=1)
    server, port = await served(table)
    reader, writer = await streams(port)
    await reader.read(65536)
    writer.write(encode({"type": "hello", "proto": list(PROTOCOL), "role": "player",
                         "name": "X", "token": token}))
    answer = frames(await asyncio.wait_for(reader.read(65536), 5))
    assert answer[0]["code"] == "hello" and "token" in answer[0]["reason"]
    calm, _ = await connect(port, "Calm")
    await settle(lambda: calm.room is not None)
    server.close()


async def test_extra_fields_of_an_action_never_reach_the_log_and_a_huge_cid_is_refused(tmp_path):
    """Issue 13.11: the log keeps what the engine reads; command ids cannot be exhausted."""
    log = GameLog(tmp_path / "t.bhlog")
    table = people_and_bots({0}, seed=2, rounds=1, bot_delay=30.0, log=log)
    server, port = await served(table)
    me, rec = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: me.view is not None)
    rec.write(encode({"type": "action", "cid": 2**64 - 1, "seq": me.seq,
                      "action": {"type": "decline"}}))
    await settle(lambda: any(m.get("code") == "cid" for m in frames(rec.received)))
    assert table.seats[0].last_cid == 0
    while not me.my_turn:
        table.scheduler._bot_move(table.match.to_act, table.seq)  # bots, without the wait
        await settle(lambda: me.seq == table.seq)
    legal = legal_from_view(me.view)
    action = next(a for a in legal if a["type"] != "play") if me.view["phase"] != "play" \
        else {"type": "play", "set": legal[0]["set"]}
    me.act({**action, "junk": "x" * 60_000})
    await settle(lambda: any(s == 0 for s, _ in table.match.actions))
    assert me.act({"type": "nonsense"}) == 2  # ids go on after the refused one
    log.close()
    logged = [a for s, a in GameLog.load(tmp_path / "t.bhlog").actions if s == 0]
    assert logged == [action] and (tmp_path / "t.bhlog").stat().st_size < 4096
    server.close()


@pytest.mark.parametrize("seats, why", [
    (4, "seats, not 5"),
    ("token", "damaged"),
])
def test_resuming_a_log_with_a_damaged_header_is_one_clear_line(tmp_path, seats, why, cli,
                                                               nothing_starts):
    """Issue 13.11: 4 seats or a numeric token: exit 2 and a reason, no traceback (an
    exception out of the command fails this outright)."""
    table = Table(PRESETS["qingdao"], seed=3)
    table.address = (LOOPBACK, 0)  # a LAN table's log: the door a resume opens
    header = table.header()
    if seats == 4:
        header["seats"] = header["seats"][:4]
    else:
        header["seats"][0]["token"] = 12345
    log = GameLog(tmp_path / "bad.bhlog")
    log.start(header)
    log.close()
    done = cli("host", "--headless", "--resume", str(tmp_path / "bad.bhlog"), "--port", "0",
               "--bind", LOOPBACK, "--no-advertise")
    assert done.returncode == 2 and why in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("field, value, said", [
    ("rounds", "x", "the header's rounds is 'x': a whole number from 1 up"),
    ("rounds", 0, "the header's rounds is 0: a whole number from 1 up"),
    ("seed", [1, 2], "the header's seed is [1, 2]: a whole number or a secret"),
    ("seed", None, "the header's seed is None: a whole number or a secret"),
])
def test_replaying_or_resuming_a_log_with_a_damaged_seed_or_rounds_names_the_field(
        tmp_path, cli, nothing_starts, field, value, said):
    """Issue 27.7: rounds "x" said "'<' not supported", and a seed that is a list dealt
    other cards, so `bhtui replay` said "not seat 0's turn"; now both commands name the
    field and what it should hold, in one line, and nothing starts."""
    from bhtui.sim import play_match

    played = Match(PRESETS["qingdao"], 3, rounds=1)
    play_match(played, [make_bot("heuristic")] * 5)
    table = Table(PRESETS["qingdao"], seed=3, rounds=1)
    table.address = (LOOPBACK, 0)  # a LAN table's log: the door a resume opens
    log = GameLog(tmp_path / "bad.bhlog")
    log.start({**table.header(), field: value})
    for seat, action in played.actions:
        log.append(seat, action)
    log.close()
    for args in (["replay", str(log.path)],
                 ["host", "--headless", "--resume", str(log.path), "--port", "0", "--bind",
                  LOOPBACK, "--no-advertise"]):
        done = cli(*args)
        assert done.returncode == 2 and said in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


async def test_a_closed_table_applies_nothing_more_and_no_late_bot_move_reaches_the_log(tmp_path):
    """Issue 13.11: on SIGTERM the host closes the table before the log; a bot's timer that
    fires after that does nothing."""
    log = GameLog(tmp_path / "t.bhlog")
    table = people_and_bots(set(), seed=2, rounds=1, bot_delay=0.0, log=log)
    await settle(lambda: len(table.match.actions) > 10)
    table.close()
    log.close()
    done = len(table.match.actions)
    table.scheduler._bot_move(table.match.to_act, table.seq)  # what a late timer would do
    table.scheduler._bot_declarations(table.seq)
    assert len(table.match.actions) == done


# ----- 12. joins and leaves cost the others nothing ---------------------------------------------
async def test_spectators_coming_and_going_send_nothing_to_the_other_viewers():
    """Issue 13.12: join and leave cost O(1) viewers' work — here, zero frames to others."""
    table = people_and_bots({0}, seed=1, bot_delay=30.0)  # bots wait: the table is still
    server, port = await served(table)
    me, me_rec = await connect(port, "Me", token=table.seats[0].token)
    watchers = [await connect(port, f"W{i}", "spectator") for i in range(10)]
    await settle(lambda: me.view is not None and all(c.view for c, _ in watchers))
    before = [len(rec.received) for _, rec in [(me, me_rec), *watchers]]
    crowd = [await connect(port, f"C{i}", "spectator", address=f"127.0.1.{i + 1}")
             for i in range(30)]
    await settle(lambda: all(c.view is not None for c, _ in crowd))
    for _, rec in crowd:
        rec.cut()
    await settle(lambda: table.spectator_count() == 10)
    me.chat("still here")  # one more frame to everyone, so nothing can be in flight
    await settle(lambda: all(b"still here" in rec.received for _, rec in [(me, me_rec), *watchers]))
    after = [len(rec.received) for _, rec in [(me, me_rec), *watchers]]
    chat_frame = len(encode({"type": "chat", "seat": 0, "name": "Me", "text": "still here"}))
    assert [a - b for a, b in zip(after, before, strict=True)] == [chat_frame] * 11
    server.close()


async def test_under_a_low_descriptor_limit_a_crowd_is_refused_and_the_seated_player_returns(
        tmp_path):
    """Issue 13.9: 300 spectators against a host limited to 256 descriptors: the host stops
    admitting spectators while it has descriptors to spare, so accept() never fails with
    EMFILE and the player who held seat 0 gets back in."""
    import os
    import resource
    import subprocess
    import sys

    from loopback import free_port

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", LOOPBACK, "--port",
         str(port), "--no-advertise", "--bots", "4", "--bot-delay", "30"],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=low_limit)
    try:
        assert "waiting for players" in host.stdout.readline()
        me, rec = await connect(port, "Me")
        await settle(lambda: me.view is not None)
        token = me.token
        rec.cut()
        crowd = []
        for i in range(300):
            try:
                crowd.append(await connect(port, f"W{i}", "spectator",
                                           address=f"127.0.2.{i % 10 + 1}"))
            except TurnedAway:  # pushed out by the gate mid-TLS: busy, a refusal
                pass
        await settle(lambda: all(c.view or c.refused for c, _ in crowd))
        assert 50 < sum(1 for c, _ in crowd if c.view) < 256
        again, _ = await connect(port, "Me", token=token)
        await settle(lambda: again.view is not None)
        assert again.seat == 0
    finally:
        host.terminate()
        host.wait(10)


# ----- issue 27.6: an evening's memory --------------------------------------------------------
async def test_a_tables_match_keeps_its_latest_actions_and_its_log_replays_and_resumes_exactly(
        tmp_path, monkeypatch):
    """R-SEED-1 from the log alone: the table's match keeps only its latest actions (every
    action kept grew an endless match's host by 44 KiB a round), and `--resume` and
    `replay` of its log still rebuild it exactly; a resumed table keeps no second copy of
    what it read."""
    from bhtui.net import host
    from bhtui.store.replay import Replay

    monkeypatch.setattr(host, "KEPT_ACTIONS", 50)
    log = GameLog(tmp_path / "t.bhlog")
    table = people_and_bots(set(), seed=4, rounds=3, bot_delay=0.0, log=log)
    await settle(lambda: table.match.over)
    log.close()
    live = table.match
    assert 50 <= len(list(live.actions)) <= 100 < len(live.actions)
    resumed = Table.resume(GameLog.load(log.path), bot_delay=0.0)
    resumed.log.close()
    assert resumed.log.actions == [] and len(list(resumed.match.actions)) <= 100
    replay = Replay.from_log(GameLog.load(log.path))
    again = replay.match_at(len(replay))
    for match in (resumed.match, again):
        assert len(match.actions) == len(live.actions) and match.totals == live.totals
        assert match.history == live.history and match.view("all") == live.view("all")
        assert list(match.actions)[-50:] == list(live.actions)[-50:]
