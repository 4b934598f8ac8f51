"""The authoritative host of one table, independent of any transport.

It owns the match, the seats (human, bot, or a human on 托管), the spectators and the
numbered event stream. Only views and filtered events leave it (R-HIDE-*): every frame a
viewer receives is built from ``Match.view`` / ``event_for`` for that viewer alone.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from bhtui.bots import HeuristicBot, hint
from bhtui.bots import Bot
from bhtui.net.protocol import (
    MAX_CHAT, PROTOCOL, Message, ProtocolError, check_hello, encode, field as need,
)
from bhtui.rules import SEATS, IllegalAction, Match, event_for

REPLAY_BUFFER = 2048


class Connection(Protocol):
    """What the table needs of a transport: send a frame, close with a reason."""

    def send_frame(self, frame: bytes) -> None: ...
    def close(self, reason: str) -> None: ...


@dataclass
class Seat:
    name: str
    bot: Bot | None = None  # None: a human seat
    auto: bool = False  # 托管 (R-AUTO-1)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    conn: Connection | None = None
    last_cid: int = 0
    ready: bool = True

    @property
    def kind(self) -> str:
        return "bot" if self.bot is not None else "human"


@dataclass
class Viewer:
    conn: Connection
    seat: int | None  # None: spectator
    name: str


class Table:
    """One table: apply commands, number events, send each viewer what it may see."""

    def __init__(
        self,
        match: Match,
        seats: list[Seat],
        bot_delay: float = 0.6,
        timer: float | None = None,
        open_spectating: bool = False,
    ) -> None:
        assert len(seats) == SEATS
        self.match = match
        self.seats = seats
        self.bot_delay = bot_delay
        self.timer = timer
        self.open_spectating = open_spectating
        self.seq = 0
        self.buffer: deque[tuple[int, dict[str, Any]]] = deque(maxlen=REPLAY_BUFFER)
        self.viewers: dict[Connection, Viewer] = {}
        self._pending: asyncio.TimerHandle | None = None
        self._standard_bot = HeuristicBot()
        self._record(match.initial_events())

    # ----- joining -----------------------------------------------------------------------
    def hello(self, conn: Connection, message: Message) -> Viewer | None:
        """Handshake: seat a player (a free human seat, or his own by token) or a spectator."""
        try:
            role, name, token = check_hello(message)
        except ProtocolError as exc:
            self._refuse(conn, "hello", str(exc))
            return None
        seat: int | None = None
        if role == "player":
            seat = self._seat_for(token)
            if seat is None:
                self._refuse(conn, "full", "no free seat at this table; you can watch")
                return None
            old = self.seats[seat].conn
            if old is not None and old is not conn:
                self.viewers.pop(old, None)
                old.close("replaced by a newer connection for this seat")
            self.seats[seat].conn = conn
            self.seats[seat].name = name
        viewer = Viewer(conn, seat, name)
        self.viewers[conn] = viewer
        conn.send_frame(encode({
            "type": "hello", "proto": list(PROTOCOL), "role": role, "seat": seat,
            "token": self.seats[seat].token if seat is not None else None,
            "last_cid": self.seats[seat].last_cid if seat is not None else 0,
            "preset": self.match.rules.name, "options": self.match.rules.options(),
        }))
        for seq, event in self.buffer:  # the story so far, as this viewer may see it
            self._send_event(viewer, seq, event)
        self._send_view(viewer)
        self._broadcast_views()
        self._schedule()
        return viewer

    def _seat_for(self, token: str | None) -> int | None:
        for i, seat in enumerate(self.seats):
            if token is not None and secrets.compare_digest(seat.token, token):
                return i
        for i, seat in enumerate(self.seats):
            if seat.bot is None and seat.conn is None:
                return i
        return None

    def leave(self, conn: Connection) -> None:
        """A connection is gone: its seat is played by the standard bot until it is back."""
        viewer = self.viewers.pop(conn, None)
        if viewer is None or viewer.seat is None:
            return
        seat = self.seats[viewer.seat]
        if seat.conn is conn:
            seat.conn = None
            self._broadcast_views()
            self._schedule()

    def _refuse(self, conn: Connection, code: str, reason: str) -> None:
        conn.send_frame(encode({"type": "error", "code": code, "reason": reason}))
        conn.close(reason)

    # ----- commands ----------------------------------------------------------------------
    def receive(self, conn: Connection, message: Message) -> None:
        """One decoded message from a connection (its hello first)."""
        viewer = self.viewers.get(conn)
        if viewer is None:
            self.hello(conn, message)
            return
        kind = message["type"]
        try:
            if kind == "action":
                self._command(viewer, message)
            elif kind == "chat":
                self._chat(viewer, message)
            elif kind == "auto":
                self._auto(viewer, need(message, "on", bool))
            elif kind == "hint":
                self._hint(viewer, message)
            elif kind == "ready":
                self._ready(viewer)
            else:
                raise ProtocolError(f"unknown message type {kind!r}")
        except ProtocolError as exc:
            self._refuse(conn, "protocol", str(exc))
            self.leave(conn)

    def _error(self, viewer: Viewer, code: str, reason: str, cid: int | None = None) -> None:
        viewer.conn.send_frame(encode({"type": "error", "code": code, "reason": reason, "cid": cid}))

    def _command(self, viewer: Viewer, message: Message) -> None:
        cid, seq = need(message, "cid", int), need(message, "seq", int)
        action = need(message, "action", dict)
        if viewer.seat is None:
            self._error(viewer, "spectator", "spectators cannot act", cid)
            return
        seat = self.seats[viewer.seat]
        if cid <= seat.last_cid:
            self._error(viewer, "duplicate", f"command {cid} was already received", cid)
            return
        seat.last_cid = cid
        if seq != self.seq:
            self._error(viewer, "stale", "the table moved on before your command arrived", cid)
            self._send_view(viewer)
            return
        if seat.auto:
            self._error(viewer, "auto", "托管 is on: take the seat back first", cid)
            return
        try:
            self._apply(viewer.seat, action)
        except IllegalAction as exc:
            self._error(viewer, "illegal", exc.reason, cid)

    def _chat(self, viewer: Viewer, message: Message) -> None:
        text = need(message, "text", str).strip()[:MAX_CHAT]
        if text:
            self._to_all({"type": "chat", "seat": viewer.seat, "name": viewer.name, "text": text})

    def _auto(self, viewer: Viewer, on: bool) -> None:
        if viewer.seat is None:
            return
        self.seats[viewer.seat].auto = on
        self._broadcast_views()
        self._schedule()

    def _hint(self, viewer: Viewer, message: Message) -> None:
        cid = need(message, "cid", int)
        if viewer.seat is None or self.match.to_act != viewer.seat:
            self._error(viewer, "hint", "no decision of yours is pending", cid)
            return
        s = viewer.seat
        action = hint(self.match.view(s), self.match.legal_actions(s))
        viewer.conn.send_frame(encode({"type": "hint", "cid": cid, "action": action}))

    def _ready(self, viewer: Viewer) -> None:
        if viewer.seat is not None:
            self.seats[viewer.seat].ready = True
            self._schedule()

    # ----- applying and broadcasting -----------------------------------------------------
    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        rounds_before = len(self.match.records)
        events = self.match.apply(seat, action)
        self._record(events)
        if len(self.match.records) > rounds_before:
            for s in self.seats:  # people look at the result before bots go on
                s.ready = s.bot is not None or s.conn is None or s.auto
        for viewer in list(self.viewers.values()):
            for seq, event in self._recent(len(events)):
                self._send_event(viewer, seq, event)
            self._send_view(viewer)
        self._schedule()

    def _record(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.seq += 1
            self.buffer.append((self.seq, event))

    def _recent(self, n: int) -> list[tuple[int, dict[str, Any]]]:
        return list(self.buffer)[-n:] if n else []

    def _viewer_key(self, viewer: Viewer) -> int | str | None:
        if viewer.seat is None and self.open_spectating:
            return "all"
        return viewer.seat

    def _send_event(self, viewer: Viewer, seq: int, event: dict[str, Any]) -> None:
        shown = event_for(event, self._viewer_key(viewer))
        viewer.conn.send_frame(encode({"type": "event", "seq": seq, "event": shown}))

    def _send_view(self, viewer: Viewer) -> None:
        viewer.conn.send_frame(encode({
            "type": "view", "seq": self.seq, "view": self.match.view(self._viewer_key(viewer)),
            "table": self.public_seats(),
        }))

    def _broadcast_views(self) -> None:
        for viewer in list(self.viewers.values()):
            self._send_view(viewer)

    def _to_all(self, message: Message) -> None:
        frame = encode(message)
        for viewer in list(self.viewers.values()):
            viewer.conn.send_frame(frame)

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {"name": s.name, "kind": s.kind, "auto": s.auto,
             "connected": s.bot is not None or s.conn is not None}
            for s in self.seats
        ]

    # ----- bots, 托管 and the turn timer ---------------------------------------------------
    def _played_by_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.auto or s.conn is None

    def _schedule(self) -> None:
        """Arm the one pending timer: a bot's move, or a human's turn timer."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        seat = self.match.to_act
        if seat is None or not all(s.ready for s in self.seats):
            return
        loop = asyncio.get_running_loop()
        if self._played_by_bot(seat):
            self._pending = loop.call_later(self.bot_delay, self._bot_move, seat, self.seq)
        elif self.timer is not None:
            self._pending = loop.call_later(self.timer, self._time_out, seat, self.seq)

    def _bot_move(self, seat: int, at_seq: int) -> None:
        self._pending = None
        if self.seq != at_seq or self.match.to_act != seat or not self._played_by_bot(seat):
            return
        bot = self.seats[seat].bot or self._standard_bot
        self._apply(seat, bot.decide(self.match.view(seat), self.match.legal_actions(seat)))

    def _time_out(self, seat: int, at_seq: int) -> None:
        """R-AUTO-1: a turn timer running out switches the seat to 托管."""
        self._pending = None
        if self.seq == at_seq and self.match.to_act == seat:
            self.seats[seat].auto = True
            self._broadcast_views()
            self._schedule()
