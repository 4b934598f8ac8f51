"""What a search thinks of each move it would consider: every candidate played out on the same
deals, the same number of times, so the means compare (a replay's analysis shows them).

Game-free: a candidate is whatever action the game offers, and the search supplies how to
draw a deal and play a candidate out on it (Baohuang's ``SearchBot.appraise`` and Dou Dizhu's
use the same).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

A = TypeVar("A")


@dataclass(frozen=True)
class Appraisal(Generic[A]):
    """One candidate's worth to the deciding seat."""

    action: A
    """One of the offer's actions, exactly as offered."""
    mean: float
    """Its mean worth to the deciding seat, as the search's decision weighs it (Baohuang's:
    the round score under the preset's scoring; Dou Dizhu's: that with a stake more for
    winning, and the bidding's, 摊打's and 报到's measured edge, ``search.scored``)."""
    playouts: int
    """The playouts it got: every candidate the same, on the same deals."""


def appraise_all(actions: Sequence[A], draw: Callable[[random.Random], Any],
                 outcome: Callable[[Any, int], float], playouts: int,
                 rng: random.Random) -> list[Appraisal[A]]:
    """Each of ``actions`` played out (``outcome(deal, index)``) on the same ``playouts``
    deals drawn with ``rng``; best first (ties in the order given)."""
    results: list[list[float]] = [[] for _ in actions]
    for _ in range(playouts):
        deal = draw(rng)
        for i, scores in enumerate(results):
            scores.append(outcome(deal, i))
    ranked = sorted(range(len(actions)), key=lambda i: -statistics.fmean(results[i]))
    return [Appraisal(actions[i], statistics.fmean(results[i]), playouts) for i in ranked]
