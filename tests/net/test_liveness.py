"""A client whose program stops while its link stays up (ctrl+z, a hung terminal) no longer
holds the table: the host pings a silent client, and lets one go that answers nothing for
``deaf`` seconds, as a dropped link — a bot plays the seat until its person is back. A
client that runs answers by itself however long its person thinks; one of protocol 3.0,
which cannot answer, is never asked. The other way round, a client asks a host it has heard
nothing from, and tells its person when the host has answered nothing for ``deaf`` seconds,
keeping the link: the table goes on when the host runs again. Real sockets on loopback, a
real stopped process."""

from __future__ import annotations

import asyncio
import os
import signal
import time

from bhtui.bots import make_bot
from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.liveness import Liveness
from bhtui.net.protocol import encode
from bhtui.net.tcp import serve_table
from bhtui.rules import PRESETS

from loopback import (
    HOST_HELLO,
    LOOPBACK,
    WELCOME,
    connect,
    frames,
    hostile_host,
    moves_of,
    peer_process,
    said,
    served,
    settle,
    streams,
)
from net_helpers import Tap, in_background, people_and_bots

QUICK = {"quiet": 0.25, "deaf": 1.0}
"""The waits, shortened: a ping after a quarter of a second of silence, given up on after
one (bhtui's own are 10 and 30 s)."""


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
    async with peer_process("silent_peer.py", LOOPBACK, str(port)) as peer:
        assert await said(peer) == {"seated": 0}
        table.start()
        await settle(lambda: table.match is not None and table.match.view(0)["to_act"] == 0)
        os.kill(peer.pid, signal.SIGSTOP)
        await settle(lambda: table.match is not None and table.match.over, 60)
        left = table.seats[0].left_at
        assert left is not None and moves_of(table, 0, left, table.seq), "the bot played"
        os.kill(peer.pid, signal.SIGCONT)
        assert await said(peer) == {"lost": True}
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


def told(client: Client) -> list[dict]:
    """What ``client`` tells its listeners about its host's silence, from now on."""
    heard: list[dict] = []
    client.listen(lambda m: heard.append(m) if m["type"] == "unanswered" else None)
    return heard


async def test_a_client_whose_host_stops_is_told_so_and_the_table_goes_on_when_it_runs():
    """The host's program is stopped while the table waits on the person at seat 0 (its
    kernel keeps the links up): he and a watcher, who asked and heard nothing for ``deaf``
    seconds, are told the host does not answer, and their links stay. The move he makes
    meanwhile is not lost: let run again, the host answers, reads it and plays on, and they
    are told it answers again — on the same links, no event missed. Before, they were told
    nothing, however long the stop."""
    async with peer_process("quiet_host.py") as host:
        where = await said(host)
        me, _ = await connect(where["port"], "Me", token=where["token"],
                              liveness=Liveness(**QUICK))
        wu, _ = await connect(where["port"], "Wu", "spectator", liveness=Liveness(**QUICK))
        mine, watching = told(me), told(wu)
        await settle(lambda: me.my_turn and wu.view is not None and wu.seq == me.seq)
        os.kill(host.pid, signal.SIGSTOP)
        await settle(lambda: me.unanswered and wu.unanswered)
        assert mine == watching == [{"type": "unanswered", "on": True}]
        assert me.closed is None and wu.closed is None  # the links are kept
        game, seq = get_game(me.game), me.seq
        me.act(game.remote_decide(game.make_bot(game.standard_bot), me.view))
        os.kill(host.pid, signal.SIGCONT)
        await settle(lambda: me.seq > seq and wu.seq > seq)  # my move, read once it ran
        assert mine == watching == [{"type": "unanswered", "on": True},
                                    {"type": "unanswered", "on": False}]
        assert me.welcomes == wu.welcomes == 1 and me.gaps == wu.gaps == 0
        assert me.refused is None and wu.refused is None


def pongs(received: bytes | bytearray) -> int:
    return types(received).count("pong")


def local_pongs(tap: Tap) -> int:
    return sum(m["type"] == "pong" for m in tap.messages())


async def test_a_quiet_table_is_no_silent_host_and_an_older_host_is_never_asked():
    """Everyone thinking, nothing moves for many times ``deaf``: the clients ask, the host
    answers each time, over TCP and in process (a local game's person thinking long is not
    put out for a ping), and nobody is told anything. A host of protocol 3.1 would close the
    link on a ping, and never answers one: it is never asked, nor its silence named."""
    table = people_and_bots({0}, seed=4, bot_delay=0.01)
    server, port = await served(table)
    me, mine = await connect(port, "Me", token=table.seats[0].token, liveness=Liveness(**QUICK))
    tap = Tap(table)
    local = Client(tap, "Wu", "spectator", liveness=Liveness(**QUICK))
    in_background(local.run())
    heard = bytearray()
    older, older_port, _ = await hostile_host(WELCOME, hello={**HOST_HELLO, "proto": [3, 1]},
                                              heard=heard)
    old, _ = await connect(older_port, "Old", liveness=Liveness(**QUICK))
    said_to = [told(me), told(local), told(old)]
    await settle(lambda: me.my_turn and local.view is not None and old.seat == 0)
    answered = pongs(mine.received), local_pongs(tap)
    await settle(lambda: pongs(mine.received) >= answered[0] + 6  # 1.5 s of silence: more
                 and local_pongs(tap) >= answered[1] + 6)        # than deaf
    assert types(heard) == ["hello"]  # never asked
    assert said_to == [[], [], []] and me.my_turn and len(table.viewers) == 2
    server.close()
    older.close()
