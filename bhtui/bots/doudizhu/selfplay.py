"""Bots playing whole deals: what the sim, the bench and the tests drive a match with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bhtui.bots.doudizhu import Bot
from bhtui.doudizhu import Match


def play_deal(match: Match, bots: Sequence[Bot]) -> dict[str, Any]:
    """Let ``bots`` (one per seat) play the match's current deal to its score, redeals after
    an all-pass included, and return its summary: the deal's record (landlord, bid, winner,
    factors, bombs, spring, scores, level points, 报到, escape) plus the game, preset, seed
    and the number of decisions taken."""
    if match.over:
        raise ValueError("the match is over")
    if len(bots) != match.seats:
        raise ValueError(f"{match.rules.name} needs {match.seats} bots, not {len(bots)}")
    start = len(match.records)
    decisions = 0
    while len(match.records) == start:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].decide(match.legal_actions(seat)))
        decisions += 1
    return {"game": "doudizhu", "preset": match.rules.name, "seed": match.seed,
            **match.history[-1], "decisions": decisions}


def play_match(match: Match, bots: Sequence[Bot]) -> list[dict[str, Any]]:
    """Play every deal of a match with a deal limit or a target; the deals' summaries."""
    if match.rounds is None and match.target is None:
        raise ValueError("play_match needs a match with rounds or a target")
    out = []
    while not match.over:
        out.append(play_deal(match, bots))
    return out
