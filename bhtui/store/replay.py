"""Stepping through a recorded game: rebuild the match at any action from seed + actions.

Replaying from the start is cheap (a round is a few hundred actions of microseconds each), so
a step backwards simply replays to the earlier point; positions are cached as they are seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bhtui.rules import Action, Event, Match, get_preset
from bhtui.store.gamelog import GameLog


@dataclass
class Replay:
    """A game as a list of positions 0..len(actions): position k is after k actions."""

    preset: str
    options: dict[str, Any]
    seed: int
    rounds: int | None
    actions: list[tuple[int, Action]]
    names: list[str] = field(default_factory=lambda: [f"Seat {s}" for s in range(5)])
    events: list[list[Event]] = field(init=False)
    """events[k]: what action k (1-based position k) caused; events[0]: the first deal."""

    def __post_init__(self) -> None:
        match = self._fresh()
        self.events = [match.initial_events()]
        for seat, action in self.actions:
            self.events.append(match.apply(seat, action))
        self.finished = match.over
        self.final_totals = list(match.totals)
        self.round_starts = [0] + [
            k for k, evs in enumerate(self.events) if k and any(e["type"] == "totals" for e in evs)
        ]
        self.trick_ends = [k for k, evs in enumerate(self.events)
                           if any(e["type"] in ("trick", "round_end") for e in evs)]

    @classmethod
    def from_log(cls, log: GameLog) -> Replay:
        """The log's game under the rules it was played under (GameLogError if this bhtui
        plays another edition of them)."""
        h, rules = log.header, log.rules()
        names = [s.get("name") or f"Seat {i}" for i, s in enumerate(h.get("seats", []))] or None
        replay = cls(rules.name, rules.options(), h["seed"], h.get("rounds"), list(log.actions))
        if names and len(names) == 5:
            replay.names = names
        return replay

    def _fresh(self) -> Match:
        rules = get_preset(self.preset).with_options(**self.options)
        return Match(rules, self.seed, rounds=self.rounds)

    def __len__(self) -> int:
        return len(self.actions)

    def match_at(self, position: int) -> Match:
        """The match after ``position`` actions (0 = the first deal)."""
        position = max(0, min(position, len(self.actions)))
        match = self._fresh()
        for seat, action in self.actions[:position]:
            match.apply(seat, action)
        return match

    def events_until(self, position: int) -> list[Event]:
        return [e for evs in self.events[:position + 1] for e in evs]

    def next_trick(self, position: int) -> int:
        return next((k for k in self.trick_ends if k > position), len(self.actions))

    def previous_trick(self, position: int) -> int:
        return max((k for k in self.trick_ends if k < position), default=0)

    def round_start(self, number: int) -> int:
        """Position where round ``number`` (1-based) is dealt."""
        return self.round_starts[max(0, min(number, len(self.round_starts)) - 1)]
