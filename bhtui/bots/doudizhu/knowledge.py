"""What a Dou Dizhu seat knows, read once from its view into rank counts: its hand, every
card played, what the rules show (the classic kitty, 摊打's open hand, 报到's groups, the mark
card), the cards still out, and who may still bomb. The counting and searching bots decide
from this; nothing in it comes from anywhere but the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bhtui.cards import BJ_RANK, NUM_RANKS, SJ_RANK, TWO
from bhtui.doudizhu import Hand, Rules, get_preset, parse_hand
from bhtui.doudizhu.hands import counts_of_text
from bhtui.wire import DoudizhuView


def deck_counts(rules: Rules) -> list[int]:
    """Copies of each rank in the preset's deck (C-CARD-1, S-CARD-1)."""
    return [rules.decks if r >= SJ_RANK else 4 * rules.decks for r in range(NUM_RANKS)]


@dataclass
class Seen:
    """The seat's knowledge as numbers (rank counts of 15 entries)."""

    view: DoudizhuView
    rules: Rules
    me: int
    landlord: int | None
    rc: list[int]
    """The seat's own hand."""
    counts: list[int]
    """Cards each seat holds."""
    played: list[list[int]]
    """What each seat has played this deal."""
    shown: list[list[int]]
    """Cards each seat still holds that everyone sees (摊打's hand, 报到's groups)."""
    unseen: list[int]
    """Cards the seat cannot place: in other hands (less their shown cards) or the kitty."""
    top: Hand | None
    bomb_ok: list[bool]
    """Whether each seat may still play a bomb (S-BID-7's limits)."""
    locked: list[Hand]
    """The landlord's reported groups still held (played only whole)."""

    @property
    def preset(self) -> str:
        return self.rules.name

    @property
    def seats(self) -> int:
        return self.rules.seats

    def opponents(self) -> list[int]:
        me, landlord = self.me, self.landlord
        return [s for s in range(self.seats) if s != me and (me == landlord or s == landlord)]

    def partner_on_top(self) -> bool:
        top = self.view["top"]
        return (top is not None and self.me != self.landlord
                and top["seat"] != self.landlord)


def _counts(cards: list[str]) -> list[int]:
    return counts_of_text(" ".join(cards))


def seen_of(view: DoudizhuView) -> Seen:
    """Read a seat's view (``viewer`` must be a seat)."""
    me = view["viewer"]
    assert isinstance(me, int), "a bot reads a seat's view"
    rules = get_preset(view["preset"]).with_options(**view["options"])
    preset = rules.name
    rc = _counts(view["hand"])
    seats = view["seats"]
    played = [_counts(s["played"]) for s in seats]
    shown = [[0] * NUM_RANKS if s["seat"] == me else _counts(s["shown"]) for s in seats]
    unseen = deck_counts(rules)
    for r in range(NUM_RANKS):
        unseen[r] -= rc[r] + sum(p[r] for p in played) + sum(s[r] for s in shown)
    if view["mark"] is not None and view["landlord"] is None:
        unseen[_counts([view["mark"]]).index(1)] -= 1  # the mark card lies in the kitty
    top = view["top"]
    return Seen(
        view=view, rules=rules, me=me, landlord=view["landlord"], rc=rc,
        counts=[s["count"] for s in seats], played=played, shown=shown, unseen=unseen,
        top=None if top is None else parse_hand(top["hand"], preset),
        bomb_ok=[s["bomb_limit"] is None or s["bombs"] < s["bomb_limit"] for s in seats],
        locked=[parse_hand(t, preset) for t in view["locked"]],
    )


def may_bomb(preset: str, held: int, bomb_ok: bool, pool: Sequence[int]) -> bool:
    """Whether a seat holding ``held`` cards could still hold and play a bomb made of
    ``pool`` (the cards it may hold): its limit not reached (``bomb_ok``), cards enough, and
    four of a rank (or the rocket, or Shanghai's four jokers) among them."""
    if not bomb_ok:
        return False
    if preset == "classic":
        rocket = held >= 2 and pool[SJ_RANK] and pool[BJ_RANK]
        return bool(rocket) or (held >= 4 and any(k >= 4 for k in pool[:TWO + 1]))
    return held >= 4 and (any(k >= 4 for k in pool[:SJ_RANK])
                          or pool[SJ_RANK] + pool[BJ_RANK] >= 4)
