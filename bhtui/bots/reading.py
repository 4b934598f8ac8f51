"""What a bot reads off its seat's view: hand, sides as far as they are known, the trick."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bhtui.cards import BJ_RANK, NUM_RANKS, SJ_RANK, TWO, parse_card, rank_of
from bhtui.rules import CardSet
from bhtui.rules.sets import set_of_cards

STRENGTH = {BJ_RANK: 3.0, SJ_RANK: 2.0, TWO: 1.0, TWO - 1: 0.5}


@dataclass
class Reading:
    me: int
    rc: list[int]
    role: str | None
    partners: set[int]
    enemies: set[int]
    counts: list[int]
    top: CardSet | None
    top_seat: int | None
    secret: tuple[int, int] = (-1, 0)
    """(rank, copies that are not the called card) while I am a guard nobody knows about."""
    asked_again: bool = False
    """让牌's second circle: yielding is over (R-TRICK-5)."""

    @property
    def size(self) -> int:
        return sum(self.rc)


def read(view: dict[str, Any]) -> Reading:
    me = view["viewer"]
    rc = [0] * NUM_RANKS
    hand = [parse_card(text) for text in view.get("hand", [])]
    for card in hand:
        rc[rank_of(card)] += 1
    seats = view["seats"]
    role = seats[me]["role"]
    emperor, guard = view["emperor"], view["guard"]
    others = {s for s in range(len(seats)) if s != me}
    partners: set[int] = set()
    enemies: set[int] = set()
    if role == "emperor":
        if view["solo"]:
            enemies = others
        elif guard is not None:
            partners, enemies = {guard}, others - {guard}
    elif role == "guard":
        partners, enemies = {emperor}, others - {emperor}
    elif role == "rebel":
        enemies = {emperor} | ({guard} if guard is not None else set())
        if guard is not None or view["solo"]:
            partners = others - enemies
    top = view.get("top")
    secret = (-1, 0)
    if role == "guard" and guard is None and view["called"]:
        called = parse_card(view["called"])
        secret = (rank_of(called), sum(1 for c in hand if rank_of(c) == rank_of(called) and c != called))
    return Reading(
        me=me, rc=rc, role=role, partners=partners, enemies=enemies,
        counts=[s["count"] for s in seats],
        top=set_of_cards(parse_card(c) for c in top["cards"]) if top else None,
        top_seat=top["seat"] if top else None,
        secret=secret,
        asked_again=bool(view.get("again")),
    )


def strength(rc: list[int]) -> float:
    """A rough hand value: jokers and 2s win tricks, long groups shed many cards at once."""
    value = sum(STRENGTH.get(r, 0.0) * n for r, n in enumerate(rc))
    return value + sum(0.5 for r in range(TWO) if rc[r] >= 6)
