"""A table client: handshake, the latest view or waiting room, and the numbered event log.

Used by the screen, by tests and by bots over the wire alike. Transport-agnostic: anything
with ``write(bytes)`` and ``async read() -> bytes`` (b"" at the end) will do. The same client
object survives reconnects: ``run`` may be called again on a new link and resumes from the
last event number it saw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bhtui.net.host import code_proof
from bhtui.net.protocol import FrameDecoder, Message, ProtocolError, client_hello, encode


class Link(Protocol):
    def write(self, data: bytes) -> None: ...
    async def read(self) -> bytes: ...


Listener = Callable[[Message], None]


class Client:
    """One viewer of a table: a seat or a spectator."""

    def __init__(self, link: Link, name: str, role: str = "player",
                 token: str | None = None, code: str | None = None) -> None:
        self.link = link
        self.name = name
        self.role = role
        self.token = token
        self.code = code
        self.server: dict[str, Any] = {}
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.room: dict[str, Any] | None = None
        self.table: list[dict[str, Any]] = []
        self.seq = 0
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.gaps = 0
        self.closed: str | None = None
        self.refused: dict[str, Any] | None = None
        self._cid = 0
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        """Called with every message after the client's own state is updated."""
        self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    @property
    def last_seq(self) -> int | None:
        return self.events[-1][0] if self.events else None

    async def run(self, link: Link | None = None) -> None:
        """Read frames until the link ends (the host speaks first)."""
        if link is not None:
            self.link = link
        self.closed = None
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

    def _send_hello(self, server: Message) -> None:
        self.server = server
        hello = client_hello(self.name, self.role, self.token)
        if self.last_seq is not None:
            hello["last_seq"] = self.last_seq
        if server.get("code"):
            nonce = server.get("nonce")
            hello["proof"] = code_proof(self.code or "", nonce if isinstance(nonce, str) else "")
        self.link.write(encode(hello))

    def _dispatch(self, message: Message) -> None:
        kind = message["type"]
        if kind == "hello":
            self._send_hello(message)
        elif kind == "welcome":
            self.seat = message.get("seat")
            self.token = message.get("token") or self.token
            self._cid = max(self._cid, message.get("last_cid") or 0)  # ids go on after a rejoin
        elif kind == "event":
            seq = message["seq"]
            if self.events and seq <= self.events[-1][0]:
                return  # already seen (a replay after reconnecting)
            if self.events and seq != self.events[-1][0] + 1:
                self.gaps += 1
            self.events.append((seq, message["event"]))
        elif kind == "view":
            self.view = message["view"]
            self.table = message.get("table", [])
            self.seq = message["seq"]
        elif kind == "room":
            self.room = message["room"]
        elif kind == "error" and self.seat is None and self.view is None and self.room is None:
            self.refused = message
        elif kind == "closed":
            self.closed = message["reason"]
        for listener in list(self._listeners):
            listener(message)

    def _send(self, message: Message) -> None:
        self.link.write(encode(message))

    def _next_cid(self) -> int:
        self._cid += 1
        return self._cid

    def act(self, action: dict[str, Any]) -> int:
        """Send an action answering the latest view; returns its command id."""
        cid = self._next_cid()
        self._send({"type": "action", "cid": cid, "seq": self.seq, "action": action})
        return cid

    def ask_hint(self) -> int:
        cid = self._next_cid()
        self._send({"type": "hint", "cid": cid})
        return cid

    def set_auto(self, on: bool) -> None:
        self._send({"type": "auto", "on": on})

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text})

    def ready(self) -> None:
        self._send({"type": "ready"})

    def admin(self, op: str, **fields: Any) -> None:
        self._send({"type": "admin", "op": op, **fields})

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.seat is not None and self.view["to_act"] == self.seat
