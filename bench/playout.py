"""What a search's playout costs, beside the engine playing the same positions; printed, never
asserted.

    python bench/playout.py [--reps 5] [--positions 30] [--preset NAME ...]

From the first lead of ``--positions`` deals (throne and call by the heuristic), both sides
play every position to the end of the round, interleaved in one process, repeated ``--reps``
times: the lean simulator (``bhtui.bots.position``) with the fast playout policy
(``bhtui.bots.rollout``), and the real ``Match`` (a copy of it) with the heuristic bot. Printed:
the median and min..max per playout of each, wall and CPU time, and the ratio (how many times
faster a playout is than an engine round). Then the ``hard`` bot's decision time over one
match against ``normal`` bots (p50, p99, max), at its default budget, without a time limit.

With ``--table-rounds N`` it also counts what a table's clock buys: ``hard`` with
``TABLE_SECONDS`` over N rounds against ``normal`` bots, the playouts each searched decision
played (p10, p50, p90) — the reference for the tournament's ``PLAYOUTS``.

With ``--policy-rounds N`` it also measures the playout policy's own quality, the ceiling
of what the search can see: the policy as a bot (one deal drawn from its seat's view, the
policy's move on it; ``normal`` for everything but plays) against four ``normal`` bots, each
deal in all five seatings, its edge per round over the others with a 95 % interval.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bhtui.bots import TABLE_SECONDS, CountingBot, SearchBot, make_bot  # noqa: E402
from bhtui.bots.position import Position  # noqa: E402
from bhtui.bots.rollout import choose, play_out  # noqa: E402
from bhtui.bots.sampling import Sampler  # noqa: E402
from bhtui.rules import (  # noqa: E402
    PRESETS,
    Action,  # noqa: E402
    Match,
)
from bhtui.rules.choices import Choices  # noqa: E402
from bhtui.sim import play_match  # noqa: E402


def first_leads(preset: str, count: int) -> list[Match]:
    """Matches of one round standing at their first lead."""
    out = []
    bot = make_bot("heuristic")
    seed = 0
    while len(out) < count:
        match = Match(PRESETS[preset], seed, rounds=1)
        seed += 1
        while not match.over and match.round.phase != "play":
            match.apply(match.to_act, bot.decide(match.legal_actions(match.to_act)))
        if not match.over:
            out.append(match)
    return out


def position_of(match: Match) -> Position:
    r = match.round
    assert r.emperor is not None and r.guard is not None and r.turn is not None
    return Position(r.rules, r.rc, r.places, r.emperor, r.guard, r.turn,
                    open_solo=r.open_solo, grabbed=r.grabbed, open_guard=r.open_guard,
                    rebellion=r.rebellion, kicks=len(r.kicks), hidden=not r.guard_revealed)


def lean(positions: list[Position]) -> Callable[[], None]:
    copies = [pos.copy() for pos in positions]

    def run() -> None:
        for pos in copies:
            play_out(pos)
    return run


def engine(matches: list[Match]) -> Callable[[], None]:
    bots = [make_bot("heuristic") for _ in range(5)]
    copies = [copy.deepcopy(match) for match in matches]  # made before the clock starts

    def run() -> None:
        for match in copies:
            play_match(match, bots)  # type: ignore[arg-type]
    return run


def timed(fn: Callable[[], None], count: int) -> tuple[float, float]:
    """Microseconds per item, wall and CPU."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - wall) / count * 1e6, (time.process_time() - cpu) / count * 1e6


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):8.0f} µs ({min(values):.0f}..{max(values):.0f})"


def decision_times(preset: str, seed: int, rounds: int) -> list[float]:
    times: list[float] = []
    hard = make_bot("hard", seed)

    class Timed:
        name = "hard"

        def decide(self, offer):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            action = hard.decide(offer)
            times.append(time.perf_counter() - started)
            return action

        def interject(self, offer):  # type: ignore[no-untyped-def]
            return hard.interject(offer)

    play_match(Match(PRESETS[preset], seed, rounds=rounds),
               [Timed()] + [make_bot("normal", s) for s in range(1, 5)])  # type: ignore[list-item]
    return sorted(times)


class CountedSearch(SearchBot):
    """``hard`` counting the playouts of each search it makes."""

    def __init__(self, seed: int, seconds: float) -> None:
        super().__init__(seed, seconds=seconds)
        self.counts: list[int] = []

    def _search(self, count, draw, outcome, playouts, rng=None):  # type: ignore[no-untyped-def]
        played = [0]

        def counted(deal, i):  # type: ignore[no-untyped-def]
            played[0] += 1
            return outcome(deal, i)

        chosen = super()._search(count, draw, counted, playouts, rng)
        self.counts.append(played[0])
        return chosen


def table_playouts(preset: str, seed: int, rounds: int) -> list[int]:
    """The playouts of each searched decision of ``hard`` at a table, sorted."""
    hard = CountedSearch(seed, TABLE_SECONDS)
    play_match(Match(PRESETS[preset], seed, rounds=rounds),
               [hard] + [make_bot("normal", s) for s in range(1, 5)])  # type: ignore[list-item]
    return sorted(hard.counts)


class PolicyBot(CountingBot):
    """The playout policy as a bot: its move on one deal that agrees with the view."""

    name = "policy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        if r.phase != "play" or "play" not in offer.kinds:
            return super().decide(offer)
        return SearchBot.action(offer, choose(Sampler(r).position(self._rng)))


def policy_edge(preset: str, rounds: int) -> tuple[float, float]:
    """The policy bot's mean edge per round over four ``normal`` bots, and the 95 % half
    interval over deals (each deal a 3-round match in all five seatings)."""
    edges = []
    for seed in range(max(2, rounds // 15)):
        mine, rest = [], []
        for rotation in range(5):
            bots = [PolicyBot(seed) if s == rotation else make_bot("normal", s)
                    for s in range(5)]
            m = Match(PRESETS[preset], seed, rounds=3)
            play_match(m, bots)  # type: ignore[arg-type]
            for record in m.records:
                mine.append(record.result.scores[rotation])
                rest += [x for s, x in enumerate(record.result.scores) if s != rotation]
        edges.append(statistics.fmean(mine) - statistics.fmean(rest))
    return statistics.fmean(edges), 1.96 * statistics.stdev(edges) / math.sqrt(len(edges))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions (≥5)")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3, help="rounds hard's decisions are timed over")
    parser.add_argument("--preset", nargs="*", default=["qingdao", "lianzhong-classic"],
                        choices=list(PRESETS))
    parser.add_argument("--table-rounds", type=int, default=0,
                        help="also the playouts hard plays at a table over this many rounds")
    parser.add_argument("--policy-rounds", type=int, default=0,
                        help="also the playout policy's edge as a bot over this many rounds")
    args = parser.parse_args()
    for preset in args.preset:
        matches = first_leads(preset, args.positions)
        positions = [position_of(m) for m in matches]
        samples: dict[str, list[tuple[float, float]]] = {"lean": [], "engine": []}
        for rep in range(args.reps):
            order = [("lean", lean(positions)), ("engine", engine(matches))]
            for side, run in order[::-1] if rep % 2 else order:  # neither always second
                samples[side].append(timed(run, len(positions)))
        print(f"{preset}: a playout from the first lead, {args.reps} interleaved repetitions "
              f"of {len(positions)} positions")
        for i, clock in enumerate(("wall", "cpu")):
            ours = [s[i] for s in samples["lean"]]
            ref = [s[i] for s in samples["engine"]]
            ratios = [r / o for o, r in zip(ours, ref, strict=True)]
            print(f"  {clock:>4}  lean {spread(ours)}   engine {spread(ref)}   "
                  f"{statistics.median(ratios):.1f}× faster ({min(ratios):.1f}..{max(ratios):.1f})")
        times = decision_times(preset, 1, args.rounds)
        if not times:
            raise SystemExit(f"bench: hard made no decision in {args.rounds} round(s)")
        p50, p99 = (times[min(len(times) - 1, int(q * len(times)))] * 1e3 for q in (0.5, 0.99))
        print(f"  hard's decisions over {args.rounds} round(s) against normal bots: {len(times)}, "
              f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {times[-1] * 1e3:.0f} ms")
        if args.table_rounds:
            counts = table_playouts(preset, 1, args.table_rounds)
            if counts:
                p10, p50, p90 = (counts[int(q * len(counts))] for q in (0.1, 0.5, 0.9))
                print(f"  hard at a table ({TABLE_SECONDS:.0f} s): {len(counts)} searches over "
                      f"{args.table_rounds} round(s), playouts p10 {p10}, p50 {p50}, p90 {p90}")
        if args.policy_rounds:
            edge, half = policy_edge(preset, args.policy_rounds)
            print(f"  the playout policy as a bot against four normal ones: {edge:+.2f} a round "
                  f"({edge - half:+.2f}..{edge + half:+.2f}) over the others")


if __name__ == "__main__":
    main()
