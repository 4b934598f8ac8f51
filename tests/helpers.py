"""Small builders for engine tests: rigged deals on the real engine, state fingerprints."""

from __future__ import annotations

import pickle
import random

from bhtui.cards import parse_cards
from bhtui.rules import PRESETS, Deal, Event, Match


def deal_of(*hands: str, first: int = 0) -> Deal:
    """A deal from five hands in card notation (empty string for an empty hand)."""
    assert len(hands) == 5
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), first)


def rigged(*hands: str, first: int = 0, rounds: int | None = None, **options: bool) -> Match:
    rules = PRESETS["qingdao"].with_options(**options)
    return Match(rules, seed=0, rounds=rounds, first_deal=deal_of(*hands, first=first))


def play(match: Match, seat: int, cards: str) -> list[Event]:
    return match.apply(seat, {"type": "play", "cards": cards.split()})


def pass_(match: Match, seat: int) -> list[Event]:
    return match.apply(seat, {"type": "pass"})


def fingerprint(match: Match) -> bytes:
    """Everything the match holds, for 'nothing changed' checks."""
    return pickle.dumps(
        (vars(match.round), match.totals, match.records, match.actions, match.over)
    )


def random_actions(match: Match, rng: random.Random, limit: int = 10_000) -> int:
    """Play uniformly random legal actions until the match is over (or ``limit`` actions)."""
    done = 0
    while not match.over and done < limit:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        done += 1
    return done


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]
