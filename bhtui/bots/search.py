"""The ``hard`` bot: information-set Monte Carlo over the plays (after Cowling, Powley and
Whitehouse's determinized search for Dou Di Zhu).

At each play with a real choice it deals the cards it cannot see in ways that agree with
everything its seat has seen (:mod:`bhtui.bots.sampling`), plays every candidate out on the
same deals with the fast policy (:mod:`bhtui.bots.rollout`) on the lean simulator
(:mod:`bhtui.bots.position`), and keeps the candidate with the best mean score under the
preset's scoring. Candidates are halved as evidence comes in (sequential halving), so the
budget goes to the close calls. The emperor's call and the throne (take it or pass it on)
are searched the same way from the first lead, and so is 明保 (the guard showing himself,
or lianzhong-simple's emperor declaring his solo): played out declared and not, and so is
baike's 抢庄 (played out alone, against what not grabbing is taken to be worth), and so
are Weihai's keep, abdicate or show, a rebel's 造反 and either side's 踢 asked before play:
whether those pay hangs on what the seats asked after them declare, so each deal settles
that as ``normal`` would (:mod:`bhtui.bots.declaring`). The other grabs and lianzhong's 造反
in play are the ``normal`` bot's.

The budget is a number of playouts — so a tournament with a seed plays the same games on any
machine — or, at a table, a time limit (``seconds``): it uses that time, and nobody waits
longer.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from bhtui.bots.appraisal import Appraisal, appraise_all
from bhtui.bots.counting import CountingBot
from bhtui.bots.declaring import Asking, Declared, asking, see_through
from bhtui.bots.heuristic import ACCEPT_AT, pick
from bhtui.bots.position import PASS, YIELD, Move, Position
from bhtui.bots.rollout import play_out, set_cost, whole_set
from bhtui.bots.sampling import Sampler
from bhtui.bots.searcher import Searcher
from bhtui.bots.strength import strength
from bhtui.cards import BJ_RANK, GC_RANK, RANK_OF, SJ_RANK, TWO, parse_card
from bhtui.rules import SEATS, Action, CardSet
from bhtui.rules.choices import Choices
from bhtui.rules.mechanisms import Ascent, Attach, FirstLead
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK, beats, is_bomb
from bhtui.rules.throne import abdication_to

PLAYOUTS = 640
"""The budget per decision without a clock (a tournament): about what the clock buys at a
table, where on these 2-core machines a decision plays a median of 620 to 750 playouts
(``python bench/playout.py --table-rounds 2``), so a tournament measures the bot people
meet."""
PRESET_PLAYOUTS = {"weifang": 360}
"""Where a playout costs more (Weifang's answers are the engine's: kills, the GC), what the
clock buys there instead."""
TIMED_PLAYOUTS = 4000
"""With a time limit (at a table) the clock decides; this only caps a decision so easy that
its playouts are nearly free."""
SPEND = 0.8
"""The share of a time limit the playouts may use: the deals, the ``normal`` move and the
last playout's overrun fit in the rest."""
OPEN_GUARD: Action = {"type": "open_guard"}
QUIET: Action = {"type": "skip"}
"""Declaring nothing out of turn, as a candidate beside the declaration."""
THRONES = ({"accept", "decline"}, {"call", "decline"})
"""The throne offers searched: take it (baike: by calling) or pass it on."""
ABDICATION = {"accept", "abdicate", "solo"}
"""Weihai's emperor holding both marked cards: keep a hidden solo, abdicate, or show the guard
card (R-WH-THRONE-1..5, R-WH-ROLE-2)."""
STEP_OFFERS = ({"open_guard", "skip"}, {"rebel", "skip"}, {"kick", "skip"})
"""Weihai's steps before play searched: 明保, 造反, 踢 (R-WH-DECL-1..3), each or no."""
GRAB: Action = {"type": "grab"}
GRAB_BAR = 10
"""What a grab (baike's 抢庄, R-EMP-B5) must clearly score in the playouts to be made, in
points (R-SCORE-B4: +40 first, else -40). In seeded ``normal`` matches, grabs the playouts
put at 0 to 5 a round scored 6.0 less than not grabbing, at 5 to 10 9.7 more, above 10 25.4
more; the bar leaves the middle band out, since rebels who defend better than the
playouts' ``normal``-like ones (``hard``'s, people's) stop more grabs."""
SWITCH_AT = 1.0
"""How many standard errors better than the ``normal`` move a challenger must score (on the
same deals) to be played instead: below that the difference is as likely noise."""


class Edge(NamedTuple):
    """How many points a round more ``hard`` scores in a role than its playouts say (they
    play its seat as ``normal`` does), by role: an emperor with a guard, the guard, a rebel,
    and an emperor alone (a solo)."""

    emperor: float
    guard: float
    rebel: float
    solo: float

    def of(self, me: int, emperor: int, guard: int) -> float:
        """The edge of ``me``'s role in a deal with this emperor and guard."""
        if me == emperor:
            return self.solo if guard == emperor else self.emperor
        return self.guard if me == guard else self.rebel


NO_EDGE = Edge(0.0, 0.0, 0.0, 0.0)
EDGE: dict[str, Edge] = {"weihai": Edge(emperor=2.68, guard=1.23, rebel=0.57, solo=8.0)}
"""Each preset's edges, measured (``python bench/calibration.py``, 160 deals for Weihai,
at PLAYOUTS). A choice between roles — the throne, the call of a guard or a solo, Weihai's
keep, abdicate or show — weighs each as ``hard`` will fare in it, not as ``normal`` would:
without them the playouts price the role ``hard`` gains most in like any other. Weihai's
holder of both marked cards keeps his solo far more often for it, and gains: +5.5 a changed
decision over 600 seeded rounds (``bench/decisions.py``'s way). Qingdao's and Weifang's
were measured too and left out: qingdao's change no throne (``hard`` already takes nearly
every one it may), and Weifang's emperor gains no more than its rebels. Presets not
measured have none."""


def edge_of(rules: RuleSet) -> Edge:
    """The preset's ``EDGE`` (none where it was not kept)."""
    return EDGE.get(rules.name, NO_EDGE)


class Plan(NamedTuple):
    """A decision to search: its candidates (``normal``'s first), a deal drawn from the
    view, and a candidate's score for me played out on a deal."""

    actions: list[Action]
    draw: Callable[[random.Random], Any]
    outcome: Callable[[Any, int], float]
    own: bool = False
    """Its deals come from a generator of its own (the bot's seed), not the bot's running
    one: Weihai's steps before play and its abdication, so searching them leaves every
    later decision of the round as it was, and a change there shows only in the rounds it
    changes."""


class SearchBot(Searcher[CountingBot]):
    def __init__(self, seed: int = 0, playouts: int | None = None,
                 seconds: float | None = None) -> None:
        super().__init__(seed, PLAYOUTS if playouts is None else playouts, seconds, CountingBot(seed))
        self._preset_budget = playouts is None
        """Without a budget given, the preset's (PRESET_PLAYOUTS, else PLAYOUTS)."""
        self._grab_memo: tuple[tuple[tuple[int, ...], tuple[int, ...]], bool] | None = None
        """The hand (and bundle) last weighed for 抢庄, and whether to grab with it."""

    def budget(self, r: Reading) -> int:
        """The playouts a decision of this preset may play without a clock."""
        if self._preset_budget:
            return PRESET_PLAYOUTS.get(r.rules.name, PLAYOUTS)
        return self.playouts

    def decide(self, offer: Choices) -> Action:
        if "grab" in offer.kinds and self._grabs(offer):
            return GRAB
        plain = self._plain.decide(offer)
        plan = self._plan(offer, plain, self._rng)
        if plan is None:
            return plain
        if len(plan.actions) == 1:
            return plan.actions[0]
        return plan.actions[self._search(len(plan.actions), plan.draw, plan.outcome,
                                         self.budget(offer.reading),
                                         random.Random(self._seed) if plan.own else None)]

    def appraise(self, offer: Choices, playouts: int | None = None) -> list[Appraisal[Action]]:
        """Every candidate ``decide`` would weigh here (``normal``'s move among them), each
        played out on the same deals, ``playouts`` (default: the bot's budget) each, best
        first; empty where it does not search (no real choice, or a decision that is
        ``normal``'s). From the reading alone, like ``decide``; the same for a seed,
        whatever the bot decided before (a fresh generator), and never timed."""
        plan = self._plan(offer, self._plain.decide(offer), rng := random.Random(self._seed))
        if plan is None or len(plan.actions) == 1:
            return []
        return appraise_all(plan.actions, plan.draw, plan.outcome,
                            playouts or self.budget(offer.reading), rng)

    def _plan(self, offer: Choices, plain: Action, rng: random.Random) -> Plan | None:
        """What a search of this decision compares (``normal``'s move first), how it draws a
        deal and plays a candidate out on it; None where ``normal`` decides."""
        r = offer.reading
        if r.phase == "call" and len(offer.rest) > 1:
            return self._call(r, offer, plain, rng)
        if r.phase == "throne" and offer.kinds - {"grab"} in THRONES and plain["type"] != "grab":
            return self._throne(r, offer, plain, rng)
        if r.phase == "throne" and offer.kinds == ABDICATION and not r.rules.abdicate_chain:
            return self._abdication(r, [plain, *(pick(offer, kind) for kind in sorted(
                ABDICATION - {plain["type"]}))])
        if r.phase == "declare" and offer.kinds in STEP_OFFERS:
            say = (offer.kinds - {"skip"}).pop()  # R-WH-DECL-1..3: 明保, 造反, 踢
            return self._open_guard(r, [plain, pick(offer, "skip" if plain[
                "type"] == say else say)])
        if r.phase != "play" or "play" not in offer.kinds:
            return None
        moves = self._candidates(r, offer)
        if len(moves) > 1:  # (one: going out, which nothing beats)
            default = offer.set_of(plain) or plain["type"]
            moves = [default, *(m for m in moves if m != default)]

        def outcome(base: Position, i: int) -> int:
            pos = base.copy()
            pos.play(moves[i])
            return play_out(pos)[r.me]

        return Plan([self.action(offer, m) for m in moves], Sampler(r).position, outcome)

    def _call(self, r: Reading, offer: Choices, plain: Action, rng: random.Random) -> Plan:
        """The emperor's call (R-GUARD-1/3, R-WF-GUARD-1/2): each group he may call — a
        guard for a group of three, a solo for four, shown or not — and the declared solo,
        played out from the first lead (the emperor's, or Weifang's first drawer's) on the
        same deals. In Weifang the guard's copy becomes the GC (R-WF-RANK-1)."""
        calls = [plain, *(a for a in offer.rest if a != plain)]
        me, edge = r.me, edge_of(r.rules)
        first = first_leader(r, me)
        promotes = r.rules.tricks.promoted_guard_card

        def outcome(deal: tuple[list[list[int]], int], i: int) -> float:
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
            return play_out(pos)[me] + edge.of(me, me, guard)

        return Plan(calls, Sampler(r).deal, outcome)

    def _throne(self, r: Reading, offer: Choices, plain: Action, rng: random.Random) -> Plan:
        """Take the throne or pass it on (R-EMP-Q2..5, R-EMP-L2/3, R-WF-EMP-1), played out
        from the first lead on the same deals: taking, the bundle joins my hand and I call as
        ``normal`` would (the fourth copy's holder my guard); passing on, the bundle (with
        the card I add to it, and the emperor card if it was dealt me) goes round the seats
        the preset passes it to, and the first whose dealt hand ``normal`` would take the
        throne with is emperor (nobody: a void deal, scored as any round's mean; lianzhong's
        forced second offer is not played). My call is by card; a dealt hand's, like its
        guard, by rank."""
        if plain["type"] != "decline":
            other = pick(offer, "decline")
        elif "accept" in offer.kinds:
            other = pick(offer, "accept")
        else:  # baike: calling is taking the throne (R-EMP-B1), with normal's call
            other = self._plain.call(r, [a for a in offer.rest if a["type"] == "call"])
        options = [plain, other]
        me = r.me
        hand, mine = list(r.hand), list(r.rc)
        if not r.in_hand:  # taking, the bundle joins my hand (a dealt emperor card is in it)
            for card in r.bundle:
                hand[card] += 1
                mine[RANK_OF[card]] += 1
        taking = options[0] if options[0]["type"] != "decline" else options[1]
        if taking["type"] == "call":
            card = parse_card(taking["card"])
            my_rank = RANK_OF[card] if hand[card] < 4 else None
        else:  # qingdao's accept: normal then calls the highest group of three
            triples = [c for c in range(TWO * 4) if hand[c] == 3]
            my_rank = RANK_OF[max(triples)] if triples else None
        edge = edge_of(r.rules)
        void = (edge.emperor + edge.guard + 3 * edge.rebel) / SEATS
        passing = passed_on(r)

        def outcome(deal: tuple[list[list[int]], int], i: int) -> float:
            hands = [list(h) for h in deal[0]]
            if options[i]["type"] != "decline":
                emperor, rank = me, my_rank
                hands[me] = list(mine)
            else:
                taker = passing(hands)
                if taker is None:  # void: dealt again (R-EMP-Q4), a round in any role
                    return void
                emperor, rank = taker
            return self._first_lead(r, hands, emperor, rank, rng)

        return Plan(options, Sampler(r).throne_deal, outcome)

    def _first_lead(self, r: Reading, hands: list[list[int]], emperor: int, rank: int | None,
                    rng: random.Random) -> float:
        """My score, played out from the first lead of a deal whose emperor called ``rank``
        (with my role's ``EDGE``): his guard a holder of its fourth copy, weighed by the
        copies of the rank each holds (none: a hidden solo); in Weifang that copy is the
        guard's GC (R-WF-RANK-1). Where nobody calls, the guard holds the marked small joker
        (R-GUARD-4, R-WH-ROLE-1): a holder of a small joker, weighed by the ones each holds
        (the emperor: a solo)."""
        guard = emperor
        if not r.rules.guard.called:
            holders = [s for s in range(SEATS) if hands[s][SJ_RANK]]
            if holders:
                guard = rng.choices(holders, [hands[s][SJ_RANK] for s in holders])[0]
        elif rank is not None:
            holders = [s for s in range(SEATS) if s != emperor and hands[s][rank]]
            if holders:
                guard = rng.choices(holders, [hands[s][rank] for s in holders])[0]
        first = first_leader(r, emperor)
        pos = Position(r.rules, hands, r.places, emperor, guard, first, hidden=True)
        if r.rules.tricks.promoted_guard_card and guard != emperor:
            assert rank is not None
            pos.rc[guard][rank] -= 1
            pos.rc[guard][GC_RANK] += 1
        return play_out(pos)[r.me] + edge_of(r.rules).of(r.me, emperor, guard)

    def interject(self, offer: Choices) -> Action | None:
        """明保 before the first lead is searched (declared or not), and so is baike's 抢庄;
        the other declarations out of turn (抢独, 造反) are ``normal``'s."""
        if "grab" in offer.kinds and self._grabs(offer):
            return GRAB
        plain = self._plain.interject(offer)
        if "open_guard" not in offer.kinds or plain not in (None, OPEN_GUARD):
            return plain
        plan = self._open_guard(offer.reading, [plain or QUIET, QUIET if plain else OPEN_GUARD])
        choice = plan.actions[self._search(2, plan.draw, plan.outcome,
                                           self.budget(offer.reading))]
        return None if choice is QUIET else choice

    def _grabs(self, offer: Choices) -> bool:
        """Baike's 抢庄 (R-EMP-B5), asked at every offer until a call: the grab played out
        1 v 4 from the first lead, with the emperor card, against GRAB_BAR; decided once a
        hand (the question returns unchanged), and where a grab is scored apart only
        (R-SCORE-B4): elsewhere it is ``normal``'s."""
        r = offer.reading
        if r.rules.scoring.grab is None or r.in_hand:
            return False
        key = (tuple(r.hand), tuple(r.bundle))
        if self._grab_memo is None or self._grab_memo[0] != key:
            plan = self._grab(r)
            self._grab_memo = (key, self._search(2, plan.draw, plan.outcome, self.budget(r)) == 1)
        return self._grab_memo[1]

    @staticmethod
    def _grab(r: Reading) -> Plan:
        """Not grabbing (worth GRAB_BAR) against grabbing: the bundle (the emperor card) joins
        my hand and I play alone, known to all, from the first lead."""
        me = r.me
        mine = list(r.rc)
        for card in r.bundle:
            mine[RANK_OF[card]] += 1
        first = first_leader(r, me)

        def outcome(deal: tuple[list[list[int]], int], i: int) -> int:
            if i == 0:
                return GRAB_BAR
            hands = [list(h) for h in deal[0]]
            hands[me] = list(mine)
            return play_out(Position(r.rules, hands, r.places, me, me, first, grabbed=True))[me]

        return Plan([QUIET, GRAB], Sampler(r).throne_deal, outcome)

    def _open_guard(self, r: Reading, options: list[Action]) -> Plan:
        """明保 (R-GUARD-5, R-WH-DECL-1) — or, for lianzhong-simple's emperor holding the guard
        card, declaring his solo (R-GUARD-4) — or not, played out from the first lead on the
        same deals: declared, everyone knows the guard and the preset's scoring doubles
        (R-SCORE-L2). Weihai asks it, a rebel's 造反 (R-WH-DECL-2) and 踢 (R-WH-DECL-3), as
        steps before play: there each deal also settles what the steps after it bring, 造反
        and 踢 as ``normal`` would answer (:mod:`bhtui.bots.declaring`)."""
        me, emperor = r.me, r.emperor
        assert emperor is not None  # the guard is settled, so is the emperor
        first = first_leader(r, emperor)
        solo = me == emperor
        steps = asking(r) if r.phase == "declare" else None

        def outcome(deal: tuple[list[list[int]], int], i: int) -> int:
            hands, guard = deal
            say = options[i]["type"]
            if steps is not None:
                d = see_through(r.rules, hands, guard, steps, say)
            else:
                declared = say == "open_guard"
                d = Declared(declared, declared and not solo, False, r.kicks)
            pos = Position(r.rules, hands, r.places, emperor, guard, first,
                           open_solo=r.open_solo or solo and say == "open_guard",
                           open_guard=d.open_guard, rebellion=d.rebellion, grabbed=r.grabbed,
                           kicks=d.kicks, bombs=r.bombs, hidden=not d.revealed)
            return play_out(pos)[me]

        return Plan(options, Sampler(r).deal, outcome, own=steps is not None)

    @staticmethod
    def _abdication(r: Reading, options: list[Action]) -> Plan:
        """Weihai's emperor holding both marked cards, played out from the first lead on the
        same deals, each after the steps before play it leads to (``normal``'s answers,
        :mod:`bhtui.bots.declaring`): kept, a hidden solo the rebels may expose (造反) and I
        may then kick; abdicated, the emperor card goes to the seat after next and I am his
        guard, shown (明保), whom the rebels may kick; shown, an open solo with neither."""
        me, rules = r.me, r.rules
        to = abdication_to(rules, me)
        edge = edge_of(rules)

        def outcome(deal: tuple[list[list[int]], int], i: int) -> float:
            hands = [list(h) for h in deal[0]]
            say = options[i]["type"]
            emperor = to if say == "abdicate" else me
            first = first_leader(r, emperor)
            if say == "solo":
                pos = Position(rules, hands, r.places, me, me, first, open_solo=True)
                return play_out(pos)[me] + edge.solo
            if say == "abdicate":
                hands[me][BJ_RANK] -= 1
                hands[to][BJ_RANK] += 1
            shown = say == "abdicate"
            d = see_through(rules, hands, me, Asking("open_guard", None, emperor, shown, shown,
                                                     frozenset()))
            pos = Position(rules, hands, r.places, emperor, me, first, open_guard=d.open_guard,
                           rebellion=d.rebellion, kicks=d.kicks, hidden=not d.revealed)
            return play_out(pos)[me] + edge.of(me, emperor, me)

        return Plan(options, Sampler(r).throne_deal, outcome, own=True)

    @staticmethod
    def action(offer: Choices, move: Move) -> Action:
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
                outcome: Callable[[Any, int], float], playouts: int,
                rng: random.Random | None = None) -> int:
        """Which of ``count`` candidates to play, within ``playouts`` (or the clock):
        sequential halving of the challengers on
        shared deals (``draw``), the ``normal`` bot's choice (candidate 0) always among them;
        a challenger replaces it only when it scored better on the same deals by more than
        chance would explain (SWITCH_AT). With a time limit each halving round has its share
        of the time (SPEND of it in all) and the playouts are capped at TIMED_PLAYOUTS;
        without one, its share of the playouts. Deals come from ``rng`` (the bot's own
        generator by default)."""
        rng = rng or self._rng
        started = time.perf_counter()
        timed = self.seconds is not None
        results: list[list[float]] = [[] for _ in range(count)]
        alive = list(range(1, count))
        rounds = max(1, math.ceil(math.log2(count)))
        budget = TIMED_PLAYOUTS if timed else playouts
        per_round = max(count, budget // rounds)
        limit = started + (self.seconds or 0.0) * SPEND
        for k in range(rounds):
            end = started + (self.seconds or 0.0) * SPEND * (k + 1) / rounds
            over = False
            for _ in range(max(1, per_round // (len(alive) + 1))):
                deal = draw(rng)
                for n, i in enumerate((0, *alive)):
                    if timed and n and time.perf_counter() > limit:
                        for j in (0, *alive[:n - 1]):  # out of time within a deal: drop it
                            results[j].pop()
                        over = True
                        break
                    results[i].append(outcome(deal, i))
                if over or timed and time.perf_counter() > end:
                    break
            alive = [i for i in alive if results[i]]
            if not alive:
                return 0  # not one deal played out in time: the normal move
            alive.sort(key=lambda i: -sum(results[i]) / len(results[i]))
            if len(alive) == 1 or timed and time.perf_counter() > limit:
                break  # (out of time: the best so far, each having seen every deal)
            alive = alive[:(len(alive) + 1) // 2]
        best = alive[0]
        gains = [a - b for a, b in zip(results[best], results[0][-len(results[best]):], strict=True)]
        if len(gains) > 1 and statistics.fmean(gains) > SWITCH_AT * statistics.stdev(
                gains) / math.sqrt(len(gains)):
            return best
        return 0


def first_leader(r: Reading, emperor: int) -> int:
    """Who leads first under this emperor: he does, or Weifang's first drawer (R-WF-LEAD-1)."""
    return r.dealer if r.rules.first_lead is FirstLead.DEALER else emperor


def passed_on(r: Reading) -> Callable[[list[list[int]]], tuple[int, int | None] | None]:
    """Who takes the throne I pass on, in a deal: for ``hands`` (mine as dealt), the seat and
    the rank he calls, with ``hands`` made as they then are; None: nobody would (R-EMP-Q3/Q4,
    R-EMP-L2, R-WF-EMP-2/3). The bundle, the card I add to it, and the emperor card if it
    was dealt me leave my hand (worked out once, here); it goes round the seats the preset
    passes it to (上家 first, Weihai's tv the 下家), and the first whose hand with it
    ``normal`` would take the throne with (holding a callable group where accepting needs
    one) takes it."""
    me = r.me
    passed = [0] * len(r.rc)
    for card in r.bundle:
        passed[RANK_OF[card]] += 1
    kept = [a - b for a, b in zip(r.rc, passed, strict=True)] if r.in_hand else list(r.rc)
    given = _attached(r)
    if given is not None:
        kept[given] -= 1
        passed[given] += 1
    throne = r.rules.throne
    order = [(me + throne.passes_to.value * step) % SEATS for step in range(1, SEATS)]
    needs_group = throne.needs_group or throne.ascent is Ascent.BY_CALLING  # baike calls: R-EMP-B1

    def taker(hands: list[list[int]]) -> tuple[int, int | None] | None:
        hands[me] = list(kept)
        for seat in order:
            taken = [a + b for a, b in zip(hands[seat], passed, strict=True)]
            rank = _call_rank(taken)
            if (rank is not None or not needs_group) and strength(taken) >= ACCEPT_AT:
                hands[seat] = taken
                return seat, rank
        return None

    return taker


def _call_rank(rc: list[int]) -> int | None:
    """The rank a dealt hand would call with (``normal``: the highest callable group, no 2s),
    None if it holds no three of a rank."""
    for rank in range(TWO - 1, -1, -1):
        if rc[rank] >= 3:
            return rank
    return None


def _attached(r: Reading) -> int | None:
    """The rank of the card I would add to the bundle passing it on (R-EMP-Q3, R-EMP-L2,
    R-WF-EMP-2): a 2 (else the preset's fallback) from every decliner but the first
    candidate — the one handed the emperor card alone, as nearly every hand holds a 2 —, or
    in lianzhong's simple mode from every receiver."""
    attach, rc = r.rules.throne.attach, r.rc
    if attach is Attach.NOTHING:
        return None
    if attach is Attach.TWO_AFTER_FIRST:
        if len(r.bundle) <= 1:
            return None
        fallback = r.rules.yield_fallback
    else:
        if r.in_hand:
            return None
        fallback = "highest"
    if rc[TWO]:
        return TWO
    if fallback == "highest":
        return next((rank for rank in range(TWO - 1, -1, -1) if rc[rank]), None)
    if fallback == "lowest_joker":
        return next((rank for rank in (SJ_RANK, BJ_RANK) if rc[rank]), None)
    return None
