"""One seat's decisions in a recorded game, each weighed by ``hard``.

At every decision the seat took in its turn, ``hard`` is handed the seat's offer as its view
tells it (``Game.offer_of_view``, the remote bot's path: the view is all it gets, so no card
the seat could not see reaches the search) and appraises every candidate it would consider
on the same sampled deals. The move played is found among them by what it did (the seat's
own event when applied: the set or hand played, the bid, the call — not the suits a person
happened to pick); its cost is the best candidate's mean less its own, and a cost above
``MARK_AT`` marks it. Each decision's bot is seeded by its position, so an analysis is the
same wherever and whenever it runs.

Who decided: a table logs which actions at a person's seat he did not choose (托管, a bot
playing for him while he was away, the rules: ``GameLog.played_for``), and where the rules
prescribe the auto-player (Baohuang's ``strict_auto``, R-AUTO-2) the view says who is on
托管 too: those decisions are shown as 托管 and left out of the seat's mistakes. Logs from
before that was logged count them as his; a hint taken is not logged, so it is his own.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bhtui.cards import RANK_NAMES, card_text, parse_card
from bhtui.games import Action, Event, Game
from bhtui.store.replay import Replay
from bhtui.text import clean_text

PLAYOUTS = 64
"""Deals per decision, every candidate played out on each: about a fifth of a second to a
second a decision on one core (`bhtui analyse` prints seconds per round). At 32 a blunder
worth 2.4 points (spending 2 2 BJ BJ where passing wins: 2.4 at 400 deals) read 0.94."""
MARK_AT = 1.0
"""A move costing more than this (points of the round's expected score) is marked; below it
the difference is mostly the noise of 64 deals."""
CLOSE_AT = 0.5
"""Moves costing more than this, though not marked, are counted apart in a round's summary:
several just under the mark added up to most of a lost round that read "0 decisions cost
0.0 points"."""
VERSION = 5
"""Bumped when the same log and settings would analyse differently: a cache of another
version is not read. (2: hard's deals read the plays seen; Dou Dizhu's appraisal weighs
what its decide weighs. 3: the playouts keep an open solo's rebels on one side. 4: Weihai's
steps before play and its holder of both cards are weighed, with the role's edge; a seat
that paid tribute holds nothing above it. 5: each play with the cards it lays, and the
decisions 托管 took marked, by the rules or as the log says.)"""


class Cancelled(Exception):
    """The analysis was asked to stop before it was done."""


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed seat: what it played and what ``hard`` would have."""

    position: int
    """The action's index in the log: the replay shows it just after, at the first position
    after ``position + 1`` actions (``Replay.position_of``)."""
    round: int
    played: Action
    best: Action
    played_mean: float | None
    """The expected round score of the move played; None when it was none of hard's
    candidates (hard did not consider it worth weighing)."""
    best_mean: float
    candidates: int
    played_cards: tuple[str, ...] | None = None
    """The cards the move played laid (a play), None for any other move."""
    best_cards: tuple[str, ...] | None = None
    """The cards hard's choice would have laid from the same hand."""
    auto: bool = False
    """Taken by 托管 (as the rules prescribe it, R-AUTO-2, or played for the person as the
    log says: ``Replay.played_for``), not by the person: weighed, shown, never counted as his
    mistake."""

    @property
    def cost(self) -> float | None:
        """What the move played gave up against hard's choice (0 or more), None if unknown."""
        return None if self.played_mean is None else max(0.0, self.best_mean - self.played_mean)

    def figures(self, digits: int) -> tuple[float | None, float, float | None]:
        """The move's mean, hard's and the cost as a person reads them, to ``digits`` places:
        each mean rounded first, the cost the difference of the rounded means, so the three
        shown side by side agree (+1.2 and +2.3 cost 1.1, where the cost rounded on its own
        read 1.2). None for the move's mean and cost when hard did not weigh the move."""
        best = round(self.best_mean, digits)
        if self.played_mean is None:
            return None, best, None
        played = round(self.played_mean, digits)
        return played, best, round(max(0.0, best - played), digits)

    def marked(self, digits: int, mark_at: float = MARK_AT) -> bool:
        """A mistake of the seat's own: costly as its cost is shown to ``digits`` places
        (``figures``), and not 托管's. The unrounded cost marked a move whose cost read
        1.0, "more than 1 point"."""
        cost = self.figures(digits)[2]
        return not self.auto and cost is not None and cost > mark_at


@dataclass(frozen=True)
class RoundSummary:
    round: int
    analysed: int
    """The seat's own decisions weighed (not 托管's)."""
    marked: int
    cost: float
    """What the marked moves cost together."""
    auto: int = 0
    """Decisions 托管 took (``Decision.auto``), weighed but not counted."""
    close: int = 0
    """The seat's own moves costing more than ``CLOSE_AT``, not marked."""
    close_cost: float = 0.0
    """What those cost together."""


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

    def at(self, actions: int) -> Decision | None:
        """The decision that was the last of ``actions`` actions (shown just after it)."""
        return next((d for d in self.decisions if d.position + 1 == actions), None)

    def marks(self, digits: int, mark_at: float = MARK_AT) -> list[Decision]:
        """The decisions marked where their costs are shown to ``digits`` places."""
        return [d for d in self.decisions if d.marked(digits, mark_at)]

    def summary(self, digits: int, mark_at: float = MARK_AT) -> list[RoundSummary]:
        """Each round's counts, as marked where costs are shown to ``digits`` places; its
        costs the sums of the costs shown (``Decision.figures``), so a round's cost is what
        its lines add up to."""
        rounds: dict[int, list[Decision]] = {}
        for d in self.decisions:
            rounds.setdefault(d.round, []).append(d)
        out = []
        for number, ds in sorted(rounds.items()):
            marked = [d for d in ds if d.marked(digits, mark_at)]
            close = [d for d in ds if d.marked(digits, CLOSE_AT) and not d.marked(digits, mark_at)]
            auto = sum(d.auto for d in ds)
            out.append(RoundSummary(number, len(ds) - auto, len(marked), _sum(marked, digits),
                                    auto, len(close), _sum(close, digits)))
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
                                  float(d["best_mean"]), int(d["candidates"]),
                                  _cards(d["played_cards"]), _cards(d["best_cards"]),
                                  d["auto"] is True)
                         for d in data["decisions"]]
            return cls(int(data["seat"]), int(data["playouts"]), str(data["digest"]),
                       decisions, float(data["seconds"]), int(data["rounds"]))
        except (KeyError, TypeError, AttributeError, OverflowError) as exc:
            raise ValueError(f"not an analysis ({exc})") from None


def _sum(decisions: list[Decision], digits: int) -> float:
    """What ``decisions`` cost together, as the sum of their costs shown."""
    return round(sum(d.figures(digits)[2] or 0.0 for d in decisions), digits)


def _action(value: Any) -> Action:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise TypeError(f"not an action: {value!r:.40}")
    return value  # type: ignore[return-value]


RANK_TEXTS = frozenset(RANK_NAMES) | {"GC"}
"""A card without a suit, as a play known only by its set writes it (and Dou Dizhu's)."""


def _cards(value: Any) -> tuple[str, ...] | None:
    """Cards as a cache keeps them: each a card or a rank (a screen draws each by its suit:
    anything else from a file handed over with its log took the replay down)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(c, str) and (
            card_of(c) is not None or c in RANK_TEXTS) for c in value):
        raise TypeError(f"not cards: {value!r:.40}")
    return tuple(value)


def digest_of(replay: Replay) -> str:
    text = json.dumps(replay.actions, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def decisions_of(replay: Replay, seat: int) -> int:
    """How many actions the seat took (the most an analysis may weigh: its progress's end)."""
    return sum(1 for s, _ in replay.actions if s == seat)


def move_text(action: Action, cards: Sequence[str] | None,
              label: Callable[[str], str] = str) -> str:
    """A move as a person reads it, in one notation whoever made it: a play as the cards it
    laid, anything else as its type and values; each card as ``label`` writes it (the CLI's
    ``10H``, a screen's card style). A play whose cards are not known (hard's choice where
    托管 allowed the seat no other move, so it was never laid) is its set by ranks. Cleaned:
    the values are the log's."""
    if cards is None and action.get("type") == "play":
        cards = str(action.get("set") or action.get("hand") or "").split()
    if cards is not None:
        return clean_text(" ".join(label(card_of(c) or c) for c in cards))
    extra = [k if v is True else label(card) if k == "card" and (card := card_of(v)) else str(v)
             for k, v in sorted(action.items()) if k != "type" and v not in (None, False)]
    return clean_text(" ".join([str(action.get("type")), *extra]))


def card_of(value: object) -> str | None:
    """A card as the protocol writes it (``10H`` of ``th``), None for anything else."""
    try:
        return card_text(parse_card(value))  # type: ignore[arg-type]
    except (ValueError, TypeError, AttributeError):
        return None


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
                review.decisions.append(Decision(
                    d.position, d.round, action, d.best, mean, d.best_mean, d.candidates,
                    _laid(game, events, seat), d.best_cards, d.auto or k in replay.played_for))
                rounds.add(d.round)
            done += 1
            if progress is not None:
                progress(done, total)
    review.seconds, review.rounds = round(time.perf_counter() - started, 3), len(rounds)
    return review


def _weigh(game: Any, match: Any, seat: int, k: int, action: Action,
           playouts: int) -> tuple[Decision, list[tuple[str | None, Any]]] | None:
    """hard's appraisal of the seat's decision before action ``k``, each candidate with
    what it does, and whether 托管 took it (the view says who is on it where the rules
    prescribe the auto-player); None where hard does not search or the action is none of
    the offer's kinds (a table's 托管 switch)."""
    view = match.view(seat)
    offer = game.offer_of_view(view)
    if action.get("type") not in {a.get("type") for a in offer}:
        return None
    appraisals = game.make_bot("hard", k).appraise(offer, playouts)
    if not appraisals:
        return None
    saved = pickle.dumps(match)
    keyed: list[tuple[str | None, Any]] = []
    laid: list[tuple[str, ...] | None] = []
    for appraised in appraisals:
        copy = pickle.loads(saved)  # our own bytes, just made
        try:
            events = copy.apply(seat, appraised.action)
        except game.illegal:
            keyed.append((None, appraised))
            laid.append(None)
            continue
        keyed.append((_key(events, seat, appraised.action), appraised))
        laid.append(_laid(game, events, seat))
    best = appraisals[0]
    return Decision(k, int(view["round"]), action, best.action, None, best.mean,
                    len(appraisals), None, laid[0], _on_auto(view, seat)), keyed


def _on_auto(view: dict[str, Any], seat: int) -> bool:
    """Whether the view says the seat is on 托管 by the rules' auto-player (R-AUTO-2: its
    ``strict_auto``, public, from the table's ``auto`` actions in the log)."""
    on = (view.get("strict_auto") or {}).get("on") or ()
    return seat < len(on) and bool(on[seat])


def _laid(game: Game, events: list[Event], seat: int) -> tuple[str, ...] | None:
    """The cards the seat's play laid, as its event says (the suits the engine chose for a
    set named by ranks); None when the move was no play."""
    for event in events:
        moved = game.move_of(event)
        if moved is not None and moved[0] == seat and isinstance(moved[1], list):
            return tuple(moved[1])
    return None


def _key(events: list[Event], seat: int, action: Action) -> str:
    """What a move did, as the seat's first event says it (the set or hand, the bid, the
    call), without the suits of the cards: two plays of the same set are the same move."""
    for event in events:
        if event.get("seat") == seat and "private" not in event:
            return json.dumps({k: v for k, v in event.items() if k != "cards"}, sort_keys=True)
    return json.dumps(action, sort_keys=True)


def moves_said(replay: Replay, d: Decision) -> tuple[list[Event], list[Event]]:
    """What the move played did, as the log tells it, and what hard's choice would have
    done in its place (none where the engine refuses it): a move is worded by what it did,
    the same skip 不摊打 or 不报到, a pass in the bidding 不叫. A play is its cards: none
    is applied for one."""
    if not 0 <= d.position < len(replay.actions):
        return [], []
    seat, action = replay.actions[d.position]
    played = replay.events[d.position + 1]
    if d.best == action:
        return played, played
    if d.best.get("type") == "play":
        return played, []
    match = replay.match_at(d.position)
    try:
        return played, match.apply(seat, d.best)
    except replay.played.illegal:
        return played, []
