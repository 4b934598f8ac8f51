"""The ``easy`` bot: the heuristic, absent-minded — one play in three is any legal play."""

from __future__ import annotations

import random

from bhtui.bots.heuristic import HeuristicBot
from bhtui.rules import Action
from bhtui.rules.choices import Choices

SLIPS = 1 / 3


class EasyBot(HeuristicBot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def decide(self, offer: Choices) -> Action:
        if "play" in offer.kinds and self._rng.random() < SLIPS:
            return self._rng.choice(offer)
        return super().decide(offer)
