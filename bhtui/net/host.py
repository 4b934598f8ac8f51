"""The authoritative host of one table, independent of any transport.

It owns the seats (human, bot, or a human on 托管), the spectators, the waiting room before the
match, the match itself and the numbered event stream. Only views and filtered events leave
it (R-HIDE-*): every frame a viewer receives is built from ``Match.view`` / ``event_for`` for
that viewer alone. Each accepted action is written to the game log before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from bhtui import __version__
from bhtui.bots import Bot, HeuristicBot, hint, make_bot
from bhtui.bots.moments import Moments
from bhtui.net.protocol import (
    MAX_CHAT, PROTOCOL, Message, ProtocolError, check_hello, encode, field as need,
)
from bhtui.rules import SEATS, IllegalAction, Match, RuleSet, event_for, get_preset
from bhtui.rules.round import OUT_OF_TURN
from bhtui.store.gamelog import GameLog, rules_header

REPLAY_BUFFER = 4096
CODE_TRIES = 3  # wrong join codes per address and minute, then a cooldown
CODE_WINDOW = 60.0
CHAT_BURST, CHAT_PER_SECOND = 3, 0.5
READY_WAIT = 60.0  # after a round: how long several people wait for one who walked away
BOT_NAMES = ("Li", "Wang", "Zhang", "Liu", "Chen")


class Connection(Protocol):
    """What the table needs of a transport: send a frame, close with a reason."""

    def send_frame(self, frame: bytes) -> None: ...
    def close(self, reason: str) -> None: ...


def code_proof(code: str, nonce: str) -> str:
    """HMAC-SHA256 of the host's nonce keyed by the join code: the code never crosses the wire."""
    return hmac.new(code.strip().encode(), nonce.encode(), hashlib.sha256).hexdigest()


@dataclass
class Seat:
    name: str = ""
    bot: Bot | None = None  # None: a human seat (or an empty one, before the match)
    auto: bool = False  # 托管 (R-AUTO-1)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    conn: Connection | None = None
    last_cid: int = 0
    ready: bool = False
    taken: bool = False  # a person sat here (empty human seats exist only before the match)

    @property
    def kind(self) -> str:
        return "bot" if self.bot is not None else "human"


@dataclass
class Viewer:
    conn: Connection
    seat: int | None  # None: spectator
    name: str
    admin: bool = False
    chat_allowance: float = CHAT_BURST
    chat_time: float = field(default_factory=time.monotonic)


@dataclass
class Pending:
    nonce: str
    address: str


class Table:
    """One table: a waiting room, then a match; commands in, per-viewer frames out."""

    def __init__(
        self,
        rules: RuleSet | str = "qingdao",
        seats: list[Seat] | None = None,
        *,
        name: str = "bhtui",
        seed: int | None = None,
        rounds: int | None = None,
        bot_delay: float = 0.6,
        timer: float | None = None,
        open_spectating: bool = False,
        code: str | None = None,
        log: GameLog | None = None,
    ) -> None:
        self.rules = get_preset(rules)
        self.seats = seats or [Seat() for _ in range(SEATS)]
        assert len(self.seats) == SEATS
        self.name = name
        self.seed = seed if seed is not None else secrets.randbelow(10**9)
        self.rounds = rounds
        self.bot_delay = bot_delay
        self.timer = timer
        self.open_spectating = open_spectating
        self.code = code.strip() if code else None
        self.log = log
        self.boot_id = secrets.token_hex(4)
        self.match: Match | None = None
        self.seq = 0
        self.buffer: deque[tuple[int, dict[str, Any]]] = deque(maxlen=REPLAY_BUFFER)
        self.viewers: dict[Connection, Viewer] = {}
        self.pending: dict[Connection, Pending] = {}
        self.code_failures: dict[str, deque[float]] = {}
        self.listeners: list[Any] = []  # called after any change (the lobby advertisement)
        self._timer_handle: asyncio.TimerHandle | None = None
        self._standard_bot = HeuristicBot()
        self._offered = Moments()  # bots' declarations, once per moment

    # ----- the match ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    def start(self) -> None:
        """Begin the match: empty seats get bots; the log gets its header first."""
        if self.match is not None:
            return
        self.fill_bots(announce=False)
        for s in self.seats:
            s.ready = True
        self.match = Match(self.rules, self.seed, rounds=self.rounds)
        if self.log is not None:
            self.log.start(self.header())
        self._record(self.match.initial_events())
        for viewer in list(self.viewers.values()):
            for seq, event in self.buffer:
                self._send_event(viewer, seq, event)
        self._changed()

    def header(self) -> dict[str, Any]:
        return {
            **rules_header(self.rules), "seed": self.seed,
            "rounds": self.rounds, "name": self.name,
            "seats": [{"name": s.name, "bot": s.bot.name if s.bot else None, "token": s.token}
                      for s in self.seats],
        }

    @classmethod
    def resume(cls, log: GameLog, **kw: Any) -> Table:
        """Rebuild a table from its log: the same match, the same seat tokens (GameLogError
        when the log was played under another edition of the rules)."""
        header, actions, rules = log.header, log.actions, log.rules()
        seats = [Seat(name=s["name"], bot=make_bot(s["bot"]) if s["bot"] else None,
                      token=s["token"], taken=True) for s in header["seats"]]
        table = cls(rules, seats, name=header["name"], seed=header["seed"],
                    rounds=header["rounds"], log=log, **kw)
        table.match = Match(rules, table.seed, rounds=table.rounds)
        table._record(table.match.initial_events())
        for seat, action in actions:
            table._record(table.match.apply(seat, action))
        for s in table.seats:
            s.ready = True
        return table

    # ----- the waiting room (admin operations) --------------------------------------------
    def fill_bots(self, announce: bool = True) -> None:
        for i, s in enumerate(self.seats):
            if s.bot is None and not s.taken:
                s.bot = make_bot("heuristic", self.seed * SEATS + i)
                s.name = BOT_NAMES[i]
                s.ready = True
        if announce:
            self._changed()

    def set_options(self, options: dict[str, Any], preset: str | None = None) -> None:
        """Change the preset and its options before the match; ValueError names the valid
        presets or options."""
        if self.match is not None:
            raise ValueError("the match has started: its rules are fixed")
        base = get_preset(preset) if preset is not None else self.rules
        self.rules = base.with_options(**options)
        self._changed()

    def move(self, source: int, target: int) -> None:
        """Swap two seats (people, bots or empty places) before the match."""
        if self.match is not None or not (0 <= source < SEATS and 0 <= target < SEATS):
            return
        self.seats[source], self.seats[target] = self.seats[target], self.seats[source]
        for viewer in self.viewers.values():
            if viewer.seat in (source, target):
                viewer.seat = target if viewer.seat == source else source
        self._changed()

    def remove(self, seat: int) -> None:
        """Empty a seat before the match: a bot leaves, a person becomes a spectator."""
        if self.match is not None or not 0 <= seat < SEATS:
            return
        old = self.seats[seat]
        if old.conn is not None and old.conn in self.viewers:
            self.viewers[old.conn].seat = None
        self.seats[seat] = Seat()
        self._changed()

    # ----- joining -----------------------------------------------------------------------
    def connect(self, conn: Connection, address: str = "local") -> None:
        """A new connection: the host speaks first, with the nonce a join code is proved on."""
        nonce = secrets.token_hex(16)
        self.pending[conn] = Pending(nonce, address)
        conn.send_frame(encode({
            "type": "hello", "proto": list(PROTOCOL), "app": __version__, "nonce": nonce,
            "code": self.code is not None, "table": self.name, "preset": self.rules.name,
            "options": self.rules.options(),
        }))

    def _cooling_down(self, address: str) -> bool:
        failures = self.code_failures.get(address, deque())
        now = time.monotonic()
        while failures and now - failures[0] > CODE_WINDOW:
            failures.popleft()
        return len(failures) >= CODE_TRIES

    def _hello(self, conn: Connection, message: Message, admin: bool = False) -> Viewer | None:
        pending = self.pending.pop(conn)
        try:
            role, name, token = check_hello(message)
        except ProtocolError as exc:
            self._refuse(conn, "hello", str(exc))
            return None
        if self.code is not None and not admin:
            if self._cooling_down(pending.address):
                self._refuse(conn, "cooldown", "too many wrong codes: wait a minute")
                return None
            proof = message.get("proof")
            good = code_proof(self.code, pending.nonce)
            if not isinstance(proof, str) or not hmac.compare_digest(proof, good):
                self.code_failures.setdefault(pending.address, deque()).append(time.monotonic())
                self._refuse(conn, "code", "wrong join code")
                return None
        seat: int | None = None
        if role == "player":
            seat = self._seat_for(token)
            if seat is None:
                self._refuse(conn, "full", "no free seat at this table; you can watch")
                return None
            taken = self.seats[seat]
            old = taken.conn
            if old is not None and old is not conn:
                self.viewers.pop(old, None)
                old.close("replaced by a newer connection for this seat")
            taken.conn, taken.name, taken.taken = conn, name, True
            if self.match is not None and taken.token != token:
                taken.ready = True
        viewer = Viewer(conn, seat, name, admin=admin)
        self.viewers[conn] = viewer
        conn.send_frame(encode({
            "type": "welcome", "role": role, "seat": seat,
            "token": self.seats[seat].token if seat is not None else None,
            "last_cid": self.seats[seat].last_cid if seat is not None else 0,
            "seq": self.seq,
        }))
        last = message.get("last_seq")
        for seq, event in self.buffer:  # the story so far, or what this viewer missed
            if not isinstance(last, int) or seq > last:
                self._send_event(viewer, seq, event)
        self._changed()
        return viewer

    def _seat_for(self, token: str | None) -> int | None:
        for i, seat in enumerate(self.seats):
            if token is not None and secrets.compare_digest(seat.token, token):
                return i
        for i, seat in enumerate(self.seats):
            if seat.bot is None and not seat.taken:
                return i
        return None

    def leave(self, conn: Connection) -> None:
        """A connection is gone: its seat is played by the standard bot until it is back."""
        self.pending.pop(conn, None)
        viewer = self.viewers.pop(conn, None)
        if viewer is None or viewer.seat is None:
            self._changed()
            return
        seat = self.seats[viewer.seat]
        if seat.conn is conn:
            seat.conn = None
            if self.match is None:  # before the match the place is free again
                self.seats[viewer.seat] = Seat()
        self._changed()

    def _refuse(self, conn: Connection, code: str, reason: str) -> None:
        conn.send_frame(encode({"type": "error", "code": code, "reason": reason}))
        conn.close(reason)

    # ----- commands ----------------------------------------------------------------------
    def receive(self, conn: Connection, message: Message) -> None:
        """One decoded message from a connection (its hello first)."""
        if conn in self.pending:
            self._hello(conn, message, admin=getattr(conn, "admin", False))
            return
        viewer = self.viewers.get(conn)
        if viewer is None:
            return
        kind = message["type"]
        try:
            handler = _COMMANDS.get(kind)
            if handler is None:
                raise ProtocolError(f"unknown message type {kind!r}")
            handler(self, viewer, message)
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
        if self.match is None:
            self._error(viewer, "waiting", "the match has not started", cid)
            return
        # A declaration (抢庄, 造反 …) stands on its own: the engine checks it still applies.
        if seq != self.seq and action.get("type") not in OUT_OF_TURN:
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
        now = time.monotonic()
        viewer.chat_allowance = min(
            CHAT_BURST, viewer.chat_allowance + (now - viewer.chat_time) * CHAT_PER_SECOND)
        viewer.chat_time = now
        if viewer.chat_allowance < 1:
            self._error(viewer, "chat", "slow down: one message every two seconds")
            return
        viewer.chat_allowance -= 1
        if text:
            self._to_all({"type": "chat", "seat": viewer.seat, "name": viewer.name, "text": text})

    def _auto(self, viewer: Viewer, message: Message) -> None:
        on = need(message, "on", bool)
        if viewer.seat is not None:
            self.seats[viewer.seat].auto = on
            self._changed()

    def _hint(self, viewer: Viewer, message: Message) -> None:
        cid = need(message, "cid", int)
        match = self.match
        if viewer.seat is None or match is None or match.to_act != viewer.seat:
            self._error(viewer, "hint", "no decision of yours is pending", cid)
            return
        action = hint(match.view(viewer.seat), match.legal_actions(viewer.seat))
        viewer.conn.send_frame(encode({"type": "hint", "cid": cid, "action": action}))

    def _ready(self, viewer: Viewer, message: Message) -> None:
        if viewer.seat is not None:
            seat = self.seats[viewer.seat]
            seat.ready = True if self.match is not None else not seat.ready
            self._changed()

    def _admin(self, viewer: Viewer, message: Message) -> None:
        if not viewer.admin:
            self._error(viewer, "admin", "only the host runs the waiting room")
            return
        op = need(message, "op", str)
        if op == "fill_bots":
            self.fill_bots()
        elif op == "start":
            self.start()
        elif op == "move":
            self.move(need(message, "seat", int), need(message, "to", int))
        elif op == "remove":
            self.remove(need(message, "seat", int))
        elif op == "options":
            try:
                preset = message.get("preset")
                if preset is not None and not isinstance(preset, str):
                    raise ValueError("'preset' is a preset's name")
                self.set_options(need(message, "options", dict), preset)
            except ValueError as exc:
                self._error(viewer, "admin", str(exc))
        else:
            self._error(viewer, "admin", f"unknown operation {op!r}")

    # ----- applying and broadcasting -----------------------------------------------------
    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        match = self.match
        assert match is not None
        rounds_before = len(match.records)
        events = match.apply(seat, action)
        if self.log is not None:
            self.log.append(seat, action)  # persist, then broadcast
        self._record(events)
        if len(match.records) > rounds_before:
            for s in self.seats:  # people look at the result before bots go on
                s.ready = s.bot is not None or s.conn is None or s.auto
        fresh = list(self.buffer)[-len(events):]
        frames: dict[Any, bytes] = {}  # one encoding per kind of viewer, not per connection
        for viewer in list(self.viewers.values()):
            key = self._viewer_key(viewer)
            if key not in frames:
                frames[key] = b"".join(
                    [self._event_frame(key, seq, event) for seq, event in fresh]
                    + [self._view_frame(key)])
            viewer.conn.send_frame(frames[key])
        self._notify()
        self._schedule()

    def _record(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.seq += 1
            self.buffer.append((self.seq, event))

    def _viewer_key(self, viewer: Viewer) -> int | str | None:
        if viewer.seat is None and self.open_spectating:
            return "all"
        return viewer.seat

    def _event_frame(self, key: int | str | None, seq: int, event: dict[str, Any]) -> bytes:
        return encode({"type": "event", "seq": seq, "event": event_for(event, key)})

    def _view_frame(self, key: int | str | None) -> bytes:
        if self.match is None:
            return encode({"type": "room", "room": self.room()})
        return encode({"type": "view", "seq": self.seq, "view": self.match.view(key),
                       "table": self.public_seats()})

    def _send_event(self, viewer: Viewer, seq: int, event: dict[str, Any]) -> None:
        viewer.conn.send_frame(self._event_frame(self._viewer_key(viewer), seq, event))

    def _send_view(self, viewer: Viewer) -> None:
        viewer.conn.send_frame(self._view_frame(self._viewer_key(viewer)))

    def _changed(self) -> None:
        """Seats or viewers changed: everyone gets a fresh view (or room), bots re-armed."""
        for viewer in list(self.viewers.values()):
            self._send_view(viewer)
        self._notify()
        self._schedule()

    def _notify(self) -> None:
        for listener in self.listeners:
            listener(self)

    def _to_all(self, message: Message) -> None:
        frame = encode(message)
        for viewer in list(self.viewers.values()):
            viewer.conn.send_frame(frame)

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {"name": s.name, "kind": s.kind, "auto": s.auto, "ready": s.ready,
             "connected": s.bot is not None or s.conn is not None}
            for s in self.seats
        ]

    def room(self) -> dict[str, Any]:
        """The waiting room as everyone sees it."""
        return {"table": self.name, "preset": self.rules.name, "options": self.rules.options(),
                "seats": [{**p, "taken": s.taken or s.bot is not None}
                          for s, p in zip(self.seats, self.public_seats(), strict=True)],
                "spectators": self.spectator_count()}

    def spectator_count(self) -> int:
        return sum(1 for v in self.viewers.values() if v.seat is None)

    def seats_taken(self) -> int:
        return sum(1 for s in self.seats if s.taken or s.bot is not None)

    # ----- bots, 托管 and the turn timer ---------------------------------------------------
    def _played_by_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.auto or s.conn is None

    def _schedule(self) -> None:
        """Arm the one pending timer: a bot's move, or a human's turn timer."""
        if self._timer_handle is not None:
            self._timer_handle.cancel()
            self._timer_handle = None
        match = self.match
        seat = match.to_act if match is not None else None
        if seat is None:
            return
        loop = asyncio.get_running_loop()
        if not all(s.ready for s in self.seats):
            people = sum(1 for s in self.seats if s.bot is None and s.conn is not None)
            if people > 1:  # alone at a table, take all the time you like
                self._timer_handle = loop.call_later(READY_WAIT, self._ready_timeout, self.seq)
            return
        if self._played_by_bot(seat):
            self._timer_handle = loop.call_later(self.bot_delay, self._bot_move, seat, self.seq)
        elif self.timer is not None:
            self._timer_handle = loop.call_later(self.timer, self._time_out, seat, self.seq)
        loop.call_soon(self._bot_declarations, self.seq)

    def _bot_declarations(self, at_seq: int) -> None:
        """Bots and seats on 托管 consider their out-of-turn declarations once per moment."""
        match = self.match
        if match is None or match.over or self.seq != at_seq:
            return
        moment = match.moment
        for seat in range(SEATS):
            if not self._played_by_bot(seat) or not self._offered.due(moment, seat):
                continue
            legal = match.interjections(seat)
            if legal:
                bot = self.seats[seat].bot or self._standard_bot
                action = bot.interject(match.view(seat), legal)
                if action is not None:
                    self._apply(seat, action)
                    return

    def _bot_move(self, seat: int, at_seq: int) -> None:
        self._timer_handle = None
        match = self.match
        if match is None or self.seq != at_seq or match.to_act != seat or not self._played_by_bot(seat):
            return
        bot = self.seats[seat].bot or self._standard_bot
        self._apply(seat, bot.decide(match.view(seat), match.legal_actions(seat)))

    def _ready_timeout(self, at_seq: int) -> None:
        """Someone left the result screen open: the table goes on without waiting longer."""
        self._timer_handle = None
        if self.seq == at_seq:
            for s in self.seats:
                s.ready = True
            self._changed()

    def _time_out(self, seat: int, at_seq: int) -> None:
        """R-AUTO-1: a turn timer running out switches the seat to 托管."""
        self._timer_handle = None
        match = self.match
        if match is not None and self.seq == at_seq and match.to_act == seat:
            self.seats[seat].auto = True
            self._changed()


_COMMANDS = {
    "action": Table._command,
    "chat": Table._chat,
    "auto": Table._auto,
    "hint": Table._hint,
    "ready": Table._ready,
    "admin": Table._admin,
}
