"""How strong a hand is, in the heuristic's rough units (bets and thresholds are tuned on it)."""

from __future__ import annotations

from bhtui.cards import BJ_RANK, GC_RANK, SJ_RANK, TWO

STRENGTH = {GC_RANK: 3.5, BJ_RANK: 3.0, SJ_RANK: 2.0, TWO: 1.0, TWO - 1: 0.5}


def strength(rc: list[int]) -> float:
    """A rough hand value: jokers and 2s win tricks, long groups shed many cards at once.
    (Every term is a multiple of 0.5, so the sum is exact in any order.)"""
    value = 0.0
    for rank, weight in STRENGTH.items():
        value += weight * rc[rank]
    for n in rc[:TWO]:
        if n >= 6:
            value += 0.5
    return value
