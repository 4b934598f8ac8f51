"""Deals that agree with a Dou Dizhu seat's view: the cards it cannot place, dealt at random
to the places they may be in.

Each other seat keeps its shown cards (摊打's open hand, 报到's groups) and gets as many
unseen cards as it holds besides; during the bidding the kitty gets the rest (Shanghai's mark
card among them, S-DEAL-1). Once there is a landlord he holds what the rules showed of the
kitty and he has not played: the classic kitty everyone saw (C-BID-4), Shanghai's mark card
(its kitty stays unknown to the farmers, S-BID-4). Everything comes from the seat's view, so a
deal sampled for one seat says nothing it could not know (the no-cheating property).
"""

from __future__ import annotations

import random

from bhtui.bots.doudizhu.knowledge import Seen
from bhtui.cards import NUM_RANKS
from bhtui.doudizhu.hands import counts_of_text


class Sampler:
    """Deals for one decision of one seat."""

    def __init__(self, seen: Seen) -> None:
        view, me, landlord = seen.view, seen.me, seen.landlord
        self.seen = seen
        self.slots = [0 if s == me else seen.counts[s] - sum(seen.shown[s])
                      for s in range(seen.seats)]
        self.forced = [0] * NUM_RANKS
        """Cards the landlord holds for certain (of the kitty the rules showed)."""
        self.kitty_known = [0] * NUM_RANKS
        if landlord is None:
            if view["mark"] is not None:
                self.kitty_known = counts_of_text(view["mark"])
        elif landlord != me and self.slots[landlord]:
            shown_kitty = view["kitty"] if view["kitty"] is not None else (
                [view["mark"]] if view["mark"] is not None else [])
            kitty = counts_of_text(" ".join(shown_kitty))
            for r in range(NUM_RANKS):
                self.forced[r] = max(0, kitty[r] - seen.played[landlord][r]
                                     - seen.shown[landlord][r])
        self.kitty_slots = (seen.rules.kitty_size - sum(self.kitty_known)
                            if landlord is None else 0)
        pool = [u - f for u, f in zip(seen.unseen, self.forced, strict=True)]
        self.pool = [r for r, k in enumerate(pool) for _ in range(k)]
        if len(self.pool) != sum(self.slots) - sum(self.forced) + self.kitty_slots or min(pool) < 0:
            raise ValueError("the view's counts do not add up to a deal")

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Every seat's hand (its own as it is) and, during the bidding, the kitty."""
        seen = self.seen
        cards = list(self.pool)
        rng.shuffle(cards)
        hands = [list(seen.rc) if s == seen.me else list(seen.shown[s])
                 for s in range(seen.seats)]
        at = 0
        for s in range(seen.seats):
            need = self.slots[s]
            if s == seen.landlord and need:
                for r, k in enumerate(self.forced):
                    hands[s][r] += k
                need -= sum(self.forced)
            for r in cards[at:at + need]:
                hands[s][r] += 1
            at += need
        kitty = list(self.kitty_known)
        for r in cards[at:]:
            kitty[r] += 1
        return hands, kitty
