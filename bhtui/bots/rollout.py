"""The fast policy a search plays its samples out with, on a :class:`Position`.

It is the heuristic's way of playing (shed the lowest whole group, beat an enemy's set with the
cheapest answer worth its cost, never a partner's, go out when the hand is one set) with every
hand open, so it knows the sides, and written against rank counts directly: a playout makes
a hundred or more of these choices, and enumerating every legal set for each would cost more
than the rest of the playout.
"""

from __future__ import annotations

from bhtui.bots.position import PASS, YIELD, Move, Position
from bhtui.cards import BJ_RANK, SJ_RANK, TWO
from bhtui.rules.presets import RuleSet
from bhtui.rules.sets import NO_RANK, SIX, CardSet, beats

RANK_COST = tuple(r * 0.6 + (6.0 if r == TWO else 0.0) for r in range(TWO + 1))
BREAK_COST = 4.0
SJ_COST, BJ_COST = 8.0, 12.0


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
        return lead(rc, rules)
    size = pos.left[seat]
    if size == top.n + top.sj + top.bj or rules.kao:  # a roast may be of another size
        whole = whole_set(rc)
        if whole is not None and beats(whole, top, rules):
            return whole  # out in one go
    top_seat = pos.top_seat
    assert top_seat is not None
    side = _relation(pos, seat, top_seat)
    if side == PARTNER:
        return YIELD if rules.trick_yield and not pos.again else PASS
    if top.bj:
        return PASS
    if side == ENEMY:
        budget = 60.0 if pos.left[top_seat] <= 6 or size <= 8 else 16.0
    else:
        budget = 12.0 if size > 8 else 30.0
    answer = cheapest_answer(rc, top, rules, budget)
    return answer if answer is not None else PASS


PARTNER, ENEMY, UNKNOWN = 0, 1, 2


def _relation(pos: Position, seat: int, other: int) -> int:
    """What ``seat`` knows ``other`` to be: while the guard is hidden only he knows the
    sides; the emperor knows nobody (unless alone), a rebel knows the emperor."""
    emperor, guard = pos.emperor, pos.guard
    if not pos.hidden:
        if emperor != guard and (seat == emperor or seat == guard) == (
                other == emperor or other == guard):
            return PARTNER
        return ENEMY
    if seat == guard:
        return ENEMY if emperor == guard or other != emperor else PARTNER
    if seat == emperor:
        return UNKNOWN
    return ENEMY if other == emperor else UNKNOWN


def set_cost(s: CardSet, rc: list[int]) -> float:
    """What playing ``s`` from a hand of rank counts ``rc`` gives up: jokers and 2s most,
    high ranks more, a broken group too (the heuristic's measure)."""
    cost = BJ_COST * s.bj + SJ_COST * s.sj
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
    return CardSet(rank, n, rc[SJ_RANK], rc[BJ_RANK])


def lead(rc: list[int], rules: RuleSet) -> CardSet:
    """The hand whole if it is one set; else the lowest whole natural group (with exactly two
    groups and no jokers, the higher one: the lower is then the last set out)."""
    whole = whole_set(rc)
    if whole is not None:
        return whole
    groups = [r for r in range(TWO + 1) if rc[r] and not (rules.bie6 and r == SIX)]
    rank = groups[1] if len(groups) == 2 and not (rc[SJ_RANK] or rc[BJ_RANK]) else groups[0]
    return CardSet(rank, rc[rank], 0, 0)


def cheapest_answer(rc: list[int], top: CardSet, rules: RuleSet,
                    budget: float) -> CardSet | None:
    """The cheapest set beating ``top`` (R-PLAY-3, no roasts) whose cost is within budget."""
    if top.bj:
        return None
    size = top.n + top.sj + top.bj
    sj_have, bj_have = rc[SJ_RANK], rc[BJ_RANK]
    best: CardSet | None = None
    best_cost = budget + 1e-9
    for y in range(top.sj, min(bj_have, size) + 1):
        for x in range(min(sj_have, size - y) + 1):
            jokers = BJ_COST * y + SJ_COST * x
            if jokers > best_cost:
                break
            n = size - x - y
            if n == 0:
                best, best_cost = CardSet(NO_RANK, 0, x, y), jokers
                continue
            for rank in range(top.rank + 1, TWO + 1):
                held = rc[rank]
                if held < n:
                    continue
                if rules.bie6 and rank == SIX:
                    continue  # 6s go out only as the whole last set, found above
                cost = jokers + RANK_COST[rank] + (BREAK_COST if held > n else 0.0)
                if cost < best_cost:
                    best, best_cost = CardSet(rank, n, x, y), cost
                    if held == n:
                        break  # higher ranks only cost more
    return best
