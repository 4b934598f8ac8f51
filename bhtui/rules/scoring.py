"""Round results: every preset's scores from its :class:`~bhtui.rules.mechanisms.Scoring` table
(§8, R-WH-SCORE-*, R-WF-SCORE-*), the multiplier (N2), the winner side (R-SCORE-W), and when a
round's scores can no longer change (R-END-1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bhtui.rules.mechanisms import EarlyEnd

if TYPE_CHECKING:
    from bhtui.rules.presets import RuleSet

SEATS = 5
STUCK_PENALTY = 3  # R-WH-STUCK-1 (W5): +3, or +6 under 明保


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
    kicks: int = 0
    bombs: int = 0
    multiplier: int = 1
    stuck: tuple[tuple[int, int], ...] = ()
    """(stuck seat, the seat that stuck him), in order (R-WF-STUCK-1, R-WH-STUCK-1)."""
    abdicated: bool = False


def multiplier(rules: RuleSet, open_solo: bool, open_guard: bool = False,
               rebellion: bool = False, kicks: int = 0, bombs: int = 0) -> int:
    """N2: what multiplies the round's scores — the 明保 state (明保, a Weihai abdication, a
    successful 造反: once), each 踢, each bomb under ``bomb_multiplier``; an open solo only
    where its table takes it."""
    table = rules.scoring
    if open_solo and not table.open_solo_multiplied:
        return 1
    factor = 2 if table.open_guard_doubles and (open_guard or rebellion) else 1
    factor <<= kicks
    if rules.bomb_multiplier:
        factor <<= bombs
    return factor


def score_round(
    rules: RuleSet, emperor: int, guard: int, open_solo: bool, places: Sequence[int | None], *,
    open_guard: bool = False, grabbed: bool = False, rebellion: bool = False,
    kicks: int = 0, bombs: int = 0, stuck: list[tuple[int, int]] | tuple[()] = (),
    refused: bool = False,
) -> tuple[tuple[int, ...], str | None]:
    """The round's scores by seat and the winner side (R-SCORE-W).

    ``places`` may hold None for seats still holding cards when the round ended early
    (R-END-1): every preset's scores are settled by then, so they are scored as if the places
    left went to those seats in seat order. In a solo ``guard == emperor``. ``rebellion``: two
    or more rebels declared 造反 (R-TRICK-7, R-WH-DECL-2). ``refused``: every seat refused a
    Weihai abdication, a lost hidden solo for the abdicator (R-WH-THRONE-4).
    """
    table = rules.scoring
    filled = _filled(places)
    factor = 1 if refused else multiplier(rules, open_solo, open_guard, rebellion, kicks, bombs)
    if emperor == guard:
        if refused:
            solo = table.hidden_solo[-1]
        elif grabbed and table.grab is not None:
            solo = table.grab[filled[emperor] - 1]
        else:
            solo = (table.open_solo if open_solo else table.hidden_solo)[filled[emperor] - 1]
        e, r = solo
        g = e
    else:
        total = table.points[filled[emperor] - 1] + table.points[filled[guard] - 1]
        e, g, r = (total * 2 // 3, total // 3, -total // 3) if table.thirds else (
            total, total, -total)
    winner = "emperor" if e > 0 else "rebels" if e < 0 else None
    scores = [factor * (e if s == emperor else g if s == guard else r) for s in range(SEATS)]
    if rules.stuck_penalty:  # the stuck player pays whoever stuck him
        fine = STUCK_PENALTY * (2 if open_guard or rebellion else 1)
        for seat, by in stuck:
            scores[seat] -= fine
            scores[by] += fine
    return tuple(scores), winner


def _filled(places: Sequence[int | None]) -> list[int]:
    left = iter(p for p in range(1, SEATS + 1) if p not in places)
    return [p if p is not None else next(left) for p in places]


def settled_early(
    rules: RuleSet, emperor: int, guard: int, open_solo: bool, grabbed: bool,
    places: list[int | None],
) -> bool:
    """R-END-1: no later place can change the preset's scores (checked after each place)."""
    ends = rules.scoring.ends
    taken = {p for p in places if p is not None}
    if ends is EarlyEnd.NEVER:
        return False  # R-WF-END-1: 闷供 and 落供 need every place
    if ends is EarlyEnd.OPEN_SOLO_FIRST:
        # Project decision: the next tribute needs the rebels' order (docs/rules.md).
        return open_solo and places[emperor] == 1
    if ends is EarlyEnd.GRAB_OR_OPEN_SOLO:
        return 1 in taken if grabbed else open_solo and places[emperor] is not None
    if open_solo:
        return 1 in taken
    if emperor == guard and ends is EarlyEnd.PLACE_SETTLED:  # R-WH-END-1's hidden solo
        return places[emperor] is not None or {1, 2} <= taken
    side = {emperor, guard}
    return all(places[s] is not None for s in side) or all(
        places[s] is not None for s in range(SEATS) if s not in side
    )
