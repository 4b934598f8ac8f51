"""What the table remembers for the screen beside the engine's view, from public events only.

Each seat's last move stays until that seat acts again (a trick's end does not wipe it), the
previous trick can be looked at again, and the card counter (记牌器) knows how many jokers,
2s and aces have been played this round. Every field follows from events every viewer
receives (plays and passes are public, R-HIDE-1), so one copy serves all viewers.
"""

from __future__ import annotations

from collections.abc import Callable

from bhtui.cards import RANK_NAMES
from bhtui.wire import Event, Recall, TrickMove

Move = list[str] | str
MoveOf = Callable[[Event], tuple[int, Move] | None]
StandInsOf = Callable[[Event], dict[str, str]]
RANKS = frozenset(RANK_NAMES)


def rank_of_text(card: str) -> str:
    """The rank of a card text: Baohuang's cards carry a suit (``10H``), Dou Dizhu's are
    their rank (``10``), jokers are themselves."""
    return card if card in RANKS else card[:-1]


class TrickRecall:
    """Fed every event the table records; ``public()`` is what goes beside each view.

    The game says which events are moves (``move_of``), which ranks the counter follows
    with how many of each its deck holds (``deck``, highest first), and which cards an event
    makes count as another (``stand_ins_of``)."""

    def __init__(self, seats: int, move_of: MoveOf, deck: dict[str, int],
                 stand_ins_of: StandInsOf) -> None:
        self.seats, self.move_of, self.deck = seats, move_of, deck
        self.stand_ins_of = stand_ins_of
        self._reset()

    def _reset(self) -> None:
        self.trick = 0
        self.last: list[tuple[int, Move] | None] = [None] * self.seats
        self.current: list[TrickMove] = []
        self.previous: list[TrickMove] = []
        self.played = dict.fromkeys(self.deck, 0)
        self.stand_ins: dict[str, str] = {}
        """Cards that count as another (Weifang's GC as the called card, R-WF-RANK-1)."""

    def feed(self, event: Event) -> None:
        kind = event.get("type")
        if kind == "deal":
            self._reset()  # a new deal: nothing remembered
        elif kind == "trick":
            self.previous, self.current = self.current, []
            self.trick += 1
        else:
            self.stand_ins.update(self.stand_ins_of(event))
            found = self.move_of(event)
            if found is None:
                return
            seat, move = found
            self.last[seat] = (self.trick, move)
            self.current.append({"seat": seat, "move": move})
            if not isinstance(move, str):
                for card in move:
                    rank = rank_of_text(self.stand_ins.get(card, card))
                    if rank in self.played:
                        self.played[rank] += 1

    def public(self, counter: bool, previous: bool = True) -> Recall:
        """Last moves (``old``: from an earlier trick), the previous trick (left out when it
        has not changed since the last frame: a client keeps the one it has), and — when
        the table's counter is on — the counted ranks played so far this round and how many
        of each the deck holds."""
        out: Recall = {
            "last": [None if entry is None else {"move": entry[1], "old": entry[0] < self.trick}
                     for entry in self.last],
        }
        if previous:
            out["previous"] = list(self.previous)
        if counter:
            out["played"] = dict(self.played)
            out["deck"] = dict(self.deck)
        return out
