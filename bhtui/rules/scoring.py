"""Round results: every preset's scores (§8), the winner side (R-SCORE-W), and when a round's
scores can no longer change (R-END-1)."""

from __future__ import annotations

from dataclasses import dataclass

from bhtui.rules.presets import RuleSet

SEATS = 5
QINGDAO_POINTS = (4, 2, 0, -2, -4)  # R-SCORE-Q1
BAIKE_POINTS = (6, 3, 0, -3, -6)  # R-SCORE-B1
BAIKE_SOLO_POINTS = (16, 4, 0, -4, -16)  # R-SCORE-B2


@dataclass(frozen=True)
class RoundResult:
    """What the rest of the match needs to know about a finished round (all public by then)."""

    emperor: int
    guard: int
    solo: bool
    open_solo: bool
    places: tuple[int | None, ...]
    scores: tuple[int, ...]
    winner: str | None  # "emperor", "rebels", or None for a draw (R-SCORE-W)
    open_guard: bool = False
    grabbed: bool = False
    rebels: tuple[int, ...] = ()


Scores = tuple[int, int, int]  # the emperor's, the guard's, each rebel's


def score_round(
    rules: RuleSet, emperor: int, guard: int, open_solo: bool, places: list[int | None], *,
    open_guard: bool = False, grabbed: bool = False, rebellion: bool = False,
) -> tuple[tuple[int, ...], str | None]:
    """The round's scores by seat and the winner side (R-SCORE-W).

    ``places`` may hold None for seats still holding cards when the round ended early
    (R-END-1): every preset's scores are settled by then. In a solo ``guard == emperor``.
    ``rebellion``: two or more rebels declared 造反 (R-TRICK-7).
    """
    if rules.scoring == "baike":
        e, g, r = _baike(emperor, guard, open_solo, places, open_guard, grabbed)
    elif rules.scoring == "lianzhong":
        e, g, r = _lianzhong(emperor, guard, open_solo, places, open_guard or rebellion)
    else:
        e, g, r = _qingdao(emperor, guard, open_solo, places)
    winner = "emperor" if e > 0 else "rebels" if e < 0 else None
    scores = tuple(e if s == emperor else g if s == guard else r for s in range(SEATS))
    return scores, winner


def _qingdao(emperor: int, guard: int, open_solo: bool, places: list[int | None]) -> Scores:
    """R-SCORE-Q1: each member of a side gets the side's total of place points.

    The five place points sum to zero, so the rebels' total is minus the emperor side's even
    when a round ended before the rebels' places were settled.
    """
    side_places = [places[s] for s in {emperor, guard}]
    assert all(p is not None for p in side_places), "the emperor side's places are settled"
    total = sum(QINGDAO_POINTS[p - 1] for p in side_places if p is not None)
    total *= 2 if open_solo else 1
    return total, total, -total


def _baike(
    emperor: int, guard: int, open_solo: bool, places: list[int | None],
    open_guard: bool, grabbed: bool,
) -> Scores:
    place = places[emperor]
    if grabbed:  # R-SCORE-B4
        return (40, 40, -10) if place == 1 else (-40, -40, 10)
    if emperor == guard:  # R-SCORE-B2: each rebel a quarter of the rebels' total (-points)
        assert place is not None
        score = BAIKE_SOLO_POINTS[place - 1] * (2 if open_solo else 1)
        return score, score, -score // 4
    guard_place = places[guard]
    assert place is not None and guard_place is not None
    total = BAIKE_POINTS[place - 1] + BAIKE_POINTS[guard_place - 1]  # R-SCORE-B1
    total *= 2 if open_guard else 1
    return total * 2 // 3, total // 3, -total // 3


def _lianzhong(
    emperor: int, guard: int, open_solo: bool, places: list[int | None], doubled: bool,
) -> Scores:
    """R-SCORE-L1/L2. ``doubled``: the guard is open (明保) or a rebellion succeeded (造反) —
    either or both double once, whoever wins; an open solo is never doubled again."""
    place = places[emperor]
    factor = 2 if doubled else 1
    if emperor == guard:  # R-SCORE-L2
        if open_solo:
            return (24, 24, -6) if place == 1 else (-24, -24, 6)
        if place == 1:
            return 12 * factor, 12 * factor, -3 * factor
        return (0, 0, 0) if place == 2 else (-12 * factor, -12 * factor, 3 * factor)
    # R-SCORE-L1: the side's places; when the rebels went out first, the two seats left hold
    # the two places left (4th and 5th) in whichever order: their sum is all that counts.
    side = [places[emperor], places[guard]]
    taken = {p for p in places if p is not None}
    left = [p for p in range(1, SEATS + 1) if p not in taken]
    side_sum = sum(p for p in side if p is not None) + (sum(left) if None in side else 0)
    g = (6 - side_sum) * factor
    return 2 * g, g, -g


def settled_early(
    rules: RuleSet, emperor: int, guard: int, open_solo: bool, grabbed: bool,
    places: list[int | None],
) -> bool:
    """R-END-1: no later place can change the preset's scores (checked after each going out)."""
    out = [s for s in range(SEATS) if places[s] is not None]
    emperor_out = places[emperor] is not None
    if rules.scoring == "qingdao":
        # Project decision: the next tribute needs the rebels' order (docs/rules.md).
        return open_solo and places[emperor] == 1
    if rules.scoring == "baike":
        if grabbed:
            return bool(out)
        return open_solo and emperor_out
    if open_solo:
        return bool(out)
    side = {emperor, guard}
    return all(places[s] is not None for s in side) or all(
        places[s] is not None for s in range(SEATS) if s not in side
    )
