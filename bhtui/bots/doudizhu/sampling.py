"""Deals that agree with a Dou Dizhu seat's view: the cards it cannot place, dealt at random
to the places they may be in.

Each other seat keeps its shown cards (摊打's open hand, 报到's groups) and gets as many
unseen cards as it holds besides; during the bidding the kitty gets the rest (Shanghai's mark
card among them, S-DEAL-1). Once there is a landlord he holds what the rules showed of the
kitty and he has not played: the classic kitty everyone saw (C-BID-4), Shanghai's mark card
(its kitty stays unknown to the farmers, S-BID-4). Everything comes from the seat's view, so a
deal sampled for one seat says nothing it could not know (the no-cheating property).

Deals are weighed by how likely they make the bids seen: a seat bids as strong hands do
(the heuristic's thresholds: a bid of b from a hand worth b, a pass from one worth no more
than the bid it faced), and a deal where some seat bid against its hand is kept only
``MISS`` of the time per such seat (rejection, at most ``TRIES`` draws).
"""

from __future__ import annotations

import random

from bhtui.bots.doudizhu.heuristic import BID_AT, strength
from bhtui.bots.doudizhu.knowledge import Seen
from bhtui.cards import NUM_RANKS
from bhtui.doudizhu.hands import counts_of_text
from bhtui.wire import DoudizhuView

MISS = 0.25
"""How often a deal is kept per seat whose bid its hand would not have made."""
TRIES = 6


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
        self.bids = self._bids_seen(view)
        kitty_cards = view["kitty"] if view["kitty"] is not None else []
        self.kitty_seen = counts_of_text(" ".join(kitty_cards)) if kitty_cards else None

    @staticmethod
    def _bids_seen(view: DoudizhuView) -> list[tuple[int, int, int]]:
        """(seat, bid, the highest bid it faced) for each other seat that has bid, in the
        bidding's order."""
        n, me = len(view["seats"]), view["viewer"]
        out, high = [], 0
        for i in range(n):
            s = (view["first_bidder"] + i) % n
            b = view["seats"][s]["bid"]
            if b is None:
                break
            if s != me:
                out.append((s, b, high))
            high = max(high, b)
        return out

    def likely(self, hands: list[list[int]], rng: random.Random) -> bool:
        """Whether to keep a deal: each seat whose bid its hand (as it was when it bid)
        would not have made keeps it only MISS of the time."""
        seen, preset = self.seen, self.seen.preset
        keep = 1.0
        for s, b, faced in self.bids:
            held = [h + p for h, p in zip(hands[s], seen.played[s], strict=True)]
            if s == seen.landlord:
                if self.kitty_seen is None:
                    continue  # Shanghai's kitty: his hand before it is unknown
                held = [h - k for h, k in zip(held, self.kitty_seen, strict=True)]
            want = sum(1 for at in BID_AT[preset] if strength(held, preset) >= at)
            if (b and want != b) or (not b and want > faced):
                keep *= MISS
        return keep >= 1.0 or rng.random() < keep

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Every seat's hand (its own as it is) and, during the bidding, the kitty: a deal
        the bids make likely."""
        for _ in range(TRIES - 1):
            hands, kitty = self._draw(rng)
            if self.likely(hands, rng):
                return hands, kitty
        return self._draw(rng)

    def _draw(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
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
