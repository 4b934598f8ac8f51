"""The authoritative host of one table, independent of any transport.

It owns the seats (human, bot, or a human on 托管), the spectators, the waiting room before the
match, the match itself and the numbered event stream, and it dispatches what viewers send and
broadcasts what they may see. Only views and filtered events leave it (R-HIDE-*): every frame a
viewer receives is built from ``Match.view`` / ``event_for`` for that viewer's kind alone. Each
accepted action is written to the game log before anyone hears of it. Join codes live in
:mod:`bhtui.net.joincode`, bots and timers in :mod:`bhtui.net.scheduler`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from bhtui import __version__
from bhtui.games import Game, GameMatch, Seed, resolve, secret_seed
from bhtui.net.joincode import Attempt, CodeGuard, WrongCode
from bhtui.net.protocol import (
    MAX_CHAT,
    PROTOCOL,
    Message,
    ProtocolError,
    action_of,
    check_hello,
    clean_text,
    encode,
)
from bhtui.net.protocol import (
    field as need,
)
from bhtui.net.recall import TrickRecall
from bhtui.net.scheduler import Scheduler
from bhtui.store.gamelog import GameLog, new_log_path, rules_header

CATCHUP_EVENTS = 256  # events a (re)joining viewer gets at most, in one frame
HISTORY_PAGE = 16  # finished rounds per "history" message
MAX_SPECTATORS = 500
SPECTATORS_PER_ADDRESS = 32  # NAT and the SSH menu put many people behind one address
CID_JUMP = 1024  # how far a command id may run ahead of the last one (lost commands)
ROOM_DELAY = 0.5  # spectators coming and going update the waiting room at most this often
AWAY_LIMIT = 180.0  # S-SCORE-5: disconnected this long, a player has abandoned the game
CHAT_BURST, CHAT_PER_SECOND = 3, 0.5
BOT_NAMES = ("Li", "Wang", "Zhang", "Liu", "Chen")
logger = logging.getLogger(__name__)


class Connection(Protocol):
    """What the table needs of a transport: send a frame, close with a reason."""

    def send_frame(self, frame: bytes) -> None: ...
    def close(self, reason: str) -> None: ...


@dataclass
class Seat:
    name: str = ""
    bot: Any = None  # the game's bot; None: a human seat (or an empty one, before the match)
    auto: bool = False  # 托管 (R-AUTO-1)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    conn: Connection | None = None
    last_cid: int = 0
    ready: bool = False
    taken: bool = False  # a person sat here (empty human seats exist only before the match)
    auto_pass: bool = False  # pass by itself when nothing in the hand beats the table
    assist: str | None = None  # the level that plays his 托管 and gives his hints (a person's)

    @property
    def kind(self) -> str:
        return "bot" if self.bot is not None else "human"


def bot_seat(game: Game, level: str | None, seat: int) -> Seat:
    """A bot's seat: the bot of ``level`` (the game's standard one for a level it lacks),
    seeded by its seat so a table's bots differ, named, ready."""
    return Seat(name=BOT_NAMES[seat], bot=game.table_bot(game.level(level), seat), ready=True)


@dataclass
class Viewer:
    conn: Connection
    seat: int | None  # None: spectator
    name: str
    admin: bool = False
    address: str = "local"
    counted: bool = False  # counts against the spectator caps
    chat_allowance: float = CHAT_BURST
    chat_time: float = field(default_factory=time.monotonic)


@dataclass
class Pending:
    """A connection before its welcome; ``attempt`` while a join code is being proved."""

    address: str
    attempt: Attempt | None = None
    hello: tuple[str, str, str | None, int | None] = ("", "", None, None)


class Table:
    """One table of one game: a waiting room, then a match; commands in, per-viewer frames
    out. It knows the game only through the contract (:class:`bhtui.games.Game`)."""

    def __init__(
        self,
        rules: Any = "qingdao",
        seats: list[Seat] | None = None,
        *,
        game: Game | str | None = None,
        name: str = "bhtui",
        seed: Seed | None = None,
        rounds: int | None = None,
        bot_delay: float = 0.6,
        timer: float | None = None,
        open_spectating: bool = False,
        code: str | None = None,
        log: GameLog | None = None,
        table_id: str | None = None,
        max_spectators: int = MAX_SPECTATORS,
        counter: bool = False,
        bots: str | None = None,
    ) -> None:
        self.game, self.rules = resolve(rules, game)
        size = self.game.seats(self.rules)
        self.seats = seats or [Seat() for _ in range(size)]
        if len(self.seats) != size:
            raise ValueError(f"a table of {self.game.name} {self.rules.name} has {size} "
                             f"seats, not {len(self.seats)}")
        self.name = name
        self.seed: Seed = seed if seed is not None else secret_seed()
        self.rounds = rounds
        self.bot_delay = bot_delay
        self.bots = self.game.level(bots)
        """The bots the waiting room fills empty seats with: the level chosen, where the game
        has it."""
        self.timer = timer
        self.open_spectating = open_spectating
        self.code = code.strip() if code and code.strip() else None
        self.guard = CodeGuard(self.code) if self.code else None
        self.log = log
        self.table_id = table_id or secrets.token_hex(8)  # public: how clients keep its token
        self.boot_id = secrets.token_hex(4)
        self.max_spectators = max_spectators
        self.match: GameMatch | None = None
        self.closed = False
        self.seq = 0
        self.buffer: deque[tuple[int, dict[str, Any]]] = deque(maxlen=CATCHUP_EVENTS)
        self.viewers: dict[Connection, Viewer] = {}
        self.pending: dict[Connection, Pending] = {}
        self.spectators = 0  # admitted spectators, and per address: the caps
        self.spectators_from: Counter[str] = Counter()
        self.listeners: list[Any] = []  # called after any change (the lobby advertisement)
        self.scheduler = Scheduler(self)
        self._room_due = False
        self.counter = counter  # the card counter (记牌器): a table option, public information
        self.recall = self._recall()
        self._answered: tuple[Any, set[int]] = (None, set())  # people done declaring, per moment
        self._away: dict[int, asyncio.TimerHandle] = {}  # seats whose player dropped, by seat
        self.abandoning: dict[int, str] = {}  # abandoned, why: waiting for the rules to count it
        self.abandoned: set[int] = set()  # counted (once per absence)
        self.timeouts: Counter[int] = Counter()  # turn timers run out, per seat, this match

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
        self.match = self.game.new_match(self.rules, self.seed, self.rounds)
        self.recall = self._recall()
        self.timeouts.clear()
        if self.log is not None:
            self.log.start(self.header())
        before = self.seq
        self._record(self.match.initial_events())
        for viewer in list(self.viewers.values()):
            self._catch_up(viewer, before)
        self._publish()

    def again(self) -> None:
        """再来一局: a new match at the same seats with the next seed, in a new log."""
        if self.match is None or not self.match.over:
            raise ValueError("the match is still being played")
        # The next seed (a secret seed gets a new secret: none of it may be guessed).
        self.seed = self.seed + 1 if isinstance(self.seed, int) else secret_seed()
        if self.log is not None:
            self.log.close()
            self.log = GameLog(new_log_path(self.name))
        self.match = None
        self.start()

    def close(self) -> None:
        """The host is stopping: no timer fires and nothing more is applied or logged."""
        self.closed = True
        self.scheduler.cancel()
        for handle in self._away.values():
            handle.cancel()
        self._away.clear()

    def _recall(self) -> TrickRecall:
        return TrickRecall(len(self.seats), self.game.move_of, self.game.counted(self.rules),
                           self.game.stand_ins)

    def header(self) -> dict[str, Any]:
        return {
            **rules_header(self.rules, self.game), "seed": self.seed,
            "rounds": self.rounds, "name": self.name, "id": self.table_id,
            "seats": [{"name": s.name, "bot": s.bot.name if s.bot else None, "token": s.token}
                      for s in self.seats],
        }

    @classmethod
    def resume(cls, log: GameLog, **kw: Any) -> Table:
        """Rebuild a table from its log: the same match, the same seat tokens. ValueError (or
        IllegalAction) says what in the log is wrong; GameLogError when the log was played
        under another edition of the rules."""
        header, actions, (game, rules) = log.header, log.actions, log.rules()
        logged = _logged_seats(header.get("seats"), game.seats(rules))
        seats = [Seat(name=name, bot=game.table_bot(bot, i) if bot else None, token=token,
                      taken=True)
                 for i, (name, bot, token) in enumerate(logged)]
        seed = header["seed"]
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed is neither a number nor a secret")
        table = cls(rules, seats, game=game, name=str(header["name"]), seed=seed,
                    rounds=header["rounds"], log=log, table_id=header.get("id"), **kw)
        table.match = game.new_match(rules, table.seed, table.rounds)
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
                s.bot = self.game.table_bot(self.bots, i)
                s.name = BOT_NAMES[i]
                s.ready = True
        if announce:
            self._publish()

    def set_options(self, options: dict[str, Any], preset: str | None = None) -> None:
        """Change the preset (of this table's game) and its options before the match;
        ValueError names the valid presets or options, or the seat a smaller table would
        lose."""
        if self.match is not None:
            raise ValueError("the match has started: its rules are fixed")
        base = self.game.rules(preset) if preset is not None else self.rules
        rules = base.with_options(**options)
        self._resize(self.game.seats(rules))
        self.rules = rules
        self.recall = self._recall()
        self._publish()

    def _resize(self, size: int) -> None:
        """Another preset deals to another number of seats (Dou Dizhu's classic and
        shanghai): seats are added empty, or the last ones dropped if nobody sits there."""
        extra = self.seats[size:]
        for i, seat in enumerate(extra, size):
            if seat.taken and seat.bot is None:
                raise ValueError(f"{seat.name or 'someone'} sits at seat {i + 1}, which that "
                                 f"preset does not have: move or remove them first")
        del self.seats[size:]
        self.seats += [Seat() for _ in range(size - len(self.seats))]

    def move(self, source: int, target: int) -> None:
        """Swap two seats (people, bots or empty places) before the match."""
        size = len(self.seats)
        if self.match is not None or not (0 <= source < size and 0 <= target < size):
            return
        self.seats[source], self.seats[target] = self.seats[target], self.seats[source]
        for viewer in self.viewers.values():
            if viewer.seat in (source, target):
                viewer.seat = target if viewer.seat == source else source
        self._publish()

    def set_level(self, seat: int, level: str) -> None:
        """A bot seat's level, chosen in the waiting room; ValueError names the levels."""
        levels = self.game.levels
        if level not in levels:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(levels)}" if levels
                             else f"{self.game.name} has one bot, no levels")
        if self.match is not None:
            raise ValueError("the match has started: its bots are seated")
        if not 0 <= seat < len(self.seats) or self.seats[seat].bot is None:
            raise ValueError(f"seat {seat} holds no bot")
        self.seats[seat].bot = self.game.table_bot(level, seat)
        self._publish()

    def remove(self, seat: int) -> None:
        """Empty a seat before the match: a bot leaves, a person becomes a spectator."""
        if self.match is not None or not 0 <= seat < len(self.seats):
            return
        old = self.seats[seat]
        if old.conn is not None and old.conn in self.viewers:
            self.viewers[old.conn].seat = None
        self.seats[seat] = Seat()
        self._publish()

    # ----- joining -----------------------------------------------------------------------
    def connect(self, conn: Connection, address: str = "local") -> None:
        """A new connection: the host speaks first, saying whether a join code is needed."""
        self.pending[conn] = Pending(address)
        conn.send_frame(encode({
            "type": "hello", "proto": list(PROTOCOL), "app": __version__, "id": self.table_id,
            "code": self.guard is not None, "table": self.name, "game": self.game.name,
            "preset": self.rules.name,
            "options": self.rules.options(),
        }))

    def _hello(self, conn: Connection, message: Message, admin: bool = False) -> None:
        pending = self.pending[conn]
        try:
            role, name, token = check_hello(message)
        except ProtocolError as exc:
            self._refuse(conn, "hello", str(exc))
            return
        last = message.get("last_seq")
        hello = (role, name, token, last if isinstance(last, int) else None)
        guard = self.guard
        # A seat token proves more than the code (it was given after one): no code asked.
        if guard is None or admin or self._token_seat(token) is not None:
            self._admit(conn, *hello, admin=admin)
            return
        wait = guard.wait()
        if wait:
            self._refuse(conn, "cooldown", f"too many wrong join codes at this table: try again "
                                           f"in {wait:.0f} s")
            return
        try:
            pending.attempt = guard.begin(_hex(message.get("pake"), "pake"))
        except (ProtocolError, WrongCode):
            self._refuse(conn, "code", "this table needs its join code")
            return
        pending.hello = hello
        conn.send_frame(encode({"type": "pake", "pake": pending.attempt.message.hex(),
                                "confirm": pending.attempt.confirm.hex()}))

    def _proof(self, conn: Connection, message: Message) -> None:
        """The client's key confirmation: it knows the code, or it is refused."""
        pending = self.pending[conn]
        assert self.guard is not None and pending.attempt is not None
        try:
            confirm = _hex(message.get("confirm"), "confirm")
        except ProtocolError as exc:
            self._refuse(conn, "protocol", str(exc))
            return
        if message.get("type") != "proof" or not self.guard.finish(pending.attempt, confirm):
            self._refuse(conn, "code", "wrong join code")
            return
        self._admit(conn, *pending.hello, admin=False)

    def _admit(self, conn: Connection, role: str, name: str, token: str | None,
               last: int | None, admin: bool) -> None:
        address = self.pending.pop(conn).address
        seat: int | None = None
        if role == "player":
            seat = self._seat_for(token)
            if seat is None:
                self._refuse(conn, "full", "no free seat at this table; you can watch")
                return
        elif not admin and self.spectators >= self.max_spectators:
            self._refuse(conn, "full", "this table has as many spectators as it can take")
            return
        elif not admin and self.spectators_from[address] >= SPECTATORS_PER_ADDRESS:
            self._refuse(conn, "full", "too many spectators from your address")
            return
        viewer = Viewer(conn, seat, name, admin=admin, address=address,
                        counted=seat is None and not admin)
        self.viewers[conn] = viewer
        if seat is not None:
            taken = self.seats[seat]
            old = taken.conn
            if old is not None and old is not conn:
                self.viewers.pop(old, None)
                old.close("replaced by a newer connection for this seat")
            taken.conn, taken.name, taken.taken = conn, name, True
            away = self._away.pop(seat, None)
            if away is not None:
                away.cancel()  # back in time: nothing was abandoned
            self.abandoning.pop(seat, None)
            self.abandoned.discard(seat)
            if self.match is not None:
                taken.ready = True  # (re)joining mid-match: nobody waits for him to see a result
        elif viewer.counted:
            self.spectators += 1
            self.spectators_from[address] += 1
        conn.send_frame(encode({
            "type": "welcome", "role": role, "seat": seat,
            "token": self.seats[seat].token if seat is not None else None,
            "last_cid": self.seats[seat].last_cid if seat is not None else 0,
            "seq": self.seq,
        }))
        self._catch_up(viewer, last)
        if self.match is not None:
            self._send_history(viewer, None)
        if seat is not None:
            self._publish()
        else:
            self._send_view(viewer)
            self._spectators_changed()

    def _token_seat(self, token: str | None) -> int | None:
        """The seat a person once took with this token (empty seats' tokens were never given)."""
        for i, seat in enumerate(self.seats):
            if token is not None and seat.taken and secrets.compare_digest(seat.token, token):
                return i
        return None

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
        if viewer is None:
            return
        if viewer.counted:
            self.spectators -= 1
            self.spectators_from[viewer.address] -= 1
            if not self.spectators_from[viewer.address]:
                del self.spectators_from[viewer.address]
        if viewer.seat is None:
            self._spectators_changed()
            return
        seat = self.seats[viewer.seat]
        if seat.conn is conn:
            seat.conn = None
            if self.match is None:  # before the match the place is free again
                self.seats[viewer.seat] = Seat()
            elif (not self.closed and self.game.abandons(self.rules)
                  and viewer.seat not in self._away and viewer.seat not in self.abandoned
                  and viewer.seat not in self.abandoning):
                self._away[viewer.seat] = asyncio.get_running_loop().call_later(
                    AWAY_LIMIT, self._gone_too_long, viewer.seat)
        self._publish()

    def _gone_too_long(self, seat: int) -> None:
        self._away.pop(seat, None)
        if self.seats[seat].conn is None:
            self.abandon(seat, "disconnected")

    def abandon(self, seat: int, why: str) -> None:
        """A person abandoned the game: whatever the game's rules make of it (S-SCORE-5's
        escape, when the table has it), applied and logged like any action — now, or as
        soon as the rules count it (Dou Dizhu's once there is a landlord). Once per absence:
        the bot plays his seat meanwhile."""
        if (self.match is None or not self.game.abandons(self.rules)
                or seat in self.abandoned or seat in self.abandoning):
            return
        self.abandoning[seat] = why
        self._count_abandons()

    def _count_abandons(self) -> None:
        match = self.match
        for seat, why in list(self.abandoning.items()):
            if match is None or match.over or self.closed:
                return
            action = self.game.abandon(match, seat, why)
            if action is not None:
                del self.abandoning[seat]
                self.abandoned.add(seat)
                self.apply(seat, action)
                return  # apply counted the others

    def _refuse(self, conn: Connection, code: str, reason: str) -> None:
        self.pending.pop(conn, None)
        conn.send_frame(encode({"type": "error", "code": code, "reason": reason}))
        conn.close(reason)

    # ----- commands ----------------------------------------------------------------------
    def receive(self, conn: Connection, message: Message) -> None:
        """One decoded message from a connection (its hello first)."""
        pending = self.pending.get(conn)
        if pending is not None:
            if pending.attempt is not None:
                self._proof(conn, message)
            else:
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
        action = action_of(message, self.game.action_fields)
        if viewer.seat is None:
            self._error(viewer, "spectator", "spectators cannot act", cid)
            return
        seat = self.seats[viewer.seat]
        if cid <= seat.last_cid:
            self._error(viewer, "duplicate", f"command {cid} was already received", cid)
            return
        if cid > seat.last_cid + CID_JUMP:
            self._error(viewer, "cid", f"command ids go up by one (the last was {seat.last_cid})",
                        cid)
            return
        seat.last_cid = cid
        if self.match is None or self.closed:
            self._error(viewer, "waiting", "the match is not running", cid)
            return
        if action["type"] in self.game.host_only:
            self._error(viewer, "illegal", f"{action['type']!r} is the table's to apply", cid)
            return
        # A declaration (抢庄, 造反 …) stands on its own: the engine checks it still applies.
        if seq != self.seq and action["type"] not in self.game.out_of_turn:
            self._error(viewer, "stale", "the table moved on before your command arrived", cid)
            self._send_view(viewer)
            return
        if seat.auto:
            self._error(viewer, "auto", "托管 is on: take the seat back first", cid)
            return
        try:
            self.apply(viewer.seat, action)
        except self.game.illegal as exc:
            self._error(viewer, "illegal", getattr(exc, "reason", str(exc)), cid)

    def _leave_game(self, viewer: Viewer, message: Message) -> None:
        """The person quits on purpose (S-SCORE-5's "left"); the link closes after this."""
        if viewer.seat is not None:
            self.abandon(viewer.seat, "left")

    def _waive(self, viewer: Viewer, message: Message) -> None:
        """The person declares nothing at this moment: the bots need not wait for him."""
        if viewer.seat is not None and self.match is not None:
            self._answer(viewer.seat)
            self._publish()

    def _prefs(self, viewer: Viewer, message: Message) -> None:
        """A seat's own settings: auto-pass when nothing in the hand beats the table, and
        the level that plays for it on 托管 and gives its hints (where the game has
        levels; elsewhere its one bot does)."""
        on = need(message, "auto_pass", bool)
        level = message.get("assist")
        levels = self.game.levels
        if levels and level is not None and level not in levels:
            self._error(viewer, "prefs", f"unknown level {str(level)[:20]!r}; levels: "
                                         f"{', '.join(levels)}")
            return
        if viewer.seat is not None:
            seat = self.seats[viewer.seat]
            seat.auto_pass, seat.assist = on, level if levels else None
            self.scheduler.arm()

    def _chat(self, viewer: Viewer, message: Message) -> None:
        text = clean_text(need(message, "text", str)[:MAX_CHAT]).strip()
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
            self.set_auto(viewer.seat, on)

    def _hint(self, viewer: Viewer, message: Message) -> None:
        cid = need(message, "cid", int)
        match = self.match
        if viewer.seat is None or match is None or match.to_act != viewer.seat:
            self._error(viewer, "hint", "no decision of yours is pending", cid)
            return
        hinting = self.game.hinting(match, viewer.seat, self.seats[viewer.seat].assist)
        future = asyncio.get_running_loop().run_in_executor(None, hinting)
        seq = self.seq
        future.add_done_callback(lambda done: self._send_hint(viewer, cid, seq, done))

    def _send_hint(self, viewer: Viewer, cid: int, seq: int, done: asyncio.Future[Any]) -> None:
        """The hint, if it still answers the table as it is and its asker is still here."""
        if self.viewers.get(viewer.conn) is not viewer or done.cancelled():
            return
        if seq != self.seq or done.exception() is not None:
            self._error(viewer, "hint", "the table moved on: ask again", cid)
            return
        viewer.conn.send_frame(encode({"type": "hint", "cid": cid, "action": done.result()}))

    def _ready(self, viewer: Viewer, message: Message) -> None:
        if viewer.seat is not None:
            seat = self.seats[viewer.seat]
            seat.ready = True if self.match is not None else not seat.ready
            self._publish()

    def _history(self, viewer: Viewer, message: Message) -> None:
        before = message.get("before")
        if before is not None and (not isinstance(before, int) or isinstance(before, bool)):
            raise ProtocolError("'history' takes 'before', a round number")
        self._send_history(viewer, before)

    def _admin(self, viewer: Viewer, message: Message) -> None:
        if not viewer.admin:
            self._error(viewer, "admin", "only the host runs the waiting room")
            return
        op = need(message, "op", str)
        if op == "fill_bots":
            self.fill_bots()
        elif op == "start":
            self.start()
        elif op == "again":
            try:
                self.again()
            except ValueError as exc:
                self._error(viewer, "admin", str(exc))
        elif op == "move":
            self.move(need(message, "seat", int), need(message, "to", int))
        elif op == "remove":
            self.remove(need(message, "seat", int))
        elif op == "level":
            try:
                self.set_level(need(message, "seat", int), need(message, "level", str))
            except ValueError as exc:
                self._error(viewer, "admin", str(exc)[:200])
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

    # ----- seats: 托管 and results seen (the scheduler's questions) ------------------------
    def set_auto(self, seat: int, on: bool) -> None:
        self.seats[seat].auto = on
        self._publish()

    def played_by_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.auto or s.conn is None

    def unready(self) -> list[int]:
        """Seats the table waits on after a round: people here who have not seen the result,
        on 托管 too (that keeps 托管 from outrunning the screen). A seat whose player is away
        is never waited for."""
        return [i for i, s in enumerate(self.seats)
                if not s.ready and s.bot is None and s.conn is not None]

    # ----- declarations people may make while bots act (抢庄, 抢独, 明保) ----------------------
    def people(self) -> list[int]:
        """Seats with a person present who plays them himself (not on 托管)."""
        return [i for i, s in enumerate(self.seats)
                if s.bot is None and s.conn is not None and not s.auto]

    def asked(self) -> set[int]:
        """The people the bots wait for at this moment (a bot is to act): those the game says
        may declare something now (Baohuang: 抢庄/抢独 while the throne is offered, 明保
        before the first lead, R-HIDE-2's everyone when others look on)."""
        match = self.match
        if match is None or match.over or match.to_act is None or self.closed:
            return set()
        if not self.game.declares(self.rules) or not self.played_by_bot(match.to_act):
            return set()  # a person decides: nobody waits on anyone else's declaration
        moment, answered = self._answered
        done = answered if moment == self.game.moment(match) else set()
        people = self.people()
        return self.game.waits_for(match, [s for s in people if s not in done], people,
                                   self.spectator_count())

    def _answer(self, seat: int) -> None:
        assert self.match is not None
        moment, answered = self._answered
        now = self.game.moment(self.match)
        if moment != now:
            self._answered = (now, set())
        self._answered[1].add(seat)

    def answer_all(self, moment: Any) -> None:
        """The table's timer ran out on the people asked to declare: they declare nothing."""
        if self.match is not None and self.game.moment(self.match) == moment:
            for seat in self.asked():
                self._answer(seat)
            self._publish()

    def nothing_beats(self, seat: int) -> bool:
        """Auto-pass is on for this person and passing is all his turn offers."""
        match = self.match
        if match is None or not self.seats[seat].auto_pass:
            return False
        out_of_turn = self.game.out_of_turn
        turn = [a["type"] for a in match.legal_actions(seat) if a["type"] not in out_of_turn]
        return turn == ["pass"]

    def watched_by_others(self) -> bool:
        """More than one person here, or anyone watching: a wait must end."""
        people = sum(1 for s in self.seats if s.bot is None and s.conn is not None)
        return people > 1 or len(self.viewers) > people

    def all_ready(self) -> None:
        for s in self.seats:
            s.ready = True
        self._publish()

    # ----- applying and broadcasting -----------------------------------------------------
    def apply(self, seat: int, action: dict[str, Any]) -> None:
        """Apply, log, then tell every viewer; IllegalAction (nothing changed) when refused."""
        match = self.match
        assert match is not None and not self.closed
        rounds_before = len(match.records)
        moment = self.game.moment(match)
        events = match.apply(seat, action)
        if self.log is not None:
            self.log.append(seat, action)  # persist, then broadcast
        self._record(events)
        if self.game.moment(match) == moment:
            self._answer(seat)  # acting at a moment answers it: nothing more to wait for
        finished = match.history[rounds_before:]
        if finished:
            for s in self.seats:  # people look at the result before bots go on, 托管 or not
                s.ready = s.bot is not None
        self.scheduler.arm()  # first: the views carry the new turn timer's deadline
        fresh = list(self.buffer)[-len(events):]
        # The previous trick changes only at a trick's end or a deal: sent then, not each move.
        previous = any(e.get("type") in ("trick", "deal") for e in events)
        self._broadcast(lambda key: b"".join(
            [self._event_frame(key, seq, event) for seq, event in fresh]
            + ([encode({"type": "history", "rounds": finished})] if finished else [])
            + [self._view_frame(key, previous)]))
        self._notify()
        if self.abandoning:
            self._count_abandons()

    def _record(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.seq += 1
            self.buffer.append((self.seq, event))
            self.recall.feed(event)

    def _viewer_key(self, viewer: Viewer) -> int | str | None:
        if viewer.seat is None and self.open_spectating:
            return "all"
        return viewer.seat

    def _broadcast(self, build: Any) -> None:
        """Send every viewer ``build(key)``, built once per kind of viewer (each seat,
        spectators, the open table), not per connection. A frame that cannot be built reaches
        its viewers as an error; the others, and the table, go on."""
        frames: dict[Any, bytes] = {}
        for viewer in list(self.viewers.values()):
            key = self._viewer_key(viewer)
            if key not in frames:
                frames[key] = _built(build, key)
            viewer.conn.send_frame(frames[key])

    def _event_frame(self, key: int | str | None, seq: int, event: dict[str, Any]) -> bytes:
        return encode({"type": "event", "seq": seq, "event": self.game.event_for(event, key)})

    def _view_frame(self, key: int | str | None, previous: bool = True) -> bytes:
        if self.match is None:
            return encode({"type": "room", "room": self.room()})
        frame = {"type": "view", "seq": self.seq, "view": self.match.view(key),
                 "table": self.public_seats(),
                 "recall": self.recall.public(self.counter, previous)}
        left, running = self.scheduler.time_left(), self.scheduler.running()
        if running == "turn":
            frame["timer"] = {"seat": self.match.to_act, "left": left, "total": self.timer}
        if isinstance(key, int) and key in self.asked():
            # Private: only this seat learns that the table waits for its declaration.
            frame["asked"] = {"left": left if running == "asked" else None}
        return encode(frame)

    def _catch_up(self, viewer: Viewer, last: int | None) -> None:
        """What a (re)joining viewer missed, in one frame however long the match: the latest
        events after ``last`` (at most CATCHUP_EVENTS, fewer if they would not fit)."""
        key = self._viewer_key(viewer)
        missed = [[seq, self.game.event_for(event, key)] for seq, event in self.buffer
                  if last is None or seq > last]
        while missed:
            try:
                viewer.conn.send_frame(encode({"type": "catchup", "events": missed}))
                return
            except ProtocolError:
                missed = missed[len(missed) // 2:]

    def _send_history(self, viewer: Viewer, before: int | None) -> None:
        """A page of finished rounds (the score table), ending before round ``before``."""
        if self.match is None:
            return
        history = self.match.history
        end = len(history) if before is None else max(0, min(len(history), before - 1))
        viewer.conn.send_frame(encode(
            {"type": "history", "rounds": history[max(0, end - HISTORY_PAGE):end]}))

    def _send_view(self, viewer: Viewer) -> None:
        viewer.conn.send_frame(_built(self._view_frame, self._viewer_key(viewer)))

    def _publish(self) -> None:
        """Seats, rules or the match changed: bots and timers are re-armed, then everyone
        gets a fresh view (or room) with the timer's deadline."""
        self._room_due = False
        self.scheduler.arm()
        self._broadcast(self._view_frame)
        self._notify()

    def _spectators_changed(self) -> None:
        """A spectator came or went: nobody's view changes, only the waiting room's count,
        sent at most every ROOM_DELAY seconds whatever the crowd."""
        self._notify()
        if self.match is None and not self._room_due:
            self._room_due = True
            asyncio.get_running_loop().call_later(ROOM_DELAY, self._send_room)

    def _send_room(self) -> None:
        if self._room_due and self.match is None:
            self._room_due = False
            self._broadcast(self._view_frame)

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
             "connected": s.bot is not None or s.conn is not None,
             "level": s.bot.name if s.bot is not None else None}
            for s in self.seats
        ]

    def room(self) -> dict[str, Any]:
        """The waiting room as everyone sees it."""
        return {"table": self.name, "game": self.game.name, "preset": self.rules.name,
                "options": self.rules.options(),
                "counter": self.counter,
                "seats": [{**p, "taken": s.taken or s.bot is not None}
                          for s, p in zip(self.seats, self.public_seats(), strict=True)],
                "spectators": self.spectator_count()}

    def spectator_count(self) -> int:
        return sum(1 for v in self.viewers.values() if v.seat is None)

    def seats_taken(self) -> int:
        return sum(1 for s in self.seats if s.taken or s.bot is not None)


def _built(build: Any, key: int | str | None) -> bytes:
    try:
        frame: bytes = build(key)
        return frame
    except (ProtocolError, ValueError, TypeError) as exc:
        logger.exception("a frame for viewer %r could not be built", key)
        return encode({"type": "error", "code": "frame", "reason": f"not sent: {exc}"[:200]})


def _hex(value: Any, name: str) -> bytes:
    if not isinstance(value, str) or len(value) > 256:
        raise ProtocolError(f"'{name}' is hex text")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise ProtocolError(f"'{name}' is hex text") from None


def _logged_seats(seats: Any, size: int) -> list[tuple[str, str | None, str]]:
    """The log header's seats, checked: as many as its rules deal to, each a name, a bot or
    none, a token."""
    if not isinstance(seats, list) or len(seats) != size:
        raise ValueError(f"the log names {len(seats) if isinstance(seats, list) else 'no'} "
                         f"seats, not {size}")
    out = []
    for s in seats:
        name, bot, token = (s.get(k) for k in ("name", "bot", "token")) if isinstance(s, dict) \
            else (None, None, None)
        if not (isinstance(name, str) and (bot is None or isinstance(bot, str))
                and isinstance(token, str) and token.isascii() and token.isalnum()):
            raise ValueError(f"a seat in the log is damaged: {s!r:.60}")
        out.append((name, bot, token))
    return out


_COMMANDS = {
    "action": Table._command,
    "waive": Table._waive,
    "leave": Table._leave_game,
    "prefs": Table._prefs,
    "chat": Table._chat,
    "auto": Table._auto,
    "hint": Table._hint,
    "ready": Table._ready,
    "history": Table._history,
    "admin": Table._admin,
}
