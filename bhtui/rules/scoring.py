"""Round results: R-SCORE-Q1 side scores, R-SCORE-W winner, and the next round's tribute."""

from __future__ import annotations

from dataclasses import dataclass

from bhtui.rules.presets import RuleSet

SEATS = 5


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


def score_round(
    rules: RuleSet, emperor: int, guard: int, open_solo: bool, places: list[int | None]
) -> tuple[tuple[int, ...], str | None]:
    """R-SCORE-Q1: each member of a side gets the side's total of place points.

    The five place points sum to zero, so the rebels' total is minus the emperor side's even
    when a round ended before the rebels' places were settled.
    """
    points = rules.place_points
    side = {emperor, guard}
    side_places = [places[s] for s in side]
    assert all(p is not None for p in side_places), "the emperor side's places are settled"
    emperor_total = sum(points[p - 1] for p in side_places if p is not None)
    rebels_total = sum(points) - emperor_total
    factor = 2 if open_solo else 1
    scores = tuple(
        factor * (emperor_total if s in side else rebels_total) for s in range(SEATS)
    )
    if emperor_total > rebels_total:
        winner: str | None = "emperor"
    elif emperor_total < rebels_total:
        winner = "rebels"
    else:
        winner = None
    return scores, winner
