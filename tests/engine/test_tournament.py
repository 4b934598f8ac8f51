"""`bhtui tournament`: it runs, every bot sits in every seat as often, intervals are reported,
and a seed plays the same games whatever the number of processes."""

from __future__ import annotations

import json

import pytest

from bhtui.rules import PRESETS

from helpers import bhtui

ARGS = ("tournament", "--bots", "heuristic,random,random,easy,random", "--rounds", "30",
        "--match-rounds", "2", "--seed", "3", "--preset", "qingdao", "--json")


def without_times(doc: dict) -> dict:
    doc = dict(doc)
    for key in ("seconds", "jobs"):
        doc.pop(key)
    doc["results"] = {name: {k: v for k, v in res.items() if k != "decision_ms"}
                      for name, res in doc["results"].items()}
    return doc


def test_a_seeded_tournament_rotates_every_bot_over_every_seat_and_reports_intervals(cli):
    """In process with one job; two jobs in a real process, whose pool is the point."""
    one, two = cli(*ARGS, "--jobs", "1"), bhtui(*ARGS, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    doc = json.loads(one.stdout)
    assert doc["rounds"] == 30 and doc["blocks"] == 3  # three deals × five rotations × two
    results = doc["results"]
    assert list(results) == ["heuristic", "random", "easy"]
    for name, seats in (("heuristic", 1), ("random", 3), ("easy", 1)):
        res = results[name]
        assert res["seat_rounds"] == 30 * seats
        assert res["by_seat"] == [6 * seats] * 5  # each seat as often
        for ci in (res["score"], res["vs_rest"]):
            assert ci["low"] <= ci["mean"] <= ci["high"]
        assert res["emperor"]["rounds"] + res["guard"]["rounds"] + res["rebel"]["rounds"] \
            == res["seat_rounds"]
        assert res["decisions"] > 0 and res["decision_ms"]["p50"] <= res["decision_ms"]["p99"]
    assert without_times(doc) == without_times(json.loads(two.stdout))


def test_the_readable_report_has_a_line_per_bot_and_unknown_bots_are_refused(cli):
    out = cli(*ARGS[:-1], "--jobs", "1")  # (a pool in the test process: not the point)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "30 rounds" in lines[0] and len(lines) == 5
    assert [line.split()[0] for line in lines[2:]] == ["heuristic", "random", "easy"]
    bad = cli("tournament", "--bots", "hard,genius,normal,normal,normal")
    assert bad.returncode == 2 and "unknown bot 'genius'" in bad.stderr


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_tournament_runs_under_every_preset(preset, cli):
    """The towns' presets too (Weihai's steps and abdications, Weifang's GC, 闷 and tribute):
    ten rounds, every bot in every seat, a line per bot."""
    out = cli("tournament", "--preset", preset, "--bots", "normal,heuristic,easy,random,random",
              "--rounds", "10", "--match-rounds", "1", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["preset"] == preset and doc["rounds"] == 10
    assert [doc["results"][name]["by_seat"] for name in ("normal", "heuristic", "easy")] == [
        [2] * 5] * 3


@pytest.mark.parametrize("preset, bots", [("classic", "normal,easy,random"),
                                          ("shanghai", "normal,easy,random,heuristic")])
def test_a_dou_dizhu_tournament_plays_each_deal_in_every_seating_and_reports_by_side(
        preset, bots, cli):
    """Duplicate deals: each deal once per rotation (every bot in every seat as often), the
    landlord's and the farmers' results apart, the side's wins with both roles weighed alike
    and its interval; the same figures with two processes."""
    args = ("tournament", "--game", "doudizhu", "--preset", preset, "--bots", bots,
            "--rounds", "8", "--seed", "5", "--json")
    one = cli(*args, "--jobs", "1")
    assert one.returncode == 0, one.stderr
    doc = json.loads(one.stdout)
    seats = len(bots.split(","))
    assert doc["game"] == "doudizhu" and doc["preset"] == preset
    assert doc["blocks"] == max(2, -(-8 // seats)) and doc["rounds"] == doc["blocks"] * seats
    for res in doc["results"].values():
        assert res["by_seat"] == [doc["blocks"]] * seats
        assert res["landlord"]["rounds"] + res["farmer"]["rounds"] == res["seat_rounds"]
        side = res["side_wins"]
        if side is not None:
            assert side["low"] <= side["mean"] <= side["high"]
        assert res["decisions"] > 0
    if preset == "classic":
        assert without_times(doc) == without_times(json.loads(bhtui(*args, "--jobs", "2").stdout))
    readable = cli(*args[:-1], "--jobs", "1")
    lines = readable.stdout.splitlines()
    assert f"doudizhu {preset}" in lines[0] and len(lines) == 2 + len(doc["results"])
    assert "landlord" in lines[1] and "roles averaged" in lines[1]
