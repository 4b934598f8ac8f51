"""Hands (牌型): what a set of cards is, its canonical text, and which hand beats which.

Suits never matter in Dou Dizhu (C-CARD-1; S-HAND-* never names one), so a card is its rank:
``0`` (3) .. ``12`` (2), ``13`` (SJ), ``14`` (BJ), the ranks of :mod:`bhtui.cards`. A hand is
read from its rank counts by :func:`classify`, written independently of the move generator in
:mod:`bhtui.doudizhu.moves` so the tests can check one against the other.

In ``shanghai`` the jokers form one rank, 王, above 2 (S-CARD-1): a small and a big joker
are a pair. Its straight types run in *straight order* ``A 2 3 … K A`` (S-HAND-2), so a run's
main rank there is a position 0 (low A) .. 13 (high A).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bhtui.cards import BJ_RANK, NUM_RANKS, RANK_NAMES, SJ_RANK, TWO, parse_rank

ACE = 11
JOKER = SJ_RANK
"""Shanghai's merged joker rank (王) in a merged count vector of 14 entries."""
PRESET_NAMES = ("classic", "shanghai")
_CACHE_CAP = 100_000  # hand texts also arrive from the network: keep the caches bounded

# Kinds. Both presets share names where the type is the same.
SINGLE, PAIR, TRIO = "single", "pair", "trio"
TRIO_SINGLE, TRIO_PAIR = "trio_single", "trio_pair"
STRAIGHT, PAIR_RUN, AIRPLANE = "straight", "pair_run", "airplane"
AIRPLANE_SINGLES, AIRPLANE_PAIRS = "airplane_singles", "airplane_pairs"
FOUR_TWO, FOUR_TWO_PAIRS = "four_two", "four_two_pairs"
BOMB, ROCKET, JOKER_BOMB = "bomb", "rocket", "joker_bomb"
BOMBS = frozenset({BOMB, ROCKET, JOKER_BOMB})
"""Kinds that beat other kinds: the ones C-SCORE-3 doubles for and S-BID-7 limits."""

# Shanghai's straight order (S-HAND-2): position -> rank.
POSITION_RANK: tuple[int, ...] = (ACE, TWO, *range(0, ACE), ACE)
RUN_PER = {STRAIGHT: 1, PAIR_RUN: 2, AIRPLANE: 3}
"""Shanghai's runs of one group size (S-HAND-1 types 7–9): cards per position."""


class Hand(NamedTuple):
    """One hand: its kind, main rank (C-HAND-16 / S-HAND-4), card count, and cards as
    ``(rank, count)`` pairs from low to high; ``text`` is the canonical text (C-CARD-2)."""

    kind: str
    main: int
    size: int
    need: tuple[tuple[int, int], ...]
    text: str

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMBS

    def ranks(self) -> list[int]:
        return [r for r, k in self.need for _ in range(k)]


def text_of(need: Iterable[tuple[int, int]]) -> str:
    """Canonical text of ``(rank, count)`` pairs in rank order: ``3 3 3 4``."""
    return " ".join(" ".join([RANK_NAMES[r]] * k) for r, k in need)


def counts_of_text(text: str) -> list[int]:
    """Rank counts of cards written as ranks (``10`` or ``T``, ``SJ``, ``BJ``, any order and
    case); ValueError names a bad token."""
    rc = [0] * NUM_RANKS
    for token in text.split():
        try:
            rc[parse_rank(token)] += 1
        except ValueError:
            raise ValueError(
                f"not a card: {token!r} (write ranks like 3 10 J A 2 SJ BJ)") from None
    return rc


def check_copies(rc: Sequence[int], preset: str) -> None:
    """ValueError when the cards could not come from the preset's deck (C-CARD-1, S-CARD-1)."""
    decks = 2 if preset == "shanghai" else 1
    for r, k in enumerate(rc):
        cap = decks if r >= SJ_RANK else 4 * decks
        if k > cap:
            raise ValueError(f"{k}× {RANK_NAMES[r]}: the {preset} deck has only {cap}")


# ----- classic (C-HAND-*) ---------------------------------------------------------------------
def _run_of(present: list[int]) -> bool:
    """Consecutive ranks inside 3..A (C-HAND-6..10: no 2, no joker, no wrap)."""
    return present[-1] <= ACE and present[-1] - present[0] == len(present) - 1


def classify_classic(rc: Sequence[int]) -> tuple[str, int] | None:
    """(kind, main rank) of the cards with rank counts ``rc``, or None if they are no hand."""
    present = [r for r in range(NUM_RANKS) if rc[r]]
    if not present:
        return None
    n = sum(rc)
    shape = sorted((rc[r] for r in present), reverse=True)
    if len(present) == 1:
        r, k = present[0], rc[present[0]]
        if r >= SJ_RANK:
            return (SINGLE, r) if k == 1 else None
        return {1: (SINGLE, r), 2: (PAIR, r), 3: (TRIO, r), 4: (BOMB, r)}.get(k)
    if present == [SJ_RANK, BJ_RANK] and n == 2:
        return ROCKET, BJ_RANK
    if shape == [1] * len(present) and 5 <= n <= 12 and _run_of(present):
        return STRAIGHT, present[0]
    if shape == [2] * len(present) and 3 <= len(present) <= 10 and _run_of(present):
        return PAIR_RUN, present[0]
    if shape == [3] * len(present) and 2 <= len(present) <= 6 and _run_of(present):
        return AIRPLANE, present[0]
    jokers = rc[SJ_RANK] + rc[BJ_RANK]
    if shape == [3, 1] and n == 4:
        return TRIO_SINGLE, next(r for r in present if rc[r] == 3)
    if shape == [3, 2] and not jokers:
        return TRIO_PAIR, next(r for r in present if rc[r] == 3)
    if shape[0] == 4 and n == 6 and jokers < 2:
        return FOUR_TWO, next(r for r in present if rc[r] == 4)
    if shape == [4, 2, 2] and not jokers:
        return FOUR_TWO_PAIRS, next(r for r in present if rc[r] == 4)
    return _classic_airplane_with_wings(rc, present, n)


def _classic_airplane_with_wings(
    rc: Sequence[int], present: list[int], n: int
) -> tuple[str, int] | None:
    """C-HAND-9 / C-HAND-10: find the run of trios the wings hang on; the wing limits make
    the reading unique (C-HAND-16), which the tests check over the whole hand space."""
    readings = []
    for width, kind, top in ((4, AIRPLANE_SINGLES, 5), (5, AIRPLANE_PAIRS, 4)):
        if n % width or not 2 <= n // width <= top:
            continue
        k = n // width
        for lo in range(0, ACE - k + 2):
            run = range(lo, lo + k)
            if any(rc[r] != 3 for r in run):
                continue
            wings = [0 if r in run else rc[r] for r in range(NUM_RANKS)]
            if kind == AIRPLANE_SINGLES:
                ok = (
                    max(wings) < 4 and not (wings[SJ_RANK] and wings[BJ_RANK])
                    and (lo == 0 or wings[lo - 1] < 3)
                    and (lo + k > ACE or wings[lo + k] < 3)
                )
            else:
                ok = (all(w in (0, 2) for w in wings)
                      and not wings[SJ_RANK] and not wings[BJ_RANK])
            if ok:
                readings.append((kind, lo))
    return readings[0] if len(readings) == 1 else None


def beats_classic(a: Hand, b: Hand) -> bool:
    """C-HAND-17..19: does ``a`` beat ``b``?"""
    if b.kind == ROCKET:
        return False
    if a.kind == ROCKET:
        return True
    if a.kind == BOMB:
        return b.kind != BOMB or a.main > b.main
    return b.kind != BOMB and a.kind == b.kind and a.size == b.size and a.main > b.main


# ----- shanghai (S-HAND-*) --------------------------------------------------------------------
def merged(rc: Sequence[int]) -> list[int]:
    """Shanghai counts: 13 natural ranks, then every joker as one rank 王 (S-CARD-1)."""
    return [*rc[:JOKER], rc[SJ_RANK] + rc[BJ_RANK]]


def window_need(lo: int, hi: int, per: int) -> list[int]:
    """Natural rank counts of positions lo..hi in straight order, ``per`` cards each."""
    need = [0] * JOKER
    for p in range(lo, hi + 1):
        need[POSITION_RANK[p]] += per
    return need


def _runs(m: Sequence[int], per: int, width: int) -> list[int]:
    """Top positions of every reading of ``m``'s naturals as ``width`` positions of ``per``."""
    return [lo + width - 1 for lo in range(0, 15 - width)
            if window_need(lo, lo + width - 1, per) == list(m[:JOKER])]


def classify_shanghai(rc: Sequence[int]) -> tuple[str, int] | None:
    """(kind, main) under S-HAND-1..2: main is the rank (王 = 13) for types 1–6 and the top
    position in straight order for 7–10; a run read both ways takes the higher reading."""
    m = merged(rc)
    present = [r for r in range(JOKER + 1) if m[r]]
    if not present:
        return None
    n = sum(m)
    if len(present) == 1:
        r, k = present[0], m[present[0]]
        if r == JOKER and k == 4:
            return JOKER_BOMB, JOKER
        return {1: (SINGLE, r), 2: (PAIR, r), 3: (TRIO, r)}.get(k, (BOMB, r) if k >= 4 else None)
    if len(present) == 2 and sorted(m[r] for r in present) == [2, 3]:
        return TRIO_PAIR, next(r for r in present if m[r] == 3)
    if m[JOKER]:
        return None  # jokers never join a run (S-HAND-2)
    for kind, per, least in ((STRAIGHT, 1, 5), (PAIR_RUN, 2, 3), (AIRPLANE, 3, 2)):
        if n % per == 0 and n // per >= least:
            tops = _runs(m, per, n // per)
            if tops:
                return kind, max(tops)
    if n % 5 == 0 and n >= 10:
        return _shanghai_airplane_with_pairs(m, n // 5)
    return None


def _shanghai_airplane_with_pairs(m: Sequence[int], k: int) -> tuple[str, int] | None:
    """Type 10: ``k`` consecutive triples plus ``k`` consecutive pairs of other ranks."""
    tops = []
    for lo in range(0, 15 - k):
        triples = window_need(lo, lo + k - 1, 3)
        rest = [have - want for have, want in zip(m[:JOKER], triples, strict=False)]
        if min(rest) < 0 or any(rest[r] for r in range(JOKER) if triples[r]):
            continue
        if _runs(rest, 2, k):
            tops.append(lo + k - 1)
    return (AIRPLANE_PAIRS, max(tops)) if tops else None


def run_text(windows: Iterable[tuple[int, int, int]]) -> str:
    """Canonical text of a Shanghai run (S-HAND-1 types 7–10) from its windows ``(lo, hi,
    per)`` of positions: in straight order, so a low A and the 2 come first (``A A 2 2 3 3``,
    ``A 2 3 … K A``) as the run is read; other runs read as in rank order."""
    spots = sorted((p, per) for lo, hi, per in windows for p in range(lo, hi + 1))
    return " ".join(" ".join([RANK_NAMES[POSITION_RANK[p]]] * per) for p, per in spots)


def _shanghai_run_text(rc: Sequence[int], kind: str, main: int, n: int) -> str:
    """The text of a run ``classify_shanghai`` read as ``kind`` with top position ``main``:
    its windows again, the pairs of type 10 in their higher reading as the triples are."""
    if kind in RUN_PER:
        per = RUN_PER[kind]
        return run_text([(main - n // per + 1, main, per)])
    k = n // 5
    triples = window_need(main - k + 1, main, 3)
    top = max(_runs([have - want for have, want in zip(rc, triples, strict=False)], 2, k))
    return run_text([(main - k + 1, main, 3), (top - k + 1, top, 2)])


def bomb_strength(h: Hand) -> tuple[int, int]:
    """S-HAND-3: the four jokers above all, then more cards, then the higher rank."""
    return (9, 0) if h.kind == JOKER_BOMB else (h.size, h.main)


def beats_shanghai(a: Hand, b: Hand) -> bool:
    """S-HAND-3..4: does ``a`` beat ``b``?"""
    if a.kind in BOMBS:
        return b.kind not in BOMBS or bomb_strength(a) > bomb_strength(b)
    return b.kind not in BOMBS and a.kind == b.kind and a.size == b.size and a.main > b.main


# ----- the public surface ---------------------------------------------------------------------
CLASSIFY = {"classic": classify_classic, "shanghai": classify_shanghai}
BEATS = {"classic": beats_classic, "shanghai": beats_shanghai}
_PARSED: dict[str, dict[str, Hand]] = {name: {} for name in PRESET_NAMES}


def check_preset(preset: str) -> str:
    if preset not in PRESET_NAMES:
        raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESET_NAMES)}")
    return preset


def hand_of_counts(rc: Sequence[int], preset: str = "classic") -> Hand | None:
    """The hand the cards with rank counts ``rc`` form, or None."""
    found = CLASSIFY[preset](rc)
    if found is None:
        return None
    kind, main = found
    need = tuple((r, k) for r, k in enumerate(rc) if k)
    text = (_shanghai_run_text(rc, kind, main, sum(rc))
            if preset == "shanghai" and (kind in RUN_PER or kind == AIRPLANE_PAIRS)
            else text_of(need))
    return Hand(kind, main, sum(rc), need, text)


def parse_hand(text: str, preset: str = "classic") -> Hand:
    """Parse ``"3 3 3 4"`` (any order, ``T`` for 10); ValueError says why it is not a hand."""
    cache = _PARSED[check_preset(preset)]
    known = cache.get(text)
    if known is not None:
        return known
    rc = counts_of_text(text)
    if not any(rc):
        raise ValueError("a hand needs at least one card")
    check_copies(rc, preset)
    hand = hand_of_counts(rc, preset)
    if hand is None:
        raise ValueError(f"{text_of((r, k) for r, k in enumerate(rc) if k)} is not a hand "
                         f"in {preset} Dou Dizhu")
    if len(cache) < _CACHE_CAP and text == hand.text:  # padded or reordered texts from the
        cache[text] = hand  # wire would fill it with copies of what it holds
    return hand


CARRIERS = {TRIO_SINGLE: 3, TRIO_PAIR: 3, AIRPLANE_SINGLES: 3, AIRPLANE_PAIRS: 3,
            FOUR_TWO: 4, FOUR_TWO_PAIRS: 4}
"""Kinds that carry cards (三带, 飞机带翅膀, 四带二), with the size of their carrying groups."""


def carried(hand: Hand, preset: str = "classic") -> tuple[str, str] | None:
    """A hand that carries cards as (what carries, what is carried), each in the canonical
    text's order: ``("9 9 9", "3")`` for ``3 9 9 9``, the way the apps show it (999+3); None
    for a hand that carries nothing. The trios are those the hand was read by (C-HAND-9/10,
    S-HAND-1 type 10): a trio among the wings stays a wing. The wire keeps the canonical
    text (C-CARD-2); this is for the screen."""
    per = CARRIERS.get(hand.kind)
    if per is None:
        return None
    if hand.kind in (AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        k = hand.size // (per + (1 if hand.kind == AIRPLANE_SINGLES else 2))
        lows = (range(hand.main - k + 1, hand.main + 1) if preset == "shanghai"
                else range(hand.main, hand.main + k))  # Shanghai's main: the top position
        ranks = {POSITION_RANK[p] for p in lows} if preset == "shanghai" else set(lows)
    else:
        ranks = {hand.main}
    core: list[str] = []
    rest: list[str] = []
    taken: Counter[int] = Counter()
    for token in hand.text.split():
        rank = parse_rank(token)
        if preset == "shanghai" and rank >= SJ_RANK:
            rank = JOKER  # one rank of jokers (S-CARD-1)
        if rank in ranks and taken[rank] < per:
            taken[rank] += 1
            core.append(token)
        else:
            rest.append(token)
    return " ".join(core), " ".join(rest)


def format_hand(hand: Hand | str | Iterable[int]) -> str:
    """Canonical text (C-CARD-2) of a hand, of card text in any order, or of ranks."""
    if isinstance(hand, Hand):
        return hand.text
    rc = counts_of_text(hand) if isinstance(hand, str) else _count_ranks(hand)
    return text_of((r, k) for r, k in enumerate(rc) if k)


def _count_ranks(ranks: Iterable[int]) -> list[int]:
    rc = [0] * NUM_RANKS
    for r in ranks:
        rc[r] += 1
    return rc


def beats(a: str | Hand, b: str | Hand, preset: str = "classic") -> bool:
    """Does hand ``a`` beat hand ``b`` (C-HAND-17..19, S-HAND-3..4)? ValueError on a non-hand."""
    ha = a if isinstance(a, Hand) else parse_hand(a, preset)
    hb = b if isinstance(b, Hand) else parse_hand(b, preset)
    return BEATS[check_preset(preset)](ha, hb)
