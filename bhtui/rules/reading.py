"""What one seat knows, as numbers: the structured twin of its view, for bots.

A bot decides many times a second; building a view of text and parsing it back into numbers
cost more than the decision. A :class:`Reading` holds exactly what the seat's view holds
(its own hand and role, public facts), as card codes and rank counts. In-process players get
it from the engine (:func:`reading_of`, cached until the round moves on); a bot at a remote
table builds the same from the view it receives (:func:`reading_of_view`). A property test
keeps the two equal, so an in-process bot can know nothing its view does not say.

An offer carries the reading on demand (``Choices.reading``): it is made when a bot first asks
for it, so a bot that never reads it (random) never causes one; whoever hands an offer to
another thread asks for it first, so that thread sees the moment of the offer.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bhtui.cards import GC_RANK, NUM_CARDS, RANK_OF, RANKS_WITH_GC, SJ, Card, parse_card
from bhtui.rules.presets import RuleSet, rules_of
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, set_of_cards
from bhtui.wire import BaohuangView

if TYPE_CHECKING:
    from bhtui.rules.state import RoundState

Move = tuple[int, tuple[Card, ...] | str]
"""A seat and its cards, or "pass" / "yield"."""
Trick = tuple[Move, ...]


@dataclass(slots=True)
class Reading:
    """One seat's knowledge of the round (``me`` is the seat)."""

    me: int
    rules: RuleSet
    phase: str
    hand: list[int]
    """Count vector by card code (NUM_CARDS entries)."""
    role: str | None
    emperor: int | None
    guard: int | None
    """The guard once public (or the open solo's emperor); my own role says if it is me."""
    solo: bool
    """A solo round, as far as I know (the emperor knows his hidden one)."""
    counts: list[int]
    places: list[int | None]
    top: CardSet | None
    top_seat: int | None
    called: Card | None
    in_hand: bool
    bundle: list[Card]
    again: list[int]
    rebels: list[int]
    open_guard: bool
    step: str | None
    """The declaration step being asked (R-WH-DECL-1), if any."""
    kickers: list[int]
    """Who said 踢 at this step so far (R-WH-DECL-3): public, each said in turn."""
    kicks: int
    rc: list[int]
    """My rank counts (16 entries: Weifang's GC last)."""
    taken: list[Card]
    """What the emperor took with the throne."""
    tribute: list[tuple[int, int, Card]]
    """Paid at this round's start: (giver, receiver, card)."""
    bought: list[tuple[int, int, Card, Card | None]]
    """Weifang's 买3 before the throne (R-WF-BUY3-*): (seller, buyer, the 3, the 2 paid)."""
    dealer: int
    """Who drew first: Weifang's first lead (R-WF-LEAD-1)."""
    bombs: int
    stuck: list[tuple[int, int]]
    """(stuck seat, the seat that stuck him) so far (R-WF-STUCK-1, R-WH-STUCK-1)."""
    open_solo: bool
    grabbed: bool
    """The emperor grabbed the throne (抢独, 抢庄): baike scores such a round apart."""
    tricks: tuple[Trick, ...]
    """This round's tricks, the current one last: (seat, cards) or (seat, "pass" / "yield")."""
    _sides: tuple[frozenset[int], frozenset[int]] | None = field(default=None, compare=False,
                                                                 repr=False)

    @property
    def size(self) -> int:
        return sum(self.rc)

    @property
    def asked_again(self) -> bool:
        """让牌's second circle: yielding is over (R-TRICK-5)."""
        return bool(self.again)

    @property
    def sides(self) -> tuple[frozenset[int], frozenset[int]]:
        """(partners, enemies) as far as I know them."""
        if self._sides is None:
            self._sides = _known_sides(self.me, self.role, self.solo, self.emperor, self.guard)
        return self._sides

    @property
    def partners(self) -> frozenset[int]:
        return self.sides[0]

    @property
    def enemies(self) -> frozenset[int]:
        return self.sides[1]

    @property
    def secret(self) -> tuple[int, int]:
        """(rank, copies that are not the called card) while I am a guard nobody knows
        about — playing more than those shows the called card (R-GUARD-6); (GC_RANK, 0) where
        the called card is promoted (R-WF-GUARD-4); (-1, 0) otherwise."""
        if self.role != "guard" or self.guard is not None or self.called is None:
            return (-1, 0)
        if self.rules.tricks.promoted_guard_card:
            return (GC_RANK, 0)
        rank = RANK_OF[self.called]
        same_rank = range(rank * 4, rank * 4 + 4) if self.called < SJ else ()  # a joker: itself
        spare = sum(self.hand[c] for c in same_rank if c != self.called)
        return (rank, spare)


@functools.cache
def _known_sides(me: int, role: str | None, solo: bool, emperor: int | None,
                 guard: int | None) -> tuple[frozenset[int], frozenset[int]]:
    """(partners, enemies) from what a seat knows: a few dozen cases, each made once."""
    others = frozenset(s for s in range(SEATS) if s != me)
    if role == "emperor":
        if solo:
            return frozenset(), others
        if guard is not None:
            return frozenset({guard}), others - {guard}
    elif role == "guard":
        assert emperor is not None
        return frozenset({emperor}), others - {emperor}
    elif role == "rebel":
        assert emperor is not None
        enemies = frozenset({emperor} | ({guard} if guard is not None else set()))
        if guard is not None or solo:
            return others - enemies, enemies
        return frozenset(), enemies
    return frozenset(), frozenset()


def reading_of(r: RoundState, seat: int, over: bool = False) -> Reading:
    """The seat's reading of round ``r`` (the last of a match that is ``over``), from exactly
    what its view shows."""
    return Reading(*_values(r, seat, over))


def _values(r: RoundState, seat: int, over: bool) -> tuple[Any, ...]:
    """The reading's fields, in order, from exactly what the seat's view shows (copies of
    the round's lists, which move on)."""
    return (
        seat,
        r.rules,
        "over" if over else r.phase,
        list(r.hands[seat]),
        r.role_of(seat),
        r.emperor,
        r.guard if r.guard_revealed else None,
        r.solo if seat == r.emperor else r.solo and r.guard_revealed,
        list(map(sum, r.rc)),
        r.places[:],
        r.top if r.top_seat is not None else None,
        r.top_seat if r.top is not None else None,
        r.called,
        r.card_in_hand,
        [] if r.phase != "throne" else ([53] if r.card_in_hand else r.bundle[:]),
        r.again[:],
        r.rebels[:],
        r.open_guard,
        r.step,
        r.kickers[:],
        len(r.kicks),
        list(r.rc[seat]),
        r.taken[:],
        r.tribute[:],
        r.bought[:],
        r.dealer,
        r.bombs,
        r.stuck[:],
        r.open_solo,
        r.grabbed,
        r.tricks,
    )


def reading_of_view(view: BaohuangView) -> Reading:
    """The same reading from a seat's view, for a bot at a remote table."""
    me, called = view["viewer"], view["called"]
    assert isinstance(me, int), "a seat's view"
    hand, rc = [0] * NUM_CARDS, [0] * RANKS_WITH_GC
    for text in view.get("hand", []):
        card = parse_card(text)
        hand[card] += 1
        rc[RANK_OF[card]] += 1
    seats = view["seats"]
    top = view.get("top")
    phase = view["phase"]
    return Reading(
        me=me,
        rules=rules_of(view),
        phase=phase,
        hand=hand,
        role=seats[me]["role"],
        emperor=view["emperor"],
        guard=view["guard"],
        solo=bool(view["solo"]),
        counts=[s["count"] for s in seats],
        places=[s["place"] for s in seats],
        top=set_of_cards((parse_card(c) for c in top["cards"]), kills=True) if top else None,
        top_seat=top["seat"] if top else None,
        called=parse_card(called) if called else None,
        in_hand=bool(view.get("in_hand")),
        bundle=[parse_card(c) for c in view.get("bundle", [])],
        again=list(view.get("again", [])),
        rebels=list(view.get("rebels", [])),
        open_guard=bool(view.get("open_guard")),
        step=view.get("step"),
        kickers=list(view.get("kickers", [])),
        kicks=view.get("kicks", 0),
        rc=rc,
        taken=[parse_card(c) for c in view.get("taken", [])],
        tribute=[(t["from"], t["to"], parse_card(t["card"])) for t in view.get("tribute", [])],
        bought=[(b["from"], b["to"], parse_card(b["card"]),
                 parse_card(b["paid"]) if b["paid"] is not None else None)
                for b in view.get("bought", [])],
        dealer=view["dealer"],
        bombs=view.get("bombs", 0),
        stuck=[(seat, by) for seat, by in view.get("stuck", [])],
        open_solo=bool(view.get("open_solo")),
        grabbed=bool(view.get("grabbed")),
        tricks=tuple(tuple(_move(seat, text) for seat, text in trick)
                     for trick in view.get("tricks", [])),
    )


def _move(seat: int, text: str) -> Move:
    if text in ("pass", "yield"):
        return (seat, text)
    return (seat, tuple(parse_card(c) for c in text.split()))
