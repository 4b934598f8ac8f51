"""Dou Dizhu's baseline: ``heuristic`` bids from hand strength,
plans its hand as a count of hands still to play (bombs kept whole, chains preferred), and as
a farmer lets a partner's winning hand stand. The levels build on it (``counting``,
``search``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bhtui.cards import BJ_RANK, NUM_RANKS, SJ_RANK, TWO
from bhtui.doudizhu.hands import ACE, JOKER, Hand, counts_of_text, merged, parse_hand
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action, DoudizhuView


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


def plan_moves(rc: Sequence[int], preset: str) -> int:
    """About how many hands it takes to play these cards out: bombs and the rocket whole,
    straights that mostly use loose singles, each trio carrying a single (classic) or a pair.
    Cached: the searching bot's playouts ask it of the same hands again and again."""
    return _plan(tuple(rc), preset)


@lru_cache(maxsize=1 << 16)
def _plan(rc: tuple[int, ...], preset: str) -> int:
    shanghai = preset == "shanghai"
    c = merged(rc) + [0] if shanghai else list(rc)
    moves = 0
    if not shanghai and c[SJ_RANK] and c[BJ_RANK]:
        moves, c[SJ_RANK], c[BJ_RANK] = 1, 0, 0
    for r in range(NUM_RANKS if shanghai else TWO + 1):  # Shanghai's 王 is a rank (S-HAND-3)
        if c[r] >= 4:
            moves += 1
            c[r] = 0
    while (run := _longest_run(c, 5)) is not None:
        lo, hi = run
        if c[lo:hi + 1].count(1) < 3:
            break
        for r in range(lo, hi + 1):
            c[r] -= 1
        moves += 1
    trios, pairs, singles = c.count(3), c.count(2), c.count(1)
    if shanghai:  # a triple carries a pair only (S-HAND-1)
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
URGENT = {"classic": 3, "shanghai": 6}
"""By preset, an opponent with this many cards or fewer makes every beating hand worth
playing. Shanghai's 27-card hands go out from more cards in one hand (a triple with a pair,
a long run): at 3 its landlord sat on his bombs while a farmer went out from five."""
BOMB_COST = 3
"""What a bomb costs to play, in hands to play out, before an opponent is about to go out:
kept, it takes the lead back when it counts."""
SPARE_BOMB_COST = {"shanghai": 1}
"""By preset, what a bomb costs where the hand holds another one too. Shanghai's two decks
deal many: with one kept for later, a spare one taking the lead is worth playing. ``normal``
against ``normal``, the same deals with one seat changed (seeds 0–599): landlords lost with a
bomb still in hand in 52 of 105 lost deals, and this and URGENT's 6 scored +6.7 a deal as
landlord (farmers +0.1, their bombs are capped, S-BID-7); in classic, where a second bomb is
rare, +0.04 (-0.11..+0.19) a seat-deal, so it keeps the old cost there."""


class HeuristicBot:
    """Deterministic: the same view and legal actions give the same action."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        del seed  # deterministic: the same view always gets the same answer

    def decide(self, offer: Offer) -> Action:
        view, legal = offer.reading, offer
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
        assert isinstance(me, int), "a bot reads a seat's view"
        plays = {a["hand"]: a for a in legal if a["type"] == "play"}
        counts = [s["count"] for s in view["seats"]]
        hand = choose(preset, rc, [parse_hand(t, preset) for t in plays],
                      None if top is None else parse_hand(top["hand"], preset),
                      top is not None and me != landlord and top["seat"] != landlord,
                      urgent(counts, me, landlord, preset))
        return {"type": "pass"} if hand is None else plays[hand.text]


def urgent(counts: list[int], me: int, landlord: int | None, preset: str) -> bool:
    """Whether an opponent is close enough to going out that every beating hand is worth
    playing."""
    return min(k for s, k in enumerate(counts)
               if s != me and (me == landlord or s == landlord)) <= URGENT[preset]


def choose(preset: str, rc: list[int], plays: list[Hand], top: Hand | None,
           partner_on_top: bool, hurry: bool) -> Hand | None:
    """The heuristic's play among ``plays`` (None: pass): go out if it can, let a partner's
    winning hand stand, else the hand that leaves the fewest hands to play (bombs kept whole,
    2s and jokers kept for the lead, unless an opponent is about to go out: ``hurry``)."""
    size = sum(rc)
    for hand in plays:
        if hand.size == size:
            return hand  # going out wins the deal
    if partner_on_top or not plays:
        return None
    before = plan_moves(rc, preset)
    bombs = bomb_ranks(rc, preset)
    bomb_cost = SPARE_BOMB_COST.get(preset, BOMB_COST) if len(
        {min(r, SJ_RANK) for r in bombs}) > 1 else BOMB_COST  # (the jokers' bomb is one)

    def cost(hand: Hand) -> tuple[float, int, int]:
        left = list(rc)
        for r, k in hand.need:
            left[r] -= k
        damage = plan_moves(left, preset) - (before - 1)
        if hand.is_bomb:
            damage += 0 if hurry else bomb_cost
        elif not hurry and any(r in bombs for r, _ in hand.need):
            damage += 3  # breaks a bomb (or the rocket)
        if top is None and hand.kind == "single" and hurry:
            damage += 1  # a low single is what an opponent about to go out wants
        if top is not None and not hurry and hand.kind in HIGH_KINDS and hand.main >= TWO:
            damage += 1  # keep 2s and jokers for taking the lead back later
        return (damage, -hand.size if top is None else 0, hand.main)

    costs = [cost(h) for h in plays]
    least = min(costs)
    if top is not None and not hurry and least[0] >= 2:
        return None
    return plays[costs.index(least)]
