"""An in-memory transport carrying the same encoded frames as TCP, for local games."""

from __future__ import annotations

import asyncio

from bhtui.net.host import Table
from bhtui.net.protocol import FrameDecoder, ProtocolError
from bhtui.net.seats import IN_PROCESS


class MemoryLink:
    """Both ends of one connection: the client writes and reads bytes; the table gets frames.

    Delivery to the host goes through ``call_soon`` so a command is never handled inside the
    client's own call, just as with a socket.
    """

    def __init__(self, table: Table, admin: bool = False) -> None:
        self.table = table
        self.admin = admin  # the host's own screen: no join code, runs the waiting room
        self.private, self.channel = True, b""  # in process: nobody between the two ends
        self._to_client: asyncio.Queue[bytes] = asyncio.Queue()
        self._decoder = FrameDecoder()
        self.closed_reason: str | None = None
        table.connect(self, IN_PROCESS)

    # client side
    def write(self, data: bytes) -> None:
        if self.closed_reason is None:
            asyncio.get_running_loop().call_soon(self._host_receive, data)

    async def read(self) -> bytes:
        """Next frame for the client; b"" once the host closed the link."""
        return await self._to_client.get()

    def disconnect(self) -> None:
        if self.closed_reason is None:
            self.closed_reason = "client left"
            self.table.leave(self)

    # host side (the table's Connection)
    def send_frame(self, frame: bytes) -> None:
        if self.closed_reason is None:
            self._to_client.put_nowait(frame)

    def close(self, reason: str) -> None:
        if self.closed_reason is None:
            self.closed_reason = reason
            self._to_client.put_nowait(b"")

    def _host_receive(self, data: bytes) -> None:
        if self.closed_reason is not None:
            return
        try:
            messages = self._decoder.feed(data)
        except ProtocolError as exc:
            self.close(str(exc))
            self.table.leave(self)
            return
        for message in messages:
            if self.closed_reason is None:
                self.table.receive(self, message)
