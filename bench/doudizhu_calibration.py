"""How much better ``hard`` plays a Dou Dizhu deal than its playouts do: the gap its bidding,
摊打 and 报到 correct for (``search.EDGE``; tests never assert strength).

    python bench/doudizhu_calibration.py PRESET [DEALS] [SEED]

The playouts value a seat as the playout policy plays it, and every seat around it too, while
at the table ``hard`` plays it against ``normal``. For each deal the first bidder bids 1 and
the others pass; then the deal is played three ways from the same cards: every seat by the
playout policy (what the search's playouts measure), ``hard`` as the landlord against
``normal`` farmers, and ``normal`` as the landlord against a ``hard`` farmer (its seat rotated
over the deals) and ``normal``. Prints each side's win rate both ways on the same deals and the
paired difference with its 95 % interval: the edge, in win probability, of ``hard``'s side over
the playouts'.
"""

from __future__ import annotations

import math
import statistics
import sys

from bhtui.bots.doudizhu import make_bot
from bhtui.bots.doudizhu.playout import Position, play_out
from bhtui.doudizhu import Match, get_preset


def bid_one(match: Match) -> int:
    """The first bidder bids 1, every other seat passes: the landlord's seat."""
    first = match.round.first_bidder
    match.apply(first, {"type": "bid", "points": 1})
    for i in range(1, match.seats):
        match.apply((first + i) % match.seats, {"type": "pass"})
    return first


def landlord_won(match: Match, names: list[str], seed: int) -> bool:
    bots = [make_bot(name, seed * 10 + s) for s, name in enumerate(names)]
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].decide(match.legal_actions(seat)))
    return match.records[-1].result.winner == "landlord"


def main(preset: str, deals: int, seed: int) -> None:
    if deals < 2:
        sys.exit("two deals at least: an interval needs two")
    rules = get_preset(preset)
    n = rules.seats
    policy, hard_l, hard_f = [], [], []
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        match = Match(rules, deal_seed, rounds=1)
        landlord = bid_one(match)
        r = match.round
        pos = Position(rules, r.rc, landlord, landlord, bid=1, limit=r.bomb_limit)
        policy.append(bool(play_out(pos).landlord_won))
        names = ["hard" if s == landlord else "normal" for s in range(n)]
        hard_l.append(landlord_won(match, names, deal_seed))
        match = Match(rules, deal_seed, rounds=1)
        bid_one(match)
        farmer = (landlord + 1 + d % (n - 1)) % n
        names = ["hard" if s == farmer else "normal" for s in range(n)]
        hard_f.append(not landlord_won(match, names, deal_seed))
    if not len(policy) == len(hard_l) == len(hard_f) == deals:
        sys.exit("a deal went unplayed")
    print(f"{preset}, {deals} deals from seed {seed}, the first bidder the landlord at 1")
    report("landlord", [float(p) for p in policy], [float(h) for h in hard_l])
    report("farmers", [1.0 - p for p in policy], [float(h) for h in hard_f])


def report(side: str, playouts: list[float], hard: list[float]) -> None:
    gaps = [h - p for h, p in zip(hard, playouts, strict=True)]
    half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps))
    gap = statistics.fmean(gaps)
    print(f"  {side:<9} wins: playouts {statistics.fmean(playouts):6.1%}, "
          f"hard's side {statistics.fmean(hard):6.1%}; edge {gap:+.3f} "
          f"({gap - half:+.3f}..{gap + half:+.3f})")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200,
         int(sys.argv[3]) if len(sys.argv) > 3 else 1)
