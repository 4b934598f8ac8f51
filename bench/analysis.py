"""What a game's analysis costs (issue 31): seconds per round to weigh one seat's decisions
with ``bhtui.analysis`` at its playout count, on one core.

    python bench/analysis.py [--rounds 2] [--reps 5] [--game baohuang|doudizhu]

Beside it, as the reference, ``hard`` deciding the same decisions of that seat at its own
budget (what the seat's play would cost had hard sat there); interleaved, median and
min..max, as a ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bhtui.analysis import PLAYOUTS, analyse
from bhtui.games import get_game
from bhtui.store.replay import Replay

PRESET = {"baohuang": "qingdao", "doudizhu": "classic"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--game", choices=sorted(PRESET), default="baohuang")
    args = parser.parse_args()
    game = get_game(args.game)
    rules = game.rules(PRESET[args.game])
    match = game.new_match(rules, 7, args.rounds)
    bots = [game.make_bot("normal", s) for s in range(game.seats(rules))]
    while not match.over and match.to_act is not None:
        seat = match.to_act
        match.apply(seat, game.decide(bots[seat], match, seat))
    replay = Replay(rules.name, rules.options(), 7, args.rounds, list(match.actions),
                    game=game.name, persons=[0])

    def analysed() -> int:
        return len(analyse(replay, 0, PLAYOUTS).decisions)

    def decided() -> int:
        hard, count = game.make_bot("hard", 0), 0
        for k, (seat, _) in enumerate(replay.actions):
            here = replay.match_at(k)
            if seat == 0 and here.to_act == 0:
                hard.decide(game.offer(here, 0))
                count += 1
        return count

    ours: list[float] = []
    ref: list[float] = []
    counts: set[tuple[str, int]] = set()
    for rep in range(args.reps):
        for name, fn, out in (("analysis", analysed, ours), ("hard", decided, ref))[
                :: 1 if rep % 2 else -1]:
            started = time.process_time()
            counts.add((name, fn()))
            out.append((time.process_time() - started) / args.rounds)
    if len(counts) != 2 or any(n == 0 for _, n in counts):
        print(f"the runs weighed different decisions: {sorted(counts)}", file=sys.stderr)
        return 1
    weighed = dict(counts)
    ratios = [o / r for o, r in zip(ours, ref, strict=True)]
    print(f"{args.game} {PRESET[args.game]}, {args.rounds} round(s), seat 0: "
          f"{weighed['analysis']} decisions weighed, {PLAYOUTS} deals each; {args.reps} "
          f"interleaved repetitions, CPU seconds per round, median (min..max)")
    print(f"  analysis           {statistics.median(ours):8.2f} ({min(ours):.2f}..{max(ours):.2f})")
    print(f"  hard deciding them {statistics.median(ref):8.2f} ({min(ref):.2f}..{max(ref):.2f}) "
          f"({weighed['hard']} decisions)")
    print(f"  ratio              {statistics.median(ratios):8.2f}× hard "
          f"({min(ratios):.2f}..{max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
