"""Builders for Dou Dizhu engine tests: rigged deals on the real engine, scripted plays,
state fingerprints and hidden-card reshuffles."""

from __future__ import annotations

import pickle
import random
from collections import Counter

from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import PRESETS, Deal, Event, Match

from helpers import copy_of

RANKS = RANK_NAMES


def full_deck(preset: str) -> Counter:
    decks = PRESETS[preset].decks
    return Counter({name: (decks if name in ("SJ", "BJ") else 4 * decks) for name in RANKS})


def rigged(preset: str = "classic", hands: tuple[str, ...] = (), kitty: str = "",
           first: int = 0, mark: str | None = None, rounds: int | None = None,
           **options: object) -> Match:
    """A match whose first deal gives these cards (hands and kitty topped up round-robin from
    the rest of the deck in rank order, so no place gets a bomb it was not given)."""
    rules = PRESETS[preset].with_options(**options)
    places = [h.split() for h in hands] + [[] for _ in range(rules.seats - len(hands))]
    places.append(kitty.split())
    sizes = [rules.hand_size] * rules.seats + [rules.kitty_size]
    pool = full_deck(preset) - Counter(c for p in places for c in p)
    rest = [name for name in RANKS for _ in range(pool[name])]
    i = 0
    for card in rest:
        while len(places[i % len(places)]) >= sizes[i % len(places)]:
            i += 1
        places[i % len(places)].append(card)
        i += 1
    if rules.specials and mark is None:
        mark = places[-1][0]
    deal = Deal.of([" ".join(p) for p in places[:-1]], " ".join(places[-1]), first, mark)
    return Match(rules, seed=0, rounds=rounds, first_deal=deal)


def bid(m: Match, seat: int, points: int) -> list[Event]:
    action = {"type": "bid", "points": points} if points else {"type": "pass"}
    return m.apply(seat, action)


def auction(m: Match, points: int) -> int:
    """The seat to bid bids ``points``, the others pass: returns the landlord."""
    bid(m, m.to_act, points)
    while m.round.landlord is None:
        bid(m, m.to_act, 0)
    return m.round.landlord


def play(m: Match, seat: int, hand: str) -> list[Event]:
    return m.apply(seat, {"type": "play", "hand": hand})


def pass_(m: Match, seat: int) -> list[Event]:
    return m.apply(seat, {"type": "pass"})


def to_play(m: Match) -> None:
    """Decline 摊打 and 报到 until the play starts."""
    while m.round.phase in ("open", "report"):
        m.apply(m.to_act, {"type": "skip"})


def others_pass(m: Match) -> list[Event]:
    """Everyone after the top hand's player passes, so he leads again (or the deal is over)."""
    events: list[Event] = []
    r = m.round
    while not m.over and r is m.round and r.phase == "play" and r.top is not None:
        events += pass_(m, m.to_act)
    return events


def goes_out(m: Match, seat: int) -> list[Event]:
    """``seat`` (to lead) plays out one legal lead at a time while everyone else passes."""
    r = m.round
    events: list[Event] = []
    while r.phase == "play":
        assert m.to_act == seat
        lead = next(a for a in m.legal_actions(seat) if a["type"] == "play")
        events += m.apply(seat, lead)
        if r.phase == "play":
            events += others_pass(m)
    return events


def lowest_single(m: Match, seat: int) -> str:
    return m.round.hand(seat)[0]


def farmers_win(m: Match) -> list[Event]:
    """The landlord (to lead) leads his lowest single; the next seat beats it with his highest
    card and, the others passing, plays out."""
    r = m.round
    landlord = r.landlord
    events = play(m, landlord, lowest_single(m, landlord))
    farmer = (landlord + 1) % r.seats
    events += play(m, farmer, r.hand(farmer)[-1])
    events += others_pass(m)
    return events + goes_out(m, farmer)


def fingerprint(m: Match) -> bytes:
    """Everything the match holds, for 'nothing changed' checks."""
    return pickle.dumps((vars(m.round), m.totals, m.levels, m.records, m.actions, m.over))


def reshuffled(m: Match, viewer: int | None, rng: random.Random) -> Match:
    """The same public state with every card ``viewer`` may not see dealt anew: other seats'
    hidden cards among themselves (and the undealt kitty), and a taken kitty the viewer never
    saw replaced by other cards around the mark card."""
    m = copy_of(m)
    r = m.round
    if m.over:
        return m  # every hand is shown at the end
    hidden_seats = [s for s in range(r.seats) if s != viewer]
    shown: dict[int, Counter] = {}
    if r.landlord is not None:
        shown[r.landlord] = Counter(rank for g in r.locked for rank in g.ranks())
    if r.open_hand and r.landlord in hidden_seats:
        hidden_seats.remove(r.landlord)
    kitty_seen = r.landlord is not None and (r.rules.kitty_public or viewer == r.landlord)
    pool: list[int] = []
    keep: dict[int, Counter] = {}
    for s in hidden_seats:
        have = Counter({rank: k for rank, k in enumerate(r.rc[s]) if k})
        keep[s] = shown.get(s, Counter())
        pool += list((have - keep[s]).elements())
    kitty_in_pool = r.landlord is None
    if kitty_in_pool:
        loose = Counter(r.kitty)
        if r.mark is not None:
            loose[r.mark] -= 1
        pool += list(loose.elements())
    rng.shuffle(pool)
    for s in hidden_seats:
        n = r.left[s] - sum(keep[s].values())
        mine, pool = pool[:n], pool[n:]
        r.rc[s] = [0] * 15
        for rank in list(keep[s].elements()) + mine:
            r.rc[s][rank] += 1
    if kitty_in_pool:
        r.kitty = sorted(pool + ([r.mark] if r.mark is not None else []))
    elif not kitty_seen:
        others = [rank for rank in range(15) for _ in range(2)]
        rng.shuffle(others)
        size = len(r.kitty) - (r.mark is not None)
        r.kitty = sorted(others[:size] + ([r.mark] if r.mark is not None else []))
    return m
