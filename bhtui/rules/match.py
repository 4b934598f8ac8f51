"""A match: rounds with running totals (R-MATCH-1), redeals, and the action log.

The match is the engine's whole surface: ``legal_actions(seat)``, ``apply(seat, action)``,
``view(viewer)``. Its seed and the list of applied actions replay it bit for bit (R-SEED-1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

from bhtui.actionlog import ActionLog
from bhtui.cards import card_text
from bhtui.rules.auto import QUIT_WHY, TABLE_ACTIONS, AutoState, same_action, strict_action, strict_offer
from bhtui.rules.choices import Choices
from bhtui.rules.deal import Deal
from bhtui.rules.errors import IllegalAction
from bhtui.rules.presets import QINGDAO, RuleSet
from bhtui.rules.reading import Reading, reading_of
from bhtui.rules.round import Action, Event, Round
from bhtui.rules.scoring import SEATS, RoundResult
from bhtui.rules.seeding import Seed
from bhtui.rules.state import purchases_record, transfers_record
from bhtui.rules.throne import passes_to
from bhtui.rules.views import match_view
from bhtui.wire import BaohuangRow, BaohuangView, Purchase, Transfer, Viewer


@dataclass
class RoundRecord:
    """A finished round as the score pane, the sim report and the next tribute see it."""

    number: int
    redeals: int
    called: str | None
    grab: bool
    tribute: list[Transfer]
    result: RoundResult
    bought: list[Purchase] = field(default_factory=list)
    scored: bool = True
    """False: every seat was on 托管 when it ended (R-AUTO-2), its scores count for nothing."""
    penalties: list[dict[str, int]] = field(default_factory=list)
    """Points lost at once by seats that quit during it (R-AUTO-3), beside its scores."""

    def as_dict(self) -> dict[str, Any]:
        """Public facts enough to recompute the scores: places, roles, what multiplied them
        (明保, 造反, 踢, bombs: N2), who was stuck (闷) by whom, and the cards that changed hands
        before the throne (买3, tribute)."""
        r = self.result
        return {
            "round": self.number, "emperor": r.emperor, "guard": r.guard, "solo": r.solo,
            "open_solo": r.open_solo, "open_guard": r.open_guard, "grab": self.grab,
            "rebels": list(r.rebels), "called": self.called,
            "redeals": self.redeals, "places": list(r.places), "scores": list(r.scores),
            "winner": r.winner, "tribute": self.tribute, "bought": self.bought,
            "abdicated": r.abdicated, "kicks": r.kicks, "bombs": r.bombs,
            "multiplier": r.multiplier,
            "stuck": [{"seat": s, "by": by, "place": r.places[s]} for s, by in r.stuck],
            "scored": self.scored, "penalties": self.penalties,
        }


@dataclass
class Match:
    """One match of ``rounds`` rounds (None: no limit) or until a total reaches ``target``,
    under ``rules`` (a RuleSet: a name is resolved before, by ``get_preset`` or at the
    table's edge)."""

    rules: RuleSet = QINGDAO
    seed: Seed = 0
    rounds: int | None = None
    target: int | None = None
    first_deal: Deal | None = None
    """A given first deal (tests, the rules demo) instead of the seeded shuffle."""
    round: Round = field(init=False)
    records: list[RoundRecord] = field(init=False, default_factory=list)
    totals: list[int] = field(init=False, default_factory=lambda: [0] * SEATS)
    _log: ActionLog = field(init=False, default_factory=ActionLog, repr=False)
    """Who acted and what, as two flat lists (see :class:`bhtui.actionlog.ActionLog`)."""
    history: list[BaohuangRow] = field(init=False, default_factory=list)
    """``records`` as plain dicts with the totals after each, made once: the host sends each
    to every viewer when its round ends (views carry only the totals)."""
    over: bool = field(init=False, default=False)
    auto: AutoState = field(init=False, default_factory=AutoState)
    """Who is on 托管, as the table says (R-AUTO-2), and what quitters lost (R-AUTO-3)."""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            raise TypeError(f"a match is played under a RuleSet, not {self.rules!r} "
                            f"(get_preset finds one by name)")
        if self.rounds is not None and self.rounds < 1:
            raise ValueError("a match needs at least one round")
        self._start_events = self._new_round(1, 0, None, self.first_deal)

    def _new_round(self, number: int, redeal: int, previous: RoundResult | None,
                   deal: Deal | None = None) -> list[Event]:
        """Deal round ``number``; a deal void before anyone acted (nobody can call, so every
        candidate declines by himself) is dealt again at once with the next redeal number."""
        events: list[Event] = []
        while True:
            self.round = Round(self.rules, self.seed, number, redeal, previous, deal)
            events.extend(self._deal_events())
            if self.round.phase != "void":
                return events
            redeal, deal = redeal + 1, None

    def _deal_events(self) -> list[Event]:
        r = self.round
        deal: Event = {
            "type": "deal", "round": r.number, "redeal": r.redeal,
            "first_candidate": r.first_candidate,
            "counts": [r.count(s) for s in range(SEATS)],
        }
        return [deal, *r.events]

    def initial_events(self) -> list[Event]:
        """Events of the first deal, before any action."""
        return list(self._start_events)

    @property
    def actions(self) -> ActionLog:
        """Every applied action in order as (seat, action) pairs: with the seed, the match
        (R-SEED-1). After :meth:`keep_last`, only the latest are kept."""
        return self._log

    def keep_last(self, n: int) -> None:
        """Keep only about the last ``n`` actions in memory: a table's endless match, whose
        game log on disk holds them all (replays and resumes read that)."""
        self._log.keep_last(n)

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.round.turn  # (the round's to_act, asked often)

    def legal_actions(self, seat: int) -> Choices:
        """What ``seat`` may do now: its turn's actions and any out-of-turn declarations,
        with its reading (``.reading``). Hand one of them back to :meth:`apply` as it is: a
        play offered here is applied without being parsed and checked again."""
        if self.over:
            return Choices([], [], partial(self.reading, seat))
        if self.rules.strict_auto and self.auto.on[seat]:  # R-AUTO-2: the rule's move only
            read = partial(self.reading, seat)
            if seat != self.round.turn:
                return Choices([], [], read)
            return strict_offer(self.round.legal_actions(seat), read, self._keeps_deal())
        return self.round.legal_actions(seat)

    def reading(self, seat: int) -> Reading:
        """What ``seat`` knows now, as numbers: the twin of ``view(seat)`` for bots."""
        return reading_of(self.round, seat, over=True) if self.over else self.round.reading(seat)

    def interjections(self, seat: int) -> Choices:
        """Declarations ``seat`` may make whoever is to act (抢庄, 抢独, 明保, 造反), with
        its reading."""
        quiet = self.over or (self.rules.strict_auto and self.auto.on[seat])
        return Choices([], [] if quiet else self.round.interjections(seat),
                       partial(self.reading, seat))

    @property
    def interjecting(self) -> bool:
        """Whether any seat may declare out of turn now: when not, nobody need be asked.
        Asked before every decision: most of a round, the round's flag answers at once."""
        r = self.round
        return not (r.quiet or self.over) and r.interjecting

    @property
    def moment(self) -> tuple[int, int, int]:
        """Changes whenever a new declaration may be wanted: ask a bot once per moment."""
        return (self.round.number, self.round.redeal, self.round.moment)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action; IllegalAction with a reason (nothing changed) when refused."""
        if self.over:
            raise IllegalAction("the match is over")
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(f"no seat {seat!r}")
        r = self.round
        kind = action.get("type") if isinstance(action, dict) else None
        if type(kind) is str and kind in TABLE_ACTIONS:
            events = self._table_action(seat, action)
        else:
            if self.rules.strict_auto and self.auto.on[seat]:
                self._check_strict(seat, action)
            events = r.apply(seat, action)
        self._log.append(seat, action)
        phase = r.phase
        if phase == "void":
            events.extend(self._new_round(r.number, r.redeal + 1, self._previous()))
        elif phase == "done":
            events.extend(self._finish_round(events))
        return events

    def _table_action(self, seat: int, action: Action) -> list[Event]:
        """托管 switched (R-AUTO-2) or a quit (R-AUTO-3), as the table applies them."""
        rules = self.rules
        if action["type"] == "auto":
            if not rules.strict_auto:
                raise IllegalAction("托管 is the table's own business here: strict_auto is off "
                                    "(R-AUTO-2)")
            return [self.auto.switch(seat, action.get("on"))]  # type: ignore[list-item]
        if not rules.quit_penalty:
            raise IllegalAction("quitting costs nothing here: quit_penalty is 0 (R-AUTO-3)")
        why = action.get("why")
        if why not in QUIT_WHY:
            raise IllegalAction(f"'quit' takes 'why', one of {', '.join(QUIT_WHY)}")
        points = rules.quit_penalty
        self.totals[seat] -= points
        self.auto.penalties.append({"seat": seat, "points": -points})
        return [{"type": "penalty", "seat": seat, "points": -points, "why": str(why),
                 "totals": list(self.totals)}]

    def _keeps_deal(self) -> bool:
        """Passing the throne on now would void the deal (R-EMP-L4): the auto-player takes it."""
        r = self.round  # (a declared 抢独 is let stand: that is passing, and no void)
        return r.phase == "throne" and not r.grabs and passes_to(r) is None

    def _check_strict(self, seat: int, action: Action) -> None:
        """R-AUTO-2: a seat on 托管 declares nothing and plays the auto-player's move."""
        if seat != self.round.turn:
            raise IllegalAction("a seat on 托管 declares nothing (R-AUTO-2)")
        expected = strict_action(self.round.legal_actions(seat), self._keeps_deal())
        if expected is None or not same_action(action, expected):
            shown = expected.get("set", expected["type"]) if expected else "nothing"
            raise IllegalAction(f"a seat on 托管 plays by rule: {shown} (R-AUTO-2)")

    def _previous(self) -> RoundResult | None:
        return self.records[-1].result if self.records else None

    def _finish_round(self, events: list[Event]) -> list[Event]:
        r = self.round
        assert r.result is not None
        auto = self.auto
        strict = self.rules.strict_auto
        scored = not (strict and all(auto.on))  # R-AUTO-2: nobody played it
        if not scored:
            r.result = dataclasses.replace(r.result, scores=(0,) * SEATS)
            shown = next(e for e in reversed(events) if e["type"] == "round_end")
            shown["scores"], shown["unscored"] = [0] * SEATS, True
        self.records.append(RoundRecord(
            number=r.number, redeals=r.redeal,
            called=card_text(r.called) if r.called is not None else None, grab=r.grabbed,
            tribute=transfers_record(r.tribute), result=r.result,
            bought=purchases_record(r.bought), scored=scored, penalties=auto.penalties,
        ))
        auto.new_round()
        for s in range(SEATS):
            self.totals[s] += r.result.scores[s]
        self.history.append(cast(BaohuangRow, {**self.records[-1].as_dict(),
                                              "totals": list(self.totals)}))
        after: list[Event] = [{"type": "totals", "totals": list(self.totals)}]
        done_rounds = self.rounds is not None and r.number >= self.rounds
        hit_target = self.target is not None and max(self.totals) >= self.target
        on_auto = strict and any(auto.on)  # R-AUTO-2: the platform dissolves the game
        if done_rounds or hit_target or on_auto:
            self.over = True
            end: Event = {"type": "match_end", "totals": list(self.totals)}
            if on_auto and not (done_rounds or hit_target):
                end["why"] = "auto"
            after.append(end)
            return after
        after.extend(self._new_round(r.number + 1, 0, r.result))
        return after

    def view(self, viewer: Viewer) -> BaohuangView:
        """What ``viewer`` may know: a seat 0..4, None for a spectator, "all" for open spectating."""
        auto = self.auto
        return match_view(self.round, viewer, rounds=self.rounds, over=self.over,
                          totals=self.totals, auto={"on": auto.on, "times": auto.times}
                          if self.rules.strict_auto else None)


def replay(rules: RuleSet, seed: Seed, actions: Sequence[tuple[int, Action]], **kw: Any
           ) -> Match:
    """Rebuild a match from its seed and action list (R-SEED-1)."""
    match = Match(rules, seed, **kw)
    for seat, action in actions:
        match.apply(seat, action)
    return match
