"""Offering bots their out-of-turn declarations (抢庄, 抢独, 明保, 造反) once per moment.

A declaration may be wanted whenever the round reaches a new *moment* (an offer of the
throne, the start of play, a new trick). Asking a bot after every action would cost a view
per seat per action; asking once per moment is enough, since nothing a bot weighs changes in
between. The sim, the host and the remote bot client all keep one of these, whatever the game.
"""

from __future__ import annotations

from collections.abc import Hashable


class Moments:
    """Which seats have been offered their declarations at the current moment."""

    def __init__(self) -> None:
        self.moment: Hashable = None
        self.seats: set[int] = set()

    def due(self, moment: Hashable, seat: int) -> bool:
        """True the first time ``seat`` is considered at ``moment`` (and marks it)."""
        if moment != self.moment:
            self.moment, self.seats = moment, set()
        if seat in self.seats:
            return False
        self.seats.add(seat)
        return True

    def all_asked(self, moment: Hashable, seats: int) -> bool:
        """Every seat has been offered at ``moment``: the cheap common case."""
        return moment == self.moment and len(self.seats) == seats
