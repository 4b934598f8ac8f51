"""Stepping through a recorded game: rebuild the match at any action from seed + actions.

Replaying from the start is cheap (a round is a few hundred actions of microseconds each), so
a step backwards simply replays to the earlier point; positions are cached as they are seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bhtui.games import DEFAULT_GAME, Action, Event, GameMatch, get_game
from bhtui.store.gamelog import GameLog


@dataclass
class Replay:
    """A game as a list of positions 0..len(actions): position k is after k actions."""

    preset: str
    options: dict[str, Any]
    seed: int | str
    rounds: int | None
    actions: list[tuple[int, Action]]
    names: list[str] = field(default_factory=list)
    """The seats' names (Seat 0, Seat 1 … when left out)."""
    game: str = DEFAULT_GAME
    events: list[list[Event]] = field(init=False)
    """events[k]: what action k (1-based position k) caused; events[0]: the first deal."""

    def __post_init__(self) -> None:
        self.played = get_game(self.game)
        self.rules = self.played.rules(self.preset, self.options)
        self.seats = self.played.seats(self.rules)
        if len(self.names) != self.seats:
            self.names = [f"Seat {s}" for s in range(self.seats)]
        match = self._fresh()
        self.events = [match.initial_events()]
        for seat, action in self.actions:
            self.events.append(match.apply(seat, action))
        self.finished = match.over
        self.final_totals = list(match.totals)
        self.round_starts = [0] + [
            k for k, evs in enumerate(self.events) if k and any(e["type"] == "totals" for e in evs)
        ]
        ends = ("trick", self.played.round_end)
        self.trick_ends = [k for k, evs in enumerate(self.events)
                           if any(e["type"] in ends for e in evs)]

    @classmethod
    def from_log(cls, log: GameLog) -> Replay:
        """The log's game under the rules it was played under (GameLogError if this bhtui
        plays another edition of them)."""
        h, (game, rules) = log.header, log.rules()
        names = [str(s.get("name") or f"Seat {i}") if isinstance(s, dict) else f"Seat {i}"
                 for i, s in enumerate(h.get("seats", []))]
        return cls(rules.name, rules.options(), h["seed"], h.get("rounds"), list(log.actions),
                   names, game.name)

    def _fresh(self) -> GameMatch:
        return self.played.new_match(self.rules, self.seed, self.rounds)

    def __len__(self) -> int:
        return len(self.actions)

    def match_at(self, position: int) -> GameMatch:
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
