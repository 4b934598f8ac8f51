"""The measuring stick for bench/engine.py: Baohuang's play with nothing else.

A hand is 15 rank counts, a set is ``(rank, n, small jokers, big jokers)``, every choice is
uniform over the legal ones, tricks end when everyone else still holding cards has passed, the
lead passes on (接风) when a trick's winner is out, and the round ends when four players are
out. No roles, no scoring, no events, no views, no validation: what any engine must at least do.
It is not part of bhtui and shares no code with it, so it cannot inherit bhtui's costs.
"""

from __future__ import annotations

import random

SEATS = 5
TWO, SJ, BJ = 12, 13, 14
DECK = [r for r in range(15) for _ in range(16 if r < SJ else 4)]  # 216 cards: four decks


def lead_sets(rc: list[int]) -> list[tuple[int, int, int, int]]:
    """Every set a hand may lead: (N+1)(s+1)(b+1) − 1 of them, N natural cards held."""
    jokers = [(x, y) for x in range(rc[SJ] + 1) for y in range(rc[BJ] + 1)]
    out = [(r, n, x, y) for r in range(TWO + 1) for n in range(1, rc[r] + 1) for x, y in jokers]
    out += [(-1, 0, x, y) for x, y in jokers[1:]]
    return out


def follow_sets(rc: list[int], top: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """Every set that beats ``top``: same size, a big joker per small one, higher naturals."""
    rank, n0, sj0, bj0 = top
    if bj0:
        return []
    size = n0 + sj0 + bj0
    out = []
    for y in range(sj0, min(rc[BJ], size) + 1):
        for x in range(min(rc[SJ], size - y) + 1):
            n = size - y - x
            if n == 0:
                out.append((-1, 0, x, y))
            else:
                out += [(r, n, x, y) for r in range(rank + 1, TWO + 1) if rc[r] >= n]
    return out


def play_round(rng: random.Random) -> int:
    """Deal and play one round with random choices; returns the number of decisions."""
    deck = DECK[:]
    deck.remove(BJ)  # the emperor card: seat 0 holds it, 44 cards, and leads
    rng.shuffle(deck)
    hands = [[0] * 15 for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[i % SEATS][card] += 1
    hands[0][BJ] += 1
    left = [sum(h) for h in hands]
    out = 0
    turn, top, top_seat, passes = 0, None, 0, 0
    decisions = 0
    while out < SEATS - 1:
        rc = hands[turn]
        decisions += 1
        if top is None:
            choice = rng.choice(lead_sets(rc))
        else:
            options = follow_sets(rc, top)
            k = rng.randrange(len(options) + 1)
            choice = options[k] if k < len(options) else None
        if choice is None:
            passes += 1
        else:
            rank, n, x, y = choice
            if n:
                rc[rank] -= n
            rc[SJ] -= x
            rc[BJ] -= y
            left[turn] -= n + x + y
            top, top_seat, passes = choice, turn, 0
            if left[turn] == 0:
                out += 1
                if out == SEATS - 1:
                    break
        holding = sum(1 for s in range(SEATS) if left[s] and s != top_seat)
        if top is not None and passes >= holding:
            top, passes = None, 0
            turn = top_seat  # the winner leads, or the next holder after him (接风)
            while not left[turn]:
                turn = (turn + 1) % SEATS
            continue
        turn = (turn + 1) % SEATS
        while not left[turn]:
            turn = (turn + 1) % SEATS
    return decisions


def hand_of_43(seed: int = 3) -> list[int]:
    """The rank counts of a dealt 43-card hand (for timing the lead enumeration)."""
    deck = DECK[:]
    random.Random(seed).shuffle(deck)
    rc = [0] * 15
    for card in deck[:43]:
        rc[card] += 1
    return rc


if __name__ == "__main__":
    rng = random.Random(1)
    print(sum(play_round(rng) for _ in range(100)) / 100, "decisions per round")
