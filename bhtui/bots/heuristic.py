"""The heuristic bot: plays like a sensible person, from its seat's reading only.

Sheds low groups first and keeps jokers and 2s for tricks that matter; goes out cleanly;
never beats a known partner's set unless that empties its hand; takes the throne, calls,
goes solo, abdicates, and declares (明保, 造反, 踢) by hand strength. Its choice is also the
hint a player gets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bhtui.bots.bets import rebellion_pays
from bhtui.bots.legal import solo_calls
from bhtui.bots.strength import strength
from bhtui.cards import BJ_RANK, GC_RANK, RANK_OF, SJ_RANK, TWO, parse_card, rank_of
from bhtui.rules import Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK

ACCEPT_AT = 11.0   # a typical hand plus the emperor card is about 11
OPEN_SOLO_AT = 21.0
GRAB_AT = 23.0
DECLARED_SOLO_AT = 18.0
"""lianzhong-classic's 明独保 (R-GUARD-3) needs no four of a kind, only a hand that wins 1 v 4:
from here up the declared solo went out first in nearly every measured deal (bench/bets.py)."""
OPEN_GUARD_AT = 14.0  # 明保 doubles the stake: only with a strong hand
HIDDEN_SOLO_AT = 15.0
"""Weihai: a holder of both marked cards keeps a hidden solo from here (1st wins, 2nd draws);
below it he abdicates, and the stake doubles with a partner beside him (R-WH-THRONE-*)."""
REBEL_AT = 14.0
"""Weihai's 造反 before play doubles the stake whoever wins (R-WH-DECL-2): only a rebel who
expects to win it bets, as a guard bets on 明保."""
KICK_AT = 14.0  # 踢 doubles once more (R-WH-DECL-3): the same bet again


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        del seed  # deterministic: the same reading always gets the same answer

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        if r.phase == "play":  # most decisions: sets, pass, yield (no call is offered in play)
            return self._play(r, offer)
        kinds = offer.kinds
        if r.phase == "grab":  # the grab round (R-EMP-Q6, R-WH-GRAB-1)
            return pick(offer, "grab" if strength(r.rc) >= GRAB_AT else "skip")
        if r.phase == "declare":  # a step asked before play (R-WH-DECL-1)
            return pick(offer, self._declare(r, kinds))
        if r.phase == "throne":
            return self._throne(r, offer)
        if "call" in kinds or "solo" in kinds:
            return self.call(r, offer.rest)
        return self._play(r, offer)

    def interject(self, offer: Choices) -> Action | None:
        """Declarations out of turn: 抢庄/抢独 and 明保 only with strong hands, 造反 only as a
        sound bet (its doubling is worth having: bets.py)."""
        r, kinds = offer.reading, offer.kinds
        if "grab" in kinds and strength(r.rc) >= GRAB_AT:
            return {"type": "grab"}
        if "open_guard" in kinds:
            if strength(r.rc) >= (OPEN_SOLO_AT if r.emperor == r.me else OPEN_GUARD_AT):
                return {"type": "open_guard"}
        if "rebel" in kinds and rebellion_pays(r):
            return {"type": "rebel"}
        return None

    @staticmethod
    def _declare(r: Reading, kinds: set[str]) -> str:
        """明保, 造反, 踢 before play: each doubles the stake, so only on a strong hand."""
        value = strength(r.rc)
        for kind, at in (("open_guard", OPEN_GUARD_AT), ("rebel", REBEL_AT), ("kick", KICK_AT)):
            if kind in kinds and value >= at:
                return kind
        return "skip"

    def _throne(self, r: Reading, offer: Choices) -> Action:
        kinds = offer.kinds
        choices = kinds - {"grab"}
        if len(choices) == 1:
            return pick(offer, choices.pop())
        rc = list(r.rc)
        if not r.in_hand:
            for card in r.bundle:
                rc[RANK_OF[card]] += 1
        value = strength(rc)
        if "solo" in kinds and value >= OPEN_SOLO_AT:  # show both marked cards (R-WH-ROLE-2)
            return pick(offer, "solo")
        if "abdicate" in kinds:  # Weihai, holding both: a hidden solo or a partner
            return pick(offer, "accept" if value >= HIDDEN_SOLO_AT else "abdicate")
        if "decline" not in kinds:
            return pick(offer, "accept")
        if "grab" in kinds and value >= GRAB_AT:
            return pick(offer, "grab")
        if "call" in kinds:  # baike: calling is taking the throne (R-EMP-B1)
            if value >= ACCEPT_AT:
                return self.call(r, [a for a in offer.rest if a["type"] == "call"])
            return pick(offer, "decline")
        return pick(offer, "accept" if value >= ACCEPT_AT else "decline")

    def call(self, r: Reading, legal: list[Action]) -> Action:
        value = strength(r.rc)
        strong = value >= OPEN_SOLO_AT
        declared = [a for a in legal if a["type"] == "solo"]  # lianzhong's 明独保 (R-GUARD-3)
        calls = [a for a in legal if a["type"] == "call"]
        if declared and (value >= DECLARED_SOLO_AT or not calls):
            return declared[0]
        opens = [a for a in calls if a["open"]]
        if strong and opens:
            return max(opens, key=lambda a: rank_of(parse_card(a["card"])))
        # A group held three times brings a guard; of those, call the highest rank.
        held_four = solo_calls(r.hand, calls)
        with_guard = [a for a in calls if not a["open"] and a["card"] not in held_four]
        pool = with_guard or [a for a in calls if not a["open"]]
        return max(pool, key=lambda a: rank_of(parse_card(a["card"])))

    def _play(self, r: Reading, offer: Choices) -> Action:
        sets = offer.sets
        if r.top is None:
            return offer.play(self._lead(r, sets))
        size = r.size
        finishing = [s for s in sets if sum(s) - s.rank == size]  # (a set's size, inline)
        if finishing:
            return offer.play(finishing[0])
        if r.top_seat in r.partners and r.rules.trick_yield and not r.asked_again:
            return pick(offer, "yield")  # 让牌: the partner's set stands, and I keep my chance
        if not sets or r.top_seat in r.partners:
            return pick(offer, "pass")
        budget = self._budget(r)
        held = r.rules.holds_back if r.rules.stuck else None
        best, price = sets[0], math.inf  # the first of the cheapest
        stranded = size - r.rc[held.rank] if held is not None else -1  # cards besides those
        for s in sets:
            cost = _cost(s, r) if held is None else _cost(s, r) + _stranding(s, stranded)
            if cost < price:
                best, price = s, cost
        if price <= budget:
            return offer.play(best)
        return pick(offer, "pass")

    @staticmethod
    def _budget(r: Reading) -> float:
        """How much strength this trick is worth spending."""
        assert r.top_seat is not None
        threat = r.counts[r.top_seat] if r.top_seat != r.me else 99
        if r.top_seat in r.enemies:
            if threat <= 6 or r.size <= 8:
                return 60.0
            return 16.0
        if r.top_seat in r.partners:
            return -1.0
        return 12.0 if r.size > 8 else 30.0

    @staticmethod
    def _lead(r: Reading, sets: Sequence[CardSet]) -> CardSet:
        rc = r.rc
        naturals = [rank for rank in range(TWO + 1) if rc[rank]]
        if len(naturals) <= 1:  # the whole hand is one set: go out with it
            whole = (CardSet(naturals[0], rc[naturals[0]], rc[SJ_RANK], rc[BJ_RANK]) if naturals
                     else CardSet(NO_RANK, 0, rc[SJ_RANK], rc[BJ_RANK]))
            if whole in sets:
                return whole
        # Not one set (or one the held-back rank may not make): shed the lowest whole group,
        # except with exactly two groups and no jokers, lead the one least likely to be
        # beaten; with only held-back cards and jokers, the cheapest set there is.
        groups = [g for g in (CardSet(rank, rc[rank], 0, 0) for rank in naturals)
                  if g in sets]  # 憋6 may hold some back (R-PLAY-6)
        if len(groups) == 2 and not (rc[SJ_RANK] or rc[BJ_RANK]):
            return groups[1]
        return groups[0] if groups else min(sets, key=lambda s: _cost(s, r))


def _cost(s: CardSet, r: Reading) -> float:
    """What playing ``s`` gives up: jokers and 2s most, high ranks more, broken groups too,
    and a secret guard's cover when the set needs his called card (R-GUARD-6, R-WF-GUARD-4)."""
    cost = 12.0 * s.bj + 8.0 * s.sj
    secret_rank, spare = r.secret
    if s.gc:  # Weifang's promoted guard card, above BJ
        cost += 14.0 * s.gc + (10.0 if secret_rank == GC_RANK else 0.0)
    if s.twos:  # 2s killing jokers (R-WF-PLAY-2)
        cost += 3.0 * s.twos + (4.0 if r.rc[TWO] > s.twos else 0.0)
    if s.n:
        cost += s.rank * 0.6 + (6.0 if s.rank == TWO else 0.0)
        if r.rc[s.rank] > s.n:
            cost += 4.0
        if s.rank == secret_rank and s.n > spare:
            cost += 10.0
    return cost


def _stranding(s: CardSet, others: int) -> float:
    """Where a hand of held-back cards facing another's set is stuck (闷, R-WF-STUCK-1): an
    answer that would leave only those (it plays all ``others``, the hand's other cards) is
    worth it only if it likely wins the trick, so the held-back cards can be led."""
    if s.size != others or s.gc or s.bj:
        return 0.0
    return 100.0  # about as bad as the last place it leads to


def pick(offer: Choices, kind: str) -> Action:
    for action in offer.rest:
        if action["type"] == kind:
            return action
    raise LookupError(f"{kind!r} is not offered")


