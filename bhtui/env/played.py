"""Every set each seat played this round, summed from the public play events.

Baohuang's view shows only the current trick (and the counts); a client that watched the
table knows every set played since the deal, and so does an observation, which keeps that sum
here as the events come (a step adds one set, never recounts the round). Dou Dizhu's round
counts its plays itself, and its view shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


class Played:
    """Per seat, the cards it played this round by rank (``rows[seat][rank]``)."""

    def __init__(self, seats: int, ranks: int,
                 ranks_of: Callable[[Any], Iterable[tuple[int, int]]]) -> None:
        self.seats, self.ranks, self.ranks_of = seats, ranks, ranks_of
        self.rows = self._empty()

    def _empty(self) -> list[list[int]]:
        return [[0] * self.ranks for _ in range(self.seats)]

    def follow(self, events: Iterable[Any]) -> None:
        """Add the plays among ``events``; a ``deal`` (a void deal dealt again, or the
        first) starts from nothing."""
        for event in events:
            kind = event["type"]
            if kind == "play":
                row = self.rows[event["seat"]]
                for rank, copies in self.ranks_of(event):
                    row[rank] += copies
            elif kind == "deal":
                self.rows = self._empty()
