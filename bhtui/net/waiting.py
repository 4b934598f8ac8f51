"""The waiting room before the match: the host fills seats with bots, moves and removes
people, sets each bot's level and the rules (a preset of the table's game and its options);
and the room as everyone sees it.

A part of the host, like its door, commands and scheduler: it works on the table's seats
and asks of its table only what :class:`RoomTable` names (publish above all); it answers
through the outbox.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any, Protocol

from bhtui.games import Rules
from bhtui.net.outbox import Outbox, ViewerKey
from bhtui.net.protocol import Message
from bhtui.net.protocol import field as need
from bhtui.net.seats import BOT_NAMES, Seat, Viewer
from bhtui.net.state import TableState
from bhtui.wire import Room, TableSeat

ROOM_DELAY = 0.5  # spectators coming and going update the waiting room at most this often
WATCHERS_NAMED = 5  # the waiting room names this many spectators; the count says the rest


class RoomTable(TableState, Protocol):
    """What the waiting room needs of its table: its seats, its game and rules, starting,
    and publishing what changed."""

    @property
    def bots(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def counter(self) -> bool: ...
    @property
    def timer(self) -> float | None: ...

    def use_rules(self, rules: Rules) -> None:
        """Play these rules (before the match)."""

    def start(self) -> None: ...
    def again(self) -> None: ...
    def abandon(self, seat: int, why: str) -> None: ...
    def welcome(self, viewer: Viewer) -> None: ...
    def public_seats(self) -> list[TableSeat]: ...
    def notify(self) -> None: ...
    def view_frame(self, key: ViewerKey, previous: bool = True) -> bytes: ...


class WaitingRoom:
    """The host's operations on the seats before the match (``admin`` messages)."""

    def __init__(self, table: RoomTable, outbox: Outbox) -> None:
        self.table = table
        self.outbox = outbox
        self.room_due = False  # a spectators' count is waiting to be sent
        self.waiting_for: set[str] = set()
        """The seat tokens of people the host tried to start over: each is told he waits for
        him while that person sits there not ready (a seat moved, emptied or taken by another
        holds another token)."""

    def fill_bots(self, announce: bool = True) -> None:
        table = self.table
        for i, s in enumerate(table.seats):
            if s.bot is None and not s.taken:
                s.bot = table.game.table_bot(table.bots, i)
                s.name = BOT_NAMES[i]
                s.ready = True
        if announce:
            table.publish()

    def set_options(self, options: dict[str, Any], preset: str | None = None) -> None:
        """Change the preset (of this table's game) and its options before the match;
        ValueError names the valid presets or options, or the seat a smaller table would
        lose."""
        table = self.table
        if table.match is not None:
            raise ValueError("the match has started: its rules are fixed")
        base = table.game.rules(preset) if preset is not None else table.rules
        rules = base.with_options(**options)
        self._resize(table.game.seats(rules))
        table.use_rules(rules)
        table.publish()

    def _resize(self, size: int) -> None:
        """Another preset deals to another number of seats (Dou Dizhu's classic and
        shanghai): seats are added empty, or the last ones dropped if nobody sits there."""
        table = self.table
        extra = table.seats[size:]
        for i, seat in enumerate(extra, size):
            if seat.taken and seat.bot is None:
                raise ValueError(f"{seat.name or 'someone'} sits at seat {i + 1}, which that "
                                 f"preset does not have: move or remove them first")
        del table.seats[size:]
        table.seats.extend(Seat() for _ in range(size - len(table.seats)))

    def nudge(self, host: Viewer) -> None:
        """The host tried to start while people were not ready: each of them is told he
        waits for him (his screen alone said so) while he sits there not ready."""
        table = self.table
        self.waiting_for = {s.token for i, s in enumerate(table.seats)
                            if s.taken and s.bot is None and not s.ready and i != host.seat}
        table.publish()

    def move(self, source: int, target: int) -> None:
        """Swap two seats (people, bots or empty places) before the match."""
        table = self.table
        size = len(table.seats)
        if table.match is not None or not (0 <= source < size and 0 <= target < size):
            return
        table.seats[source], table.seats[target] = table.seats[target], table.seats[source]
        for viewer in list(self.outbox.viewers.values()):
            if viewer.seat in (source, target):
                viewer.seat = target if viewer.seat == source else source
                table.welcome(viewer)
        table.publish()

    def sit(self, viewer: Viewer, message: Message) -> None:
        """A person at the table moves himself, before the match, to a seat no other person
        holds — an empty one, or a bot's, whose bot takes his old seat: friends care who
        follows whom. His seat (its token, his ready mark) goes with him, as a host's move
        takes it. A refusal goes back to him alone (``sit``, its case in ``why``) and changes
        nothing; the link stays."""
        table, seat = self.table, message.get("seat")
        size = len(table.seats)
        if type(seat) is not int:
            refusal = "seat", f"'seat' is a seat's number, 0 to {size - 1}"
        elif viewer.seat is None:
            refusal = "watcher", "a watcher has no seat to change: join the table as a player"
        elif table.match is not None:
            refusal = "started", "the match has started: the seats are fixed"
        elif not 0 <= seat < size:
            refusal = "range", f"this table has no seat {seat}: its seats are 0 to {size - 1}"
        elif seat != viewer.seat and table.seats[seat].taken and table.seats[seat].bot is None:
            refusal = "taken", f"seat {seat} is taken by {table.seats[seat].name}"
        else:
            if seat != viewer.seat:
                self.move(viewer.seat, seat)
            return
        self.outbox.error(viewer, "sit", refusal[1], why=refusal[0])

    def set_level(self, seat: int, level: str) -> None:
        """A bot seat's level, chosen in the waiting room; ValueError names the levels."""
        table = self.table
        levels = table.game.levels
        if level not in levels:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(levels)}")
        if table.match is not None:
            raise ValueError("the match has started: its bots are seated")
        if not 0 <= seat < len(table.seats) or table.seats[seat].bot is None:
            raise ValueError(f"seat {seat} holds no bot")
        table.seats[seat].bot = table.game.table_bot(level, seat)
        table.publish()

    def remove(self, seat: int) -> None:
        """Empty a seat before the match: a bot leaves, a person becomes a spectator. During
        the match a person's seat passes to a bot for good (he looks on), and the rules may
        make him pay for it (R-AUTO-3)."""
        table = self.table
        if not 0 <= seat < len(table.seats):
            return
        old = table.seats[seat]
        if table.match is not None:
            if old.bot is None and not table.match.over:
                self._hand_to_bot(seat)
            return
        if old.conn is not None and old.conn in self.outbox.viewers:
            self.outbox.viewers[old.conn].seat = None
            table.welcome(self.outbox.viewers[old.conn])
        table.seats[seat] = Seat()
        table.publish()

    def _hand_to_bot(self, seat: int) -> None:
        """The host removes a person mid-match: whatever the rules make of it first (the
        penalty, applied and logged), then a bot of the table's level plays the seat out
        under a new token, so the old one no longer takes it back."""
        table = self.table
        table.abandon(seat, "removed")
        old = table.seats[seat]
        old.bot = table.game.table_bot(table.bots, seat)
        old.auto, old.ready, old.token = False, True, secrets.token_hex(16)
        conn, old.conn = old.conn, None
        viewer = self.outbox.viewers.get(conn) if conn is not None else None
        if viewer is not None:
            viewer.seat = None
            table.welcome(viewer)
        table.publish()

    def admin(self, viewer: Viewer, message: Message) -> None:
        """The host's own operations; a refusal goes back to him and changes nothing."""
        if not viewer.admin:
            self.outbox.error(viewer, "admin", "only the host runs the waiting room")
            return
        try:
            match need(message, "op", str):
                case "fill_bots":
                    self.fill_bots()
                case "start":
                    self.table.start()
                case "nudge":
                    self.nudge(viewer)
                case "again":
                    self.table.again()
                case "move":
                    self.move(need(message, "seat", int), need(message, "to", int))
                case "remove":
                    self.remove(need(message, "seat", int))
                case "level":
                    self.set_level(need(message, "seat", int), need(message, "level", str))
                case "options":
                    preset = message.get("preset")
                    if preset is not None and not isinstance(preset, str):
                        raise ValueError("'preset' is a preset's name")
                    self.set_options(need(message, "options", dict), preset)
                case op:
                    raise ValueError(f"unknown operation {op!r}")
        except ValueError as exc:
            self.outbox.error(viewer, "admin", str(exc))

    def room(self) -> Room:
        """The waiting room as everyone sees it."""
        table = self.table
        return {"table": table.name, "game": table.game.name, "preset": table.rules.name,
                "options": table.rules.options(),
                "counter": table.counter,
                "timer": table.timer,
                "seats": [{**p, "taken": s.taken or s.bot is not None}
                          for s, p in zip(table.seats, table.public_seats(), strict=True)],
                "spectators": self.outbox.spectators(),
                "watchers": self.outbox.spectator_names(WATCHERS_NAMED),
                "waiting_for": [i for i, s in enumerate(table.seats)
                                if s.token in self.waiting_for and not s.ready]}

    def spectators_changed(self) -> None:
        """A spectator came or went: nobody's view changes, only the waiting room's count,
        sent at most every ROOM_DELAY seconds whatever the crowd."""
        table = self.table
        table.notify()
        if table.match is None and not self.room_due:
            self.room_due = True
            asyncio.get_running_loop().call_later(ROOM_DELAY, self._send_room)

    def _send_room(self) -> None:
        table = self.table
        if self.room_due and table.match is None:
            self.room_due = False
            self.outbox.broadcast(table.view_frame)
