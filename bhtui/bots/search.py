"""The ``hard`` bot: information-set Monte Carlo over the plays (after Cowling, Powley and
Whitehouse's determinized search for Dou Di Zhu).

At each play with a real choice it deals the cards it cannot see in ways that agree with
everything its seat has seen (:mod:`bhtui.bots.sampling`), plays every candidate out on the
same deals with the fast policy (:mod:`bhtui.bots.rollout`) on the lean simulator
(:mod:`bhtui.bots.position`), and keeps the candidate with the best mean score under the
preset's scoring. Candidates are halved as evidence comes in (sequential halving), so the
budget goes to the close calls. The throne, the call and the declarations are the ``normal``
bot's.

The budget is a number of playouts — so a tournament with a seed plays the same games on any
machine — and, at a table, a time limit too (``seconds``), so nobody waits on it longer.
"""

from __future__ import annotations

import math
import random
import statistics
import time

from bhtui.bots.counting import CountingBot
from bhtui.bots.position import PASS, YIELD, Move
from bhtui.bots.rollout import play_out, set_cost, whole_set
from bhtui.bots.sampling import Sampler
from bhtui.cards import BJ_RANK, SJ_RANK, TWO
from bhtui.rules import Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK, beats

PLAYOUTS = 600
"""The default budget per decision: within a second on a slow core at the first lead."""
SWITCH_AT = 1.0
"""How many standard errors better than the ``normal`` move a challenger must score (on the
same deals) to be played instead: below that the difference is as likely noise."""


class SearchBot:
    name = "hard"

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
        if r.phase != "play" or "play" not in offer.kinds:
            return plain
        candidates = self._candidates(r, offer)
        if len(candidates) == 1:
            return self._action(offer, candidates[0])
        default = offer.set_of(plain) or plain["type"]
        if default in candidates:
            candidates.remove(default)
        return self._action(offer, self._search(r, [default, *candidates]))

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
        rank's cheapest set (a lead: each whole group, jokers alone) and passing."""
        sets, rc = offer.sets, r.rc
        whole = whole_set(rc)
        if whole is not None and whole in sets and (r.top is None or beats(
                whole, r.top, r.rules)):
            return [whole]
        cheapest: dict[int, tuple[float, CardSet]] = {}
        if r.top is None:
            for rank in range(TWO + 1):
                if rc[rank]:
                    group = CardSet(rank, rc[rank], 0, 0)
                    if group in sets:
                        cheapest[rank] = (0.0, group)
            sj, bj = rc[SJ_RANK], rc[BJ_RANK]
            for k, jokers in enumerate({CardSet(NO_RANK, 0, sj, 0), CardSet(NO_RANK, 0, 0, bj),
                                        CardSet(NO_RANK, 0, sj, bj)}):
                if jokers.size and jokers in sets:
                    cheapest[NO_RANK - k] = (0.0, jokers)
            out: list[Move] = [s for _, s in cheapest.values()]
            return out or [sets[0]]
        for s in sets:
            cost = set_cost(s, rc)
            known = cheapest.get(s.rank)
            if known is None or cost < known[0]:
                cheapest[s.rank] = (cost, s)
        out = [s for _, s in sorted(cheapest.values())]
        kinds = offer.kinds
        out += [k for k in (PASS, YIELD) if k in kinds]
        return out

    def _search(self, r: Reading, candidates: list[Move]) -> Move:
        """Sequential halving of the challengers on shared deals, the ``normal`` bot's move
        (``candidates[0]``) always among them; a challenger replaces it only when it did
        better on the same deals by more than chance would explain (SWITCH_AT)."""
        rng, me = self._rng, r.me
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        sampler = Sampler(r)
        results: list[list[int]] = [[] for _ in candidates]
        alive = list(range(1, len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(alive) + 1)))
        per_round = max(len(candidates), self.playouts // rounds)
        out_of_time = False
        for _ in range(rounds):
            for _ in range(max(1, per_round // (len(alive) + 1))):
                base = sampler.position(rng)
                for i in (0, *alive):
                    pos = base.copy()
                    pos.play(candidates[i])
                    results[i].append(play_out(pos)[me])
                if deadline is not None and time.perf_counter() > deadline:
                    out_of_time = True
                    break
            alive.sort(key=lambda i: -sum(results[i]))  # all alive saw the same deals
            if out_of_time or len(alive) == 1:
                break
            alive = alive[:(len(alive) + 1) // 2]
        best = alive[0]
        shared = len(results[best])
        gains = [a - b for a, b in zip(results[best], results[0][-shared:])]
        if len(gains) > 1 and statistics.fmean(gains) > SWITCH_AT * statistics.stdev(
                gains) / math.sqrt(len(gains)):
            return candidates[best]
        return candidates[0]

