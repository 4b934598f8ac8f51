"""Every bench runs, at a tiny size (issue 28.3: `bench/doudizhu.py` and `bench/engine.py`
crashed for months, `bench/net.py` seated fewer spectators than it said). A smoke run fails on
a crash or on counts that are not what the bench says it measured — each bench checks its own
counts and exits non-zero — never on time: no figure is compared with anything here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bhtui.analysis import PLAYOUTS

ROOT = Path(__file__).resolve().parents[2]


def bench(tmp_path: Path, script: str, *args: str) -> str:
    """What ``python bench/SCRIPT ARGS`` printed; its failure shows its stderr."""
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


QUICK = [
    ("anchor.py", (), "decisions per round"),
    ("bets.py", ("3",), "明独保 (lianzhong-classic, 3 deals"),
    ("replay.py", ("--rounds", "1", "--reps", "1"), "replay from the deal"),
    ("replay_screen.py", ("1", "--rounds", "2"), "a step: the key to the screen drawn"),
    ("engine.py", ("--reps", "1", "--rounds", "1", "--games", "2", "--preset", "weihai"),
     "doudizhu classic: decisions, random bots"),
    ("env.py", ("--reps", "1", "--steps", "30"), "bhtui baohuang_v0 qingdao"),
    ("memory.py", ("--at", "1,2"), "--resume exact: True, replay exact: True"),
    ("doudizhu_calibration.py", ("classic", "2"), "classic, 2 deals from seed 1"),
    ("doudizhu_playouts.py", ("2", "1"), "shanghai  ratio"),
    ("doudizhu_changed.py", ("--preset", "shanghai", "--seeds", "0:2", "--set",
                             "SPARE_BOMB_COST={}"),
     "shanghai, seeds 0..1, today's normal less normal with {'SPARE_BOMB_COST': {}}"),
    ("inference.py", ("--seeds", "3", "--deals", "2", "--reps", "1"), "plays read cost"),
    ("calibration.py", ("--deals", "2", "--playouts", "10", "--jobs", "1"),
     "qingdao: 2 deals from seed 0, hard at 10 playouts"),
    ("decisions.py", ("--seeds", "0:20", "--reps", "1", "--playouts", "20", "--jobs", "1"),
     "weihai, abdication: seeds 0:20, 1 plays of each choice, hard at 20 playouts"),
    ("changed.py", ("--set", "bhtui.bots.search.SWITCH_AT=0.5", "--seeds", "0:2", "--playouts",
                    "20", "--reps", "1", "--jobs", "1"),
     "qingdao, bhtui.bots.search.SWITCH_AT=0.5: seeds 0:2, 20 playouts, 1 plays of each answer"),
    ("knowing.py", ("--seeds", "0:1", "--playouts", "10", "--reps", "1", "--jobs", "1"),
     "qingdao: seeds 0:1, 10 playouts, 1 plays of each answer; the true hands change"),
    ("knowing.py", ("--seeds", "1:2", "--playouts", "10", "--reps", "1", "--truth", "guard",
                    "--jobs", "1"),
     "qingdao: seeds 1:2, 10 playouts, 1 plays of each answer; the true guard change"),
    ("differs.py", ("--seeds", "0:1", "--playouts", "10", "--jobs", "1"),
     "qingdao: seeds 0:1, 10 playouts"),
    ("high_cards.py", ("--seeds", "0:1", "--deals", "2"), "2s and jokers dealt less held"),
    ("same_blocks.py", (str(ROOT / "bench/goals/47419a608164449f/baike-31.jsonl"),
                        str(ROOT / "bench/goals/replayed/baike-31.jsonl")),
     "2 of 2 shared blocks played alike"),
    ("tribute.py", (str(ROOT / "bench/goals/b7fb31c30c6cda80/qingdao-31.jsonl"),),
     "points next round, over 6112 normal seat-rounds"),
    # (one revision against itself: the same deals, so the same games, block by block)
    ("paired.py", ("--a", "HEAD", "--b", "HEAD", "--bots", "normal,random,random,random,random",
                   "--blocks", "2", "--jobs", "1"), "B - A: +0.00 (+0.00..+0.00)"),
]
SLOW = {"playout.py", "net.py", "tui.py", "doudizhu_think.py", "analysis.py", "regret.py"}  # each: below
PART_OF = {"doudizhu.py": "engine.py", "hello.py": "tui.py"}
"""Modules of another bench, run by it."""


def test_every_bench_is_run_here():
    """A new bench gets its smoke run, or it may rot unseen as doudizhu.py did."""
    run = {script for script, _, _ in QUICK} | SLOW | set(PART_OF)
    assert {p.name for p in (ROOT / "bench").glob("*.py")} == run


@pytest.mark.parametrize(("script", "args", "says"), QUICK)
def test_a_quick_bench_runs_at_a_tiny_size(tmp_path, script, args, says):
    assert says in bench(tmp_path, script, *args)


@pytest.mark.slow
def test_the_dou_dizhu_thinking_bench_runs_at_a_tiny_size(tmp_path):
    out = bench(tmp_path, "doudizhu_think.py", "1")
    assert "shanghai  hint (hard):" in out


@pytest.mark.slow
def test_the_analysis_bench_runs_at_a_tiny_size(tmp_path):
    out = bench(tmp_path, "analysis.py", "--rounds", "1", "--reps", "1")
    assert "hard deciding them" in out and f"decisions weighed, {PLAYOUTS} deals each" in out


@pytest.mark.slow
def test_the_regret_bench_runs_at_a_tiny_size(tmp_path):
    out = bench(tmp_path, "regret.py", "--seeds", "101", "--rounds", "1", "--deep", "4",
                "--reps", "1", "--budget", "10", "--switch", "1.0")
    assert "decisions of hard, 4 deep deals" in out and "hard    10 playouts, switch 1.00" in out


@pytest.mark.slow
def test_the_playout_bench_runs_at_a_tiny_size(tmp_path):
    out = bench(tmp_path, "playout.py", "--reps", "1", "--positions", "1", "--preset",
                "qingdao", "--rounds", "1")
    assert "hard's decisions over 1 round(s)" in out


@pytest.mark.slow
def test_the_lan_bench_seats_every_spectator_and_counts_every_delivery(tmp_path):
    """It exits non-zero when a spectator was not seated or a viewer missed an action's
    event; its deliveries are actions × (5 seats + spectators)."""
    out = bench(tmp_path, "net.py", "--spectators", "3", "--runs", "1")
    assert "5 seats + 3 spectators" in out and "host CPU to seat 3 spectators" in out


@pytest.mark.slow
def test_the_first_frame_bench_runs_against_textuals_hello_world(tmp_path):
    out = bench(tmp_path, "tui.py", "1", "--hello")
    assert "(Textual's hello-world)" in out and "ratio: first frame" in out
