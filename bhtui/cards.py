"""Cards, ranks, suits and decks (R-CARD-1..3, R-WH-DECK-1, R-WF-DECK-1, C-CARD-1, S-CARD-1),
and the text notation of R-CARD-2.

A card is a small int so hands can be kept as count vectors and cross msgpack as-is:
naturals are ``rank * 4 + suit`` (0..51), the small joker is 52 and the big joker 53.
Ranks run 0 (3) .. 12 (2), 13 (SJ), 14 (BJ), so comparing ranks compares strength.
Weifang's guard card, once promoted above the big joker (R-WF-RANK-1), is card 54 (``GC``) of
rank 15: a card of its own, so comparison stays arithmetic on counts. Dou Dizhu never meets it
(its ranks stop at ``NUM_RANKS``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from itertools import compress

Card = int

RANK_NAMES: tuple[str, ...] = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ",
)
SUIT_NAMES: tuple[str, ...] = ("S", "H", "C", "D")

NUM_RANKS = 15
"""Ranks of a standard deck, 3 .. BJ."""
TWO = 12
SJ_RANK = 13
BJ_RANK = 14
GC_RANK = 15
RANKS_WITH_GC = 16
"""Entries of a Baohuang rank-count vector: the standard ranks and the promoted guard card."""
SJ: Card = 52
BJ: Card = 53
GC: Card = 54
NUM_CARDS = 55
"""Card codes: 52 naturals, SJ, BJ and GC."""
COPIES = 4

RANK_OF: tuple[int, ...] = tuple(c >> 2 for c in range(52)) + (SJ_RANK, BJ_RANK, GC_RANK)
"""Rank of each card code (``rank_of`` without the call, for hot loops)."""
_RANK_INPUT = {name: i for i, name in enumerate(RANK_NAMES[:13])} | {"T": 7}


def rank_of(card: Card) -> int:
    """Rank index of a card: 0 for 3 up to 14 for the big joker."""
    return RANK_OF[card]


def suit_of(card: Card) -> int | None:
    """Suit index 0..3 (S H C D), or None for a joker (or GC)."""
    return None if card >= SJ else card & 3


CARD_TEXT: tuple[str, ...] = tuple(
    RANK_NAMES[c >> 2] + SUIT_NAMES[c & 3] for c in range(52)
) + ("SJ", "BJ", "GC")


def card_text(card: Card) -> str:
    """R-CARD-2 text: ``10H``, ``AS``, ``SJ``."""
    return CARD_TEXT[card]


_CARD_CACHE: dict[str, Card] = {}
_JOKERS = {"SJ": SJ, "BJ": BJ, "GC": GC}


def parse_card(token: str) -> Card:
    """Parse one R-CARD-2 card (``10H``, ``TH``, ``as``, ``BJ``); ValueError names a bad token."""
    cached = _CARD_CACHE.get(token)
    if cached is not None:
        return cached
    text = token.strip().upper()
    if text in _JOKERS:
        card = _JOKERS[text]
    else:
        rank, suit = _RANK_INPUT.get(text[:-1]), text[-1:]
        if rank is None or suit not in SUIT_NAMES:
            raise ValueError(f"not a card: {token!r} (write rank + suit like 10H, AS, or SJ/BJ)")
        card = rank * 4 + SUIT_NAMES.index(suit)
    if len(token) <= 3:  # tokens also come from the wire: "AS" padded a thousand ways is not
        _CARD_CACHE[token] = card  # kept a thousand times (a spelling is 3 characters at most)
    return card


def parse_rank(token: str) -> int:
    """Parse a bare rank (``9``, ``10``, ``T``, ``a``, ``SJ``); ValueError names a bad token."""
    text = token.strip().upper()
    if text == "SJ":
        return SJ_RANK
    if text == "BJ":
        return BJ_RANK
    rank = _RANK_INPUT.get(text)
    if rank is None:
        raise ValueError(f"not a rank: {token!r}")
    return rank


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse space-separated cards, e.g. ``parse_cards("10H AS 2D SJ BJ")``."""
    tokens = text.split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Order by rank, then suit: the order a hand is shown in."""
    return (RANK_OF[card], card & 3 if card < SJ else 0)


DECK_LESS: dict[int, tuple[int, str]] = {
    165: (168, "6S 6H 6C"),  # R-WH-DECK-1: three 6s of one pack go too
    205: (216, "3S 3S 3H 3H 3H 3C 3C 3C 3D 3D 3D"),  # R-WF-DECK-1: 3S 3H 3C 3D + 3S stay
}
"""Decks that are another deck less some copies: (that deck, the cards taken out)."""


def deck(size: int = 216) -> list[Card]:
    """A full deck before the shuffle: Baohuang's 216 cards (four decks), 168 (no 3/4/5,
    R-EMP-L1), 165 (Weihai) or 205 (Weifang); Dou Dizhu's 54 (one deck, C-CARD-1) or 108
    (two decks, S-CARD-1). A new list (every deal shuffles one) of the same cards each time."""
    return list(_deck(size))


@functools.cache
def _deck(size: int) -> tuple[Card, ...]:
    if size in DECK_LESS:
        base, less = DECK_LESS[size]
        cards = deck(base)
        for card in parse_cards(less):
            cards.remove(card)
        return tuple(cards)
    if size in (54, 108, 216):
        low, copies = 0, size // 54
    elif size == 168:
        low, copies = 3 * 4, COPIES
    else:
        raise ValueError(f"no {size}-card deck: use 216, 205, 168 or 165 (Baohuang), "
                         "54 or 108 (Dou Dizhu)")
    one = list(range(low, 52)) + [SJ, BJ]
    return tuple(c for c in one for _ in range(copies))


def counts(cards: Iterable[Card]) -> list[int]:
    """Count vector indexed by card code."""
    vec = [0] * NUM_CARDS
    for c in cards:
        vec[c] += 1
    return vec


def cards_from_counts(vec: list[int]) -> list[Card]:
    """Cards of a count vector in display order (codes are already rank, then suit)."""
    out: list[Card] = []
    for card in compress(range(len(vec)), vec):  # (the cards held only: hands thin out)
        out += [card] * vec[card]
    return out


def rank_texts(rank_counts: list[int]) -> list[str]:
    """The rank names of a rank-count vector, low to high (``[0, 2, 1, …]`` → ``['4', '4',
    '5']``): Dou Dizhu's hands and plays as its views write them."""
    return list(_rank_texts(tuple(rank_counts)))


@functools.lru_cache(maxsize=8192)
def _rank_texts(rank_counts: tuple[int, ...]) -> tuple[str, ...]:
    # (cached: a view writes every seat's hand and plays, which change one trick at a time)
    return tuple(RANK_NAMES[r] for r in compress(range(len(rank_counts)), rank_counts)
                 for _ in range(rank_counts[r]))
