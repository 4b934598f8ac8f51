"""What a reader pays to step a long replay: the time from a key to the screen drawn.

    python bench/replay_screen.py [runs] [--rounds 14] [--log FILE] [--against DIR]

The real ``ReplayScreen`` at 80×24, driven headless by Textual's Pilot: at an early, a
middle and a late position of a long game (bots' qingdao match, seed 8, seat 0 on 托管 as
in a play-through; or the saved game ``--log``), ``→`` sent as the terminal sends it and
waited for until the screen is drawn there (the screen's refresh done), a few times each;
``←`` at the late one; a held key: 30 ``→`` sent at once, as a terminal's key repeat sends
them, until the last position is drawn; ``End`` from the first deal; and, as the floor, a
key bound to nothing (Pilot's wait for the screen, which no step goes below). Each run is
a fresh process; with ``--against DIR`` (another checkout, e.g. ``git worktree add
/tmp/ref main``) that checkout's code is run interleaved, one of each per run, the order
swapped each run, and the figures are also given as ratios. Median and min..max over all
runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WHERE = {"early": 0.1, "middle": 0.5, "late": 0.9}
"""The positions stepped from, as a share of the game's actions."""
STEPS = 5
"""Single steps timed at each position, per run."""
HELD = 30
"""The → presses of a held key (the play-through's 30 quick presses)."""


def write_log(folder: Path, rounds: int, seed: int = 8) -> Path:
    """A finished qingdao match of normal bots saved as a table saves it, seat 0 a person
    on 托管 throughout (its actions logged as played for it, as in the play-through)."""
    from bhtui.games import rules_named
    from bhtui.store.gamelog import GameLog, rules_header

    played, rules = rules_named("qingdao", "baohuang", None)
    size = played.seats(rules)
    log = GameLog(folder / "long.bhlog")
    log.start({**rules_header(rules), "seed": seed, "rounds": rounds, "name": "local",
               "id": secrets.token_hex(8),
               "seats": [{"name": n, "bot": None if s == 0 else "normal",
                          "token": secrets.token_hex(8)}
                         for s, n in enumerate(["Player", "Wang", "Zhang", "Liu", "Chen"])]})
    match = played.new_match(rules, seed, rounds)
    bots = [played.make_bot("normal", s) for s in range(size)]
    while not match.over and match.to_act is not None:
        seat = match.to_act
        action = played.decide(bots[seat], match, seat)
        match.apply(seat, action)
        log.append(seat, action, played_for=seat == 0)
    log.close()
    return log.path


async def measure(path: Path) -> dict[str, list[float]]:
    """Seconds from a key to the screen drawn, by position, and for a held key (this
    process's bhtui: the checkout on its PYTHONPATH)."""
    from textual import events

    from bhtui.store.config import Config
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.replay import ReplayScreen
    from bhtui.tui.sessions import ReplaySession

    replay = Replay.from_log(GameLog.read(path))
    app = BhtuiApp(Config(name="Player", language="en", bot_delay=0.0), ReplaySession(replay))
    out: dict[str, list[float]] = {}
    # The screen's last position: a round's end and its next deal are two steps (in an
    # older checkout, ``--against``, a position is an action).
    last = getattr(replay, "last", len(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, ReplayScreen):
            await pilot.pause()
        screen = app.screen

        async def drawn_at(position: int) -> None:
            while screen.position != position:
                await pilot.pause()
            await pilot.pause()  # (the screen's refresh: layout, and every dirty widget drawn)

        async def timed(what: str, keys: list[str], position: int) -> None:
            """Seconds from ``keys`` sent at once (as a terminal sends a held key's repeats)
            to the screen drawn at ``position``."""
            position = min(position, last)  # (a short game: a step at its end)
            started = time.perf_counter()
            for key in keys:
                app.post_message(events.Key(key, None))
            await drawn_at(position)
            out.setdefault(what, []).append(time.perf_counter() - started)

        for name, share in WHERE.items():
            start = int(last * share)
            screen._go(start)
            await drawn_at(start)
            for k in range(1, STEPS + 1):
                await timed(name, ["right"], start + k)
        late = int(last * WHERE["late"])
        for k in range(1, STEPS + 1):
            await timed("back", ["left"], late + STEPS - k)
        await timed("held", ["right"] * HELD, late + HELD)
        screen._go(0)
        await drawn_at(0)
        await timed("end", ["end"], last)
        for _ in range(STEPS):  # what the waiting itself costs: a key bound to nothing
            await timed("floor", ["x"], last)
    return out


def one_run(tree: Path, log: Path) -> dict[str, list[float]]:
    """``measure`` in a fresh process running ``tree``'s bhtui."""
    with tempfile.TemporaryDirectory(prefix="bhtui-bench-") as settings:
        env = {**os.environ, "PYTHONPATH": str(tree), "BHTUI_CONFIG_DIR": settings,
               "BHTUI_DATA_DIR": settings}
        done = subprocess.run([sys.executable, __file__, "--child", str(log)], env=env,
                              cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"bench: the run in {tree} failed:\n{done.stderr}")
    result: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    return result


def spread(values: list[float]) -> str:
    ms = [v * 1e3 for v in values]
    return f"{statistics.median(ms):8.0f} ms ({min(ms):.0f}..{max(ms):.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=14)
    parser.add_argument("--log", type=Path, help="a saved game to step instead")
    parser.add_argument("--against", type=Path, help="a reference checkout to compare with")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(measure(args.child))))
        return
    trees = {"this": HERE} | ({"reference": args.against.resolve()} if args.against else {})
    with tempfile.TemporaryDirectory(prefix="bhtui-bench-") as folder:
        log = args.log or write_log(Path(folder), args.rounds)
        from bhtui.store.gamelog import GameLog

        actions = len(GameLog.read(log).actions)
        results: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        for run in range(args.runs):  # interleaved, the order swapped each run
            for name, tree in list(trees.items())[:: 1 if run % 2 else -1]:
                for what, times in one_run(tree, log).items():
                    results[name].setdefault(what, []).extend(times)
    print(f"{args.runs} runs, {actions} actions ({log.name if args.log else 'qingdao, seed 8'}"
          f"), 80x24; a step: the key to the screen drawn, {STEPS} a position a run; "
          f"held: {HELD} → at once to the last drawn; end: End from the first deal; "
          "median (min..max)" + ("; ratio: reference / this" if len(trees) > 1 else ""))
    for what in [*WHERE, "back", "held", "end", "floor"]:
        at = f" (~{int(actions * WHERE[what])})" if what in WHERE else ""
        at = {"back": " ← (late)", "floor": " (x: no key)"}.get(what, at)
        line = "  ".join(f"{name} {spread(r[what])}" for name, r in results.items())
        ratio = ""
        if len(trees) > 1:
            ours, ref = results["this"][what], results["reference"][what]
            ratio = f"  ratio {statistics.median(ref) / statistics.median(ours):.1f}"
        print(f"  {what + at:<17} {line}{ratio}")


if __name__ == "__main__":
    main()
