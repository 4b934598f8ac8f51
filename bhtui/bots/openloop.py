"""My next turn in a play's playouts, chosen from what the other playouts of the same move
learned (open-loop, as in information-set Monte Carlo tree search).

The playouts play my own seat as ``normal`` does, and ``hard`` does not: a move is weighed as
if my next were ``normal``'s. Choosing my next move on each playout's open deal (stop 59's
look-ahead) was a cheat that flattered every move leaving me a choice. Here the choice at my
next turn is made by UCB1 over statistics shared by all the deals a candidate is played out
on, keyed by what my seat would see there (a lead, or an answer to a set of a size), so it
never looks at a hidden card: a move is weighed as my next turn will be learned to follow it.
"""

from __future__ import annotations

import math

from bhtui.bots.position import PASS, Move, Position
from bhtui.bots.rollout import _allowed, choose, set_cost
from bhtui.cards import TWO
from bhtui.rules.sets import CardSet, sets_from_rank_counts

EXPLORE = 4.0
"""UCB1's scale, in points: about a playout's spread of a seat's score in qingdao."""

Stats = dict[tuple[int, ...], list[list[float]]]
"""By what my seat sees at its next turn, each option's playouts and summed score."""


def play_out_open(pos: Position, me: int, width: int, stats: Stats) -> tuple[int, ...]:
    """Play ``pos`` to its end with the fast policy, but at my next turn one of up to
    ``width`` options (``options``) picked by UCB1 over ``stats``, which learn its score."""
    while pos.scores is None:
        if pos.turn == me:
            options = _options(pos, width)
            if len(options) == 1:
                break
            top = pos.top
            key = (0,) if top is None else (top.size, options[0] == PASS)
            arms = stats.setdefault(key, [])
            arms.extend([0.0, 0.0] for _ in range(len(options) - len(arms)))
            j = _pick(arms, len(options))
            pos.play(options[j])
            while pos.scores is None:
                pos.play(choose(pos))
            arms[j][0] += 1
            arms[j][1] += pos.scores[me]
            return pos.scores
        pos.play(choose(pos))
    while pos.scores is None:
        pos.play(choose(pos))
    return pos.scores


def _pick(arms: list[list[float]], count: int) -> int:
    """UCB1 among the first ``count`` arms, each tried once first (the policy's first)."""
    for j in range(count):
        if not arms[j][0]:
            return j
    total = math.log(sum(arms[j][0] for j in range(count)))
    return max(range(count), key=lambda j: arms[j][1] / arms[j][0]
               + EXPLORE * math.sqrt(total / arms[j][0]))


def _options(pos: Position, width: int) -> list[Move]:
    """Up to ``width`` moves for the seat to act, the policy's first: then a lead's lowest
    other whole groups, or an answer's pass and the cheapest answers of other ranks."""
    seat = pos.turn
    assert seat is not None
    rc, top, rules = pos.rc[seat], pos.top, pos.rules
    first = choose(pos)
    out: list[Move] = [first]
    if top is None:
        for rank in range(TWO + 1):
            group = CardSet(rank, rc[rank], 0, 0)
            if len(out) < width and rc[rank] and group != first and _allowed(group, rc, rules):
                out.append(group)
        return out
    if isinstance(first, CardSet):
        out.append(PASS)
    elif first != PASS:
        return out  # (a yield: left to the policy)
    ranks = {m.rank for m in out if isinstance(m, CardSet)}
    for _, s in sorted(((set_cost(s, rc), s) for s in sets_from_rank_counts(rc, top, rules)),
                       key=lambda cost_set: cost_set[0]):
        if len(out) < width and s.rank not in ranks:
            ranks.add(s.rank)
            out.append(s)
    return out
