"""Scoring a deal (C-SCORE-*, S-SCORE-*, S-LEVEL-1) from plain facts.

Both presets pay the same way once the *stake* is known: the landlord wins or loses
``(seats - 1) · stake`` and each farmer the opposite ``stake`` (C-SCORE-2: 2S and S; S-SCORE-1:
3·M·b·d and M·b·d). Shanghai's ×4/3 only ever meets a bid of 3 (头撂 is a first bid of 3), so
stakes are whole numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from bhtui.wire import DoudizhuResult, Escape

LANDLORD, FARMERS = "landlord", "farmers"
ESCAPE_REASONS = ("left", "disconnected", "timeouts")
IF_LANDLORD_WINS = frozenset({"toulia", "report"})
"""Factors that count only if the landlord wins (S-SCORE-2's 头撂, S-SCORE-4's 报到 then 打):
a view made before the deal ends counts them as if he will (``shanghai_factors(…, True)``)."""
"""S-SCORE-5: left on purpose (pays 1.1×), disconnected > 3 minutes, auto-played 5 times."""


@dataclass(frozen=True)
class Shanghai:
    """The facts S-SCORE-* multiply by."""

    huangfan: bool = False
    mark_joker: bool = False
    toulia: bool = False
    open_hand: bool = False
    reports: int = 0
    fight: bool | None = None


@dataclass
class DealResult:
    """A scored deal, as the score sheet, the sim and the next deal see it."""

    landlord: int
    bid: int
    winner: str
    scores: list[int]
    stake: int
    factors: dict[str, Fraction]
    bombs: int
    spring: str | None = None
    levels: list[int] | None = None
    reports: list[str] = field(default_factory=list)
    fight: bool | None = None
    escape: Escape | None = None

    def as_dict(self) -> DoudizhuResult:
        return {
            "landlord": self.landlord, "bid": self.bid, "winner": self.winner,
            "scores": list(self.scores), "stake": self.stake,
            "factors": factor_texts(self.factors), "bombs": self.bombs, "spring": self.spring,
            "levels": list(self.levels) if self.levels is not None else None,
            "reports": list(self.reports), "fight": self.fight,
            "escape": self.escape.copy() if self.escape else None,
        }


def factor_texts(factors: dict[str, Fraction]) -> dict[str, str]:
    """Factors as text for the wire and the JSON report: ``{"toulia": "4/3", "bombs": "4"}``."""
    return {name: str(f) for name, f in factors.items()}


def side_scores(seats: int, landlord: int, landlord_wins: bool, stake: int) -> list[int]:
    """C-SCORE-2 / S-SCORE-1..2: ±(seats-1)·stake to the landlord, ∓stake to each farmer."""
    sign = 1 if landlord_wins else -1
    return [sign * (seats - 1) * stake if s == landlord else -sign * stake
            for s in range(seats)]


def classic_factors(bombs: int, spring: str | None) -> dict[str, Fraction]:
    """C-SCORE-1/3: ×2 per bomb or rocket, ×2 for a spring or anti-spring."""
    out: dict[str, Fraction] = {}
    if bombs:
        out["bombs"] = Fraction(2 ** bombs)
    if spring:
        out[spring] = Fraction(2)
    return out


def shanghai_factors(facts: Shanghai, landlord_wins: bool) -> dict[str, Fraction]:
    """S-SCORE-1..4: the factors that apply to this outcome."""
    out: dict[str, Fraction] = {}
    if facts.huangfan:
        out["huangfan"] = Fraction(2)
    if facts.mark_joker:
        out["mark"] = Fraction(2)
    if facts.toulia and landlord_wins:
        out["toulia"] = Fraction(4, 3)  # S-SCORE-2: not when the landlord loses
    if facts.open_hand and not (facts.reports and facts.fight is False):
        out["open"] = Fraction(2)  # S-SCORE-3: 报到 then 不打 drops 摊打
    if facts.reports and facts.fight and landlord_wins:
        out["report"] = Fraction(2 ** facts.reports)  # S-SCORE-4, S-BID-6 双报到
    return out


def stake_of(factors: dict[str, Fraction], base: int, bid: int) -> int:
    if not factors:  # (most of a deal: every view shows the stake)
        return base * bid
    product = Fraction(base * bid)
    for f in factors.values():
        product *= f
    assert product.denominator == 1, (factors, base, bid)
    return int(product)


def shanghai_stake(facts: Shanghai, landlord_wins: bool, base: int, bid: int) -> tuple[
        int, dict[str, Fraction]]:
    factors = shanghai_factors(facts, landlord_wins)
    if facts.reports and facts.fight and not landlord_wins:
        return 0, factors  # S-SCORE-4: 报到, 打, lost: everybody 0
    return stake_of(factors, base, bid), factors


def level_points(seats: int, landlord: int, landlord_wins: bool) -> list[int]:
    """S-LEVEL-1: ±3 the landlord, ±1 each farmer (the stake rule with a stake of 1)."""
    return side_scores(seats, landlord, landlord_wins, 1)


def escape_scores(seats: int, landlord: int, escaper: int, why: str, landlord_win: int,
                  farmer_win: int) -> list[int]:
    """S-SCORE-5: each other seat gets what he would have won (``landlord_win`` the
    landlord, ``farmer_win`` a farmer); the escaper pays their sum, 1.1 times (rounded up to
    a whole point) when he left on purpose."""
    scores = [0] * seats
    for s in range(seats):
        if s != escaper:
            scores[s] = landlord_win if s == landlord else farmer_win
    owed = sum(scores)
    scores[escaper] = -(math.ceil(Fraction(11, 10) * owed) if why == "left" else owed)
    return scores


def escape_levels(seats: int, landlord: int, escaper: int) -> list[int]:
    """The escaper loses his role's level points, everyone else wins his."""
    return [-(1 if s != landlord else seats - 1) if s == escaper
            else (seats - 1 if s == landlord else 1) for s in range(seats)]
