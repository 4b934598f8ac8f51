"""Engine speed beside a reference, printed; tests never time anything.

    python bench/engine.py [--game baohuang|doudizhu ...] [--reps 5] [--rounds 20]
                           [--preset NAME ...]

Every figure is measured side by side with its reference, interleaved in one process so the
machine's load falls on both alike, and printed as the median and min..max of the repetitions,
for wall time and CPU time, with the ratio of the two.

Baohuang, against bench/anchor.py (a stripped loop of the same game; the ratio says how many
times slower bhtui is):

Each preset as a table plays it, lianzhong also with 烤牌 and 憋6 (``kao``, ``bie6``), and
with every option that adds work switched on:

- whole rounds per second, random bots and heuristic bots, against the anchor's random round;
- the lead plays of a 43-card hand through the public ``legal_sets`` against the anchor's
  enumeration;
- ``Match.legal_actions`` of the seat to lead (what a decision costs before any choice).

Dou Dizhu, against RLCard 1.2.0's raw ``DoudizhuGame`` (bench/doudizhu.py; the ratio says how
many times faster bhtui is; goal ≥ 3× on decisions/s):

- classic games and decisions per second with random bots;
- the lead moves of a 20-card hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import doudizhu  # noqa: E402
from bhtui.bots import make_bot  # noqa: E402
from bhtui.cards import card_text  # noqa: E402
from bhtui.rules import PRESETS, Match, RuleSet, legal_sets  # noqa: E402
from bhtui.rules.presets import option_values  # noqa: E402
from bhtui.sim import play_match  # noqa: E402

import anchor  # noqa: E402

Sample = tuple[float, float]  # (wall, cpu) seconds


def timed(fn: Callable[[], int]) -> tuple[Sample, int]:
    """Run ``fn`` once; its wall and CPU time and the count it returns (rounds, calls)."""
    wall, cpu = time.perf_counter(), time.process_time()
    count = fn()
    return (time.perf_counter() - wall, time.process_time() - cpu), count


def tables(name: str) -> list[RuleSet]:
    """The rule sets measured for a preset: as a table plays it unless switched; lianzhong
    with 烤牌 and 憋6 (``kao``, ``bie6``: the issue names them); every option that adds work
    on, where that is yet another table."""
    base = PRESETS[name]
    out = [base]
    if {"kao", "bie6"} <= set(base.allowed):
        out.append(base.with_options(kao=True, bie6=True))
    everything = all_options(name)
    if everything not in out:
        out.append(everything)
    return out


def all_options(name: str) -> RuleSet:
    """Every option that adds work on: true for switches (but 逼位, which only shortens),
    the first value but "off" for the others (bombs), the preset's own otherwise."""
    base = PRESETS[name]
    chosen: dict[str, object] = {}
    for option in base.allowed:
        values = option_values(option)
        if values == (False, True):
            chosen[option] = option != "force_first"
        elif getattr(base, option) == "off":
            chosen[option] = next(v for v in values if v != "off")
    return base.with_options(**chosen)


def bhtui_rounds(rules: RuleSet, bot: str, rounds: int, seed: int) -> Callable[[], int]:
    def run() -> int:
        match = Match(rules, seed, rounds=rounds)
        play_match(match, [make_bot(bot, seed * 5 + s) for s in range(5)])
        if not match.over or len(match.records) != rounds:
            raise SystemExit(f"bench: asked for {rounds} {rules.name} rounds, "
                             f"{len(match.records)} were played: not the figure it says")
        return rounds
    return run


def anchor_rounds(rules: RuleSet, rounds: int, seed: int) -> Callable[[], int]:
    """The anchor's rounds with the preset's deck and 让牌, so both play as long a game."""
    def run() -> int:
        rng = random.Random(seed)
        for _ in range(rounds):
            anchor.play_round(rng, rules.deck_size, rules.trick_yield)
        return rounds
    return run


def repeat(fn: Callable[[], object], calls: int) -> Callable[[], int]:
    def run() -> int:
        for _ in range(calls):
            fn()
        return calls
    return run


def leading_match(rules: RuleSet) -> Match:
    """A match whose seat to act leads the first trick (the throne and call decided by bots)."""
    match = Match(rules, 3)
    bot = make_bot("heuristic")
    while match.round.phase != "play":
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bot.decide(match.legal_actions(seat)))
    return match


class Row:
    """One figure: bhtui's samples beside the anchor's, as rates (per second) or times."""

    def __init__(self, label: str, unit: str, ours: Callable[[int], Callable[[], int]],
                 ref: Callable[[int], Callable[[], int]] | None, goal: str,
                 counted: str = "rounds/s", faster: bool = False) -> None:
        self.label, self.unit, self.ours, self.ref, self.goal = label, unit, ours, ref, goal
        self.counted = counted  # what a rate counts
        self.faster = faster  # the ratio says how many times faster bhtui is, not slower
        self.samples: dict[str, list[tuple[float, float]]] = {"ours": [], "ref": []}

    def measure(self, rep: int) -> None:
        pairs = [("ours", self.ours), ("ref", self.ref)]
        if rep % 2:
            pairs.reverse()  # neither side always runs second
        for side, make in pairs:
            if make is None:
                continue
            (wall, cpu), count = timed(make(rep))
            self.samples[side].append((count / wall, count / cpu) if self.unit == "/s"
                                      else (wall / count * 1e6, cpu / count * 1e6))

    def lines(self) -> list[str]:
        out = []
        for i, clock in enumerate(("wall", "cpu")):
            ours = [s[i] for s in self.samples["ours"]]
            unit = self.counted if self.unit == "/s" else "µs"
            cells = [f"{self.label:<44} {clock:>4}", _spread(ours, unit)]
            if self.samples["ref"]:
                ref = [s[i] for s in self.samples["ref"]]
                ratios = [(r / o if self.unit == "/s" else o / r) for o, r in zip(ours, ref, strict=True)]
                if self.faster:
                    ratios = [1 / r for r in ratios]
                cells += [_spread(ref, unit), f"{statistics.median(ratios):5.1f}× "
                          f"{'faster' if self.faster else 'slower'} "
                          f"({min(ratios):.1f}..{max(ratios):.1f})"]
            else:
                cells += ["", ""]
            cells.append(self.goal if i == 0 else "")
            out.append("  ".join(cells))
        return out


def _spread(values: list[float], unit: str) -> str:
    return (f"{statistics.median(values):8.1f} {unit} "
            f"({min(values):.1f}..{max(values):.1f})").ljust(36)


def rows_for(rules: RuleSet, rounds: int) -> list[Row]:
    name = rules.name
    base = PRESETS[name]
    shown = ",".join(o if v is True else f"{o}={v}" for o, v in rules.options().items()
                     if v != getattr(base, o) or v is True)
    tag = f"{name}{f' ({shown})' if shown else ''}"
    lead = leading_match(rules)
    seat = lead.to_act
    assert seat is not None
    dealt = Match(rules, 3).round
    other = next(s for s in range(5) if dealt.count(s) == min(map(dealt.count, range(5))))
    hand = [card_text(c) for c in dealt.hand(other)]
    counts = list(dealt.rc[other])
    calls = 2000
    return [
        Row(f"{tag}: rounds, random bots", "/s",
            lambda rep: bhtui_rounds(rules, "random", rounds, rep + 1),
            lambda rep: anchor_rounds(rules, rounds, rep + 1), "goal ≤ 3×"),
        Row(f"{tag}: rounds, heuristic bots", "/s",
            lambda rep: bhtui_rounds(rules, "heuristic", max(rounds // 4, 2), rep + 1),
            lambda rep: anchor_rounds(rules, rounds, rep + 1), "goal ≤ 6×"),
        Row(f"{tag}: legal_sets, lead of {len(hand)} cards", "µs",
            lambda rep: repeat(lambda: legal_sets(hand, None, rules), calls),
            lambda rep: repeat(lambda: anchor.lead_sets(counts), calls),
            "goal ≤ 2×"),
        Row(f"{tag}: Match.legal_actions, leading", "µs",
            lambda rep: repeat(lambda: lead.legal_actions(seat), calls), None,
            "goal ≤ 30 µs"),
    ]


def doudizhu_rows(games: int) -> list[Row]:
    """Classic games and decisions per second with random bots, and the lead moves of a
    20-card hand, each beside RLCard's raw game when it is installed; the lead moves of a
    dealt Shanghai hand (ours alone)."""
    have = doudizhu.DoudizhuGame is not None

    def run(side: str, index: int, rep: int) -> Callable[[], int]:
        engine = doudizhu.ours if side == "ours" else doudizhu.rlcard
        return lambda: engine(games, rep)[index]

    ours_lead, their_lead = doudizhu.lead_moves(doudizhu.landlord_counts())
    shanghai_lead = doudizhu.shanghai_leads()
    calls = 2000
    return [
        Row("doudizhu classic: games, random bots", "/s", lambda rep: run("ours", 0, rep),
            (lambda rep: run("ref", 0, rep)) if have else None, "", "games/s", faster=True),
        Row("doudizhu classic: decisions, random bots", "/s", lambda rep: run("ours", 1, rep),
            (lambda rep: run("ref", 1, rep)) if have else None, "goal ≥ 3×", "decisions/s",
            faster=True),
        Row(f"doudizhu classic: lead moves of 20 cards ({len(ours_lead())})", "µs",
            lambda rep: repeat(ours_lead, calls),
            (lambda rep: repeat(their_lead, calls // 10)) if their_lead else None, "",
            faster=True),
        Row(f"doudizhu shanghai: lead moves of a dealt hand ({len(shanghai_lead())})", "µs",
            lambda rep: repeat(shanghai_lead, calls), None, ""),
    ]


def measure(rows: list[Row], reps: int) -> None:
    for rep in range(reps):
        for row in rows:
            row.measure(rep)
    for row in rows:
        print("\n".join(row.lines()))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", default=["baohuang", "doudizhu"],
                        choices=["baohuang", "doudizhu"])
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions (≥5)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds per sample")
    parser.add_argument("--games", type=int, default=300, help="Dou Dizhu deals per sample")
    parser.add_argument("--preset", nargs="*", default=list(PRESETS), choices=list(PRESETS))
    args = parser.parse_args()
    print(f"{args.reps} interleaved repetitions, median (min..max), wall and CPU time")
    if "baohuang" in args.game:
        print("Baohuang: bhtui vs bench/anchor.py; ratio = how many times slower bhtui is")
        for name in args.preset:
            for rules in tables(name):
                measure(rows_for(rules, args.rounds), args.reps)
    if "doudizhu" in args.game:
        if doudizhu.DoudizhuGame is None:
            print(doudizhu.MISSING)
        else:
            print(f"Dou Dizhu: bhtui vs RLCard 1.2.0's DoudizhuGame ({doudizhu.same_hand_space()});"
                  " ratio = how many times faster bhtui is")
        measure(doudizhu_rows(args.games), args.reps)


if __name__ == "__main__":
    main()
