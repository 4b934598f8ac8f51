"""Sets and how they compare (R-PLAY-1..4), on rank counts because this is the hot path.

A set is ``n`` cards of one natural rank plus ``sj`` small and ``bj`` big jokers. Suits never
matter for comparison, so a :class:`CardSet` is a composition; which exact cards are played is
the caller's business (see :func:`pick_cards`).
"""

from __future__ import annotations

import functools

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bhtui.cards import (
    BJ, BJ_RANK, CARD_TEXT, COPIES, NUM_CARDS, NUM_RANKS, RANK_NAMES, SJ, SJ_RANK, TWO, Card,
    parse_card, parse_rank, rank_of,
)
from bhtui.rules.presets import RuleSet, get_preset

NO_RANK = -1
_CACHE_CAP = 100_000  # set texts also arrive from the network: keep the caches bounded


class CardSet(NamedTuple):
    """``n`` natural cards of ``rank`` (NO_RANK when n == 0) + ``sj`` small + ``bj`` big jokers."""

    rank: int
    n: int
    sj: int
    bj: int

    @property
    def size(self) -> int:
        return self.n + self.sj + self.bj

    def __str__(self) -> str:
        return format_set(self)


def set_of_ranks(ranks: Iterable[int]) -> CardSet:
    """The set made of cards of these ranks; ValueError with the reason when it is not a set."""
    natural = NO_RANK
    n = sj = bj = 0
    for r in ranks:
        if r == SJ_RANK:
            sj += 1
        elif r == BJ_RANK:
            bj += 1
        else:
            if natural not in (NO_RANK, r):
                raise ValueError(
                    f"mixed ranks {RANK_NAMES[natural]} and {RANK_NAMES[r]}: a set is one rank "
                    "plus jokers, never a straight or a mix (R-PLAY-1)"
                )
            natural = r
            n += 1
    if n + sj + bj == 0:
        raise ValueError("a set needs at least one card (R-PLAY-1)")
    return CardSet(natural, n, sj, bj)


def set_of_cards(cards: Iterable[Card]) -> CardSet:
    return set_of_ranks(rank_of(c) for c in cards)


_TEXT_OF: dict[CardSet, str] = {}
_SET_OF: dict[str, CardSet] = {}


def parse_set(text: str) -> CardSet:
    """Parse ``"9 9 9 SJ SJ"`` or ``"9S 9H 9D SJ BJ"``; ValueError says why it is not a set."""
    known = _SET_OF.get(text)
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
    result = set_of_ranks(ranks)
    if len(_SET_OF) < _CACHE_CAP:
        _SET_OF[text] = result
    return result


def format_set(s: CardSet) -> str:
    """Canonical text: natural cards, then SJ, then BJ, single spaces (``9 9 SJ BJ``)."""
    text = _TEXT_OF.get(s)
    if text is None:
        parts = [RANK_NAMES[s.rank]] * s.n + ["SJ"] * s.sj + ["BJ"] * s.bj
        text = " ".join(parts)
        if len(_TEXT_OF) < _CACHE_CAP:
            _TEXT_OF[s] = text
    return text


def beats(new: CardSet, old: CardSet, rules: RuleSet | str | None = None) -> bool:
    """R-PLAY-3: same size, and card by card (sorted high to low) strictly higher.

    Closed form: ``old`` has no big joker, ``new`` has a big joker for each small joker of
    ``old``, and ``new``'s natural cards (if any) outrank ``old``'s. Under ``kao`` a roasting
    answer of another size may beat a set holding jokers too (R-PLAY-5).
    """
    if (
        new.n + new.sj + new.bj == old.n + old.sj + old.bj
        and old.bj == 0
        and new.bj >= old.sj
        and (new.n == 0 or new.rank > old.rank)
    ):
        return True
    return rules is not None and get_preset(rules).kao and roasts(new, old)


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


SIX = 3  # rank index of the 6s (R-PLAY-6)


def bie6_allows(s: CardSet, rc: Sequence[int]) -> bool:
    """R-PLAY-6: 6s only in the set that empties the hand, and then all of them."""
    return s.n == 0 or s.rank != SIX or (s.n == rc[SIX] and s.size == sum(rc))


def without_sixes(rc: Sequence[int]) -> list[int] | None:
    """Under 憋6 a hand leads as if it held no 6s (R-PLAY-6), unless 6s are its only natural
    cards (then they may go out as the last set): those rank counts, or None then."""
    if not any(n for rank, n in enumerate(rc[: TWO + 1]) if rank != SIX):
        return None
    left = list(rc)
    left[SIX] = 0
    return left


def bie6_leads(rc: Sequence[int]) -> list[CardSet]:
    """R-PLAY-6 leads of a hand holding 6s, in ``_sets`` order."""
    left = without_sixes(rc)
    if left is not None:
        return _sets(left, None)
    # Only 6s and jokers: all of them at once, or jokers alone.
    jokers = [0] * (TWO + 1) + [rc[SJ_RANK], rc[BJ_RANK]]
    return [_composition(SIX, rc[SIX], rc[SJ_RANK], rc[BJ_RANK]), *_sets(jokers, None)]


def sets_from_rank_counts(
    rc: Sequence[int], top: CardSet | None = None, rules: RuleSet | None = None
) -> list[CardSet]:
    """Every distinct set a hand with rank counts ``rc`` may play (beating ``top`` if given),
    under the options of ``rules`` (R-PLAY-5 roasting answers, R-PLAY-6 held-back 6s)."""
    if top is None and rules is not None and rules.bie6 and rc[SIX]:
        return bie6_leads(rc)
    out = _sets(rc, top)
    if rules is None:
        return out
    if rules.kao and top is not None and (top.sj or top.bj):
        known = set(out)
        out += sorted(s for s in _roasting_answers(rc, top) if s not in known)
    if rules.bie6:
        out = [s for s in out if bie6_allows(s, rc)]
    return out


_COMPOSITIONS: dict[tuple[int, int, int, int], CardSet] = {}


def _composition(rank: int, n: int, sj: int, bj: int) -> CardSet:
    """One shared object per composition: there are only a few thousand, and enumerating
    them then allocates nothing."""
    key = (rank, n, sj, bj)
    return _COMPOSITIONS.setdefault(key, tuple.__new__(CardSet, key))


@functools.cache
def _leads_with(sj_have: int, bj_have: int) -> tuple[tuple[tuple[CardSet, ...], ...], ...]:
    """For a hand with these jokers, ``[rank][n]``: n cards of rank with every joker
    combination it can add, in enumeration order; ``[NO_RANK][0]``: jokers alone."""
    combos = [(x, y) for x in range(sj_have + 1) for y in range(bj_have + 1)]
    table = [
        tuple(tuple(_composition(rank, n, x, y) for x, y in combos) for n in range(4 * COPIES + 1))
        for rank in range(TWO + 1)
    ]
    table.append((tuple(_composition(NO_RANK, 0, x, y) for x, y in combos[1:]),))
    return tuple(table)


def _sets(rc: Sequence[int], top: CardSet | None) -> list[CardSet]:
    sj_have, bj_have = rc[SJ_RANK], rc[BJ_RANK]
    out: list[CardSet] = []
    if top is None:
        table = _leads_with(sj_have, bj_have)
        for rank in range(TWO + 1):
            by_n = table[rank]
            for n in range(1, rc[rank] + 1):
                out += by_n[n]
        out += table[NO_RANK][0]
        return out
    if top.bj:
        return out  # nothing beats a set holding a big joker
    size = top.n + top.sj + top.bj
    every = _leads_with(COPIES, COPIES)  # every joker combination x, y at x * 5 + y
    for y in range(top.sj, min(bj_have, size) + 1):
        for x in range(min(sj_have, size - y) + 1):
            n = size - y - x
            if n == 0:
                out.append(every[NO_RANK][0][x * (COPIES + 1) + y - 1])
                continue
            combo = x * (COPIES + 1) + y
            for rank in range(top.rank + 1, TWO + 1):
                if rc[rank] >= n:
                    out.append(every[rank][n][combo])
    return out


def rank_counts(cards: Iterable[Card]) -> list[int]:
    vec = [0] * NUM_RANKS
    for c in cards:
        vec[rank_of(c)] += 1
    return vec


def legal_sets(
    hand: Iterable[Card | str], top: CardSet | None = None, rules: RuleSet | str = "qingdao"
) -> list[CardSet]:
    """Every distinct set (by composition) ``hand`` may play; with ``top``, those that beat it.
    Cards are codes or R-CARD-2 text (ValueError names a bad one)."""
    rc = [0] * NUM_RANKS
    for c in hand:
        rank = _RANK_BY_CARD.get(c)
        rc[rank if rank is not None else rank_of(parse_card(c))] += 1  # type: ignore[arg-type]
    return sets_from_rank_counts(rc, top, get_preset(rules))


_RANK_BY_CARD: dict[Card | str, int] = {
    **{c: rank_of(c) for c in range(NUM_CARDS)},
    **{CARD_TEXT[c]: rank_of(c) for c in range(NUM_CARDS)},
}
"""Card codes and canonical card texts to ranks: a hand from a view is counted without parsing."""


def pick_cards(hand_counts: Sequence[int], s: CardSet, avoid: Card | None = None) -> list[Card]:
    """Concrete cards of a hand (count vector by card code) that make up ``s``.

    Takes suits the hand holds most of first, and ``avoid`` (say, a guard's called card) last.
    """
    if hand_counts[SJ] < s.sj or hand_counts[BJ] < s.bj:
        raise ValueError(f"you do not hold {format_set(s)}")
    cards: list[Card] = []
    if s.n:
        base = s.rank * 4
        suits = hand_counts[base:base + 4]
        most = max(range(4), key=suits.__getitem__)
        if suits[most] >= s.n and base + most != avoid:  # the common case: one suit will do
            return [base + most] * s.n + [SJ] * s.sj + [BJ] * s.bj
        order = sorted(range(base, base + 4), key=lambda c: (c == avoid, -hand_counts[c], c))
        need = s.n
        for c in order:
            take = min(need, hand_counts[c])
            cards += [c] * take
            need -= take
        if need > 0:
            raise ValueError(f"you do not hold {format_set(s)}")
    return cards + [SJ] * s.sj + [BJ] * s.bj
