"""The heuristic's bets, as expected scores: when 造反 is worth declaring (R-TRICK-7).

A rebel who declares bets that the round's scores should double (once two rebels have
declared, whoever wins), so the bet is sound exactly when his expected score is positive.
He knows the emperor, the places so far and that the round is still on (R-END-1), not who
the guard is; the estimate weighs every world he cannot rule out alike.
"""

from __future__ import annotations

import functools

from bhtui.rules import SEATS
from bhtui.rules.reading import Reading

EMPEROR_EDGE = 0.75
"""What the emperor side's cards are worth beyond the public places, in a rebel's points:
at the deal the places alone promise a rebel +0.3 while rebels score about -0.6 on average
against heuristic emperors; only above this edge did a rebel's measured score turn positive
(``python bench/bets.py``)."""


def rebel_expectation(r: Reading) -> float:
    """The viewing rebel's expected score without doubling (R-SCORE-L1/L2 points), from the
    public places: each seat that may be the guard (or the emperor himself, a hidden solo)
    equally likely, the places left in any order."""
    assert r.emperor is not None, "asked only once the emperor is known"
    return _expectation(r.me, r.emperor, r.guard, tuple(r.places))


@functools.lru_cache(maxsize=4096)
def _expectation(me: int, emperor: int, known_guard: int | None,
                 places: tuple[int | None, ...]) -> float:
    """rebel_expectation's sum, asked of every rebel at every trick: made once per case."""
    free = [p for p in range(1, SEATS + 1) if p not in places]
    mean = sum(free) / len(free) if free else 0.0
    guards = [known_guard] if known_guard is not None else [
        s for s in range(SEATS) if s != me]
    outcomes = []
    for guard in guards:
        if guard == emperor:  # a hidden solo: the round would be over once he is out
            if places[emperor] is None:
                outcomes.append(sum({1: -3, 2: 0}.get(p, 3) for p in free) / len(free))
            continue
        side = [places[emperor], places[guard]]
        rebels_out = all(places[s] is not None for s in range(SEATS) if s not in (emperor, guard))
        if None not in side or rebels_out:
            continue  # either side all out would have ended the round (R-END-1)
        outcomes.append(sum(p if p is not None else mean for p in side) - 6)
    return sum(outcomes) / len(outcomes) if outcomes else 0.0


def rebellion_pays(r: Reading) -> bool:
    """造反 is a sound bet: the doubling is still to come (the guard hidden, no open solo) and
    the expected score it would double is positive."""
    return r.guard is None and rebel_expectation(r) > EMPEROR_EDGE
