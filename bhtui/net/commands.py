"""What a seated person or a spectator may send once admitted (besides the host's own
``admin``): actions, declining to declare, leaving, settings, chat, 托管, hints, results
seen, pages of the score table, and pings (answered with a ``pong``). Each handler checks
its message before it changes anything. :meth:`Commands.receive` names the method each type
goes to.

A part of the host, like its door, waiting room and scheduler: it asks of its table only
what :class:`CommandsTable` names (apply an action, publish), of the scheduler only what
:class:`Declarations` names, and answers through the outbox.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from bhtui.net.outbox import Outbox
from bhtui.net.protocol import MAX_CHAT, Message, ProtocolError, action_of
from bhtui.net.protocol import field as need
from bhtui.net.seats import ChatAllowance, Connection, Viewer
from bhtui.net.state import TableState
from bhtui.text import clean_text
from bhtui.wire import ChatLine

CID_JUMP = 1024  # how far a command id may run ahead of the last one (lost commands)


class CommandsTable(TableState, Protocol):
    """What a viewer's commands need of the table: where it is, and the ways to change it."""

    def set_auto(self, seat: int, on: bool, chosen: bool = False) -> None: ...
    def unready(self) -> list[int]: ...
    def abandon(self, seat: int, why: str) -> None: ...
    def leave(self, conn: Connection) -> None: ...
    def close(self) -> None: ...
    def send_view(self, viewer: Viewer) -> None: ...
    def send_history(self, viewer: Viewer, before: int | None) -> None: ...


class Declarations(Protocol):
    """What the commands need of the scheduler: who the bots wait for, and re-arming."""

    def asked(self) -> set[int]: ...
    def answer(self, seat: int) -> None: ...
    def arm(self) -> None: ...
    def hold(self, conn: Connection, on: bool) -> bool: ...


class Commands:
    """A viewer's commands to the table."""

    def __init__(self, table: CommandsTable, outbox: Outbox, waits: Declarations) -> None:
        self.table = table
        self.outbox = outbox
        self.waits = waits
        self._hinting: set[int] = set()  # seats with a hint being worked out (one at a time)
        self._chats: dict[tuple[str, int | str], ChatAllowance] = {}  # by seat or address

    def receive(self, viewer: Viewer, message: Message) -> None:
        """One message from an admitted viewer, to the method named for its type;
        ProtocolError for a type nobody sends."""
        match message["type"]:
            case "action":
                self.act(viewer, message)
            case "waive":
                self.waive(viewer, message)
            case "leave":
                self.leave(viewer, message)
            case "prefs":
                self.prefs(viewer, message)
            case "chat":
                self.chat(viewer, message)
            case "auto":
                self.auto(viewer, message)
            case "hint":
                self.hint(viewer, message)
            case "ready":
                self.ready(viewer, message)
            case "history":
                self.history(viewer, message)
            case "hold":
                self.hold(viewer, message)
            case "ping":  # its client heard nothing for a while (3.2): we run
                self.outbox.send(viewer, {"type": "pong"})
            case kind:
                raise ProtocolError(f"unknown message type {kind!r}")

    def act(self, viewer: Viewer, message: Message) -> None:
        table = self.table
        cid, seq = need(message, "cid", int), need(message, "seq", int)
        action = action_of(message, table.game.action_fields)
        if viewer.seat is None:
            self.outbox.error(viewer, "spectator", "spectators cannot act", cid)
            return
        seat = table.seats[viewer.seat]
        if cid <= seat.last_cid:
            self.outbox.error(viewer, "duplicate", f"command {cid} was already received", cid)
            return
        if cid > seat.last_cid + CID_JUMP:
            self.outbox.error(viewer, "cid",
                         f"command ids go up by one (the last was {seat.last_cid})", cid)
            return
        seat.last_cid = cid
        if table.match is None or table.closed:
            self.outbox.error(viewer, "waiting", "the match is not running", cid)
            return
        if action["type"] in table.game.host_only:
            self.outbox.error(viewer, "illegal", f"{action['type']!r} is the table's to apply", cid)
            return
        # A declaration (抢庄, 造反 …) stands on its own: the engine checks it still applies.
        if seq != table.seq and action["type"] not in table.game.out_of_turn:
            self.outbox.error(viewer, "stale", "the table moved on before your command arrived", cid)
            table.send_view(viewer)
            return
        if table.unready():  # a round's result is still being read: its view names no one
            # (after the stale check: a command sent before it gets the view that says so)
            self.outbox.error(viewer, "reading", "the table waits while a result is read", cid)
            return
        if seat.auto:
            self.outbox.error(viewer, "auto", "托管 is on: take the seat back first", cid)
            return
        try:
            table.apply(viewer.seat, action, chosen=True)
        except table.game.illegal as exc:
            self.outbox.error(viewer, "illegal", getattr(exc, "reason", str(exc)), cid)

    def leave(self, viewer: Viewer, message: Message) -> None:
        """The person quits on purpose (S-SCORE-5's "left"), and the host closes the link:
        what he sends after it is not his to send. Counted once this match, however often
        he comes back with his token and leaves again. The host's own screen (``admin``)
        quitting closes the table: everyone else is told ``bye`` (closed, kept for a
        resume), not first that he left his seat to a bot — what they read before."""
        table = self.table
        if viewer.seat is not None:
            table.abandon(viewer.seat, "left")
        viewer.conn.close("left the table")
        if viewer.admin:
            table.close()
        else:
            table.leave(viewer.conn)

    def waive(self, viewer: Viewer, message: Message) -> None:
        """The person declares nothing at this moment: the bots need not wait for him. Views
        go out only if they were waiting for him (a repeated waive changes nothing)."""
        table = self.table
        if viewer.seat is not None and table.match is not None:
            asked = viewer.seat in self.waits.asked()
            self.waits.answer(viewer.seat)
            if asked:
                table.publish()

    def prefs(self, viewer: Viewer, message: Message) -> None:
        """A seat's own settings: auto-pass when nothing in the hand beats the table, and
        the level that plays for it on 托管 and gives its hints (where the game has
        levels; elsewhere its one bot does)."""
        table = self.table
        on = need(message, "auto_pass", bool)
        level = message.get("assist")
        levels = table.game.levels
        if levels and level is not None and level not in levels:
            self.outbox.error(viewer, "prefs", f"unknown level {str(level)[:20]!r}; levels: "
                                         f"{', '.join(levels)}")
            return
        if viewer.seat is not None:
            seat = table.seats[viewer.seat]
            seat.auto_pass, seat.assist = on, level if levels else None
            self.waits.arm()

    def chat(self, viewer: Viewer, message: Message) -> None:
        text = clean_text(need(message, "text", str)[:MAX_CHAT]).strip()
        chatter = viewer.chatter
        if chatter not in self._chats:  # forget the allowances that have refilled
            self._chats = {who: left for who, left in self._chats.items() if not left.full()}
        if not self._chats.setdefault(chatter, ChatAllowance()).take():
            self.outbox.error(viewer, "chat", "slow down: one message every two seconds")
            return
        if text:
            line: ChatLine = {"type": "chat", "seat": viewer.seat, "name": viewer.name,
                                 "text": text}
            if self.outbox.key(viewer) == "all" and self.table.match is not None:
                self.outbox.to_open_watchers(line)  # he sees every hand: watchers read him
            else:
                self.outbox.to_all(line)

    def auto(self, viewer: Viewer, message: Message) -> None:
        table = self.table
        on = need(message, "on", bool)
        if viewer.seat is not None and table.seats[viewer.seat].auto != on:
            try:
                table.set_auto(viewer.seat, on, chosen=True)
            except table.game.illegal as exc:  # R-AUTO-2: it stays on
                self.outbox.error(viewer, "auto", getattr(exc, "reason", str(exc)))

    def hold(self, viewer: Viewer, message: Message) -> None:
        """A screen beside the game opened or closed: a lone player's turn timer waits while
        it is open (the scheduler decides whether it may); a spectator's changes nothing."""
        on = need(message, "on", bool)
        if viewer.seat is not None and self.waits.hold(viewer.conn, on):
            self.table.publish()  # the countdown gone, or back with the time it had

    def hint(self, viewer: Viewer, message: Message) -> None:
        """A hint is worked out in the pool the searching bots think in: one per seat at a
        time, so a burst of requests cannot starve the bots (the rest are refused)."""
        table = self.table
        cid = need(message, "cid", int)
        match = table.match
        seat = viewer.seat
        if seat is None or match is None or match.to_act != seat:
            self.outbox.error(viewer, "hint", "no decision of yours is pending", cid)
            return
        if seat in self._hinting:
            self.outbox.error(viewer, "hinting", "a hint for you is still being worked out", cid)
            return
        self._hinting.add(seat)
        hinting = table.game.hinting(match, seat, table.seats[seat].assist)
        future = asyncio.get_running_loop().run_in_executor(None, hinting)
        seq = table.seq
        future.add_done_callback(lambda done: self._send_hint(viewer, seat, cid, seq, done))

    def _send_hint(self, viewer: Viewer, seat: int, cid: int, seq: int,
                   done: asyncio.Future[Any]) -> None:
        """The hint, if it still answers the table as it is and its asker is still here."""
        table = self.table
        self._hinting.discard(seat)
        if not self.outbox.admitted(viewer) or done.cancelled():
            return
        if seq != table.seq or done.exception() is not None:
            self.outbox.error(viewer, "hint", "the table moved on: ask again", cid)
            return
        self.outbox.send(viewer, {"type": "hint", "cid": cid, "action": done.result()})

    def ready(self, viewer: Viewer, message: Message) -> None:
        """Result seen (in a match), or ready toggled (in the waiting room); views go out
        only when that changed something."""
        table = self.table
        if viewer.seat is not None:
            seat = table.seats[viewer.seat]
            ready = True if table.match is not None else not seat.ready
            if ready != seat.ready:
                seat.ready = ready
                table.publish()

    def history(self, viewer: Viewer, message: Message) -> None:
        table = self.table
        before = message.get("before")
        if before is not None and (not isinstance(before, int) or isinstance(before, bool)):
            raise ProtocolError("'history' takes 'before', a round number")
        table.send_history(viewer, before)

