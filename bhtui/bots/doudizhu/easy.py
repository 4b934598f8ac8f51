"""Dou Dizhu's ``easy`` bot: the heuristic, absent-minded — one play in three is any legal
play (bids, 摊打 and 报到 stay the heuristic's)."""

from __future__ import annotations

import random

from bhtui.bots.doudizhu.heuristic import HeuristicBot
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action

SLIPS = 1 / 3


class EasyBot(HeuristicBot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def decide(self, offer: Offer) -> Action:
        plays = [a for a in offer if a["type"] == "play"]
        if plays and self._rng.random() < SLIPS:
            return self._rng.choice([*plays, *(a for a in offer if a["type"] == "pass")])
        return super().decide(offer)
