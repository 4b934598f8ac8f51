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


def figures(doc: dict) -> dict:
    """A report's figures: what a run stopped and gone on with must print as one unbroken."""
    doc = without_times(doc)
    doc.pop("resumed")
    return doc


def test_a_saved_tournament_goes_on_where_it_stopped_and_reports_as_one_unbroken_run(
        cli, tmp_path):
    """--save keeps each finished deal; the same command again plays only what the file
    lacks (a line cut short by a kill is played again), and reports the figures a run
    never stopped reports."""
    save = tmp_path / "cup" / "qingdao.jsonl"  # (its folder made too)
    whole = json.loads(cli(*ARGS, "--jobs", "1").stdout)
    first = cli(*ARGS[:4], "20", *ARGS[5:], "--jobs", "1", "--save", str(save))
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["blocks"] == 2
    with save.open("ab") as f:
        f.write(b'{"b": 2, "seats": [["heur')  # killed while writing the third deal
    again = cli(*ARGS, "--jobs", "1", "--save", str(save))
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert doc["resumed"] == 2 and figures(doc) == figures(whole)
    assert len(save.read_bytes().splitlines()) == 1 + 3  # the header and three whole deals
    readable = cli(*ARGS[:-1], "--jobs", "1", "--save", str(save))
    assert "(3 deals from the saved file)" in readable.stdout.splitlines()[0]


def test_a_file_of_another_tournament_or_of_anything_else_is_refused_and_left_as_it_is(
        cli, tmp_path):
    save = tmp_path / "cup.jsonl"
    assert cli(*ARGS, "--jobs", "1", "--save", str(save)).returncode == 0
    kept = save.read_bytes()
    other = cli(*ARGS, "--jobs", "1", "--save", str(save), "--seed", "4")
    assert other.returncode == 2 and "holds another tournament (seed 3, not 4)" in other.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    mistaken = cli(*ARGS, "--jobs", "1", "--save", str(notes))
    assert mistaken.returncode == 2 and "not a bhtui tournament file" in mistaken.stderr
    broken = tmp_path / "broken.jsonl"
    lines = kept.splitlines(keepends=True)
    broken.write_bytes(lines[0] + lines[1].replace(b'"heuristic"', b'"genius"') + lines[2])
    bad = cli(*ARGS, "--jobs", "1", "--save", str(broken))
    assert bad.returncode == 2 and "line 2: not a block of this tournament" in bad.stderr
    short = tmp_path / "short.jsonl"  # a block that lost a seat's rows
    row = json.loads(lines[1])
    row["seats"] = row["seats"][1:]
    short.write_bytes(lines[0] + json.dumps(row).encode() + b"\n")
    assert "line 2: not a block" in cli(*ARGS, "--jobs", "1", "--save", str(short)).stderr
    older = tmp_path / "older.jsonl"  # played by other code
    head = json.loads(lines[0])
    head["code"] = "0" * 16
    older.write_bytes(json.dumps(head).encode() + b"\n" + lines[1])
    assert "played by other bots or rules" in cli(*ARGS, "--jobs", "1", "--save",
                                                  str(older)).stderr
    assert "is not a file" in cli(*ARGS, "--jobs", "1", "--save", str(tmp_path)).stderr
    assert save.read_bytes() == kept and notes.read_text() == "my notes\n"
    assert broken.read_bytes() == lines[0] + lines[1].replace(b'"heuristic"', b'"genius"') \
        + lines[2]
    assert short.read_bytes().count(b"\n") == 2 and older.read_bytes().count(b"\n") == 2


def test_a_file_another_tournament_is_writing_is_refused(tmp_path):
    """Two runs on one file would write over each other's lines: the second is refused
    while the first holds it, and may go on once it is done."""
    from bhtui.tournament.saved import Saved, SaveError

    save = tmp_path / "cup.jsonl"
    header = {"game": "baohuang", "preset": "qingdao", "options": {}, "rules_version": 2,
              "seed": 1, "bots": ["random"] * 5, "match_rounds": 1}
    first = Saved(save, header, ("emperor", "guard", "rebel"), 5)
    with pytest.raises(SaveError, match="in use by another tournament"):
        Saved(save, header, ("emperor", "guard", "rebel"), 5)
    first.close()
    Saved(save, header, ("emperor", "guard", "rebel"), 5).close()


def test_ctrl_c_stops_a_saved_tournament_with_what_it_finished_kept(cli, tmp_path,
                                                                    monkeypatch):
    """A person stops a long run with Ctrl-C while the third deal is in play: one line says
    where the two finished deals are, the exit is 130, and the same command goes on from
    them. (The interrupt is raised where the signal would land, in the deal being played;
    the pool's own Ctrl-C, workers and all, is bench-tested by hand: docs/architecture.md.)"""
    import bhtui.tournament as cup

    save = tmp_path / "cup.jsonl"
    args = ("tournament", "--bots", "normal,random,random,random,random", "--rounds", "30",
            "--match-rounds", "1", "--jobs", "1", "--save", str(save), "--json")
    played = []
    real = cup.play_block

    def interrupted(*block):  # type: ignore[no-untyped-def]
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(block)
        return real(*block)

    monkeypatch.setattr(cup, "play_block", interrupted)
    stopped = cli(*args)
    assert stopped.returncode == 130 and not stopped.stdout
    assert f"the deals finished are in {save}: the same command goes on" in stopped.stderr
    assert len(save.read_bytes().splitlines()) == 1 + 2
    monkeypatch.setattr(cup, "play_block", real)
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert doc["blocks"] == 6 and doc["resumed"] == 2


def test_a_killed_tournament_stops_its_workers_and_keeps_what_it_finished(tmp_path):
    """`kill PID` (or a session ending) stopped a `--jobs 2` run at once and left its workers
    playing their blocks out for minutes, their results lost. It now stops as Ctrl-C does:
    one line saying where the finished deals are, and no process of the run left behind."""
    import os
    import signal
    import subprocess
    import sys
    import time

    save = tmp_path / "cup.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "tournament", "--bots", "normal,random,random,random,random",
         "--rounds", "1000000", "--match-rounds", "1", "--jobs", "2", "--save", str(save)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not save.exists() or len(save.read_bytes().splitlines()) < 2:  # a deal kept
            assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()
            time.sleep(0.05)
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=60)
        assert run.returncode == 130 and f"the deals finished are in {save}" in err, err
        while True:  # the pool's workers, server and tracker go with it
            try:
                os.killpg(run.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline + 60, "a process of the run was left behind"
            time.sleep(0.05)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)


def _stop(done: int, total: int) -> None:
    raise KeyboardInterrupt  # as Ctrl-C would, once the first block is in


def test_a_tournament_of_millions_of_rounds_holds_no_list_of_its_work():
    """--rounds 1000000000 held 2 GB within 20 s, before its first deal: every block's work
    was listed up front. Stopped after its first block, a run of a million blocks has held
    no more than a few blocks' worth."""
    import tracemalloc

    from bhtui.tournament import tournament

    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tournament(PRESETS["qingdao"], ["random"] * 5, 5 * 10**6, match_rounds=1,
                       progress=_stop)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, f"{peak / 2**20:.0f} MiB"


def test_no_more_processes_start_than_there_are_blocks():
    """--jobs 64 for a tournament of two blocks started 64 processes (70 in its tree)."""
    import multiprocessing

    from bhtui.tournament import tournament

    running: list[int] = []
    report = tournament(PRESETS["qingdao"], ["random"] * 5, 1, jobs=8, match_rounds=1,
                        progress=lambda done, total: running.append(
                            len(multiprocessing.active_children())))
    assert report["blocks"] == 2 and running and max(running) == 2
