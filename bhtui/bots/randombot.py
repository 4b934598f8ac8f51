"""The random bot: uniform over the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random

from bhtui.rules import Action
from bhtui.rules.choices import Choices


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, choices: Choices) -> Action:
        return self._rng.choice(choices)

    def interject(self, choices: Choices) -> Action | None:
        """Now and then a declaration out of turn, so the fuzzing reaches them too."""
        return self._rng.choice(choices) if self._rng.random() < 0.1 else None
