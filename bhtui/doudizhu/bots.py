"""Dou Dizhu bots: a seat's view and its legal actions in, one action out.

Bots see only what :meth:`Match.view` gives their seat, so a bot plays the same locally, over
the wire and in 托管. ``random`` picks uniformly; ``heuristic`` bids from hand strength, plans
its hand as a count of hands still to play (bombs kept whole, chains preferred), and as a
farmer lets a partner's winning hand stand.
"""

from __future__ import annotations

import random
from typing import Protocol

from bhtui.cards import BJ_RANK, NUM_RANKS, SJ_RANK, TWO
from bhtui.doudizhu.hands import ACE, JOKER, Hand, counts_of_text, merged, parse_hand
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.round import Action
from bhtui.wire import DoudizhuView


class Bot(Protocol):
    name: str
    reads_view: bool
    """False for a bot that decides from the legal actions alone: callers may pass ``None``."""

    def decide(self, view: DoudizhuView | None, legal: list[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: DoudizhuView | None, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def _longest_run(c: list[int], least: int) -> tuple[int, int] | None:
    """The longest run of ranks inside 3..A with a card each, if ``least`` long."""
    best = None
    lo = 0
    while lo <= ACE:
        if not c[lo]:
            lo += 1
            continue
        hi = lo
        while hi < ACE and c[hi + 1]:
            hi += 1
        if hi - lo + 1 >= least and (best is None or hi - lo > best[1] - best[0]):
            best = (lo, hi)
        lo = hi + 1
    return best


def plan_moves(rc: list[int], preset: str) -> int:
    """About how many hands it takes to play these cards out: bombs and the rocket whole,
    straights that mostly use loose singles, each trio carrying a single (classic) or a pair."""
    if preset == "shanghai":
        c = merged(rc) + [0]
        bomb_at = 4
    else:
        c = list(rc)
        bomb_at = 4
    moves = 0
    if preset == "classic" and c[SJ_RANK] and c[BJ_RANK]:
        moves, c[SJ_RANK], c[BJ_RANK] = 1, 0, 0
    for r in range(NUM_RANKS):
        if c[r] >= bomb_at and (preset == "shanghai" or r <= TWO):
            moves += 1
            c[r] = 0
    while (run := _longest_run(c, 5)) is not None:
        lo, hi = run
        if sum(1 for r in range(lo, hi + 1) if c[r] == 1) < 3:
            break
        for r in range(lo, hi + 1):
            c[r] -= 1
        moves += 1
    trios = sum(1 for k in c if k == 3)
    pairs = sum(1 for k in c if k == 2)
    singles = sum(1 for k in c if k == 1)
    if preset == "shanghai":  # a triple carries a pair only (S-HAND-1)
        return moves + trios + max(0, pairs - trios) + singles
    return moves + trios + max(0, singles + pairs - trios)


def bomb_ranks(rc: list[int], preset: str) -> set[int]:
    """Ranks whose cards make a bomb (the rocket's or the four jokers' too)."""
    out = {r for r in range(TWO + 1) if rc[r] >= 4}
    jokers = rc[SJ_RANK] + rc[BJ_RANK]
    if (preset == "classic" and jokers == 2) or jokers == 4:
        out |= {SJ_RANK, BJ_RANK}
    return out


def strength(rc: list[int], preset: str) -> float:
    """Bidding strength: high cards, bombs, and few hands to play."""
    if preset == "shanghai":
        m = merged(rc)
        score = 2.0 * m[JOKER] + m[TWO] + 0.5 * m[ACE]
        score += sum(2 * (k - 3) for k in m[:JOKER] if k >= 4) + (6 if m[JOKER] == 4 else 0)
        return score - 0.25 * plan_moves(rc, preset)
    score = 4.0 * rc[BJ_RANK] + 3.0 * rc[SJ_RANK] + 2.0 * rc[TWO] + rc[ACE]
    score += sum(4 for k in rc[:TWO] if k == 4)
    return score - 0.5 * plan_moves(rc, preset)


BID_AT = {"classic": (4.0, 6.0, 8.0), "shanghai": (3.0, 5.0, 7.0)}
"""Strength needed to bid 1, 2 and 3."""
OPEN_AT = {"shanghai": 12.0}
HIGH_KINDS = frozenset({"single", "pair", "trio"})
URGENT = 3
"""An opponent with this many cards or fewer makes every beating hand worth playing."""


class HeuristicBot:
    """Deterministic: the same view and legal actions give the same action."""

    name = "heuristic"
    reads_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: DoudizhuView | None, legal: list[Action]) -> Action:
        assert view is not None, "the heuristic reads its view"
        preset = view["preset"]
        rc = counts_of_text(" ".join(view["hand"]))
        phase = view["phase"]
        if phase == "bid":
            want = sum(1 for at in BID_AT[preset] if strength(rc, preset) >= at)
            bids = [a for a in legal if a["type"] == "bid" and a["points"] <= want]
            return bids[-1] if bids else {"type": "pass"}
        if phase == "open":
            opens = strength(rc, preset) >= OPEN_AT.get(preset, 99)
            return {"type": "open"} if opens else {"type": "skip"}
        if phase == "report":  # 报到 every group and take the sure win (不打)
            reports = [a for a in legal if a["type"] == "report" and not a["fight"]]
            return max(reports, key=lambda a: len(a["groups"]))
        return self._play(view, legal, rc, preset)

    def _play(self, view: DoudizhuView, legal: list[Action], rc: list[int],
              preset: str) -> Action:
        me, landlord, top = view["viewer"], view["landlord"], view["top"]
        size = sum(rc)
        plays = [(parse_hand(a["hand"], preset), a) for a in legal if a["type"] == "play"]
        for hand, action in plays:
            if hand.size == size:
                return action  # going out wins the deal
        counts = {s["seat"]: s["count"] for s in view["seats"]}
        opponents = [s for s in counts if s != me and (me == landlord or s == landlord)]
        urgent = min(counts[s] for s in opponents) <= URGENT
        if top is not None and me != landlord and top["seat"] != landlord:
            return {"type": "pass"}  # the partner is winning this trick
        before = plan_moves(rc, preset)
        bombs = bomb_ranks(rc, preset)

        def cost(item: tuple[Hand, Action]) -> tuple[float, int, int]:
            hand, _ = item
            left = list(rc)
            for r, k in hand.need:
                left[r] -= k
            damage = plan_moves(left, preset) - (before - 1)
            if hand.is_bomb:
                damage += 0 if urgent else 3
            elif not urgent and any(r in bombs for r, _ in hand.need):
                damage += 3  # breaks a bomb (or the rocket)
            if top is None and hand.kind == "single" and urgent:
                damage += 1  # a low single is what an opponent about to go out wants
            if top is not None and not urgent and hand.kind in HIGH_KINDS \
                    and hand.main >= TWO:
                damage += 1  # keep 2s and jokers for taking the lead back later
            return (damage, -hand.size if top is None else 0, hand.main)

        if not plays:
            return {"type": "pass"}
        best = min(plays, key=cost)
        if top is not None and not urgent and cost(best)[0] >= 2:
            return {"type": "pass"}
        return best[1]


def legal_from_view(view: DoudizhuView) -> list[Action]:
    """What the viewing seat may do now, in the engine's order, from its view alone (a bot
    at a remote table): the hands it may play (from its hand, the top hand, its bomb limit
    and the reported groups still held), then the view's other decisions."""
    me = view.get("viewer")
    others: list[Action] = list(view.get("actions", []))
    if not isinstance(me, int) or view["phase"] != "play" or view["to_act"] != me:
        return others
    preset, seat = view["preset"], view["seats"][me]
    top_play = view["top"]
    top = parse_hand(top_play["hand"], preset) if top_play else None
    limit = seat["bomb_limit"]
    locked = [parse_hand(t, preset) for t in view.get("locked", ())] \
        if me == view["landlord"] else []
    hands = playable(preset, counts_of_text(" ".join(view["hand"])), top,
                     limit is None or seat["bombs"] < limit, locked)
    plays: list[Action] = [{"type": "play", "hand": h} for h in hands]
    return plays + others


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ValueError lists the known names."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return cls(seed)
