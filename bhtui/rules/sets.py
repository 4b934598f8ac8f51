"""Sets and how they compare (R-PLAY-1..6, R-WF-PLAY-*, R-WF-BOMB-1), on rank counts because
this is the hot path.

A set is ``n`` cards of one natural rank plus ``sj`` small and ``bj`` big jokers — and, in
Weifang, ``gc`` promoted guard cards above the big joker (R-WF-RANK-1) and, in an answer that
kills jokers with 2s (R-WF-PLAY-2), ``twos`` more 2s beside another rank. Suits never matter for
comparison, so a :class:`CardSet` is a composition; which exact cards are played is the caller's
business (see :func:`pick_cards`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bhtui.cards import (
    BJ,
    BJ_RANK,
    CARD_TEXT,
    COPIES,
    GC,
    GC_RANK,
    NUM_CARDS,
    RANK_NAMES,
    RANKS_WITH_GC,
    SJ,
    SJ_RANK,
    TWO,
    Card,
    parse_card,
    parse_rank,
    rank_of,
)
from bhtui.rules.mechanisms import HeldBack
from bhtui.rules.presets import QINGDAO, RuleSet

NO_RANK = -1
_CACHE_CAP = 100_000  # set texts also arrive from the network: keep the caches bounded


class CardSet(NamedTuple):
    """``n`` natural cards of ``rank`` (NO_RANK when n == 0) + ``sj`` small + ``bj`` big jokers
    + ``gc`` promoted guard cards, and ``twos`` 2s killing jokers beside another rank."""

    rank: int
    n: int
    sj: int
    bj: int
    gc: int = 0
    twos: int = 0

    @property
    def size(self) -> int:
        return self.n + self.sj + self.bj + self.gc + self.twos

    def __str__(self) -> str:
        return format_set(self)


def set_of_ranks(ranks: Iterable[int], kills: bool = False) -> CardSet:
    """The set made of cards of these ranks; ValueError with the reason when it is not a set.
    With ``kills``, 2s beside another rank are taken as kill groups (R-WF-PLAY-2)."""
    naturals: dict[int, int] = {}
    sj = bj = gc = 0
    for r in ranks:
        if r == SJ_RANK:
            sj += 1
        elif r == BJ_RANK:
            bj += 1
        elif r == GC_RANK:
            gc += 1
        else:
            naturals[r] = naturals.get(r, 0) + 1
    if len(naturals) > 1:
        twos = naturals.get(TWO, 0)
        if kills and twos and len(naturals) == 2:
            rank = next(r for r in naturals if r != TWO)
            return CardSet(rank, naturals[rank], sj, bj, gc, twos)
        first, second = list(naturals)[:2]
        raise ValueError(
            f"mixed ranks {RANK_NAMES[first]} and {RANK_NAMES[second]}: a set is one rank "
            "plus jokers, never a straight or a mix (R-PLAY-1)"
        )
    if not naturals and sj + bj + gc == 0:
        raise ValueError("a set needs at least one card (R-PLAY-1)")
    rank, n = next(iter(naturals.items()), (NO_RANK, 0))
    return CardSet(rank, n, sj, bj, gc)


def set_of_cards(cards: Iterable[Card], kills: bool = False) -> CardSet:
    return set_of_ranks((rank_of(c) for c in cards), kills)


_TEXT_OF: dict[CardSet, str] = {}
_SET_OF: dict[tuple[str, bool], CardSet] = {}


def parse_set(text: str, kills: bool = False) -> CardSet:
    """Parse ``"9 9 9 SJ SJ"`` or ``"9S 9H 9D SJ BJ"``; ValueError says why it is not a set.
    With ``kills``, ``"A A 2 2 2"`` is an answer killing a joker (R-WF-PLAY-2)."""
    known = _SET_OF.get((text, kills))
    if known is not None:
        return known
    ranks = []
    for token in text.split():
        try:
            ranks.append(parse_rank(token))
        except ValueError:
            try:
                ranks.append(rank_of(parse_card(token)))
            except ValueError:
                raise ValueError(f"not a card or rank: {token!r}") from None
    result = set_of_ranks(ranks, kills)
    if len(_SET_OF) < _CACHE_CAP and text == format_set(result):  # padded or reordered
        _SET_OF[(text, kills)] = result  # texts from the wire would fill it with copies
    return result


def format_set(s: CardSet) -> str:
    """Canonical text: natural cards, then killing 2s, SJ, BJ, GC, single spaces
    (``9 9 SJ BJ``, ``A A 2 2 2``)."""
    text = _TEXT_OF.get(s)
    if text is None:
        parts = ([RANK_NAMES[s.rank]] * s.n + ["2"] * s.twos + ["SJ"] * s.sj + ["BJ"] * s.bj
                 + ["GC"] * s.gc)
        text = " ".join(parts)
        if len(_TEXT_OF) < _CACHE_CAP:
            _TEXT_OF[s] = text
    return text


def over(new: CardSet, old: CardSet) -> bool:
    """R-PLAY-3 extended to three joker tiers (R-WF-PLAY-1): same size, and card by card
    (sorted high to low) strictly higher. ``old`` may hold killing 2s (a kill answer now on
    top): jokers must stand above them. ``new`` may not."""
    if new.size != old.size or new.twos or old.gc:
        return False
    above_bj, above_sj = new.gc, new.gc + new.bj
    return (
        above_bj >= old.bj
        and above_sj >= old.bj + old.sj
        and above_sj + new.sj >= old.bj + old.sj + old.twos
        and (new.n == 0 or new.rank > old.rank)
    )


def beats(new: CardSet, old: CardSet, rules: RuleSet | None = None) -> bool:
    """R-PLAY-3: same size, and card by card (sorted high to low) strictly higher.

    Closed form: ``old`` has no big joker, ``new`` has a big joker for each small joker of
    ``old``, and ``new``'s natural cards (if any) outrank ``old``'s. The preset may add roasts
    (R-PLAY-5 ``kao``), the GC tier (R-WF-PLAY-1), joker kills by 2s (R-WF-PLAY-2) and bombs
    (R-WF-BOMB-1).
    """
    if (
        new.n + new.sj + new.bj == old.n + old.sj + old.bj
        and old.bj == 0
        and new.bj >= old.sj
        and (new.n == 0 or new.rank > old.rank)
        and not (new.gc or new.twos or old.gc or old.twos)
    ):
        plain = True
    else:
        plain = over(new, old)
    if rules is None:
        return plain
    r = rules
    if r.bombs != "off" and (is_bomb(new) or is_bomb(old)):
        return is_bomb(new) and (not is_bomb(old) or (new.n, new.rank) > (old.n, old.rank))
    return plain or (r.kao and roasts(new, old)) or (r.two_kill != "off" and kills(new, old, r))


def is_bomb(s: CardSet) -> bool:
    """R-WF-BOMB-1: four or more natural cards of one rank and nothing else."""
    return s.n >= 4 and s.size == s.n


def kills(new: CardSet, old: CardSet, rules: RuleSet) -> bool:
    """R-WF-PLAY-2: ``new`` holds groups of 2s (three for a BJ of ``old``, ``two_kill_gc`` for a
    GC) beside a set that beats the rest of ``old`` card by card; with no rest, the groups alone.
    No group kills a small joker. ``singles``: only a lone joker is killed."""
    if not (old.bj or old.gc) or (rules.two_kill == "singles" and old.size != 1):
        return False
    spare = new.twos or (new.n if new.rank == TWO else 0)
    for by_bj in range(old.bj + 1):
        for by_gc in range(old.gc + 1):
            used = 3 * by_bj + rules.two_kill_gc * by_gc
            if not used or used > spare or (new.twos and used != new.twos):
                continue
            rest_old = CardSet(old.rank, old.n, old.sj, old.bj - by_bj, old.gc - by_gc, old.twos)
            if new.twos:
                rest_new = CardSet(new.rank, new.n, new.sj, new.bj, new.gc)
            else:
                left = new.n - used
                rest_new = CardSet(TWO if left else NO_RANK, left, new.sj, new.bj, new.gc)
            if rest_new.size == rest_old.size == 0 or (
                    rest_new.size and over(rest_new, rest_old)):
                return True
    return False


def _roast_splits(old: CardSet) -> list[tuple[int, int]]:
    """R-PLAY-5: the (small, big) jokers a roast group needs to beat ``old``'s jokers, one
    entry per way of partitioning them into units (1 BJ > 1 SJ, 2 SJ > 1 SJ, 2 BJ > 1 BJ,
    3 SJ > 1 BJ)."""
    out = set()
    for by_bj in range(old.bj + 1):  # big jokers of ``old`` beaten by 2 BJ (the rest by 3 SJ)
        for by_one in range(old.sj + 1):  # small jokers beaten by 1 BJ (the rest by 2 SJ)
            out.add((3 * (old.bj - by_bj) + 2 * (old.sj - by_one), 2 * by_bj + by_one))
    return sorted(out)


def roasts(new: CardSet, old: CardSet) -> bool:
    """R-PLAY-5: part of ``new``'s jokers beats all of ``old``'s jokers unit by unit, and the
    rest of ``new`` beats ``old``'s natural cards under R-PLAY-3 (an empty rest for none)."""
    if not (old.sj or old.bj):
        return False
    naturals = CardSet(old.rank, old.n, 0, 0)
    return any(
        new.sj >= sj and new.bj >= bj
        and beats(CardSet(new.rank, new.n, new.sj - sj, new.bj - bj), naturals)
        for sj, bj in _roast_splits(old)
    )


def _roasting_answers(rc: Sequence[int], top: CardSet) -> set[CardSet]:
    """Every composition a hand can roast ``top`` with (R-PLAY-5): a roast group, plus an
    ordinary answer (``_sets``) to ``top``'s natural cards from what is left."""
    naturals = CardSet(top.rank, top.n, 0, 0)
    out: set[CardSet] = set()
    for sj, bj in _roast_splits(top):
        left = list(rc)
        left[SJ_RANK] -= sj
        left[BJ_RANK] -= bj
        if left[SJ_RANK] < 0 or left[BJ_RANK] < 0:
            continue
        if top.n == 0:
            out.add(CardSet(NO_RANK, 0, sj, bj))
            continue
        for rest in _sets(left, naturals):
            out.add(CardSet(rest.rank, rest.n, rest.sj + sj, rest.bj + bj))
    return out


def held_back_allows(s: CardSet, rc: Sequence[int], held: HeldBack) -> bool:
    """R-PLAY-6 / R-WH-PLAY-2 / R-WF-BIE3-1: the held-back rank only in the set that empties
    the hand, all of it at once; a pure one with nothing else."""
    if s.n == 0 or s.rank != held.rank:
        return True
    return s.n == rc[held.rank] and s.size == sum(rc) and (not held.pure or s.size == s.n)


def without_rank(rc: Sequence[int], rank: int) -> list[int] | None:
    """A hand leads as if it held none of the held-back rank (R-PLAY-6), unless those are its
    only natural cards (then they may go out as the last set): those rank counts, or None."""
    if sum(rc[: TWO + 1]) == rc[rank]:
        return None
    left = list(rc)
    left[rank] = 0
    return left


def held_back_leads(rc: Sequence[int], held: HeldBack) -> list[CardSet]:
    """The leads of a hand holding the held-back rank, in ``_sets`` order."""
    left = without_rank(rc, held.rank)
    if left is not None:
        return _sets(left, None)
    # Only that rank and jokers: all of them at once (a pure rank only once the jokers are
    # gone), or jokers alone.
    jokers = [0] * (TWO + 1) + list(rc[SJ_RANK:])
    last = _composition(held.rank, rc[held.rank], rc[SJ_RANK], rc[BJ_RANK], rc[GC_RANK])
    if held.pure and last.size != last.n:
        return _sets(jokers, None)
    return [last, *_sets(jokers, None)]


def sets_from_rank_counts(
    rc: Sequence[int], top: CardSet | None = None, rules: RuleSet | None = None
) -> list[CardSet]:
    """Every distinct set a hand with rank counts ``rc`` may play (beating ``top`` if given),
    under ``rules``: R-PLAY-5 roasting answers, R-WF-PLAY-2 kills, R-WF-BOMB-1 bombs, and the
    held-back rank (R-PLAY-6, R-WF-BIE3-1)."""
    held = rules.holds_back if rules is not None else None
    if top is None:
        leads = held_back_leads(rc, held) if held and rc[held.rank] else _sets(rc, None)
        return leads if rules is None or rules.joker_sets else attached(leads, rc)
    if rules is None or rules.plain_answers:
        out = _sets(rc, top)
        bombs = False
    else:
        _, n, sj, bj, gc, twos = top
        bombs = rules.bombs != "off"
        if bombs and n >= 4 and not (sj or bj or gc or twos):  # (is_bomb, inline)
            out = _bombs(rc, top)  # only a bigger bomb beats a bomb
        else:
            out = _sets(rc, top)
            fours = bombs and max(rc[:TWO + 1]) >= 4  # (a bomb is four of a rank or more)
            if sj or bj or gc or fours:  # (roasts and kills answer jokers only)
                out = _with_extras(out, rc, top, rules, fours)
    # Only a set of the held-back rank may be held back (and no set holds a rank the hand
    # does not); an answer's natural cards rank above the top's, or are 2s, unless a bomb.
    if out and held and rc[held.rank] and (top[0] < held.rank or bombs):
        rank = held.rank
        out = [s for s in out if s[0] != rank or held_back_allows(s, rc, held)]
    return out if rules is None or rules.joker_sets else attached(out, rc)


def jokers_attached(s: CardSet, rc: Sequence[int]) -> bool:
    """R-PLAY-1 under ``joker_sets=false``: a set holds natural cards (jokers go only beside
    them), unless the hand holds jokers alone and plays them all, as its last set."""
    return s[1] > 0 or s.size == sum(rc)


def attached(sets: list[CardSet], rc: Sequence[int]) -> list[CardSet]:
    """``sets`` without the sets of jokers alone that :func:`jokers_attached` forbids."""
    return [s for s in sets if s[1] or s.size == sum(rc)]


def _with_extras(out: list[CardSet], rc: Sequence[int], top: CardSet, rules: RuleSet,
                 bombs: bool) -> list[CardSet]:
    """The ordinary answers ``out``, then those only the table's options allow, sorted:
    roasts (R-PLAY-5), kills (R-WF-PLAY-2) and bombs (R-WF-BOMB-1)."""
    _, _, sj, bj, gc, _ = top
    extra: list[CardSet] = []
    if rules.kao and (sj or bj):
        extra += _roasting_answers(rc, top)
    if rules.two_kill != "off" and (bj or gc):
        extra += _kill_answers(rc, top, rules)
    if bombs:
        extra += _bombs(rc, None)
    if extra:
        known = set(out)
        out += sorted(s for s in set(extra) if s not in known)
    return out


def _kill_answers(rc: Sequence[int], top: CardSet, rules: RuleSet) -> list[CardSet]:
    """Every answer killing some of ``top``'s BJs and GCs with groups of 2s (R-WF-PLAY-2):
    the groups alone when they kill all of it, else beside an ordinary answer to the rest."""
    out: list[CardSet] = []
    if rules.two_kill == "singles" and top.size != 1:
        return out
    for by_bj in range(top.bj + 1):
        for by_gc in range(top.gc + 1):
            used = 3 * by_bj + rules.two_kill_gc * by_gc
            if not used or used > rc[TWO]:
                continue
            rest = CardSet(top.rank, top.n, top.sj, top.bj - by_bj, top.gc - by_gc, top.twos)
            if rest.size == 0:
                out.append(_composition(TWO, used, 0, 0, 0))
                continue
            left = list(rc)
            left[TWO] -= used
            for b in _sets(left, rest):
                if b.n == 0 or b.rank == TWO:
                    out.append(_composition(TWO, b.n + used, b.sj, b.bj, b.gc))
                else:
                    out.append(_composition(b.rank, b.n, b.sj, b.bj, b.gc, used))
    return out


def _bombs(rc: Sequence[int], top: CardSet | None) -> list[CardSet]:
    """Every bomb of the hand (R-WF-BOMB-1), or those that beat the bomb ``top``: more cards,
    or as many of a higher rank."""
    return [
        _composition(rank, n, 0, 0, 0)
        for rank in range(TWO + 1) for n in range(4, rc[rank] + 1)
        if top is None or (n, rank) > (top.n, top.rank)
    ]


_COMPOSITIONS: dict[tuple[int, int, int, int, int, int], CardSet] = {}


def _composition(rank: int, n: int, sj: int, bj: int, gc: int = 0, twos: int = 0) -> CardSet:
    """One shared object per composition: there are only a few thousand, and enumerating
    them then allocates nothing."""
    key = (rank, n, sj, bj, gc, twos)
    found = _COMPOSITIONS.get(key)
    if found is None:
        found = _COMPOSITIONS[key] = tuple.__new__(CardSet, key)
    return found


@functools.cache
def _leads_with(sj_have: int, bj_have: int, gc_have: int = 0,
                ) -> tuple[tuple[tuple[CardSet, ...], ...], ...]:
    """For a hand with these jokers, ``[rank][n]``: n cards of rank with every joker
    combination it can add, in enumeration order; ``[NO_RANK][0]``: jokers alone."""
    combos = [(x, y, z) for x in range(sj_have + 1) for y in range(bj_have + 1)
              for z in range(gc_have + 1)]
    table = [
        tuple(tuple(_composition(rank, n, x, y, z) for x, y, z in combos)
              for n in range(4 * COPIES + 1))
        for rank in range(TWO + 1)
    ]
    table.append((tuple(_composition(NO_RANK, 0, x, y, z) for x, y, z in combos[1:]),))
    return tuple(table)


def _sets(rc: Sequence[int], top: CardSet | None) -> list[CardSet]:
    sj_have, bj_have, gc_have = rc[SJ_RANK], rc[BJ_RANK], rc[GC_RANK]
    out: list[CardSet] = []
    if top is None:
        table = _leads_with(sj_have, bj_have, gc_have)
        for rank in range(TWO + 1):
            by_n = table[rank]
            for n in range(1, rc[rank] + 1):
                out += by_n[n]
        out += table[NO_RANK][0]
        return out
    top_rank, top_n, top_sj, top_bj, top_gc, top_twos = top
    if gc_have or top_gc or top_twos:
        return _tier_sets(rc, top)
    if top_bj:
        return out  # nothing beats a set holding a big joker
    size = top_n + top_sj
    lo = top_rank + 1
    most = max(rc[lo:TWO + 1], default=0)  # (most answers have no natural set)
    if sj_have or bj_have:
        splits = _joker_splits(size, top_sj, sj_have, bj_have)
    elif top_sj or size > most:  # (most answering hands hold no joker: theirs go early)
        return out
    else:
        splits = ((size, 0),)
    every = _EVERY  # every joker combination x, y at x * 5 + y
    for n, combo in splits:
        if n == 0:
            out.append(every[NO_RANK][0][combo - 1])
        elif n <= most:
            for rank in range(lo, TWO + 1):
                if rc[rank] >= n:
                    out.append(every[rank][n][combo])
    return out


@functools.cache
def _joker_splits(size: int, top_sj: int, sj_have: int, bj_have: int,
                  ) -> tuple[tuple[int, int], ...]:
    """How an answer of ``size`` cards to a top with ``top_sj`` small jokers divides into
    natural cards and jokers (a big joker for each small one of the top, R-PLAY-3): ``(n,
    combo)`` in enumeration order, ``combo`` = SJs × 5 + BJs."""
    return tuple((size - y - x, x * (COPIES + 1) + y)
                 for y in range(top_sj, min(bj_have, size) + 1)
                 for x in range(min(sj_have, size - y) + 1))


_EVERY = _leads_with(COPIES, COPIES)


def _tier_sets(rc: Sequence[int], top: CardSet) -> list[CardSet]:
    """The same-size answers to ``top`` with three joker tiers (R-WF-PLAY-1): a GC for each of
    its BJs, a BJ or GC for each of its SJs too, a joker above each 2 it kills with, higher
    naturals."""
    out: list[CardSet] = []
    if top.gc:
        return out  # nothing of the same size beats a GC
    size, below_bj, below_two = top.size, top.bj + top.sj, top.bj + top.sj + top.twos
    for z in range(top.bj, min(rc[GC_RANK], size) + 1):
        for y in range(max(0, below_bj - z), min(rc[BJ_RANK], size - z) + 1):
            for x in range(max(0, below_two - z - y), min(rc[SJ_RANK], size - z - y) + 1):
                n = size - x - y - z
                if n == 0:
                    out.append(_composition(NO_RANK, 0, x, y, z))
                    continue
                for rank in range(top.rank + 1, TWO + 1):
                    if rc[rank] >= n:
                        out.append(_composition(rank, n, x, y, z))
    return out


def rank_counts(cards: Iterable[Card]) -> list[int]:
    vec = [0] * RANKS_WITH_GC
    for c in cards:
        vec[rank_of(c)] += 1
    return vec


def legal_sets(
    hand: Iterable[Card | str], top: CardSet | None = None, rules: RuleSet = QINGDAO
) -> list[CardSet]:
    """Every distinct set (by composition) ``hand`` may play; with ``top``, those that beat it.
    Cards are codes or R-CARD-2 text (ValueError names a bad one)."""
    rc = [0] * RANKS_WITH_GC
    for c in hand:
        rank = _RANK_BY_CARD.get(c)
        rc[rank if rank is not None else rank_of(parse_card(c))] += 1  # type: ignore[arg-type]
    return sets_from_rank_counts(rc, top, rules)


_RANK_BY_CARD: dict[Card | str, int] = {
    **{c: rank_of(c) for c in range(NUM_CARDS)},
    **{CARD_TEXT[c]: rank_of(c) for c in range(NUM_CARDS)},
}
"""Card codes and canonical card texts to ranks: a hand from a view is counted without parsing."""


def pick_cards(hand_counts: Sequence[int], s: CardSet, avoid: Card | None = None) -> list[Card]:
    """Concrete cards of a hand (count vector by card code) that make up ``s``.

    Takes suits the hand holds most of first, and ``avoid`` (say, a guard's called card) last.
    """
    rank, n, sj, bj, gc, twos = s
    if hand_counts[SJ] < sj or hand_counts[BJ] < bj or hand_counts[GC] < gc:
        raise ValueError(f"you do not hold {format_set(s)}")
    cards = _naturals(hand_counts, rank, n, avoid, s) if n else []
    if twos:
        cards += _naturals(hand_counts, TWO, twos, avoid, s)
    if sj:
        cards += [SJ] * sj
    if bj:
        cards += [BJ] * bj
    if gc:
        cards += [GC] * gc
    return cards


def _naturals(hand_counts: Sequence[int], rank: int, n: int, avoid: Card | None,
              s: CardSet) -> list[Card]:
    """``n`` cards of ``rank``, suits held most of first (the lower suit of two held as
    often), ``avoid`` last."""
    base = rank * 4
    suits = hand_counts[base:base + 4]
    most = max(suits)
    if most >= n:  # the common case: one suit will do
        card = base + suits.index(most)
        if card != avoid:
            return [card] * n
    order = sorted(range(base, base + 4), key=hand_counts.__getitem__, reverse=True)  # stable
    if avoid is not None and base <= avoid < base + 4:
        order.remove(avoid)
        order.append(avoid)
    cards: list[Card] = []
    for c in order:
        held = hand_counts[c]
        if held >= n:  # (n: the cards still wanted)
            return cards + [c] * n
        cards += [c] * held
        n -= held
    raise ValueError(f"you do not hold {format_set(s)}")
