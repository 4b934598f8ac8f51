"""One seat's decisions in a recorded game, each weighed by ``hard``.

At every decision the seat took in its turn, ``hard`` is handed the seat's offer as its view
tells it (``Game.offer_of_view``, the remote bot's path: the view is all it gets, so no card
the seat could not see reaches the search) and appraises every candidate it would consider
on the same sampled deals. The move played is found among them by what it did (the seat's
own event when applied: the set or hand played, the bid, the call — not the suits a person
happened to pick); its cost is the best candidate's mean less its own, and a cost above
``MARK_AT`` marks it. Each decision's bot is seeded by its position, so an analysis is the
same wherever and whenever it runs.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from bhtui.games import Action, Event
from bhtui.store.replay import Replay

PLAYOUTS = 64
"""Deals per decision, every candidate played out on each: about a fifth of a second to a
second a decision on one core (`bhtui analyse` prints seconds per round). At 32 a blunder
worth 2.4 points (spending 2 2 BJ BJ where passing wins: 2.4 at 400 deals) read 0.94."""
MARK_AT = 1.0
"""A move costing more than this (points of the round's expected score) is marked; below it
the difference is mostly the noise of 64 deals."""
VERSION = 4
"""Bumped when the same log and settings would analyse differently: a cache of another
version is not read. (2: hard's deals read the plays seen; Dou Dizhu's appraisal weighs
what its decide weighs. 3: the playouts keep an open solo's rebels on one side. 4: Weihai's
steps before play and its holder of both cards are weighed, with the role's edge; a seat
that paid tribute holds nothing above it.)"""


class Cancelled(Exception):
    """The analysis was asked to stop before it was done."""


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed seat: what it played and what ``hard`` would have."""

    position: int
    """The action's index in the log: the replay shows it at position ``position + 1``."""
    round: int
    played: Action
    best: Action
    played_mean: float | None
    """The expected round score of the move played; None when it was none of hard's
    candidates (hard did not consider it worth weighing)."""
    best_mean: float
    candidates: int

    @property
    def cost(self) -> float | None:
        """What the move played gave up against hard's choice (0 or more), None if unknown."""
        return None if self.played_mean is None else max(0.0, self.best_mean - self.played_mean)

    def marked(self, mark_at: float = MARK_AT) -> bool:
        cost = self.cost
        return cost is not None and cost > mark_at


@dataclass(frozen=True)
class RoundSummary:
    round: int
    analysed: int
    marked: int
    cost: float
    """What the marked moves cost together."""


@dataclass
class Review:
    """An analysis of one seat over a log's actions (all of them, as the log held them)."""

    seat: int
    playouts: int
    digest: str
    """Of the log's actions: a cache is for the very game it was made from."""
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0
    rounds: int = 0
    """Rounds in which the seat made a decision analysed."""

    def at(self, position: int) -> Decision | None:
        """The decision shown at replay position ``position`` (just after it was taken)."""
        return next((d for d in self.decisions if d.position + 1 == position), None)

    def marks(self, mark_at: float = MARK_AT) -> list[Decision]:
        return [d for d in self.decisions if d.marked(mark_at)]

    def summary(self, mark_at: float = MARK_AT) -> list[RoundSummary]:
        rounds: dict[int, list[Decision]] = {}
        for d in self.decisions:
            rounds.setdefault(d.round, []).append(d)
        out = []
        for number, ds in sorted(rounds.items()):
            marked = [d for d in ds if d.marked(mark_at)]
            out.append(RoundSummary(number, len(ds), len(marked),
                                    round(sum(d.cost or 0.0 for d in marked), 2)))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "seat": self.seat, "playouts": self.playouts,
                "digest": self.digest, "seconds": self.seconds, "rounds": self.rounds,
                "decisions": [asdict(d) for d in self.decisions]}

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """A review as ``as_dict`` wrote it; ValueError for anything else."""
        try:
            if data["version"] != VERSION:
                raise ValueError(f"an analysis of version {data['version']!r}")
            decisions = [Decision(int(d["position"]), int(d["round"]), _action(d["played"]),
                                  _action(d["best"]),
                                  None if d["played_mean"] is None else float(d["played_mean"]),
                                  float(d["best_mean"]), int(d["candidates"]))
                         for d in data["decisions"]]
            return cls(int(data["seat"]), int(data["playouts"]), str(data["digest"]),
                       decisions, float(data["seconds"]), int(data["rounds"]))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an analysis ({exc})") from None


def _action(value: Any) -> Action:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise TypeError(f"not an action: {value!r:.40}")
    return value  # type: ignore[return-value]


def digest_of(replay: Replay) -> str:
    text = json.dumps(replay.actions, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def decisions_of(replay: Replay, seat: int) -> int:
    """How many actions the seat took (the most an analysis may weigh: its progress's end)."""
    return sum(1 for s, _ in replay.actions if s == seat)


def action_text(action: Action) -> str:
    """A move in the log's notation: the set or hand played, else its type and values."""
    if action.get("type") == "play":
        played = action.get("set") or action.get("hand") or " ".join(action.get("cards", ()))
        return str(played)
    extra = [k if v is True else str(v) for k, v in sorted(action.items())
             if k != "type" and v not in (None, False)]
    return " ".join([str(action.get("type")), *extra])


def analyse(replay: Replay, seat: int, playouts: int = PLAYOUTS,
            progress: Callable[[int, int], None] | None = None,
            stop: threading.Event | None = None) -> Review:
    """``seat``'s decisions in ``replay`` weighed by hard (``playouts`` deals each);
    ``progress(done, total)`` after each of the seat's actions; Cancelled once ``stop`` is
    set. ValueError for a seat the game does not have."""
    if not 0 <= seat < replay.seats:
        raise ValueError(f"seat {seat} is not at this table (seats 0 to {replay.seats - 1})")
    game, started = replay.played, time.perf_counter()
    review = Review(seat, playouts, digest_of(replay))
    total, done, rounds = decisions_of(replay, seat), 0, set()
    match = replay.match_at(0)
    for k, (s, action) in enumerate(replay.actions):
        if stop is not None and stop.is_set():
            raise Cancelled
        decision = None
        if s == seat and match.to_act == seat:
            decision = _weigh(game, match, seat, k, action, playouts)
        events = match.apply(s, action)
        if s == seat:
            if decision is not None:
                played, mean = _key(events, seat, action), None
                for key, appraised in decision[1]:
                    if key == played:
                        mean = appraised.mean
                d: Decision = decision[0]
                review.decisions.append(Decision(d.position, d.round, action, d.best, mean,
                                                 d.best_mean, d.candidates))
                rounds.add(d.round)
            done += 1
            if progress is not None:
                progress(done, total)
    review.seconds, review.rounds = round(time.perf_counter() - started, 3), len(rounds)
    return review


def _weigh(game: Any, match: Any, seat: int, k: int, action: Action,
           playouts: int) -> tuple[Decision, list[tuple[str | None, Any]]] | None:
    """hard's appraisal of the seat's decision before action ``k``, each candidate with
    what it does; None where hard does not search or the action is none of the offer's
    kinds (a table's 托管 switch)."""
    view = match.view(seat)
    offer = game.offer_of_view(view)
    if action.get("type") not in {a.get("type") for a in offer}:
        return None
    appraisals = game.make_bot("hard", k).appraise(offer, playouts)
    if not appraisals:
        return None
    saved = pickle.dumps(match)
    keyed: list[tuple[str | None, Any]] = []
    for appraised in appraisals:
        copy = pickle.loads(saved)  # our own bytes, just made
        try:
            keyed.append((_key(copy.apply(seat, appraised.action), seat, appraised.action),
                          appraised))
        except game.illegal:
            keyed.append((None, appraised))
    best = appraisals[0]
    return Decision(k, int(view["round"]), action, best.action, None, best.mean,
                    len(appraisals)), keyed


def _key(events: list[Event], seat: int, action: Action) -> str:
    """What a move did, as the seat's first event says it (the set or hand, the bid, the
    call), without the suits of the cards: two plays of the same set are the same move."""
    for event in events:
        if event.get("seat") == seat and "private" not in event:
            return json.dumps({k: v for k, v in event.items() if k != "cards"}, sort_keys=True)
    return json.dumps(action, sort_keys=True)
