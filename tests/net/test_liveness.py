"""A client whose program stops while its link stays up (ctrl+z, a hung terminal) no longer
holds the table: the host pings a silent client, and lets one go that answers nothing for
``deaf`` seconds, as a dropped link — a bot plays the seat until its person is back. A
client that runs answers by itself however long its person thinks; one of protocol 3.0,
which cannot answer, is never asked. Real sockets on loopback, a real stopped process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.liveness import Liveness
from bhtui.net.protocol import encode
from bhtui.net.tcp import serve_table
from bhtui.rules import PRESETS

from loopback import LOOPBACK, connect, frames, moves_of, served, settle, streams

HERE = Path(__file__).parent
QUICK = {"quiet": 0.25, "deaf": 1.0}
"""The host's waits, shortened: a ping after a quarter of a second of silence, let go after
one (the host's own are 10 and 30 s)."""


def types(received: bytes | bytearray) -> list[str]:
    """The types of the messages in ``received``, in order."""
    return [m["type"] for m in frames(bytes(received))]


def pings(received: bytes | bytearray) -> int:
    return types(received).count("ping")


async def test_R_AUTO_1_a_player_whose_program_stops_no_longer_holds_the_table():
    """The person takes seat 0 and makes no move; once his program is stopped (its kernel
    still keeps the link up) the host lets it go as a lost connection, a bot plays his seat
    and the round ends; let run again, his client knows its link is gone, so it reconnects.
    Before, the table waited on his move for as long as the stop lasted."""
    seats = [Seat()] + [Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True)
                        for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=4, rounds=1, bot_delay=0.01)
    server = await serve_table(table, LOOPBACK, 0, liveness=Liveness(**QUICK))
    port = server.sockets[0].getsockname()[1]
    peer = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "silent_peer.py"), LOOPBACK, str(port),
        stdout=asyncio.subprocess.PIPE)
    assert peer.stdout is not None
    try:
        said = await asyncio.wait_for(peer.stdout.readline(), 60)
        assert json.loads(said) == {"seated": 0}
        table.start()
        await settle(lambda: table.match is not None and table.match.view(0)["to_act"] == 0)
        os.kill(peer.pid, signal.SIGSTOP)
        await settle(lambda: table.match is not None and table.match.over, 60)
        left = table.seats[0].left_at
        assert left is not None and moves_of(table, 0, left, table.seq), "the bot played"
        os.kill(peer.pid, signal.SIGCONT)
        lost = await asyncio.wait_for(peer.stdout.readline(), 30)
        assert json.loads(lost) == {"lost": True}
    finally:
        if peer.returncode is None:
            os.kill(peer.pid, signal.SIGCONT)
            peer.kill()
        await peer.wait()
        server.close()


async def test_a_client_that_runs_stays_however_long_its_person_thinks():
    """A seated person thinking, and a watcher, send nothing for many times ``deaf``: their
    clients answer each ping by themselves and stay. A client of protocol 3.0 (the example
    bot, another program) cannot answer: it is never pinged, nor let go for its silence."""
    table = Table(PRESETS["qingdao"], [Seat(name="P0", taken=True)] + [
        Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True) for s in range(1, 5)],
        seed=4, rounds=1, bot_delay=0.01)
    table.start()
    server = await serve_table(table, LOOPBACK, 0, liveness=Liveness(**QUICK))
    port = server.sockets[0].getsockname()[1]
    me, mine = await connect(port, "Me", token=table.seats[0].token)
    _, watching = await connect(port, "Wu", "spectator")
    reader, writer = await streams(port)
    writer.write(encode({"type": "hello", "proto": [3, 0], "app": "other", "role": "spectator",
                         "name": "Old"}))
    old = bytearray()

    async def read_old() -> None:
        while data := await reader.read(65536):
            old.extend(data)

    reading = asyncio.ensure_future(read_old())
    await settle(lambda: me.seat == 0 and len(table.viewers) == 3)
    await settle(lambda: pings(mine.received) >= 6 and pings(watching.received) >= 6)  # 1.5 s: > deaf
    assert table.seats[0].conn is not None and len(table.viewers) == 3
    assert table.match is not None and table.match.view(0)["to_act"] == 0  # still his turn
    assert not reading.done() and pings(old) == 0 and frames(bytes(old))[0]["type"] == "hello"
    reading.cancel()
    writer.close()
    server.close()


class Watched:
    """A connection as the host's liveness sees it: what it was sent, why it was let go."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.dropped: str | None = None

    def send_frame(self, frame: bytes) -> None:
        self.sent.append(frame)

    def drop(self, reason: str) -> None:
        self.dropped = reason


async def test_a_host_whose_own_program_was_held_up_lets_nobody_go_for_it():
    """When the host's loop was held up past ``deaf`` (a swap storm, its laptop's lid), the
    clients' answers may be waiting unread in its sockets: the late look pings everyone
    afresh and lets nobody go; only silence after that counts."""
    live = Liveness(quiet=0.2, deaf=0.6)
    conn = Watched()
    live.watch(conn)
    time.sleep(1.0)  # the host's own loop held up (nothing of its runs meanwhile)
    await settle(lambda: conn.sent, 10)
    assert conn.dropped is None and {m["type"] for m in frames(b"".join(conn.sent))} == {"ping"}
    await settle(lambda: conn.dropped is not None, 10)  # then, silent for deaf: let go


async def test_the_host_answers_a_clients_ping_at_once_and_keeps_it():
    """Protocol 3.2: a client that heard nothing for a while asks its host, which answers
    with a ``pong`` and goes on; before, a ``ping`` from a client was an unknown message,
    and the host closed the link with ``protocol``."""
    table = Table(PRESETS["qingdao"], seed=4)
    server, port = await served(table)
    me, mine = await connect(port, "Wu", "spectator")
    await settle(lambda: me.room is not None)
    mine.write(encode({"type": "ping"}))
    await settle(lambda: "pong" in types(mine.received) or me.closed is not None)
    assert me.refused is None and me.closed is None and len(table.viewers) == 1
    server.close()
