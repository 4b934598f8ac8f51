"""Dealing (R-DEAL-1, R-EMP-L1): the round's shuffle, who holds the emperor and guard cards.

Every random choice comes from the round's seed (R-SEED-1), so a deal is a pure function of
(seed, round, redeal) and the previous emperor.
"""

from __future__ import annotations

from dataclasses import dataclass

from bhtui.cards import BJ, SJ, Card, deck
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS
from bhtui.rules.seeding import Seed, round_rng


@dataclass(frozen=True)
class Deal:
    """The hands of a deal and the first emperor candidate.

    With the emperor card set aside (qingdao, baike) the hands leave it out and the first
    candidate is drawn at random; when it is dealt (lianzhong) the first candidate is the seat
    that holds it. ``guard_card`` is the seat dealt the marked small joker (R-GUARD-4).
    """

    hands: tuple[tuple[Card, ...], ...]
    first_candidate: int
    guard_card: int | None = None


def shuffled_deal(
    rules: RuleSet, seed: Seed, number: int, redeal: int, dealer: int = 0
) -> Deal:
    """The seeded deal of round ``number`` (``dealer`` gets the first card when all are dealt)."""
    rng = round_rng(seed, number, redeal)
    cards = deck(rules.deck_size)
    if not rules.dealt_emperor_card:
        cards.remove(BJ)  # R-DEAL-1: one big joker is the emperor card, set aside
        rng.shuffle(cards)
        per = len(cards) // SEATS
        hands = tuple(tuple(cards[s * per:(s + 1) * per]) for s in range(SEATS))
        return Deal(hands, rng.randrange(SEATS))  # R-EMP-Q1 / R-EMP-B1: a random seat
    rng.shuffle(cards)
    # R-EMP-L1: one card at a time from the dealer, 34/34/34/33/33; the first big joker in
    # the shuffled deck is the marked emperor card, the first small joker the guard card.
    dealt: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(cards):
        dealt[(dealer + i) % SEATS].append(card)
    holder = (dealer + cards.index(BJ)) % SEATS
    guard_card = (dealer + cards.index(SJ)) % SEATS if rules.guard == "card" else None
    return Deal(tuple(tuple(h) for h in dealt), holder, guard_card)
