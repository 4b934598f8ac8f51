"""Dealing (C-DEAL-1, S-DEAL-1): a pure function of (seed, deal number, redeal), R-SEED-1."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bhtui.cards import NUM_RANKS, deck, rank_of
from bhtui.doudizhu.hands import check_copies, counts_of_text
from bhtui.doudizhu.presets import Rules


@dataclass(frozen=True)
class Deal:
    """The cards of one deal as ranks (suits never matter), low to high.

    ``first`` is a seat drawn from the deal's generator: the first bidder of a match's first
    classic deal (C-BID-1). ``mark`` is the rank of Shanghai's mark card, one of the kitty's.
    """

    hands: tuple[tuple[int, ...], ...]
    kitty: tuple[int, ...]
    first: int = 0
    mark: int | None = None

    @classmethod
    def of(cls, hands: Sequence[str], kitty: str, first: int = 0,
           mark: str | None = None) -> Deal:
        """A deal written as rank text (tests, the rules demo): ``Deal.of(["3 3 4", …], "…")``."""
        def ranks(text: str) -> tuple[int, ...]:
            return tuple(r for r, k in enumerate(counts_of_text(text)) for _ in range(k))
        mark_rank = ranks(mark)[0] if mark else None
        return cls(tuple(ranks(h) for h in hands), ranks(kitty), first, mark_rank)

    def check(self, rules: Rules) -> None:
        """ValueError unless these cards are a full deal of ``rules``."""
        if len(self.hands) != rules.seats or not 0 <= self.first < rules.seats:
            raise ValueError(f"{rules.name} deals to {rules.seats} seats")
        if any(len(h) != rules.hand_size for h in self.hands) \
                or len(self.kitty) != rules.kitty_size:
            raise ValueError(f"{rules.name} deals {rules.hand_size} cards a seat and "
                             f"{rules.kitty_size} to the kitty")
        rc = [0] * NUM_RANKS
        for r in (*(r for h in self.hands for r in h), *self.kitty):
            rc[r] += 1
        check_copies(rc, rules.name)
        if rules.specials != (self.mark is not None) or (
                self.mark is not None and self.mark not in self.kitty):
            raise ValueError("Shanghai's mark card is one of the kitty's; classic has none")


def deal_rng(seed: int | str, number: int, redeal: int) -> random.Random:
    """The generator of one deal: stable across Python versions and processes (R-SEED-1).
    A live table's secret seed (hex text) keeps the whole digest, as Baohuang's does: a
    shown deal cannot be searched back to its generator."""
    digest = hashlib.sha256(f"bhtui:doudizhu:{seed}:{number}:{redeal}".encode()).digest()
    return random.Random(int.from_bytes(digest if isinstance(seed, str) else digest[:8], "big"))


def shuffled_deal(rules: Rules, seed: int | str, number: int, redeal: int) -> Deal:
    """Shuffle one or two decks; hands in turn, the last cards form the kitty (C-DEAL-1,
    S-DEAL-1); a random kitty card is Shanghai's mark card."""
    rng = deal_rng(seed, number, redeal)
    cards = deck(54 * rules.decks)
    rng.shuffle(cards)
    ranks = [rank_of(c) for c in cards]
    size = rules.hand_size
    hands = tuple(tuple(sorted(ranks[s * size:(s + 1) * size])) for s in range(rules.seats))
    kitty = ranks[rules.seats * size:]
    mark = kitty[rng.randrange(len(kitty))] if rules.specials else None
    return Deal(hands, tuple(sorted(kitty)), rng.randrange(rules.seats), mark)
