"""Dealing (R-DEAL-1, R-EMP-L1, R-WH-DEAL-1, R-WF-DEAL-1): the round's shuffle, who deals
first, who holds the emperor and guard cards.

Every random choice comes from the round's seed (R-SEED-1), so a deal is a pure function of
(seed, round, redeal) and the previous round.
"""

from __future__ import annotations

from dataclasses import dataclass

from bhtui.cards import BJ, SJ, Card, deck
from bhtui.rules.mechanisms import Dealer
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS, RoundResult
from bhtui.rules.seeding import Seed, round_rng


@dataclass(frozen=True)
class Deal:
    """The hands of a deal and the first emperor candidate.

    With the emperor card set aside (qingdao, baike) the hands leave it out and the first
    candidate is drawn at random; when it is dealt the first candidate is the seat that holds
    it. ``guard_card`` is the seat dealt the marked small joker (R-GUARD-4, R-WH-DECK-2);
    ``dealer`` got the first card (R-WF-BUY3-2 and R-WF-LEAD-1 count from him).
    """

    hands: tuple[tuple[Card, ...], ...]
    first_candidate: int
    guard_card: int | None = None
    dealer: int = 0


def dealer_after(rules: RuleSet, previous: RoundResult | None) -> int | None:
    """Who deals the first card: the previous emperor where the preset says so (R-EMP-L1,
    R-WF-DEAL-1), seat 0 in lianzhong's first round, or a seeded seat (None)."""
    dealer = rules.deck.dealer
    if previous is not None and dealer is not Dealer.SEEDED:
        return previous.emperor
    return 0 if dealer is Dealer.SEAT_0_THEN_EMPEROR else None


def shuffled_deal(
    rules: RuleSet, seed: Seed, number: int, redeal: int, dealer: int | None = 0
) -> Deal:
    """The seeded deal of round ``number`` (``dealer`` gets the first card when all are dealt;
    None: a seeded seat)."""
    rng = round_rng(seed, number, redeal)
    cards = deck(rules.deck.size)
    if not rules.deck.emperor_card_dealt:
        cards.remove(BJ)  # R-DEAL-1: one big joker is the emperor card, set aside
        rng.shuffle(cards)
        per = len(cards) // SEATS
        hands = tuple(tuple(cards[s * per:(s + 1) * per]) for s in range(SEATS))
        return Deal(hands, rng.randrange(SEATS))  # R-EMP-Q1 / R-EMP-B1: a random seat
    if dealer is None:
        dealer = rng.randrange(SEATS)
    rng.shuffle(cards)
    # One card at a time from the dealer (R-EMP-L1: 34/34/34/33/33; 33 or 41 each in the
    # towns); the first big joker in the shuffled deck is the marked emperor card, the first
    # small joker the guard card.
    dealt = [cards[(seat - dealer) % SEATS::SEATS] for seat in range(SEATS)]
    holder = (dealer + cards.index(BJ)) % SEATS
    guard_card = (dealer + cards.index(SJ)) % SEATS if rules.deck.marked_guard_card else None
    return Deal(tuple(tuple(h) for h in dealt), holder, guard_card, dealer)
