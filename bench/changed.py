"""What a change to ``hard`` buys at the decisions it changes, weighed where they fall:

    python bench/changed.py --set MODULE.NAME=VALUE [--preset qingdao] [--seeds 0:200]
                            [--playouts 200] [--reps 2] [--jobs 2]

Each seeded one-round match is played by ``hard`` in one seat (``seed % 5``) and ``normal``
in the others. At each of ``hard``'s decisions it also asks ``hard`` with the constants set
(a fresh bot of the same seed, and one without them, so both answer from the same state);
where the two answer otherwise, the round is played on from there with each answer, ``hard``
as it is in that seat and ``normal`` elsewhere (``--reps`` times, the same seeds for both),
and the seat's score with the changed answer less that with the old one is the gain (also
printed by the seat's role at the decision). So a change that moves one decision in thirty
is measured on those, not drowned in the rest of a tournament. Printed, never asserted
(issue 25: measure each step).

It weighs one changed decision with the rest of the round played as before, so a bias every
decision shares does not show here and compounds in play: a look-ahead it put at +0.19 a
changed decision (+1.27 a round) lost 2.14 a round in a paired tournament (stop 59). What it
favours is a candidate for ``paired.py`` or a paired goal run, never a result.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bhtui.bots import make_bot
from bhtui.bots.search import SearchBot
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.sim import play_match
from decisions import score_after  # bench/, this script's folder, leads sys.path
from paired import interval


def setter(items: list[str]) -> list[tuple[Any, str, Any, Any]]:
    """Each MODULE.NAME=VALUE as (module, name, new value, old value), the value of the
    constant's own type (a table as a Python literal: ``NAME={"qingdao": 360}``)."""
    out = []
    for item in items:
        target, value = item.split("=", 1)
        path, name = target.rsplit(".", 1)
        module = importlib.import_module(path)
        old = getattr(module, name)
        new = (value not in ("0", "False", "false") if isinstance(old, bool)
               else ast.literal_eval(value) if isinstance(old, dict) else type(old)(value))
        out.append((module, name, new, old))
    return out


class Probe:
    """``hard`` in its seat, noting where the change would answer otherwise."""

    def __init__(self, seed: int, playouts: int, sets: list[tuple[Any, str, Any, Any]],
                 match: Match) -> None:
        self.bot = SearchBot(seed, playouts=playouts)
        self.seed, self.playouts, self.sets, self.match = seed, playouts, sets, match
        self.asked = 0
        self.changed: list[tuple[Match, Action, Action]] = []

    def decide(self, offer: Choices) -> Action:
        was = SearchBot(self.seed, playouts=self.playouts).decide(offer)
        for module, name, new, _ in self.sets:
            setattr(module, name, new)
        try:
            now = SearchBot(self.seed, playouts=self.playouts).decide(offer)
        finally:
            for module, name, _, old in self.sets:
                setattr(module, name, old)
        self.asked += 1
        if now != was:
            self.changed.append((copy.deepcopy(self.match), was, now))
        return self.bot.decide(offer)

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def weigh(job: tuple[str, int, int, int, list[str]]) -> tuple[int, list[tuple[str, str, float]]]:
    """For one seed: the decisions asked, and for each changed one its kind, the seat's role
    and the mean gain."""
    preset, seed, playouts, reps, items = job
    sets = setter(items)
    match = Match(PRESETS[preset], seed, rounds=1)
    seat = seed % 5
    probe = Probe(seed, playouts, sets, match)
    bots: list[Any] = [make_bot("normal", seed * 5 + s) for s in range(5)]
    bots[seat] = probe
    play_match(match, bots)
    out = []
    for m, was, now in probe.changed:
        gains = [score_after(m, seat, now, 1000 * rep + seed, playouts)
                 - score_after(m, seat, was, 1000 * rep + seed, playouts) for rep in range(reps)]
        role = m.round.role_of(seat) or "before the roles"
        out.append((f"{m.round.phase} {was['type']}→{now['type']}", role,
                    statistics.fmean(gains)))
    return probe.asked, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", required=True, metavar="MODULE.NAME=VALUE")
    parser.add_argument("--preset", default="qingdao", choices=sorted(PRESETS))
    parser.add_argument("--seeds", default="0:200")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    jobs = [(args.preset, s, args.playouts, args.reps, args.set) for s in range(first, end)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(weigh, jobs))
    asked = sum(n for n, _ in results)
    gains = [gain for _, found in results for _, _, gain in found]
    kinds = Counter(kind for _, found in results for kind, _, _ in found)
    by_role: dict[str, list[float]] = {}
    for _, found in results:
        for _, role, gain in found:
            by_role.setdefault(role, []).append(gain)
    print(f"{args.preset}, {' '.join(args.set)}: seeds {args.seeds}, {args.playouts} playouts, "
          f"{args.reps} plays of each answer")
    print(f"  changed {len(gains)} of {asked} decisions: "
          + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    if len(gains) > 1:
        print(f"  gain a changed decision {interval(gains)}, a round "
              f"{statistics.fmean(gains) * len(gains) / len(jobs):+.2f}")
        for role, found in sorted(by_role.items()):  # a reading of the hands shows by role
            print(f"    as {role}: {len(found)} changed, {interval(found)} each, a round "
                  f"{sum(found) / len(jobs):+.2f}")


if __name__ == "__main__":
    main()
