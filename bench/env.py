"""The learning environments' speed (bhtui.env), printed; tests never time anything.

    python bench/env.py [--reps 5] [--steps 20000]

Environment steps per second with uniformly random legal actions — each step one
``observe`` (the observation and the mask) and one ``step`` of the AEC environment, a new
round after each — for classic Dou Dizhu beside RLCard 1.2.0's ``doudizhu`` environment in its
training loop (``env.step`` with a random legal action; the goal: ≥ 3× its steps/s), and for
Baohuang's ``qingdao``. Interleaved in one process, so the machine's load falls on both alike;
the median and min..max of the repetitions, and their ratio.

RLCard is not a bhtui dependency: ``pip install rlcard==1.2.0`` into a bench environment for
the comparison; without it the bench prints our figures alone and says so.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from bhtui.env import baohuang_v0, doudizhu_v0

try:
    import rlcard
except ImportError:
    rlcard = None

MISSING = "rlcard is not installed here: no RLCard column (pip install rlcard==1.2.0)"


Run = Callable[[int], int]
"""A prepared run: the environment is made (a training loop makes it once); called with a
number of steps, it takes them and says how many it took."""


def ours(module: object, preset: str) -> Callable[[int], Run]:
    """Random legal steps of one of our environments (raw, as a training loop drives it)."""
    def prepare(seed: int) -> Run:
        env = module.raw_env(preset=preset)  # type: ignore[attr-defined]
        env.reset(seed=seed)
        rng = random.Random(seed)

        def run(steps: int) -> int:
            done = 0
            while done < steps:
                agent = env.agent_selection
                if env.terminations[agent]:
                    env.reset()
                    continue
                legal = np.flatnonzero(env.observe(agent)["action_mask"].view(bool))
                env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
            return done
        return run
    return prepare


def theirs(seed: int) -> Run:
    """RLCard's training loop: ``env.step`` with a random legal action, a new game after each."""
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)

    def run(steps: int) -> int:
        done = 0
        while done < steps:
            state, _ = env.reset()
            while not env.is_over() and done < steps:
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                done += 1
        return done
    return run


def rate(prepare: Callable[[int], Run], steps: int, seed: int) -> float:
    """Steps per second of one run, its environment made before the clock starts; it exits
    non-zero when the run took other steps."""
    run = prepare(seed)
    started = time.perf_counter()
    done = run(steps)
    elapsed = time.perf_counter() - started
    if done != steps:
        raise SystemExit(f"{prepare.__name__} took {done} steps, not {steps}")
    return done / elapsed


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):9,.0f} ({min(values):,.0f}..{max(values):,.0f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions (≥5)")
    parser.add_argument("--steps", type=int, default=20000, help="steps per repetition")
    args = parser.parse_args(argv)
    rows: list[tuple[str, Callable[[int], Run]]] = [
        ("bhtui doudizhu_v0 classic", ours(doudizhu_v0, "classic")),
        ("RLCard 1.2.0 doudizhu", theirs),
        ("bhtui baohuang_v0 qingdao", ours(baohuang_v0, "qingdao")),
    ]
    if rlcard is None:
        print(MISSING)
        rows = [row for row in rows if row[1] is not theirs]
    samples: dict[str, list[float]] = {label: [] for label, _ in rows}
    for rep in range(args.reps):
        for label, run in rows if rep % 2 == 0 else rows[::-1]:  # neither side always first
            samples[label].append(rate(run, args.steps, rep))
    print(f"{args.reps} interleaved repetitions of {args.steps:,} random legal steps: "
          "median (min..max) steps/s")
    for label, values in samples.items():
        print(f"{label:<28} {spread(values)}")
    if rlcard is not None:
        ratios = [a / b for a, b in zip(samples[rows[0][0]], samples["RLCard 1.2.0 doudizhu"],
                                        strict=True)]
        print(f"classic Dou Dizhu: {statistics.median(ratios):.1f}× RLCard's steps/s "
              f"({min(ratios):.1f}..{max(ratios):.1f}); goal ≥ 3×")


if __name__ == "__main__":
    main()
