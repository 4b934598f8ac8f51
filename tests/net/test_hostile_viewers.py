"""One viewer's trouble never stops the table, over real sockets on loopback: a seated
person's stream of harmless commands, two windows holding one seat, a burst of hints, chat
through reconnects, hostile texts, leaving and coming back, and what the host echoes."""

from __future__ import annotations

import asyncio
import logging
import time
import unicodedata

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.bots.legal import legal_from_view
from bhtui.net.client import Client
from bhtui.net.protocol import HEADER, MAX_DEPTH, MAX_REASON, PROTOCOL, encode
from bhtui.net.seats import CHAT_BURST, CHAT_PER_SECOND
from bhtui.net.tcp import RATE_PER_SECOND, stay_connected
from bhtui.text import MAX_MARKS, clean_text

from loopback import LOOPBACK, Recording, connect, frames, served, settle, streams
from net_helpers import in_background, people_and_bots

HARMLESS = {
    "waive": {"type": "waive"},
    "ready": {"type": "ready"},
    "prefs": {"type": "prefs", "auto_pass": False},
    "auto": {"type": "auto", "on": True},
}


@pytest.mark.parametrize("kind", sorted(HARMLESS))
async def test_a_seated_person_s_stream_of_harmless_commands_never_holds_the_bots_back(kind):
    """A bot's move keeps its deadline however often the table is re-armed: the person sends
    his command again after each re-arm of the host's timer (tied to the re-arms, not to a
    clock bet: a scheduler that restarts the bot's delay at every re-arm would never let the
    bots play), at half the rate the host allows, and the bots still play."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=0.2)
    scheduler = table.scheduler
    armed = asyncio.Event()
    rearm = scheduler.arm

    def arm_seen() -> None:
        rearm()
        armed.set()

    scheduler.arm = arm_seen  # type: ignore[method-assign]
    server, port = await served(table)
    me, rec = await connect(port, "Mallory", token=table.seats[0].token)
    await settle(lambda: me.view is not None)
    rec.write(encode({"type": "auto", "on": True}))  # his own seat plays by itself
    start = table.seq

    async def spam() -> None:
        while True:
            await armed.wait()
            armed.clear()
            rec.write(encode(HARMLESS[kind]))
            await asyncio.sleep(2 / RATE_PER_SECOND)  # a flood would only get him refused

    task = in_background(spam())
    try:
        await settle(lambda: table.seq >= start + 10)
    finally:
        task.cancel()
        server.close()
    assert not [m for m in frames(rec.received) if m["type"] == "error"]  # he was heard all along


async def test_repeated_waive_ready_and_auto_send_no_views_when_nothing_changed():
    """Only a change is published: a watcher gets no view for a repeated waive, ready or
    托管 switch that leaves everything as it was."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0)
    server, port = await served(table)
    me, rec = await connect(port, "Me", token=table.seats[0].token)
    watcher, seen = await connect(port, "Watcher", "spectator")
    await settle(lambda: me.view is not None and watcher.view is not None)
    before = len(frames(seen.received))
    for _ in range(20):
        for message in ({"type": "waive"}, {"type": "ready"}, {"type": "auto", "on": False}):
            rec.write(encode(message))
    rec.write(encode({"type": "chat", "text": "done"}))
    await settle(lambda: any(m["type"] == "chat" for m in frames(seen.received)))
    after = frames(seen.received)[before:]
    views = [m for m in after if m["type"] == "view"]
    assert len(views) <= 1  # at most the one waive the bots were waiting for
    server.close()


async def test_two_windows_with_one_seat_token_do_not_push_each_other_out_for_ever():
    """The window replaced is told `replaced` — final, like `full` — and stops reconnecting;
    the newer one keeps the seat and the table goes on."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=0.0)
    server, port = await served(table)
    token = table.seats[0].token
    links: list[object] = []
    first = Client(None, "Here", token=token)  # type: ignore[arg-type]
    first_run = in_background(stay_connected(first, LOOPBACK, port, links.append))
    await settle(lambda: first.view is not None)
    second = Client(None, "There", token=token)  # type: ignore[arg-type]
    second_run = in_background(stay_connected(second, LOOPBACK, port, links.append))
    await asyncio.wait_for(first_run, 30)  # it gave up: no reconnecting
    assert first.refused is not None and first.refused["code"] == "replaced"
    assert "another window or machine" in first.refused["reason"]
    await settle(lambda: second.view is not None)
    second.set_auto(True)
    seq = table.seq
    await settle(lambda: table.seq > seq + 20)
    assert len(links) == 2 and table.seats[0].name == "There" and not second_run.done()
    second_run.cancel()
    server.close()


def my_turn_first(**table: object):
    """A started table with a person at seat 0 who is the first to decide."""
    return next(t for seed in range(100)
                if (t := people_and_bots({0}, seed=seed, rounds=None, **table)).match.to_act == 0)


async def test_a_burst_of_hints_is_worked_out_one_at_a_time_the_rest_refused_as_hinting():
    """One hint per seat in the shared pool at a time: the others get the `hinting` error
    (each request one answer), so a burst cannot starve the bots' thinking."""
    table = my_turn_first(bot_delay=0.0)
    server, port = await served(table)
    me, rec = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: me.view is not None)
    asks = 50
    rec.write(b"".join(encode({"type": "hint", "cid": cid}) for cid in range(1, asks + 1)))

    def answers() -> list[dict]:
        return [m for m in frames(rec.received) if m["type"] == "hint"
                or m["type"] == "error" and m["code"] in ("hint", "hinting")]

    await settle(lambda: len(answers()) == asks)
    kinds = [m["type"] if m["type"] == "hint" else m["code"] for m in answers()]
    assert kinds.count("hint") >= 1 and kinds.count("hinting") >= asks // 2
    assert sorted(m["cid"] for m in answers()) == list(range(1, asks + 1))
    me.ask_hint()  # the next one, once the others are answered, is worked out again
    await settle(lambda: sum(m["type"] == "hint" for m in frames(rec.received))
                 > kinds.count("hint"))
    server.close()


@pytest.mark.parametrize("role", ["player", "spectator"])
async def test_reconnecting_does_not_refill_the_chat_allowance(role):
    """The allowance is kept per seat (a seated person) or per address (a spectator), not per
    connection: five connections in a row say about as much as one."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0)
    server, port = await served(table)
    watcher, seen = await connect(port, "Watcher", "spectator", address="127.0.0.2")
    await settle(lambda: watcher.view is not None)
    start, said = time.monotonic(), 0
    for _ in range(5):
        token = table.seats[0].token if role == "player" else None
        talker, rec = await connect(port, "Talker", role, token=token)
        await settle(lambda talker=talker: talker.view is not None)
        rec.write(b"".join(encode({"type": "chat", "text": "hi"}) for _ in range(3)))
        await settle(lambda rec=rec: sum(m["type"] == "chat" or m.get("code") == "chat"
                                         for m in frames(rec.received)) == 3)
        said += sum(m["type"] == "chat" for m in frames(rec.received))
        rec.cut()
    await settle(lambda: sum(m["type"] == "chat" for m in frames(seen.received)) == said)
    refilled = (time.monotonic() - start) * CHAT_PER_SECOND
    assert said <= CHAT_BURST + refilled
    server.close()


ZALGO = "e" + "\u0301" * 50


async def test_line_separators_and_piles_of_combining_marks_never_reach_another_viewer():
    """Names and chat lose U+2028/U+2029 (a line break on some terminals) and keep at most
    MAX_MARKS combining marks per character (no text drawn over the lines around it)."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0)
    server, port = await served(table)
    watcher, seen = await connect(port, "Watcher", "spectator")
    _, rec = await connect(port, "A\u2028" + "e" + "\u0301" * 9, token=table.seats[0].token)
    await settle(lambda: watcher.view is not None and table.seats[0].conn is not None)
    rec.write(encode({"type": "chat", "text": f"one\u2028two\u2029three {ZALGO}"}))
    await settle(lambda: any(m["type"] == "chat" for m in frames(seen.received)))
    said = next(m for m in frames(seen.received) if m["type"] == "chat")
    assert said["text"] == "onetwothree e" + "\u0301" * MAX_MARKS
    assert said["name"] == "Ae" + "\u0301" * MAX_MARKS
    assert "\u2028".encode() not in seen.received and "\u2029".encode() not in seen.received
    server.close()


async def test_escape_sequences_in_a_name_and_a_chat_reach_nobody_even_in_part():
    """A watcher named with a title-setting OSC and screen-clearing CSIs, chatting in colour
    (7-bit and 8-bit CSI, a hyperlink, a DCS, a bidi override, a zero-width space): the
    others get his name and words without a trace of them. Only ESC went before, and the
    log showed ``]0;pwned[2J[HBad (watching): hi [31mRED[0m``."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0)
    server, port = await served(table)
    player, seen = await connect(port, "Ana", token=table.seats[0].token)
    _, rec = await connect(port, "\x1b]0;pwned\x07\x1b[2J\x1b[HBad", "spectator")
    await settle(lambda: player.view is not None and table.door.spectators == 1)
    rec.write(encode({"type": "chat", "text": "hi \x1b[31mRED\x1b[0m \x9b1mB\x9b0m "
                      "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x1bPq#0\x1b\\\u202eok\u200b!"}))
    await settle(lambda: any(m["type"] == "chat" for m in frames(seen.received)))
    said = next(m for m in frames(seen.received) if m["type"] == "chat")
    assert (said["name"], said["text"]) == ("Bad", "hi RED B link ok!")
    server.close()


@given(st.text())
def test_clean_text_keeps_no_separator_control_or_pile_of_marks(text):
    """Whatever comes in: no control, format, line or paragraph separator character, never
    more than MAX_MARKS combining marks in a row."""
    categories = [unicodedata.category(c) for c in clean_text(text)]
    assert not {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"} & set(categories)
    run = 0
    for category in categories:
        run = run + 1 if category[0] == "M" else 0
        assert run <= MAX_MARKS


@given(st.text(st.characters(blacklist_categories=(
    "Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Mc", "Me"))))
def test_clean_text_leaves_plain_text_as_it_is(text):
    """Names and chat in any script, without controls or marks, arrive unchanged."""
    assert clean_text(text) == text


def escapes(table) -> list[dict]:
    return [r.result.escape for r in table.match.records if r.result.escape]


async def test_S_SCORE_5_leaving_and_coming_back_again_and_again_escapes_once():
    """Quitting on purpose closes the link and counts once this match: coming back with the
    token and leaving the next deal again ends no second deal with an escape."""
    from test_doudizhu_table import DDZ, bots_table

    table = bots_table("classic", {0, 1}, {"escape": True}, seed=14, rounds=3)
    server, port = await served(table)
    # Ana, on 托管, keeps each result open until he is back: the next deal waits for him.
    ana, _ = await connect(port, "Ana", token=table.seats[1].token)
    await settle(lambda: table.seats[1].conn is not None)
    ana.set_auto(True)
    await settle(lambda: table.seats[1].auto)
    bidder = DDZ.make_bot("heuristic", 0)
    for deal in (1, 2):
        me, rec = await connect(port, "Me", token=table.seats[0].token)

        def bid(message: dict, me=me) -> None:
            """He bids when asked, then plays no card: the deal waits at his first turn."""
            if message["type"] == "view" and me.my_turn and me.view["landlord"] is None:
                me.act(DDZ.remote_decide(bidder, me.view))

        me.listen(bid)
        await settle(lambda: table.seats[0].conn is not None)
        if deal == 1:
            table.start()
        else:
            ana.ready()
        await settle(lambda deal=deal: len(table.match.records) == deal - 1
                     and table.match.round.landlord is not None and table.match.to_act == 0)
        me.leave()
        await settle(lambda me=me: me.closed is not None)  # the host closed the link
        await settle(lambda deal=deal: len(table.match.records) >= deal)
    assert escapes(table) == [{"seat": 0, "why": "left"}]
    server.close()


async def read_more(reader: asyncio.StreamReader) -> bytes:
    """The next bytes the host sent; a closed connection fails the test (it would spin)."""
    data = await reader.read(65536)
    assert data, "the host closed the connection"
    return data


@pytest.mark.parametrize("ahead", [0, 2**40])
async def test_catchup_always_follows_the_welcome_even_when_nothing_was_missed(ahead):
    """docs/protocol.md: welcome, then `catchup` (empty when nothing was missed — or a
    last_seq from beyond the table's), history, view — whatever the viewer sent."""
    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0)
    server, port = await served(table)
    reader, writer = await streams(port)
    got: list[dict] = []
    data = b""
    while not got:
        data += await read_more(reader)
        got = frames(data)
    writer.write(encode({"type": "hello", "proto": list(PROTOCOL), "role": "spectator",
                         "name": "W", "last_seq": table.seq + ahead}))
    while not any(m["type"] == "view" for m in got):
        data += await read_more(reader)
        got = frames(data)
    assert [m["type"] for m in got] == ["hello", "welcome", "catchup", "history", "view"]
    assert got[2]["events"] == []
    writer.close()
    server.close()


async def test_an_error_quotes_at_most_a_bounded_part_of_what_was_sent():
    """An action `type` of 60,000 characters is refused as `illegal` with a reason of at most
    MAX_REASON characters, not echoed back in full; the same connection then plays on."""
    table = my_turn_first(bot_delay=600.0)
    server, port = await served(table)
    me, rec = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: me.view is not None)
    me.act({"type": "x" * 60_000})
    await settle(lambda: any(m["type"] == "error" for m in frames(rec.received)))
    refused = next(m for m in frames(rec.received) if m["type"] == "error")
    assert refused["code"] == "illegal" and 0 < len(refused["reason"]) <= MAX_REASON
    seq = table.seq
    me.act(legal_from_view(me.view)[0])
    await settle(lambda: table.seq > seq)
    server.close()


async def test_R_HIDE_3_a_player_cannot_watch_his_own_open_table_from_his_machine():
    """`--open-spectating` shows spectators every hand, never players (R-HIDE-3), but a
    seated player could open a second connection as a spectator, any name, no token, and
    see every hand. An open table now admits no spectator from the address of a player at
    it (away or not: dropping the link to watch awhile, then rejoining, was a way round),
    nor a player from an address watching it; other addresses watch as before."""
    table = people_and_bots({0, 1}, seed=4, rounds=None, bot_delay=600.0,
                            open_spectating=True)
    server, port = await served(table)
    player, _ = await connect(port, "Ana", token=table.seats[0].token, address="127.0.0.2")
    await settle(lambda: player.view is not None)
    peek, peeked = await connect(port, "Peek", "spectator", address="127.0.0.2")
    await settle(lambda: peek.refused is not None)
    assert peek.refused["code"] == "open" and peek.view is None
    assert not any("hands" in m.get("view", {}) for m in frames(peeked.received))
    watcher, _ = await connect(port, "Wu", "spectator", address="127.0.0.3")
    await settle(lambda: watcher.view is not None)
    assert len(watcher.view["hands"]) == 5
    late, _ = await connect(port, "Bo", token=table.seats[1].token, address="127.0.0.3")
    await settle(lambda: late.refused is not None)
    assert late.refused["code"] == "open" and table.seats[1].conn is None
    other, _ = await connect(port, "Here", "spectator")  # from 127.0.0.1
    await settle(lambda: other.view is not None)
    assert "hands" in other.view and "hands" not in player.view
    player.link.disconnect()  # away: the seat remembers where it was taken from
    await settle(lambda: table.seats[0].conn is None)
    meanwhile, _ = await connect(port, "Peek", "spectator", address="127.0.0.2")
    await settle(lambda: meanwhile.refused is not None)
    assert meanwhile.refused["code"] == "open" and meanwhile.view is None
    server.close()


def nesting(message: dict, field: str, depth: int) -> bytes:
    """A frame of ``message`` with ``field`` added: lists in one another, ``depth`` levels
    counting the message's own map. Built by hand, as an attacker would: msgpack's packer
    stops at 511 levels, its unpacker takes 1,023."""
    body = (bytes([0x80 | len(message) + 1])
            + b"".join(msgpack.packb(k) + msgpack.packb(v) for k, v in message.items())
            + msgpack.packb(field) + b"\x91" * (depth - 2) + b"\x90")
    return len(body).to_bytes(HEADER, "big") + body


async def errors_until_closed(rec: Recording) -> list[dict]:
    """The errors a connection got, once the host has closed it."""
    await settle(lambda: rec.reader.at_eof())
    return [m for m in frames(rec.received) if m["type"] == "error"]


@pytest.mark.parametrize("role", ["spectator", "player"])
async def test_a_message_nested_a_thousand_deep_is_a_protocol_error_and_the_table_goes_on(
        role, caplog):
    """1,020 lists in one another (msgpack decodes 1,023; ``str`` of them raises
    RecursionError, and ``prefs`` quotes its level): the sender, a spectator as well as a
    seat, gets the protocol's clean ``error`` and is closed like any malformed frame, the host
    logs no traceback, and a watcher goes on getting the match."""
    table = people_and_bots({0}, seed=2, rounds=None, bot_delay=0.05)
    server, port = await served(table)
    token = table.seats[0].token if role == "player" else None
    mallory, rec = await connect(port, "Mallory", role, token=token)
    watcher, _ = await connect(port, "Watcher", "spectator")
    await settle(lambda: mallory.view is not None and watcher.view is not None)
    rec.write(nesting({"type": "prefs", "auto_pass": True}, "assist", 1020))
    errors = await errors_until_closed(rec)
    assert [(e["code"], e["reason"]) for e in errors] == [
        ("protocol", f"a message nests deeper than {MAX_DEPTH} levels")]
    seen = watcher.last_seq or 0
    await settle(lambda: (watcher.last_seq or 0) > seen + 5)
    assert watcher.closed is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    server.close()


async def test_a_chat_nested_max_depth_is_heard_and_one_level_more_is_refused():
    """The bound is MAX_DEPTH levels, the message's own map counted: a real message nests
    6 at most (a catch-up holding a round's end), so the bound refuses none of them."""
    table = people_and_bots({0}, seed=2, bot_delay=600.0)
    server, port = await served(table)
    said: list[str] = []
    watcher, _ = await connect(port, "Watcher", "spectator")
    watcher.listen(lambda m: said.append(m["text"]) if m["type"] == "chat" else None)
    deep, rec_deep = await connect(port, "Deep", "spectator", address="127.0.0.2")
    deeper, rec_deeper = await connect(port, "Deeper", "spectator", address="127.0.0.3")
    await settle(lambda: all(c.view is not None for c in (watcher, deep, deeper)))
    rec_deep.write(nesting({"type": "chat", "text": "in bounds"}, "pad", MAX_DEPTH))
    rec_deeper.write(nesting({"type": "chat", "text": "too deep"}, "pad", MAX_DEPTH + 1))
    await settle(lambda: "in bounds" in said
                 and (rec_deeper.reader.at_eof() or "too deep" in said))
    assert said == ["in bounds"] and not rec_deep.reader.at_eof()
    errors = [m for m in frames(rec_deeper.received) if m["type"] == "error"]
    assert [e["code"] for e in errors] == ["protocol"]
    server.close()


async def test_a_frame_that_is_not_msgpack_is_refused_saying_so():
    """A frame of the one byte msgpack never uses (0xc1): msgpack's own words are empty, and
    the reason read "undecodable frame: " with nothing after it."""
    table = people_and_bots({0}, seed=2, bot_delay=600.0)
    server, port = await served(table)
    watcher, rec = await connect(port, "Watcher", "spectator")
    await settle(lambda: watcher.view is not None)
    rec.write((1).to_bytes(HEADER, "big") + b"\xc1")
    errors = await errors_until_closed(rec)
    assert [(e["code"], e["reason"]) for e in errors] == [
        ("protocol", "undecodable frame: its bytes are not msgpack")]
    server.close()
