"""The ``easy`` bot: the heuristic, absent-minded — one play in three is any legal action
(``bots/slip.py``)."""

from __future__ import annotations

from bhtui.bots.heuristic import HeuristicBot
from bhtui.bots.slip import Slipping
from bhtui.rules import Action
from bhtui.rules.choices import Choices


class EasyBot(Slipping, HeuristicBot):
    def slips(self, offer: Choices) -> Choices | tuple[Action, ...]:
        """Any action of a play's offer (a pass or a set)."""
        return offer if "play" in offer.kinds else ()
