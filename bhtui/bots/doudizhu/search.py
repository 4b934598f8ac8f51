"""Dou Dizhu's ``hard`` bot: determinized search (after Cowling, Powley and Whitehouse's
information-set Monte Carlo for Dou Di Zhu), for every decision a player makes.

It deals the cards it cannot see in ways that agree with its view (:mod:`.sampling`), plays
every candidate out on the same deals with the fast policy (:mod:`.playout`), and scores each
under the preset's own scoring. Plays: the ``normal`` bot's move stays unless a challenger
scores better on the same deals by more than chance explains (``SWITCH_AT`` standard errors);
challengers are halved as the deals come in (sequential halving). The bidding (头撂 with it),
摊打 and 报到 are decided by the expected score the playouts measure for each choice.

The budget is a number of playouts — so a seeded tournament plays the same games on any
machine — and, at a table, a time limit too (``seconds``).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from bhtui.bots.appraisal import Appraisal, appraise_all
from bhtui.bots.doudizhu.counting import CountingBot
from bhtui.bots.doudizhu.heuristic import BID_AT, plan_moves, strength
from bhtui.bots.doudizhu.knowledge import Seen, seen_of
from bhtui.bots.doudizhu.playout import Position, play_out
from bhtui.bots.doudizhu.sampling import Sampler
from bhtui.bots.searcher import Searcher
from bhtui.doudizhu import Hand, parse_hand, scoring
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action

PLAYOUTS = 160
"""Playouts per decision (the bidding's count two a deal: as landlord and as a farmer)."""
SWITCH_AT = 1.0
"""Standard errors a challenger must gain over the default, on the same deals: the
``normal`` move at a play, passing in the bidding, no 摊打, 报到 不打 (a sure win)."""
BID_SWITCH_AT = 2.0
"""The bidding's margin: a landlord's playouts from a whole deal are the noisiest, and a
wrong bid costs the most."""
CANDIDATES = 8
"""Plays compared at most (the cheapest of each kind by the heuristic's plan)."""

class Edge(NamedTuple):
    """How much more often ``hard``'s side wins a deal, as the landlord and as a farmer,
    than its playouts say (a share of deals)."""

    landlord: float
    farmer: float


EDGE = {"classic": Edge(0.152, 0.158), "shanghai": Edge(0.158, 0.200)}
"""The bidding's, 摊打's and 报到's calibration: the playouts play every seat by the policy,
while ``hard`` plays its own seat by search (and ``normal`` the others), so they
value the seat below what ``hard`` makes of it. Measured by ``bench/doudizhu_calibration.py``
on deals whose first bidder is the landlord at 1: ``hard``'s side against ``normal`` less the
playouts' on the same deals. The search counts that share of each playout's difference
between winning and losing (plays compare moves of one seat and need none)."""
MARGIN = 0.2
"""The share of a time limit left for what follows the last playout (and the ``normal``
move the search starts from comes out of the limit too)."""


class Plan(NamedTuple):
    """A decision to search: its candidates (the default first), a deal drawn from the view,
    a candidate's worth on a deal (``scored``), and how the search picks (sequential halving for plays,
    else every candidate on every deal, the default kept unless ``margin`` standard errors
    worse)."""

    actions: list[Action]
    draw: Callable[[random.Random], Any]
    outcome: Callable[[Any, int], float]
    halving: bool = False
    margin: float = SWITCH_AT


class SearchBot(Searcher[CountingBot]):
    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS,
                 seconds: float | None = None) -> None:
        super().__init__(seed, playouts, seconds, CountingBot(seed))
        self._deadline: float | None = None

    def decide(self, offer: Offer) -> Action:
        self._deadline = None if self.seconds is None else (
            time.perf_counter() + self.seconds * (1 - MARGIN))
        plain = self._plain.decide(offer)
        plan = self._plan(offer, plain)
        if plan is None:
            return plain
        if plan.halving:
            return plan.actions[self._search(len(plan.actions), plan.draw, plan.outcome)]
        return plan.actions[self._measure(plan)]

    def appraise(self, offer: Offer, playouts: int | None = None) -> list[Appraisal[Action]]:
        """Every candidate ``decide`` would weigh here (the default among them), each played
        out on the same deals, ``playouts`` (default: the bot's budget) each, best first by
        the seat's mean score; empty where it does not search (no real choice, or going
        out), each worth what ``decide`` weighs (``scored``: the bidding's, 摊打's and
        报到's with the measured edge). From the view alone, like ``decide``; the same for a
        seed, whatever the bot decided before (a fresh generator), and never timed."""
        plan = self._plan(offer, self._plain.decide(offer))
        if plan is None:
            return []
        return appraise_all(plan.actions, plan.draw, plan.outcome, playouts or self.playouts,
                            random.Random(self._seed))

    def _plan(self, offer: Offer, plain: Action) -> Plan | None:
        """What a search of this decision compares (the default first) and how; None where
        there is nothing to search."""
        if len(offer) == 1:
            return None
        seen = seen_of(offer.reading)
        phase = seen.view["phase"]
        if phase == "bid":
            return self._bid(seen, offer)
        if phase == "open":
            return self._open(seen, offer)
        if phase == "report":
            return self._report(seen, offer)
        return self._play(seen, offer, plain)

    # ----- plays ------------------------------------------------------------------------
    def _play(self, seen: Seen, offer: Offer, plain: Action) -> Plan | None:
        preset = seen.preset
        default = parse_hand(plain["hand"], preset) if plain["type"] == "play" else None
        if default is not None and default.size == sum(seen.rc):
            return None  # out: nothing beats it
        moves: list[Hand | None] = [default, *(
            h for h in candidates(seen, offer) if h != default)]
        if default is not None and any(a["type"] == "pass" for a in offer):
            moves.append(None)
        if len(moves) == 1:
            return None
        sampler, me = Sampler(seen), seen.me

        def outcome(hands: list[list[int]], i: int) -> float:
            pos = position(seen, hands)
            pos.play(moves[i])
            return scored(play_out(pos), me)

        actions = [next(a for a in offer if a["type"] == "pass") if m is None else next(
            a for a in offer if a["type"] == "play" and a["hand"] == m.text) for m in moves]
        return Plan(actions, lambda rng: sampler.deal(rng)[0], outcome, halving=True)

    def _search(self, count: int, draw: Callable[[random.Random], Any],
                outcome: Callable[[Any, int], float]) -> int:
        """Which of ``count`` moves to play: candidate 0 (the ``normal`` move) and the
        challengers on shared deals, the weaker half of the challengers dropped each round;
        the best challenger replaces candidate 0 only by more than SWITCH_AT standard
        errors of their differences."""
        deadline = self._deadline
        scores: list[list[float]] = [[] for _ in range(count)]
        alive = list(range(1, count))
        rounds = max(1, math.ceil(math.log2(count)))
        spent = 0
        late = False
        for round_ in range(rounds):
            deals = max(1, (self.playouts - spent) // ((rounds - round_) * (len(alive) + 1)))
            for _ in range(deals):
                deal = draw(self._rng)
                row = []
                for i in (0, *alive):
                    row.append(outcome(deal, i))
                    late = deadline is not None and time.perf_counter() > deadline
                    if late:
                        break
                if len(row) <= len(alive):
                    break  # out of time within a deal: it counts for nobody
                for i, value in zip((0, *alive), row, strict=True):
                    scores[i].append(value)
                spent += len(row)
                if late:
                    break
            alive.sort(key=lambda i: -sum(scores[i]))  # the alive saw the same deals
            if late or len(alive) == 1:
                break
            alive = alive[:(len(alive) + 1) // 2]
        best = alive[0]
        n = len(scores[best])
        gains = [a - b for a, b in zip(scores[best], scores[0][-n:], strict=True)]
        if n > 1 and statistics.fmean(gains) > SWITCH_AT * statistics.stdev(gains) / math.sqrt(n):
            return best
        return 0

    # ----- bidding, 摊打, 报到 ---------------------------------------------------------------
    def _measure(self, plan: Plan) -> int:
        """Which choice to make: every choice valued on each deal (two playouts a deal
        counted against the budget); the best mean replaces the default (choice 0) only by
        more than the plan's margin in standard errors of their differences."""
        deadline = self._deadline
        count = len(plan.actions)
        values: list[list[float]] = []
        while not values or len(values) * 2 < self.playouts:
            began = time.perf_counter()
            deal = plan.draw(self._rng)
            values.append([plan.outcome(deal, i) for i in range(count)])
            if deadline is not None and 2 * time.perf_counter() - began > deadline:
                break  # another deal as long as this one would end past the limit
        means = [statistics.fmean(v[i] for v in values) for i in range(count)]
        best = max(range(count), key=lambda i: (means[i], -i))
        gains = [v[best] - v[0] for v in values]
        n = len(gains)
        if best != 0 and n > 1 and statistics.fmean(gains) > (
                plan.margin * statistics.stdev(gains) / math.sqrt(n)):
            return best
        return 0

    def _shared(self, seen: Seen, actions: list[Action],
                runs: Callable[[list[list[int]], list[int]], list[float]],
                margin: float = SWITCH_AT) -> Plan:
        """A plan whose playouts value every choice at once: a deal is drawn with the
        kitty, ``runs`` plays it out once for all of them."""
        sampler = Sampler(seen)
        return Plan(actions, lambda rng: _Once(runs, *sampler.deal(rng)),
                    lambda deal, i: deal.values()[i], margin=margin)

    def _bid(self, seen: Seen, offer: Offer) -> Plan:
        """Each bid against passing, by the score they bring: as landlord with the kitty at
        every bid the offer allows (头撂's ×4/3 with a first bid of 3, S-BID-3), the farmers
        limited in bombs as that bid leaves them (S-BID-7), against being a farmer of the
        strongest other hand (or a void deal when none would bid)."""
        view, me, rules = seen.view, seen.me, seen.rules
        edge = EDGE[seen.preset]
        choices = sorted(offer, key=lambda a: a.get("points", 0))  # passing first
        bids = [a.get("points", 0) for a in choices]
        toulia = rules.specials and view["first_bidder"] == me

        def runs(hands: list[list[int]], kitty: list[int]) -> list[float]:
            mine = [h + k for h, k in zip(hands[me], kitty, strict=True)]
            dealt = [mine if s == me else hands[s] for s in range(seen.seats)]
            done: dict[tuple[int | None, ...], Position] = {}
            values = [self._as_farmer(seen, hands, kitty)]
            for points in bids[1:]:
                limits = tuple(bomb_limits(seen, me, points))
                if limits not in done:  # a 3 leaves those after it unlimited
                    done[limits] = play_out(start(seen, dealt, me, points))
                facts = _facts(seen, toulia=toulia and points == 3)
                values.append(scored(done[limits], me, points, facts, edge.landlord))
            return values

        return self._shared(seen, choices, runs, BID_SWITCH_AT)

    def _as_farmer(self, seen: Seen, hands: list[list[int]], kitty: list[int]) -> float:
        """What passing brings on this deal: a farmer's score against the landlord the
        others' hands make — the strongest of those still to bid if it would outbid the
        high bid (at the bid its strength makes), else the high bidder — or 0 for a void
        deal."""
        preset, me, view = seen.preset, seen.me, seen.view
        high = view["high"]
        later = [s for s in range(seen.seats) if s != me and view["seats"][s]["bid"] is None]
        wants = {s: sum(1 for at in BID_AT[preset] if strength(hands[s], preset) >= at)
                 for s in later}
        other, points = next(((s["seat"], high) for s in view["seats"]
                              if high and s["bid"] == high), (None, 0))
        if wants and max(wants.values()) > high:
            other = max(later, key=lambda s: (wants[s], strength(hands[s], preset), -s))
            points = wants[other]
        if other is None:
            return 0.0
        dealt = [[a + b for a, b in zip(h, kitty, strict=True)] if s == other else h
                 for s, h in enumerate(hands)]
        return scored(play_out(start(seen, dealt, other, points)), me,
                      edge=EDGE[preset].farmer)

    def _open(self, seen: Seen, offer: Offer) -> Plan:
        """摊打 doubles the stake won or lost (S-SCORE-3): open when the playouts say the
        landlord wins more than he loses."""
        me, edge = seen.me, EDGE[seen.preset].landlord

        def runs(hands: list[list[int]], kitty: list[int]) -> list[float]:
            done = play_out(start(seen, hands, me, seen.view["bid"] or 1))
            return [scored(done, me, edge=edge),
                    scored(done, me, facts=_facts(seen, open_hand=True), edge=edge)]

        choices = [next(a for a in offer if a["type"] == t) for t in ("skip", "open")]
        return self._shared(seen, choices, runs)

    def _report(self, seen: Seen, offer: Offer) -> Plan:
        """报到 (S-BID-6): report every group and win now (不打), skip and play, or report
        them and play them whole (打: ×2 a group if he wins, nothing if he loses)."""
        me, preset = seen.me, seen.preset
        edge = EDGE[preset].landlord
        reports = [a for a in offer if a["type"] == "report"]
        whole = max(len(a["groups"]) for a in reports)
        fight = next(a for a in reports if len(a["groups"]) == whole and a["fight"])
        sure = next(a for a in reports if len(a["groups"]) == whole and not a["fight"])
        skip = next(a for a in offer if a["type"] == "skip")
        locked = [parse_hand(g, preset) for g in fight["groups"]]
        bid = seen.view["bid"] or 1
        now = scoring.shanghai_stake(_facts(seen, reports=whole, fight=False), True,
                                     seen.rules.base, bid)[0] * (seen.seats - 1)

        def runs(hands: list[list[int]], kitty: list[int]) -> list[float]:
            played = play_out(start(seen, hands, me, bid))
            bound = play_out(start(seen, hands, me, bid, locked))
            return [float(now + bid * seen.rules.base), scored(played, me, edge=edge),
                    scored(bound, me, facts=_facts(seen, reports=whole, fight=True),
                           edge=edge)]

        return self._shared(seen, [sure, skip, fight], runs)


class _Once:
    """A drawn deal whose playouts value every choice at once, played when first asked."""

    __slots__ = ("_runs", "_hands", "_kitty", "_values")

    def __init__(self, runs: Callable[[list[list[int]], list[int]], list[float]],
                 hands: list[list[int]], kitty: list[int]) -> None:
        self._runs, self._hands, self._kitty = runs, hands, kitty
        self._values: list[float] | None = None

    def values(self) -> list[float]:
        if self._values is None:
            self._values = self._runs(self._hands, self._kitty)
        return self._values


def _facts(seen: Seen, **changed: Any) -> scoring.Shanghai:
    """Shanghai's scoring facts as the view has them, with some changed."""
    view = seen.view
    mark = view["mark"]
    facts: dict[str, Any] = {
        "huangfan": view["huangfan"], "mark_joker": mark in ("SJ", "BJ"),
        "toulia": view["toulia"], "open_hand": view["open_hand"],
        "reports": len(view["reports"]), "fight": view["fight"]}
    facts.update(changed)
    return scoring.Shanghai(**facts)


def scored(pos: Position, seat: int, bid: int | None = None,
           facts: scoring.Shanghai | None = None, edge: float = 0.0) -> float:
    """What the search maximises: the seat's score under the preset's scoring and a base
    stake more for winning (a win counts even when the stake is small), and ``edge`` (how
    much more often the seat's side wins than the playouts say, ``EDGE``) times what
    winning instead of losing would be worth on this playout."""
    landlord_won = pos.landlord_won
    assert landlord_won is not None
    unit = pos.rules.base * (pos.bid if bid is None else bid)
    mine = seat == pos.landlord

    def worth(won: bool) -> float:
        return float(pos.scores(bid, facts, won == mine)[seat] + (unit if won else -unit))

    utility = worth(landlord_won == mine)
    if edge:
        utility += edge * (worth(True) - worth(False))
    return utility


def start(seen: Seen, hands: Sequence[Sequence[int]], landlord: int, bid: int,
          locked: Sequence[Hand] = ()) -> Position:
    """A sampled deal from the first lead, ``landlord`` at ``bid``, the farmers limited in
    bombs as that bidding leaves them (S-BID-7)."""
    return Position(seen.rules, hands, landlord, landlord, bid=bid, facts=_facts(seen),
                    limit=bomb_limits(seen, landlord, bid), locked=locked)


def bomb_limits(seen: Seen, landlord: int, bid: int) -> list[int | None]:
    """S-BID-7's limits once ``landlord`` wins the bidding with ``bid`` (after it: the
    table's): each farmer who had a turn keeps his bid's limit, those yet to bid pass
    (limit 1) — unless a 3 ended the bidding before their turn (no limit)."""
    seats, first = seen.view["seats"], seen.view["first_bidder"]
    if seen.landlord is not None:
        return [s["bomb_limit"] for s in seats]  # the bidding is over: the table's
    limit: list[int | None] = [None] * seen.seats
    if not seen.rules.specials:
        return limit
    for i in range(seen.seats):
        s = (first + i) % seen.seats
        b = seats[s]["bid"]
        if b is None:
            b = bid if s == landlord else 0
        if s != landlord:
            limit[s] = 2 if b == 2 else 1
        if b == 3:
            break
    return limit


def position(seen: Seen, hands: Sequence[Sequence[int]]) -> Position:
    """A sampled deal as the view stands in the play phase."""
    view, me, n = seen.view, seen.me, seen.seats
    landlord = seen.landlord
    assert landlord is not None
    top = view["top"]
    top_seat = None if top is None else top["seat"]
    farmers_played = any(any(seen.played[s]) for s in range(n) if s != landlord)
    hands_played = [0 if not any(seen.played[s]) else
                    1 if s == landlord and not farmers_played else 2 for s in range(n)]
    return Position(
        seen.rules, hands, landlord, me, bid=view["bid"] or 1, facts=_facts(seen),
        top=seen.top, top_seat=top_seat,
        passes=0 if top_seat is None else (me - top_seat - 1) % n,
        limit=[s["bomb_limit"] for s in view["seats"]],
        bombs_by=[s["bombs"] for s in view["seats"]], bombs=view["bombs"],
        hands_played=hands_played, locked=seen.locked)


def candidates(seen: Seen, offer: Offer) -> list[Hand]:
    """The plays worth comparing: of each kind and length, the cheapest by the heuristic's
    plan at each main rank, the CANDIDATES cheapest of them."""
    preset, rc = seen.preset, seen.rc
    best: dict[tuple[str, int, int], tuple[float, Hand]] = {}
    for a in offer:
        if a["type"] != "play":
            continue
        h = parse_hand(a["hand"], preset)
        left = list(rc)
        for r, k in h.need:
            left[r] -= k
        cost = plan_moves(left, preset) + (3 if h.is_bomb else 0) + 0.01 * h.main
        key = (h.kind, h.size, h.main)
        if key not in best or cost < best[key][0]:
            best[key] = (cost, h)
    ranked = sorted(best.values(), key=lambda item: (item[0], item[1].text))
    return [h for _, h in ranked[:CANDIDATES]]

