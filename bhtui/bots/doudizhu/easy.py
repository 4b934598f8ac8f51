"""Dou Dizhu's ``easy`` bot: the heuristic, absent-minded — one play in three is any legal
play or pass (``bots/slip.py``); bids, 摊打 and 报到 stay the heuristic's."""

from __future__ import annotations

from bhtui.bots.doudizhu.heuristic import HeuristicBot
from bhtui.bots.slip import Slipping
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action


class EasyBot(Slipping, HeuristicBot):
    def slips(self, offer: Offer) -> list[Action]:
        """Any play or the pass, when there is a play to make."""
        plays = [a for a in offer if a["type"] == "play"]
        return [*plays, *(a for a in offer if a["type"] == "pass")] if plays else []
