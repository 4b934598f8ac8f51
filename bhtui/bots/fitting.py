"""Deals fitted to every move seen: the sampler's deals, moved towards the hands that would
have played this round as it was played.

The plays read (:mod:`bhtui.bots.inference`) cap what a seat can hold; they say nothing of a
play that fits a cap and would not have been made from the hand dealt. Here a deal's other
hands are weighed by the moves the playout policy (:mod:`bhtui.bots.rollout`: ``normal``'s
way of playing, and most people's) would not have made from them — ``MISS`` each, replayed
from the table's position at each of the seat's latest ``RECENT`` moves, with its hand then
(its hand now and what it played since) — and by ``SOFT`` for each card beyond a cap. A
Metropolis chain draws deals by that weight: it swaps one card between two other hands and
keeps the swap as likely as the new weight over the old one. Each deal's guard is drawn by
the sampler's weights, as the sampler draws it, and its hands come from that guard's chains:
up to ``CHAINS`` of them, each started from a deal of the sampler's with that guard and run
``BURN`` swaps, then taken in turn, ``STEP`` swaps on for each deal. (Four chains with a
guard each put too few draws on who the guard is: measured worse, ``docs/architecture.md``.)
Knowing the hands buys nothing while the seat holds ``FIT_FROM`` cards or more
(``bench/knowing.py``), so the search fits only below that.

It reads only the seat's :class:`Reading`, through the sampler, so it knows nothing the
seat's view does not say.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from bhtui.bots.inference import SOFT
from bhtui.bots.position import Move, Position
from bhtui.bots.rollout import choose, few_groups
from bhtui.bots.sampling import Sampler
from bhtui.cards import RANK_OF
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, set_of_cards

MISS = 0.1
"""How much less likely a deal is for each move seen that the policy would not have made."""
RECENT = 24
"""Each seat's latest moves replayed: its older ones the caps mostly say already."""
CHAINS = 3
"""Chains for each guard drawn."""
BURN = 100
"""Swaps a chain makes from the sampler's deal before its first deal."""
STEP = 2
"""Swaps between two deals of a chain."""
FIT_FROM = 40
"""The seat fits its deals only holding fewer cards than this."""


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


class Chain:
    """One chain's deal: the hands, its guard, the cards of each hand free to move (not
    known), and each hand's weight as misses and cards beyond its caps."""

    def __init__(self, hands: list[list[int]], guard: int, known: list[list[int]]) -> None:
        self.hands, self.guard = hands, guard
        self.free = [[h - k for h, k in zip(hand, have, strict=True)]
                     for hand, have in zip(hands, known, strict=True)]
        self.misses = [0] * SEATS
        self.over = [0] * SEATS


class Fitter:
    """Fitted deals for one decision, as ``Sampler.position`` draws them."""

    def __init__(self, sampler: Sampler, moments: dict[int, list[Moment]]) -> None:
        self.sampler = sampler
        self.moments = moments
        self.seats = [s for s in moments if moments[s]]
        r = sampler.r
        assert r.emperor is not None
        self._pos = Position(r.rules, [[0] * len(r.rc)] * SEATS, r.places, r.emperor,
                             r.emperor, r.me, open_solo=r.open_solo, grabbed=r.grabbed,
                             open_guard=r.open_guard, kicks=r.kicks)
        self._chains: dict[int, list[Chain]] = {}
        """Each guard's chains, made as its deals are first drawn."""
        self._drawn: dict[int, int] = {}

    def position(self, rng: random.Random) -> Position:
        """A guard drawn by the sampler's weights, and the next of its chains' deals (a new
        chain after BURN swaps, else STEP more), as a position in play."""
        guard = self.sampler.guard(rng)
        chains = self._chains.setdefault(guard, [])
        drawn = self._drawn.get(guard, 0)
        self._drawn[guard] = drawn + 1
        if len(chains) < CHAINS:
            chain, swaps = self._chain(guard, rng), BURN
            chains.append(chain)
        else:
            chain, swaps = chains[drawn % CHAINS], STEP
        for _ in range(swaps):
            self._swap(chain, rng)
        return self.sampler.position_of([list(h) for h in chain.hands], guard)

    def _chain(self, guard: int, rng: random.Random) -> Chain:
        chain = Chain(self.sampler.deal_for(guard, rng), guard, self.sampler.known(guard))
        for s in self.seats:
            chain.misses[s] = self._missed(s, chain)
            chain.over[s] = self._beyond(s, chain)
        return chain

    def _swap(self, chain: Chain, rng: random.Random) -> None:
        """Swap a free card of one hand with one of another; keep it by Metropolis."""
        a, b = rng.sample(self.seats, 2)
        ra, rb = _card(chain.free[a], rng), _card(chain.free[b], rng)
        if ra < 0 or rb < 0 or ra == rb:
            return
        before = (chain.misses[a], chain.misses[b], chain.over[a], chain.over[b])
        _move(chain, a, b, ra, rb)
        after = (self._missed(a, chain), self._missed(b, chain),
                 self._beyond(a, chain), self._beyond(b, chain))
        missed = after[0] + after[1] - before[0] - before[1]
        over = after[2] + after[3] - before[2] - before[3]
        log_ratio = missed * math.log(MISS) + over * math.log(SOFT)
        if log_ratio >= 0 or rng.random() < math.exp(log_ratio):
            chain.misses[a], chain.misses[b], chain.over[a], chain.over[b] = after
        else:
            _move(chain, a, b, rb, ra)

    def _missed(self, seat: int, chain: Chain) -> int:
        """The moves of ``seat`` among its latest that the policy would not have made from the
        hands of ``chain``."""
        pos, hands = self._pos, chain.hands
        pos.guard = chain.guard
        pos.turn = seat
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

    def _beyond(self, seat: int, chain: Chain) -> int:
        """The cards of ``seat``'s hand beyond its caps."""
        cap = self.sampler.caps_for(chain.guard).get(seat)
        if cap is None:
            return 0
        return sum(max(0, n - most) for n, most in zip(chain.hands[seat], cap, strict=False))


def fitter(sampler: Sampler) -> Fitter | None:
    """A fitter of the sampler's deals, where fitting is worth it: the seat holds fewer than
    FIT_FROM cards, and two other hands dealt have moves to replay."""
    r = sampler.r
    if r.emperor is None or r.counts[r.me] >= FIT_FROM:
        return None
    moments = _moments(r, sampler)
    if sum(1 for m in moments.values() if m) < 2:
        return None
    return Fitter(sampler, moments)


def _moments(r: Reading, sampler: Sampler) -> dict[int, list[Moment]]:
    """The latest RECENT moves of each other hand dealt, replayed from the first lead on the
    public record (the hands' sizes are public, so any deal replays the table alike)."""
    dealt = [s for s in sampler.others if s not in sampler.kept]
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
    hands, guard = sampler.deal(random.Random(0))
    start = [[h + p for h, p in zip(hand, done, strict=True)]
             for hand, done in zip(hands, after[0] if after else since, strict=True)]
    pos = Position(r.rules, start, (None,) * SEATS, r.emperor,
                   guard if guard >= 0 else r.emperor, moves[0][0] if moves else r.me,
                   open_solo=r.open_solo, grabbed=r.grabbed, open_guard=r.open_guard,
                   kicks=r.kicks, hidden=not (r.open_solo or r.open_guard))
    kills = r.rules.two_kill != "off"
    out: dict[int, list[Moment]] = {s: [] for s in dealt}
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


def _card(free: list[int], rng: random.Random) -> int:
    """A free card's rank, each card as likely; -1 if none."""
    total = sum(free)
    if not total:
        return -1
    x = rng.randrange(total)
    for rank, n in enumerate(free):
        x -= n
        if x < 0:
            return rank
    raise AssertionError("unreachable")


def _move(chain: Chain, a: int, b: int, ra: int, rb: int) -> None:
    """A card of rank ``ra`` from ``a`` to ``b`` and one of ``rb`` back."""
    for seat, out, into in ((a, ra, rb), (b, rb, ra)):
        chain.hands[seat][out] -= 1
        chain.free[seat][out] -= 1
        chain.hands[seat][into] += 1
        chain.free[seat][into] += 1
