"""The authoritative host of one table, independent of any transport.

A table owns the seats (human, bot, or a human on 托管), the spectators, the match and the
numbered event stream; it dispatches what viewers send and broadcasts what they may see. Only
views and filtered events leave it (R-HIDE-*): every frame a viewer receives is built from
``Match.view`` / ``event_for`` for that viewer's kind alone. Each accepted action is written
to the game log before anyone hears of it.

Its parts, each in its own module: the seat and viewer records (:mod:`~bhtui.net.seats`), the
viewers and sending to them (:mod:`~bhtui.net.outbox`), the door — hello, join code,
spectator caps (:mod:`~bhtui.net.door`; the proof and the guess budget in
:mod:`~bhtui.net.joincode`) —, the waiting room (:mod:`~bhtui.net.waiting`), the viewers'
commands (:mod:`~bhtui.net.commands`), and bots, timers and the declarations the bots wait
for (:mod:`~bhtui.net.scheduler`). A part never sees the table whole, nor another part: each
names what it needs of the table in a protocol of its own (``DoorTable``, ``RoomTable``,
``CommandsTable``, ``SchedulerTable``), which the table meets, and sends through the outbox.
"""

from __future__ import annotations

import secrets
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bhtui.games import Game, GameMatch, Rules, Seed, game_for, secret_seed
from bhtui.net.commands import Commands
from bhtui.net.door import MAX_SPECTATORS, SPECTATORS_PER_ADDRESS, Door
from bhtui.net.joincode import CodeGuard
from bhtui.net.outbox import Outbox, ViewerKey
from bhtui.net.protocol import Message, ProtocolError, encode
from bhtui.net.recall import TrickRecall
from bhtui.net.scheduler import Scheduler
from bhtui.net.seats import BOT_NAMES, Connection, Pending, Seat, Viewer, bot_seat, logged_seats
from bhtui.net.waiting import WaitingRoom
from bhtui.store.gamelog import UNNAMED, GameLog, new_log_path, rules_header
from bhtui.wire import Action, Event, Room, TableSeat, ViewFrame

__all__ = ["BOT_NAMES", "SPECTATORS_PER_ADDRESS", "Connection", "Seat", "Table", "Viewer",
           "bot_seat"]

CATCHUP_EVENTS = 256  # events a (re)joining viewer gets at most, in one frame
HISTORY_PAGE = 16  # finished rounds per "history" message
KEPT_ACTIONS = 1024  # a match's latest actions kept in memory; its log holds them all


class Table:
    """One table of one game: a waiting room, then a match; commands in, per-viewer frames
    out. It knows the game only through the contract (:class:`bhtui.games.Game`)."""

    def __init__(
        self,
        rules: Rules,
        seats: list[Seat] | None = None,
        *,
        game: Game | None = None,
        name: str = UNNAMED,
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
        # The rules come resolved (bhtui.games.rules_named at the edge); they say the game.
        self.game, self.rules = game if game is not None else game_for(rules), rules
        if not self.game.owns(rules):
            raise ValueError(f"those rules are not {self.game.name}'s")
        size = self.game.seats(self.rules)
        self.seats = seats or [Seat() for _ in range(size)]
        if len(self.seats) != size:
            raise ValueError(f"a table of {self.game.name} {self.rules.name} has {size} "
                             f"seats, not {len(self.seats)}")
        self.name = name
        self.seed: Seed = seed if seed is not None else secret_seed()
        self.rounds = rounds
        self.bot_delay = bot_delay
        self.watched_delay = 0.0
        """The least bot delay while someone watches and nobody plays his own seat: a
        headless table's (``serve.WATCHED_DELAY``), so --fast cannot outrun its watchers."""
        self.headless = False
        """Served with nobody at a screen of the host's (``serve.run_headless``): nobody starts
        再来一局, which its hello tells every client."""
        self.bots = self.game.level(bots)
        """The bots the waiting room fills empty seats with: the level chosen, where the game
        has it."""
        self.timer = timer or None  # (0 s a turn would time every turn out at once: none)
        self.code = code.strip() if code and code.strip() else None
        self.guard = CodeGuard(self.code) if self.code else None
        self.log = log
        self.earlier: list[Path] = []  # the logs of this table's matches before 再来一局
        self.table_id = table_id or secrets.token_hex(8)  # public: how clients keep its token
        self.address: tuple[str, int] | None = None
        """Where the table listens (its server says): the log's header keeps it with whether
        a code is needed, so ``--resume`` opens the same door (`door`)."""
        self.boot_id = secrets.token_hex(4)
        self.max_spectators = max_spectators
        self.match: GameMatch | None = None
        self.closed = False
        self.told: list[Connection] = []  # the connections a closing table said bye to
        self.seq = 0
        self.buffer: deque[tuple[int, Event]] = deque(maxlen=CATCHUP_EVENTS)
        self.listeners: list[Any] = []  # called after any change (the lobby advertisement)
        self.outbox = Outbox(open_spectating)
        self.door = Door(self, self.outbox)
        self.waiting = WaitingRoom(self, self.outbox)
        self.scheduler = Scheduler(self, self.outbox)
        self.commands = Commands(self, self.outbox, self.scheduler)
        self.counter = counter  # the card counter (记牌器): a table option, public information
        self.recall = self._new_recall()
        self.abandoning: dict[int, str] = {}  # abandoned, why: waiting for the rules to count it
        self.abandoned: dict[int, str] = {}  # counted, why (once per absence; "left": per match)
        self.host_seat: int | None = None
        """A resumed table's seat of the host's (its log's keeper): his screen takes that one
        back, under its name; None: he watches (no guess: the first person's seat may be a
        friend's, whose hand he would see)."""
        self.tell_unsaved(self._say_unsaved)

    @property
    def viewers(self) -> dict[Connection, Viewer]:
        """Everyone admitted, by connection (the outbox keeps them)."""
        return self.outbox.viewers

    @property
    def pending(self) -> dict[Connection, Pending]:
        """Connections still at the door (the door keeps them)."""
        return self.door.pending

    @property
    def timeouts(self) -> Counter[int]:
        """Turn timers run out, per seat, this match (the scheduler counts them)."""
        return self.scheduler.timeouts

    # ----- the match ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    def start(self) -> None:
        """Begin the match: empty seats get bots; the log gets its header first."""
        if self.match is not None:
            return
        self.fill_bots(announce=False)
        self.door.dropped.clear()  # the seats are fixed now: nobody's is kept for him
        for s in self.seats:
            s.ready = True
        self.match = self.game.new_match(self.rules, self.seed, self.rounds)
        self.match.keep_last(KEPT_ACTIONS)
        self.recall = self._new_recall()
        self.timeouts.clear()
        self.abandoning.clear()  # S-SCORE-5 counts per match
        self.abandoned.clear()
        if self.log is not None:
            self.log.start(self.header())
        before = self.seq
        self._record(self.match.initial_events())
        for viewer in list(self.viewers.values()):
            self.catch_up(viewer, before)
        self.publish()

    def again(self) -> None:
        """再来一局: a new match at the same seats with the next seed, in a new log."""
        if self.match is None or not self.match.over:
            raise ValueError("the match is still being played")
        # The next seed (a secret seed gets a new secret: none of it may be guessed).
        self.seed = self.seed + 1 if isinstance(self.seed, int) else secret_seed()
        if self.log is not None:
            self.log.close()
            self.earlier.append(self.log.path)
            self.log = GameLog(new_log_path(self.name))
        for seat in self.seats:  # everyone starts the new match in charge (an away seat's
            seat.auto = False    # bot still plays for it)
        self.match = None
        self.start()

    def tell_unsaved(self, say: Callable[[GameLog], None]) -> None:
        """Have ``say`` called once for each match's log that cannot be written on
        (``GameLog.lost``: a full disk, the folder gone, 再来一局's new log not made): now
        where it is already, else as it happens. The match plays on unsaved; it is said once,
        not at each action after."""
        told: list[GameLog] = []

        def check(table: Table) -> None:
            log = table.log
            if log is not None and log.lost is not None and log not in told:
                told[:] = [log]
                say(log)

        self.listeners.append(check)
        check(self)

    def _say_unsaved(self, log: GameLog) -> None:
        """Everyone at the table hears that the game goes on unsaved (its log says so), with
        the system's reason: the host's path is his own."""
        assert log.lost is not None
        self.outbox.to_all({"type": "unsaved",
                            "reason": log.lost.strerror or type(log.lost).__name__})

    def close(self) -> None:
        """The host is stopping: no timer fires and nothing more is applied or logged. Every
        connection is told ``bye`` before it is closed, so players and watchers know the table
        is gone on purpose rather than reconnecting for ever; seats keep their tokens (the log
        has them) for a ``--resume``. Those told are kept in ``told``, for their transport to
        see off (``tcp.see_off``): the host's own screen may have closed it first."""
        self.closed = True
        self.scheduler.cancel()
        self.scheduler.cancel_absences()
        connections = [*self.viewers, *self.pending]
        self.viewers.clear()  # gone with the table: nobody's leaving is handled any more
        self.pending.clear()
        for conn in connections:
            say_bye(conn)
        self.told += connections

    def use_rules(self, rules: Rules) -> None:
        """Play these rules (the waiting room changed them): the card counter counts theirs."""
        self.rules = rules
        self.recall = self._new_recall()

    def _new_recall(self) -> TrickRecall:
        return TrickRecall(len(self.seats), self.game.move_of, self.game.counted(self.rules),
                           self.game.stand_ins)

    def header(self) -> dict[str, Any]:
        return {
            **rules_header(self.rules), "seed": self.seed,
            "rounds": self.rounds, "name": self.name, "id": self.table_id,
            "seats": [{"name": s.name, "bot": s.bot.name if s.bot else None, "token": s.token}
                      for s in self.seats],
            "first_seq": self.seq,  # (再来一局 goes on counting: a resume must too)
            **self.settings(),
            **({"door": self.door_facts()} if self.address else {}),
            **({"earlier": self.log.names_of(self.earlier)} if self.log and self.earlier
               else {}),  # (a resumed table names them in its goodbye too: GameLog.earlier)
            **({"keeper": keeper} if (keeper := self.keeper()) is not None else {}),
        }

    def settings(self) -> dict[str, Any]:
        """The settings the table was served with, which its log keeps and a resume serves
        it with again (``GameLog.table_settings``; never the join code)."""
        return {"timer": self.timer, "counter": self.counter,
                "open_spectating": self.outbox.open_spectating, "bot_delay": self.bot_delay,
                "bots": self.bots}

    def keeper(self) -> int | None:
        """The seat the host sits at from his own screen (the admin link in this process);
        None where he sits nowhere (a headless table, or watching). His log keeps it, so
        its replay shows him his own hand as he saw it before the match is over, and no one
        else's (the log said nothing of whose screen it was)."""
        seats = {v.seat for v in self.viewers.values() if v.admin and v.seat is not None}
        return seats.pop() if len(seats) == 1 else None

    def door_facts(self) -> dict[str, Any]:
        """Where the table listens and whether it needs a join code — never the code: a
        resumed table is asked for it again (`bhtui.cli`)."""
        assert self.address is not None
        bind, port = self.address
        return {"bind": bind, "port": port, "code": self.code is not None}

    @classmethod
    def resume(cls, log: GameLog, defaults: dict[str, Any] | None = None, **kw: Any) -> Table:
        """Rebuild a table from its log: the same match, the same seat tokens, the same
        settings (``kw`` names those chosen anew; ``defaults``: those of a log from before
        they were kept) and the host's seat (``host_seat``). ValueError (or IllegalAction)
        says what in the log is wrong; GameLogError when the log was played under another
        edition of the rules or a field of its header is damaged."""
        header, actions, (game, rules) = log.header, log.actions, log.rules()
        logged = logged_seats(header.get("seats"), game.seats(rules))
        keeper = log.keeper(len(logged))
        kw = {**(defaults or {}), **log.table_settings(), **kw}
        seats = [Seat(name=name, bot=game.table_bot(bot, i) if bot else None, token=token,
                      taken=True)
                 for i, (name, bot, token) in enumerate(logged)]
        seed, rounds = log.seed_and_rounds()
        name, table_id = log.name_and_id()
        resumed = cls(rules, seats, game=game, name=name, seed=seed, rounds=rounds, log=log,
                      table_id=table_id, **kw)
        resumed.host_seat = keeper
        match = resumed.match = game.new_match(rules, resumed.seed, resumed.rounds)
        match.keep_last(KEPT_ACTIONS)
        resumed.seq = log.first_seq()  # a match after 再来一局 numbers on from the last one's
        resumed._record(match.initial_events())  # events, and its players count from there
        for seat, action in actions:
            why = action.get("why")  # a leave counted once a match (S-SCORE-5), still counted
            if isinstance(why, str) and why != "disconnected" \
                    and action == game.abandon(match, seat, why):
                resumed.abandoned[seat] = why
            resumed._record(match.apply(seat, action))
            if action.get("type") == "auto":  # told to the match (R-AUTO-2): still on
                resumed.seats[seat].auto = bool(action.get("on"))
        log.actions = []  # replayed: held twice, they were a second copy all evening
        resumed.earlier = log.earlier()  # (re)named in the goodbye, and in the next match's log
        for s in resumed.seats:
            s.ready = True
            if s.bot is None:  # (not played until back or RETURN_WAIT: then by the bot)
                s.went_away(resumed.seq)
        resumed.scheduler.expect([i for i, s in enumerate(resumed.seats) if s.bot is None])
        return resumed

    # ----- abandoning (S-SCORE-5) ---------------------------------------------------------
    def abandon(self, seat: int, why: str) -> None:
        """A person abandoned the game: whatever the game's rules make of it (S-SCORE-5's
        escape, when the table has it), applied and logged like any action — now, or as
        soon as the rules count it (Dou Dizhu's once there is a landlord). Once per absence:
        the bot plays his seat meanwhile."""
        if (self.match is None or not self.game.abandons(self.rules, why)
                or seat in self.abandoned or seat in self.abandoning):
            return
        self.abandoning[seat] = why
        self._count_abandons()

    def seated(self, seat: int) -> None:
        """A person took the seat, or is back at it: an absence ends (a disconnection back in
        time counts for nothing; a later one may count again). Quitting on purpose or
        running out of time stays counted for the match — or the abandon yet to count still
        counts — so leaving and coming back cannot end a deal with an escape again and
        again."""
        self.scheduler.back(seat)
        self.seats[seat].came_back(self.seq)
        for abandons in (self.abandoning, self.abandoned):
            if abandons.get(seat) == "disconnected":
                del abandons[seat]

    def _count_abandons(self) -> None:
        match = self.match
        for seat, why in list(self.abandoning.items()):
            if match is None or match.over or self.closed:
                return
            action = self.game.abandon(match, seat, why)
            if action is not None:
                del self.abandoning[seat]
                self.abandoned[seat] = why
                self.apply(seat, action)
                return  # apply counted the others

    # ----- commands ----------------------------------------------------------------------
    def receive(self, conn: Connection, message: Message) -> None:
        """One decoded message from a connection (its hello first)."""
        pending = self.pending.get(conn)
        if pending is not None:
            if pending.attempt is not None:
                self.door.proof(conn, message)
            else:
                self.door.hello(conn, message, admin=getattr(conn, "admin", False))
            return
        viewer = self.viewers.get(conn)
        if viewer is None:
            return
        try:
            match message["type"]:
                case "admin":
                    self.waiting.admin(viewer, message)
                case "sit":
                    self.waiting.sit(viewer, message)
                case _:
                    self.commands.receive(viewer, message)
        except ProtocolError as exc:
            self.door.refuse(conn, "protocol", str(exc))
            self.leave(conn)

    # ----- the door and the waiting room (their parts do the work) ------------------------
    def connect(self, conn: Connection, address: str = "local") -> None:
        if self.closed:  # accepted as the host was stopping
            say_bye(conn)
            return
        self.door.connect(conn, address)

    def leave(self, conn: Connection) -> None:
        self.door.leave(conn)

    def welcome(self, viewer: Viewer) -> None:
        self.door.welcome(viewer)

    def went_away(self, seat: int) -> None:
        """The person at ``seat`` dropped mid-match: the bot plays it from the next event,
        which his welcome back will tell him (``Seat.away``), and his absence counts."""
        self.seats[seat].went_away(self.seq)
        self.scheduler.went_away(seat)

    def spectators_changed(self) -> None:
        self.waiting.spectators_changed()

    def fill_bots(self, announce: bool = True) -> None:
        self.waiting.fill_bots(announce)

    def set_options(self, options: dict[str, Any], preset: str | None = None) -> None:
        self.waiting.set_options(options, preset)

    def move(self, source: int, target: int) -> None:
        self.waiting.move(source, target)

    def set_level(self, seat: int, level: str) -> None:
        self.waiting.set_level(seat, level)

    def remove(self, seat: int) -> None:
        self.waiting.remove(seat)

    def room(self) -> Room:
        return self.waiting.room()

    # ----- seats: 托管 and results seen (the scheduler's questions) ------------------------
    def set_auto(self, seat: int, on: bool, chosen: bool = False) -> None:
        """托管 on or off for a person's seat; where the rules prescribe the auto-player
        (R-AUTO-2) the match is told, logged like an action (``chosen``: by the person, not
        by his turn timer), and may refuse (IllegalAction, nothing changed): a seat put on it
        too often stays on it."""
        s, match = self.seats[seat], self.match
        s.auto = on
        if match is None or match.over or self.game.auto_player(self.rules) is None:
            self.publish()
            return
        try:
            self.apply(seat, {"type": "auto", "on": on}, chosen=chosen)
        except self.game.illegal:
            s.auto = not on
            raise

    def played_by_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return (s.bot is not None or s.auto
                or (s.conn is None and seat not in self.scheduler.returning))

    def unready(self) -> list[int]:
        """Seats the table waits on after a round: people here who have not seen the result,
        on 托管 too (that keeps 托管 from outrunning the screen). A seat whose player is away
        is never waited for."""
        return [i for i, s in enumerate(self.seats)
                if not s.ready and s.bot is None and s.conn is not None]

    def all_ready(self) -> None:
        for s in self.seats:
            s.ready = True
        self.publish()

    # ----- applying and broadcasting -----------------------------------------------------
    def apply(self, seat: int, action: Action, chosen: bool = False) -> None:
        """Apply, log, then tell every viewer; IllegalAction (nothing changed) when refused.
        ``chosen``: the seat's person sent it; a person's seat played otherwise (托管, a bot
        while he is away, the rules) is logged as played for him."""
        match = self.match
        assert match is not None and not self.closed
        rounds_before = len(match.records)
        moment = self.game.moment(match)
        events = match.apply(seat, action)
        if self.log is not None:
            self.log.append(seat, action, played_for=not chosen and self.seats[seat].bot is None)
            #                              (persist, then broadcast)
        self._record(events)
        if self.game.moment(match) == moment:
            self.scheduler.answer(seat)  # acting at a moment answers it: nothing more to wait for
        finished = match.history[rounds_before:]
        if finished:
            for s in self.seats:  # people look at the result before bots go on, 托管 or not
                s.ready = s.bot is not None
        self.scheduler.arm()  # first: the views carry the new turn timer's deadline
        fresh = list(self.buffer)[-len(events):]
        # The previous trick changes only at a trick's end or a deal: sent then, not each move.
        previous = any(e.get("type") in ("trick", "deal") for e in events)
        self.outbox.broadcast(lambda key: b"".join(
            [self._event_frame(key, seq, event) for seq, event in fresh]
            + ([encode({"type": "history", "rounds": finished})] if finished else [])
            + [self.view_frame(key, previous)]))
        self.notify()
        if self.abandoning:
            self._count_abandons()

    def _record(self, events: list[Event]) -> None:
        for event in events:
            self.seq += 1
            self.buffer.append((self.seq, event))
            self.recall.feed(event)

    def _event_frame(self, key: ViewerKey, seq: int, event: Event) -> bytes:
        return encode({"type": "event", "seq": seq, "event": self.game.event_for(event, key)})

    def view_frame(self, key: ViewerKey, previous: bool = True) -> bytes:
        """What the viewers of ``key`` see now: the room before the match, else their view
        with the seats, the recall and the timer (R-HIDE-*: built from ``Match.view`` for
        that key alone)."""
        if self.match is None:
            return encode({"type": "room", "room": self.room()})
        view = self.match.view(key)
        if self.unready():  # the table waits for people reading a round's result: until
            view = view.copy()  # they are done nobody is to act, the next deal's first nor
            view["to_act"] = None  # anyone else (act refuses), and every screen says so
            if "actions" in view:
                view["actions"] = []
        frame: ViewFrame = {"type": "view", "seq": self.seq, "view": view,
                            "table": self.public_seats(),
                            "recall": self.recall.public(self.counter, previous)}
        left, running, to_act = self.scheduler.time_left(), self.scheduler.running(), \
            self.match.to_act
        # A turn timer runs only on a seat's turn, with a deadline, at a table that has one.
        if running == "turn" and to_act is not None and left is not None and self.timer:
            frame["timer"] = {"seat": to_act, "left": left, "total": self.timer}
        if isinstance(key, int) and key in self.scheduler.asked():
            # Private: only this seat learns that the table waits for its declaration.
            frame["asked"] = {"left": left if running == "asked" else None}
        return encode(frame)

    def catch_up(self, viewer: Viewer, last: int | None) -> None:
        """What a (re)joining viewer missed, in one frame however long the match: the latest
        events after ``last`` (at most CATCHUP_EVENTS, fewer if they would not fit). Sent
        even when nothing was missed (empty), so a client always finds it first."""
        key = self.outbox.key(viewer)
        missed = [(seq, self.game.event_for(event, key)) for seq, event in self.buffer
                  if last is None or seq > last]
        while True:
            try:
                viewer.conn.send_frame(encode({"type": "catchup", "events": missed}))
                return
            except ProtocolError:
                missed = missed[max(1, len(missed) // 2):]

    def send_history(self, viewer: Viewer, before: int | None) -> None:
        """A page of finished rounds (the score table), ending before round ``before``."""
        if self.match is None:
            return
        history = self.match.history
        end = len(history) if before is None else max(0, min(len(history), before - 1))
        viewer.conn.send_frame(encode(
            {"type": "history", "rounds": history[max(0, end - HISTORY_PAGE):end]}))

    def send_view(self, viewer: Viewer) -> None:
        self.outbox.send_built(viewer, self.view_frame)

    def publish(self) -> None:
        """Seats, rules or the match changed: bots and timers are re-armed, then everyone
        gets a fresh view (or room) with the timer's deadline."""
        self.waiting.room_due = False
        self.scheduler.arm()
        self.outbox.broadcast(self.view_frame)
        self.notify()

    def notify(self) -> None:
        """Tell the listeners (the lobby's advertisement) that something changed."""
        for listener in self.listeners:
            listener(self)

    def public_seats(self) -> list[TableSeat]:
        return [
            {"name": s.name, "kind": s.kind, "auto": s.auto, "ready": s.ready,
             "connected": s.bot is not None or s.conn is not None,
             "level": s.bot.name if s.bot is not None else None}
            for s in self.seats
        ]

    def spectator_count(self) -> int:
        return self.outbox.spectators()

    def seats_taken(self) -> int:
        return sum(1 for s in self.seats if s.taken or s.bot is not None)


def say_bye(conn: Connection) -> None:
    """The table is closed on purpose: ``bye``, then the link ends (the client stays away)."""
    conn.send_frame(encode({"type": "bye", "reason": "closed"}))
    conn.close("the host closed the table")
