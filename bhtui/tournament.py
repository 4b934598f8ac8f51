"""`bhtui tournament`: bots play many rounds, rotated over every seat, and a report says how
each fared, with confidence intervals, as a person reads it or as JSON.

Every deal is played five times, once per rotation of the bots over the seats, so no bot profits
from its seat or its cards: a *block* is one match seed played in all five rotations, and the
blocks are independent, so intervals are computed over blocks (a normal approximation of the
blocks' means, 95 %). Matches are short (``match_rounds``) so tribute and the emperor's deal
follow from real results. Work is shared over processes by block, the results gathered in
order: the report depends on the seed and the bots only, not on the number of jobs — timings
aside (bots play with their playout budget and no time limit, so a loaded machine changes no
decision).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bhtui.bots import Bot, make_bot
from bhtui.rules import RULES_VERSION, SEATS, Action, Match, RuleSet
from bhtui.rules.choices import Choices
from bhtui.sim import play_match

Z95 = 1.959964


class Timed:
    """A bot whose decisions are timed (declarations are not: they are cheap)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.times: list[float] = []

    def decide(self, choices: Choices) -> Action:
        started = time.perf_counter()
        action = self.bot.decide(choices)
        self.times.append(time.perf_counter() - started)
        return action

    def interject(self, choices: Choices) -> Action | None:
        return self.bot.interject(choices)


@dataclass
class Block:
    """One match seed in every rotation: each seat-round as (bot, seat, role, score, side
    won)."""

    seats: list[tuple[str, int, str, int, bool]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)


def play_block(rules: RuleSet, names: list[str], seed: int, match_rounds: int) -> Block:
    """Play seed ``seed`` in all five rotations of ``names`` over the seats."""
    block = Block()
    for rotation in range(SEATS):
        seated = [names[(seat - rotation) % SEATS] for seat in range(SEATS)]
        bots = [Timed(make_bot(name, (seed * SEATS + rotation) * SEATS + seat))
                for seat, name in enumerate(seated)]
        match = Match(rules, seed, rounds=match_rounds)
        play_match(match, bots)  # type: ignore[arg-type]
        for record in match.records:
            r = record.result
            for seat, name in enumerate(seated):
                role = ("emperor" if seat == r.emperor else "guard" if seat == r.guard
                        else "rebel")
                side = "emperor" if role != "rebel" else "rebels"
                block.seats.append((name, seat, role, r.scores[seat], r.winner == side))
        for bot in bots:
            block.times.setdefault(bot.name, []).extend(bot.times)
    return block


def _play(job: tuple[RuleSet, list[str], int, int]) -> Block:
    return play_block(*job)


def blocks(rules: RuleSet, names: list[str], seed: int, count: int, match_rounds: int,
           jobs: int) -> Iterator[Block]:
    """The blocks of a tournament, in order, played on ``jobs`` processes."""
    work = [(rules, names, seed * 1_000_003 + b, match_rounds) for b in range(count)]
    if jobs <= 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_play, work)


def tournament(rules: RuleSet, names: list[str], rounds: int, seed: int = 1, jobs: int = 1,
               match_rounds: int = 5,
               progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play at least ``rounds`` rounds (whole blocks: a multiple of five matches) and report."""
    if len(names) != SEATS:
        raise ValueError(f"a tournament seats {SEATS} bots")
    for name in set(names):
        make_bot(name)  # an unknown name fails here, not in a worker
    per_block = SEATS * match_rounds
    count = max(2, math.ceil(rounds / per_block))  # two blocks at least: an interval needs two
    started = time.perf_counter()
    played: list[Block] = []
    for block in blocks(rules, names, seed, count, match_rounds, jobs):
        played.append(block)
        if progress is not None:
            progress(len(played) * per_block, count * per_block)
    return {
        "preset": rules.name, "options": rules.options(), "rules_version": RULES_VERSION,
        "seed": seed, "jobs": jobs, "bots": names, "rounds": count * per_block,
        "blocks": count, "match_rounds": match_rounds,
        "seconds": round(time.perf_counter() - started, 1),
        "results": {name: _bot_report(name, played) for name in dict.fromkeys(names)},
    }


def _interval(values: list[float]) -> dict[str, float]:
    """Mean and 95 % interval of independent block values."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}


def _bot_report(name: str, played: list[Block]) -> dict[str, Any]:
    mine, edge = [], []
    for block in played:
        own = [score for bot, _, _, score, _ in block.seats if bot == name]
        rest = [score for bot, _, _, score, _ in block.seats if bot != name]
        mine.append(statistics.fmean(own))
        if rest:
            edge.append(statistics.fmean(own) - statistics.fmean(rest))
    seats = [s for block in played for s in block.seats if s[0] == name]
    times = sorted(t for block in played for t in block.times.get(name, []))
    report: dict[str, Any] = {
        "seat_rounds": len(seats),
        "by_seat": [sum(1 for s in seats if s[1] == seat) for seat in range(SEATS)],
        "score": _interval(mine),
        "vs_rest": _interval(edge) if edge else None,
        "decisions": len(times),
        "decision_ms": {"p50": _ms(times, 0.50), "p99": _ms(times, 0.99),
                        "max": _ms(times, 1.0)},
    }
    for role in ("emperor", "guard", "rebel"):
        as_role = [(score, won) for _, _, r, score, won in seats if r == role]
        report[role] = {
            "rounds": len(as_role),
            "side_wins": round(sum(w for _, w in as_role) / len(as_role), 3) if as_role else None,
            "score": round(statistics.fmean(s for s, _ in as_role), 3) if as_role else None,
        }
    return report


def _ms(sorted_times: list[float], q: float) -> float | None:
    if not sorted_times:
        return None
    return round(sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))] * 1e3, 2)


def summary(report: dict[str, Any]) -> str:
    """The readable report: one line per bot."""
    minutes, seconds = divmod(int(report["seconds"]), 60)
    lines = [
        f"bhtui tournament — {report['preset']}, {report['rounds']} rounds "
        f"({report['blocks']} deals × 5 rotations × {report['match_rounds']}-round matches), "
        f"seed {report['seed']}, {report['jobs']} jobs, {minutes}m{seconds:02d}s",
        f"{'bot':<10} {'seats':>5}  {'score/round (95% CI)':<24} {'vs the rest (95% CI)':<24} "
        f"{'emperor: side wins':>18}  {'rebel: side wins, score':>23}  decision p50 / p99",
    ]
    for name, res in report["results"].items():
        seats = sum(1 for n in report["bots"] if n == name)
        emperor, rebel = res["emperor"], res["rebel"]
        times = res["decision_ms"]
        lines.append(
            f"{name:<10} {seats:>3}/5  {_ci(res['score']):<24} {_ci(res['vs_rest']):<24} "
            f"{_pct(emperor['side_wins']):>11} of {emperor['rounds']:<4}  "
            f"{_pct(rebel['side_wins']):>7} of {rebel['rounds']:<5} {_signed(rebel['score']):>6}"
            f"  {_num(times['p50'])} / {_num(times['p99'])} ms")
    return "\n".join(lines)


def _ci(ci: dict[str, float] | None) -> str:
    if ci is None:
        return "-"
    return f"{ci['mean']:+.2f} ({ci['low']:+.2f}..{ci['high']:+.2f})"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f} %"


def _signed(x: float | None) -> str:
    return "-" if x is None else f"{x:+.2f}"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}" if x >= 10 else f"{x:.2f}"
