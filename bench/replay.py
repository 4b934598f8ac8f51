"""Stepping through a long saved game: the cost of ``Replay.match_at`` at random positions.

    python bench/replay.py [--rounds 20] [--reps 5]

Beside it, as the reference, the same position rebuilt by replaying from the first deal (what
every step cost before checkpoints); interleaved, median and min..max, as a ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bhtui.bots import make_bot
from bhtui.rules import PRESETS, Match
from bhtui.sim import play_match
from bhtui.store.replay import Replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    match = Match(PRESETS["qingdao"], 3, rounds=args.rounds)
    play_match(match, [make_bot("heuristic", s) for s in range(5)])
    replay = Replay("qingdao", {}, 3, args.rounds, list(match.actions))
    positions = random.Random(1).sample(range(len(replay) + 1), 50)

    def from_checkpoints() -> None:
        for k in positions:
            replay.match_at(k)

    def from_the_deal() -> None:
        for k in positions:
            fresh = Match(PRESETS["qingdao"], 3, rounds=args.rounds)
            for seat, action in replay.actions[:k]:
                fresh.apply(seat, action)

    ours: list[float] = []
    ref: list[float] = []
    for rep in range(args.reps):
        for fn, out in ((from_checkpoints, ours), (from_the_deal, ref))[:: 1 if rep % 2 else -1]:
            started = time.perf_counter()
            fn()
            out.append((time.perf_counter() - started) / len(positions) * 1e3)
    ratios = [r / o for o, r in zip(ours, ref, strict=True)]
    print(f"{args.rounds}-round qingdao game, {len(replay)} actions, {len(positions)} random "
          f"positions, {args.reps} interleaved repetitions, ms per position, median (min..max)")
    print(f"  match_at (checkpoints)  {statistics.median(ours):8.2f} ({min(ours):.2f}..{max(ours):.2f})")
    print(f"  replay from the deal    {statistics.median(ref):8.2f} ({min(ref):.2f}..{max(ref):.2f})")
    print(f"  ratio                   {statistics.median(ratios):8.1f}× faster "
          f"({min(ratios):.1f}..{max(ratios):.1f})")


if __name__ == "__main__":
    main()
