"""Two versions of the bots on the same deals, block by block: the paired difference a change
makes, printed, never asserted (issue 25: measure each step against the one before).

    python bench/paired.py --a REV [--a-set MODULE.NAME=VALUE ...] --b REV [--b-set ...]
                           [--preset qingdao] [--bots hard,normal,normal,normal,normal]
                           [--seed 11] [--blocks 6] [--first 0] [--jobs 2]

A version is a git revision of this repository (checked out once into a temporary
worktree), and optionally constants set in it before play (``--a-set
bhtui.bots.search.PLAYOUTS=200``). Each block is the tournament's (one match seed in every
rotation, ``bhtui.tournament.play_block``) and is played by both versions, A then B, in its
own process, the jobs interleaved so a busy machine slows both alike. The figure per block is
the first bot's mean score a round (it rotates over every seat); the paired difference B - A
is reported with a 95 % interval over the blocks, beside each version's mean and the first
bot's score by role. Blocks are independent, so ``--first`` continues an earlier run on new
deals.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bhtui.tournament import _interval

ROOT = Path(__file__).resolve().parent.parent
PLAY = """
import importlib, json, sys, statistics
from bhtui.rules import PRESETS
from bhtui.tournament import play_block
preset, names, seed, sets = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4:]
for item in sets:
    target, value = item.split("=", 1)
    path, name = target.rsplit(".", 1)
    module = importlib.import_module(path)
    setattr(module, name, type(getattr(module, name))(value))
block = play_block(PRESETS[preset], names, seed, 5)
mine = [(role, score) for bot, _, role, score, _ in block.seats if bot == names[0]]
roles = {}
for role, score in mine:
    roles.setdefault(role, []).append(score)
print(json.dumps({"score": statistics.fmean(s for _, s in mine),
                  "roles": {r: [len(v), sum(v)] for r, v in roles.items()}}))
"""


def worktree(rev: str, path: Path) -> Path:
    """``rev`` checked out at ``path``, detached (the repository's own checkout untouched)."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), rev],
                   check=True)
    return path


def play(tree: Path, preset: str, bots: str, seed: int, sets: list[str]) -> dict:
    """One block played by the version checked out at ``tree``, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", PLAY, preset, bots, str(seed), *sets],
                         env=env, check=True, capture_output=True, text=True, cwd=tree)
    result: dict = json.loads(out.stdout.splitlines()[-1])
    return result


def interval(values: list[float]) -> str:
    """The mean with the tournament's 95 % interval over blocks (one block: the mean alone)."""
    if len(values) < 2:
        return f"{values[0]:+.2f}"
    i = _interval(values)
    return f"{i['mean']:+.2f} ({i['low']:+.2f}..{i['high']:+.2f})"


def roles(results: list[dict]) -> str:
    tally: dict[str, list[float]] = {}
    for res in results:
        for role, (n, total) in res["roles"].items():
            t = tally.setdefault(role, [0, 0])
            t[0] += n
            t[1] += total
    return ", ".join(f"{role} {t[1] / t[0]:+.2f} of {t[0]}" for role, t in sorted(tally.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="git revision of the reference")
    parser.add_argument("--b", required=True, help="git revision of the change")
    parser.add_argument("--a-set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--b-set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--preset", default="qingdao")
    parser.add_argument("--bots", default="hard,normal,normal,normal,normal")
    parser.add_argument("--seed", type=int, default=11, help="tournament seed")
    parser.add_argument("--blocks", type=int, default=6)
    parser.add_argument("--first", type=int, default=0, help="first block number")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.blocks < 1:
        parser.error("--blocks: at least 1")
    sets = {"a": args.a_set, "b": args.b_set}
    numbers = range(args.first, args.first + args.blocks)
    with tempfile.TemporaryDirectory(prefix="paired-") as tmp:
        trees: dict[str, Path] = {}
        try:
            for v, rev in (("a", args.a), ("b", args.b)):
                trees[v] = worktree(rev, Path(tmp) / v)
            with ThreadPoolExecutor(args.jobs) as pool:
                futures = {(b, v): pool.submit(play, trees[v], args.preset, args.bots,
                                               args.seed * 1_000_003 + b, sets[v])
                           for b in numbers for v in "ab"}
                results: dict[str, list[dict]] = {"a": [], "b": []}
                for b in numbers:
                    a, c = futures[b, "a"].result(), futures[b, "b"].result()
                    results["a"].append(a)
                    results["b"].append(c)
                    diffs = [y["score"] - x["score"] for x, y in zip(results["a"],
                                                                     results["b"],
                                                                     strict=True)]
                    print(f"block {b}: A {a['score']:+.2f}  B {c['score']:+.2f}  "
                          f"B-A {c['score'] - a['score']:+.2f}  | so far B-A {interval(diffs)}",
                          flush=True)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(tree)], check=False)
    print(f"{args.preset}, seed {args.seed}, blocks {numbers.start}..{numbers.stop - 1}, "
          f"{args.bots.split(',')[0]}'s mean a round:")
    for v, rev in (("a", args.a), ("b", args.b)):
        scores = [r["score"] for r in results[v]]
        print(f"  {v.upper()} {rev} {' '.join(sets[v])}: {interval(scores)}; {roles(results[v])}")
    print(f"  B - A: {interval(diffs)}")


if __name__ == "__main__":
    main()
