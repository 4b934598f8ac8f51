"""What every part of the host reads of its table, and the two ways it changes it: apply an
action, publish a change.

Each part (door, waiting room, commands, scheduler) names what else it needs in a protocol
of its own that extends this one; the table meets them all, and no part imports the table.
"""

from __future__ import annotations

from typing import Protocol

from bhtui.games import Action, Game, GameMatch, Rules
from bhtui.net.seats import Seat


class TableState(Protocol):
    """A table as its parts read it: its game and rules, its seats and the match."""

    @property
    def game(self) -> Game: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def match(self) -> GameMatch | None: ...
    @property
    def seq(self) -> int:
        """The number of the latest event."""
    @property
    def closed(self) -> bool: ...

    def apply(self, seat: int, action: Action, chosen: bool = False) -> None:
        """Apply, log, then tell every viewer; the game's IllegalAction when refused.
        ``chosen``: the seat's person sent it (else it is logged as played for him)."""

    def publish(self) -> None:
        """Seats, rules or the match changed: timers re-armed, then a fresh view for all."""
