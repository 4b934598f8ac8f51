"""The play phase with every hand known: the lean simulator a searching bot plays out.

A search plays thousands of rounds to their end per decision; the engine's ``Match`` keeps
events, suits, offers and views a playout never reads. A :class:`Position` holds rank counts,
the trick and the places, and follows the engine's trick rules (R-TRICK-1..6: the turn order,
passes, 让牌's second circle, 接风; R-WF-STUCK-1 / R-WH-STUCK-1: a hand of held-back cards
facing another's set leaves play at the bottom) while borrowing what can be shared — which sets
may be played (``sets_from_rank_counts``: 烤牌, 憋6 / 憋3, Weifang's GC, kills and bombs),
R-END-1 (``settled_early``) and the scores (``score_round``, with kicks, bombs and stuck
players) — so the two cannot drift apart where it matters. A test plays random moves on both
from random engine positions of every preset and compares them move by move.

Suits are gone: in play they only reveal a hidden guard, and no preset's score depends on how
a guard became known.
"""

from __future__ import annotations

from collections.abc import Sequence

from bhtui.cards import BJ_RANK, GC_RANK, SJ_RANK, TWO
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS, score_round, settled_early
from bhtui.rules.sets import CardSet, is_bomb, sets_from_rank_counts

PASS = "pass"
YIELD = "yield"
Move = CardSet | str
"""A set to play, or PASS, or YIELD (让牌)."""


class Position:
    """One determinized deal in play: whose turn, the set to beat, every hand as rank counts."""

    __slots__ = ("rules", "rc", "left", "places", "out", "gone", "emperor", "guard",
                 "open_solo", "grabbed", "open_guard", "rebellion", "kicks", "bombs", "stuck",
                 "beaten_by", "hidden", "top", "top_seat", "turn", "responses", "yielders",
                 "again", "scores")

    def __init__(self, rules: RuleSet, rc: Sequence[Sequence[int]], places: Sequence[int | None],
                 emperor: int, guard: int, turn: int, *, top: CardSet | None = None,
                 top_seat: int | None = None, responses: int = 0,
                 yielders: Sequence[int] = (), again: Sequence[int] = (),
                 open_solo: bool = False, grabbed: bool = False, open_guard: bool = False,
                 rebellion: bool = False, kicks: int = 0, bombs: int = 0,
                 stuck: Sequence[tuple[int, int]] = (),
                 beaten_by: Sequence[int | None] = (None,) * SEATS,
                 hidden: bool = False) -> None:
        self.rules = rules
        self.rc = [list(r) for r in rc]
        self.left = [sum(r) for r in rc]
        self.places = list(places)
        self.out = sum(p is not None for p in places)
        """Seats with a place."""
        self.gone = self.out - len(stuck)
        """Seats that went out by playing their last card (the next one's place is one more)."""
        self.emperor, self.guard = emperor, guard
        self.open_solo, self.grabbed = open_solo, grabbed
        self.open_guard, self.rebellion = open_guard, rebellion
        self.kicks, self.bombs = kicks, bombs
        self.stuck = list(stuck)
        self.beaten_by = list(beaten_by)
        """Who played directly on top of each seat's last set (he stuck him, if it comes to
        that)."""
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
        twin.places, twin.out, twin.gone = list(self.places), self.out, self.gone
        twin.emperor, twin.guard = self.emperor, self.guard
        twin.open_solo, twin.grabbed = self.open_solo, self.grabbed
        twin.open_guard, twin.rebellion = self.open_guard, self.rebellion
        twin.kicks, twin.bombs = self.kicks, self.bombs
        twin.stuck, twin.beaten_by = list(self.stuck), list(self.beaten_by)
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
        rc[SJ_RANK] -= move.sj
        rc[BJ_RANK] -= move.bj
        if move.gc or move.twos:  # Weifang: the guard card, 2s killing jokers
            rc[GC_RANK] -= move.gc
            rc[TWO] -= move.twos
            if move.gc:
                self.hidden = False  # the guard card shows its player (R-WF-GUARD-4)
        if self.rules.bombs != "off" and is_bomb(move):
            self.bombs += 1
        self.left[seat] -= move.size
        if self.top_seat is not None:
            self.beaten_by[self.top_seat] = seat
        self.beaten_by[seat] = None
        self.top, self.top_seat = move, seat
        self.responses, self.yielders, self.again = 0, [], []
        if not self.left[seat]:
            self.gone += 1
            self._placed(seat, self.gone)
            if self.scores is not None:
                return
        self._next_answer(seat)

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
        self._next_answer(seat)

    def _next_answer(self, seat: int) -> None:
        """The next seat to answer the top set (a seat stuck on it leaves play), the yielders
        again, or the trick's end."""
        top_seat = self.top_seat
        assert top_seat is not None
        while self.responses < SEATS - self.out - (self.places[top_seat] is None):
            nxt = self._next_active(seat)
            if nxt == top_seat or not self._stuck_now(nxt):
                self.turn = nxt
                return
            self.stuck.append((nxt, by if (by := self.beaten_by[nxt]) is not None else top_seat))
            self._placed(nxt, max(p for p in range(1, SEATS + 1) if p not in self.places))
            if self.scores is not None:
                return
            seat = nxt
        if self.yielders:
            self.again = list(self.yielders)
            self.turn = self.again[0]
        else:
            self._win_trick()

    def _stuck_now(self, seat: int) -> bool:
        """R-WF-STUCK-1 闷 / R-WH-STUCK-1 逼死: nothing but held-back cards, facing a set."""
        held = self.rules.stuck_rank
        return held is not None and self.rc[seat][held] == self.left[seat] > 0

    def _win_trick(self) -> None:
        winner = self.top_seat
        assert winner is not None
        self.turn = self._next_active(winner) if self.places[winner] is not None else winner
        self.top = self.top_seat = None
        self.responses, self.yielders, self.again = 0, [], []

    def _placed(self, seat: int, place: int) -> None:
        """``seat`` has his place: the last one holding cards takes the one left, or the scores
        are settled early (R-END-1)."""
        self.places[seat] = place
        self.out += 1
        if self.out == SEATS - 1:
            last = self.places.index(None)
            self.places[last] = next(p for p in range(1, SEATS + 1) if p not in self.places)
            self.out = SEATS
            self._finish()
        elif settled_early(self.rules, self.emperor, self.guard, self.open_solo, self.grabbed,
                           self.places):
            self._finish()

    def _finish(self) -> None:
        self.scores, _ = score_round(
            self.rules, self.emperor, self.guard, self.open_solo, self.places,
            open_guard=self.open_guard, grabbed=self.grabbed, rebellion=self.rebellion,
            kicks=self.kicks, bombs=self.bombs, stuck=self.stuck)
        self.turn = None
