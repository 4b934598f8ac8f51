"""What the ``hard`` bot of either game holds: its seed, its budget and the ``normal`` bot
whose move it keeps unless the search finds a clearly better one (game-free: each game's
SearchBot supplies its own ``normal``)."""

from __future__ import annotations

import random
from typing import Generic, TypeVar

P = TypeVar("P")


class Searcher(Generic[P]):
    name = "hard"
    thinks = True

    def __init__(self, seed: int, playouts: int, seconds: float | None, plain: P) -> None:
        self._seed = seed
        self._rng = random.Random(seed)
        self.playouts = playouts
        """The budget per decision without a clock, fixed when made (Baohuang's ``hard``
        made without one plays its preset's)."""
        self.seconds = seconds
        """A time limit per decision (None: the playouts alone decide, deterministically)."""
        self._plain = plain
