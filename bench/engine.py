"""Engine speed, printed (tests never time anything).

    python bench/engine.py

Whole rounds per second with random and heuristic bots over fixed seeds (qingdao, then every
other preset with all its options on), the heuristic's decision time p50/p99, and
``legal_sets`` on a 43-card hand when leading and following (also under 烤牌).
"""

from __future__ import annotations

import statistics
import time
import timeit

from bhtui.bots import make_bot
from bhtui.cards import parse_card, rank_of
from bhtui.rules import PRESETS, Match, RuleSet, parse_set
from bhtui.rules.sets import sets_from_rank_counts
from bhtui.sim import play_match

SEEDS = range(1, 11)
ROUNDS_PER_SEED = 30


def all_options(name: str) -> RuleSet:
    base = PRESETS[name]
    return base.with_options(**{o: True for o in base.allowed if o != "force_first"})


def rounds_per_second(bot: str, rules: RuleSet | str = "qingdao") -> tuple[float, float]:
    rounds = decisions = 0
    started = time.perf_counter()
    for seed in SEEDS:
        m = Match(rules, seed, rounds=ROUNDS_PER_SEED)
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


def kao_follow_time() -> tuple[float, int]:
    """Following a joker set under 烤牌 (R-PLAY-5): the roasting answers are enumerated too."""
    m = Match("qingdao", 3)
    rc = [0] * 15
    for text in m.view(0)["hand"]:
        rc[rank_of(parse_card(text))] += 1
    rc[13] = rc[14] = 3  # a hand with jokers to roast with
    top, rules = parse_set("BJ 7 7 7"), all_options("lianzhong-classic")
    n = 5000
    took = timeit.timeit(lambda: sets_from_rank_counts(rc, top, rules), number=n) / n
    return took, len(sets_from_rank_counts(rc, top, rules))


def main() -> None:
    print(f"seeds {SEEDS.start}..{SEEDS.stop - 1}, {ROUNDS_PER_SEED} rounds each, one process")
    for bot in ("random", "heuristic"):
        rps, dps = rounds_per_second(bot)
        print(f"{bot:>9} bots: {rps:7.1f} rounds/s  {dps:9.0f} decisions/s")
    for name in ("baike", "lianzhong-classic", "lianzhong-simple"):
        rules = all_options(name)
        shown = ",".join(o for o, on in rules.options().items() if on) or "no options"
        for bot in ("random", "heuristic"):
            rps, _ = rounds_per_second(bot, rules)
            print(f"  {name} ({shown}), {bot}: {rps:7.1f} rounds/s")
    times = sorted(heuristic_decision_times())
    p50 = statistics.median(times) * 1e3
    p99 = times[int(len(times) * 0.99)] * 1e3
    print(f"heuristic decision (view + choice): p50 {p50:.3f} ms  p99 {p99:.3f} ms  "
          f"({len(times)} decisions)")
    lead, follow, n_lead, n_follow = legal_sets_times()
    print(f"legal_sets, 43-card hand: lead {lead * 1e6:.1f} µs ({n_lead} sets)  "
          f"follow '8 8 SJ' {follow * 1e6:.1f} µs ({n_follow} sets)")
    kao, n_kao = kao_follow_time()
    print(f"legal_sets under 烤牌, following 'BJ 7 7 7' with 3 SJ + 3 BJ: {kao * 1e6:.1f} µs "
          f"({n_kao} sets)")


if __name__ == "__main__":
    main()
