"""The move generator: every hand a player's rank counts can make (C-PLAY-3), as canonical
text, leading or beating a given hand. This is the hot path of every game and every bot.

Leading enumerates kind by kind; following generates only the top hand's kind and length
above its main rank, then the bombs that beat it. Texts come from tables built once, or from
caches keyed by structure: the hand spaces are finite (27,471 classic hands), so those caches
stay bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations

from bhtui.cards import BJ_RANK, NUM_RANKS, RANK_NAMES, SJ_RANK, TWO
from bhtui.doudizhu.hands import (
    ACE,
    AIRPLANE,
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BEATS,
    BOMB,
    FOUR_TWO,
    FOUR_TWO_PAIRS,
    JOKER,
    JOKER_BOMB,
    PAIR,
    PAIR_RUN,
    POSITION_RANK,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TRIO,
    TRIO_PAIR,
    TRIO_SINGLE,
    Hand,
    check_copies,
    check_preset,
    counts_of_text,
    merged,
    parse_hand,
    run_text,
    text_of,
    window_need,
)

Counts = Sequence[int]
PIECE = [[" ".join([RANK_NAMES[r]] * k) for k in range(9)] for r in range(NUM_RANKS)]
"""``PIECE[rank][k]``: k cards of a rank as text."""
_TEXTS: dict[object, str] = {}
"""Texts of composite hands by structure (bounded by the finite hand spaces)."""


def _text(key: object, need: Sequence[tuple[int, int]]) -> str:
    text = _TEXTS.get(key)
    if text is None:
        text = _TEXTS[key] = text_of(sorted(need))
    return text


@lru_cache(maxsize=4096)
def _multisets(caps: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to take ``k`` cards with at most ``caps[r]`` of rank r, as (rank, n) pairs."""
    out: list[tuple[tuple[int, int], ...]] = []
    ranks = [r for r, c in enumerate(caps) if c]

    def walk(i: int, left: int, acc: list[tuple[int, int]]) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        if i == len(ranks):
            return
        r = ranks[i]
        for c in range(min(caps[r], left), 0, -1):
            acc.append((r, c))
            walk(i + 1, left - c, acc)
            acc.pop()
        walk(i + 1, left, acc)

    walk(0, k, [])
    return tuple(out)


# ----- classic (C-HAND-*, C-PLAY-3) -----------------------------------------------------------
_SINGLE = [PIECE[r][1] for r in range(NUM_RANKS)]
_PAIR = [PIECE[r][2] for r in range(NUM_RANKS)]
_TRIO = [PIECE[r][3] for r in range(NUM_RANKS)]
_BOMB = [PIECE[r][4] for r in range(NUM_RANKS)]
_ROCKET = "SJ BJ"
_TRIO_SINGLE = [[text_of(sorted([(t, 3), (w, 1)])) for w in range(NUM_RANKS)]
                for t in range(TWO + 1)]
_TRIO_PAIR = [[text_of(sorted([(t, 3), (p, 2)])) for p in range(TWO + 1)]
              for t in range(TWO + 1)]
# _RUN[per][lo][width]: ``per`` cards of each rank lo .. lo+width-1 (inside 3..A)
_RUN = {per: [[text_of((r, per) for r in range(lo, lo + w)) if lo + w <= ACE + 1 else ""
               for w in range(13)] for lo in range(ACE + 1)] for per in (1, 2, 3)}
_CLASSIC_RUNS = {STRAIGHT: (1, 5, 12), PAIR_RUN: (2, 3, 10), AIRPLANE: (3, 2, 6)}
"""Run kinds: (cards per rank, shortest, longest) by C-HAND-6..8."""


def _runs(rc: Counts, per: int, least: int, most: int, above: int = -1,
          width: int | None = None) -> Iterator[tuple[int, int]]:
    """(lowest rank, width) of every run of ``per``-card groups inside 3..A starting above
    ``above``: all widths least..most, or only ``width``."""
    lo = above + 1
    while lo <= ACE:
        if rc[lo] < per:
            lo += 1
            continue
        hi = lo
        while hi < ACE and rc[hi + 1] >= per:
            hi += 1
        for start in range(lo, hi + 1):
            if width is None:
                for w in range(least, min(most, hi - start + 1) + 1):
                    yield start, w
            elif hi - start + 1 >= width:
                yield start, width
        lo = hi + 1


def _classic_singles(rc: Counts, above: int = -1) -> list[str]:
    return [_SINGLE[r] for r in range(above + 1, NUM_RANKS) if rc[r]]


def _classic_pairs(rc: Counts, above: int = -1) -> list[str]:
    return [_PAIR[r] for r in range(above + 1, TWO + 1) if rc[r] >= 2]


def _classic_trios(rc: Counts, above: int = -1) -> list[str]:
    return [_TRIO[r] for r in range(above + 1, TWO + 1) if rc[r] >= 3]


def _trio_singles(rc: Counts, above: int = -1) -> list[str]:
    out: list[str] = []
    for t in range(above + 1, TWO + 1):
        if rc[t] >= 3:
            row = _TRIO_SINGLE[t]
            out += [row[w] for w in range(NUM_RANKS) if rc[w] and w != t]
    return out


def _trio_pairs(rc: Counts, above: int = -1) -> list[str]:
    out: list[str] = []
    for t in range(above + 1, TWO + 1):
        if rc[t] >= 3:
            row = _TRIO_PAIR[t]
            out += [row[p] for p in range(TWO + 1) if rc[p] >= 2 and p != t]
    return out


def _classic_run(rc: Counts, kind: str, above: int = -1, width: int | None = None) -> list[str]:
    per, least, most = _CLASSIC_RUNS[kind]
    table = _RUN[per]
    return [table[lo][w] for lo, w in _runs(rc, per, least, most, above, width)]


def _wing_caps(rc: Counts, lo: int, k: int) -> tuple[int, ...]:
    """C-HAND-9 (a)(c)(d): what an airplane of trios lo..lo+k-1 may take as single wings."""
    caps = [min(c, 3) for c in rc]
    for r in range(lo, lo + k):
        caps[r] = 0
    for side in (lo - 1, lo + k):
        if 0 <= side <= ACE and caps[side] > 2:
            caps[side] = 2
    return tuple(caps)


def _airplane_singles(rc: Counts, above: int = -1, width: int | None = None) -> list[str]:
    out: list[str] = []
    for lo, k in _runs(rc, 3, 2, 5, above, width):
        run = [(r, 3) for r in range(lo, lo + k)]
        for wings in _multisets(_wing_caps(rc, lo, k), k):
            if wings[-1][0] == BJ_RANK and len(wings) > 1 and wings[-2][0] == SJ_RANK:
                continue  # (c): never both jokers
            out.append(_text((AIRPLANE_SINGLES, lo, k, wings), run + list(wings)))
    return out


def _airplane_pairs(rc: Counts, above: int = -1, width: int | None = None) -> list[str]:
    out: list[str] = []
    for lo, k in _runs(rc, 3, 2, 4, above, width):
        run = [(r, 3) for r in range(lo, lo + k)]
        pairs = [p for p in range(TWO + 1) if rc[p] >= 2 and not lo <= p < lo + k]
        for combo in combinations(pairs, k):
            out.append(_text((AIRPLANE_PAIRS, lo, combo), run + [(p, 2) for p in combo]))
    return out


def _four_twos(rc: Counts, above: int = -1) -> list[str]:
    out: list[str] = []
    for f in range(above + 1, TWO + 1):
        if rc[f] == 4:
            caps = tuple(0 if r == f else min(c, 2) for r, c in enumerate(rc))
            for wings in _multisets(caps, 2):
                if wings != ((SJ_RANK, 1), (BJ_RANK, 1)):  # C-HAND-11: not both jokers
                    out.append(_text((FOUR_TWO, f, wings), [(f, 4), *wings]))
    return out


def _four_two_pairs(rc: Counts, above: int = -1) -> list[str]:
    out: list[str] = []
    for f in range(above + 1, TWO + 1):
        if rc[f] == 4:
            pairs = [p for p in range(TWO + 1) if rc[p] >= 2 and p != f]
            for a, b in combinations(pairs, 2):
                out.append(_text((FOUR_TWO_PAIRS, f, a, b), [(f, 4), (a, 2), (b, 2)]))
    return out


def _classic_bombs(rc: Counts, above: int = -1) -> list[str]:
    out = [_BOMB[r] for r in range(above + 1, TWO + 1) if rc[r] == 4]
    if rc[SJ_RANK] and rc[BJ_RANK]:
        out.append(_ROCKET)
    return out


_CLASSIC_FOLLOW: dict[str, Callable[[Counts, Hand], list[str]]] = {
    SINGLE: lambda rc, top: _classic_singles(rc, top.main),
    PAIR: lambda rc, top: _classic_pairs(rc, top.main),
    TRIO: lambda rc, top: _classic_trios(rc, top.main),
    TRIO_SINGLE: lambda rc, top: _trio_singles(rc, top.main),
    TRIO_PAIR: lambda rc, top: _trio_pairs(rc, top.main),
    STRAIGHT: lambda rc, top: _classic_run(rc, STRAIGHT, top.main, top.size),
    PAIR_RUN: lambda rc, top: _classic_run(rc, PAIR_RUN, top.main, top.size // 2),
    AIRPLANE: lambda rc, top: _classic_run(rc, AIRPLANE, top.main, top.size // 3),
    AIRPLANE_SINGLES: lambda rc, top: _airplane_singles(rc, top.main, top.size // 4),
    AIRPLANE_PAIRS: lambda rc, top: _airplane_pairs(rc, top.main, top.size // 5),
    FOUR_TWO: lambda rc, top: _four_twos(rc, top.main),
    FOUR_TWO_PAIRS: lambda rc, top: _four_two_pairs(rc, top.main),
}


def classic_hands(rc: Counts, top: Hand | None = None, bombs: bool = True) -> list[str]:
    """Every classic hand of rank counts ``rc`` (beating ``top`` when given), as text."""
    if top is None:
        out = (_classic_singles(rc) + _classic_pairs(rc) + _classic_trios(rc)
               + _trio_singles(rc) + _trio_pairs(rc) + _classic_run(rc, STRAIGHT)
               + _classic_run(rc, PAIR_RUN) + _classic_run(rc, AIRPLANE)
               + _airplane_singles(rc) + _airplane_pairs(rc) + _four_twos(rc)
               + _four_two_pairs(rc))
        return out + _classic_bombs(rc) if bombs else out
    if top.kind == ROCKET:
        return []
    if top.kind == BOMB:
        return _classic_bombs(rc, top.main) if bombs else []
    out = _CLASSIC_FOLLOW[top.kind](rc, top)
    return out + _classic_bombs(rc) if bombs else out


# ----- shanghai (S-HAND-*) --------------------------------------------------------------------
def _jokers(k: int, sj: int) -> list[tuple[int, int]]:
    """k of a hand's jokers, small ones first (which joker is played never matters)."""
    small = min(k, sj)
    return [(r, n) for r, n in ((SJ_RANK, small), (BJ_RANK, k - small)) if n]


def _group(r: int, k: int, sj: int) -> list[tuple[int, int]]:
    """k cards of merged rank r (王 = JOKER) as (rank, n) pairs."""
    return _jokers(k, sj) if r == JOKER else [(r, k)]


def _window_ok(m: Counts, lo: int, hi: int, per: int) -> bool:
    return all(m[POSITION_RANK[p]] >= per for p in range(lo, hi + 1)) and _ace_ok(
        m, lo, hi, per)


def _ace_ok(m: Counts, lo: int, hi: int, per: int) -> bool:
    """A window over every position reads the A at both ends: it needs its cards twice."""
    return lo > 0 or hi < 13 or m[ACE] >= 2 * per


def _windows(m: Counts, per: int, least: int, above: int = -1,
             width: int | None = None) -> Iterator[tuple[int, int]]:
    """(lo, hi) positions of every run of ``per``-card groups in straight order whose top
    is above ``above``: every width from ``least``, or only ``width``. Positions 0..12 hold
    the same cards as 1..13 (one A, low or high), so only the higher reading is given."""
    if width is not None:
        for lo in range(max(0, above - width + 2), 15 - width):
            if (lo, width) != (0, 13) and _window_ok(m, lo, lo + width - 1, per):
                yield lo, lo + width - 1
        return
    for lo in range(0, 14):
        if not _window_ok(m, lo, lo, per):
            continue
        hi = lo  # grown a position at a time: the window up to hi is known to hold
        while hi < 13 and m[POSITION_RANK[hi + 1]] >= per and _ace_ok(m, lo, hi + 1, per):
            hi += 1
        for top in range(max(lo + least - 1, above + 1), hi + 1):
            if (lo, top) != (0, 12):
                yield lo, top


@cache  # bounded: positions 0..13 and three group sizes
def _run_text(lo: int, hi: int, per: int) -> str:
    return run_text([(lo, hi, per)])


@cache  # bounded: a window of triples and one of pairs as wide
def _airplane_pairs_text(lo: int, hi: int, plo: int, phi: int) -> str:
    return run_text([(lo, hi, 3), (plo, phi, 2)])


def _shanghai_groups(m: Counts, sj: int, k: int, above: int = -1) -> list[str]:
    """Singles, pairs or triples (k = 1..3) of merged ranks above ``above``."""
    out = [PIECE[r][k] for r in range(above + 1, JOKER) if m[r] >= k]
    if m[JOKER] >= k and above < JOKER:
        out.append(text_of(_jokers(k, sj)))
    return out


def _shanghai_trio_pairs(m: Counts, sj: int, above: int = -1) -> list[str]:
    out = []
    for t in range(above + 1, JOKER + 1):
        if m[t] >= 3:
            for p in range(JOKER + 1):
                if p != t and m[p] >= 2:
                    out.append(_text(("s", TRIO_PAIR, t, p, sj),
                                     _group(t, 3, sj) + _group(p, 2, sj)))
    return out


def _shanghai_airplane_pairs(m: Counts, above: int = -1, k: int | None = None) -> list[str]:
    out = []
    for lo, hi in _windows(m, 3, 2, above, k):
        width = hi - lo + 1
        triples = window_need(lo, hi, 3)
        rest = [0 if triples[r] else m[r] - triples[r] for r in range(JOKER)]
        for plo, phi in _windows(rest, 2, width, -1, width):
            out.append(_airplane_pairs_text(lo, hi, plo, phi))
    return out


def _shanghai_bombs(m: Counts, above: tuple[int, int] = (0, -1)) -> list[str]:
    """Bombs stronger than strength ``above`` (S-HAND-3: size, then rank; four jokers top)."""
    out = [PIECE[r][n] for r in range(JOKER) for n in range(4, m[r] + 1) if (n, r) > above]
    if m[JOKER] == 4:
        out.append("SJ SJ BJ BJ")
    return out


_SHANGHAI_RUNS = {STRAIGHT: (1, 5), PAIR_RUN: (2, 3), AIRPLANE: (3, 2)}


def shanghai_hands(rc: Counts, top: Hand | None = None, bombs: bool = True) -> list[str]:
    """Every Shanghai hand of rank counts ``rc`` (beating ``top`` when given), as text; one
    text per hand value, written with the small jokers first."""
    m, sj = merged(rc), rc[SJ_RANK]
    if top is None:
        out = []
        for k in (1, 2, 3):
            out += _shanghai_groups(m, sj, k)
        out += _shanghai_trio_pairs(m, sj)
        for per, least in _SHANGHAI_RUNS.values():
            out += [_run_text(lo, hi, per) for lo, hi in _windows(m, per, least)]
        out += _shanghai_airplane_pairs(m)
        return out + _shanghai_bombs(m) if bombs else out
    if top.kind == JOKER_BOMB:
        return []
    if top.kind == BOMB:
        return _shanghai_bombs(m, (top.size, top.main)) if bombs else []
    if top.kind in (SINGLE, PAIR, TRIO):
        out = _shanghai_groups(m, sj, top.size, top.main)
    elif top.kind == TRIO_PAIR:
        out = _shanghai_trio_pairs(m, sj, top.main)
    elif top.kind == AIRPLANE_PAIRS:
        out = _shanghai_airplane_pairs(m, top.main, top.size // 5)
    else:
        per, least = _SHANGHAI_RUNS[top.kind]
        out = [_run_text(lo, hi, per)
               for lo, hi in _windows(m, per, least, top.main, top.size // per)]
    return out + _shanghai_bombs(m) if bombs else out


GENERATE = {"classic": classic_hands, "shanghai": shanghai_hands}


def playable(preset: str, rc: Counts, top: Hand | None, bombs: bool,
             locked: Sequence[Hand] = ()) -> list[str]:
    """The hands a seat may play now (C-PLAY-3): ``bombs`` False once S-BID-7's limit is
    reached; ``locked`` are the landlord's 报到 groups, played only whole (S-BID-6). The
    round and a client reading its view (a remote bot) both ask this."""
    if not locked:
        return GENERATE[preset](rc, top, bombs)
    free = list(rc)
    for group in locked:
        for r, _ in group.need:
            free[r] = 0
    out = GENERATE[preset](free, top, bombs)
    return out + [g.text for g in locked if top is None or BEATS[preset](g, top)]


def legal_hands(cards: str, previous: str | None = None, preset: str = "classic") -> list[str]:
    """Every hand (canonical text) ``cards`` can make: all of them when leading, those that
    beat ``previous`` when following (C-PLAY-3). A pass is never listed. ValueError when the
    cards are malformed or could not come from the preset's deck, or ``previous`` is no hand."""
    rc = counts_of_text(cards)
    check_copies(rc, check_preset(preset))
    top = parse_hand(previous, preset) if previous is not None else None
    return GENERATE[preset](rc, top)
