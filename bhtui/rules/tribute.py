"""Tribute at the start of the next round: 进贡 (§9, R-TRIB-1..5) or Weifang's 闷供 then 落供
(R-WF-TRIB-1..6). Who gives which cards to whom follows from the previous round's result and
the new hands; nothing comes back and nobody decides, so it has no actions.

Marked cards — the emperor card dealt into a hand, the guard card — are never given
(R-WF-TRIB-2; Project decision for Weihai's ``tribute`` option).
"""

from __future__ import annotations

from collections.abc import Sequence

from bhtui.cards import BJ, NUM_CARDS, SJ, TWO, Card, rank_of
from bhtui.rules.mechanisms import TributeFlow
from bhtui.rules.presets import QINGDAO, RuleSet
from bhtui.rules.scoring import SEATS, RoundResult

Transfer = tuple[int, int, Card]  # giver, receiver, card
TWOS = range(TWO * 4, TWO * 4 + 4)  # ♠ ♥ ♣ ♦: the highest suit first (R-WF-BUY3-2)


def _highest(hand: Sequence[int], k: int, keep: Sequence[int] | None = None) -> list[Card]:
    """The k highest cards of a count vector (rank order; suits only break ties), none of
    ``keep``."""
    out: list[Card] = []
    for card in range(NUM_CARDS - 1, -1, -1):
        take = min(hand[card] - (keep[card] if keep else 0), k - len(out))
        out.extend([card] * max(take, 0))
        if len(out) == k:
            break
    return out


def _high_to_low(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (rank_of(c), c), reverse=True)


def tribute_transfers(prev: RoundResult, hands: Sequence[Sequence[int]],
                      rules: RuleSet = QINGDAO,
                      keep: Sequence[Sequence[int]] | None = None) -> list[Transfer]:
    """The tribute owed after ``prev``, as (giver, receiver, card) in the order they are
    given; ``keep`` holds each seat's cards that may not be given."""
    kept: Sequence[Sequence[int]] = keep or [[0] * NUM_CARDS for _ in range(SEATS)]
    if rules.tribute_flow is TributeFlow.STUCK_THEN_TWOS:
        return _stuck_then_twos(prev, hands, rules, kept)
    return _highest_cards(prev, hands, kept)


def _rebels_by_place(prev: RoundResult) -> list[int]:
    def place_or_last(seat: int) -> int:
        place = prev.places[seat]
        return place if place is not None else SEATS + 1

    return sorted((s for s in range(SEATS) if s not in (prev.emperor, prev.guard)),
                  key=place_or_last)


def _highest_cards(prev: RoundResult, hands: Sequence[Sequence[int]],
                   keep: Sequence[Sequence[int]]) -> list[Transfer]:
    """R-TRIB-1..5: the losers' highest cards."""
    if prev.winner is None:
        return []  # R-TRIB-5: a draw pays nothing
    k = 2 if prev.open_solo else 1  # R-TRIB-4
    e, g = prev.emperor, prev.guard
    rebels = [s for s in range(SEATS) if s not in (e, g)]
    rebels_by_place = _rebels_by_place(prev)
    if prev.solo:
        if prev.winner == "emperor":  # R-TRIB-3, solo won: each rebel gives to the emperor
            return [(r, e, c) for r in rebels for c in _highest(hands[r], k, keep[r])]
        cards = _highest(hands[e], 4 * k, keep[e])  # R-TRIB-3, solo lost: highest to the best
        return [(e, rebels_by_place[i // k], c) for i, c in enumerate(cards)]
    if prev.winner == "emperor":  # R-TRIB-1: the guard takes the middle one of the three
        gifts = [(r, _highest(hands[r], 1, keep[r])[0]) for r in rebels]
        middle = _high_to_low([c for _, c in gifts])[1]
        out: list[Transfer] = []
        guard_paid = False
        for giver, card in gifts:
            if card == middle and not guard_paid:
                out.append((giver, g, card))
                guard_paid = True
            else:
                out.append((giver, e, card))
        return out
    # R-TRIB-2: emperor gives 2, guard 1; rebels take them high to low in finishing order
    given = [(e, c) for c in _highest(hands[e], 2, keep[e])] + [
        (g, _highest(hands[g], 1, keep[g])[0])]
    given.sort(key=lambda gc: (rank_of(gc[1]), gc[1]), reverse=True)
    return [(giver, rebels_by_place[i], card) for i, (giver, card) in enumerate(given)]


def _stuck_then_twos(prev: RoundResult, hands: Sequence[Sequence[int]], rules: RuleSet,
                     keep: Sequence[Sequence[int]]) -> list[Transfer]:
    """R-WF-TRIB-1..6: 闷供 — each stuck player gives whoever stuck him a BJ, else an SJ, else a
    2 (never the emperor card) — then 落供 in 2s from the losing side (none after a draw).
    明保 and 明独 double every count (R-WF-TRIB-5). Given one after another, so a 2 received
    may be given on."""
    work = [list(h) for h in hands]
    out: list[Transfer] = []

    def give(giver: int, receiver: int, card: Card) -> None:
        work[giver][card] -= 1
        work[receiver][card] += 1
        out.append((giver, receiver, card))

    def twos(seat: int, n: int) -> list[Card]:
        """Up to n 2s, ♠ first: someone with too few gives what he has (R-WF-TRIB-3)."""
        held = [c for c in TWOS for _ in range(work[seat][c])]
        return held[:n]

    k = 2 if prev.open_solo or (rules.tributes.doubled_by_open_guard and prev.open_guard) else 1
    for seat, by in prev.stuck:
        for _ in range(k):
            card = next((c for c in (BJ, SJ, *TWOS) if work[seat][c] > keep[seat][c]), None)
            if card is None:
                break
            give(seat, by, card)
    if prev.winner is None:
        return out  # R-WF-TRIB-6: no 落供 after a draw
    e, g = prev.emperor, prev.guard
    rebels = [s for s in range(SEATS) if s not in (e, g)]
    by_place = _rebels_by_place(prev)
    if prev.solo:  # R-WF-TRIB-4
        if prev.winner == "emperor":
            for r in rebels:
                for c in twos(r, k):
                    give(r, e, c)
        else:
            for i, c in enumerate(twos(e, 4 * k)):
                give(e, by_place[i % len(by_place)], c)
        return out
    if prev.winner == "emperor":  # R-WF-TRIB-3: the guard takes the middle card of each three
        gifts = sorted(((r, c) for r in rebels for c in twos(r, k)), key=lambda rc: rc[1])
        for i, (giver, card) in enumerate(gifts):
            give(giver, g if i % 3 == 1 else e, card)
        return out
    given = sorted([(e, c) for c in twos(e, 2 * k)] + [(g, c) for c in twos(g, k)],
                   key=lambda gc: gc[1])
    for i, (giver, card) in enumerate(given):  # best-placed rebel first, round and round
        give(giver, by_place[i % len(by_place)], card)
    return out
