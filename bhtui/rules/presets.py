"""Rule presets (§12): one engine, the rule sets differ only in these typed fields.

A preset is a choice of mechanisms (how the emperor is chosen, how the guard is found, how a
round is scored) plus the options a table may switch. Options are plain booleans so they cross
the wire as a dict and rebuild the same RuleSet on the other side.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Literal

Emperor = Literal["qingdao", "baike", "lianzhong"]
Guard = Literal["called", "card"]
Scoring = Literal["qingdao", "baike", "lianzhong"]

RULES_VERSION = 2
"""Which edition of the rules the engine plays. Raise it whenever the same preset, seed and
actions would play a different game, so logs of the old edition are refused rather than
replayed into another game. 1: the emperor card went to the next seat in qingdao and baike,
classic lianzhong had no 明独保 without four of a kind, the guard could 造反 and the doubling
needed a rebel win (and could stack with 明保). 2: docs/rules.md as revised for issue 10."""


@dataclass(frozen=True)
class RuleSet:
    """One table's rules: the preset's mechanisms, then the switchable options."""

    name: str
    deck_size: int = 216
    dealt_emperor_card: bool = False
    """R-EMP-L1: every card is dealt, the emperor card too; else one BJ is set aside (R-DEAL-1)."""
    emperor: Emperor = "qingdao"
    """Who becomes emperor: R-EMP-Q*, R-EMP-B* or R-EMP-L*."""
    needs_group: bool = True
    """Accepting the throne needs a callable group (R-EMP-Q2, R-EMP-L3), so a candidate
    without one passes it on by himself; baike takes the throne by calling instead."""
    attach: bool = False
    """R-EMP-L2 simple mode: a receiver who yields attaches a 2 or his highest card."""
    guard: Guard = "called"
    """The guard holds the called card (R-GUARD-1/2) or the marked guard card (R-GUARD-4)."""
    open_guard: bool = False
    """R-GUARD-5 明保: the guard may reveal himself before the first lead."""
    trick_yield: bool = False
    """R-TRICK-5 让牌."""
    tribute: bool = True
    scoring: Scoring = "qingdao"
    """Which of §8's tables scores a round (their points live in scoring.py)."""
    allowed: tuple[str, ...] = ("force_first", "grab_solo")
    """The options this preset knows (§12 table); only these may be switched."""
    force_first: bool = False
    """R-EMP-Q4 逼位: on his second decision the first candidate must accept if he can."""
    grab_solo: bool = False
    """R-EMP-Q6 / R-EMP-L5 抢独: a seat may grab an open solo before the emperor is settled."""
    kao: bool = False
    """R-PLAY-5 烤牌: jokers may be roasted by answers of another size."""
    bie6: bool = False
    """R-PLAY-6 憋6: 6s only in the set that empties the hand, all of them at once."""
    rebellion: bool = False
    """R-TRICK-7 造反."""

    @functools.cached_property
    def declarations(self) -> bool:
        """Whether any seat may ever act out of turn (抢庄, 抢独, 明保, 造反)."""
        return (self.emperor == "baike" or self.open_guard or self.rebellion
                or (self.emperor == "lianzhong" and self.grab_solo))

    def options(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in self.allowed}

    def with_options(self, **options: object) -> RuleSet:
        """A copy with options changed; ValueError lists the valid names on an unknown one."""
        for name, value in options.items():
            if name not in self.allowed:
                valid = ", ".join(self.allowed) or "none"
                raise ValueError(f"unknown option {name!r} for {self.name}; valid: {valid}")
            if not isinstance(value, bool):
                raise ValueError(f"option {name} takes true or false, not {value!r}")
        return dataclasses.replace(self, **options)  # type: ignore[arg-type]


_LIANZHONG = RuleSet(
    name="lianzhong-classic", deck_size=168, dealt_emperor_card=True, emperor="lianzhong",
    open_guard=True, tribute=False, scoring="lianzhong", allowed=("kao", "bie6", "grab_solo"),
)

PRESETS: dict[str, RuleSet] = {
    "qingdao": RuleSet(name="qingdao"),
    "baike": RuleSet(
        name="baike", emperor="baike", needs_group=False, open_guard=True, trick_yield=True,
        tribute=False, scoring="baike", allowed=(),
    ),
    "lianzhong-classic": _LIANZHONG,
    "lianzhong-simple": dataclasses.replace(
        _LIANZHONG, name="lianzhong-simple", needs_group=False, attach=True, guard="card",
        allowed=("kao", "bie6", "grab_solo", "rebellion"),
    ),
}


def get_preset(preset: str | RuleSet) -> RuleSet:
    """A RuleSet by name (ValueError lists the known ones), or the RuleSet itself."""
    if isinstance(preset, RuleSet):
        return preset
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(
            f"unknown preset {preset!r}; known: {', '.join(PRESETS)}"
        ) from None


def rules_of(view_or_room: dict[str, object]) -> RuleSet:
    """The RuleSet a view, room or log header names (preset + options)."""
    options = view_or_room.get("options") or {}
    assert isinstance(options, dict)
    name = view_or_room["preset"]
    assert isinstance(name, str)
    return _rules(name, tuple(sorted(options.items())))


@functools.lru_cache(maxsize=64)
def _rules(name: str, options: tuple[tuple[str, bool], ...]) -> RuleSet:
    """Views arrive many times a second with the same few rule sets: build each once."""
    return get_preset(name).with_options(**dict(options))
