"""The measuring stick for bench/engine.py: Baohuang's play with nothing else.

A hand is 15 rank counts, a set is ``(rank, n, small jokers, big jokers)``, every choice is
uniform over the legal ones, tricks end when everyone else still holding cards has passed, the
lead passes on (接风) when a trick's winner is out, and the round ends when four players are
out. The deck (216, 205, 168 or 165 cards) and baike's 让牌 follow the preset being measured,
so both sides play the same length of game (the towns' 憋6/憋3, 闷, GC, kills and bombs are
bhtui's extra work, as roles and scores are). No roles, no scoring, no events, no views, no
validation: what any engine must at least do.
It is not part of bhtui and shares no code with it, so it cannot inherit bhtui's costs.
"""

from __future__ import annotations

import random

SEATS = 5
TWO, SJ, BJ = 12, 13, 14


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


def deck_of(size: int) -> list[int]:
    """216 cards (four packs), 205 (eleven 3s fewer), 168 (no 3s, 4s, 5s) or 165 (three 6s
    fewer), as ranks."""
    low = 0 if size in (216, 205) else 3
    deck = [r for r in range(low, 15) for _ in range(16 if r < SJ else 4)]
    for _ in range({205: 11, 165: 3}.get(size, 0)):
        deck.remove(low)
    return deck


def lead_of(rc: list[int], k: int) -> tuple[int, int, int, int]:
    """The ``k``-th of ``lead_sets(rc)``, found without listing them (a lead is one uniform
    choice among them; listing them all for it was a quarter of a round's time)."""
    ways = (rc[SJ] + 1) * (rc[BJ] + 1)
    natural, jokers = divmod(k, ways)
    for rank in range(TWO + 1):
        if natural < rc[rank]:
            x, y = divmod(jokers, rc[BJ] + 1)
            return rank, natural + 1, x, y
        natural -= rc[rank]
    x, y = divmod(k - sum(rc[:TWO + 1]) * ways + 1, rc[BJ] + 1)  # jokers alone
    return -1, 0, x, y


def play_round(rng: random.Random, size: int = 216, yield_trick: bool = False) -> int:
    """Deal and play one round with random choices; returns the number of decisions. With
    ``yield_trick`` a follower in a set's first circle may also yield (baike's 让牌), and the
    yielders are asked again in order when nobody beat the set."""
    deck = deck_of(size)
    deck.remove(BJ)  # the emperor card: seat 0 holds it and leads
    rng.shuffle(deck)
    hands = [[0] * 15 for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[i % SEATS][card] += 1
    hands[0][BJ] += 1
    left = [sum(h) for h in hands]
    holding = SEATS  # seats with cards; a trick ends when all of them but its winner passed
    turn, top, top_seat = 0, None, 0
    answers, needed, yielders, again = 0, 0, [], []
    decisions = 0
    randrange = rng.randrange
    while True:
        rc = hands[turn]
        decisions += 1
        if top is None:
            choice = lead_of(rc, randrange((sum(rc[:TWO + 1]) + 1)
                                           * (rc[SJ] + 1) * (rc[BJ] + 1) - 1))
        else:
            options = follow_sets(rc, top)
            extra = 2 if yield_trick and not again else 1  # pass (and yield)
            k = randrange(len(options) + extra)
            choice = options[k] if k < len(options) else ("pass", "yield")[k - len(options)]
        if isinstance(choice, tuple):
            rank, n, x, y = choice
            if n:
                rc[rank] -= n
            rc[SJ] -= x
            rc[BJ] -= y
            left[turn] -= n + x + y
            top, top_seat, answers, yielders, again = choice, turn, 0, [], []
            needed = holding - 1
            if left[turn] == 0:
                holding -= 1
                needed = holding
                if holding == 1:
                    return decisions
        elif again:  # a yielder asked again passed
            again.pop(0)
            if again:
                turn = again[0]
                continue
            top = None
        else:
            if choice == "yield":
                yielders.append(turn)
            answers += 1
            if answers >= needed:
                if yielders:
                    again = yielders[:]
                    turn = again[0]
                    continue
                top = None
        if top is None:  # the trick is won: its winner leads, or the next holder (接风)
            turn = top_seat
            while not left[turn]:
                turn = (turn + 1) % SEATS
            continue
        turn = (turn + 1) % SEATS
        while not left[turn]:
            turn = (turn + 1) % SEATS


def hand_of_43(seed: int = 3) -> list[int]:
    """The rank counts of a dealt 43-card hand (for timing the lead enumeration)."""
    deck = deck_of(216)
    random.Random(seed).shuffle(deck)
    rc = [0] * 15
    for card in deck[:43]:
        rc[card] += 1
    return rc


if __name__ == "__main__":
    rng = random.Random(1)
    print(sum(play_round(rng) for _ in range(100)) / 100, "decisions per round")
