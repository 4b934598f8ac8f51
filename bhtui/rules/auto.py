"""托管 by seed 002's rules (R-AUTO-2, option ``strict_auto``) and the penalty for quitting
(R-AUTO-3, option ``quit_penalty``): what the table tells the match, and the auto-player that
plays by rule.

The table knows who is on 托管 and who quits; the match must know it too, since both change
the score: a round ending with every seat on 托管 is not scored, one ending with a person's
seat on it ends the match, and a quitter loses points at once. So the table applies them as
actions of the seat (``{"type": "auto", "on": …}``, ``{"type": "quit", "why": …}``) that no
client may send; they are logged and replayed like any other (R-SEED-1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bhtui.cards import parse_card
from bhtui.rules.choices import Choices
from bhtui.rules.errors import IllegalAction
from bhtui.rules.reading import Reading
from bhtui.rules.round import OUT_OF_TURN
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, format_set, parse_set, set_of_cards
from bhtui.wire import Action

AUTO_LIMIT = 3
"""R-AUTO-2: a seat put on 托管 more than this many times in one round stays on it."""
TABLE_ACTIONS = frozenset({"auto", "quit"})
"""The actions only the table applies (a client sends ``auto`` and ``leave`` instead)."""
QUIT_WHY = ("left", "removed")
_DECLARING = OUT_OF_TURN | {"solo", "kick", "abdicate"}
_DEFAULTS = ("pass", "decline", "skip")
"""R-AUTO-2's answers where a decision has one: pass when following, pass the throne on,
declare nothing."""


def _lowness(s: CardSet) -> tuple[int, ...]:
    """Lower first: natural cards by rank, then SJ, BJ, GC."""
    return (s.n == 0, s.gc, s.bj, s.sj, s.rank)


def strict_action(offer: Choices, keep_deal: bool = False) -> Action | None:
    """R-AUTO-2's auto-player: the default of every decision (pass when following, pass the
    throne on, declare nothing), the lowest single card as a lead (a hand that may lead no
    single leads the first set it may); a decision without a default — a forced accept, the
    emperor's call — is answered by the first choice offered that declares nothing. With
    ``keep_deal`` (passing the throne on would void the deal) it accepts: a table all on
    托管 would otherwise be dealt again for ever. None when the offer holds no decision of
    the seat's own."""
    rest = offer.rest
    for kind in _DEFAULTS:
        if keep_deal and kind == "decline":
            continue
        for action in rest:
            if action["type"] == kind:
                return action
    sets = offer.sets
    if len(sets):
        singles = [s for s in sets if s.size == 1]
        return offer.play(min(singles, key=_lowness) if singles else sets[0])
    return next((a for a in rest if a["type"] not in _DECLARING), None)


class StrictAuto:
    """R-AUTO-2's auto-player as a bot, for the table's seats on 托管: the rule's move, and
    never a declaration. Not a level: it is the rule itself."""

    name = "strict_auto"

    def decide(self, offer: Choices) -> Action:
        """The match offers a seat on 托管 the rule's one move: that is the move."""
        action = offer[0] if len(offer) == 1 else strict_action(offer)
        if action is None:
            raise ValueError("no decision of this seat's own is on offer")
        return action

    def interject(self, offer: Choices) -> Action | None:
        return None


def strict_offer(offer: Choices, read: Callable[[], Reading], keep_deal: bool) -> Choices:
    """The offer of a seat on 托管 under ``strict_auto``: the auto-player's one action."""
    action = strict_action(offer, keep_deal)
    if action is None:
        return Choices([], [], read)
    if action["type"] == "play":
        found = offer.set_of(action)
        assert found is not None
        return Choices([found], [], read)
    return Choices([], [action], read)


def same_action(action: Action, expected: Action) -> bool:
    """Whether ``action`` is the auto-player's ``expected`` one: for a play the same set,
    named by its text or by cards; anything else the same fields."""
    if not isinstance(action, dict) or action.get("type") != expected["type"]:
        return False
    if expected["type"] != "play":
        return action == expected
    text, cards = action.get("set"), action.get("cards")
    try:
        if isinstance(text, str):
            named = parse_set(text)
        elif isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            named = set_of_cards(parse_card(c) for c in cards)
        else:
            return False
    except ValueError:
        return False
    return format_set(named) == expected["set"]


@dataclass
class AutoState:
    """Who is on 托管 (the table says so) and how often each seat was put on it this round
    (R-AUTO-2); the points quitters lost this round (R-AUTO-3)."""

    on: list[bool] = field(default_factory=lambda: [False] * SEATS)
    times: list[int] = field(default_factory=lambda: [0] * SEATS)
    penalties: list[dict[str, int]] = field(default_factory=list)

    def stays(self, seat: int) -> bool:
        """Put on 托管 more than AUTO_LIMIT times this round: on until the round ends."""
        return self.times[seat] > AUTO_LIMIT

    def switch(self, seat: int, on: object) -> dict[str, object]:
        """Apply ``auto`` for ``seat``; IllegalAction (nothing changed) when refused."""
        if not isinstance(on, bool):
            raise IllegalAction("'auto' takes 'on', true or false")
        if on == self.on[seat]:
            raise IllegalAction(f"托管 is already {'on' if on else 'off'} for this seat")
        if not on and self.stays(seat):
            raise IllegalAction(f"托管 more than {AUTO_LIMIT} times this round: it stays on "
                                "until the round ends (R-AUTO-2)")
        self.on[seat] = on
        if on:
            self.times[seat] += 1
        return {"type": "auto", "seat": seat, "on": on, "times": self.times[seat],
                "stays": self.stays(seat)}

    def new_round(self) -> None:
        self.times = [0] * SEATS
        self.penalties = []

