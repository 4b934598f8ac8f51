"""How much a decision of ``hard`` gives away to a much deeper search of the same decision;
printed, never asserted (issue 25: measure the search before and after a change).

    python bench/regret.py [--preset qingdao] [--seeds 101,102] [--rounds 2] [--deep 1000]
                           [--reps 3] [--budget 200,800] [--switch 1.0,0.5]

The decisions are the searched plays, calls and thrones of ``hard`` seated among four
``normal`` bots in one match per seed. The deep search plays every candidate out on the same ``--deep``
deals; its best mean is the reference. For each budget and switch margin (``SWITCH_AT``) the
bench asks ``hard`` ``--reps`` times per decision (a fresh seed each) and prints its mean
regret — the deep mean of the best candidate less that of the one it chose, in the preset's
points — with a 95 % interval, beside ``normal``'s own regret (its move is candidate 0). It
measures the search's noise against its own playouts, not the playout policy's bias: a
better policy shows in a tournament, not here.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bhtui.bots import make_bot, search
from bhtui.bots.search import SearchBot
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.sim import play_match


class Collector:
    """``hard``, keeping each offer it searches (a real choice between candidates)."""

    name = "hard"

    def __init__(self, seed: int) -> None:
        self.bot = SearchBot(seed)
        self.offers: list[Choices] = []

    def decide(self, offer: Choices) -> Action:
        if len(SearchBot(0, playouts=1).appraise(offer, 1)) > 1:
            self.offers.append(offer)
        return self.bot.decide(offer)

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def decisions(preset: str, seeds: list[int], rounds: int) -> list[Choices]:
    offers: list[Choices] = []
    for seed in seeds:
        hard = Collector(seed)
        bots = [make_bot("normal", seed * 5 + s) for s in range(5)]
        bots[seed % 5] = hard  # type: ignore[call-overload]
        play_match(Match(PRESETS[preset], seed, rounds=rounds), bots)  # type: ignore[arg-type]
        offers += hard.offers
    return offers


def deep_means(offer: Choices, deals: int, seed: int) -> tuple[list[Action], list[float]]:
    """Every candidate's mean over the same ``deals`` deals, as the deep search sees them."""
    found = SearchBot(seed).appraise(offer, deals)
    return [a.action for a in found], [a.mean for a in found]


def interval(values: list[float]) -> str:
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{statistics.fmean(values):.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="qingdao", choices=list(PRESETS))
    parser.add_argument("--seeds", default="101,102")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per seed's match")
    parser.add_argument("--deep", type=int, default=1000, help="deals per candidate, deep")
    parser.add_argument("--reps", type=int, default=3, help="hard's runs per decision")
    parser.add_argument("--budget", default="200,800", help="hard's playouts, comma-separated")
    parser.add_argument("--switch", default="1.0,0.5", help="SWITCH_AT values to compare")
    args = parser.parse_args()
    started = time.process_time()
    offers = decisions(args.preset, [int(s) for s in args.seeds.split(",")], args.rounds)
    if not offers:
        raise SystemExit("bench: hard searched no decision in these matches")
    deep = [deep_means(offer, args.deep, 7 + k) for k, offer in enumerate(offers)]
    print(f"{args.preset}: {len(offers)} decisions of hard, {args.deep} deep deals per "
          f"candidate ({time.process_time() - started:.0f} s CPU)")
    plain = make_bot("normal")
    normal = [max(means) - means[actions.index(plain.decide(offer))]
              for offer, (actions, means) in zip(offers, deep, strict=True)]
    print(f"  normal's move          regret {interval(normal)} points a decision")
    default = search.SWITCH_AT
    for budget in (int(b) for b in args.budget.split(",")):
        for switch in (float(s) for s in args.switch.split(",")):
            search.SWITCH_AT = switch
            regrets, clock = [], time.process_time()
            for k, (offer, (actions, means)) in enumerate(zip(offers, deep, strict=True)):
                for rep in range(args.reps):
                    chosen = SearchBot(rep * 7919 + k, playouts=budget).decide(offer)
                    regrets.append(max(means) - means[actions.index(chosen)])
            cpu = (time.process_time() - clock) / len(regrets)
            print(f"  hard {budget:>5} playouts, switch {switch:.2f}  regret "
                  f"{interval(regrets)} points a decision, {cpu * 1e3:.0f} ms CPU each")
    search.SWITCH_AT = default


if __name__ == "__main__":
    main()
