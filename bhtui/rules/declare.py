"""After the throne: the roles settle, declarations are made, the first trick is led.

- Out of turn (R-GUARD-5 明保 before the first lead, R-TRICK-7 造反 during play): offered to
  whoever may make them whatever seat is to act (:func:`interjections`).
- Asked in turn (N3, R-WH-DECL-1): Weihai's 明保, 造反 and 踢 before the first lead, each a
  *step* asking the seats in a fixed order from the emperor's next seat. Every asked seat may
  say no (``skip``), and the seats asked do not depend on who is the guard, so neither whose
  turn it is nor how many events there are tells anybody a role (R-HIDE-2).
"""

from __future__ import annotations

from bhtui.cards import GC
from bhtui.rules.mechanisms import FirstLead, OpenSolo, When
from bhtui.rules.scoring import SEATS
from bhtui.rules.state import Action, Event, RoundState

STEPS = ("open_guard", "rebel", "kick", "rekick")


# ----- the guard, once the emperor is known ----------------------------------------------
def guard_by_card(r: RoundState, events: list[Event]) -> None:
    """R-GUARD-4: the holder of the marked small joker guards; the emperor holding it plays
    a hidden solo."""
    assert r.emperor is not None and r.guard_card is not None
    r.guard = r.guard_card
    r.solo = r.guard == r.emperor
    r.announce_roles(events)
    after_roles(r, events)


def promote_guard_card(r: RoundState, seat: int) -> None:
    """R-WF-RANK-1: from the call on, the fourth copy is a joker above BJ (GC), in the guard's
    hand or in a hidden solo's."""
    assert r.called is not None
    r.take(seat, r.called)
    r.give(seat, GC)


def after_roles(r: RoundState, events: list[Event]) -> None:
    """The emperor and the guard are settled: the declarations asked before play, then play."""
    if r.rules.declare.open_guard is When.ASKED and not r.open_solo:
        r.phase = "declare"
        _next_step(r, -1, events)
    else:
        start_play(r, events)


def start_play(r: RoundState, events: list[Event]) -> None:
    r.phase = "play"
    r.step, r.kickers = None, []  # (counted into ``kicks`` when their step ended)
    r.moment += 1
    lead = r.dealer if r.rules.first_lead is FirstLead.DEALER else r.emperor
    assert lead is not None  # the emperor or the dealer is known once play begins
    r.leader = r.turn = lead  # R-TRICK-1, R-WF-LEAD-1
    events.append({"type": "lead", "seat": lead, "jiefeng": False})


# ----- out of turn ------------------------------------------------------------------------
def interjections(r: RoundState, seat: int) -> list[Action]:
    """明保 (R-GUARD-5) and 造反 (R-TRICK-7) as declarations out of turn during play (asked
    of every seat at every trick: each condition is checked inline)."""
    if r.phase != "play":
        return []
    out: list[Action] = []
    if _may_open_guard(r, seat):
        out.append({"type": "open_guard"})
    guard = r.guard
    if (r.rules.rebels_in_play and guard is not None and seat != guard
            and seat != r.emperor and seat not in r.rebels):
        out.append({"type": "rebel"})  # private to the seat: the guard's lack of it tells nothing
    return out


def open_in_play(r: RoundState) -> bool:
    """Whether any seat may declare out of turn now: false for most of a round (after the
    first lead, unless 造反 is declared in play and a rebel has yet to), so nobody asks every
    seat every trick."""
    if r.phase != "play":
        return False
    if r.rules.rebels_in_play and r.guard is not None:
        rebels = SEATS - 1 if r.guard == r.emperor else SEATS - 2
        if len(r.rebels) < rebels:
            return True
    return (r.rules.declare.open_guard is When.BEFORE_LEAD and not r.first_lead_played
            and not r.guard_revealed)


def _may_open_guard(r: RoundState, seat: int) -> bool:
    """R-GUARD-5: the guard, before the first lead; in lianzhong-simple also the emperor
    holding the guard card, who may declare his hidden solo (R-GUARD-4)."""
    return (
        r.rules.declare.open_guard is When.BEFORE_LEAD and not r.first_lead_played
        and not r.guard_revealed and seat == r.guard
        and (seat != r.emperor or r.rules.guard.open_solo is OpenSolo.DECLARED_HOLDER)
    )


def open_guard(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    r.guard_revealed = True
    if seat == r.emperor:
        r.open_solo = True  # a declared solo (R-GUARD-4)
    else:
        r.open_guard = True
    events.append({"type": "open_guard", "seat": seat, "solo": seat == r.emperor})
    if r.phase == "declare":
        _answered(r, seat, events)


def rebel(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    """R-TRICK-7 / R-WH-DECL-2: the second declaration is a successful rebellion (造反成功): a
    hidden guard or solo is revealed, and the guard counts as open from then on (明保). The
    doubling itself is scoring's: once, whoever wins."""
    r.rebels.append(seat)
    events.append({"type": "rebel", "seat": seat})
    if len(r.rebels) == 2:
        if r.guard != r.emperor:
            r.open_guard = True  # never doubles twice: see R-SCORE-L1
        if not r.guard_revealed:
            assert r.guard is not None  # two rebels: every role is known
            r.guard_revealed = True
            events.append({"type": "reveal", "seat": r.guard, "solo": r.solo, "by": "rebellion"})
    if r.phase == "declare":
        _answered(r, seat, events)


# ----- asked in turn (R-WH-DECL-1) -------------------------------------------------------
def step_actions(r: RoundState, seat: int) -> list[Action]:
    """What the asked seat may say at this step; ``skip`` always."""
    say: list[Action] = []
    if r.step == "open_guard" and seat == r.guard and seat != r.emperor:
        say.append({"type": "open_guard"})
    elif r.step == "rebel" and r.role_of(seat) == "rebel" and seat not in r.rebels:
        say.append({"type": "rebel"})
    elif r.step in ("kick", "rekick"):
        say.append({"type": "kick"})
    return say + [{"type": "skip"}]


def kick(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    """R-WH-DECL-3 踢: counted when the step ends."""
    r.kickers.append(seat)
    events.append({"type": "kick", "seat": seat})
    _answered(r, seat, events)


def skip(r: RoundState, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "skip", "seat": seat, "step": r.step})
    _answered(r, seat, events)


def _answered(r: RoundState, seat: int, events: list[Event]) -> None:
    r.asking.pop(0)
    if r.step in ("open_guard", "rebel") and r.guard_revealed:
        r.asking = []  # 明保 said, or 造反成功: nobody else has anything to say at this step
    if r.asking:
        r.turn = r.asking[0]
        return
    step = r.step
    assert step is not None
    if step in ("kick", "rekick"):
        side = _kicking_side(r)
        if side is not None and len(r.kickers) >= (2 if side == "rebels" else 1):
            r.kicks.append(side)
            events.append({"type": "kicked", "side": side, "kicks": len(r.kicks)})
    _next_step(r, STEPS.index(step), events)


def _next_step(r: RoundState, done: int, events: list[Event]) -> None:
    for step in STEPS[done + 1:]:
        seats = _asked(r, step)
        if seats:
            r.step, r.asking, r.kickers = step, seats, []
            r.turn = seats[0]
            r.moment += 1
            events.append({"type": "ask", "step": step, "seats": list(seats)})
            return
    start_play(r, events)


def _asked(r: RoundState, step: str) -> list[int]:
    """The seats a step asks, in play order from the emperor's next seat."""
    assert r.emperor is not None
    ring = [(r.emperor + k) % SEATS for k in range(1, SEATS)]
    if step == "open_guard":  # R-WH-DECL-1.3: every other seat, so the guard is not told
        return [] if r.guard_revealed else ring
    if step == "rebel":  # R-WH-DECL-2: while the guard is hidden
        return [] if r.guard_revealed or r.rules.rebellion_when is not When.ASKED else ring
    kicks = r.rules.declare.kick
    if not kicks or len(r.kicks) != (0 if step == "kick" else 1) or (
            step == "rekick" and not r.rules.rekick):
        return []  # one kick a round, and one re-kick under the option
    side = _kicking_side(r)
    if side is None:
        return []
    royals = {r.emperor, r.guard}
    if side == "rebels":
        return [s for s in ring if s not in royals]
    return [s for s in [*ring, r.emperor] if s in royals]


def _kicking_side(r: RoundState) -> str | None:
    """R-WH-DECL-3: after 明保 (or an abdication) the rebels kick; after a successful 造反 the
    emperor or the guard; a re-kick (option) is the other side's answer."""
    if not r.guard_revealed:
        return None
    first = "royals" if r.rebellion else "rebels"
    if not r.kicks:
        return first
    return "rebels" if r.kicks[-1] == "royals" else "royals"

