"""What Dou Dizhu's ``hard`` pays for its playouts' counted endings (``playout.COUNTED``):
whole decisions at the tournament's budget, with them and without, interleaved in one
process (tests never assert time).

    python bench/doudizhu_playouts.py [DECISIONS] [REPS] [GATE]

Per preset, the first DECISIONS plays with a choice of seat 0 in seeded ``normal`` matches,
each decided by a fresh ``hard`` of one seed at ``PLAYOUTS`` playouts and no clock (as in a
tournament): with the playouts counting from GATE cards down (6), and with no seat counting
(what Shanghai's playouts do now, and classic's did before). The two passes alternate REPS
times, every cache of the playouts cleared before each pass. Prints each pass's CPU a
decision, median and min..max over the reps, and the ratio of the medians.
"""

from __future__ import annotations

import statistics
import sys
import time

from bhtui.bots.doudizhu import CountingBot, SearchBot, counting, heuristic, playout
from bhtui.doudizhu import PRESETS, Match
from bhtui.doudizhu.offer import Offer

CACHES = (playout._lead, playout._answer, counting.won_line, heuristic._plan)


def decisions(preset: str, count: int) -> list[Offer]:
    """Seat 0's plays with more than one action, in ``normal`` matches of seeds 1, 2, …"""
    offers: list[Offer] = []
    seed = 0
    while len(offers) < count:
        seed += 1
        match = Match(PRESETS[preset], seed, rounds=1)
        bots = [CountingBot(seed * 10 + s) for s in range(match.seats)]
        while not match.over and len(offers) < count:
            seat = match.to_act
            assert seat is not None
            offer = match.legal_actions(seat)
            if seat == 0 and match.round.phase == "play" and len(offer) > 1:
                offer.reading  # noqa: B018  (the view now: the match moves on)
                offers.append(offer)
            match.apply(seat, bots[seat].decide(offer))
    return offers


def cpu_a_decision(preset: str, offers: list[Offer], gate: int) -> float:
    playout.COUNTED[preset] = gate
    for cache in CACHES:
        cache.cache_clear()
    started = time.process_time()
    for offer in offers:
        SearchBot(7).decide(offer)
    return (time.process_time() - started) / len(offers) * 1e3


def main(count: int, reps: int, counted: int) -> None:
    shipped = dict(playout.COUNTED)
    print(f"{count} decisions a preset, {reps} reps, hard at {SearchBot(0).playouts} playouts")
    for preset in PRESETS:
        offers = decisions(preset, count)
        runs: dict[int, list[float]] = {counted: [], 0: []}
        for _ in range(reps):
            for gate in runs:
                runs[gate].append(cpu_a_decision(preset, offers, gate))
        medians = {gate: statistics.median(times) for gate, times in runs.items()}
        for gate, times in runs.items():
            label = f"counting from {gate} cards" if gate else "no counting"
            print(f"{preset:<9} {label:<22} cpu {medians[gate]:7.1f} ms a decision "
                  f"({min(times):.1f}..{max(times):.1f})")
        print(f"{preset:<9} ratio {medians[counted] / medians[0]:.2f}×")
    playout.COUNTED.update(shipped)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:4]]
    main(*args, *(30, 5, 6)[len(args):])
