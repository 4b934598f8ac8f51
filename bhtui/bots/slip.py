"""The ``easy`` level of both games: the game's heuristic, absent-minded — one play in three
(``SLIPS``) any legal play, as a person's slip, from the bot's own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

SLIPS = 1 / 3


class Slipping:
    """Mixed in before a game's heuristic bot (``class EasyBot(Slipping, HeuristicBot)``),
    which decides whenever it does not slip; the game says which actions a slip may pick."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)  # type: ignore[call-arg]  # the heuristic's
        self._rng = random.Random(seed)

    def slips(self, offer: Any) -> Sequence[Any]:
        """What a slip may pick in ``offer``: nothing where a slip is no play."""
        raise NotImplementedError

    def decide(self, offer: Any) -> Any:
        slips = self.slips(offer)
        if slips and self._rng.random() < SLIPS:
            return self._rng.choice(slips)
        return super().decide(offer)  # type: ignore[misc]  # the heuristic's
