"""TCP for tables: the host's listener and connections, and the client's reconnecting link.

Limits live here because they are about sockets: a handshake deadline, a per-connection
message rate, a bound on the bytes waiting for one slow reader (it is dropped, never the
table), and caps that keep the host below its file-descriptor limit: at most MAX_HANDSHAKES
connections before their welcome and HANDSHAKES_PER_ADDRESS from one address (a newcomer
pushes the oldest out, of its address first — `net/gate.py` —, so silent connections cannot
keep a returning player away; he is turned away only while all are in their first
seconds), and as many spectators as the descriptors left allow. Seats need no room of
their own: five are always kept free. A connection the gate lets in is given the preamble
and upgraded to TLS (:mod:`bhtui.net.secure`) within the same handshake deadline; frames,
those of :mod:`bhtui.net.protocol`, travel only inside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import resource
import socket
import ssl
import sys
import time
from collections.abc import Iterable
from typing import Any, cast

from bhtui.net.client import Client, host_decoder
from bhtui.net.gate import (
    LISTEN_BACKLOG,
    OWN_FILES,
    Gate,
    exact,
    quiet_when_out_of_files,
    unbracketed,
    with_port,
)
from bhtui.net.host import Table
from bhtui.net.liveness import Liveness, answers_pings
from bhtui.net.protocol import HEADER, FrameDecoder, Message, ProtocolError, error
from bhtui.net.secure import PREAMBLE, Credentials, channel_of, client_context, host_credentials

HANDSHAKE_DEADLINE = 5.0
SEND_BACKLOG = 512 * 1024  # bytes waiting for one slow reader before it is dropped
SEND_BUFFER = 256 * 1024  # kernel bytes per connection; autotuning would allow megabytes
BYE_WAIT = 5.0
"""Seconds a stopping host gives its connections to take what waits for them and its bye
(``see_off``): a watcher behind a backlog is told the table closed, one that reads
nothing does not hold the host up."""
RATE_BURST, RATE_PER_SECOND = 400, 200.0  # floods, not fast bots: seats act only in turn
READ_CHUNK = 65536
BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
BYE_RETRY = 3  # after a bye, the back-off starts at BACKOFF[3] (2 s): a quiet, slow retry
MAX_HANDSHAKES, HANDSHAKES_PER_ADDRESS = 64, 8
FD_RESERVE = 64 + OWN_FILES  # for the log, zeroconf, the terminal; connections being let go
SILENCE, PROBE_EVERY, PROBES = 10, 5, 3
"""A link quiet for SILENCE seconds is probed every PROBE_EVERY; after PROBES unanswered (and
once sent data has gone unacknowledged that long), the kernel ends it: a Wi-Fi link that
drops without a word is found out in about 25 s, not in the quarter of an hour TCP takes."""
BUSY_TRIES = 5
"""How often a busy door is tried again before a person is told (``Client.patience``): the
back-off's first waits add up to about 8 s, past the ``Gate``'s 5 s of freshness, after which
a newcomer pushes out a connection that only sits at the door."""
BUSY = "the table is busy with other connections: try again"
"""Why the door turns a connection away (in clear, before the preamble), or pushes it out."""


def door_room(table: Table) -> tuple[int, int]:
    """The handshakes and spectators the descriptors allow, seats counted first: handshakes
    a quarter of what is left (at least one), so a low limit (macOS's 256) still seats a
    crowd of watchers; a flood beyond the handshakes is only told "busy" sooner."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_HANDSHAKES, table.max_spectators
    room = max(2, soft - FD_RESERVE - 2 * len(table.seats))
    handshakes = max(1, min(MAX_HANDSHAKES, room // 4))
    return handshakes, max(0, min(table.max_spectators, room - handshakes))


class TcpConnection:
    """The host's end of one TCP connection (the table's Connection)."""

    def __init__(self, table: Table, gate: Gate[TcpConnection], reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, credentials: Credentials,
                 liveness: Liveness) -> None:
        self.table, self.gate, self.liveness = table, gate, liveness
        self.answers_pings = False  # its hello said so (protocol 3.1 on)
        self.credentials = credentials
        self.channel = credentials.channel  # what the join code's proof is bound to
        self.stage = "clear"  # then "upgrading" (preamble sent), then "secure"
        self._upgrading: asyncio.Future[None]
        self.reader, self.writer = reader, writer
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            # asyncio turns Nagle off only for sockets it made itself (proto 6); ours came
            # from listen_socket, and Nagle's wait cost 5-30 ms per action.
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        keep_alive(sock)
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.closed_reason: str | None = None
        self._allowance = float(RATE_BURST)
        self._last = time.monotonic()

    def send_frame(self, frame: bytes) -> None:
        """Straight to the socket's buffer (no task per frame: a broadcast to hundreds costs
        hundreds of writes, nothing more); a reader that lets too much pile up is dropped."""
        if self.closed_reason is not None:
            return
        transport = self.writer.transport
        if (transport.get_write_buffer_size() + len(frame) > SEND_BACKLOG
                and not self.table.closed):  # (a closed table's last frame, its bye, goes)
            self.drop("too slow: too much waiting to be sent")
            return
        transport.write(frame)

    def close(self, reason: str) -> None:
        """Close after the frames already written (an error frame says why); mid-upgrade,
        by cancelling it (``_upgrade``)."""
        if self.closed_reason is None:
            self.closed_reason = reason
            if self.stage == "upgrading":
                self._upgrading.cancel()
            else:
                self.writer.close()

    async def ended(self) -> None:
        """Once the socket is closed: all that was written has gone (or the link broke)."""
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()

    def refuse(self, code: str, reason: str) -> None:
        """Say why and close; mid-upgrade nothing can be said (a frame in clear would break
        the client's TLS), so the connection just closes."""
        if self.stage != "upgrading":
            self.send_frame(error(code, reason))
        self.close(reason)

    def drop(self, reason: str) -> None:
        """Let it go as a lost link (no frame: it would not be read) — too slow, or not
        answering: the table's leaving runs, a bot plays the seat, and the client
        reconnects once it can."""
        if self.stage == "upgrading":
            self.close(reason)
            return
        self.closed_reason = self.closed_reason or reason
        self.writer.transport.abort()
        asyncio.get_running_loop().call_soon(self.table.leave, self)

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self._allowance = min(RATE_BURST, self._allowance + (now - self._last) * RATE_PER_SECOND)
        self._last = now
        self._allowance -= 1
        return self._allowance >= 0

    async def serve(self) -> None:
        closing = self.gate.enter(self, self.address)
        for conn in closing:
            conn.refuse("busy", BUSY)
        if self in closing:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.call_later(HANDSHAKE_DEADLINE, self._handshake_late)
        decoder = FrameDecoder()
        try:
            if not await self._upgrade(deadline.when() - loop.time()):
                return
            self.table.connect(self, self.address)
            while self.closed_reason is None:
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    break
                self.liveness.heard(self)
                try:
                    messages = decoder.feed(data)
                except ProtocolError as exc:
                    self.refuse("protocol", str(exc))
                    break
                for message in messages:
                    if self.closed_reason is not None:
                        break
                    if not self._within_rate():
                        self.refuse("protocol", "too many messages: slow down")
                        break
                    if message["type"] == "pong":
                        continue  # (heard: that was all it said)
                    if message["type"] == "hello" and self in self.table.pending:
                        self.answers_pings = answers_pings(message)
                    self.table.receive(self, message)
                if self.answers_pings and self in self.table.viewers:
                    self.liveness.watch(self)
                if self not in self.table.pending:
                    self.gate.leave(self)
        except (ConnectionError, OSError):
            pass
        finally:
            deadline.cancel()
            self.liveness.forget(self)
            self.gate.leave(self)
            self.table.leave(self)
            self.close("connection ended")

    async def _upgrade(self, seconds: float) -> bool:
        """The preamble, then TLS as the server: whether it is up. A client that never
        completes the handshake is dropped when the deadline comes, as a silent one is.
        Nothing closes the socket under a pending upgrade (asyncio then fails inside
        ``start_tls``): a refusal meanwhile cancels it (``close``), and the cancelled
        upgrade closes the socket itself."""
        self.stage = "upgrading"
        # Read nothing in clear from here: the client's TLS hello follows the preamble at
        # once, and bytes the plain stream took first would be lost to the handshake (it
        # stalled to the deadline whenever the upgrade's task started a moment late).
        cast(asyncio.Transport, self.writer.transport).pause_reading()
        self.writer.write(PREAMBLE)
        self._upgrading = asyncio.ensure_future(asyncio.wait_for(
            self.writer.start_tls(self.credentials.context), max(seconds, 0.1)))
        try:
            await self._upgrading
        except asyncio.CancelledError:
            if not self._upgrading.cancelled() or asyncio.current_task().cancelling():  # type: ignore[union-attr]
                raise  # the host is stopping, not a refusal of ours
            return False
        except (ConnectionError, OSError, TimeoutError):  # ssl.SSLError is an OSError
            self.closed_reason = self.closed_reason or "no TLS handshake"
            self.writer.transport.abort()
            return False
        self.stage = "secure"
        return self.closed_reason is None

    def _handshake_late(self) -> None:
        if self in self.table.pending:  # (a TLS handshake's own deadline ends it: _upgrade)
            self.table.leave(self)
            self.refuse("protocol", f"no hello within {HANDSHAKE_DEADLINE:g} s")


async def see_off(connections: Iterable[object], seconds: float = BYE_WAIT) -> None:
    """Wait until the TCP ``connections`` told ``bye`` have sent it and closed, at most
    ``seconds``; those still open then are cut. A process that ended at once lost what it
    still held for a reader behind — his bye last of all — and he reconnected for ever."""
    closing = [c for c in connections if isinstance(c, TcpConnection)]
    if not closing:
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(c.ended() for c in closing)), seconds)
    for conn in closing:
        conn.writer.transport.abort()


def keep_alive(sock: socket.socket | None) -> None:
    """Have the kernel find out a peer gone silent (``SILENCE``): a laptop whose Wi-Fi
    dropped, or that went to sleep, sends no reset, and its half-open link would hold a
    seat the table waits on, and leave its client looking at a table that never moves.
    Found out, the link ends like any other: the host lets a bot play the seat until its
    person is back, and the client reconnects. Options a system lacks are left out
    (``TCP_KEEPALIVE`` is macOS's idle time, ``TCP_USER_TIMEOUT`` Linux's bound on
    unacknowledged data — and on a zero window: a stopped client whose buffer is full is
    let go too, and comes back when it runs)."""
    if sock is None:  # (a transport without a socket of its own)
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", SILENCE), ("TCP_KEEPALIVE", SILENCE),
                        ("TCP_KEEPINTVL", PROBE_EVERY), ("TCP_KEEPCNT", PROBES),
                        ("TCP_USER_TIMEOUT", (SILENCE + PROBE_EVERY * PROBES) * 1000)):
        option = getattr(socket, name, None)
        if option is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


def listen_socket(host: str, port: int) -> socket.socket:
    """Bind before anything else starts, so a port in use is one clear error (OSError, a
    name nothing answers for a ``socket.gaierror``, its errno negative). A name is looked up
    in both families and bound at the address the system puts first, as a joiner's
    connection tries it first (looked up as IPv4 alone, a name of only an IPv6 address was
    not found, and ``localhost`` bound 127.0.0.1 where the resolver gives ::1 first, so
    that `bhtui join localhost:PORT` found nothing there). Every IPv6 address (``::``)
    takes IPv4 too where the system allows it (dual stack), so the LAN's IPv4 machines
    still join."""
    family, _, _, _, address = socket.getaddrinfo(
        unbracketed(host), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    every = family == socket.AF_INET6 and ipaddress.ip_address(address[0]).is_unspecified
    return socket.create_server(address, family=family, backlog=LISTEN_BACKLOG,
                                dualstack_ipv6=every and socket.has_dualstack_ipv6())


def door_listening(host: str, port: int) -> dict[str, Any]:
    """Where a door (`serve-ssh`, `serve-web`) listens, as the keywords of asyncio's and
    asyncssh's ``create_server``: every IPv6 address (``::``) on a socket of its own that
    takes IPv4 too, as a table's does (their servers make each IPv6 socket IPv6-only, and
    the LAN's IPv4 machines found no door); any other ``host`` as they bind it (a name at
    every address it has)."""
    try:
        every = ipaddress.ip_address(unbracketed(host)) == ipaddress.IPv6Address("::")
    except ValueError:
        every = False
    return {"sock": listen_socket(host, port)} if every else {"host": host, "port": port}


async def serve_table(table: Table, host: str = "", port: int = 0,
                      sock: socket.socket | None = None,
                      liveness: Liveness | None = None) -> asyncio.Server:
    """Listen for players and spectators of ``table`` on ``sock``, or on ``host:port``
    (port 0: any free); ``liveness`` pings its clients (the standard one by default)."""
    handshakes, table.max_spectators = door_room(table)
    quiet_when_out_of_files(asyncio.get_running_loop(),
                            lambda words: print(f"bhtui: {words}", file=sys.stderr, flush=True))
    gate: Gate[TcpConnection] = Gate(handshakes, min(HANDSHAKES_PER_ADDRESS, handshakes),
                                      group=exact)  # (a LAN: one /64 is the house)
    liveness = liveness or Liveness()
    credentials = host_credentials()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(asyncio.CancelledError):  # the host is shutting down
            await TcpConnection(table, gate, reader, writer, credentials, liveness).serve()

    if sock is not None:
        server = await asyncio.start_server(handle, sock=sock, limit=READ_CHUNK)
    else:
        server = await asyncio.start_server(handle, host, port, limit=READ_CHUNK,
                                            backlog=LISTEN_BACKLOG)
    bound, listening = server.sockets[0].getsockname()[:2]
    table.address = (bound, listening)  # in the log's header: a resume opens the same door
    return server


class TcpLink:
    """The client's end: bytes in and out of one socket, inside TLS once the host's preamble
    came (``channel``: the digest of the certificate the host showed)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 ahead: bytes = b"") -> None:
        self.reader, self.writer = reader, writer
        tls = writer.get_extra_info("ssl_object")
        self.private, self.channel = tls is not None, channel_of(tls)
        self._ahead = ahead  # read before the streams were ours (``open_streams``)

    def write(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    async def read(self) -> bytes:
        if self._ahead:
            ahead, self._ahead = self._ahead, b""
            return ahead
        try:
            return await self.reader.read(READ_CHUNK)
        except (ConnectionError, OSError):
            return b""

    def disconnect(self) -> None:
        """Hang up: the reading side ends as after a lost link."""
        self.writer.close()


class TurnedAway(ConnectionResetError):
    """The table closed the connection after its preamble, before TLS was up: its door pushed
    us out mid-handshake (a newcomer took our place at a full door: ``Gate``), or it stopped
    at that moment. (A handshake slower than the host's deadline meets our own shorter
    timeout first: ``unreachable``'s ``timeout``.) No frame can say ``busy`` then — no TLS
    session yet, and a frame in clear would break the handshake —, so this is that refusal
    (``stay_connected``)."""


class NotATable(OSError):
    """What answered sends neither the preamble nor a frame: another program, not a table
    (``unreachable`` names it; an older bhtui's frames in clear are ``Client``'s to refuse)."""


async def open_streams(host: str, port: int, timeout: float = 5.0, **connection: object
                       ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
    """A connection to a table, upgraded to TLS once its host's preamble came, and the
    bytes read ahead of the streams (b"" then). A host that speaks frames in clear instead —
    one refusing before the upgrade (busy), or an older bhtui (whose hello the client
    declines to answer: ``Client``) — leaves them in clear, its first bytes the third value,
    to be read before the reader's."""
    async def connect(writer: asyncio.StreamWriter, reader: asyncio.StreamReader
                      ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
        first = await _up_to(reader, HEADER)  # a frame's length (the preamble is a frame)
        if first == PREAMBLE[:HEADER]:
            first += await _up_to(reader, len(PREAMBLE) - HEADER)
            if first == PREAMBLE:
                try:
                    await writer.start_tls(client_context())
                except (ConnectionError, ssl.SSLEOFError) as exc:
                    raise TurnedAway(f"{with_port(host, port)} closed the connection during the TLS "
                                     "handshake") from exc
                return reader, writer, b""
        if not first:
            raise ConnectionResetError("the table closed the connection at once")
        if first[:1] == b"\x00":  # a frame's length header: no frame reaches 16 MiB
            return reader, writer, first
        raise NotATable(f"{with_port(host, port)} did not answer as a bhtui table")

    async def opened() -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
        reader, writer = await asyncio.open_connection(host, port, **connection)  # type: ignore[arg-type]
        keep_alive(writer.get_extra_info("socket"))
        try:
            return await connect(writer, reader)
        except BaseException:
            writer.transport.abort()  # never left for the garbage collector to close
            raise
    return await asyncio.wait_for(opened(), timeout)


async def _up_to(reader: asyncio.StreamReader, n: int) -> bytes:
    """The next ``n`` bytes, or fewer where the connection ends first."""
    try:
        return await reader.readexactly(n)
    except asyncio.IncompleteReadError as exc:
        return exc.partial


async def open_link(host: str, port: int, timeout: float = 5.0) -> TcpLink:
    """A link to the table at ``host`` (an IPv6 address with or without its brackets)."""
    return TcpLink(*await open_streams(unbracketed(host), port, timeout))


async def ask_table(host: str, port: int, timeout: float = 5.0) -> Message | None:
    """What a table says of itself before anything is asked of it, its ``hello`` (its name,
    game and rules, whether it needs a join code), its door left at once: the doors' table
    menu shows it before the visitor gives his name, and a table that does not answer is
    said before he types one. None when the table runs but says no hello (its door full, a
    frame that is none); TimeoutError or OSError where nothing, or no table, answers
    (``unreachable`` says which)."""
    try:
        link = await open_link(host, port, timeout)
    except TurnedAway:
        return None  # a full door: the table runs
    decoder = host_decoder()
    try:
        async with asyncio.timeout(timeout):
            while data := await link.read():
                if messages := decoder.feed(data):
                    return messages[0] if messages[0]["type"] == "hello" else None
    except ProtocolError:
        pass
    finally:
        link.disconnect()
    return None


async def stay_connected(client: Client, host: str, port: int,
                         on_link: object = None) -> None:
    """Run the client, reconnecting with back-off after a lost link, until the host refuses
    us (wrong code, full table) or breaks the protocol, we left the table (``leave``), or the
    task is cancelled. Resumes
    from the last event seen.
    After a ``bye`` (the host closed the table) it goes on trying, slowly (the back-off from
    BACKOFF[BYE_RETRY] on), so the seat is taken back by itself when the same table resumes.
    A table never reached at all is a failure the client is told about (``unreachable``),
    not an endless "Connecting…"; one whose door pushed us out during the TLS handshake is
    ``busy``, as its refusal before the handshake would say (``TurnedAway``). A busy door is
    tried again BUSY_TRIES times before the client is told, since it lets a newcomer in once
    those crowding it have sat there a few seconds (``Gate``)."""
    attempt = 0
    reached = False
    client.patience = BUSY_TRIES
    while True:
        try:
            link = await open_link(host, port)
        except (TimeoutError, OSError) as exc:
            if isinstance(exc, TurnedAway) and not reached and client.patience:
                client.patience -= 1  # wait our turn at a full door, as for its refusal
            elif not reached:
                if isinstance(exc, TurnedAway):
                    client.fail("busy", BUSY)
                else:
                    why, reason = unreachable(host, port, exc)
                    client.fail("unreachable", reason, why=why, address=with_port(host, port))
                return
            link = None
        if link is not None:
            if callable(on_link):
                on_link(link)
            welcomes, patience = client.welcomes, client.patience
            await client.run(link)
            if client.leaving:  # the host closed it for my leave: nothing to come back to
                return
            reached = reached or client.patience == patience  # (a busy door's no: not yet)
            if client.closed_by_host and client.view is not None:  # a match: it may resume
                attempt = max(attempt, BYE_RETRY)
            elif client.refused is not None:
                return
            elif client.welcomes != welcomes:  # it let us in: the back-off starts again
                attempt = 0
        await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
        attempt += 1


def unreachable(host: str, port: int, exc: BaseException) -> tuple[str, str]:
    """Why a table could not be reached, and what to try: (kind, sentence)."""
    where = with_port(host, port)
    if isinstance(exc, ConnectionRefusedError):
        return "refused", (f"nothing answers on {where} (connection refused): is the "
                           "table running, and is that the port `bhtui host` printed?")
    if isinstance(exc, TimeoutError):
        return "timeout", (f"no answer from {where}: check the address, that you are on "
                           "the same network, and that the host's firewall lets the port in")
    if isinstance(exc, NotATable):
        return "stranger", (f"what answers on {where} is not a bhtui table: is that the "
                            "port `bhtui host` printed?")
    if isinstance(exc, socket.gaierror):
        return "name", f"cannot find the machine {host!r}: check the name, or use its address"
    detail = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return "other", f"cannot connect to {where}: {detail}"
