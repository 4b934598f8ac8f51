"""`bhtui tournament`: bots play many rounds, rotated over every seat, and a report says how
each fared, with confidence intervals, as a person reads it or as JSON.

Every deal is played once per rotation of the bots over the seats, so no bot profits from its
seat or its cards (a duplicate format): a *block* is one match seed played in every rotation,
and the blocks are independent, so intervals are computed over blocks (a normal approximation
of the blocks' means, 95 %). In Baohuang matches are short (``match_rounds``) so tribute and
the emperor's deal follow from real results; in Dou Dizhu a block is one deal (redealt, the
same in every rotation, after an all-pass), reported by side: the landlord's and the farmers'
results apart, and the side's wins with the two roles weighed alike (a bot's landlord and
farmer win rates averaged, so the share of deals it bids for does not tilt it). Work is
shared over processes by block, the results gathered in order: the report depends on the
seed and the bots only, not on the number of jobs — timings aside (bots play with their
playout budget and no time limit, so a loaded machine changes no decision).
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

from bhtui.games import Game, game_for, get_game
from bhtui.sim import play_match
from bhtui.tournament.saved import Saved, Seat
from bhtui.wire import Action

Z95 = 1.959964
ROLES_DDZ = ("landlord", "farmer")
_DOUDIZHU = get_game("doudizhu")


class Timed:
    """A bot whose decisions are timed (declarations are not: they are cheap)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name
        self.times: list[float] = []

    def decide(self, offer: Any) -> Action:
        started = time.perf_counter()
        action: Action = self.bot.decide(offer)
        self.times.append(time.perf_counter() - started)
        return action

    def interject(self, offer: Any) -> Action | None:
        action: Action | None = self.bot.interject(offer)
        return action


@dataclass
class Block:
    """One match seed in every rotation: each seat-round as (bot, seat, role, score, side
    won)."""

    seats: list[Seat] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)


STOP_SECONDS = 5.0
"""How long a stopped tournament waits for its pool to stop."""
ROLES = {"baohuang": ("emperor", "guard", "rebel"), "doudizhu": ROLES_DDZ}
"""The roles each game's report shows, its first role's side against the rest."""


def play_block(rules: Any, names: list[str], seed: int, match_rounds: int) -> Block:
    """Play seed ``seed`` in every rotation of ``names`` over the seats (Dou Dizhu: one
    deal)."""
    game = game_for(rules)
    n = game.seats(rules)
    block = Block()
    for rotation in range(n):
        seated = [names[(seat - rotation) % n] for seat in range(n)]
        bots = [Timed(game.make_bot(name, (seed * n + rotation) * n + seat))
                for seat, name in enumerate(seated)]
        match = game.new_match(rules, seed, 1 if game is _DOUDIZHU else match_rounds)
        play_match(match, bots, game)
        for record in match.records:
            r = record.result
            for seat, name in enumerate(seated):
                role, won = _role(game, r, seat)
                block.seats.append((name, seat, role, r.scores[seat], won))
        for bot in bots:
            block.times.setdefault(bot.name, []).extend(bot.times)
    return block


def _role(game: Game, result: Any, seat: int) -> tuple[str, bool]:
    """A seat's role in a finished round and whether its side won."""
    if game is _DOUDIZHU:
        landlord = seat == result.landlord
        return ("landlord" if landlord else "farmer"), result.winner == (
            "landlord" if landlord else "farmers")
    role = "emperor" if seat == result.emperor else "guard" if seat == result.guard else "rebel"
    return role, result.winner == ("emperor" if role != "rebel" else "rebels")


def _play(job: tuple[int, Any, list[str], int, int]) -> tuple[int, Block]:
    b, *rest = job
    return b, play_block(*rest)


def blocks(rules: Any, names: list[str], seed: int, which: Iterable[int], match_rounds: int,
           jobs: int) -> Iterator[tuple[int, Block]]:
    """The blocks numbered ``which``, each with its number, on ``jobs`` processes: in order
    on one, as they end on more (so a stop loses only the blocks in play). The work is made
    as it is taken (the pool's feeder waits on its pipe): made up front for --rounds 10**9,
    it held gigabytes before the first deal."""
    work = ((b, rules, names, seed * 1_000_003 + b, match_rounds) for b in which)
    if jobs <= 1:
        yield from map(_play, work)
        return
    # Forked from a clean server process, never from this one: a fork of a process that has
    # threads (a test runner's, a table's) may copy a held lock and hang its child. Ctrl-C
    # is the tournament's to handle: the server and its workers start with it blocked (a
    # mask they inherit), or each would print a traceback of its own; here it waits until
    # the pool is up, then stops the run.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    mask = hasattr(signal, "pthread_sigmask")
    if mask:
        # (the resource tracker, started with the server, unblocks SIGINT when it is up:
        # started first, it leaves the mask to the pool's server, threads and workers)
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(jobs, initializer=signal.signal,
                            initargs=(signal.SIGINT, signal.SIG_IGN))
    finally:
        if mask:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield from pool.imap_unordered(_play, work)
    finally:
        # Stopped mid-run (Ctrl-C, an error), the pool's terminate can hang on a worker
        # that holds the task queue's lock waiting for work: it gets STOP_SECONDS, and
        # workers left behind end themselves once this process is gone (their queue shut).
        stopper = threading.Thread(target=pool.terminate, daemon=True)
        stopper.start()
        stopper.join(STOP_SECONDS)


def tournament(rules: Any, names: list[str], rounds: int, seed: int = 1,
               jobs: int = 1, match_rounds: int = 5,
               progress: Callable[[int, int], None] | None = None,
               save: Path | None = None) -> dict[str, Any]:
    """Play at least ``rounds`` rounds (whole blocks: every rotation of a match of
    ``match_rounds`` rounds; in Dou Dizhu of one deal) and report. With ``save``, each block
    is kept in that file as it ends and the blocks it already holds are not played again
    (SaveError, the file untouched, if it holds another tournament)."""
    game = game_for(rules)
    n = game.seats(rules)
    if len(names) != n:
        raise ValueError(f"a {rules.name} tournament seats {n} bots")
    for name in set(names):
        game.make_bot(name)  # an unknown name fails here, not in a worker
    if game is _DOUDIZHU:
        match_rounds = 1
    per_block = n * match_rounds
    count = max(2, math.ceil(rounds / per_block))  # two blocks at least: an interval needs two
    head = {"game": game.name, "preset": rules.name, "options": rules.options(),
            "rules_version": game.edition, "seed": seed, "bots": names,
            "match_rounds": match_rounds}
    saved = Saved(save, head, ROLES[game.name], n) if save is not None else None
    done = {b: Block(list(seats), times)
            for b, (seats, times) in (saved.blocks.items() if saved else ()) if b < count}
    resumed = len(done)
    started = time.perf_counter()
    if progress is not None and resumed:
        progress(resumed * per_block, count * per_block)
    todo = (b for b in range(count) if b not in done)
    processes = min(jobs, count - resumed)  # --jobs 64 for two blocks started 64 processes
    try:
        for b, block in blocks(rules, names, seed, todo, match_rounds, processes):
            done[b] = block
            if saved is not None:
                saved.add(b, block.seats, block.times)
            if progress is not None:
                progress(len(done) * per_block, count * per_block)
    finally:
        if saved is not None:
            saved.close()
    played = [done[b] for b in range(count)]
    return {
        **head, "jobs": jobs, "rounds": count * per_block, "blocks": count, "resumed": resumed,
        "seconds": round(time.perf_counter() - started, 1),
        "results": {name: _bot_report(game, name, played, n)
                    for name in dict.fromkeys(names)},
    }


def _interval(values: list[float]) -> dict[str, float]:
    """Mean and 95 % interval of independent block values."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}


def _bot_report(game: Game, name: str, played: list[Block], n: int) -> dict[str, Any]:
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
        "by_seat": [sum(1 for s in seats if s[1] == seat) for seat in range(n)],
        "score": _interval(mine),
        "vs_rest": _interval(edge) if edge else None,
        "decisions": len(times),
        "decision_ms": {"p50": _ms(times, 0.50), "p99": _ms(times, 0.99),
                        "max": _ms(times, 1.0)},
    }
    for role in ROLES[game.name]:
        as_role = [(score, won) for _, _, r, score, won in seats if r == role]
        report[role] = {
            "rounds": len(as_role),
            "side_wins": round(sum(w for _, w in as_role) / len(as_role), 3) if as_role else None,
            "score": round(statistics.fmean(s for s, _ in as_role), 3) if as_role else None,
        }
    if game is _DOUDIZHU:
        report["side_wins"] = _sides_averaged(name, played)
    return report


def _sides_averaged(name: str, played: list[Block]) -> dict[str, float] | None:
    """The bot's side's wins with both roles weighed alike — the mean of its landlord and
    farmer win rates — and a 95 % interval over blocks (the ratios linearised: each
    block's wins less the rate times its games, over the mean games a block)."""
    tallies = []
    for block in played:
        mine = [(role, won) for bot, _, role, _, won in block.seats if bot == name]
        tallies.append([sum(1 for r, w in mine if r == role and w) for role in ROLES_DDZ]
                       + [sum(1 for r, _ in mine if r == role) for role in ROLES_DDZ])
    games = [sum(t[2 + i] for t in tallies) for i in range(2)]
    if not all(games) or len(played) < 2:
        return None
    rates = [sum(t[i] for t in tallies) / games[i] for i in range(2)]
    mean_games = [g / len(played) for g in games]
    z = [0.5 * sum((t[i] - rates[i] * t[2 + i]) / mean_games[i] for i in range(2))
         for t in tallies]
    mean = statistics.fmean(rates)
    half = Z95 * statistics.stdev(z) / math.sqrt(len(z))
    return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}


def _ms(sorted_times: list[float], q: float) -> float | None:
    if not sorted_times:
        return None
    return round(sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))] * 1e3, 2)


def summary(report: dict[str, Any]) -> str:
    """The readable report: one line per bot."""
    if report.get("game") == "doudizhu":
        return _deals_summary(report)
    lines = [
        f"bhtui tournament — {report['preset']}, {report['rounds']} rounds "
        f"({report['blocks']} deals × 5 rotations × {report['match_rounds']}-round matches), "
        f"seed {report['seed']}, {report['jobs']} jobs, {_took(report)}",
        f"{'bot':<10} {'seats':>5}  {'score/round (95% CI)':<24} {'vs the rest (95% CI)':<24} "
        f"{'emperor: side wins':>18}  {'rebel: side wins, score':>23}  decision p50 / p99",
    ]
    for name, res in report["results"].items():
        emperor, rebel = res["emperor"], res["rebel"]
        lines.append(_row(report, name, (
            f"{_pct(emperor['side_wins']):>11} of {emperor['rounds']:<4}  "
            f"{_pct(rebel['side_wins']):>7} of {rebel['rounds']:<5} "
            f"{_signed(rebel['score']):>6}")))
    return "\n".join(lines)


def _row(report: dict[str, Any], name: str, roles: str) -> str:
    """A bot's line: its seats, scores, how it did in each role (``roles``) and its time."""
    res, bots = report["results"][name], report["bots"]
    times = res["decision_ms"]
    return (f"{name:<10} {bots.count(name):>3}/{len(bots)}  {_ci(res['score']):<24} "
            f"{_ci(res['vs_rest']):<24} {roles}  {_num(times['p50'])} / "
            f"{_num(times['p99'])} ms")


def _deals_summary(report: dict[str, Any]) -> str:
    n = len(report["bots"])
    lines = [
        f"bhtui tournament — doudizhu {report['preset']}, {report['blocks']} deals × {n} "
        f"seatings = {report['rounds']} games, seed {report['seed']}, {report['jobs']} jobs, "
        f"{_took(report)}",
        f"{'bot':<10} {'seats':>5}  {'score/game (95% CI)':<24} {'vs the rest (95% CI)':<24} "
        f"{'landlord: wins, score':>24}  {'farmer: wins, score':>24}  "
        f"{'side wins, roles averaged':<26} decision p50 / p99",
    ]
    for name, res in report["results"].items():
        landlord, farmer, side = res["landlord"], res["farmer"], res["side_wins"]
        sides = "-" if side is None else (f"{_pct(side['mean'])} ({_pct(side['low'])}.."
                                          f"{_pct(side['high'])})")
        lines.append(_row(report, name, (
            f"{_pct(landlord['side_wins']):>8} of {landlord['rounds']:<5} "
            f"{_signed(landlord['score']):>6}  "
            f"{_pct(farmer['side_wins']):>8} of {farmer['rounds']:<5} "
            f"{_signed(farmer['score']):>6}  {sides:<25}")))
    return "\n".join(lines)


def _took(report: dict[str, Any]) -> str:
    """This run's time, and how many blocks it took from its saved file instead of playing."""
    minutes, seconds = divmod(int(report["seconds"]), 60)
    resumed = report.get("resumed")
    return f"{minutes}m{seconds:02d}s" + (f" ({resumed} deals from the saved file)"
                                          if resumed else "")


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
