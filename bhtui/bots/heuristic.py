"""The heuristic bot: plays like a sensible person, from its seat's view only.

Sheds low groups first and keeps jokers and 2s for tricks that matter; goes out cleanly;
never beats a known partner's set unless that empties its hand; takes the throne, calls,
and goes solo by hand strength. Its choice is also the hint a player gets.
"""

from __future__ import annotations

from typing import Any

from bhtui.cards import BJ_RANK, SJ_RANK, TWO, parse_card, rank_of
from bhtui.rules import Action, CardSet, RuleSet, format_set
from bhtui.rules.presets import rules_of
from bhtui.rules.sets import sets_from_rank_counts
from bhtui.bots.bets import rebellion_pays
from bhtui.bots.legal import solo_calls
from bhtui.bots.reading import Reading, read, strength

ACCEPT_AT = 11.0   # a typical hand plus the emperor card is about 11
OPEN_SOLO_AT = 21.0
GRAB_AT = 23.0
DECLARED_SOLO_AT = 18.0
"""lianzhong-classic's 明独保 (R-GUARD-3) needs no four of a kind, only a hand that wins 1 v 4:
from here up the declared solo went out first in nearly every measured deal (bench/bets.py)."""
OPEN_GUARD_AT = 14.0  # 明保 doubles the stake: only with a strong hand


class HeuristicBot:
    name = "heuristic"
    reads_view = True

    def __init__(self, seed: int = 0) -> None:
        del seed  # deterministic: the same view always gets the same answer

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        if "skip" in kinds:  # qingdao's grab round (R-EMP-Q6)
            return _pick(legal, "grab" if self._hand_strength(view) >= GRAB_AT else "skip")
        if view["phase"] == "throne":
            return self._throne(view, legal)
        if "call" in kinds:
            return self._call(view, legal)
        return self._play(read(view), rules_of(view))

    def interject(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Declarations out of turn: 抢庄/抢独 and 明保 only with strong hands, 造反 only as a
        sound bet (its doubling is worth having: bets.py)."""
        kinds = {a["type"] for a in legal}
        value = self._hand_strength(view)
        if "grab" in kinds and value >= GRAB_AT:
            return {"type": "grab"}
        if "open_guard" in kinds:
            me = view["viewer"]
            if value >= (OPEN_SOLO_AT if view["emperor"] == me else OPEN_GUARD_AT):
                return {"type": "open_guard"}
        if "rebel" in kinds and rebellion_pays(view):
            return {"type": "rebel"}
        return None

    @staticmethod
    def _hand_strength(view: dict[str, Any]) -> float:
        return strength(read(view).rc)

    def _throne(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        choices = kinds - {"grab"}
        if len(choices) == 1:
            return _pick(legal, choices.pop())
        rc = read(view).rc
        if not view.get("in_hand"):
            for text in view["bundle"]:
                rc[rank_of(parse_card(text))] += 1
        value = strength(rc)
        if "grab" in kinds and value >= GRAB_AT:
            return {"type": "grab"}
        if "call" in kinds:  # baike: calling is taking the throne (R-EMP-B1)
            if value >= ACCEPT_AT:
                return self._call(view, [a for a in legal if a["type"] == "call"])
            return _pick(legal, "decline")
        return _pick(legal, "accept" if value >= ACCEPT_AT else "decline")

    def _call(self, view: dict[str, Any], legal: list[Action]) -> Action:
        value = self._hand_strength(view)
        strong = value >= OPEN_SOLO_AT
        declared = [a for a in legal if a["type"] == "solo"]  # lianzhong's 明独保 (R-GUARD-3)
        if declared and value >= DECLARED_SOLO_AT:
            return declared[0]
        calls = [a for a in legal if a["type"] == "call"]
        opens = [a for a in calls if a["open"]]
        if strong and opens:
            return max(opens, key=lambda a: rank_of(parse_card(a["card"])))
        # A group held three times brings a guard; of those, call the highest rank.
        held_four = solo_calls(view, calls)
        with_guard = [a for a in calls if not a["open"] and a["card"] not in held_four]
        pool = with_guard or [a for a in calls if not a["open"]]
        return max(pool, key=lambda a: rank_of(parse_card(a["card"])))

    def _play(self, r: Reading, rules: RuleSet) -> Action:
        sets = sets_from_rank_counts(r.rc, r.top, rules)  # the same sets legal_actions offers
        if r.top is None:
            return _play_action(self._lead(r, sets))
        finishing = [s for s in sets if s.size == r.size]
        if finishing:
            return _play_action(finishing[0])
        if r.top_seat in r.partners and rules.trick_yield and not r.asked_again:
            return {"type": "yield"}  # 让牌: the partner's set stands, and I keep my chance
        if not sets or r.top_seat in r.partners:
            return {"type": "pass"}
        budget = self._budget(r)
        best = min(sets, key=lambda s: _cost(s, r))
        if _cost(best, r) <= budget:
            return _play_action(best)
        return {"type": "pass"}

    @staticmethod
    def _budget(r: Reading) -> float:
        """How much strength this trick is worth spending."""
        assert r.top_seat is not None
        threat = r.counts[r.top_seat] if r.top_seat != r.me else 99
        if r.top_seat in r.enemies:
            if threat <= 6 or r.size <= 8:
                return 60.0
            return 16.0
        if r.top_seat in r.partners:
            return -1.0
        return 12.0 if r.size > 8 else 30.0

    @staticmethod
    def _lead(r: Reading, sets: list[CardSet]) -> CardSet:
        whole = [s for s in sets if s.size == r.size]
        if whole:
            return whole[0]
        # Not one set, so at least two natural groups: shed the lowest whole group, except
        # with exactly two groups and no jokers, lead the one least likely to be beaten.
        legal = set(sets)
        groups = [CardSet(rank, r.rc[rank], 0, 0) for rank in range(TWO + 1) if r.rc[rank]]
        groups = [g for g in groups if g in legal]  # 憋6 may hold some back (R-PLAY-6)
        if len(groups) == 2 and not (r.rc[SJ_RANK] or r.rc[BJ_RANK]):
            return groups[1]
        return groups[0] if groups else min(sets, key=lambda s: _cost(s, r))


def _cost(s: CardSet, r: Reading) -> float:
    """What playing ``s`` gives up: jokers and 2s most, high ranks more, broken groups too,
    and a secret guard's cover when the set needs his called card (R-GUARD-6)."""
    cost = 12.0 * s.bj + 8.0 * s.sj
    if s.n:
        cost += s.rank * 0.6 + (6.0 if s.rank == TWO else 0.0)
        if r.rc[s.rank] > s.n:
            cost += 4.0
        secret_rank, spare = r.secret
        if s.rank == secret_rank and s.n > spare:
            cost += 10.0
    return cost


def _play_action(s: CardSet) -> Action:
    return {"type": "play", "set": format_set(s)}


def _pick(legal: list[Action], kind: str) -> Action:
    return next(a for a in legal if a["type"] == kind)


