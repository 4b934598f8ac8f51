"""Whether two saved runs of one tournament played their shared blocks alike, and what the
change made of the first bot's score there; printed.

    python bench/same_blocks.py OLD.jsonl NEW.jsonl

A change to the bots' code voids a kept goal run by its digest (``bhtui tournament --save``),
even where the change never reaches that preset's games (Weihai's declarations in baike).
Replaying a few blocks at the new code into a second file and comparing them here shows
whether it does: the same seats, roles, scores and wins in every block both files hold
means the finished run's figures stand for the new code too. The headers must name the same
tournament but for ``code``; the decision times differ from run to run and are not compared.
Where the runs played otherwise (a change that does reach the preset) the shared blocks are
paired deals, so the first bot's mean a round in each, and the paired difference NEW - OLD
with the tournament's 95 % interval over blocks, say what the change bought, and by role.
Exits non-zero when the files are of different tournaments or share no block.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bhtui.tournament.saved import HEADER
from paired import interval  # bench/, this script's folder, leads sys.path


def blocks(path: Path) -> tuple[dict[str, Any], dict[int, Any]]:
    """The header and each block's seat rows; a last line cut short is left out."""
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    rows = {}
    for line in lines[1:]:
        try:
            block = json.loads(line)
        except ValueError:
            continue  # the empty tail, or a line a kill cut short
        rows[block["b"]] = block["seats"]
    return header, rows


def first_mean(seats: list[list[Any]], bot: str) -> float:
    """``bot``'s mean score a round in one block (it sits in every seat in turn)."""
    scores = [row[3] for row in seats if row[0] == bot]
    return sum(scores) / len(scores)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args()
    (old_head, old), (new_head, new) = blocks(args.old), blocks(args.new)
    other = [k for k in HEADER if k != "code" and old_head.get(k) != new_head.get(k)]
    if other:
        print(f"not one tournament: {', '.join(other)} differ", file=sys.stderr)
        return 1
    shared = sorted(old.keys() & new.keys())
    if not shared:
        print("no block in both files", file=sys.stderr)
        return 1
    same = [b for b in shared if old[b] == new[b]]
    print(f"{old_head['preset']}, seed {old_head['seed']}: code {old_head['code']} -> "
          f"{new_head['code']}")
    for b in shared:
        print(f"block {b}: {'the same' if b in same else 'differs'}")
    print(f"{len(same)} of {len(shared)} shared blocks played alike")
    bot = old_head["bots"][0]
    before = [first_mean(old[b], bot) for b in shared]
    after = [first_mean(new[b], bot) for b in shared]
    print(f"{bot} a round there: old {interval(before)}, new {interval(after)}, "
          f"paired difference {interval([a - b for a, b in zip(after, before, strict=True)])}")
    print(f"{bot} by role there, rounds and mean score a round in the role: "
          f"old {by_role(old, shared, bot)}; new {by_role(new, shared, bot)}")
    return 0


def by_role(rows: dict[int, Any], shared: list[int], bot: str) -> str:
    """``bot``'s rounds in each role over the shared blocks and its mean score there (a
    change to how it reads the hands shows first in the roles the guard is hidden to)."""
    scores: dict[str, list[float]] = {}
    for b in shared:
        for row in rows[b]:
            if row[0] == bot:
                scores.setdefault(row[2], []).append(row[3])
    return ", ".join(f"{role} {len(v)} {sum(v) / len(v):+.2f}" for role, v in sorted(scores.items()))


if __name__ == "__main__":
    sys.exit(main())
