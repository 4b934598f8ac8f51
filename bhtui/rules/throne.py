"""Choosing the emperor (§5, R-WH-THRONE-*, R-WF-EMP-*): functions of a round's state, driven by
the preset's :class:`~bhtui.rules.mechanisms.Throne` policy.

- ``OFFERED`` (qingdao, lianzhong, weifang; weihai's W3 ring): the candidate accepts or passes the
  card on (to his 上家, R-SEAT-1, unless the policy says otherwise); what a passer attaches,
  and what happens after a full circle, are the policy's.
- ``BY_CALLING`` (baike): the holder calls a group or yields (让庄); everybody yields → 逼庄;
  nobody qualifies → 黄庄.
- ``BY_HOLDING`` (weihai): the holder of the emperor card is emperor; a holder of both marked
  cards may abdicate to the seat after next (R-WH-THRONE-1..5) or show the guard card.
- Grabs (抢独, 抢庄, 明渡): asked in turn before the first decision, at any time until a call, or
  declared and settled by the holder's next decision.
"""

from __future__ import annotations

from bhtui.cards import BJ, SJ, TWO, Card, card_text
from bhtui.rules.declare import after_roles, guard_by_card, start_play
from bhtui.rules.errors import IllegalAction
from bhtui.rules.mechanisms import AfterCircle, Ascent, Attach, Grab, OpenSolo
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS
from bhtui.rules.state import Action, Event, RoundState


# ----- which groups a seat could call -----------------------------------------------
def callable_groups(r: RoundState, seat: int) -> list[Card]:
    """Cards the seat could call: R-EMP-Q2 (3+ identical, no jokers or 2s), or in baike
    any 3 or 4 identical cards, the emperor card counting as a BJ (R-EMP-B1)."""
    if r.rules.guard.jokers_callable:
        return [c for c in range(BJ + 1) if held_for_call(r, seat, c) >= 3]
    hand = r.hands[seat]
    return [c for c in range(TWO * 4) if hand[c] >= 3]


def held_for_call(r: RoundState, seat: int, card: Card) -> int:
    """Copies of ``card`` the seat would show; in baike the emperor card he is about to take
    counts as a BJ (R-EMP-B1)."""
    held = r.hands[seat][card]
    if r.rules.guard.jokers_callable and card == BJ and r.emperor != seat:
        held += 1
    return held


def call_actions(r: RoundState, seat: int) -> list[Action]:
    """The groups the seat may call; four held may be shown as an open solo (qingdao, baike,
    weifang), while lianzhong-classic declares its open solo (明独保) with no call at all
    (R-GUARD-3)."""
    declared_solo = r.rules.guard.open_solo is OpenSolo.DECLARED
    out: list[Action] = []
    for c in callable_groups(r, seat):
        held = held_for_call(r, seat, c)
        if r.forced and held != 3:
            continue  # R-EMP-B3: the forced call names a group of exactly three
        out.append({"type": "call", "card": card_text(c), "open": False})
        if held == 4 and not r.forced and r.rules.guard.open_solo is OpenSolo.SHOW_FOUR:
            out.append({"type": "call", "card": card_text(c), "open": True})
    if declared_solo:
        out.append({"type": "solo"})
    return out


# ----- what the candidate may do -------------------------------------------------------
def throne_actions(r: RoundState, seat: int) -> list[Action]:
    ascent = r.rules.throne.ascent
    if ascent is Ascent.BY_CALLING:
        decline: list[Action] = [] if r.forced else [{"type": "decline"}]
        return call_actions(r, seat) + decline
    if ascent is Ascent.BY_HOLDING:
        if r.abdicator is not None:  # abdicate_chain: the receiver may refuse (R-WH-THRONE-4)
            return [{"type": "accept"}, {"type": "decline"}]
        if r.solo:  # a holder of both: abdicate (R-WH-THRONE-1) or show the guard card
            return [{"type": "accept"}, {"type": "abdicate"}, {"type": "solo"}]
        return [{"type": "accept"}]
    if r.grabs:  # someone declared a solo: declare your own (grab) or let it stand
        return [{"type": "decline"}]
    out: list[Action] = [{"type": "accept"}]
    if not _must_accept(r, seat):
        out.append({"type": "decline"})
    if r.rules.guard.open_solo is OpenSolo.SHOWN_AT_THRONE and seat == r.guard_card:
        out.append({"type": "solo"})  # R-WH-ROLE-2 in the W3 ring: ascend showing both cards
    return out


def throne_interjections(r: RoundState, seat: int) -> list[Action]:
    """抢庄 (R-EMP-B5) and 抢独 (R-EMP-L5) may come from any seat, in turn or not."""
    grab = r.rules.grab
    if grab is Grab.ANY_TIME_WINS or (grab is Grab.DECLARED and seat not in r.grabs):
        return [{"type": "grab"}]
    return []


def _must_accept(r: RoundState, seat: int) -> bool:
    throne = r.rules.throne
    after = throne.after_circle
    if after is AfterCircle.FORCED_UNLESS_FOUR:
        # R-EMP-L3, classic mode: after one circle, unless he holds four identical cards
        forced = throne.needs_group and r.declines == SEATS and not holds_four(r, seat)
    elif after is AfterCircle.FIRST_MUST_ASCEND:
        # R-WH §1.10: 逼位 after five declines; a first holder of both may not pass (独保)
        return r.declines == SEATS or (r.declines == 0 and seat == r.guard_card)
    else:
        forced = r.second_chance and r.rules.force_first  # R-EMP-Q4 逼位, R-WF-EMP-3
    return forced and bool(callable_groups(r, seat))


def holds_four(r: RoundState, seat: int) -> bool:
    """Four identical cards in hand (R-CARD-3: jokers of a kind are identical too)."""
    return max(r.hands[seat]) >= 4


def abdication_to(rules: RuleSet, seat: int) -> int:
    """Who receives the emperor card when ``seat`` abdicates (R-WH-THRONE-2; one seat at a
    time under ``abdicate_chain`` is :func:`passes_to`'s)."""
    return (seat + rules.throne.passes_to.value) % SEATS


def passes_to(r: RoundState) -> int | None:
    """Where the throne goes if the candidate passes it now — his 上家 (R-SEAT-1) unless the
    policy says otherwise (R-WH-THRONE-2, §1.10) — or None when that ends the passing
    (R-EMP-Q4's second offer, R-EMP-B3's 逼庄, R-EMP-L4's second circle, the last refusal of
    R-WH-THRONE-4) or lets a declared 抢独 stand."""
    if r.phase != "throne" or r.forced or r.grabs:
        return None
    throne = r.rules.throne
    if throne.ascent is Ascent.BY_HOLDING:
        if r.abdicator is None:  # where an abdication would go, whoever may abdicate (R-HIDE-2)
            return abdication_to(r.rules, r.candidate)
        nxt = (r.candidate + 1) % SEATS  # abdicate_chain: on, one seat at a time
        nxt = (nxt + 1) % SEATS if nxt == r.abdicator else nxt
        return None if r.declines + 1 == SEATS - 1 else nxt
    after = throne.after_circle
    if after is AfterCircle.SECOND_OFFER:
        ends = r.second_chance
    elif after is AfterCircle.FORCED_CALL:
        ends = r.declines + 1 == SEATS
    elif after is AfterCircle.FORCED_UNLESS_FOUR:
        ends = r.declines + 1 == 2 * SEATS
    else:
        ends = False  # FIRST_MUST_ASCEND: the first holder is forced when it is back
    return None if ends else (r.candidate + throne.passes_to.value) % SEATS


# ----- offers -----------------------------------------------------------------------------
def bundle_cards(r: RoundState) -> list[str]:
    """What goes to whoever takes the throne (the emperor card first)."""
    if r.card_in_hand:
        return ["BJ"]  # still in the first holder's hand
    return [card_text(c) for c in r.bundle]


def _offer(r: RoundState, events: list[Event]) -> None:
    r.moment += 1
    events.append({
        "type": "offer", "seat": r.candidate, "second": r.second_chance,
        "forced": r.forced, "bundle": bundle_cards(r),
    })


def begin(r: RoundState, events: list[Event]) -> None:
    """The throne's first moment, after the deal and tribute: in Weihai the holder is emperor
    at once (R-WH-ROLE-1); then the grab round (R-EMP-Q6, R-WH-GRAB-1) or the first offer."""
    if r.rules.throne.ascent is Ascent.BY_HOLDING:
        r.emperor = r.first_candidate
        r.guard = r.guard_card
        r.solo = r.guard == r.emperor
        r.taken = [BJ]  # he holds the emperor card
        events.append({"type": "emperor", "seat": r.emperor, "bundle": ["BJ"], "grab": False})
        r.announce_roles(events)
    if r.rules.grab is Grab.ASKED_IN_TURN:
        r.phase = "grab"
        return
    open_throne(r, events)


def open_throne(r: RoundState, events: list[Event]) -> None:
    r.phase = "throne"
    r.turn = r.candidate
    if r.rules.throne.ascent is Ascent.BY_HOLDING:
        r.moment += 1  # the emperor keeps the throne or abdicates (R-WH-THRONE-1)
        return
    _offer(r, events)
    _auto_declines(r, events)


def _auto_declines(r: RoundState, events: list[Event]) -> None:
    """A candidate who cannot accept declines by himself (R-EMP-Q2, R-EMP-L3)."""
    while (
        r.phase == "throne" and r.rules.throne.needs_group
        and not callable_groups(r, r.candidate)
    ):
        if r.grabs:
            _settle_grabs(r, events)
        else:
            _yield_throne(r, r.candidate, events, auto=True)


# ----- handlers ----------------------------------------------------------------------------
def accept(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    throne = r.rules.throne
    if throne.ascent is Ascent.BY_CALLING:
        raise IllegalAction("in baike you take the throne by calling a group (R-EMP-B1)")
    if throne.ascent is Ascent.BY_HOLDING:
        if r.abdicator is not None:  # the receiver of an abdication takes it (R-WH-THRONE-3)
            _crown_after_abdication(r, seat, events)
        else:  # the emperor keeps the throne
            after_roles(r, events)
        return
    if r.grabs:
        raise IllegalAction("a solo was declared (抢独): grab it yourself or let it stand")
    if throne.needs_group and not callable_groups(r, seat):
        raise IllegalAction(
            "you need three identical cards (not jokers or 2s) to call a guard (R-EMP-Q2)"
        )
    crown(r, seat, events)
    if r.rules.guard.called:
        r.phase = "call"
        r.turn = seat
    else:
        guard_by_card(r, events)


def crown(r: RoundState, seat: int, events: list[Event], moves_card: bool = True) -> None:
    """``seat`` takes the emperor card and the bundle (``moves_card`` False: a Weihai grab
    leaves the card where it is, an ordinary joker now, R-WH-GRAB-1)."""
    taken = bundle_cards(r)
    r.taken = ([BJ] if moves_card else []) if r.card_in_hand else list(r.bundle)
    if r.card_in_hand:
        if seat != r.candidate and moves_card:  # a grabber takes it out of the holder's hand
            r.move(r.candidate, seat, BJ)
    else:
        for c in r.bundle:
            r.give(seat, c)
    r.card_in_hand = False
    r.bundle = []
    r.emperor = seat
    events.append({"type": "emperor", "seat": seat, "bundle": taken, "grab": r.grabbed})


def decline(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    if r.grabs:  # letting a declared solo stand: it wins even over a forced accept
        _settle_grabs(r, events)
        return
    throne = r.rules.throne
    if throne.ascent is Ascent.BY_HOLDING:
        _refuse(r, seat, events)
        return
    if _must_accept(r, seat):
        if throne.after_circle is AfterCircle.FORCED_UNLESS_FOUR:
            raise IllegalAction("after a full circle the first holder must accept, unless he "
                                "holds four identical cards (R-EMP-L3)")
        if throne.after_circle is AfterCircle.FIRST_MUST_ASCEND:
            raise IllegalAction("逼位: you must ascend (a holder of both may not pass, and "
                                "after five refusals the first holder must)")
        raise IllegalAction("逼位: on the second offer you must accept (R-EMP-Q4)")
    if r.forced:
        raise IllegalAction("逼庄: you must call a group of three (R-EMP-B3)")
    _yield_throne(r, seat, events, auto=False)
    _auto_declines(r, events)


def _attached(r: RoundState, seat: int) -> Card | None:
    """What ``seat`` adds to the bundle as he passes it (R-EMP-Q3, R-EMP-L2, R-WF-EMP-2)."""
    return attached_card(r.rules, r.hands[seat], seat == r.first_candidate, r.card_in_hand)


def attached_card(rules: RuleSet, hand: list[int], first: bool, card_in_hand: bool
                  ) -> Card | None:
    """What a seat holding ``hand`` (card counts) adds to the bundle if he passes it on now:
    the first candidate (``first``) and the first holder of a dealt card (``card_in_hand``)
    add nothing where the rules say so. A function of what the seat itself sees, so his
    throne dialog says the same as the engine does (R-EMP-Q3, R-EMP-L2, R-WF-EMP-2)."""
    attach = rules.throne.attach
    if attach is Attach.NOTHING:
        return None
    twos = [c for c in range(TWO * 4, TWO * 4 + 4) if hand[c]]  # the lowest suit first
    if attach is Attach.TWO_AFTER_FIRST:
        if first:
            return None
        fallback = rules.yield_fallback
    else:  # TWO_OR_HIGHEST: every receiver who yields; the first holder passes the card
        if card_in_hand:
            return None
        fallback = "highest"
    if twos:
        return twos[0]
    if fallback == "highest":
        held = [c for c in range(SJ) if hand[c]]
        return held[-1] if held else None
    if fallback == "lowest_joker":
        return next((c for c in (SJ, BJ) if hand[c]), None)
    return None


def _yield_throne(r: RoundState, seat: int, events: list[Event], auto: bool) -> None:
    to = passes_to(r)
    added = _attached(r, seat)
    if r.card_in_hand:  # the first holder passes the dealt card itself
        r.take(seat, BJ)
        r.bundle.append(BJ)
        r.card_in_hand = False
    if added is not None:
        r.take(seat, added)
        r.bundle.append(added)
    events.append({
        "type": "decline", "seat": seat, "auto": auto,
        "added": card_text(added) if added is not None else None, "to": to,
    })
    r.declines += 1
    if to is None:
        if r.rules.throne.after_circle is AfterCircle.FORCED_CALL:
            _force_call(r, events)  # R-EMP-B3 / B4
        else:
            _void(r, events)  # R-EMP-Q4's second offer declined, R-EMP-L4's two circles
        return
    # After one circle the card is back with the first candidate (R-EMP-Q4, R-EMP-L3).
    r.second_chance = r.second_chance or r.declines == SEATS
    r.candidate = r.turn = to
    _offer(r, events)


def _force_call(r: RoundState, events: list[Event]) -> None:
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


def _void(r: RoundState, events: list[Event]) -> None:
    events.append({"type": "void", "redeal": r.redeal + 1})
    r.phase = "void"
    r.turn = None


def grab_throne(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "grab", "seat": seat})
    if r.rules.grab is Grab.ANY_TIME_WINS or seat == r.candidate:
        _settle_solo(r, seat, events)  # 抢庄 wins at once; so does the holder's 抢独
    else:
        r.grabs.append(seat)  # settled by the holder's next decision (R-EMP-L5)


def _settle_grabs(r: RoundState, events: list[Event]) -> None:
    """R-EMP-L5: of several grabbers the nearest to the holder towards his previous seat."""
    winner = min(r.grabs, key=lambda s: (r.candidate - s) % SEATS)
    _settle_solo(r, winner, events)


def _settle_solo(r: RoundState, seat: int, events: list[Event]) -> None:
    """A grab won: the grabber is emperor and plays alone, openly. A grab declared out of turn
    takes the dealt emperor card from its holder (R-EMP-L5); in a grab round it stays where it
    was dealt, an ordinary joker now, like the guard card (R-WH-GRAB-1)."""
    r.grabbed = r.solo = r.guard_revealed = True
    r.open_solo = r.rules.scoring.grab is None  # baike's grab is scored by R-SCORE-B4
    crown(r, seat, events, moves_card=r.rules.grab is not Grab.ASKED_IN_TURN)
    r.guard = seat
    r.announce_roles(events)
    start_play(r, events)


# The grab round (R-EMP-Q6, R-WH-GRAB-1): asked in the bundle's order (from the first candidate
# towards previous seats) before the first candidate decides.
def grab_round(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "grab", "seat": seat})
    _settle_solo(r, seat, events)


def skip_grab(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "skip", "seat": seat, "step": "grab"})
    r.grab_asked += 1
    if r.grab_asked == SEATS:
        open_throne(r, events)
    else:
        r.turn = (seat - 1) % SEATS


# ----- Weihai's abdication (R-WH-THRONE-1..5) ----------------------------------------------
def abdicate(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    """The holder of both marked cards gives the emperor card to the seat after next and keeps
    the guard card: the receiver must take it (or, under ``abdicate_chain``, may refuse), and
    the abdicator is the new emperor's guard, known to all (R-WH-THRONE-5: 明保)."""
    if r.abdicator is not None or not (seat == r.emperor == r.guard):
        raise IllegalAction("only an emperor holding both marked cards may abdicate "
                            "(R-WH-THRONE-1)")
    to = passes_to(r)
    assert to is not None
    r.abdicator = seat
    r.emperor = None
    r.solo = False
    r.take(seat, BJ)
    r.bundle, r.card_in_hand = [BJ], False
    events.append({"type": "abdicate", "seat": seat, "to": to})
    events.append({"type": "reveal", "seat": seat, "solo": False, "by": "abdication"})
    r.guard_revealed = r.open_guard = True
    r.candidate = r.turn = to
    if r.rules.abdicate_chain:
        _offer(r, events)
    else:
        _crown_after_abdication(r, to, events)  # the receiver may not pass (R-WH-THRONE-4)


def _crown_after_abdication(r: RoundState, seat: int, events: list[Event]) -> None:
    crown(r, seat, events)
    r.guard = r.abdicator
    r.announce_roles(events)
    after_roles(r, events)


def _refuse(r: RoundState, seat: int, events: list[Event]) -> None:
    """abdicate_chain: the card moves on one seat at a time; when every other seat has refused,
    the abdicator has lost (R-WH-THRONE-4, scored as a lost hidden solo)."""
    if r.abdicator is None:
        raise IllegalAction("the holder of the emperor card is emperor (R-WH-THRONE-6)")
    to = passes_to(r)
    events.append({"type": "decline", "seat": seat, "auto": False, "added": None, "to": to})
    r.declines += 1
    if to is None:
        r.emperor = r.guard = r.abdicator
        r.solo = True
        r.give(r.abdicator, BJ)
        r.bundle = []
        r.phase = "refused"
        return
    r.candidate = r.turn = to
    _offer(r, events)


def shows_solo(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    """R-WH-ROLE-2: the holder of both marked cards shows the guard card before play: an open
    solo, with no 造反 and no 踢 (R-WH-DECL-4). In the W3 ring he ascends so."""
    if r.rules.throne.ascent is Ascent.OFFERED and seat == r.guard_card and not r.grabs:
        crown(r, seat, events)
        r.guard, r.solo = seat, True
        r.announce_roles(events)
    if r.abdicator is not None or not (seat == r.emperor == r.guard):
        raise IllegalAction("only an emperor holding both marked cards may show the guard card")
    r.open_solo = r.guard_revealed = True
    events.append({"type": "solo", "seat": seat})
    start_play(r, events)
