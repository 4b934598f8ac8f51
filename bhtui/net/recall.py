"""What the table remembers for the screen beside the engine's view, from public events only.

Each seat's last move stays until that seat acts again (a trick's end does not wipe it), the
previous trick can be looked at again, and the card counter (记牌器) knows how many jokers,
2s and aces have been played this round. Every field follows from events every viewer
receives (plays and passes are public, R-HIDE-1), so one copy serves all viewers.
"""

from __future__ import annotations

from typing import Any

from bhtui.cards import COPIES, SUIT_NAMES
from bhtui.rules import SEATS

COUNTED = ("BJ", "SJ", "2", "A")
"""The ranks the card counter follows, highest first."""
IN_DECK = {"BJ": COPIES, "SJ": COPIES, "2": COPIES * len(SUIT_NAMES),
           "A": COPIES * len(SUIT_NAMES)}
"""How many of each counted rank the four decks hold (216 and 168 cards alike)."""


def counted_rank(card: str) -> str | None:
    """The counter's key for a card text (``BJ``, ``SJ``, ``2``, ``A``) or None."""
    if card in ("BJ", "SJ"):
        return card
    rank = card[:-1]
    return rank if rank in ("2", "A") else None


class TrickRecall:
    """Fed every event the table records; ``public()`` is what goes beside each view."""

    def __init__(self) -> None:
        self.trick = 0
        self.last: list[tuple[int, list[str] | str] | None] = [None] * SEATS
        self.current: list[dict[str, Any]] = []
        self.previous: list[dict[str, Any]] = []
        self.played = dict.fromkeys(COUNTED, 0)
        self.called: str | None = None
        """The called card: Weifang's GC is its fourth copy (R-WF-RANK-1), counted as such."""

    def feed(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "deal":
            self.__init__()  # type: ignore[misc]  # a new deal: nothing remembered
        elif kind == "call":
            self.called = event["card"]
        elif kind in ("play", "pass", "yield"):
            seat = event["seat"]
            move: list[str] | str = list(event["cards"]) if kind == "play" else kind
            self.last[seat] = (self.trick, move)
            self.current.append({"seat": seat, "move": move})
            if kind == "play":
                for card in event["cards"]:
                    rank = counted_rank(self.called if card == "GC" and self.called else card)
                    if rank is not None:
                        self.played[rank] += 1
        elif kind == "trick":
            self.previous, self.current = self.current, []
            self.trick += 1

    def public(self, counter: bool, previous: bool = True) -> dict[str, Any]:
        """Last moves (``old``: from an earlier trick), the previous trick (left out when it
        has not changed since the last frame: a client keeps the one it has), and — when
        the table's counter is on — the counted ranks played so far this round."""
        out: dict[str, Any] = {
            "last": [None if entry is None else {"move": entry[1], "old": entry[0] < self.trick}
                     for entry in self.last],
        }
        if previous:
            out["previous"] = list(self.previous)
        if counter:
            out["played"] = dict(self.played)
        return out
