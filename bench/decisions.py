"""What one kind of searched decision buys where ``hard`` and ``normal`` choose differently:
printed, never asserted (issue 25).

    python bench/decisions.py [--preset weihai] [--kind abdication] [--seeds 0:400]
                              [--reps 2] [--playouts 200] [--jobs 2]

A tournament block plays every round, and a decision met in one round in twenty moves its
mean by a twentieth of what it is worth, under the noise of all the others. Here each seed's
round is played by ``normal`` bots up to the first offer of the kind (``throne``: take it or
pass it on, any preset's; ``abdication``: Weihai's emperor holding both marked cards;
``rebellion``: its 造反 step; ``open_guard``: its 明保 step; ``kick``: its 踢 step); where
``hard`` at that seat would choose otherwise, the
round is played on from there with each of the two choices — ``hard`` in that seat,
``normal`` in the others, as in the goal runs — ``--reps`` times with different seeds for
``hard``. Printed: the decisions met, how many differ and how, and the seat's score with
``hard``'s choice less with ``normal``'s, per decision, with a 95 % interval over the
decisions.
"""

from __future__ import annotations

import argparse
import copy
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from bhtui.bots import CountingBot
from bhtui.bots.search import ABDICATION, THRONES, SearchBot
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.sim import play_match
from bhtui.tournament import _interval

KINDS: dict[str, Callable[[Choices], bool]] = {
    "throne": lambda offer: offer.reading.phase == "throne" and offer.kinds - {"grab"} in THRONES,
    "abdication": lambda offer: offer.kinds == ABDICATION,
    "rebellion": lambda offer: offer.kinds == {"rebel", "skip"},
    "open_guard": lambda offer: offer.reading.phase == "declare" and offer.kinds == {
        "open_guard", "skip"},
    "kick": lambda offer: offer.kinds == {"kick", "skip"},
}


def normal_until(preset: str, seed: int,
                 wanted: Callable[[Choices], bool]) -> tuple[Match, Choices | None]:
    """The seed's one-round match played by ``normal`` up to the first offer ``wanted`` (that
    offer), or else to its first lead or its end (None)."""
    m, normal = Match(PRESETS[preset], seed, rounds=1), CountingBot()
    while not m.over and m.round.phase != "play":
        seat = m.to_act
        assert seat is not None
        offer = m.legal_actions(seat)
        if wanted(offer):
            return m, offer
        m.apply(seat, normal.decide(offer))
    return m, None


def met(preset: str, kind: str, seed: int) -> tuple[Match, int, Choices] | None:
    """The seed's one-round match played by ``normal`` up to the first offer of ``kind``."""
    m, offer = normal_until(preset, seed, KINDS[kind])
    if offer is None or m.to_act is None:
        return None
    return m, m.to_act, offer


def score_after(m: Match, seat: int, choice: Action | None, bot_seed: int,
                playouts: int) -> int:
    """The seat's score for the round, ``choice`` made (if any) and the rest played (``hard``
    there, ``normal`` elsewhere)."""
    twin = copy.deepcopy(m)
    if choice is not None:
        twin.apply(seat, choice)
    bots = [SearchBot(bot_seed, playouts=playouts) if s == seat else CountingBot()
            for s in range(5)]
    play_match(twin, bots)
    return twin.totals[seat]


def weigh(job: tuple[str, str, int, int, int]) -> tuple[str, str, list[int]] | None:
    """For one seed: the two choices and, where they differ, the score differences."""
    preset, kind, seed, reps, playouts = job
    found = met(preset, kind, seed)
    if found is None:
        return None
    m, seat, offer = found
    plain = CountingBot().decide(offer)
    searched = SearchBot(seed, playouts=playouts).decide(offer)
    if searched == plain:
        return plain["type"], searched["type"], []
    gains = [score_after(m, seat, searched, 1000 * rep + seed, playouts)
             - score_after(m, seat, plain, 1000 * rep + seed, playouts) for rep in range(reps)]
    return plain["type"], searched["type"], gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="weihai", choices=sorted(PRESETS))
    parser.add_argument("--kind", default="abdication", choices=sorted(KINDS))
    parser.add_argument("--seeds", default="0:400", help="FIRST:END, the seeds' range")
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, end = map(int, args.seeds.split(":"))
    jobs = [(args.preset, args.kind, s, args.reps, args.playouts) for s in range(first, end)]
    choices: Counter[tuple[str, str]] = Counter()
    per_decision: list[float] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(weigh, jobs, chunksize=4):
            if result is None:
                continue
            plain, searched, gains = result
            choices[(plain, searched)] += 1
            if gains:
                per_decision.append(statistics.fmean(gains))
    print(f"{args.preset}, {args.kind}: seeds {args.seeds}, {args.reps} plays of each choice, "
          f"hard at {args.playouts} playouts")
    print(f"  met {sum(choices.values())}, hard chose otherwise {len(per_decision)}: " + ", ".join(
        f"{p} -> {s} {n}" for (p, s), n in sorted(choices.items())))
    if len(per_decision) > 1:
        ci = _interval(per_decision)
        print(f"  hard's choice less normal's, a decision: {ci['mean']:+.2f} "
              f"({ci['low']:+.2f}..{ci['high']:+.2f})")


if __name__ == "__main__":
    main()
