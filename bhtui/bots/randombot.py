"""The random bot of both games: uniform over the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bhtui.rules import Action


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator (it reads nothing)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, choices: Sequence[Action]) -> Action:
        return self._rng.choice(choices)

    def interject(self, choices: Sequence[Action]) -> Action | None:
        """Now and then a declaration out of turn, so the fuzzing reaches them too."""
        return self._rng.choice(choices) if self._rng.random() < 0.1 else None
