"""How much better ``hard`` plays each Baohuang role than its playouts do: the gap its choices
of a role correct for (``search.EDGE``); printed, never asserted (issue 25).

    python bench/calibration.py [--preset qingdao] [--deals 200] [--seed 0] [--jobs 2]
                                [--playouts 640]

The playouts value a role as the playout policy (``normal``'s play) plays it, and every seat
around it too, while at the table ``hard`` plays its own seat by search. So a choice between
roles (the throne: emperor, or a rebel or guard under someone else) weighs them as ``normal``
would fare in each, not as ``hard`` will. For each deal ``normal`` bots play up to the first
lead (throne, call and any steps before play: the roles are settled); then the round is
played from there by ``normal`` in every seat — what the playouts measure, on the true hands
— and once more with ``hard`` in one seat for each role: the emperor's (a solo's apart), the
guard's, and a rebel's (rotated over the rebels by deal). Printed per role: the seat's mean
score both ways on the same deals and the paired difference with a 95 % interval — the edge.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from bhtui.bots import CountingBot
from bhtui.rules import PRESETS, Match
from bhtui.sim import play_match
from bhtui.tournament import _interval
from decisions import normal_until, score_after  # bench/, this script's folder, leads sys.path


def roles(m: Match, seed: int) -> dict[str, int]:
    """The seat of each role at this deal's first lead: emperor (or solo), guard, a rebel."""
    r = m.round
    emperor, guard = r.emperor, r.guard
    assert emperor is not None
    if guard is None or guard == emperor:
        seats = {"solo": emperor}
    else:
        seats = {"emperor": emperor, "guard": guard}
    rebels = [s for s in range(5) if s not in (emperor, guard)]
    seats["rebel"] = rebels[seed % len(rebels)]
    return seats


def weigh(job: tuple[str, int, int]) -> dict[str, tuple[int, int]]:
    """For one deal: each role's seat scored with ``normal`` and with ``hard`` there."""
    preset, seed, playouts = job
    m, _ = normal_until(preset, seed, lambda offer: False)  # to the first lead: roles settled
    if m.over:
        return {}
    base = copy.deepcopy(m)
    play_match(base, [CountingBot() for _ in range(5)])
    return {role: (base.totals[seat], score_after(m, seat, None, seed, playouts))
            for role, seat in roles(m, seed).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="qingdao", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=640, help="hard's budget")
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals: two at least, for an interval")
    jobs = [(args.preset, s, args.playouts) for s in range(args.seed, args.seed + args.deals)]
    found: dict[str, list[tuple[int, int]]] = defaultdict(list)
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(weigh, jobs):
            for role, pair in result.items():
                found[role].append(pair)
    if len(found["rebel"]) != args.deals:  # every deal has a rebel, unless it never began
        sys.exit(f"only {len(found['rebel'])} of {args.deals} deals reached their first lead")
    print(f"{args.preset}: {args.deals} deals from seed {args.seed}, hard at {args.playouts} "
          "playouts; the seat's score a round, normal there / hard there, and the edge")
    for role in ("emperor", "guard", "rebel", "solo"):
        pairs = found.get(role, [])
        if len(pairs) < 2:
            continue
        edge = _interval([h - n for n, h in pairs])
        print(f"  {role:8} {len(pairs):4} deals  normal {statistics.fmean(n for n, _ in pairs):+.2f}"
              f"  hard {statistics.fmean(h for _, h in pairs):+.2f}  edge {edge['mean']:+.2f} "
              f"({edge['low']:+.2f}..{edge['high']:+.2f})")


if __name__ == "__main__":
    main()
