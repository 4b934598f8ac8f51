"""Engine speed, printed (tests never time anything).

    python bench/engine.py

Whole rounds per second with random and heuristic bots over fixed seeds, the heuristic's
decision time p50/p99, and ``legal_sets`` on a 43-card hand when leading and following.
"""

from __future__ import annotations

import statistics
import time
import timeit

from bhtui.bots import make_bot
from bhtui.cards import parse_card, rank_of
from bhtui.rules import Match, parse_set
from bhtui.rules.sets import sets_from_rank_counts
from bhtui.sim import play_match

SEEDS = range(1, 11)
ROUNDS_PER_SEED = 30


def rounds_per_second(bot: str) -> tuple[float, float]:
    rounds = decisions = 0
    started = time.perf_counter()
    for seed in SEEDS:
        m = Match("qingdao", seed, rounds=ROUNDS_PER_SEED)
        decisions += play_match(m, [make_bot(bot, seed * 5 + s) for s in range(5)])
        rounds += len(m.records)
    elapsed = time.perf_counter() - started
    return rounds / elapsed, decisions / elapsed


def heuristic_decision_times() -> list[float]:
    bot = make_bot("heuristic")
    times = []
    for seed in SEEDS:
        m = Match("qingdao", seed, rounds=5)
        while not m.over:
            seat = m.to_act
            started = time.perf_counter()
            action = bot.decide(m.view(seat), m.legal_actions(seat))
            times.append(time.perf_counter() - started)
            m.apply(seat, action)
    return times


def legal_sets_times() -> tuple[float, float, int, int]:
    m = Match("qingdao", 3)
    rc = [0] * 15
    for text in m.view(0)["hand"]:
        rc[rank_of(parse_card(text))] += 1
    top = parse_set("8 8 SJ")
    n = 20000
    lead = timeit.timeit(lambda: sets_from_rank_counts(rc), number=n) / n
    follow = timeit.timeit(lambda: sets_from_rank_counts(rc, top), number=n) / n
    return lead, follow, len(sets_from_rank_counts(rc)), len(sets_from_rank_counts(rc, top))


def main() -> None:
    print(f"seeds {SEEDS.start}..{SEEDS.stop - 1}, {ROUNDS_PER_SEED} rounds each, one process")
    for bot in ("random", "heuristic"):
        rps, dps = rounds_per_second(bot)
        print(f"{bot:>9} bots: {rps:7.1f} rounds/s  {dps:9.0f} decisions/s")
    times = sorted(heuristic_decision_times())
    p50 = statistics.median(times) * 1e3
    p99 = times[int(len(times) * 0.99)] * 1e3
    print(f"heuristic decision (view + choice): p50 {p50:.3f} ms  p99 {p99:.3f} ms  "
          f"({len(times)} decisions)")
    lead, follow, n_lead, n_follow = legal_sets_times()
    print(f"legal_sets, 43-card hand: lead {lead * 1e6:.1f} µs ({n_lead} sets)  "
          f"follow '8 8 SJ' {follow * 1e6:.1f} µs ({n_follow} sets)")


if __name__ == "__main__":
    main()
