"""How far the deals' 2s and jokers sit from the hands really held, by the holder's role and
the round's phase: printed, never asserted (issue 25).

    python bench/high_cards.py [--preset qingdao] [--seeds 400:440] [--deals 10]

The decisions are ``bench/inference.py``'s: every play of one seat among five ``normal`` bots
in a two-round match per seed. At each, the sampler deals ``--deals`` times; for each other
hand still in play the mean count of 2s and jokers dealt it, less what it holds, is kept by
its role (emperor, guard, rebel, a solo emperor) and the phase (cards still in all hands: 150
or more, 60 or more, fewer). A bias that stays put over many decisions is one the deals get
wrong every time (in qingdao the emperor is dealt too few, the guard too many: stop 60, whose
lean to undo it played worse). The distance is the mean L1 over every rank and over the 2s
and jokers alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

from bhtui.bots.sampling import Sampler
from bhtui.cards import BJ_RANK, SJ_RANK, TWO
from bhtui.rules import PRESETS
from inference import Seen, decisions  # bench/, this script's folder, leads sys.path

PHASES = ((150, "early"), (60, "mid"), (0, "late"))
HIGH = (TWO, SJ_RANK, BJ_RANK)


def role(seen: Seen, seat: int) -> str:
    r, _, guard = seen
    if seat == r.emperor:
        return "solo" if guard in (None, r.emperor) else "emperor"
    return "guard" if seat == guard else "rebel"


def biases(seen: list[Seen], deals: int) -> tuple[dict[tuple[str, str], list[float]], float, float]:
    """By (role, phase) each hand's dealt 2s and jokers less its true ones; the mean L1
    distance to the truth over all ranks and over the 2s and jokers."""
    out: dict[tuple[str, str], list[float]] = defaultdict(list)
    every, high = [], []
    for k, one in enumerate(seen):
        r, true, _ = one
        sampler, rng = Sampler(r), random.Random(k)
        held = sum(r.counts)
        phase = next(name for least, name in PHASES if held >= least)
        hands = [sampler.deal(rng)[0] for _ in range(deals)]
        for o in sampler.others:
            dealt = statistics.fmean(sum(h[o][x] for x in HIGH) for h in hands)
            out[role(one, o), phase].append(dealt - sum(true[o][x] for x in HIGH))
            every.append(statistics.fmean(sum(abs(a - b) for a, b in zip(h[o], true[o],
                                                                          strict=True))
                                          for h in hands))
            high.append(statistics.fmean(sum(abs(h[o][x] - true[o][x]) for x in HIGH)
                                         for h in hands))
    return out, statistics.fmean(every), statistics.fmean(high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="qingdao", choices=list(PRESETS))
    parser.add_argument("--seeds", default="400:440", help="a range first:last+1")
    parser.add_argument("--deals", type=int, default=10, help="deals per decision")
    args = parser.parse_args()
    first, end = map(int, args.seeds.split(":"))
    seen = decisions(args.preset, list(range(first, end)))
    found, every, high = biases(seen, args.deals)
    print(f"{args.preset}: seeds {args.seeds}, {len(seen)} decisions, {args.deals} deals each;"
          f" cards off a hand {every:.3f}, in 2s and jokers {high:.3f}; 2s and jokers dealt"
          " less held, by role and phase:")
    for (who, phase), values in sorted(found.items()):
        spread = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(f"  {who:8} {phase:5} {statistics.fmean(values):+.2f} ± {spread:.2f}"
              f" ({len(values)} hands)")


if __name__ == "__main__":
    main()
