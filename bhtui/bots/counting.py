"""The ``normal`` bot: the heuristic, counting cards.

It knows which cards are still out (the deck less its hand and every card played this round,
from the reading's tricks), so it knows which of its sets nobody can beat any more. A hand
whose groups are all unbeatable but one is won: lead the unbeatable ones, each comes back to
you, and the last group goes out as a lead. So it leads that way instead of shedding its
lowest group, and it takes a trick with an unbeatable set — whatever the set costs — when
that leaves such a hand.

What can beat a set is the preset's: plain sets of the same size (R-PLAY-3) in closed form,
and where roasts, Weifang's GC, kills or bombs may answer too, the engine's own list of
answers from the cards still out.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from bhtui.bots.heuristic import HeuristicBot
from bhtui.cards import BJ_RANK, GC, GC_RANK, NUM_CARDS, RANK_OF, RANKS_WITH_GC, SJ_RANK, TWO, counts, deck
from bhtui.rules import Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import NO_RANK, sets_from_rank_counts


def played_by_seat(r: Reading) -> list[list[int]]:
    """Each seat's cards played this round, as count vectors by card code."""
    played = [[0] * NUM_CARDS for _ in range(SEATS)]
    for trick in r.tricks:
        for seat, move in trick:
            if not isinstance(move, str):
                for c in move:
                    played[seat][c] += 1
    return played


def unseen_cards(r: Reading, played: Sequence[Sequence[int]]) -> list[int]:
    """The cards in other hands, by card code: the deck less mine and every card played.
    In Weifang the called card's fourth copy is the GC from the call on (R-WF-RANK-1)."""
    out = counts(deck(r.rules.deck_size))
    if r.called is not None and r.rules.tricks.promoted_guard_card and not r.open_solo:
        out[r.called] -= 1
        out[GC] += 1
    for c in range(NUM_CARDS):
        out[c] -= r.hand[c] + sum(p[c] for p in played)
    return out


def unseen_ranks(r: Reading) -> list[int]:
    """Rank counts of the cards in other hands."""
    out = [0] * RANKS_WITH_GC
    for c, n in enumerate(unseen_cards(r, played_by_seat(r))):
        out[RANK_OF[c]] += n
    return out


def unbeatable(s: CardSet, unseen: Sequence[int], longest: int, rules: RuleSet) -> bool:
    """Nobody can beat ``s`` with the cards still out, when no other hand holds more than
    ``longest`` cards; under 烤牌 a set with jokers counts as unbeatable only once no joker is
    out (R-PLAY-5)."""
    if rules.two_kill != "off" or rules.bombs != "off" or rules.tricks.promoted_guard_card:
        return not any(b.size <= longest
                       for b in sets_from_rank_counts(unseen, s, _nothing_held(rules)))
    if rules.kao and (s.sj or s.bj) and (unseen[SJ_RANK] or unseen[BJ_RANK]):
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


@functools.cache
def _nothing_held(rules: RuleSet) -> RuleSet:
    """The rules with no held-back rank: the cards still out are pooled as one hand, and a
    player whose last set is his held-back cards may still answer with them."""
    return dataclasses.replace(rules, held_back=None)


class CountingBot(HeuristicBot):
    name = "normal"

    def _play(self, r: Reading, offer: Choices) -> Action:
        sets = offer.sets
        unseen = unseen_ranks(r)
        longest = max((r.counts[s] for s in range(SEATS) if s != r.me), default=0)
        rules = r.rules
        if r.top is None:
            run = run_lead(r.rc, unseen, longest, rules, sets)
            if run is not None:
                return offer.play(run)
            return super()._play(r, offer)
        for s in sets:
            if unbeatable(s, unseen, longest, rules) and losers(
                    after(r.rc, s), unseen, longest, rules) <= 1:
                return offer.play(s)
        return super()._play(r, offer)


def after(rc: Sequence[int], s: CardSet) -> list[int]:
    """The rank counts left once ``s`` is played."""
    left = list(rc)
    if s.n:
        left[s.rank] -= s.n
    left[SJ_RANK] -= s.sj
    left[BJ_RANK] -= s.bj
    left[GC_RANK] -= s.gc
    left[TWO] -= s.twos
    return left


def _groups(rc: Sequence[int]) -> list[CardSet]:
    """The hand as whole groups: each natural rank, and the jokers together."""
    out = [CardSet(rank, rc[rank], 0, 0) for rank in range(TWO + 1) if rc[rank]]
    if rc[SJ_RANK] or rc[BJ_RANK] or rc[GC_RANK]:
        out.append(CardSet(NO_RANK, 0, rc[SJ_RANK], rc[BJ_RANK], rc[GC_RANK]))
    return out


def _held(g: CardSet, rules: RuleSet) -> bool:
    """A group of the held-back rank (憋6, 憋3): it can only go last."""
    held = rules.holds_back
    return held is not None and g.n > 0 and g.rank == held.rank


def losers(rc: Sequence[int], unseen: Sequence[int], longest: int, rules: RuleSet) -> int:
    """How many of the hand's groups somebody could still beat (held-back cards always
    count: they can only go last)."""
    return sum(1 for g in _groups(rc)
               if _held(g, rules) or not unbeatable(g, unseen, longest, rules))


def run_lead(rc: Sequence[int], unseen: Sequence[int], longest: int, rules: RuleSet,
             sets: Sequence[CardSet] | None = None) -> CardSet | None:
    """With all groups unbeatable but one, an unbeatable group to lead (the last one goes
    out on its own); None otherwise. ``sets`` are the legal leads (None: every whole group
    not held back is one, the jokers too where they may go alone, R-PLAY-1)."""
    groups = _groups(rc)
    if len(groups) < 2 or losers(rc, unseen, longest, rules) > 1:
        return None
    for g in groups:
        legal = g in sets if sets is not None else bool(g.n or rules.joker_sets)
        if legal and not _held(g, rules) and unbeatable(
                g, unseen, longest, rules):
            return g
    return None
