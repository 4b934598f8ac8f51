"""Weihai's steps before play (R-WH-DECL-1..3) seen through in one deal: what a declaration
now leads to.

明保 and 造反 each double the stake (R-WH-MULT-1), and each opens the way to a 踢 that doubles
it again: whether one pays hangs on what the seats asked after it say. A search plays its
candidates out from the first lead, so for each deal it settles the steps still to come
here, every seat answering as ``normal`` does — its threshold on the hand's strength, the
hand as the deal has it — the searching seat too at the steps after this one, and the seats
asked before it at this step as they answered. It follows
the engine's order and counts (:mod:`bhtui.rules.declare`): each step asks the seats in
play order from the emperor's next seat; two rebels make a rebellion, which shows the guard;
two rebels kick after 明保, one royal after a rebellion; one kick a round, and one kick back
under ``rekick``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bhtui.bots.heuristic import KICK_AT, OPEN_GUARD_AT, REBEL_AT
from bhtui.bots.strength import strength
from bhtui.rules.declare import STEPS
from bhtui.rules.mechanisms import When
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS


class Declared(NamedTuple):
    """What the steps before play left: for the playout's position and its scoring."""

    revealed: bool
    open_guard: bool
    rebellion: bool
    kicks: int


class Asking(NamedTuple):
    """Where the steps stand: the step being asked (its seats from ``asker`` on still to
    answer; None: all of them) and what is public so far."""

    step: str
    asker: int | None
    emperor: int
    revealed: bool
    open_guard: bool
    rebels: frozenset[int]
    kickers: frozenset[int] = frozenset()
    """At a 踢 step, who said it before the asker."""


def asking(r: Reading) -> Asking:
    """The steps as my reading has them, at a step asking me (明保, 造反 or 踢)."""
    assert r.emperor is not None and r.step in STEPS
    return Asking(r.step, r.me, r.emperor, r.guard is not None, r.open_guard,
                  frozenset(r.rebels), frozenset(r.kickers))


def see_through(rules: RuleSet, hands: Sequence[list[int]], guard: int, at: Asking,
                say: str = "skip") -> Declared:
    """The steps from ``at`` to the first lead, where the asker says ``say`` (the step's
    declaration or ``skip``) and every other answer is ``normal``'s on the dealt ``hands``
    (the asker's too, at the steps after); ``guard`` is the deal's (the emperor: a hidden
    solo)."""
    emperor, me = at.emperor, at.asker
    ring = [(emperor + k) % SEATS for k in range(1, SEATS)]
    royals = {emperor, guard}
    revealed, open_guard, rebels = at.revealed, at.open_guard, set(at.rebels)
    kicks: list[bool] = [len(rebels) < 2] if at.step == "rekick" else []
    """Each kick so far, by the rebels or not (a re-kick step is asked after one kick)."""

    def says(seat: int, kind: str, threshold: float) -> bool:
        return say == kind if seat == me else strength(hands[seat]) >= threshold

    for step in STEPS[STEPS.index(at.step):]:
        seats = ring[ring.index(me):] if me in ring else ring
        if step == "open_guard":
            if not revealed and guard != emperor and guard in seats and says(
                    guard, "open_guard", OPEN_GUARD_AT):
                revealed = open_guard = True
        elif step == "rebel":
            if not revealed and rules.rebellion_when is When.ASKED:
                rebels.update(s for s in seats if s not in royals and s not in rebels
                              and says(s, "rebel", REBEL_AT))
                if len(rebels) >= 2:
                    revealed = True
                    open_guard = open_guard or guard != emperor
        elif rules.declare.kick and revealed and len(kicks) == (0 if step == "kick" else 1) and (
                step == "kick" or rules.rekick):
            by_rebels = not kicks[-1] if kicks else len(rebels) < 2
            asked = [s for s in ring if s not in royals] if by_rebels else [
                s for s in [*ring, emperor] if s in royals]
            said = asked[:asked.index(me)] if me in asked else []  # (answered in the open)
            if sum(s in at.kickers if s in said else says(s, "kick", KICK_AT)
                   for s in asked) >= (2 if by_rebels else 1):
                kicks.append(by_rebels)
        me = None  # (the asker's own answers after this step are normal's too)
    return Declared(revealed, open_guard, len(rebels) >= 2, len(kicks))
