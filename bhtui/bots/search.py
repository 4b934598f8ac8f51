"""The ``hard`` bot: information-set Monte Carlo over the plays (after Cowling, Powley and
Whitehouse's determinized search for Dou Di Zhu).

At each play with a real choice it deals the cards it cannot see in ways that agree with
everything its seat has seen (:mod:`bhtui.bots.sampling`), plays every candidate out on the
same deals with the fast policy (:mod:`bhtui.bots.rollout`) on the lean simulator
(:mod:`bhtui.bots.position`), and keeps the candidate with the best mean score under the
preset's scoring. Candidates are halved as evidence comes in (sequential halving), so the
budget goes to the close calls. The emperor's call is searched the same way from the first
lead. The throne (Weihai's keep, abdicate or show too), the grab and every declaration (明保,
造反, 踢) are the ``normal`` bot's: the playouts do not model declarations.

The budget is a number of playouts — so a tournament with a seed plays the same games on any
machine — and, at a table, a time limit too (``seconds``), so nobody waits on it longer.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bhtui.bots.counting import CountingBot
from bhtui.bots.position import PASS, YIELD, Move, Position
from bhtui.bots.rollout import play_out, set_cost, whole_set
from bhtui.bots.sampling import Sampler
from bhtui.cards import BJ_RANK, GC_RANK, RANK_OF, SJ_RANK, TWO, parse_card
from bhtui.rules import SEATS, Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.mechanisms import FirstLead
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK, beats, is_bomb

PLAYOUTS = 200
"""The default budget per decision: within a second on a slow core at the first lead."""
SWITCH_AT = 1.0
"""How many standard errors better than the ``normal`` move a challenger must score (on the
same deals) to be played instead: below that the difference is as likely noise."""


class SearchBot:
    name = "hard"
    thinks = True

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS,
                 seconds: float | None = None) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        """A time limit per decision (None: the playouts alone decide, deterministically)."""
        self._plain = CountingBot(seed)

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        plain = self._plain.decide(offer)
        if r.phase == "call" and len(offer.rest) > 1:
            return self._call(r, offer, plain)
        if r.phase != "play" or "play" not in offer.kinds:
            return plain
        candidates = self._candidates(r, offer)
        if len(candidates) == 1:
            return self._action(offer, candidates[0])
        default = offer.set_of(plain) or plain["type"]
        if default in candidates:
            candidates.remove(default)
        moves = [default, *candidates]
        sampler = Sampler(r)

        def outcome(base: Position, i: int) -> int:
            pos = base.copy()
            pos.play(moves[i])
            return play_out(pos)[r.me]

        return self._action(offer, moves[self._search(len(moves), sampler.position, outcome)])

    def _call(self, r: Reading, offer: Choices, plain: Action) -> Action:
        """The emperor's call (R-GUARD-1/3, R-WF-GUARD-1/2): each group he may call — a
        guard for a group of three, a solo for four, shown or not — and the declared solo,
        played out from the first lead (the emperor's, or Weifang's first drawer's) on the
        same deals. In Weifang the guard's copy becomes the GC (R-WF-RANK-1)."""
        calls = [plain, *(a for a in offer.rest if a != plain)]
        sampler, rng, me = Sampler(r), self._rng, r.me
        first = r.dealer if r.rules.first_lead is FirstLead.DEALER else me
        promotes = r.rules.tricks.promoted_guard_card

        def outcome(deal: tuple[list[list[int]], int], i: int) -> int:
            hands, _ = deal
            action = calls[i]
            guard, open_solo = me, action["type"] == "solo" or action.get("open", False)
            rank = RANK_OF[parse_card(action["card"])] if action["type"] == "call" else None
            if rank is not None and r.hand[parse_card(action["card"])] < 4:
                holders = [s for s in range(SEATS) if s != me and hands[s][rank]]
                guard = rng.choices(holders, [hands[s][rank] for s in holders])[0]
            pos = Position(r.rules, hands, r.places, me, guard, first, open_solo=open_solo,
                           grabbed=r.grabbed, hidden=not open_solo)
            if promotes and rank is not None and not open_solo:
                pos.rc[guard][rank] -= 1
                pos.rc[guard][GC_RANK] += 1
            return play_out(pos)[me]

        return calls[self._search(len(calls), sampler.deal, outcome)]

    def interject(self, offer: Choices) -> Action | None:
        return self._plain.interject(offer)

    @staticmethod
    def _action(offer: Choices, move: Move) -> Action:
        if isinstance(move, CardSet):
            return offer.play(move)
        return next(a for a in offer.rest if a["type"] == move)

    @staticmethod
    def _candidates(r: Reading, offer: Choices) -> list[Move]:
        """The moves worth comparing: going out if possible (nothing beats it); else each
        rank's cheapest set (a lead: each whole group, jokers alone; an answer: of each kind,
        plain, killing with 2s or a bomb) and passing."""
        sets, rc = offer.sets, r.rc
        whole = whole_set(rc)
        if whole is not None and whole in sets and (r.top is None or beats(
                whole, r.top, r.rules)):
            return [whole]
        if r.top is None:
            out: list[Move] = [group for group in (CardSet(rank, rc[rank], 0, 0)
                                                   for rank in range(TWO + 1) if rc[rank])
                               if group in sets]
            for sj, bj, gc in itertools.product((0, rc[SJ_RANK]), (0, rc[BJ_RANK]),
                                                (0, rc[GC_RANK])):
                jokers = CardSet(NO_RANK, 0, sj, bj, gc)
                if jokers.size and jokers not in out and jokers in sets:
                    out.append(jokers)
            return out or [sets[0]]
        cheapest: dict[tuple[int, bool, bool], tuple[float, CardSet]] = {}
        for s in sets:
            cost = set_cost(s, rc)
            kind = (s.rank, s.twos > 0, is_bomb(s))
            known = cheapest.get(kind)
            if known is None or cost < known[0]:
                cheapest[kind] = (cost, s)
        out = [s for _, s in sorted(cheapest.values())]
        kinds = offer.kinds
        out += [k for k in (PASS, YIELD) if k in kinds]
        return out

    def _search(self, count: int, draw: Callable[[random.Random], Any],
                outcome: Callable[[Any, int], int]) -> int:
        """Which of ``count`` candidates to play: sequential halving of the challengers on
        shared deals (``draw``), the ``normal`` bot's choice (candidate 0) always among them;
        a challenger replaces it only when it scored better on the same deals by more than
        chance would explain (SWITCH_AT)."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        results: list[list[int]] = [[] for _ in range(count)]
        alive = list(range(1, count))
        rounds = max(1, math.ceil(math.log2(count)))
        per_round = max(count, self.playouts // rounds)
        out_of_time = False
        for _ in range(rounds):
            for _ in range(max(1, per_round // (len(alive) + 1))):
                deal = draw(self._rng)
                for i in (0, *alive):
                    results[i].append(outcome(deal, i))
                if deadline is not None and time.perf_counter() > deadline:
                    out_of_time = True
                    break
            alive.sort(key=lambda i: -sum(results[i]))  # all alive saw the same deals
            if out_of_time or len(alive) == 1:
                break
            alive = alive[:(len(alive) + 1) // 2]
        best = alive[0]
        gains = [a - b for a, b in zip(results[best], results[0][-len(results[best]):], strict=True)]
        if len(gains) > 1 and statistics.fmean(gains) > SWITCH_AT * statistics.stdev(
                gains) / math.sqrt(len(gains)):
            return best
        return 0

