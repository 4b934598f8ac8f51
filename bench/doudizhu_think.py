"""How long Dou Dizhu's ``hard`` thinks at a table and how long a hint takes (tests never
assert time).

    python bench/doudizhu_think.py [DEALS] [SEED]

Per preset, DEALS deals with the table's ``hard`` (its search within ``TABLE_SECONDS``) in
seat 0 and ``normal`` elsewhere, as ``Game.decision`` prepares a seat's decision for the
scheduler's worker thread; at every decision of seat 0 the hint at the ``hard`` level too
(``Game.hinting``, within ``HINT_SECONDS``). Prints p50, p99 and the maximum of each.
"""

from __future__ import annotations

import sys
import time

from bhtui.bots import HINT_SECONDS, TABLE_SECONDS
from bhtui.doudizhu import PRESETS, Match
from bhtui.games import get_game

GAME = get_game("doudizhu")


def quantiles(times: list[float]) -> str:
    times = sorted(times)

    def at(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] * 1e3

    return f"p50 {at(0.5):7.1f} ms  p99 {at(0.99):7.1f} ms  max {at(1.0):7.1f} ms  ({len(times)})"


def main(deals: int, seed: int) -> None:
    print(f"TABLE_SECONDS {TABLE_SECONDS}, HINT_SECONDS {HINT_SECONDS}, {deals} deals a preset")
    for preset, rules in PRESETS.items():
        thinks, hints = [], []
        for deal in range(deals):
            match = Match(rules, seed * 1000 + deal, rounds=1)
            bots = [GAME.table_bot("hard" if s == 0 else "normal", s)
                    for s in range(rules.seats)]
            while not match.over:
                seat = match.to_act
                assert seat is not None
                decision = GAME.decision(bots[seat], match, seat)
                started = time.perf_counter()
                action = decision()
                if seat == 0:
                    thinks.append(time.perf_counter() - started)
                    hinting = GAME.hinting(match, seat, "hard")
                    started = time.perf_counter()
                    hinting()
                    hints.append(time.perf_counter() - started)
                match.apply(seat, action)
        print(f"{preset:<9} hard at a table: {quantiles(thinks)}")
        print(f"{preset:<9} hint (hard):     {quantiles(hints)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
