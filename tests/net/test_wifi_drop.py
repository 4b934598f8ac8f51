"""A joiner whose Wi-Fi drops: his link goes silent both ways — no FIN, no reset — while the
table waits on his move. A loopback hop between him and the table (``Hop``) stops carrying
anything, as the air does; the waits are bhtui's own, shortened (``QUICK``). No Textual: what
the client tells its screens is what its listeners hear."""

from __future__ import annotations

import asyncio
import contextlib

from bhtui.net.client import Client
from bhtui.net.liveness import Liveness
from bhtui.net.tcp import serve_table, stay_connected

from loopback import LOOPBACK, moves_of, settle
from net_helpers import in_background, people_and_bots

QUICK = {"quiet": 0.25, "deaf": 1.0}
"""A ping after a quarter of a second of silence, given up on after one (bhtui's: 10, 30 s)."""


class Hop:
    """A hop on loopback between clients and the table at ``port``: it carries bytes both
    ways until ``silence``, after which the links through it carry nothing more and end
    without a word — the kernels at both ends still answer each other's TCP, as a Wi-Fi
    link's do until keep-alive gives up — until ``declare_dead`` ends them as the kernel's
    verdict does. Links made after that are carried again (the network is back)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.links: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self.silent: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._carry, LOOPBACK, 0)
        return self.server.sockets[0].getsockname()[1]

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        far_reader, far = await asyncio.open_connection(LOOPBACK, self.port)
        self.links.append((writer, far))
        await asyncio.gather(self._pipe(reader, far, writer), self._pipe(far_reader, writer, writer))

    async def _pipe(self, reader: asyncio.StreamReader, to: asyncio.StreamWriter,
                    near: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while (data := await reader.read(65536)) and near not in self.silent:
                to.write(data)
            if near not in self.silent:
                to.close()  # (an end that closed: passed on)

    def silence(self) -> None:
        """The air goes quiet: nothing more is carried on the links made so far."""
        for near, far in self.links:
            self.silent.add(near)
            for end in (near, far):
                end.transport.pause_reading()

    def declare_dead(self) -> None:
        """What the kernel does at last to a link that went silent: it ends it, and its end
        reads an error (a reset here, a time-out there: the same to the client)."""
        for near, far in self.links:
            if near in self.silent:
                near.transport.abort()
                far.transport.abort()

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for near, far in self.links:
            near.transport.abort()
            far.transport.abort()


async def test_a_joiner_whose_link_goes_silent_is_told_then_reconnects_and_the_table_goes_on():
    """He is seated, and the table waits on his move when his link goes silent. His client,
    hearing nothing, pings; the host, hearing nothing, pings too. Once the host has answered
    nothing for ``deaf`` he is told so (the link kept: a stopped host would answer again);
    the host meanwhile lets his seat go as a lost link, and a bot plays it. When the link is
    found dead at last he is told the connection is lost, and once the network is back his
    client reconnects and takes his seat back."""
    table = people_and_bots({0}, seed=4, rounds=1, bot_delay=0.01)
    server = await serve_table(table, LOOPBACK, 0, liveness=Liveness(**QUICK))
    hop = Hop(server.sockets[0].getsockname()[1])
    through = await hop.start()
    me = Client(None, "Me", token=table.seats[0].token, liveness=Liveness(**QUICK))  # type: ignore[arg-type]
    told: list[dict] = []
    me.listen(lambda m: told.append(m) if m["type"] in ("unanswered", "closed", "welcome")
              else None)
    staying = in_background(stay_connected(me, LOOPBACK, through))
    try:
        await settle(lambda: me.my_turn)
        hop.silence()
        await settle(lambda: me.unanswered)
        assert [m["type"] for m in told] == ["welcome", "unanswered"] and told[-1]["on"]
        assert me.closed is None  # the link is kept, the notice on the screen
        await settle(lambda: table.seats[0].left_at is not None)  # the host let it go
        left = table.seats[0].left_at
        await settle(lambda: moves_of(table, 0, left or 0, table.seq))  # a bot plays it
        hop.declare_dead()
        await settle(lambda: me.closed is not None)
        assert told[-1]["type"] == "closed"
        assert me.unanswered is False  # (the lost link's note says it all now)
        await settle(lambda: me.welcomes == 2)  # the network back: in again, by itself
        assert me.seat == 0 and me.refused is None
    finally:
        staying.cancel()
        hop.close()
        server.close()
