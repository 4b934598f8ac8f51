"""What happens at a table when nobody sends anything: bots move, declarations are offered,
turn timers run out, and the wait after a round ends.

One timer at a time, re-armed by the table after every change that matters (an action, a seat
coming or going, 托管 switched, a result seen). Every callback checks that the table is still
where it was when the timer was armed (``seq``), so a late timer never acts twice.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from bhtui.bots import HeuristicBot
from bhtui.bots.moments import Moments
from bhtui.rules import SEATS

if TYPE_CHECKING:
    from bhtui.net.host import Table

READY_WAIT = 60.0  # after a round: how long others wait for one who has not seen the result


class Scheduler:
    """Bots, 托管 and the timers of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._timer: asyncio.TimerHandle | None = None
        self._declarations: asyncio.Handle | None = None
        self._standard_bot = HeuristicBot()
        self._offered = Moments()  # bots' declarations, once per moment

    def cancel(self) -> None:
        for handle in (self._timer, self._declarations):
            if handle is not None:
                handle.cancel()
        self._timer = self._declarations = None

    def arm(self) -> None:
        """Arm the one pending timer: the end of the wait for people to see a result, a bot's
        move, or a person's turn timer; and let bots consider their declarations."""
        self.cancel()
        table, match = self.table, self.table.match
        if table.closed or match is None or match.to_act is None:
            return
        seat = match.to_act
        loop = asyncio.get_running_loop()
        if table.unready():
            if table.watched_by_others():  # alone at a table, take all the time you like
                self._timer = loop.call_later(READY_WAIT, self._ready_timeout, table.seq)
            return
        if table.played_by_bot(seat):
            self._timer = loop.call_later(table.bot_delay, self._bot_move, seat, table.seq)
        elif table.timer is not None:
            self._timer = loop.call_later(table.timer, self._time_out, seat, table.seq)
        self._declarations = loop.call_soon(self._bot_declarations, table.seq)

    def _current(self, at_seq: int) -> bool:
        table = self.table
        return not table.closed and table.match is not None and table.seq == at_seq

    def _bot_declarations(self, at_seq: int) -> None:
        """Bots and seats on 托管 consider their out-of-turn declarations once per moment."""
        self._declarations = None
        match = self.table.match
        if not self._current(at_seq) or match is None or match.over:
            return
        moment = match.moment
        for seat in range(SEATS):
            if not self.table.played_by_bot(seat) or not self._offered.due(moment, seat):
                continue
            legal = match.interjections(seat)
            if legal:
                bot = self.table.seats[seat].bot or self._standard_bot
                action = bot.interject(legal)
                if action is not None:
                    self.table.apply(seat, action)
                    return

    def _bot_move(self, seat: int, at_seq: int) -> None:
        self._timer = None
        match = self.table.match
        if (not self._current(at_seq) or match is None or match.to_act != seat
                or not self.table.played_by_bot(seat)):
            return
        bot = self.table.seats[seat].bot or self._standard_bot
        self.table.apply(seat, bot.decide(match.legal_actions(seat)))

    def _ready_timeout(self, at_seq: int) -> None:
        """Someone left the result screen open: the table goes on without waiting longer."""
        self._timer = None
        if self._current(at_seq):
            self.table.all_ready()

    def _time_out(self, seat: int, at_seq: int) -> None:
        """R-AUTO-1: a turn timer running out switches the seat to 托管."""
        self._timer = None
        match = self.table.match
        if self._current(at_seq) and match is not None and match.to_act == seat:
            self.table.set_auto(seat, True)
