"""Dou Dizhu's table: the shared screen with its run key (x: a straight, a pair run or an
airplane from the lowest picked rank)."""

from __future__ import annotations

from textual.binding import Binding

from bhtui.doudizhu import parse_hand
from bhtui.doudizhu.hands import RUN_PER
from bhtui.tui.table import TableScreen

RUN_KINDS = {per: kind for kind, per in RUN_PER.items()}
"""A run's kind by its cards a rank: a straight, a pair run, an airplane."""


class DoudizhuTable(TableScreen):
    BINDINGS = [Binding("x", "run", "Run", id="run")]

    def action_run(self) -> None:
        """A run from the lowest picked rank: as many cards of each next rank as of that one
        (a straight, a pair run, an airplane), as far as the hand goes, or as long as the
        run on the table when it is one to beat. One too short to be a hand (8 then x over
        8 9) is not picked: it was, and the status line said only "not a hand"; it says that
        the hand has no run from there, and how far it goes."""
        view = self.client.view
        run = self.hand.run_from(self.parts.run_order(view), self.parts.run_to_beat(view)) \
            if view is not None else []
        if view is None or not run:
            self.say(self.t("status.no_run"))
            return
        cards = [self.hand.cards[i] for i in run]
        width = cards.count(cards[0])
        if len(cards) > width and is_hand(cards, view["preset"]):
            self.hand.select(run)
        else:  # the hand does not go on, or not for enough ranks for a run of its width
            self.say(self.t("ddz.status.short_run", kind=self.t(f"ddz.kind.{RUN_KINDS[width]}"),
                            start=" ".join(cards[:width]), run=" ".join(cards)))


def is_hand(cards: list[str], preset: str) -> bool:
    """Whether ``cards`` make a hand under ``preset``'s rules (the engine says: a run's
    least length is its to know)."""
    try:
        parse_hand(" ".join(cards), preset)
    except ValueError:
        return False
    return True
