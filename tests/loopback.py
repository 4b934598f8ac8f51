"""Clients over real sockets on loopback that keep every byte they received."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bhtui.games import get_game
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.liveness import Liveness
from bhtui.net.protocol import PROTOCOL, FrameDecoder, encode
from bhtui.net.recall import TrickRecall
from bhtui.net.secure import PREAMBLE, Credentials, host_credentials
from bhtui.net.tcp import TcpLink, open_streams, serve_table, stay_connected

from net_helpers import HANG, host_and_al, in_background, people_and_bots

LOOPBACK = "127.0.0.1"
PEERS = Path(__file__).parent / "net"
"""Where the programs a test runs as the other end live (``peer_process``)."""


async def settle(condition, limit: float = HANG) -> None:
    """Let the loop run until ``condition()`` holds, looking every few milliseconds: over
    sockets the bytes come when the kernel hands them over, and spinning would only take the
    CPU from the host processes some tests start (fails loudly if it never comes)."""
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.005)
    await asyncio.wait_for(wait(), limit)


async def keeps_going(progress, goal: int, stall: float = 30.0) -> None:
    """Wait until ``progress()`` reaches ``goal``, failing only if it stops moving for
    ``stall`` seconds: a long workload takes as long as the machine's load makes it."""
    while (seen := progress()) < goal:
        await settle(lambda seen=seen: progress() > seen, stall)


def cut(link: TcpLink) -> None:
    """Drop the connection at once, as a dropped Wi-Fi link does."""
    link.writer.transport.abort()


class Recording(TcpLink):
    """A client link that keeps every byte it received."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 ahead: bytes = b"") -> None:
        super().__init__(reader, writer, ahead)
        self.received = bytearray()  # grown in place: bytes copied it all at every read
        # the socket's two ports, while it has them (a closed TLS transport forgets them)
        self.ends = (writer.get_extra_info("sockname")[1], writer.get_extra_info("peername")[1])

    async def read(self) -> bytes:
        data = await super().read()
        self.received += data
        return data

    def cut(self) -> None:
        cut(self)


async def connect(port: int, name: str, role: str = "player", code: str | None = None,
                  token: str | None = None, address: str = LOOPBACK,
                  liveness: Liveness | None = None) -> tuple[Client, Recording]:
    """A client from ``address`` (any of 127.0.0.0/8 reaches the host), its run started."""
    rec = Recording(*await open_streams(LOOPBACK, port, local_addr=(address, 0)))
    client = Client(rec, name, role, token=token, code=code, liveness=liveness)
    in_background(client.run())
    return client, rec


async def streams(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw connection to the table at ``port``, inside its TLS: what a hand-made client
    writes and reads there is the protocol's frames."""
    reader, writer, ahead = await open_streams(LOOPBACK, port)
    assert not ahead, ahead  # the host refused us in clear (busy)
    return reader, writer


async def upgraded(writer: asyncio.StreamWriter, credentials: Credentials | None = None) -> None:
    """Be a table's host on this accepted connection: the preamble, then TLS (with the
    process's host certificate, or ``credentials``)."""
    writer.write(PREAMBLE)
    await writer.start_tls((credentials or host_credentials()).context)


async def served(table: Table) -> tuple[asyncio.Server, int]:
    """The table served on loopback at a free port: the server and its port."""
    server = await serve_table(table, LOOPBACK, 0)
    return server, server.sockets[0].getsockname()[1]


@contextlib.asynccontextmanager
async def peer_process(program: str, *args: str) -> AsyncIterator[asyncio.subprocess.Process]:
    """One of the programs in tests/net run as the other end of a link, with ``args``: it
    says what it does in JSON lines (``said``). A test may stop it (SIGSTOP) as a person's
    ctrl+z or a hung laptop would; however the test ends, it is let run and killed."""
    peer = await asyncio.create_subprocess_exec(
        sys.executable, str(PEERS / program), *args, stdout=asyncio.subprocess.PIPE)
    try:
        yield peer
    finally:
        if peer.returncode is None:
            os.kill(peer.pid, signal.SIGCONT)
            peer.kill()
        await peer.wait()


async def said(peer: asyncio.subprocess.Process, limit: float = 60) -> dict:
    """The next JSON line ``peer`` prints (only a hang takes ``limit`` seconds)."""
    assert peer.stdout is not None
    return json.loads(await asyncio.wait_for(peer.stdout.readline(), limit))


def frames(data: bytes) -> list[dict]:
    return FrameDecoder().feed(data)


def events_in(received: list[dict]) -> list[tuple[int, dict]]:
    """(seq, event) of every event a connection received, alone or in a catch-up frame."""
    out = []
    for m in received:
        if m["type"] == "event":
            out.append((m["seq"], m["event"]))
        elif m["type"] == "catchup":
            out.extend((seq, event) for seq, event in m["events"])
    return out


def close_wait(link: Recording) -> bool:
    """Whether our end of ``link`` is in CLOSE-WAIT, as `ss` shows it: the host closed the
    connection and we still hold our socket open (a file descriptor lost until we exit)."""
    ends = link.ends
    with open("/proc/net/tcp") as table:  # sl local remote state …, ports and states in hex
        return any((int(local.split(":")[1], 16), int(remote.split(":")[1], 16)) == ends
                   and state == "08"
                   for _, local, remote, state, *_ in (line.split() for line in list(table)[1:]))


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


HOST_HELLO = {"type": "hello", "proto": list(PROTOCOL), "app": "0", "id": "0123456789abcdef",
              "code": False, "table": "T", "game": "baohuang", "preset": "qingdao",
              "options": {}}
WELCOME = {"type": "welcome", "role": "player", "seat": 0, "token": "ab", "last_cid": 0,
           "seq": 0}


async def hostile_host(*messages: dict, hello: dict = HOST_HELLO, heard: bytearray | None = None
                       ) -> tuple[asyncio.Server, int, list[int]]:
    """A host on loopback that says ``hello``, waits for ours, then sends ``messages`` (each
    built with the protocol's own encoder, whatever they hold) and keeps the link open: only
    the client can end it. Its third value counts the connections made to it; what clients
    send it is kept in ``heard``."""
    links: list[int] = []
    kept = bytearray() if heard is None else heard

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        links.append(1)
        await upgraded(writer)
        writer.write(encode(hello))  # type: ignore[arg-type]
        kept.extend(await reader.read(65536))
        writer.write(b"".join(map(encode, messages)))  # type: ignore[arg-type]
        await writer.drain()
        while data := await reader.read(65536):
            kept.extend(data)
        writer.close()

    server = await asyncio.start_server(host, LOOPBACK, 0)
    return server, server.sockets[0].getsockname()[1], links


def seated(game: str = "baohuang", preset: str = "qingdao", seed: int = 3
           ) -> tuple[dict, dict, dict]:
    """What a real host of ``game`` sends seat 0 once it is to beat a set: its hello, the
    catch-up of the events so far and the view with the recall (random moves got there), as
    the wire carries them: a hostile host's frames are these with one field changed."""
    played = get_game(game)
    rules = played.rules(preset)
    match, rng = played.new_match(rules, seed, 1), random.Random(seed)
    recall = TrickRecall(played.seats(rules), played.move_of, played.counted(rules),
                         played.stand_ins)
    events = match.initial_events()
    while match.to_act != 0 or match.view(0)["phase"] != "play" or not match.view(0)["top"]:
        seat = match.to_act
        events += match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    for event in events:
        recall.feed(event)
    seats = [{"name": f"P{s}", "kind": "bot", "auto": False, "ready": True, "connected": True,
              "level": "normal"} for s in range(played.seats(rules))]
    return (
        {**HOST_HELLO, "game": played.name, "preset": preset, "options": rules.options()},
        *frames(b"".join(encode(m) for m in (  # type: ignore[arg-type]
            {"type": "catchup", "events": [[seq, played.event_for(e, 0)]
                                           for seq, e in enumerate(events, 1)]},
            {"type": "view", "seq": len(events), "view": match.view(0), "table": seats,
             "recall": recall.public(True)}))))


AFTER = {"type": "chat", "seat": None, "name": "Host", "text": "and on"}
"""What a hostile host sends after its bad message: a client that left never hears it."""


async def stay_at_hostile_host(*messages: dict, hello: dict = HOST_HELLO
                               ) -> tuple[Client, list[dict], list[int]]:
    """A client's whole stay at a ``hostile_host`` sending ``messages`` and then AFTER: it
    must end, raising nothing. The client, what its listeners heard, the connections made."""
    server, port, links = await hostile_host(*messages, AFTER, hello=hello)
    client = Client(None, "Me")  # type: ignore[arg-type]
    said: list[dict] = []
    client.listen(said.append)
    staying = in_background(stay_connected(client, LOOPBACK, port))
    await settle(lambda: staying.done() or AFTER in said)
    assert staying.done() and staying.result() is None  # it ended, raising nothing
    server.close()
    return client, said, links


# ----- a seat played by the bot while its person is away ----------------------------------
def table_of(game: str, seed: int | None = None, start: bool = True) -> Table:
    """Seat 0 reserved for a person, bots elsewhere, started unless ``start`` is False: a
    round of either game (dealt by ``seed``, else by one whose play the tests know)."""
    if game == "baohuang":
        return people_and_bots({0}, seed=5 if seed is None else seed, start=start, rounds=1,
                               bot_delay=0.01)
    ddz = get_game("doudizhu")
    seats = [Seat(name="P0", taken=True)] + [
        Seat(name=f"B{s}", bot=ddz.make_bot("heuristic", s), ready=True) for s in (1, 2)]
    table = Table(ddz.rules("classic", None), seats, game=ddz, seed=7 if seed is None else seed,
                  rounds=1, bot_delay=0.01)
    if start:
        table.start()
    return table


def moves_of(table: Table, seat: int, after: int, until: int) -> list[tuple[int, dict]]:
    """The moves (plays and passes) ``seat`` made between these event numbers."""
    return [(seq, e) for seq, e in table.buffer
            if after < seq <= until and e.get("seat") == seat and e["type"] in ("play", "pass")]


async def away_while_the_bot_plays(table: Table, port: int) -> tuple[Client, int]:
    """Me plays seat 0 (a bot on my side of the link) into the play, then my link dies:
    back once the host's bot has made two moves for my seat. My client, and the event
    number I left at."""
    me, link = await connect(port, "Me", token=table.seats[0].token)
    attach_bot(me)
    await settle(lambda: me.view is not None and me.view["phase"] == "play")
    link.cut()  # the process is killed, or the Wi-Fi goes: the host sees the link reset
    await settle(lambda: table.seats[0].conn is None)
    left = table.seats[0].left_at
    assert left is not None
    await settle(lambda: len(moves_of(table, 0, left, table.seq)) >= 2 or table.match.over)
    return me, left


def ipv6_loopback() -> None:
    """Skip, saying why, where this machine has no IPv6 loopback to test on."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError as exc:
        pytest.skip(f"no IPv6 loopback (::1) here: {exc}")


async def al_away_while_the_host_reads(game: str, seed: int, al: int
                                       ) -> tuple[Table, asyncio.Server, int, Client]:
    """The host (seat 0, on 托管: his bot plays his round, only he can close its result) and
    Al at a served two-round table (``host_and_al``); Al's terminal killed in round 1, whose
    end his bot plays. Returned once round 1 is over and the table waits on the host's
    reading: the table, its server and port, and the host's client."""
    table = host_and_al(game, seed, al)
    server, port = await served(table)
    host, _ = await connect(port, "Hosty", token=table.seats[0].token)
    await settle(lambda: host.view is not None)
    host.set_auto(True)
    _, link = await connect(port, "Al", token=table.seats[al].token)
    await settle(lambda: table.seats[al].conn is not None)
    link.cut()
    await settle(lambda: len(table.match.history) == 1)
    return table, server, port, host
