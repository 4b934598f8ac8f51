"""The fast policy a search plays its samples out with, on a :class:`Position`.

It is the heuristic's way of playing (shed the lowest whole group, beat an enemy's set with the
cheapest answer worth its cost, never a partner's, go out when the hand is one set) with every
hand open, so it knows the sides, and written against rank counts directly: a playout makes
a hundred or more of these choices, and enumerating every legal set for each would cost more
than the rest of the playout. Where answers are not plain sets of the same size (烤牌's roasts
aside: Weifang's GC, kills and bombs) it picks from the engine's list of legal answers instead,
and like the heuristic it will not answer into a hand of held-back cards only, where 闷 would
leave it stuck (R-WF-STUCK-1).
"""

from __future__ import annotations

from bhtui.bots.counting import after, losers, run_lead, unbeatable
from bhtui.bots.position import PASS, YIELD, Move, Position
from bhtui.cards import BJ_RANK, GC_RANK, SJ_RANK, TWO
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import NO_RANK, CardSet, beats, held_back_allows, sets_from_rank_counts

RANK_COST = tuple(r * 0.6 + (6.0 if r == TWO else 0.0) for r in range(TWO + 1))
BREAK_COST = 4.0
SJ_COST, BJ_COST, GC_COST = 8.0, 12.0, 14.0
TWOS_COST = 3.0
"""Each 2 killing a joker (R-WF-PLAY-2)."""
STRANDED_COST = 100.0
"""An answer that leaves only held-back cards, unless it likely wins the trick: about as bad
as the last place 闷 leads to (the heuristic's measure)."""


def play_out(pos: Position) -> tuple[int, ...]:
    """Play ``pos`` to its end with the fast policy; the scores by seat."""
    while pos.scores is None:
        pos.play(choose(pos))
    return pos.scores


def choose(pos: Position) -> Move:
    """The fast policy's move for the seat to act."""
    seat = pos.turn
    assert seat is not None
    rc, top, rules = pos.rc[seat], pos.top, pos.rules
    if top is None:
        if _few_groups(rc):
            out, longest = _others(pos, seat)
            run = run_lead(rc, out, longest, rules)
            if run is not None:
                return run
        return lead(rc, rules)
    if rules.plain_answers and not (rc[GC_RANK] or top.gc) and (top.bj or max(
            rc[top.rank + 1:TWO + 1], default=0) + rc[SJ_RANK] + rc[BJ_RANK] < top.size):
        # Not enough cards above it for a set of its size: nothing to weigh (most answers).
        top_seat = pos.top_seat
        assert top_seat is not None
        if rules.trick_yield and not pos.again and _relation(pos, seat, top_seat) == PARTNER:
            return YIELD
        return PASS
    size = pos.left[seat]
    if size == top.size or not rules.plain_answers:  # a roast, kill or bomb may differ
        whole = whole_set(rc)
        if whole is not None and beats(whole, top, rules) and _allowed(whole, rc, rules):
            return whole  # out in one go
    top_seat = pos.top_seat
    assert top_seat is not None
    side = _relation(pos, seat, top_seat)
    if side == PARTNER:
        return YIELD if rules.trick_yield and not pos.again else PASS
    if _few_groups(rc):
        out, longest = _others(pos, seat)
        for s in sets_from_rank_counts(rc, top, rules):
            if unbeatable(s, out, longest, rules) and losers(after(rc, s), out, longest,
                                                               rules) <= 1:
                return s  # the trick and then the hand (normal's counting)
    if side == ENEMY:
        budget = 60.0 if pos.left[top_seat] <= 6 or size <= 8 else 16.0
    else:
        budget = 12.0 if size > 8 else 30.0
    if (rules.two_kill == "off" and rules.bombs == "off" and not rules.stuck
            and not (rc[GC_RANK] or top.gc)):
        answer = cheapest_answer(rc, top, rules, budget)
    else:
        answer = cheapest_legal_answer(rc, top, rules, budget)
    return answer if answer is not None else PASS


PARTNER, ENEMY, UNKNOWN = 0, 1, 2
COUNTED_GROUPS = 3
"""A hand of this many groups or fewer is counted as ``normal`` counts (which groups nobody
can beat): early in a round that seldom changes a move, and counting costs."""


def _few_groups(rc: list[int]) -> bool:
    groups = TWO + 1 - rc[:TWO + 1].count(0)  # (counted in C: asked at most moves)
    return groups + (1 if rc[SJ_RANK] or rc[BJ_RANK] or rc[GC_RANK] else 0) <= COUNTED_GROUPS


def _others(pos: Position, seat: int) -> tuple[list[int], int]:
    """The cards in the other hands still in play, pooled by rank, and the longest hand: what
    ``normal`` counts as still out (in a playout it is known exactly)."""
    places, left, rc = pos.places, pos.left, pos.rc
    playing = [s for s in range(SEATS) if s != seat and places[s] is None]
    if not playing:
        return [0] * len(rc[seat]), 0
    out = list(map(sum, zip(*(rc[s] for s in playing), strict=True)))
    return out, max(left[s] for s in playing)


def _relation(pos: Position, seat: int, other: int) -> int:
    """What ``seat`` knows ``other`` to be: while the guard is hidden only he knows the
    sides; the emperor knows nobody (unless alone), a rebel knows the emperor."""
    emperor, guard = pos.emperor, pos.guard
    if not pos.hidden:  # (a solo's rebels are partners too)
        return PARTNER if (seat == emperor or seat == guard) == (
            other == emperor or other == guard) else ENEMY
    if seat == guard:
        return ENEMY if emperor == guard or other != emperor else PARTNER
    if seat == emperor:
        return UNKNOWN
    return ENEMY if other == emperor else UNKNOWN


def set_cost(s: CardSet, rc: list[int]) -> float:
    """What playing ``s`` from a hand of rank counts ``rc`` gives up: jokers and 2s most,
    high ranks more, a broken group too (the heuristic's measure)."""
    cost = BJ_COST * s.bj + SJ_COST * s.sj
    if s.gc or s.twos:
        cost += GC_COST * s.gc
        if s.twos:
            cost += TWOS_COST * s.twos + (BREAK_COST if rc[TWO] > s.twos else 0.0)
    if s.n:
        cost += RANK_COST[s.rank] + (BREAK_COST if rc[s.rank] > s.n else 0.0)
    return cost


def whole_set(rc: list[int]) -> CardSet | None:
    """The hand as one set (one natural rank at most, with its jokers), else None."""
    rank, n = NO_RANK, 0
    for r in range(TWO + 1):
        if rc[r]:
            if n:
                return None
            rank, n = r, rc[r]
    return CardSet(rank, n, rc[SJ_RANK], rc[BJ_RANK], rc[GC_RANK])


def _allowed(s: CardSet, rc: list[int], rules: RuleSet) -> bool:
    """The held-back rank goes only in the set that empties the hand (R-PLAY-6, R-WH-PLAY-2,
    R-WF-BIE3-1)."""
    held = rules.holds_back
    return held is None or held_back_allows(s, rc, held)


def lead(rc: list[int], rules: RuleSet) -> CardSet:
    """The hand whole if it is one set; else the lowest whole natural group (with exactly two
    groups and no jokers, the higher one: the lower is then the last set out); a hand of
    held-back cards and jokers, where the held-back cards must go alone, leads a joker."""
    whole = whole_set(rc)
    if whole is not None and _allowed(whole, rc, rules):
        return whole
    held = rules.holds_back
    skip = held.rank if held is not None else NO_RANK
    groups = [r for r in range(TWO + 1) if rc[r] and r != skip]
    jokers = rc[SJ_RANK] or rc[BJ_RANK] or rc[GC_RANK]
    if not groups:  # only the pure held-back rank and jokers: the lowest joker first
        return (CardSet(NO_RANK, 0, 1, 0) if rc[SJ_RANK] else CardSet(NO_RANK, 0, 0, 1)
                if rc[BJ_RANK] else CardSet(NO_RANK, 0, 0, 0, 1))
    rank = groups[1] if len(groups) == 2 and not jokers else groups[0]
    return CardSet(rank, rc[rank], 0, 0)


def cheapest_answer(rc: list[int], top: CardSet, rules: RuleSet,
                    budget: float) -> CardSet | None:
    """The cheapest set beating ``top`` (R-PLAY-3, no roasts) whose cost is within budget."""
    if top.bj:
        return None
    size = top.n + top.sj + top.bj
    sj_have, bj_have = rc[SJ_RANK], rc[BJ_RANK]
    held = rules.holds_back
    skip = held.rank if held is not None else NO_RANK
    best: CardSet | None = None
    best_cost = budget + 1e-9
    for y in range(top.sj, min(bj_have, size) + 1):
        for x in range(min(sj_have, size - y) + 1):
            jokers = BJ_COST * y + SJ_COST * x
            if jokers > best_cost:
                break
            n = size - x - y
            if n == 0:
                if rules.joker_sets or size == sum(rc):  # R-PLAY-1: jokers alone, or last
                    best, best_cost = CardSet(NO_RANK, 0, x, y), jokers
                continue
            for rank in range(top.rank + 1, TWO + 1):
                if jokers + RANK_COST[rank] >= best_cost:
                    break  # higher ranks only cost more
                have = rc[rank]
                if have < n:
                    continue
                if rank == skip:
                    continue  # held back: only as the whole last set, found above
                cost = jokers + RANK_COST[rank] + (BREAK_COST if have > n else 0.0)
                if cost < best_cost:
                    best, best_cost = CardSet(rank, n, x, y), cost
                    if have == n:
                        break  # higher ranks only cost more
    return best


def cheapest_legal_answer(rc: list[int], top: CardSet, rules: RuleSet,
                          budget: float) -> CardSet | None:
    """The cheapest of the engine's answers to ``top`` (roasts, the GC tier, kills, bombs)
    within budget, counting an answer that would leave only held-back cards as stranded."""
    held = rules.holds_back if rules.stuck else None
    size = sum(rc)
    best: CardSet | None = None
    best_cost = budget + 1e-9
    for s in sets_from_rank_counts(rc, top, rules):
        cost = set_cost(s, rc)
        if held is not None and rc[held.rank] == size - s.size > 0 and not (s.gc or s.bj):
            cost += STRANDED_COST
        if cost < best_cost:
            best, best_cost = s, cost
    return best
