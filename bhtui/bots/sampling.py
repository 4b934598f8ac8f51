"""Deals of the cards a seat cannot see that agree with everything it has seen.

A searching bot plays its choices out on whole deals, so it fills the other hands with the
unseen cards — its own hand and every card played this round are out of the pool — at the
right counts, and with what the table has shown: the emperor still holds the cards he took
with the throne, a seat the tribute it was paid and the cards it got at 买3 (unless it has
played them since); the emperor holds exactly the copies of the called card he called with
(three; four in a hidden solo), and the guard the fourth — in Weifang the GC it became
(R-WF-RANK-1); a seat stuck by 闷 (R-WF-STUCK-1) holds only held-back cards. Who the guard
is, the seat may not know: each seat that may be (the emperor himself, for a hidden solo,
unless he is out of cards with the fourth copy unplayed) is weighed by how many cards it holds
and by how it played — a guard does not beat his emperor's sets unless that empties his hand,
a rebel does, and passes them only when he has no answer. The rest is dealt uniformly — or,
once the plays seen cap what a seat can still hold (:mod:`bhtui.bots.inference`: its leads,
answers and passes), card by card, each card to a seat as likely as its room for it, times
``SOFT`` for each cap it would exceed.

It reads only the seat's :class:`Reading`, so it knows nothing the seat's view does not say.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bhtui.bots.counting import played_by_seat, unseen_cards
from bhtui.bots.inference import NO_CAP, SOFT, Found, capped, caps, emperor_passes, lowest_paid, read
from bhtui.bots.position import Position
from bhtui.cards import GC, NUM_CARDS, RANK_OF, RANKS_WITH_GC, Card
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS

HIDDEN_SOLO = 0.05
"""How likely an emperor who called a card holds all four (a hidden solo), before play: he
needs four of a kind and the will to play alone without saying so."""
BEAT_EMPEROR = 0.15
"""How much less likely a seat is the guard each time it beat the emperor's set without going
out (a guard rarely does: it costs his own side the trick)."""
PASS_DEALS = 16
"""Deals drawn to judge how likely a seat's passes on the emperor's sets are if it is a rebel."""
PASS_FLOOR = 0.2
"""A rebel may pass an emperor's set he could beat (to keep his cards): one pass weighs at most
this much for the seat being the guard."""


class Sampler:
    """The unseen cards and the constraints on them, read once per decision; then deals."""

    def __init__(self, r: Reading, plays: bool = True) -> None:
        """``plays``: read the plays seen (:mod:`bhtui.bots.inference`); without, the deals
        are uniform among those that agree with the view (a bench's reference)."""
        self.r = r
        me = r.me
        played = played_by_seat(r)
        unseen = unseen_cards(r, played)
        self._kept = {me: list(r.rc)}
        """Hands not dealt: mine, and a stuck seat's (held-back cards only, out of play)."""
        held = r.rules.holds_back
        for seat, _ in r.stuck:
            if held is None:
                continue
            self._kept[seat] = [0] * RANKS_WITH_GC
            self._kept[seat][held.rank] = left = r.counts[seat]
            for c in range(held.rank * 4, held.rank * 4 + 4):
                take = min(left, unseen[c])
                unseen[c] -= take
                left -= take
        self.others = [s for s in range(SEATS) if s != me and r.places[s] is None]
        self._played = played
        self._unseen = unseen
        self._lower = self._lower_bounds()
        self.guards, self.weights = self._guard_weights()
        self._deals: dict[int, tuple[list[list[int]], list[int], list[int]]] = {}
        self._throne_pool: list[int] | None = None
        seen = read(r, self.others) if plays else []
        self.caps = caps(r, seen)
        for seat, rank in lowest_paid(r, self.others).items():
            capped(self.caps, seat, self._handed_above(seat, rank))
        self._suspects = emperor_passes(r, seen)
        self._guarded: dict[int, dict[int, list[int]]] = {}
        """The caps when this seat is the guard: the other seats that passed the emperor's
        sets are rebels who had no answer."""
        if self._suspects and len(self.guards) > 1:
            self._weigh_passes()

    def _lower_bounds(self) -> list[list[int]]:
        """Cards each other seat is known to hold still: those it was handed in the open (the
        throne's bundle, tribute) less what it played since (by card, counted generously)."""
        r = self.r
        got = [[0] * NUM_CARDS for _ in range(SEATS)]
        if r.emperor is not None:
            for c in r.taken:
                got[r.emperor][c] += 1
        for _, receiver, c in r.tribute:
            got[receiver][c] += 1
        for seller, buyer, three, paid in r.bought:
            got[buyer][three] += 1
            if paid is not None:
                got[seller][paid] += 1
        lower = [[0] * NUM_CARDS for _ in range(SEATS)]
        for s in self.others:
            for c in range(NUM_CARDS):
                if got[s][c]:
                    lower[s][c] = max(0, got[s][c] - self._played[s][c])
        return lower

    def _handed_above(self, seat: int, rank: int) -> Found:
        """The most ``seat`` holds of each rank above ``rank``: only what it was handed in
        the open and has not played (``_lower``)."""
        held = [0] * RANKS_WITH_GC
        for c, n in enumerate(self._lower[seat]):
            held[RANK_OF[c]] += n
        return [(above, held[above]) for above in range(rank + 1, RANKS_WITH_GC)]

    def _guard_weights(self) -> tuple[list[int], list[float]]:
        """The seats that may be the guard (the emperor: a hidden solo) and their weights:
        how likely each is before play, times how its play bears that out."""
        r = self.r
        if r.emperor is None:
            return [], []
        if r.guard is not None:
            return [r.guard], [1.0]
        if r.role == "guard" or (r.role == "emperor" and r.solo):
            return [r.me], [1.0]
        beaten = self._emperor_beaten_by()
        # (a declared rebel is never the guard, who is never offered 造反: R-TRICK-7)
        seats = [s for s in range(SEATS) if s not in (r.me, r.emperor, *r.rebels)]
        if r.called is not None:
            # The fourth called card is in some hand, never played (that would reveal him).
            seats = [s for s in seats if r.places[s] is None]
            held = sum(r.counts[s] for s in seats) or 1
            priors = [(1 - HIDDEN_SOLO) * r.counts[s] / held for s in seats]
            solo_prior = HIDDEN_SOLO
        else:  # the marked card (R-GUARD-4): dealt to any seat alike
            priors = [1.0 / (len(seats) + 1)] * len(seats)
            solo_prior = 1.0 / (len(seats) + 1)
        weights = [p * BEAT_EMPEROR ** beaten[s] for p, s in zip(priors, seats, strict=True)]
        if r.role != "emperor":
            seats.append(r.emperor)
            weights.append(solo_prior)
        possible = [(s, w) for s, w in zip(seats, weights, strict=True) if self._possible(s)]
        if possible:  # the truth always is: none only if the view contradicts itself
            seats, weights = [s for s, _ in possible], [w for _, w in possible]
        return seats, weights

    def _copies(self, guard: int) -> list[tuple[int, Card, int]]:
        """Where a choice of guard puts the copies of the called card still in hands, as
        (seat, card, copies): three with the emperor (four in a hidden solo), the fourth with
        the guard — in Weifang the GC it became (R-WF-RANK-1)."""
        r = self.r
        if r.called is None or r.emperor is None:
            return []
        promoted = r.rules.tricks.promoted_guard_card and not r.open_solo
        fourth = GC if promoted else r.called
        played, out = self._played, []
        if r.emperor != r.me:
            copies = 4 if guard == r.emperor and not promoted else 3
            out.append((r.emperor, r.called, max(0, copies - played[r.emperor][r.called])))
            if promoted and guard == r.emperor:
                out.append((r.emperor, GC, max(0, 1 - played[r.emperor][GC])))
        if guard not in (r.me, r.emperor, -1) and r.places[guard] is None:
            out.append((guard, fourth, max(0, 1 - played[guard][fourth])))
        return out

    def _possible(self, guard: int) -> bool:
        """Whether that guard fits what the table shows: every seat holds the copies it is
        given, and they are among the cards unseen (an emperor out of cards with the fourth
        copy unplayed plays no hidden solo)."""
        by_seat: Counter[int] = Counter()
        by_card: Counter[Card] = Counter()
        for seat, card, n in self._copies(guard):
            by_seat[seat] += n
            by_card[card] += n
        return (all(self.r.counts[s] >= n for s, n in by_seat.items())
                and all(self._unseen[c] >= n for c, n in by_card.items()))

    def _emperor_beaten_by(self) -> list[int]:
        """How often each seat played over the emperor's set without emptying its hand."""
        r = self.r
        beaten = [0] * SEATS
        left = list(r.counts)  # cards held, walked backwards to each play's moment
        plays = [(seat, len(move)) for trick in r.tricks for seat, move in trick
                 if not isinstance(move, str)]
        held_after = []
        for seat, n in reversed(plays):
            held_after.append(left[seat])
            left[seat] += n
        held_after.reverse()
        k = 0
        for trick in r.tricks:
            top_seat = None
            for seat, move in trick:
                if isinstance(move, str):
                    continue
                if top_seat == r.emperor and seat != r.emperor and held_after[k] > 0:
                    beaten[seat] += 1
                top_seat = seat
                k += 1
        return beaten

    def _weigh_passes(self) -> None:
        """Weigh each possible guard by the emperor's sets the others passed: the guard
        passes them whatever he holds, a rebel only without an answer — as likely as a deal
        (of PASS_DEALS, the plays read) leaves him none, and at least PASS_FLOOR."""
        rng = random.Random(0)  # (the same weights for the same view)
        deals = [self._dealt(rng.choices(self.guards, self.weights)[0], self.caps, rng)
                 for _ in range(PASS_DEALS)]
        rebel = dict.fromkeys(self.guards, 1.0)  # how likely its passes are if a rebel
        for seat, found in self._suspects:
            if seat in rebel:
                lacking = sum(all(hands[seat][k] <= most for k, most in found)
                              for hands in deals) / PASS_DEALS
                rebel[seat] *= max(PASS_FLOOR, lacking)
        self.weights = [w if g == self.r.emperor else w / rebel[g]
                        for g, w in zip(self.guards, self.weights, strict=True)]

    def deal(self, rng: random.Random) -> tuple[list[list[int]], int]:
        """One deal: every seat's rank counts (mine as they are) and the guard in it."""
        guard = rng.choices(self.guards, self.weights)[0] if self.guards else -1
        if not self._suspects:
            return self._dealt(guard, self.caps, rng), guard
        if guard not in self._guarded:
            given = {seat: list(cap) for seat, cap in self.caps.items()}
            for seat, found in self._suspects:
                if seat != guard and all(most >= 0 for _, most in found):
                    capped(given, seat, found)
            self._guarded[guard] = given
        return self._dealt(guard, self._guarded[guard], rng), guard

    def _dealt(self, guard: int, given: dict[int, list[int]],
               rng: random.Random) -> list[list[int]]:
        """Every seat's rank counts in a deal where ``guard`` is the guard."""
        if guard not in self._deals:
            self._deals[guard] = self._fixed(guard)
        fixed, capacity, pool = self._deals[guard]
        shuffled = pool[:]
        rng.shuffle(shuffled)
        kept = self._kept
        hands = [list(kept[s]) if s in kept else list(fixed[s]) for s in range(SEATS)]
        if given:
            self._deal_capped(hands, capacity, shuffled, given, rng)
            return hands
        _fill(hands, self.others, capacity, shuffled)
        return hands

    def _deal_capped(self, hands: list[list[int]], capacity: list[int], shuffled: list[int],
                     given: dict[int, list[int]], rng: random.Random) -> None:
        """Deal the capped ranks card by card, each to a seat weighed by its room (so without
        caps, the uniform deal) and by SOFT if it would exceed the seat's cap; then the rest
        into the room left, as the uniform deal does. (Cards beyond every seat's room — only
        in a deal made up for a test — stay undealt, weighed by their own room.)"""
        others = self.others
        held_to = {rank for cap in given.values() for rank, most in enumerate(cap)
                   if most < NO_CAP}
        free = [NO_CAP] * len(hands[0])
        limits = [given.get(s, free) for s in range(SEATS)]
        room = list(capacity)
        undealt = len(shuffled) - sum(room[s] for s in others)
        rest = []
        for rank in shuffled:
            if rank not in held_to:
                rest.append(rank)
                continue
            weights = [room[s] * SOFT if hands[s][rank] >= limits[s][rank] else room[s]
                       for s in others]
            seat = _weighed(others, weights, undealt, rng.random())
            if seat < 0:
                undealt -= 1
            else:
                hands[seat][rank] += 1
                room[seat] -= 1
        _fill(hands, others, room, rest)

    def _fixed(self, guard: int) -> tuple[list[list[int]], list[int], list[int]]:
        """For one choice of guard: the rank counts each seat is known to hold, the number of
        cards still to deal it, and the pool of ranks to deal."""
        r = self.r
        exact = [[0] * NUM_CARDS for _ in range(SEATS)]
        unseen = list(self._unseen)
        for s in self.others:
            for c in range(NUM_CARDS):
                exact[s][c] = self._lower[s][c]
        called = r.called
        if called is not None and r.emperor is not None:
            for s in self.others:  # every copy is placed below (or mine)
                exact[s][called] = exact[s][GC] = 0
            for seat, card, n in self._copies(guard):
                exact[seat][card] = n
        capacity = [0] * SEATS
        fixed = [[0] * RANKS_WITH_GC for _ in range(SEATS)]
        for s in self.others:
            for c in range(NUM_CARDS):
                take = min(exact[s][c], unseen[c])
                if take:
                    unseen[c] -= take
                    fixed[s][RANK_OF[c]] += take
            capacity[s] = r.counts[s] - sum(fixed[s])
        if called is not None and r.emperor is not None:
            unseen[called] = unseen[GC] = 0  # every copy placed (in Weifang, the GC too)
        pool = _pool(unseen)
        short = sum(capacity[s] for s in self.others) - len(pool)
        if short > 0 or any(capacity[s] < 0 for s in self.others):
            return self._loose()  # the constraints disagree (should not happen): deal freely
        return fixed, capacity, pool

    def _loose(self) -> tuple[list[list[int]], list[int], list[int]]:
        r = self.r
        pool = _pool(self._unseen)
        capacity = [r.counts[s] if s in self.others else 0 for s in range(SEATS)]
        return [[0] * RANKS_WITH_GC for _ in range(SEATS)], capacity, pool

    def throne_deal(self, rng: random.Random) -> tuple[list[list[int]], int]:
        """A deal at the throne: the bundle (the emperor card and the 2s it gathered) is
        nobody's hand yet, so the others are dealt the rest of the unseen cards."""
        if self._throne_pool is None:
            unseen = list(self._unseen)
            if not self.r.in_hand:
                for card in self.r.bundle:
                    unseen[card] -= 1
            pool = _pool(unseen)
            self._throne_pool = pool
        shuffled = self._throne_pool[:]
        rng.shuffle(shuffled)
        hands = [list(self._kept[s]) if s in self._kept else [0] * RANKS_WITH_GC
                 for s in range(SEATS)]
        _fill(hands, self.others, self.r.counts, shuffled)
        return hands, -1

    def position(self, rng: random.Random) -> Position:
        """A deal made into a position in play, the seat to act being the reader."""
        r = self.r
        hands, guard = self.deal(rng)
        assert r.emperor is not None
        if guard < 0:
            guard = r.emperor
        top = r.top
        responses, yielders = 0, []
        if r.tricks and not r.again:
            after_top = 0
            for seat, move in reversed(r.tricks[-1]):
                if not isinstance(move, str):
                    break
                after_top += 1
                if move == "yield":
                    yielders.append(seat)
            if top is not None:
                responses = after_top
                yielders.reverse()
            else:
                yielders = []
        return Position(r.rules, hands, r.places, r.emperor, guard, r.me, top=top,
                        top_seat=r.top_seat, responses=responses, yielders=yielders,
                        again=r.again, open_solo=r.open_solo, grabbed=r.grabbed,
                        open_guard=r.open_guard, rebellion=len(r.rebels) >= 2,
                        kicks=r.kicks, bombs=r.bombs, stuck=r.stuck,
                        beaten_by=beaten_by(r), hidden=r.guard is None)


def _weighed(seats: list[int], weights: list[float], undealt: int, x: float) -> int:
    """The seat that ``x`` (in [0, 1)) falls to, by weight, or -1 for the undealt cards
    (weighed by their number); never a seat of weight 0, whatever the rounding."""
    x *= sum(weights) + undealt
    for seat, weight in zip(seats, weights, strict=True):
        x -= weight
        if x < 0 and weight:
            return seat
    if undealt:
        return -1
    return next(s for s, w in zip(reversed(seats), reversed(weights), strict=True) if w)


def beaten_by(r: Reading) -> list[int | None]:
    """Who played directly on top of each seat's last set this round (the engine's record of
    who would have stuck him, R-WF-STUCK-1), from the tricks."""
    out: list[int | None] = [None] * SEATS
    for trick in r.tricks:
        top_seat = None
        for seat, move in trick:
            if isinstance(move, str):
                continue
            if top_seat is not None:
                out[top_seat] = seat
            out[seat] = None
            top_seat = seat
    return out


def _pool(unseen: list[int]) -> list[int]:
    """The ranks of the unseen cards, a card each (a count below 0 holds none)."""
    return [RANK_OF[c] for c in range(NUM_CARDS) for _ in range(max(0, unseen[c]))]


def _fill(hands: list[list[int]], seats: list[int], room: Sequence[int],
          shuffled: list[int]) -> None:
    """Deal ``shuffled`` in order into ``seats``' hands, ``room`` cards each."""
    i = 0
    for s in seats:
        hand = hands[s]
        for rank in shuffled[i:i + room[s]]:
            hand[rank] += 1
        i += room[s]
