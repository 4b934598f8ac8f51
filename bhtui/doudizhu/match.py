"""A match: deals with running totals, redeals after an all-pass, and the action log.

The match is the engine's whole surface, shaped like Baohuang's: ``to_act``,
``legal_actions(seat)``, ``apply(seat, action) -> events``, ``view(viewer)``. Its preset,
options, seed and the list of applied actions replay it bit for bit (R-SEED-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bhtui.actionlog import ActionLog
from bhtui.cards import RANK_NAMES
from bhtui.doudizhu.deal import Deal
from bhtui.doudizhu.errors import IllegalAction
from bhtui.doudizhu.offer import Offer
from bhtui.doudizhu.presets import CLASSIC, Rules
from bhtui.doudizhu.round import Action, Event, Round
from bhtui.doudizhu.scoring import DealResult
from bhtui.doudizhu.views import match_view
from bhtui.wire import DoudizhuRow, DoudizhuView, Viewer


@dataclass
class DealRecord:
    """A finished deal as the score sheet, the sim report and the history see it."""

    number: int
    redeals: int
    result: DealResult

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.number, "redeals": self.redeals, **self.result.as_dict()}


@dataclass
class Match:
    """One match of ``rounds`` deals (None: no limit) or until a total reaches ``target``."""

    rules: Rules = CLASSIC
    """A Rules object: a name is resolved before (``get_preset``, or the table's edge)."""
    seed: int | str = 0
    """An int (tests, sims) or a live table's 128-bit secret as hex text (R-SEED-1)."""
    rounds: int | None = None
    target: int | None = None
    first_deal: Deal | None = None
    """A given first deal (tests, the rules demo) instead of the seeded shuffle."""
    round: Round = field(init=False)
    records: list[DealRecord] = field(init=False, default_factory=list)
    totals: list[int] = field(init=False)
    levels: list[int] | None = field(init=False)
    """S-LEVEL-1 level points (Shanghai only)."""
    actions: ActionLog = field(init=False, default_factory=ActionLog)
    """Every applied action as (seat, action) pairs; only the latest after keep_last."""
    history: list[DoudizhuRow] = field(init=False, default_factory=list)
    """``records`` as plain dicts with the totals after each, made once: the host sends each
    to every viewer when its deal ends (views carry only the totals)."""
    over: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"a match is played under Rules, not {self.rules!r} "
                            f"(get_preset finds them by name)")
        if self.rounds is not None and self.rounds < 1:
            raise ValueError("a match needs at least one deal")
        if self.first_deal is not None:
            self.first_deal.check(self.rules)
        n = self.rules.seats
        self.totals = [0] * n
        self.levels = [0] * n if self.rules.specials else None
        first = None if self.rules.random_first_bidder or self.first_deal else 0  # C/S-BID-1
        self._start_events = self._new_round(1, 0, first, False, 0, self.first_deal)

    @property
    def seats(self) -> int:
        return self.rules.seats

    def _new_round(self, number: int, redeal: int, first_bidder: int | None, huangfan: bool,
                   voids: int, deal: Deal | None = None) -> list[Event]:
        r = self.round = Round(self.rules, self.seed, number, redeal, first_bidder, huangfan,
                               voids, deal)
        return [{
            "type": "deal", "round": number, "redeal": redeal, "first_bidder": r.first_bidder,
            "counts": list(r.left), "kitty": len(r.kitty), "huangfan": r.huangfan,
            "mark": None if r.mark is None else RANK_NAMES[r.mark],
        }]

    def initial_events(self) -> list[Event]:
        """Events of the first deal, before any action."""
        return list(self._start_events)

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.round.to_act

    def legal_actions(self, seat: int) -> Offer:
        """What ``seat`` may do now (empty unless it is his turn), with the seat's view as
        its ``reading`` (made if a bot reads it). The host's ``escape`` is never listed: it
        is not a move a player chooses."""
        return Offer([] if self.over else self.round.legal_actions(seat),
                     lambda: self.view(seat))

    def keep_last(self, n: int) -> None:
        """Keep only about the last ``n`` actions in memory: a table's endless match, whose
        game log on disk holds them all."""
        self.actions.keep_last(n)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action; IllegalAction with a reason (nothing changed) when refused."""
        if self.over:
            raise IllegalAction("the match is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(f"no seat {seat!r}")
        r = self.round
        events = r.apply(seat, action)
        self.actions.append(seat, action)
        following = (r.first_bidder + 1) % self.seats  # C-BID-1, and S-BID-1 for redeals
        if r.phase == "void":  # C-BID-3, S-BID-2: the next deal is 荒番
            events += self._new_round(r.number, r.redeal + 1, following, True, r.voids + 1)
        elif r.phase == "done":
            events += self._finish_round(following)
        return events

    def _finish_round(self, following: int) -> list[Event]:
        r = self.round
        assert r.result is not None
        record = DealRecord(r.number, r.redeal, r.result)
        self.records.append(record)
        for s in range(self.seats):
            self.totals[s] += r.result.scores[s]
            if self.levels is not None and r.result.levels is not None:
                self.levels[s] += r.result.levels[s]
        self.history.append({"round": record.number, "redeals": record.redeals,
                             **record.result.as_dict(), "totals": list(self.totals)})
        events: list[Event] = [{"type": "totals", "totals": list(self.totals),
                                "levels": list(self.levels) if self.levels else None}]
        done_rounds = self.rounds is not None and r.number >= self.rounds
        hit_target = self.target is not None and max(self.totals) >= self.target
        if done_rounds or hit_target:
            self.over = True
            events.append({"type": "match_end", "totals": list(self.totals)})
            return events
        events += self._new_round(r.number + 1, 0, following, False, 0)
        return events

    def view(self, viewer: Viewer) -> DoudizhuView:
        """What ``viewer`` may know: a seat, None for a spectator, "all" for open spectating."""
        return match_view(self.round, viewer, rounds=self.rounds, over=self.over,
                          totals=self.totals, levels=self.levels)


def replay(rules: Rules, seed: int | str, actions: list[tuple[int, Action]],
           **kw: Any) -> Match:
    """Rebuild a match from its seed and action list (R-SEED-1)."""
    match = Match(rules, seed, **kw)
    for seat, action in actions:
        match.apply(seat, action)
    return match
