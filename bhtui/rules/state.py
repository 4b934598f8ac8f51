"""What a round holds, and the few things every stage of it does to that (hands, roles, turns).

The stages — the throne (``throne.py``), the declarations before play (``declare.py``) and the
tricks (``round.py``) — each work on a :class:`RoundState`; only ``round.py`` knows them all, so
none of them imports another's round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bhtui.cards import RANK_OF, Card, card_text, cards_from_counts
from bhtui.rules.choices import Choices
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Move, Reading, Trick
from bhtui.rules.scoring import SEATS, RoundResult
from bhtui.rules.sets import CardSet
from bhtui.wire import Action as Action  # the engine's modules import it from here
from bhtui.wire import Event, Purchase, Transfer


def transfers_record(moves: Iterable[tuple[int, int, Card]],
                     label: Callable[[Card], str] = card_text) -> list[Transfer]:
    """Cards handed from seat to seat (tribute), as views, events, logs and the demo show
    them."""
    return [{"from": f, "to": t, "card": label(c)} for f, t, c in moves]


def purchases_record(bought: Iterable[tuple[int, int, Card, Card | None]]) -> list[Purchase]:
    """买3: the 3 that changed hands and what was paid for it (R-WF-BUY3-1)."""
    return [{"from": f, "to": t, "card": card_text(c),
             "paid": card_text(p) if p is not None else None} for f, t, c, p in bought]


class RoundState:
    """One deal's state, from the shuffle to the scores (filled in by ``Round.__init__``)."""

    rules: RuleSet
    number: int
    redeal: int
    hands: list[list[int]]
    """Each seat's count vector by card code."""
    rc: list[list[int]]
    """Each seat's rank counts, kept in step with ``hands``."""
    phase: str
    turn: int | None
    moment: int
    """Counts the moments a declaration may be wanted (offers, steps, tricks): bots are asked
    about declarations once per moment."""
    events: list[Event]
    """The deal's events, before anyone acts (the throne's offer, 买3, tribute): the match
    hands them out with the deal. An action's events go to whoever applied it, and the round
    keeps no history of them — a list of every event, cards and all, lived as long as the
    round and the garbage collector walked it again and again (a third of its work)."""
    # the deal and what happens before the throne
    first_candidate: int
    guard_card: int | None
    dealer: int
    tribute: list[tuple[int, int, Card]]
    bought: list[tuple[int, int, Card, Card | None]]
    # the throne
    candidate: int
    card_in_hand: bool
    bundle: list[Card]
    declines: int
    second_chance: bool
    forced: bool
    grabs: list[int]
    grab_asked: int
    abdicator: int | None
    # roles and declarations
    emperor: int | None
    guard: int | None
    called: Card | None
    solo: bool
    open_solo: bool
    grabbed: bool
    guard_revealed: bool
    open_guard: bool
    rebels: list[int]
    step: str | None
    asking: list[int]
    kickers: list[int]
    kicks: list[str]
    # tricks
    first_lead_played: bool
    places: list[int | None]
    out_order: list[int]
    stuck: list[tuple[int, int]]
    beaten_by: list[int | None]
    bombs: int
    leader: int | None
    top: CardSet | None
    top_seat: int | None
    responses: int
    yielders: list[int]
    again: list[int]
    trick_moves: list[tuple[Card, ...] | str | None]
    past_tricks: tuple[Trick, ...]
    """This round's finished tricks, public (R-HIDE-1): each move a seat's cards, "pass" or
    "yield" in the order made. Bots count cards and read passes from them."""
    trick: list[Move]
    """The moves of the trick being played."""
    taken: list[Card]
    """What the emperor took with the throne (public: the offers showed it)."""
    result: RoundResult | None
    quiet: bool
    _offers: dict[int, Choices]
    _readings: dict[int, Reading]

    # ----- hands -------------------------------------------------------------------------
    def give(self, seat: int, card: Card) -> None:
        self.hands[seat][card] += 1
        self.rc[seat][RANK_OF[card]] += 1

    def take(self, seat: int, card: Card) -> None:
        self.hands[seat][card] -= 1
        self.rc[seat][RANK_OF[card]] -= 1

    def move(self, giver: int, receiver: int, card: Card) -> None:
        self.take(giver, card)
        self.give(receiver, card)

    def count(self, seat: int) -> int:
        return sum(self.rc[seat])

    def hand(self, seat: int) -> list[Card]:
        return cards_from_counts(self.hands[seat])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Every trick of this round so far, the one being played last (none before play)."""
        if self.leader is None:
            return ()
        return (*self.past_tricks, tuple(self.trick))

    # ----- roles -------------------------------------------------------------------------
    def role_of(self, seat: int) -> str | None:
        """The seat's true role (only a view decides who may learn it)."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return "emperor"
        if seat == self.guard:
            return "guard"
        return "rebel" if self.guard is not None else None

    def announce_roles(self, events: list[Event]) -> None:
        """Each seat learns its own role, every seat at the same moment (R-HIDE-2)."""
        by = "called" if self.rules.guard.called else "card"  # how a guard was found
        for s in range(SEATS):
            events.append({"type": "role", "seat": s, "private": s, "role": self.role_of(s),
                           "by": by})

    def next_active(self, seat: int) -> int:
        """R-SEAT-1: the next seat after ``seat`` that still holds cards."""
        for step in range(1, SEATS + 1):
            s = (seat + step) % SEATS
            if self.places[s] is None:
                return s
        raise AssertionError("no seat holds cards")

    @property
    def rebellion(self) -> bool:
        """Two or more rebels declared 造反 (R-TRICK-7, R-WH-DECL-2)."""
        return len(self.rebels) >= 2
