"""What a card of tribute is worth in the next round (§9), read from a saved tournament: printed,
never asserted (issue 25).

    python bench/tribute.py bench/goals/b7fb31c30c6cda80/qingdao-31.jsonl [--bot normal]

Each round after a match's first pays the tribute the previous one's result owes (R-TRIB-1,
R-TRIB-2: the losers' highest cards to the winners), and the next deal and roles do not
depend on it, so a seat's next score against the cards the last result made it receive
(less those it gave) measures what a card is worth. Only ``--bot`` seats are counted (the
searching bot plays better whatever it holds), and rounds after a solo are left out (the
saved rows do not say whether it was open, which doubles its tribute). Printed: the next
round's mean by the seat's role and result before, and the least-squares points per card
with a 95 % interval.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
from collections import defaultdict

CARDS = {"emperor": 2, "guard": 1, "rebel": 1}
"""Cards a seat of each role receives when its side wins a 2 v 3 round, gives when it loses."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("run", help="a saved tournament file (JSON lines) with tribute")
    parser.add_argument("--bot", default="normal")
    args = parser.parse_args()
    with open(args.run, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    rounds = lines[0]["match_rounds"]
    by_result: dict[tuple[str, str], list[int]] = defaultdict(list)
    xs: list[int] = []
    ys: list[int] = []
    for block in lines[1:]:
        rows = block["seats"]  # by rotation, round, seat: [bot, seat, role, score, won]
        for start in range(0, len(rows), rounds * 5):
            match = [rows[start + k * 5:start + k * 5 + 5] for k in range(rounds)]
            for before, after in itertools.pairwise(match):
                if not any(row[2] == "guard" for row in before):
                    continue  # a solo
                for prev, now in zip(before, after, strict=True):
                    if prev[0] != args.bot:
                        continue
                    sign = (prev[3] > 0) - (prev[3] < 0)
                    by_result[(prev[2], ("lost", "draw", "won")[sign + 1])].append(now[3])
                    xs.append(sign * CARDS[prev[2]])
                    ys.append(now[3])
    for (role, result), scores in sorted(by_result.items()):
        print(f"{role:8} {result:5} before: {len(scores):5} rounds, next {statistics.fmean(scores):+.2f}")
    slope, intercept = statistics.linear_regression(xs, ys)
    residual = [y - intercept - slope * x for x, y in zip(xs, ys, strict=True)]
    mean_x = statistics.fmean(xs)
    spread = sum((x - mean_x) ** 2 for x in xs)
    half = 1.96 * (sum(e * e for e in residual) / (len(xs) - 2) / spread) ** 0.5
    print(f"a card of tribute: {slope:+.2f} ({slope - half:+.2f}..{slope + half:+.2f}) points "
          f"next round, over {len(xs)} {args.bot} seat-rounds")


if __name__ == "__main__":
    main()
