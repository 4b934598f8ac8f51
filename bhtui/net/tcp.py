"""TCP for tables: the host's listener and connections, and the client's reconnecting link.

Limits live here because they are about sockets: a handshake deadline, a per-connection
message rate, and a bounded send queue per connection — a viewer too slow to keep up is
dropped, never the table. Frames are those of :mod:`bhtui.net.protocol`.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time

from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.protocol import FrameDecoder, ProtocolError, encode

HANDSHAKE_DEADLINE = 5.0
SEND_QUEUE = 1024  # frames waiting for one slow reader before it is dropped
SEND_BUFFER = 256 * 1024  # kernel bytes per connection; autotuning would allow megabytes
RATE_BURST, RATE_PER_SECOND = 400, 200.0  # floods, not fast bots: seats act only in turn
READ_CHUNK = 65536
BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class TcpConnection:
    """The host's end of one TCP connection (the table's Connection)."""

    def __init__(self, table: Table, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.table = table
        self.reader, self.writer = reader, writer
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=SEND_QUEUE)
        self.closed_reason: str | None = None
        self._allowance = float(RATE_BURST)
        self._last = time.monotonic()

    def send_frame(self, frame: bytes) -> None:
        if self.closed_reason is not None:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self._abort("too slow: the send queue is full")

    def close(self, reason: str) -> None:
        """Close after the frames already queued (an error frame says why)."""
        if self.closed_reason is None:
            self.closed_reason = reason
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    def _abort(self, reason: str) -> None:
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
        loop = asyncio.get_running_loop()
        self.table.connect(self, self.address)
        writing = asyncio.create_task(self._write_loop())
        deadline = loop.call_later(HANDSHAKE_DEADLINE, self._handshake_late)
        decoder = FrameDecoder()
        try:
            while self.closed_reason is None:
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    break
                try:
                    messages = decoder.feed(data)
                except ProtocolError as exc:
                    self._refuse(str(exc))
                    break
                for message in messages:
                    if self.closed_reason is not None:
                        break
                    if not self._within_rate():
                        self._refuse("too many messages: slow down")
                        break
                    self.table.receive(self, message)
        except (ConnectionError, OSError):
            pass
        finally:
            deadline.cancel()
            self.table.leave(self)
            self.close("connection ended")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writing, 2.0)
            self.writer.close()

    def _refuse(self, reason: str) -> None:
        self.send_frame(encode({"type": "error", "code": "protocol", "reason": reason}))
        self.close(reason)

    def _handshake_late(self) -> None:
        if self in self.table.pending:  # the writer sends the reason, then closes
            self._refuse(f"no hello within {HANDSHAKE_DEADLINE:g} s")

    async def _write_loop(self) -> None:
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    break
                self.writer.write(frame)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.writer.close()


async def serve_table(table: Table, host: str, port: int) -> asyncio.Server:
    """Listen for players and spectators of ``table`` on ``host:port`` (port 0: any free)."""
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(asyncio.CancelledError):  # the host is shutting down
            await TcpConnection(table, reader, writer).serve()

    return await asyncio.start_server(handle, host, port, limit=READ_CHUNK)


class TcpLink:
    """The client's end: bytes in and out of one socket."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    def write(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    async def read(self) -> bytes:
        try:
            return await self.reader.read(READ_CHUNK)
        except (ConnectionError, OSError):
            return b""

    def cut(self) -> None:
        """Drop the connection at once (tests: a dropped Wi-Fi link)."""
        self.writer.transport.abort()


async def open_link(host: str, port: int, timeout: float = 5.0) -> TcpLink:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    return TcpLink(reader, writer)


async def stay_connected(client: Client, host: str, port: int,
                         on_link: object = None) -> None:
    """Run the client, reconnecting with back-off after a lost link, until the host refuses
    us (wrong code, full table) or the task is cancelled. Resumes from the last event seen."""
    attempt = 0
    while True:
        try:
            link = await open_link(host, port)
        except (TimeoutError, OSError):
            link = None
        if link is not None:
            if callable(on_link):
                on_link(link)
            seen_before = client.last_seq
            await client.run(link)
            if client.refused is not None:
                return
            if client.last_seq != seen_before or client.view is not None:
                attempt = 0
        await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
        attempt += 1
