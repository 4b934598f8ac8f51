"""Weihai's steps before play (R-WH-DECL-1..3) seen through in one deal: what a declaration
now leads to.

明保 and 造反 each double the stake (R-WH-MULT-1), and each opens the way to a 踢 that doubles
it again: whether one pays hangs on what the seats asked after it say. A search plays its
candidates out from the first lead, so for each deal it settles the steps still to come
here, every seat answering as ``normal`` does — its threshold on the hand's strength, the
hand as the deal has it — the searching seat too at the steps after this one. It follows
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
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS


class Declared(NamedTuple):
    """What the steps before play left: for the playout's position and its scoring."""

    revealed: bool
    open_guard: bool
    rebellion: bool
    kicks: int


def see_through(r: Reading, hands: Sequence[Sequence[int]], guard: int, say: str) -> Declared:
    """The steps from the one asking me now (``r.step``: 明保 or 造反, whose answers so far
    the reading holds) to the first lead, where I say ``say`` (the step's declaration or
    ``skip``) and every answer after mine is ``normal``'s on the dealt ``hands``; ``guard``
    is the deal's (the emperor: a hidden solo)."""
    emperor, me, rules = r.emperor, r.me, r.rules
    assert emperor is not None and r.step in ("open_guard", "rebel")
    ring = [(emperor + k) % SEATS for k in range(1, SEATS)]
    royals = {emperor, guard}
    revealed, open_guard = r.guard is not None, r.open_guard
    rebels = set(r.rebels)
    kicks: list[bool] = []
    """Each kick so far, by the rebels or not (none before these steps)."""

    def says(seat: int, at: float) -> bool:
        return strength(hands[seat]) >= at

    for step in STEPS[STEPS.index(r.step):]:
        first = step == r.step
        if step == "open_guard":
            if revealed:
                continue
            for seat in ring[ring.index(me):] if first else ring:
                if seat == guard != emperor and (
                        say == "open_guard" if seat == me else says(seat, OPEN_GUARD_AT)):
                    revealed = open_guard = True
                    break
        elif step == "rebel":
            if revealed or rules.rebellion_when is not When.ASKED:
                continue
            for seat in ring[ring.index(me):] if first else ring:
                if seat not in royals and seat not in rebels and (
                        say == "rebel" if seat == me else says(seat, REBEL_AT)):
                    rebels.add(seat)
            if len(rebels) >= 2:
                revealed = True
                open_guard = open_guard or guard != emperor
        elif rules.declare.kick and revealed and len(kicks) == (0 if step == "kick" else 1) and (
                step == "kick" or rules.rekick):
            by_rebels = not kicks[-1] if kicks else len(rebels) < 2
            asked = [s for s in ring if s not in royals] if by_rebels else [
                s for s in [*ring, emperor] if s in royals]
            if sum(says(seat, KICK_AT) for seat in asked) >= (2 if by_rebels else 1):
                kicks.append(by_rebels)
    return Declared(revealed, open_guard, len(rebels) >= 2, len(kicks))
