"""进贡 (§9, R-TRIB-1..5): who gives which cards to whom at the start of the next round.

Givers always give their highest cards and nothing comes back, so tribute has no decisions:
it is computed from the previous round's result and the new hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from bhtui.cards import NUM_CARDS, Card, rank_of
from bhtui.rules.scoring import SEATS, RoundResult

Transfer = tuple[int, int, Card]  # giver, receiver, card


def _highest(hand: Sequence[int], k: int) -> list[Card]:
    """The k highest cards of a count vector (rank order; suits only break ties)."""
    out: list[Card] = []
    for card in range(NUM_CARDS - 1, -1, -1):
        take = min(hand[card], k - len(out))
        out.extend([card] * take)
        if len(out) == k:
            break
    return out


def _high_to_low(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (rank_of(c), c), reverse=True)


def tribute_transfers(prev: RoundResult, hands: Sequence[Sequence[int]]) -> list[Transfer]:
    """The tribute owed after ``prev``, as (giver, receiver, card), givers' cards high to low."""
    if prev.winner is None:
        return []  # R-TRIB-5: a draw pays nothing
    k = 2 if prev.open_solo else 1  # R-TRIB-4
    e, g = prev.emperor, prev.guard
    rebels = [s for s in range(SEATS) if s not in (e, g)]
    def place_or_last(seat: int) -> int:
        place = prev.places[seat]
        return place if place is not None else SEATS + 1

    rebels_by_place = sorted(rebels, key=place_or_last)
    if prev.solo:
        if prev.winner == "emperor":  # R-TRIB-3, solo won: each rebel gives to the emperor
            return [(r, e, c) for r in rebels for c in _highest(hands[r], k)]
        cards = _highest(hands[e], 4 * k)  # R-TRIB-3, solo lost: highest to the best placed
        return [(e, rebels_by_place[i // k], c) for i, c in enumerate(cards)]
    if prev.winner == "emperor":  # R-TRIB-1: the guard takes the middle one of the three
        gifts = [(r, _highest(hands[r], 1)[0]) for r in rebels]
        middle = _high_to_low([c for _, c in gifts])[1]
        out: list[Transfer] = []
        guard_paid = False
        for giver, card in gifts:
            if card == middle and not guard_paid:
                out.append((giver, g, card))
                guard_paid = True
            else:
                out.append((giver, e, card))
        return out
    # R-TRIB-2: emperor gives 2, guard 1; rebels take them high to low in finishing order
    given = [(e, c) for c in _highest(hands[e], 2)] + [(g, _highest(hands[g], 1)[0])]
    given.sort(key=lambda gc: (rank_of(gc[1]), gc[1]), reverse=True)
    return [(giver, rebels_by_place[i], card) for i, (giver, card) in enumerate(given)]
