"""Choosing the emperor (§5) in its three styles: functions of a :class:`~bhtui.rules.round.Round`
(plain functions rather than a mixin, so the type checker sees one class with one set of
attributes).

In every style a declined or yielded emperor card goes to the previous seat (上家, R-SEAT-1),
against the direction of play (:func:`passes_to`).

- ``qingdao`` (R-EMP-Q*): the bundle goes round; decliners add a 2; a second offer; 抢独 first.
- ``baike`` (R-EMP-B*): the holder calls a group or yields (让庄); everybody yields → 逼庄;
  nobody qualifies → 黄庄; anyone may grab (抢庄) out of turn until a call is made.
- ``lianzhong`` (R-EMP-L*): the dealt emperor card is yielded on (simple mode attaches a card
  each time); classic forcing after a circle unless the holder has four of a kind; void after
  two circles; 抢独 declarations out of turn, settled by the holder's next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bhtui.cards import BJ, SJ, TWO, Card, card_text
from bhtui.rules.errors import IllegalAction
from bhtui.rules.scoring import SEATS

if TYPE_CHECKING:
    from bhtui.rules.round import Action, Event, Round


# ----- which groups a seat could call -----------------------------------------------
def callable_groups(r: Round, seat: int) -> list[Card]:
    """Cards the seat could call: R-EMP-Q2 (3+ identical, no jokers or 2s), or in baike
    any 3 or 4 identical cards, the emperor card counting as a BJ (R-EMP-B1)."""
    if r.rules.emperor == "baike":
        return [c for c in range(BJ + 1) if held_for_call(r, seat, c) >= 3]
    return [c for c in range(TWO * 4) if r.hands[seat][c] >= 3]


def held_for_call(r: Round, seat: int, card: Card) -> int:
    """Copies of ``card`` the seat would show; in baike the emperor card he is about to take
    counts as a BJ (R-EMP-B1)."""
    held = r.hands[seat][card]
    if r.rules.emperor == "baike" and card == BJ and r.emperor != seat:
        held += 1
    return held


def call_actions(r: Round, seat: int) -> list[Action]:
    """The groups the seat may call; four held may be shown as an open solo (qingdao, baike),
    while lianzhong declares its open solo (明独保) with no call at all (R-GUARD-3)."""
    declared_solo = r.rules.emperor == "lianzhong"
    out: list[Action] = []
    for c in callable_groups(r, seat):
        held = held_for_call(r, seat, c)
        if r.forced and held != 3:
            continue  # R-EMP-B3: the forced call names a group of exactly three
        out.append({"type": "call", "card": card_text(c), "open": False})
        if held == 4 and not r.forced and not declared_solo:
            out.append({"type": "call", "card": card_text(c), "open": True})
    if declared_solo:
        out.append({"type": "solo"})
    return out


# ----- what the candidate may do -------------------------------------------------------
def throne_actions(r: Round, seat: int) -> list[Action]:
    if r.rules.emperor == "baike":
        decline: list[Action] = [] if r.forced else [{"type": "decline"}]
        return call_actions(r, seat) + decline
    if r.grabs:  # someone declared a solo: declare your own (grab) or let it stand
        return [{"type": "decline"}]
    if _must_accept(r, seat):
        return [{"type": "accept"}]
    return [{"type": "accept"}, {"type": "decline"}]


def throne_interjections(r: Round, seat: int) -> list[Action]:
    """抢庄 (R-EMP-B5) and 抢独 (R-EMP-L5) may come from any seat, in turn or not."""
    if r.rules.emperor == "baike" or (
        r.rules.emperor == "lianzhong" and r.rules.grab_solo and seat not in r.grabs
    ):
        return [{"type": "grab"}]
    return []


def _must_accept(r: Round, seat: int) -> bool:
    if r.rules.emperor == "lianzhong":
        # R-EMP-L3, classic mode: after one circle, unless he holds four identical cards
        forced = r.rules.needs_group and r.declines == SEATS and not holds_four(r, seat)
    else:
        forced = r.second_chance and r.rules.force_first  # R-EMP-Q4 逼位
    return forced and bool(callable_groups(r, seat))


def holds_four(r: Round, seat: int) -> bool:
    """Four identical cards in hand (R-CARD-3: jokers of a kind are identical too)."""
    return max(r.hands[seat]) >= 4


def passes_to(r: Round) -> int | None:
    """Where the throne goes if the candidate declines now: to his previous seat (上家,
    R-SEAT-1) in every style, or None when that decline ends the passing (R-EMP-Q4's second
    offer, R-EMP-B3's 逼庄, R-EMP-L4's second circle) or lets a declared 抢独 stand."""
    if r.phase != "throne" or r.forced or r.grabs:
        return None
    style = r.rules.emperor
    if style == "qingdao":
        ends = r.second_chance
    else:
        ends = r.declines + 1 == (SEATS if style == "baike" else 2 * SEATS)
    return None if ends else (r.candidate - 1) % SEATS


# ----- offers -----------------------------------------------------------------------------
def bundle_cards(r: Round) -> list[str]:
    """What goes to whoever takes the throne (the emperor card first)."""
    if r.card_in_hand:
        return ["BJ"]  # lianzhong: still in the first holder's hand
    return [card_text(c) for c in r.bundle]


def _offer(r: Round, events: list[Event]) -> None:
    r.moment += 1
    events.append({
        "type": "offer", "seat": r.candidate, "second": r.second_chance,
        "forced": r.forced, "bundle": bundle_cards(r),
    })


def open_throne(r: Round, events: list[Event]) -> None:
    _offer(r, events)
    _auto_declines(r, events)


def _auto_declines(r: Round, events: list[Event]) -> None:
    """A candidate who cannot accept declines by himself (R-EMP-Q2, R-EMP-L3)."""
    while (
        r.phase == "throne" and r.rules.needs_group and not callable_groups(r, r.candidate)
    ):
        if r.grabs:
            _settle_grabs(r, events)
        else:
            _yield_throne(r, r.candidate, events, auto=True)


# ----- handlers ----------------------------------------------------------------------------
def accept(r: Round, seat: int, action: Action, events: list[Event]) -> None:
    if r.rules.emperor == "baike":
        raise IllegalAction("in baike you take the throne by calling a group (R-EMP-B1)")
    if r.grabs:
        raise IllegalAction("a solo was declared (抢独): grab it yourself or let it stand")
    if r.rules.needs_group and not callable_groups(r, seat):
        raise IllegalAction(
            "you need three identical cards (not jokers or 2s) to call a guard (R-EMP-Q2)"
        )
    crown(r, seat, events)
    if r.rules.guard == "card":
        r.guard_by_card(events)
    else:
        r.phase = "call"
        r.turn = seat


def crown(r: Round, seat: int, events: list[Event]) -> None:
    """``seat`` takes the emperor card and the bundle."""
    taken = bundle_cards(r)
    if r.card_in_hand:
        if seat != r.candidate:  # a grabber takes it out of the holder's hand
            r.take(r.candidate, BJ)
            r.give(seat, BJ)
    else:
        for c in r.bundle:
            r.give(seat, c)
    r.card_in_hand = False
    r.bundle = []
    r.emperor = seat
    events.append({"type": "emperor", "seat": seat, "bundle": taken, "grab": r.grabbed})


def decline(r: Round, seat: int, action: Action, events: list[Event]) -> None:
    if r.grabs:  # letting a declared solo stand: it wins even over a forced accept
        _settle_grabs(r, events)
        return
    if _must_accept(r, seat):
        if r.rules.emperor == "lianzhong":
            raise IllegalAction("after a full circle the first holder must accept, unless he "
                                "holds four identical cards (R-EMP-L3)")
        raise IllegalAction("逼位: on the second offer you must accept (R-EMP-Q4)")
    if r.forced:
        raise IllegalAction("逼庄: you must call a group of three (R-EMP-B3)")
    _yield_throne(r, seat, events, auto=False)
    _auto_declines(r, events)


def _yield_throne(r: Round, seat: int, events: list[Event], auto: bool) -> None:
    style = r.rules.emperor
    to = passes_to(r)
    added: Card | None = None
    if style == "qingdao" and seat != r.first_candidate:  # R-EMP-Q3: add a 2
        added = next((c for c in range(TWO * 4, TWO * 4 + 4) if r.hands[seat][c]), None)
    elif style == "lianzhong":
        if r.card_in_hand:  # the first holder passes the card itself
            r.take(seat, BJ)
            r.bundle.append(BJ)
            r.card_in_hand = False
        elif r.rules.attach:  # R-EMP-L2: a 2, else the highest non-joker card
            held = [c for c in range(SJ) if r.hands[seat][c]]
            twos = [c for c in held if c >= TWO * 4]
            added = twos[0] if twos else (held[-1] if held else None)
    if added is not None:
        r.take(seat, added)
        r.bundle.append(added)
    events.append({
        "type": "decline", "seat": seat, "auto": auto,
        "added": card_text(added) if added is not None else None, "to": to,
    })
    r.declines += 1
    if to is None:
        if style == "baike":
            _force_call(r, events)  # R-EMP-B3 / B4
        else:
            _void(r, events)  # R-EMP-Q4's second offer declined, R-EMP-L4's two circles
        return
    # After one circle the card is back with the first candidate (R-EMP-Q4, R-EMP-L3).
    r.second_chance = r.second_chance or r.declines == SEATS
    r.candidate = r.turn = to
    _offer(r, events)


def _force_call(r: Round, events: list[Event]) -> None:
    """R-EMP-B3 逼庄: the first seat from the first holder, in the card's direction (towards
    previous seats), with a group of exactly three must call one; R-EMP-B4 黄庄 when none."""
    for step in range(SEATS):
        seat = (r.first_candidate - step) % SEATS
        if any(held_for_call(r, seat, c) == 3 for c in callable_groups(r, seat)):
            r.forced = True
            r.candidate = r.turn = seat
            _offer(r, events)
            return
    _void(r, events)


def _void(r: Round, events: list[Event]) -> None:
    events.append({"type": "void", "redeal": r.redeal + 1})
    r.phase = "void"
    r.turn = None


def grab_throne(r: Round, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "grab", "seat": seat})
    if r.rules.emperor == "baike" or seat == r.candidate:
        _settle_solo(r, seat, events)  # 抢庄 wins at once; so does the holder's 抢独
    else:
        r.grabs.append(seat)  # settled by the holder's next decision (R-EMP-L5)


def _settle_grabs(r: Round, events: list[Event]) -> None:
    """R-EMP-L5: of several grabbers the nearest to the holder towards his previous seat."""
    winner = min(r.grabs, key=lambda s: (r.candidate - s) % SEATS)
    _settle_solo(r, winner, events)


def _settle_solo(r: Round, seat: int, events: list[Event]) -> None:
    """A grab won: the grabber is emperor and plays alone, openly."""
    r.grabbed = r.solo = r.guard_revealed = True
    r.open_solo = r.rules.emperor != "baike"  # baike's grab is scored by R-SCORE-B4
    crown(r, seat, events)
    r.guard = seat
    r.announce_roles(events)
    r.start_play(events)


# qingdao's grab phase (R-EMP-Q6): asked in the bundle's order (from the first candidate
# towards previous seats) before the first candidate decides
def grab_round(r: Round, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "grab", "seat": seat})
    _settle_solo(r, seat, events)


def skip(r: Round, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "skip", "seat": seat})
    r.grab_asked += 1
    if r.grab_asked == SEATS:
        r.phase = "throne"
        r.turn = r.first_candidate
        open_throne(r, events)
    else:
        r.turn = (seat - 1) % SEATS
