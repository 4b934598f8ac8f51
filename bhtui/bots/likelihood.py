"""How likely a dealt deal makes the moves seen: each deal's weight in a search.

The plays read (:mod:`bhtui.bots.inference`) cap what a seat can hold; they say nothing of a
play that fits a cap and would not have been made from the hand dealt. Here each other
seat's latest ``RECENT`` moves are replayed on a deal — from the table's position at each
move, with the seat's hand then (its hand now and what it played since) — and the deal is
weighed ``BASE`` for each move the playout policy (:mod:`bhtui.bots.rollout`: ``normal``'s
way of playing, and most people's) would not have made. The deals stay the sampler's,
drawn independently: a chain fitted to the moves (stop 57) came closer to the truth but
repeated its deals, and the search took the repeats for evidence. Weighing keeps them apart
and its spread honest (the search's switch test uses the weighted variance). Knowing the
hands buys nothing while the seat holds ``FROM`` cards or more (``bench/knowing.py``), so
deals are weighed only below that.

It reads only the seat's :class:`Reading`, so it knows nothing the seat's view does not say.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from bhtui.bots.position import Move, Position
from bhtui.bots.rollout import choose, few_groups
from bhtui.bots.sampling import Sampler
from bhtui.cards import RANK_OF
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, set_of_cards

BASE = 0.5
"""A deal's weight for each move seen that the policy would not have made from it: soft, so
the deals that explain the play count more without a few of them counting for all."""
RECENT = 24
"""Each seat's latest moves replayed: its older ones the caps mostly say already."""
FROM = 40
"""Deals are weighed only while the seat holds fewer cards than this."""


class Moment(NamedTuple):
    """A move seen, with the table as it stood: what the policy is asked again."""

    move: Move
    top: CardSet | None
    top_seat: int | None
    again: list[int]
    left: list[int]
    places: list[int | None]
    hidden: bool
    since: tuple[tuple[int, ...], ...]
    """What each seat has played from this move on, by rank: its hand then is its hand now
    and this."""


class Likelihood:
    """The moves of the other seats dealt, ready to be replayed on any deal."""

    def __init__(self, r: Reading, moments: dict[int, list[Moment]]) -> None:
        assert r.emperor is not None
        self.moments = moments
        self._pos = Position(r.rules, [[0] * len(r.rc)] * SEATS, r.places, r.emperor,
                             r.emperor, r.me, open_solo=r.open_solo, grabbed=r.grabbed,
                             open_guard=r.open_guard, kicks=r.kicks)

    def weight(self, deal: Position) -> float:
        """``BASE`` to the power of the moves seen this deal would not have made."""
        return BASE ** sum(self.missed(seat, deal.rc, deal.guard) for seat in self.moments)

    def missed(self, seat: int, hands: list[list[int]], guard: int) -> int:
        """The moves of ``seat`` among its latest that the policy would not have made had
        ``hands`` been the hands now and ``guard`` the guard."""
        pos = self._pos
        pos.guard, pos.turn = guard, seat
        hand = hands[seat]
        missed = 0
        for m in self.moments[seat]:
            pos.top, pos.top_seat, pos.again = m.top, m.top_seat, m.again
            pos.left, pos.places, pos.hidden = m.left, m.places, m.hidden
            own = [h + p for h, p in zip(hand, m.since[seat], strict=True)]
            if few_groups(own):  # the policy counts the others' cards: theirs then too
                pos.rc = [[h + p for h, p in zip(other, done, strict=True)]
                          for other, done in zip(hands, m.since, strict=True)]
            pos.rc[seat] = own
            missed += choose(pos) != m.move
        return missed


def likelihood(sampler: Sampler) -> Likelihood | None:
    """The weighing of the sampler's deals, where it is worth it: the seat holds fewer than
    FROM cards and another seat dealt has moves to replay."""
    r = sampler.r
    if r.emperor is None or r.counts[r.me] >= FROM:
        return None
    moments = {s: m for s, m in _moments(r, sampler).items() if m}
    return Likelihood(r, moments) if moments else None


def _moments(r: Reading, sampler: Sampler) -> dict[int, list[Moment]]:
    """The latest RECENT moves of each other seat in play, replayed from the first lead on
    the public record (the hands' sizes are public, so any deal replays the table alike)."""
    moves = [(seat, move) for trick in r.tricks for seat, move in trick]
    ranks = len(r.rc)
    since = [[0] * ranks for _ in range(SEATS)]
    after: list[tuple[tuple[int, ...], ...]] = []
    for seat, played in reversed(moves):
        if not isinstance(played, str):
            for card in played:
                since[seat][RANK_OF[card]] += 1
        after.append(tuple(tuple(v) for v in since))
    after.reverse()
    assert r.emperor is not None
    hands, guard = sampler.deal(random.Random(0))  # (its own generator: the search's unmoved)
    start = [[h + p for h, p in zip(hand, done, strict=True)]
             for hand, done in zip(hands, after[0] if after else since, strict=True)]
    pos = Position(r.rules, start, (None,) * SEATS, r.emperor,
                   guard if guard >= 0 else r.emperor, moves[0][0] if moves else r.me,
                   open_solo=r.open_solo, grabbed=r.grabbed, open_guard=r.open_guard,
                   kicks=r.kicks, hidden=not (r.open_solo or r.open_guard))
    kills = r.rules.two_kill != "off"
    out: dict[int, list[Moment]] = {s: [] for s in sampler.others}
    k = by_emperor = 0
    for trick in r.tricks:
        pos.top = pos.top_seat = None
        pos.responses, pos.yielders, pos.again = 0, [], []
        for seat, cards in trick:
            move: Move = cards if isinstance(cards, str) else set_of_cards(cards, kills)
            if pos.scores is not None or pos.places[seat] is not None or (
                    pos.top is None and isinstance(move, str)):
                return _latest(out)  # out of step with the table (a stuck seat)
            if seat in out:
                out[seat].append(Moment(move, pos.top, pos.top_seat, list(pos.again),
                                        list(pos.left), list(pos.places), pos.hidden,
                                        after[k]))
            pos.turn = seat
            pos.play(move)
            k += 1
            called = 0 if isinstance(cards, str) or r.called is None else cards.count(r.called)
            by_emperor += called if seat == r.emperor else 0
            if called and (seat != r.emperor or by_emperor >= 4):
                pos.hidden = False
    return _latest(out)


def _latest(moments: dict[int, list[Moment]]) -> dict[int, list[Moment]]:
    return {s: m[-RECENT:] for s, m in moments.items()}
