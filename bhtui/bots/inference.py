"""What the plays seen say of the hands a seat cannot see: for each other seat, the most of
each rank it can still hold if it played as the bots play (and as most people do).

- **A lead** of a natural group is the hand's lowest group, and whole: the seat held no lower
  natural rank then, and holds none of that rank now (unless it played more of it since).
  (A hand of exactly two natural groups and no jokers leads the higher: read wrongly, but
  such hands are seldom above ``SMALL`` cards, and the caps are soft.)
- **An answer** is the cheapest that beats the set (the cost of ``rollout.set_cost``): the seat
  held fewer than the set's size of every rank between the two that would have cost less
  even broken out of a bigger group — and, on a single, no joker that costs less (a single
  2 says: no joker at all), where jokers make a set alone.
- **A pass** on a set it was not known to back says it had no cheap answer (``CHEAP``, the
  playout policy's smallest budget): fewer than the set's size of every rank above it, 2s
  aside, and on a single no joker (one alone is a cheap answer). Once the sides are known a
  pass on a partner's set says nothing. (In seeded ``normal`` matches of every preset no
  joker cap read this way was broken by the true hand: 0 of 6,912.)
- **A pass on the emperor's set** while the guard is hidden is what a guard does whatever he
  holds, and a rebel only without an answer (any rank below the 2s, on a single a joker:
  ``normal``'s budget against an enemy): ``emperor_passes`` says what it means if the seat is a rebel, and the
  sampler weighs who the guard is by it (a rebel who passed with an answer he played later
  is almost surely the guard) and, given the guard, deals the rebels by it.

Each becomes a cap on the seat's count of a rank now (its count then less what it played
since). A play that later plays contradict (a lower rank played after a lead) was not made
by the rule, and is not read. ``normal`` also plays by counting (unbeatable groups first),
most often in small hands, so hands of ``SMALL`` cards or fewer are not read; in bigger ones
its counted leads are the usual exception to the rules, and the softness absorbs them. Only
plays on sets of natural cards are read — the GC, kills and bombs follow other rules — and
a lead only of natural cards; an answer may carry jokers (priced as the policy prices
them). The held-back rank (憋6, 憋3) is never read: it goes only in a hand's last set. The
caps are soft — a sampler weighs a card beyond one by ``SOFT``, not zero — so a person
playing his own way bends the deals, never breaks them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bhtui.bots.rollout import BJ_COST, BREAK_COST, RANK_COST, SJ_COST
from bhtui.cards import BJ_RANK, GC_RANK, RANK_OF, RANKS_WITH_GC, SJ_RANK, TWO
from bhtui.rules.mechanisms import TributeFlow
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, set_of_cards

NO_CAP = 1 << 10
"""No cap: more of a rank than any hand holds."""
SMALL = 10
"""A hand this small (then) plays by counting, not by these rules, so its plays are not read."""
CHEAP = 12.0
"""An answer costing this little is one every bot plays on a set it does not back."""
SOFT = 0.05
"""How much less likely a deal is for each card it puts beyond a cap."""


Found = list[tuple[int, int]]
"""What one play says: (rank, the most of it the seat holds now)."""


Read = list[tuple[int, CardSet | None, CardSet | None, int, tuple[int, ...]]]
"""The plays and passes worth reading, latest first: (seat, its set or None for a pass, the
set it faced, whose, and what it has played since, by rank)."""


def caps(r: Reading, plays: Read) -> dict[int, list[int]]:
    """For each seat ``plays`` (``read``) speaks of, the most of each rank it can hold now,
    by rank (NO_CAP: anything); only seats some play says something of are in it."""
    skip = _held_back(r)
    out: dict[int, list[int]] = {}
    for seat, played, top, top_seat, done in plays:
        if played is None:
            found = _pass(r, seat, top, top_seat, done, skip)
        elif top is None:
            found = _lead(played, done, skip)
        else:
            found = _answer(r, played, top, done, skip)
        if found:
            capped(out, seat, found)
    return out


def lowest_paid(r: Reading, seats: list[int]) -> dict[int, int]:
    """R-TRIB-1..5: the lowest rank each seat of ``seats`` that paid tribute this round paid.
    It gave its highest cards, so it held none above that rank then: it holds none now but
    what it was handed in the open since (the throne's bundle) and has not played. Not a
    habit but the rule, so it holds for anyone; not read where marked cards are kept out of
    the tribute (a giver may hold one above what he gave)."""
    rules = r.rules
    if (rules.tribute_flow is not TributeFlow.HIGHEST_CARDS or rules.deck.emperor_card_dealt
            or rules.deck.marked_guard_card):
        return {}
    lowest: dict[int, int] = {}
    for giver, _, card in r.tribute:
        if giver in seats:
            lowest[giver] = min(lowest.get(giver, RANK_OF[card]), RANK_OF[card])
    return lowest


def emperor_passes(r: Reading, plays: Read) -> list[tuple[int, Found]]:
    """While the guard is hidden to me: each pass among ``plays`` on the emperor's natural
    set, with what it says if that seat is a rebel — no answer below the 2s, nor on a
    single a joker (a rebel answers the emperor with any of them, ``normal``'s budget
    against an enemy); the
    guard passes his emperor's sets whatever he holds. A cap below 0 (it played such an
    answer since) says a rebel would not have passed at all."""
    if r.emperor is None or r.guard is not None or r.open_solo or r.role == "guard":
        return []
    skip = _held_back(r)
    out = []
    for seat, played, top, top_seat, done in plays:
        if played is None and top_seat == r.emperor and top is not None and _natural(top):
            ranks = [rank for rank in range(top.rank + 1, TWO) if rank != skip]
            out.append((seat, [(rank, top.size - 1 - done[rank])
                               for rank in ranks + _jokers(r, top, lambda cost: cost <= CHEAP)]))
    return out


def capped(into: dict[int, list[int]], seat: int, found: Found) -> None:
    """Add what a play says of ``seat`` to the caps ``into``."""
    cap = into.setdefault(seat, [NO_CAP] * RANKS_WITH_GC)
    for rank, most in found:
        cap[rank] = min(cap[rank], most)


def read(r: Reading, seats: list[int]) -> Read:
    """The plays and passes of ``seats`` (other seats in play) worth reading: those of hands
    above SMALL cards then."""
    kills = r.rules.two_kill != "off"
    moves: list[tuple[int, CardSet | None, CardSet | None, int]] = []
    for trick in r.tricks:
        top: CardSet | None = None
        top_seat = -1
        for seat, move in trick:
            if isinstance(move, str):
                if move == "pass":
                    moves.append((seat, None, top, top_seat))
            else:
                shown = set_of_cards(move, kills)
                moves.append((seat, shown, top, top_seat))
                top, top_seat = shown, seat
    since = [[0] * RANKS_WITH_GC for _ in range(SEATS)]
    out: Read = []
    for seat, played, top, top_seat in reversed(moves):
        if played is not None:
            _count(since[seat], played)
        if seat in seats and r.counts[seat] + sum(since[seat]) > SMALL:
            out.append((seat, played, top, top_seat, tuple(since[seat])))
    return out


def _held_back(r: Reading) -> int:
    """The held-back rank (R-PLAY-6, R-WH-PLAY-2, R-WF-BIE3-1), -1 without one."""
    held = r.rules.holds_back
    return held.rank if held is not None else -1


def _count(vec: list[int], s: CardSet) -> None:
    """Add the cards of ``s`` to rank counts ``vec``."""
    if s.n:
        vec[s.rank] += s.n
    vec[TWO] += s.twos
    vec[SJ_RANK] += s.sj
    vec[BJ_RANK] += s.bj
    vec[GC_RANK] += s.gc


def _natural(s: CardSet) -> bool:
    """A set of one rank's natural cards only: the sets these rules read."""
    return s.n > 0 and not (s.sj or s.bj or s.gc or s.twos)


def _fewer(ranks: list[int], size: int, done: Sequence[int]) -> Found:
    """Caps of fewer than ``size`` of each rank then; none if what was played since already
    says otherwise (the play was not made by the rule)."""
    found = [(rank, size - 1 - done[rank]) for rank in ranks]
    return [] if any(most < 0 for _, most in found) else found


def _lead(s: CardSet, done: Sequence[int], skip: int) -> Found:
    """The lowest group, whole."""
    if not _natural(s):
        return []
    lower = [rank for rank in range(s.rank) if rank != skip]
    if any(done[rank] for rank in lower):
        return []
    found = [(rank, 0) for rank in lower]
    if done[s.rank] == s.n:
        found.append((s.rank, 0))
    return found


def _answer(r: Reading, s: CardSet, top: CardSet, done: Sequence[int], skip: int) -> Found:
    """The cheapest answer: no cheaper rank of the size, even broken — and on a single, no
    joker cheaper than it (a single 2 says: no joker at all)."""
    if not _natural(top) or s.size != top.size or s.gc or s.twos or not s.n:
        return []
    price = RANK_COST[s.rank] + SJ_COST * s.sj + BJ_COST * s.bj
    cheaper = [rank for rank in range(top.rank + 1, TWO + 1)
               if rank not in (s.rank, skip) and RANK_COST[rank] + BREAK_COST < price]
    return _fewer(cheaper + _jokers(r, top, lambda cost: cost < price), top.size, done)


def _pass(r: Reading, seat: int, top: CardSet | None, top_seat: int,
          done: Sequence[int], skip: int) -> Found:
    """No cheap answer, on a set the seat was not known to back: on a single, no joker
    either (one alone is a cheap answer)."""
    if top is None or not _natural(top) or not _against(r, seat, top_seat):
        return []
    cheap = [rank for rank in range(top.rank + 1, TWO + 1)
             if rank != skip and RANK_COST[rank] + BREAK_COST <= CHEAP]
    return _fewer(cheap + _jokers(r, top, lambda cost: cost <= CHEAP), top.size, done)


def _jokers(r: Reading, top: CardSet, cheap: Callable[[float], bool]) -> list[int]:
    """The jokers that alone would have answered the natural single ``top`` cheaply enough
    (R-PLAY-1: where jokers make a set alone), as the policy prices them."""
    if top.size != 1 or not r.rules.joker_sets:
        return []
    return [rank for rank, cost in ((SJ_RANK, SJ_COST), (BJ_RANK, BJ_COST)) if cheap(cost)]


def _against(r: Reading, seat: int, top_seat: int) -> bool:
    """Whether ``seat`` would have answered ``top_seat``'s set, as far as this seat knows the
    sides: never the guard his emperor, nor anyone a known partner; while the guard is
    hidden to me, nobody is read passing the emperor's set. (An open solo shows its guard,
    the emperor himself, so the rebels are known partners.)"""
    emperor = r.emperor
    if emperor is None:
        return True
    guard = r.guard if r.guard is not None else r.me if r.role == "guard" else None
    if guard is None:
        return top_seat != emperor
    if seat == guard and top_seat == emperor:
        return False
    if r.guard is not None:  # the sides are known to all
        return (seat in (emperor, guard)) != (top_seat in (emperor, guard))
    return True
