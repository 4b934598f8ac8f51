"""The ``normal`` bot: the heuristic, counting cards.

It knows which cards are still out (the deck less its hand and every card played this round,
from the reading's tricks), so it knows which of its sets nobody can beat any more. A hand
whose groups are all unbeatable but one is won: lead the unbeatable ones, each comes back to
you, and the last group goes out as a lead. So it leads that way instead of shedding its
lowest group, and it takes a trick with an unbeatable set — whatever the set costs — when
that leaves such a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from bhtui.bots.heuristic import HeuristicBot
from bhtui.cards import BJ_RANK, NUM_RANKS, RANK_OF, SJ_RANK, TWO, deck
from bhtui.rules import Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import NO_RANK, SIX


def unseen_ranks(r: Reading) -> list[int]:
    """Rank counts of the cards in other hands: the deck less mine and every card played."""
    out = [0] * NUM_RANKS
    for c in deck(r.rules.deck_size):
        out[RANK_OF[c]] += 1
    for rank, n in enumerate(r.rc):
        out[rank] -= n
    for trick in r.tricks:
        for _, move in trick:
            if not isinstance(move, str):
                for c in move:
                    out[RANK_OF[c]] -= 1
    return out


def unbeatable(s: CardSet, unseen: Sequence[int], longest: int, kao: bool) -> bool:
    """Nobody can beat ``s`` (R-PLAY-3) with the cards still out, when no other hand holds
    more than ``longest`` cards; under 烤牌 a set with jokers counts as unbeatable only once
    no joker is out (R-PLAY-5)."""
    if kao and (s.sj or s.bj) and (unseen[SJ_RANK] or unseen[BJ_RANK]):
        return False
    if s.bj:
        return True
    size = s.size
    if longest < size:
        return True
    for y in range(s.sj, min(unseen[BJ_RANK], size) + 1):
        for x in range(min(unseen[SJ_RANK], size - y) + 1):
            n = size - x - y
            if n == 0 or any(unseen[rank] >= n for rank in range(s.rank + 1, TWO + 1)):
                return False
    return True


class CountingBot(HeuristicBot):
    name = "normal"

    def _play(self, r: Reading, offer: Choices) -> Action:
        sets = offer.sets
        unseen = unseen_ranks(r)
        longest = max((r.counts[s] for s in range(SEATS) if s != r.me), default=0)
        if r.top is None:
            run = _run_lead(r.rc, sets, unseen, longest, r.rules.kao, r.rules.bie6)
            if run is not None:
                return offer.play(run)
            return super()._play(r, offer)
        for s in sets:
            if not unbeatable(s, unseen, longest, r.rules.kao):
                continue
            left = list(r.rc)
            if s.n:
                left[s.rank] -= s.n
            left[SJ_RANK] -= s.sj
            left[BJ_RANK] -= s.bj
            if _losers(left, unseen, longest, r.rules.kao, r.rules.bie6) <= 1:
                return offer.play(s)
        return super()._play(r, offer)


def _groups(rc: Sequence[int]) -> list[CardSet]:
    """The hand as whole groups: each natural rank, and the jokers together."""
    out = [CardSet(rank, rc[rank], 0, 0) for rank in range(TWO + 1) if rc[rank]]
    if rc[SJ_RANK] or rc[BJ_RANK]:
        out.append(CardSet(NO_RANK, 0, rc[SJ_RANK], rc[BJ_RANK]))
    return out


def _losers(rc: Sequence[int], unseen: Sequence[int], longest: int, kao: bool,
            bie6: bool) -> int:
    """How many of the hand's groups somebody could still beat (憋6's 6s always count: they
    can only go last)."""
    return sum(1 for g in _groups(rc)
               if (bie6 and g.n and g.rank == SIX) or not unbeatable(g, unseen, longest, kao))


def _run_lead(rc: Sequence[int], sets: Sequence[CardSet], unseen: Sequence[int], longest: int,
              kao: bool, bie6: bool) -> CardSet | None:
    """With all groups unbeatable but one, an unbeatable group to lead (the last one goes
    out on its own); None otherwise."""
    groups = _groups(rc)
    if len(groups) < 2 or _losers(rc, unseen, longest, kao, bie6) > 1:
        return None
    for g in groups:
        if g in sets and unbeatable(g, unseen, longest, kao) and not (bie6 and g.rank == SIX):
            return g
    return None

