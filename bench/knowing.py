"""Where knowing the hands would pay, decision by decision: printed, never asserted (issue 25).

    python bench/knowing.py [--preset qingdao] [--seeds 0:100] [--playouts 200] [--reps 2]
                            [--truth hands|guard|near2|near5|near10] [--jobs 2]

``hard`` dealt the true hands in its playouts (a cheat, only ever in this bench) scored
about twice what the plays read buy in qingdao; this says where. Each seeded one-round match
is played by ``hard`` in one seat (``seed % 5``) and ``normal`` elsewhere; at each of its
plays a second ``hard`` of the same seed is asked with every deal the true one; where it
answers otherwise, the round is played on from there with each answer (``hard`` in that seat,
``normal`` elsewhere, ``--reps`` times), as ``changed.py`` does. Printed: the gains grouped
by the seat's role and how many cards it held, and by what changed (a pass for a play …) —
the places where a better reading of the hands would buy the most. ``--truth guard`` tells
only who the hidden guard is (the deals are the sampler's, its guard the true one): what a
better reading of the guard alone would buy. ``--truth near5`` (2, 5, 10) deals the true
hands with that many cards swapped between other hands at random: how near the deals must
come for knowing to pay.
"""

from __future__ import annotations

import argparse
import copy
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bhtui.bots import make_bot
from bhtui.bots.sampling import Sampler
from bhtui.bots.search import SearchBot
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.sim import play_match
from changed import Probe  # bench/, this script's folder, leads sys.path
from decisions import score_after
from paired import interval

TRUTH: list[Any] = []
"""The true deal while the knowing bot decides: (every seat's rank counts, the guard)."""


REAL_DEAL = Sampler.deal


def true_deal(self: Sampler, rng: Any) -> tuple[list[list[int]], int]:
    del self, rng
    return TRUTH[0]


def guard_known_deal(self: Sampler, rng: Any) -> tuple[list[list[int]], int]:
    guard = TRUTH[0][1]
    if guard in self.guards:
        self.guards, self.weights = [guard], [1.0]
    return REAL_DEAL(self, rng)


def near_deal(swaps: int) -> Any:
    """The true hands with ``swaps`` cards swapped between two other hands still in play, at
    random for each deal: deals spread around the truth (each swap puts about one card a
    hand off, where the sampler's deals sit some 14 off early in a round and 5 late)."""
    def deal(self: Sampler, rng: Any) -> tuple[list[list[int]], int]:
        hands, guard = TRUTH[0]
        hands = [list(h) for h in hands]
        others = [o for o in self.others if sum(hands[o])]
        for _ in range(swaps if len(others) > 1 else 0):
            a, b = rng.sample(others, 2)
            ra = rng.choices(range(len(hands[a])), weights=hands[a])[0]
            rb = rng.choices(range(len(hands[b])), weights=hands[b])[0]
            hands[a][ra] -= 1
            hands[a][rb] += 1
            hands[b][rb] -= 1
            hands[b][ra] += 1
        return hands, guard
    return deal


CHEATS = {"hands": true_deal, "guard": guard_known_deal, "near2": near_deal(2),
          "near5": near_deal(5), "near10": near_deal(10)}


class Knowing(Probe):
    """``hard`` in its seat, noting where the same bot dealt the true hands would play
    otherwise, and in which circumstance (role, cards held, what changed)."""

    def __init__(self, seed: int, playouts: int, match: Match, truth: str = "hands") -> None:
        super().__init__(seed, playouts, [], match)
        self.where: list[tuple[str, str, str]] = []
        self.cheat = CHEATS[truth]

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        chosen = self.bot.decide(offer)
        if r.phase != "play" or len(offer.sets) + len(offer.rest) < 2:
            return chosen
        was = SearchBot(self.seed, playouts=self.playouts).decide(offer)
        rnd = self.match.round
        guard = rnd.guard if rnd.guard is not None else -1
        TRUTH[:] = [([list(rc) for rc in rnd.rc], guard)]
        Sampler.deal = self.cheat  # type: ignore[method-assign]
        try:
            now = SearchBot(self.seed, playouts=self.playouts).decide(offer)
        finally:
            Sampler.deal = REAL_DEAL  # type: ignore[method-assign]
        self.asked += 1
        if now != was:
            me = r.me
            role = ("emperor" if me == rnd.emperor else "guard" if me == rnd.guard
                    else "rebel")
            held = sum(r.rc)
            size = "40+" if held >= 40 else "25-39" if held >= 25 else "11-24" if held > 10 \
                else "1-10"
            what = f"{'lead' if r.top is None else 'answer'} {was['type']}→{now['type']}"
            self.changed.append((copy.deepcopy(self.match), was, now))
            self.where.append((role, size, what))
        return chosen


def weigh(job: tuple[str, int, int, int, str]) -> tuple[int, list[tuple[tuple[str, ...], float]]]:
    preset, seed, playouts, reps, truth = job
    match = Match(PRESETS[preset], seed, rounds=1)
    seat = seed % 5
    probe = Knowing(seed, playouts, match, truth)
    bots: list[Any] = [make_bot("normal", seed * 5 + s) for s in range(5)]
    bots[seat] = probe
    play_match(match, bots)
    out = []
    for (m, was, now), where in zip(probe.changed, probe.where, strict=True):
        gains = [score_after(m, seat, now, 1000 * rep + seed, playouts)
                 - score_after(m, seat, was, 1000 * rep + seed, playouts) for rep in range(reps)]
        out.append((where, statistics.fmean(gains)))
    return probe.asked, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="qingdao", choices=sorted(PRESETS))
    parser.add_argument("--seeds", default="0:100")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--truth", default="hands", choices=sorted(CHEATS))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    jobs = [(args.preset, s, args.playouts, args.reps, args.truth) for s in range(first, end)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(weigh, jobs))
    asked = sum(n for n, _ in results)
    found = [f for _, fs in results for f in fs]
    rounds = len(jobs)
    print(f"{args.preset}: seeds {args.seeds}, {args.playouts} playouts, {args.reps} plays "
          f"of each answer; the true {args.truth} change {len(found)} of {asked} plays")
    if len(found) > 1:
        gains = [g for _, g in found]
        print(f"  all: gain a changed play {interval(gains)}, a round "
              f"{sum(gains) / rounds:+.2f}")
    for axis, name in ((0, "role"), (1, "cards held"), (2, "what changed")):
        groups: dict[str, list[float]] = defaultdict(list)
        for where, gain in found:
            groups[where[axis]].append(gain)
        print(f"  by {name}:")
        for key, gains in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
            print(f"    {key:<24} {len(gains):>4} changed, {interval(gains)}, a round "
                  f"{sum(gains) / rounds:+.2f}")


if __name__ == "__main__":
    main()
