"""The table's door: a connection says hello, proves the join code if the table has one (or
holds a seat token, which proves more), and is admitted to its seat or among the spectators,
within the spectator caps; a connection that goes is let out. The proof itself and the
guess budget live in :mod:`bhtui.net.joincode`.

A part of the host, like its waiting room, commands and scheduler: it keeps the connections
at the door and the spectator counts, admits viewers into the outbox, and asks of its table
only what :class:`DoorTable` names.
"""

from __future__ import annotations

import math
import secrets
from collections import Counter
from typing import Any, Protocol

from bhtui import __version__
from bhtui.net.joincode import CodeGuard, WrongCode, seat_proof
from bhtui.net.outbox import Outbox
from bhtui.net.protocol import (
    MAX_NAME,
    MAX_REASON,
    PROTOCOL,
    Message,
    ProtocolError,
    check_hello,
    encode,
    error,
)
from bhtui.net.seats import IN_PROCESS, Connection, Pending, Seat, Viewer
from bhtui.net.state import TableState
from bhtui.store.config import PLAYER
from bhtui.wire import HostHello

MAX_SPECTATORS = 500
SPECTATORS_PER_ADDRESS = 32  # NAT and the SSH menu put many people behind one address
WATCHER = {PLAYER["en"]: "Watcher", PLAYER["zh"]: "观众"}
"""What a spectator who comes with bhtui's default name (his account gives none) is called:
numbered on after the seats' "Player"s, "Player 4" read as a fourth player."""


class DoorTable(TableState, Protocol):
    """What the door needs of its table: what a hello is told, the seats to admit to, the
    caps, and what a newcomer is sent."""

    @property
    def name(self) -> str: ...
    @property
    def table_id(self) -> str: ...
    @property
    def guard(self) -> CodeGuard | None: ...
    @property
    def max_spectators(self) -> int: ...
    @property
    def headless(self) -> bool: ...

    def seated(self, seat: int) -> None:
        """A person took (or took back) this seat."""

    def went_away(self, seat: int) -> None:
        """The person at this seat dropped mid-match."""

    def spectators_changed(self) -> None: ...
    def catch_up(self, viewer: Viewer, last: int | None) -> None: ...
    def send_history(self, viewer: Viewer, before: int | None) -> None: ...
    def send_view(self, viewer: Viewer) -> None: ...


class Door:
    """Admission and departure of a table's connections."""

    def __init__(self, table: DoorTable, outbox: Outbox) -> None:
        self.table = table
        self.outbox = outbox
        self.pending: dict[Connection, Pending] = {}  # at the door: no hello, or no proof yet
        self.spectators = 0  # admitted spectators, and per address: the caps
        self.spectators_from: Counter[str] = Counter()
        self.dropped: dict[str, int] = {}
        """The seat tokens of people whose link dropped before the match, and the seat each
        had: he is given it back while it is free or a bot's. Forgotten once another person
        takes that seat, or the match starts (seats do not wait for anyone gone for good)."""

    def connect(self, conn: Connection, address: str = "local") -> None:
        """A new connection: the host speaks first, saying whether a join code is needed.
        Its address counts as it is for every per-address rule (`gate.exact`: on a LAN one
        IPv6 /64 is every machine at the table)."""
        table = self.table
        self.pending[conn] = Pending(address)
        hello: HostHello = {
            "type": "hello", "proto": list(PROTOCOL), "app": __version__, "id": table.table_id,
            "code": table.guard is not None, "table": table.name, "game": table.game.name,
            "preset": table.rules.name,
            "options": table.rules.options(),
        }
        if table.headless:  # nobody starts 再来一局 there
            hello["headless"] = True
        conn.send_frame(encode(hello))

    def hello(self, conn: Connection, message: Message, admin: bool = False) -> None:
        table = self.table
        pending = self.pending[conn]
        try:
            role, name, token = check_hello(message)
        except ProtocolError as exc:
            self.refuse(conn, "hello", str(exc))
            return
        last = message.get("last_seq")
        hello = (role, name, token, last if isinstance(last, int) else None)
        guard = table.guard
        # A seat token proves more than the code (it was given after one): no code asked.
        if guard is None or admin or self._token_seat(token, conn.channel) is not None:
            self._admit(conn, *hello, admin=admin)
            return
        wait = guard.wait(pending.address)
        if wait:
            seconds = max(1, math.ceil(wait))  # (rounded, the last moments said "in 0 s")
            self.refuse(conn, "cooldown", f"too many wrong join codes at this table: try again "
                                           f"in {seconds} s", why="codes", seconds=seconds)
            return
        try:
            pending.attempt = guard.begin(_hex(message.get("pake"), "pake"), pending.address,
                                          conn.channel)
        except (ProtocolError, WrongCode):
            self.refuse(conn, "code", "this table needs its join code", why="needed")
            return
        pending.hello = hello
        conn.send_frame(encode({"type": "pake", "pake": pending.attempt.message.hex(),
                                "confirm": pending.attempt.confirm.hex()}))

    def proof(self, conn: Connection, message: Message) -> None:
        """The client's key confirmation: it knows the code, or it is refused."""
        table = self.table
        pending = self.pending[conn]
        assert table.guard is not None and pending.attempt is not None
        try:
            confirm = _hex(message.get("confirm"), "confirm")
        except ProtocolError as exc:
            self.refuse(conn, "protocol", str(exc))
            return
        if message.get("type") != "proof" or not table.guard.finish(pending.attempt, confirm):
            self.refuse(conn, "code", "wrong join code", why="wrong")
            return
        self._admit(conn, *pending.hello, admin=False)

    def _admit(self, conn: Connection, role: str, name: str, token: str | None,
               last: int | None, admin: bool) -> None:
        table = self.table
        address = self.pending[conn].address
        seat: int | None = None
        if self.outbox.open_spectating and not admin and self._both_ways(role, address):
            self.refuse(conn, "open", OPEN_TABLE, why="open")
            return
        del self.pending[conn]
        if role == "player":
            seat = self._seat_for(token, conn.channel)
            if seat is None:
                self.refuse(conn, "full", "no free seat at this table; you can watch",
                            why="seats")
                return
        elif not admin and self.spectators >= table.max_spectators:
            self.refuse(conn, "full", "this table has as many spectators as it can take",
                        why="spectators")
            return
        elif not admin and self.spectators_from[address] >= SPECTATORS_PER_ADDRESS:
            self.refuse(conn, "full", "too many spectators from your address",
                        why="address")
            return
        name = self._distinct(WATCHER.get(name, name) if seat is None else name, seat)
        viewer = Viewer(conn, seat, name, admin=admin, address=address,
                        counted=seat is None and not admin)
        self.outbox.viewers[conn] = viewer
        if seat is not None:
            taken = table.seats[seat]
            old = taken.conn
            if old is not None and old is not conn:
                # Said as final (like ``full``): the window replaced must not come back and
                # replace this one in turn, for ever.
                self.outbox.viewers.pop(old, None)
                self.refuse(old, "replaced", "this seat was taken over from another window or "
                                             "machine")
            taken.conn, taken.name, taken.taken, taken.address = conn, name, True, address
            self.dropped = {t: i for t, i in self.dropped.items() if i != seat}
            table.seated(seat)
            if table.match is not None:
                taken.ready = True  # (re)joining mid-match: nobody waits for him to see a result
        elif viewer.counted:
            self.spectators += 1
            self.spectators_from[address] += 1
        self.welcome(viewer)
        table.catch_up(viewer, last)
        if table.match is not None:
            table.send_history(viewer, None)
        if seat is not None:
            table.publish()
        else:
            table.send_view(viewer)
            table.spectators_changed()

    def _distinct(self, name: str, seat: int | None) -> str:
        """``name``, or with a number after it while another seat or watcher has it: two
        people who left bhtui's default name ("Player") were two "Player"s in every log
        line and in the room. A seat taken again keeps whatever name it had."""
        taken = {s.name for i, s in enumerate(self.table.seats) if i != seat}
        taken |= {v.name for v in self.outbox.viewers.values() if seat is None or v.seat != seat}
        found, n = name, 1
        while found in taken:
            n += 1
            tail = f" {n}"
            found = name[:MAX_NAME - len(tail)] + tail
        return found

    def _both_ways(self, role: str, address: str) -> bool:
        """Whether admitting ``role`` from ``address`` would put an open table's player and
        one of its spectators on one machine: the player would see every hand. A seat keeps
        the address it was taken from while its player is away, so dropping the link to
        watch for a while, then rejoining, is refused too. The host's own process is not
        held to it (``IN_PROCESS``)."""
        if address == IN_PROCESS:
            return False
        if role == "player":
            return any(v.address == address and v.seat is None and not v.admin
                       for v in self.outbox.viewers.values())
        return any(s.taken and s.bot is None and s.address == address
                   for s in self.table.seats)

    def welcome(self, viewer: Viewer) -> None:
        """Tell a viewer where it sits (and its seat's token): on admission, and again when
        the host moves or removes it in the waiting room — its client knows its seat only
        from a welcome, so a moved player was shown, and asked, as the seat he had left."""
        table, seat = self.table, viewer.seat
        self.outbox.send(viewer, {
            "type": "welcome", "role": "player" if seat is not None else "spectator",
            "seat": seat,
            "token": table.seats[seat].token if seat is not None else None,
            "last_cid": table.seats[seat].last_cid if seat is not None else 0,
            "seq": table.seq,
            "away": table.seats[seat].away if seat is not None else [],
        })

    def _token_seat(self, proof: str | None, channel: bytes) -> int | None:
        """The seat a person once took with the token ``proof`` proves on this connection
        (``seat_proof``; empty seats' tokens were never given)."""
        table = self.table
        for i, seat in enumerate(table.seats):
            if proof is not None and seat.taken and secrets.compare_digest(
                    seat_proof(seat.token, channel), proof):
                return i
        return None

    def _seat_for(self, proof: str | None, channel: bytes) -> int | None:
        """The seat a person is admitted to: his token's; before the match, the seat he had
        when his link dropped (``dropped``) if no other person has taken it; else the first
        empty seat (one nobody dropped from, if there is one); else, before the match, the
        last bot's seat — people take seats from the first, so the bots a host filled in sit
        last, and the bot furthest from them goes (no seat: it leaves the table)."""
        table = self.table
        for i, seat in enumerate(table.seats):
            if proof is not None and secrets.compare_digest(seat_proof(seat.token, channel), proof):
                return i
        if table.match is not None:
            self.dropped.clear()
        back = self._dropped_seat(proof, channel)
        if back is not None:
            return back
        held = set(self.dropped.values())
        empty = sorted((i for i, s in enumerate(table.seats) if s.bot is None and not s.taken),
                       key=lambda i: i in held)
        if empty:
            return empty[0]
        bots = [i for i, s in enumerate(table.seats) if s.bot is not None]
        if table.match is not None or not bots:
            return None
        last = max(bots, key=lambda i: (i not in held, i))
        table.seats[last] = Seat()
        return last

    def _dropped_seat(self, proof: str | None, channel: bytes) -> int | None:
        """The seat his token ``proof`` had when his link dropped before the match, seated
        again under that token (a bot there leaves), if it is free or a bot's."""
        table = self.table
        for token, i in self.dropped.items():
            if proof is not None and secrets.compare_digest(seat_proof(token, channel), proof):
                del self.dropped[token]
                if i < len(table.seats) and (table.seats[i].bot is not None
                                             or not table.seats[i].taken):
                    table.seats[i] = Seat(token=token)
                    return i
                return None
        return None

    def leave(self, conn: Connection) -> None:
        """A connection is gone: its seat is played by the standard bot until it is back;
        before the match it is freed, and kept in mind for his token (``dropped``)."""
        table = self.table
        self.pending.pop(conn, None)
        viewer = self.outbox.viewers.pop(conn, None)
        if viewer is None:
            return
        if viewer.counted:
            self.spectators -= 1
            self.spectators_from[viewer.address] -= 1
            if not self.spectators_from[viewer.address]:
                del self.spectators_from[viewer.address]
        if viewer.seat is None:
            table.spectators_changed()
            return
        seat = table.seats[viewer.seat]
        if seat.conn is conn:
            seat.conn = None
            if table.match is None:  # before the match the place is free again
                self.dropped[seat.token] = viewer.seat
                table.seats[viewer.seat] = Seat()
            else:
                table.went_away(viewer.seat)
        table.publish()


    def refuse(self, conn: Connection, code: str, reason: str, why: str | None = None,
               seconds: int | None = None) -> None:
        """Turn ``conn`` away, saying why (``why``: which case of ``code``, for a client to
        say in its player's language)."""
        self.pending.pop(conn, None)
        conn.send_frame(error(code, reason, why=why, seconds=seconds))
        conn.close(reason[:MAX_REASON])



OPEN_TABLE = ("this table shows its spectators every hand (--open-spectating), so nobody "
              "watches it from the machine of a player at it, nor plays from a machine that "
              "watches it")


def _hex(value: Any, name: str) -> bytes:
    if not isinstance(value, str) or len(value) > 256:
        raise ProtocolError(f"'{name}' is hex text")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise ProtocolError(f"'{name}' is hex text") from None

