"""Dou Dizhu's ``normal`` as it is against ``normal`` with constants of its heuristic set, on
the same deals: each deal played by four (three) set bots, then with today's bot in each seat
in turn, so the luck of the deal cancels (printed, never asserted; stop 72's measure of the
Shanghai bombs).

    python bench/doudizhu_changed.py --preset shanghai --seeds 600:1200 \\
        --set 'URGENT={"classic": 3, "shanghai": 3}' --set 'SPARE_BOMB_COST={}'

Prints today's bot's score less the set bot's in the same seat on the same deal, a seat-deal,
with a 95 % interval (seat-deals taken as independent), as the landlord and as a farmer, how
many changed, and how often the landlord of the set bots lost a deal with a bomb still held.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from bhtui.bots.doudizhu import heuristic
from bhtui.bots.doudizhu.counting import CountingBot
from bhtui.doudizhu import PRESETS, Match
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action, DoudizhuRow


class SetBot(CountingBot):
    """``normal`` deciding with the heuristic's constants set (put back after each decision,
    so today's bots at the same table decide with their own)."""

    def __init__(self, constants: dict[str, object]) -> None:
        super().__init__()
        self.constants = constants

    def decide(self, offer: Offer) -> Action:
        kept = {name: getattr(heuristic, name) for name in self.constants}
        for name, value in self.constants.items():
            setattr(heuristic, name, value)
        try:
            return super().decide(offer)
        finally:
            for name, value in kept.items():
                setattr(heuristic, name, value)


def deal(preset: str, seed: int, constants: dict[str, object],
         today: int | None) -> tuple[DoudizhuRow, list[list[int]]]:
    """One deal, today's bot in seat ``today`` (None: nowhere): its record and the hands left."""
    rules = PRESETS[preset]
    match = Match(rules=rules, seed=seed, rounds=1)
    bots = [CountingBot() if s == today else SetBot(constants) for s in range(rules.seats)]
    while not match.records:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].decide(match.legal_actions(seat)))
    return match.history[-1], [list(rc) for rc in match.round.rc]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="shanghai", choices=sorted(PRESETS))
    parser.add_argument("--seeds", default="0:200", help="FIRST:END of the deals' seeds")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=JSON",
                        help="a constant of bots/doudizhu/heuristic.py for the other bot")
    args = parser.parse_args()
    first, end = map(int, args.seeds.split(":"))
    constants = {}
    for item in args.set:
        name, value = item.split("=", 1)
        getattr(heuristic, name)  # (a typo is an AttributeError, not a silent no-op)
        constants[name] = json.loads(value)
    diffs: list[int] = []
    landlord: list[int] = []
    farmer: list[int] = []
    held = 0
    for seed in range(first, end):
        base, hands = deal(args.preset, seed, constants, None)
        lord = base["landlord"]
        if lord is not None and base["winner"] != "landlord" and heuristic.bomb_ranks(
                hands[lord], args.preset):
            held += 1
        for seat in range(PRESETS[args.preset].seats):
            diff = deal(args.preset, seed, constants, seat)[0]["scores"][seat] - base["scores"][seat]
            diffs.append(diff)
            (landlord if seat == lord else farmer).append(diff)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"{args.preset}, seeds {first}..{end - 1}, today's normal less normal with {constants}: "
          f"{mean:+.3f} ({mean - half:+.3f}..{mean + half:+.3f}) a seat-deal; as the landlord "
          f"{statistics.fmean(landlord or [0]):+.3f} ({len(landlord)}), as a farmer "
          f"{statistics.fmean(farmer or [0]):+.3f} ({len(farmer)}); changed "
          f"{sum(1 for d in diffs if d)} of {len(diffs)}; the set bots' landlord lost with a "
          f"bomb held in {held} of {end - first} deals")


if __name__ == "__main__":
    main()
