"""A table client: sends commands, keeps the latest view and the numbered event log.

Used by the screen, by tests and by bots over the wire alike. Transport-agnostic: anything
with ``write(bytes)`` and ``async read() -> bytes`` (b"" at the end) will do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bhtui.net.protocol import FrameDecoder, Message, ProtocolError, client_hello, encode


class Link(Protocol):
    def write(self, data: bytes) -> None: ...
    async def read(self) -> bytes: ...


Listener = Callable[[Message], None]


class Client:
    """One viewer of a table: a seat or a spectator."""

    def __init__(self, link: Link, name: str, role: str = "player",
                 token: str | None = None) -> None:
        self.link = link
        self.name = name
        self.role = role
        self.token = token
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.table: list[dict[str, Any]] = []
        self.seq = 0
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.gaps = 0
        self.closed: str | None = None
        self._cid = 0
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        """Called with every message after the client's own state is updated."""
        self._listeners.append(listener)

    async def run(self) -> None:
        """Say hello, then read frames until the link ends."""
        self.link.write(encode(client_hello(self.name, self.role, self.token)))
        decoder = FrameDecoder()
        while True:
            data = await self.link.read()
            if not data:
                self._dispatch({"type": "closed", "reason": self.closed or "connection closed"})
                return
            try:
                messages = decoder.feed(data)
            except ProtocolError as exc:
                self._dispatch({"type": "closed", "reason": str(exc)})
                return
            for message in messages:
                self._dispatch(message)

    def _dispatch(self, message: Message) -> None:
        kind = message["type"]
        if kind == "hello":
            self.seat = message.get("seat")
            self.token = message.get("token") or self.token
            self._cid = max(self._cid, message.get("last_cid") or 0)  # ids go on after a rejoin
        elif kind == "event":
            seq = message["seq"]
            if self.events and seq != self.events[-1][0] + 1:
                self.gaps += 1
            self.events.append((seq, message["event"]))
        elif kind == "view":
            self.view = message["view"]
            self.table = message.get("table", [])
            self.seq = message["seq"]
        elif kind == "closed":
            self.closed = message["reason"]
        for listener in list(self._listeners):
            listener(message)

    def _next_cid(self) -> int:
        self._cid += 1
        return self._cid

    def act(self, action: dict[str, Any]) -> int:
        """Send an action answering the latest view; returns its command id."""
        cid = self._next_cid()
        self.link.write(encode({"type": "action", "cid": cid, "seq": self.seq, "action": action}))
        return cid

    def ask_hint(self) -> int:
        cid = self._next_cid()
        self.link.write(encode({"type": "hint", "cid": cid}))
        return cid

    def set_auto(self, on: bool) -> None:
        self.link.write(encode({"type": "auto", "on": on}))

    def chat(self, text: str) -> None:
        self.link.write(encode({"type": "chat", "text": text}))

    def ready(self) -> None:
        self.link.write(encode({"type": "ready"}))

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.seat is not None and self.view["to_act"] == self.seat
