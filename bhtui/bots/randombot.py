"""The random bot: uniform over the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random
from typing import Any

from bhtui.rules import Action


class RandomBot:
    name = "random"
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        del view
        return self._rng.choice(legal)

    def interject(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Now and then a declaration out of turn, so the fuzzing reaches them too."""
        del view
        return self._rng.choice(legal) if self._rng.random() < 0.1 else None
