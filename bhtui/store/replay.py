"""Stepping through a recorded game: rebuild the match at any action from seed + actions.

The first pass through the game keeps a checkpoint (the match, pickled) at every deal and
every ``CHECKPOINT_EVERY`` actions, so any position costs one unpickling and at most that many
actions: stepping through a 20-round game stays instant wherever one jumps.

A reader steps through *positions* (:class:`Position`): one after each action, and two after
an action that ended a round and so dealt the next (the engine does both in that action):
the round just over, its last set still on the table, then the new deal.
"""

from __future__ import annotations

import pickle
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from bhtui.games import DEFAULT_GAME, Action, Event, GameMatch, rules_named
from bhtui.store.gamelog import MAX_TEXT, GameLog
from bhtui.text import clean_line

CHECKPOINT_EVERY = 64


class Position(NamedTuple):
    """A step of the replay: the game after ``actions`` actions, and what its log tells there."""

    actions: int
    events: list[Event]
    """The events the log tells at this step: those action ``actions`` caused (the first
    deal's at 0), or where it ended a round and dealt the next, their part before the deal
    (``ended``) or from it (``dealt``)."""
    ended: bool = False
    """The round that action ended, as it stood before the next deal: its last set on the
    table, its places, its result."""
    dealt: bool = False
    """The next round's deal, dealt by the same action: the position after the ``ended`` one."""


@dataclass
class Replay:
    """A game as its actions (``match_at(k)``: after k of them, 0..len) and the positions a
    reader steps through (``positions``, 0..``last``; :class:`Position`)."""

    preset: str
    options: dict[str, Any]
    seed: int | str
    rounds: int | None
    actions: list[tuple[int, Action]]
    names: list[str] = field(default_factory=list)
    """The seats' names (Seat 0, Seat 1 … when left out; a log's cleaned, :func:`_name`)."""
    game: str = DEFAULT_GAME
    people: int | None = None
    """How many seats a person took (the log header's seats without a bot); None: unknown."""
    persons: list[int] = field(default_factory=list)
    """The seats a person took, as the log header names them."""
    path: Path | None = None
    """The log it was read from (an analysis is kept beside it)."""
    played_for: frozenset[int] = frozenset()
    """Which actions (by index) a person's seat did not choose (``GameLog.played_for``)."""
    hosted: bool = False
    """A table served on the network (its log's header names a door), not a game against bots."""
    keeper: int | None = None
    """The seat its host sat at from his own screen, whose log this is (``GameLog.keeper``);
    None: nowhere, or a log from before it was kept."""
    events: list[list[Event]] = field(init=False)
    """events[k]: what the k-th action (1-based) caused; events[0]: the first deal."""
    positions: list[Position] = field(init=False)
    """The steps a reader goes through, in order: a position after each action, two after
    one that ended a round and dealt the next (:class:`Position`)."""

    def __post_init__(self) -> None:
        self.played, self.rules = rules_named(self.preset, self.game, self.options)
        self.seats = self.played.seats(self.rules)
        if len(self.names) != self.seats:
            self.names = [f"Seat {s}" for s in range(self.seats)]
        match = self._fresh()
        self.events = [match.initial_events()]
        self._checkpoints: list[tuple[int, bytes]] = [(0, pickle.dumps(match))]
        for k, (seat, action) in enumerate(self.actions, start=1):
            events = match.apply(seat, action)
            self.events.append(events)
            since = k - self._checkpoints[-1][0]
            if since >= CHECKPOINT_EVERY or any(e["type"] == "totals" for e in events):
                self._checkpoints.append((k, pickle.dumps(match)))
        self.finished = match.over
        self.final_totals = list(match.totals)
        self.round_starts = [0] + [
            k for k, evs in enumerate(self.events) if k and any(e["type"] == "totals" for e in evs)
        ]
        ends = ("trick", self.played.round_end)
        self.trick_ends = [k for k, evs in enumerate(self.events)
                           if any(e["type"] in ends for e in evs)]
        """The actions after which a trick or a round is over."""
        self.positions = [part for k, events in enumerate(self.events)
                          for part in self._positions(k, events)]
        self._trick_positions = [self.position_of(k, dealt=False) for k in self.trick_ends]

    def _positions(self, k: int, events: list[Event]) -> list[Position]:
        """The positions after ``k`` actions, ``events`` what the last caused: two where it
        ended a round and the engine dealt the next in the same action (its ``Match`` keeps
        only the round it dealt: the one over would never be on screen but the last)."""
        end = next((i for i, e in enumerate(events) if e["type"] == self.played.round_end), None)
        deal = None if end is None else next(
            (i for i in range(end, len(events)) if events[i]["type"] == "deal"), None)
        if deal is None:
            return [Position(k, events)]
        return [Position(k, events[:deal], ended=True), Position(k, events[deal:], dealt=True)]

    @classmethod
    def from_log(cls, log: GameLog) -> Replay:
        """The log's game under the rules it was played under (GameLogError if this bhtui
        plays another edition of them, or the header's seed or rounds are damaged)."""
        h, (game, rules) = log.header, log.rules()
        seats = h.get("seats", [])
        names = [_name(s.get("name") if isinstance(s, dict) else None, i)
                 for i, s in enumerate(seats)]
        persons = [i for i, s in enumerate(seats) if isinstance(s, dict) and not s.get("bot")] \
            if isinstance(seats, list) else []
        seed, rounds = log.seed_and_rounds()
        return cls(rules.name, rules.options(), seed, rounds, list(log.actions), names,
                   game.name, len(persons) if isinstance(seats, list) else None, persons,
                   log.path, frozenset(log.played_for), "door" in h,
                   log.keeper(game.seats(rules)))

    @property
    def hands_open(self) -> bool:
        """Every hand may be shown: the game is over, or nobody but one person sat at it (a
        game against bots: the only player to hide them from is the one watching)."""
        return self.finished or (self.people is not None and self.people <= 1)

    @property
    def own_seat(self) -> int:
        """The seat whose game this is: its keeper's, else the first a person took (seat 0
        if none did)."""
        if self.keeper is not None:
            return self.keeper
        return self.persons[0] if self.persons else 0

    @property
    def own_known(self) -> bool:
        """Whether whose seat ``own_seat`` is is known: the log's keeper sat there, or
        nobody else sat at the table (a game against bots)."""
        return self.keeper is not None or self.people == 1

    def may_see(self, seat: int) -> bool:
        """Whether ``seat``'s hand may be shown, analysed or played on for whoever watches:
        any once every hand may be shown, before that his own where it is known to be his
        (``own_known``). Without a keeper the first person's seat is only a guess: a host
        may sit anywhere, and that seat could be a friend's."""
        return self.hands_open or (self.own_known and seat == self.own_seat)

    def _fresh(self) -> GameMatch:
        """The match at the first deal. Its actions are ``self.actions``: it keeps only the
        latest, or each checkpoint would pickle all those before it again (quadratic: a
        1,000-round log took gigabytes)."""
        match = self.played.new_match(self.rules, self.seed, self.rounds)
        match.keep_last(CHECKPOINT_EVERY)
        return match

    def __len__(self) -> int:
        return len(self.actions)

    def match_at(self, position: int) -> GameMatch:
        """The match after ``position`` actions (0 = the first deal)."""
        position = max(0, min(position, len(self.actions)))
        at = bisect_right(self._checkpoints, position, key=lambda c: c[0]) - 1
        start, saved = self._checkpoints[at]
        match: GameMatch = pickle.loads(saved)  # our own bytes, made above from this log
        for seat, action in self.actions[start:position]:
            match.apply(seat, action)
        return match

    @property
    def last(self) -> int:
        """The last position: the game's end, or as far as its log goes."""
        return len(self.positions) - 1

    def position_of(self, actions: int, dealt: bool = True) -> int:
        """The position after ``actions`` actions; where the last of them ended a round, the
        next deal's (``dealt``) or the round's end."""
        find = bisect_right if dealt else bisect_left
        at = find(self.positions, actions, key=lambda p: p.actions) - (1 if dealt else 0)
        return max(0, min(at, self.last))

    def shown_at(self, position: int) -> GameMatch:
        """The match as ``position`` shows it, to be viewed (never played on: the table
        plays on from its actions). At a round's end before the next deal that is the match
        after the action with the round it ended put back: the engine dealt the next round
        within that action and keeps only it, but a deal makes a new round and leaves the
        one over as it was."""
        actions, _, ended, _ = self.positions[max(0, min(position, self.last))]
        if not ended:
            return self.match_at(actions)
        match: Any = self.match_at(actions - 1)  # (``round``: both engines', not the contract's)
        over = match.round
        match.apply(*self.actions[actions - 1])
        match.round = over
        shown: GameMatch = match
        return shown

    def next_trick(self, position: int) -> int:
        """The position of the next trick's or round's end after ``position`` (the last)."""
        return next((p for p in self._trick_positions if p > position), self.last)

    def previous_trick(self, position: int) -> int:
        """The position of the latest trick's or round's end before ``position`` (0)."""
        return max((p for p in self._trick_positions if p < position), default=0)

    def round_start(self, number: int) -> int:
        """How many actions there are before round ``number`` (1-based) is dealt."""
        return self.round_starts[max(0, min(number, len(self.round_starts)) - 1)]


def _name(logged: object, seat: int) -> str:
    """A seat's name from a log as every screen and `bhtui analyse` print it: cleaned as the
    network cleans names (no escape sequence, line break or bidi override reaches a
    terminal; a log is a file anyone may hand over), ``Seat N`` when nothing is left."""
    return clean_line(str(logged or ""), MAX_TEXT) or f"Seat {seat}"
