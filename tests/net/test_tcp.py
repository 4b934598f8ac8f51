"""LAN play over real sockets on loopback: a full table with spectators, a cut link, a killed
and resumed host, hostile frames, and join codes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bhtui.bots import make_bot
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.protocol import PROTOCOL, encode
from bhtui.net.secure import PREAMBLE
from bhtui.net.tcp import TcpLink, open_streams, serve_table, stay_connected
from bhtui.rules import PRESETS

from loopback import LOOPBACK, connect, cut, events_in, frames, free_port, settle, streams
from net_helpers import in_background, people_and_bots


async def one_seat_table(seed: int, bot_delay: float) -> tuple[Table, asyncio.Server, int]:
    """A started one-round table served on loopback: seat 0 reserved for "Me", bots elsewhere."""
    table = people_and_bots({0}, seed=seed, rounds=1, bot_delay=bot_delay)
    server = await serve_table(table, LOOPBACK, 0)
    return table, server, server.sockets[0].getsockname()[1]


async def test_five_players_and_ten_spectators_play_a_round_and_the_bytes_leak_nothing():
    table = Table(PRESETS["qingdao"], seed=21, rounds=1, bot_delay=0.0)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    players = [await connect(port, f"P{i}") for i in range(5)]
    for client, _ in players:
        attach_bot(client)
    watchers = [await connect(port, f"W{i}", "spectator") for i in range(10)]
    await settle(lambda: table.seats_taken() == 5 and table.spectator_count() == 10)
    table.start()
    await settle(lambda: table.match.over)
    await settle(lambda: all(c.seq == table.seq for c, _ in players + watchers))
    server.close()
    seats = {c.seat for c, _ in players}
    assert seats == {0, 1, 2, 3, 4}
    for client, rec in players + watchers:
        received = frames(rec.received)
        numbers = [seq for seq, _ in events_in(received)]
        assert numbers == list(range(1, table.seq + 1)), "every viewer gets every number"
        for m in received:
            view = m.get("view", {})
            assert "hands" not in view
            if client.seat is None:
                assert "hand" not in view
            elif view:
                assert view["viewer"] == client.seat
                assert len(view["hand"]) == view["seats"][client.seat]["count"]
        for _, event in events_in(received):
            if event != {"type": "hidden"}:
                assert event.get("private") in (None, client.seat)
    end = table.match.records[0].result
    assert sorted(end.places) == [1, 2, 3, 4, 5]


async def test_a_cut_link_comes_back_to_the_same_seat_with_nothing_lost_or_doubled():
    table, server, port = await one_seat_table(seed=5, bot_delay=0.002)
    client = Client(None, "Me", token=table.seats[0].token)  # type: ignore[arg-type]
    attach_bot(client)
    links: list[TcpLink] = []
    runner = in_background(stay_connected(client, LOOPBACK, port, on_link=links.append))
    await settle(lambda: client.view is not None and client.view["phase"] == "play"
                 and client.view.get("top") is not None)
    actions_before = len(table.match.actions)
    cut(links[-1])  # mid-trick
    await settle(lambda: len(links) >= 2 and client.view is not None and table.seats[0].conn)
    await settle(lambda: table.match.over)
    await settle(lambda: client.seq == table.seq)
    runner.cancel()
    server.close()
    numbers = [seq for seq, _ in client.events]
    assert numbers == list(range(1, table.seq + 1)) and client.gaps == 0
    assert client.seat == 0 and len(table.match.actions) > actions_before
    assert client.history[0]["scores"] == list(table.match.records[0].result.scores)


async def test_a_resent_command_after_a_reconnect_is_not_applied_twice():
    table, server, port = await one_seat_table(seed=5, bot_delay=30)  # bots wait: we act alone
    client, rec = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: client.view is not None)
    command = {"type": "action", "cid": 1, "seq": client.seq, "action": {"type": "fly"}}
    rec.write(encode(command))
    await settle(lambda: table.seats[0].last_cid == 1)
    rec.cut()
    again, rec2 = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: again.view is not None)
    rec2.write(encode(command))  # the resend
    await settle(lambda: any(m.get("code") == "duplicate" for m in frames(rec2.received)))
    server.close()


values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=30)
    | st.floats() | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
hostile = st.one_of(
    st.binary(min_size=1, max_size=300),  # noise
    st.binary(max_size=200).map(lambda body: len(body).to_bytes(4, "big") + body),  # framed noise
    st.builds(lambda v: encode({"type": "hello", "proto": v, "role": v, "name": v}), values),
    st.builds(lambda d: encode({**d, "type": "action"}),
              st.dictionaries(st.text(max_size=8), values, max_size=5)),
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(hostile, min_size=1, max_size=4))
def test_hostile_frames_never_crash_the_host_and_the_table_goes_on(payloads):
    """Once the host has dealt with every hostile connection, the seated player's next play
    still reaches the table over his own link (a pass could be the host's auto-pass)."""
    async def scenario() -> None:
        table = people_and_bots({0}, seed=3, rounds=None, bot_delay=0.0)
        server = await serve_table(table, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        good, _ = await connect(port, "Me", token=table.seats[0].token)
        attach_bot(good)
        await settle(lambda: table.seats[0].conn is not None)
        for payload in payloads:
            reader, writer = await streams(port)
            await reader.read(65536)  # the host's hello
            writer.write(payload)
            await writer.drain()
            writer.close()
        await settle(lambda: len(table.viewers) == 1 and not table.pending)  # all dealt with
        assert all(v.name != "?" for v in table.viewers.values())
        before = len(table.match.actions)
        await settle(lambda: any(seat == 0 and action["type"] != "pass"
                                 for seat, action in table.match.actions[before:]))
        table.close()
        server.close()

    asyncio.run(scenario())


def start_host(port: int, data: Path, *extra: str, code: str = "") -> subprocess.Popen:
    env = {**os.environ, "BHTUI_DATA_DIR": str(data), "BHTUI_CODE": code}
    return subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", LOOPBACK, "--port",
         str(port), "--no-advertise", "--bots", "4", "--seed", "9", "--rounds", "1",
         "--bot-delay", "0", *extra],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def play_to_the_end(port: int, kill_at: int | None, data: Path) -> dict:
    """One human seat played by the standard bot over TCP; the host maybe killed mid-trick:
    at the first view from ``kill_at`` on with cards on the table, as the bot answers it."""
    host = start_host(port, data)
    killed = False

    def kill_mid_trick(message: dict) -> None:
        nonlocal killed
        view = client.view
        if (message["type"] == "view" and not killed and client.seq >= kill_at
                and view["phase"] == "play" and view.get("top") is not None):
            killed = True
            host.send_signal(signal.SIGKILL)

    try:
        assert "table" in host.stdout.readline()
        client = Client(None, "Me")  # type: ignore[arg-type]
        attach_bot(client)
        if kill_at is not None:
            client.listen(kill_mid_trick)
        runner = in_background(stay_connected(client, LOOPBACK, port))
        if kill_at is not None:
            await settle(lambda: killed)
            host.wait()
            host = start_host(port, data, "--resume")
            assert "resumed" in host.stdout.readline()
        await settle(lambda: client.view is not None and client.view["phase"] == "over")
        runner.cancel()
        return {"history": client.history, "gaps": client.gaps,
                "numbers": [seq for seq, _ in client.events], "seq": client.seq}
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(10)


async def test_a_seated_player_whose_table_comes_back_asking_for_no_code_leaves_saying_so(
        tmp_path):
    """A player seated at a table with a join code, whose host crashed and came back on that
    port without the code (or a machine that took the address), was refused `codeless` by
    his own client on every reconnect but never told: a review found it reconnecting four
    times a second, the screen saying only "connection lost". Now his client leaves, saying
    why, as on a first join."""
    port = free_port()
    coded = start_host(port, tmp_path / "coded", code="4242")
    links: list[object] = []
    try:
        assert "join code needed" in coded.stdout.readline()
        client = Client(None, "Me", code="4242")  # type: ignore[arg-type]
        runner = in_background(stay_connected(client, LOOPBACK, port, on_link=links.append))
        await settle(lambda: client.view is not None)  # seated, the match on
        coded.send_signal(signal.SIGKILL)
        coded.wait()
        coded = start_host(port, tmp_path / "open")  # the same port, no code
        assert "table" in coded.stdout.readline()
        await settle(runner.done)
        assert client.refused is not None and client.refused["code"] == "codeless"
        assert len(links) == 2  # the first link, and the one that met the codeless table
    finally:
        coded.send_signal(signal.SIGTERM)
        coded.wait(10)


async def test_a_host_turning_a_returning_player_away_is_tried_ever_more_slowly(monkeypatch):
    """A player in a match whose link dropped tries again at once, then with a growing
    back-off. A host that answers but turns him away before letting him in (``busy``, in
    clear) reset the back-off at every try, since the client had a view: four tries a
    second for as long as it lasted. Only a link that lets him in (a ``welcome``) starts
    the back-off again: here each wait is the next in the list."""
    import bhtui.net.tcp as tcp
    from bhtui.net.protocol import error
    from bhtui.net.serve import start_when_full

    waits: list[int] = []

    class Backoff(tuple):  # which wait the client takes each time, none of them long
        def __getitem__(self, index):
            waits.append(index)
            return 0.0

    monkeypatch.setattr(tcp, "BACKOFF", Backoff(tcp.BACKOFF))
    seats = [Seat()] + [Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True)
                        for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=3, bot_delay=30.0)
    start_when_full(table)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    links: list[TcpLink] = []
    client = Client(None, "Me")  # type: ignore[arg-type]
    runner = in_background(stay_connected(client, LOOPBACK, port, on_link=links.append))
    await settle(lambda: client.view is not None)  # in the match

    async def turn_away(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(error("busy", tcp.BUSY))
        await writer.drain()
        writer.close()

    server.close()
    busy = await asyncio.start_server(turn_away, LOOPBACK, port)  # the same port
    try:
        links[0].writer.transport.abort()  # the player's link drops
        await settle(lambda: len(links) >= 6)
        runner.cancel()
        assert waits[:5] == [0, 1, 2, 3, 4]
        assert client.refused is None  # turned away, not refused: he keeps trying
    finally:
        busy.close()


async def test_a_host_killed_mid_trick_and_resumed_ends_where_an_uncrashed_run_ends(tmp_path):
    calm = await play_to_the_end(free_port(), None, tmp_path / "calm")
    crashed = await play_to_the_end(free_port(), 60, tmp_path / "crash")
    assert crashed["history"] == calm["history"]
    assert crashed["seq"] == calm["seq"] and crashed["numbers"] == list(range(1, calm["seq"] + 1))
    assert json.dumps(calm["history"])  # plain data all the way


def test_a_host_stopped_the_moment_it_says_where_it_is_stops_cleanly(tmp_path):
    """A script reads the host's first line (where the table is) and stops it at once: the
    signal came before the host had its handlers, and it died by SIGTERM (6 runs of 6)
    without closing its table. Its handlers are now in place before it serves."""
    for _ in range(3):
        host = subprocess.Popen(
            [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", LOOPBACK, "--port",
             "0", "--no-advertise"], env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert "bhtui: table" in host.stdout.readline()
        host.send_signal(signal.SIGTERM)
        assert host.wait(30) == 0


def test_a_headless_table_of_five_bots_plays_its_match_with_nobody_watching(tmp_path):
    """Issue 27.5: full from the start, the table never changed, so it waited for players
    until a viewer came. Now it starts at once, says when the match is over, and its log
    holds the whole match; with nobody there it then closes and ends by itself. The log's
    path is said cleaned: an escape sequence in the data folder's name (BHTUI_DATA_DIR)
    reached the terminal."""
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay

    data = tmp_path / "data\x1b]2;PWNED\x07"
    host = start_host(0, data, "--bots", "5", "--rounds", "2")
    try:
        assert "starting: every seat is taken" in host.stdout.readline()
        over = host.stdout.readline()  # the next line comes when the match is over
        path = next(data.rglob("*.bhlog"))
        assert over.startswith("bhtui: the match is over")
        assert over.endswith(f"; its log: {str(path).replace(data.name, 'data')}\n")
        log = GameLog.load(path)
        log.close()
        replay = Replay.from_log(log)
        rounds = sum(e["type"] == "totals" for events in replay.events for e in events)
        assert replay.finished and rounds == 2
        assert " ".join(map(str, replay.final_totals)) in over
        assert "\x1b" not in over
        # nobody there to start 再来一局, nor to read the standings: it closes and ends
        assert host.stdout.readline() == "bhtui: the match is over: the table is closed\n"
        assert host.wait(30) == 0
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(30)


async def all_of(reader: asyncio.StreamReader) -> bytes:
    """Everything read until the host closed the connection (or reset it)."""
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := await asyncio.wait_for(reader.read(65536), 5):
            data += chunk
    return data


async def test_a_flood_and_silent_connections_are_cut_and_the_table_goes_on(monkeypatch):
    import bhtui.net.tcp as tcp

    monkeypatch.setattr(tcp, "HANDSHAKE_DEADLINE", 0.2)
    troubles: list[dict] = []  # what escaped the host's connection tasks (it printed them)
    asyncio.get_running_loop().set_exception_handler(lambda _, context: troubles.append(context))
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    bare, _ = await asyncio.open_connection(LOOPBACK, port)  # never starts TLS
    mute, _ = await streams(port)  # TLS, and never a hello
    flood, rec = await connect(port, "Flood")
    await settle(lambda: flood.room is not None)
    chat = encode({"type": "hint", "cid": 1})
    rec.write(chat * (tcp.RATE_BURST + 50))
    await settle(lambda: any("slow down" in m.get("reason", "") for m in frames(rec.received)))
    assert await all_of(bare) == PREAMBLE  # dropped at the deadline: nothing to say in clear
    assert b"no hello within" in await all_of(mute)  # closed after the deadline, with why
    calm, _ = await connect(port, "Calm")
    await settle(lambda: calm.room is not None)
    assert troubles == []
    server.close()


async def at_the_door(port: int, address: str) -> asyncio.StreamWriter:
    """A connection from ``address`` the door let in (its preamble came) that never starts
    TLS: it waits there, in its first seconds, until pushed out or the deadline."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(address, 0))
    assert await reader.readexactly(len(PREAMBLE)) == PREAMBLE
    return writer


async def slow_link(port: int, address: str) -> tuple[asyncio.Server, int, asyncio.Event, list[int]]:
    """A player's slow link to the table at ``port``, from ``address``: what the table sends
    arrives, what the player sends does not yet (``sent`` is set once he has sent something),
    and the table's close reaches him as it came, a FIN or a reset. Also the connections
    made through it."""
    sent, made = asyncio.Event(), []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        made.append(1)
        table_r, table_w = await asyncio.open_connection(LOOPBACK, port, local_addr=(address, 0))
        in_background(reader.read(65536)).add_done_callback(lambda _: sent.set())
        try:
            while data := await table_r.read(65536):
                writer.write(data)
        except ConnectionError:
            writer.transport.abort()
        else:
            writer.close()
        table_w.close()

    server = await asyncio.start_server(handle, LOOPBACK, 0)
    return server, server.sockets[0].getsockname()[1], sent, made


async def test_a_player_pushed_out_during_his_tls_handshake_is_told_the_table_is_busy(
        monkeypatch):
    """A full door of connections in their first seconds, and a player's TLS handshake still
    under way (a slow link) when a newcomer from another address takes his place — his
    address holds the most (``Gate._fair``). The host has no TLS session to say `busy` in,
    and only closes; the player is told the table is busy, as the door's refusal before the
    handshake says — not "cannot connect: ConnectionResetError" — once he has no more
    patience for a busy door (none here: his slow link would keep him in the handshake)."""
    import bhtui.net.tcp as tcp

    monkeypatch.setattr(tcp, "BUSY_TRIES", 0)
    monkeypatch.setattr(tcp, "MAX_HANDSHAKES", 4)
    monkeypatch.setattr(tcp, "HANDSHAKES_PER_ADDRESS", 2)
    table = Table(PRESETS["qingdao"], seed=1)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    waiting = [await at_the_door(port, a) for a in ("127.0.5.1", "127.0.5.2", "127.0.5.2")]
    link, link_port, sent, made = await slow_link(port, "127.0.5.1")
    client = Client(None, "Ana")  # type: ignore[arg-type]
    staying = in_background(stay_connected(client, LOOPBACK, link_port))
    await settle(sent.is_set)  # his TLS hello is on its way: the door is full
    waiting.append(await at_the_door(port, "127.0.5.3"))
    await asyncio.wait_for(staying, 10)
    assert client.refused == {"type": "error", "code": "busy",
                              "reason": "the table is busy with other connections: try again"}
    assert made == [1] and table.seats_taken() == 0
    for writer in waiting:
        writer.close()
    link.close()
    server.close()


async def test_a_newcomer_at_a_door_crowded_for_now_gets_in_by_himself(monkeypatch):
    """Connections that only sit at the door (a flood, or a crowd of machines all joining
    at once) fill his address's places: the door turns a newcomer away (``busy``) while they
    are in their first seconds. He is not told so at once, to try again by hand: he waits his
    turn with the back-off, his screen still "Connecting…", and is in once the places free
    up, having heard no refusal."""
    import bhtui.net.tcp as tcp

    monkeypatch.setattr(tcp, "HANDSHAKES_PER_ADDRESS", 2)
    table = Table(PRESETS["qingdao"], seed=1)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    crowd = [await at_the_door(port, LOOPBACK) for _ in range(2)]
    client = Client(None, "Ana")  # type: ignore[arg-type]
    heard: list[dict] = []
    client.listen(heard.append)
    staying = in_background(stay_connected(client, LOOPBACK, port))
    await settle(lambda: any(m["type"] == "closed" for m in heard))  # turned away once
    for writer in crowd:
        writer.close()
    await settle(lambda: client.room is not None or staying.done())
    assert client.room is not None and table.seats_taken() == 1
    assert [m for m in heard if m["type"] == "error"] == []
    staying.cancel()
    server.close()


async def test_a_spectator_too_slow_to_read_is_dropped_and_the_table_goes_on(monkeypatch):
    import bhtui.net.tcp as tcp

    monkeypatch.setattr(tcp, "SEND_BACKLOG", 32 * 1024)
    monkeypatch.setattr(tcp, "SEND_BUFFER", 8192)
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=2, rounds=4, bot_delay=0.0)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    sleeper = socket.socket()
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # and it never reads
    sleeper.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sleeper, (LOOPBACK, port))
    _, writer, _ = await open_streams(None, None, sock=sleeper, limit=1024)  # type: ignore[arg-type]
    writer.write(encode({"type": "hello", "proto": list(PROTOCOL), "role": "spectator",
                         "name": "Zz"}))
    watcher, _ = await connect(port, "Awake", "spectator")
    await settle(lambda: table.spectator_count() == 2)
    table.start()
    await settle(lambda: table.match.over)
    await settle(lambda: watcher.seq == table.seq)
    assert table.spectator_count() == 1  # the sleeper was dropped, the awake one stayed
    assert [s for s, _ in watcher.events] == list(range(1, table.seq + 1))
    sleeper.close()
    server.close()


async def flooded_table(tmp_path, limit: int, count: int, kept: int) -> tuple[list[bytes], str]:
    """A headless host (four bots, a seat free) under a descriptor limit of ``limit``,
    flooded by ``count`` silent connections from as many addresses (``flood``), then joined
    by a player, who must get the seat: what the flood was told, and the host's stderr."""
    from door_helpers import door_within, flood

    port = free_port()
    host = door_within(limit, "host", "--headless", "--bots", "4", "--bind", "127.0.0.1",
                       "--port", str(port), "--no-advertise", env={"HOME": str(tmp_path)})
    try:
        told = await flood(port, count, kept=kept)
        me = Client(TcpLink(*await open_streams("127.0.0.1", port)), "Ana")
        in_background(me.run())
        await settle(lambda: me.seat is not None or me.refused is not None)
        assert me.seat is not None, me.refused
    finally:
        host.terminate()
        _, errors = host.communicate(timeout=60)
    return told, errors


async def test_a_table_under_a_low_descriptor_limit_turns_a_flood_away_in_words(tmp_path):
    """A host under a low ``ulimit -n`` let its door accept connections until it could
    accept none: a flood from many addresses filled its log with tracebacks ("socket.accept()
    out of system resource") and its handshakes took descriptors it did not have. Its
    handshakes, spectators and listen backlog now fit the limit: the flood is told the table
    is busy, and a player still gets his seat."""
    from bhtui.net.tcp import BUSY, FD_RESERVE

    limit = FD_RESERVE + 2 * 5 + 8  # the seats', then two handshakes and six spectators
    told, errors = await flooded_table(tmp_path, limit, 600, kept=2)
    assert sum(BUSY.encode() in words or words.startswith(PREAMBLE) for words in told) \
        == 600, [words for words in told if not words.startswith(PREAMBLE)][:3]
    assert "Traceback" not in errors and "out of system resource" not in errors, errors[-2000:]


async def test_a_table_out_of_descriptors_says_so_in_a_line_and_seats_a_player(tmp_path):
    """Under a limit too low for any caps to help (14 open files), a flood runs the host out
    of descriptors in accept() itself, and asyncio logged a traceback for each try. The host
    says it in one line now and then, and the table goes on: a player still gets his seat."""
    _, errors = await flooded_table(tmp_path, 14, 100, kept=0)
    assert "bhtui: out of open files (14 allowed: ulimit -n)" in errors, errors[-2000:]
    assert "Traceback" not in errors, errors[-2000:]
