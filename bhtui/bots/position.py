"""The play phase with every hand known: the lean simulator a searching bot plays out.

A search plays thousands of rounds to their end per decision; the engine's ``Match`` keeps
events, suits, offers and views a playout never reads. A :class:`Position` holds rank counts,
the trick and the places, and follows the engine's trick rules (R-TRICK-1..6: the turn order,
passes, 让牌's second circle, 接风) while borrowing what can be shared — which sets may be
played (``sets_from_rank_counts``), R-END-1 (``settled_early``) and the scores
(``score_round``) — so the two cannot drift apart where it matters. A test plays random moves
on both from random engine positions and compares them move by move.

Suits are gone: in play they only reveal a hidden guard, and no preset's score depends on how
a guard became known.
"""

from __future__ import annotations

from collections.abc import Sequence

from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS, score_round, settled_early
from bhtui.rules.sets import CardSet, sets_from_rank_counts

PASS = "pass"
YIELD = "yield"
Move = CardSet | str
"""A set to play, or PASS, or YIELD (让牌)."""


class Position:
    """One determinized deal in play: whose turn, the set to beat, every hand as rank counts."""

    __slots__ = ("rules", "rc", "left", "places", "out", "emperor", "guard", "open_solo",
                 "grabbed", "open_guard", "rebellion", "hidden", "top", "top_seat", "turn",
                 "responses", "yielders", "again", "scores")

    def __init__(self, rules: RuleSet, rc: Sequence[Sequence[int]], places: Sequence[int | None],
                 emperor: int, guard: int, turn: int, *, top: CardSet | None = None,
                 top_seat: int | None = None, responses: int = 0,
                 yielders: Sequence[int] = (), again: Sequence[int] = (),
                 open_solo: bool = False, grabbed: bool = False, open_guard: bool = False,
                 rebellion: bool = False, hidden: bool = False) -> None:
        self.rules = rules
        self.rc = [list(r) for r in rc]
        self.left = [sum(r) for r in rc]
        self.places = list(places)
        self.out = sum(p is not None for p in places)
        self.emperor, self.guard = emperor, guard
        self.open_solo, self.grabbed = open_solo, grabbed
        self.open_guard, self.rebellion = open_guard, rebellion
        self.hidden = hidden
        """Nobody but the guard knows who he is (for policies: the rules do not care)."""
        self.top, self.top_seat = top, top_seat
        self.turn: int | None = turn
        self.responses = responses
        self.yielders = list(yielders)
        self.again = list(again)
        self.scores: tuple[int, ...] | None = None
        """Each seat's score once the round is over (R-END-1 may end it early)."""

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.rules, twin.rc, twin.left = self.rules, [list(r) for r in self.rc], list(self.left)
        twin.places, twin.out = list(self.places), self.out
        twin.emperor, twin.guard = self.emperor, self.guard
        twin.open_solo, twin.grabbed = self.open_solo, self.grabbed
        twin.open_guard, twin.rebellion = self.open_guard, self.rebellion
        twin.hidden = self.hidden
        twin.top, twin.top_seat, twin.turn = self.top, self.top_seat, self.turn
        twin.responses, twin.yielders, twin.again = self.responses, list(self.yielders), list(
            self.again)
        twin.scores = self.scores
        return twin

    def legal(self) -> list[Move]:
        """The moves of the seat to act, in the engine's order: the sets, then pass and yield."""
        seat = self.turn
        if seat is None:
            return []
        moves: list[Move] = list(sets_from_rank_counts(self.rc[seat], self.top, self.rules))
        if self.top is not None:
            moves.append(PASS)
            if self.rules.trick_yield and not self.again:
                moves.append(YIELD)  # R-TRICK-5, the first circle only
        return moves

    def play(self, move: Move) -> None:
        """Make ``move`` for the seat to act (trusted: it came from :meth:`legal` or a policy
        that plays by the same rules)."""
        seat = self.turn
        assert seat is not None
        if move == PASS:
            self._answered(seat)
            return
        if move == YIELD:
            self.yielders.append(seat)
            self._answered(seat)
            return
        assert isinstance(move, CardSet)
        rc = self.rc[seat]
        if move.n:
            rc[move.rank] -= move.n
        rc[13] -= move.sj
        rc[14] -= move.bj
        self.left[seat] -= move.n + move.sj + move.bj
        self.top, self.top_seat = move, seat
        self.responses, self.yielders, self.again = 0, [], []
        if not self.left[seat]:
            self._goes_out(seat)
            if self.scores is not None:
                return
        self.turn = self._next_active(seat)

    def _next_active(self, seat: int) -> int:
        places = self.places
        for step in (1, 2, 3, 4, 5):
            s = (seat + step) % SEATS
            if places[s] is None:
                return s
        raise AssertionError("no seat holds cards")

    def _answered(self, seat: int) -> None:
        if self.again:
            self.again.pop(0)
            if self.again:
                self.turn = self.again[0]
            else:
                self._win_trick()  # 扣牌
            return
        self.responses += 1
        top_seat = self.top_seat
        assert top_seat is not None
        others = SEATS - self.out - (self.places[top_seat] is None)
        if self.responses < others:
            self.turn = self._next_active(seat)
        elif self.yielders:
            self.again = list(self.yielders)
            self.turn = self.again[0]
        else:
            self._win_trick()

    def _win_trick(self) -> None:
        winner = self.top_seat
        assert winner is not None
        self.turn = self._next_active(winner) if self.places[winner] is not None else winner
        self.top = self.top_seat = None
        self.responses, self.yielders, self.again = 0, [], []

    def _goes_out(self, seat: int) -> None:
        self.out += 1
        self.places[seat] = self.out
        if self.out == SEATS - 1:
            last = self.places.index(None)
            self.places[last] = SEATS
            self.out = SEATS
            self._finish()
        elif settled_early(self.rules, self.emperor, self.guard, self.open_solo, self.grabbed,
                           self.places):
            self._finish()

    def _finish(self) -> None:
        self.scores, _ = score_round(
            self.rules, self.emperor, self.guard, self.open_solo, self.places,
            open_guard=self.open_guard, grabbed=self.grabbed, rebellion=self.rebellion)
        self.turn = None
