"""Replays: a saved game steps to its end with the original scores; tricks and rounds."""

import random

import pytest

from bhtui.bots import make_bot
from bhtui.rules import PRESETS, Match
from bhtui.sim import play_match
from bhtui.store.gamelog import GameLog, GameLogError, rules_header
from bhtui.store.replay import Replay


def saved_game(tmp_path, rounds=2, rules=PRESETS["qingdao"]):
    m = Match(rules, 12, rounds=rounds)
    play_match(m, [make_bot("heuristic")] * 5)
    log = GameLog(tmp_path / "g.bhlog")
    log.start({**rules_header(rules), "seed": 12, "rounds": rounds,
               "seats": [{"name": n} for n in "ABCDE"]})
    for seat, action in m.actions:
        log.append(seat, action)
    log.close()
    return m, tmp_path / "g.bhlog"


@pytest.mark.parametrize("rules", [
    PRESETS["qingdao"], PRESETS["baike"],
    PRESETS["lianzhong-simple"].with_options(rebellion=True, grab_solo=True, kao=True),
], ids=lambda r: r.name)
def test_a_loaded_replay_steps_to_its_end_with_the_original_scores(tmp_path, rules):
    """R-SEED-1 for every preset: declarations out of turn are in the log like any action."""
    original, path = saved_game(tmp_path, rounds=4, rules=rules)
    replay = Replay.from_log(GameLog.load(path))
    assert replay.names == list("ABCDE") and replay.finished
    end = replay.match_at(len(replay))
    assert end.totals == original.totals == replay.final_totals
    assert [r.result.scores for r in end.records] == [r.result.scores for r in original.records]


def old_log(tmp_path, rules=PRESETS["qingdao"], seed=12):
    """A log as bhtui wrote it before the rules were revised (issue 10): the host's header
    without ``rules_version``, and a match whose first decision was a decline — then the
    emperor card went to the next seat, now to the previous one."""
    m = Match(rules, seed, rounds=1)
    path = tmp_path / "old.bhlog"
    log = GameLog(path)
    log.start({"preset": rules.name, "options": rules.options(), "seed": seed, "rounds": 1,
               "name": "Ana's table",
               "seats": [{"name": n, "bot": None, "token": "0" * 32} for n in "ABCDE"]})
    log.append(m.to_act, {"type": "decline"})
    log.close()
    return path


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_a_log_played_under_the_old_rules_is_refused_naming_its_version(tmp_path, rules):
    """R-SEAT-1, R-EMP-Q3, R-EMP-B2: the old direction's log is never replayed into a
    different game; the message says which rules it was played under."""
    log = GameLog.load(old_log(tmp_path, rules))
    with pytest.raises(GameLogError, match="rules version 1 .* version 2"):
        Replay.from_log(log)
    log.close()


def test_a_log_of_a_newer_rules_edition_is_refused_too(tmp_path):
    path = tmp_path / "new.bhlog"
    log = GameLog(path)
    log.start({**rules_header(PRESETS["qingdao"]), "rules_version": 99, "seed": 1, "rounds": 1})
    log.close()
    with pytest.raises(GameLogError, match="rules version 99"):
        Replay.from_log(GameLog.load(path))


def test_bhtui_replay_and_host_resume_of_an_old_log_say_why_without_a_traceback(tmp_path):
    import subprocess
    import sys

    path = old_log(tmp_path)
    env_dir = str(tmp_path / "data")
    for args in (["replay", str(path)],
                 ["host", "--headless", "--resume", str(path), "--no-advertise",
                  "--bind", "127.0.0.1", "--port", "0"]):
        out = subprocess.run([sys.executable, "-m", "bhtui", *args], capture_output=True,
                             text=True, timeout=60,
                             env={"BHTUI_DATA_DIR": env_dir, "BHTUI_CONFIG_DIR": env_dir,
                                  "PATH": "/usr/bin:/bin"})
        assert out.returncode == 2, out.stderr
        assert "rules version 1" in out.stderr and "Traceback" not in out.stderr


def test_stepping_by_trick_and_jumping_to_a_round(tmp_path):
    original, path = saved_game(tmp_path)
    replay = Replay.from_log(GameLog.load(path))
    first = replay.next_trick(0)
    assert any(e["type"] == "trick" for e in replay.events[first])
    assert replay.previous_trick(first) < first
    second_round = replay.round_start(2)
    assert replay.match_at(second_round).round.number == 2
    assert replay.match_at(second_round - 1).round.number == 1
    k = random.Random(1).randrange(len(replay))
    assert replay.match_at(k).view(None) == replay.match_at(k).view(None)  # positions rebuild alike


async def test_the_replay_screen_steps_by_action_trick_and_round_and_shows_hands_at_the_end(tmp_path):
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.replay import ReplayScreen
    from bhtui.tui.sessions import ReplaySession

    original, path = saved_game(tmp_path)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(Config(name="Ana", language="en"), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.position == 0
        await pilot.press("right", "right")
        assert screen.position == 2
        await pilot.press("right_square_bracket")
        assert screen.position == replay.next_trick(2)
        await pilot.press("left")
        assert screen.position == replay.next_trick(2) - 1
        await pilot.press("pagedown")
        assert screen.position == replay.position_of(replay.round_start(2))
        await pilot.press("end")
        assert screen.position == replay.last
        status = str(screen.query_one("#r-status").render())
        assert f"{len(replay)}/{len(replay)}" in status
        await pilot.press("v")
        hands = str(screen.query_one("#r-hands").render())
        assert screen.show_all and hands.count("\n") == 4 and "A" in hands
        from rich.console import Console

        console = Console(width=28, record=True)
        console.print(screen.query_one("#scores").content)
        rows = console.export_text().splitlines()[1:]  # under the round numbers: a row a seat
        assert [row.split()[-1] for row in rows if row.strip()] == [f"{t:+d}" for t in original.totals]


@pytest.mark.parametrize("game,preset", [("baohuang", "weifang"), ("baohuang", "qingdao"),
                                         ("doudizhu", "shanghai")])
def test_every_position_of_a_replay_is_the_match_replayed_from_the_deal(game, preset):
    """R-SEED-1: a position rebuilt from a checkpoint is the very match a replay from the
    first deal reaches (every viewer's view alike), wherever one jumps, backwards too."""
    from bhtui.games import get_game

    played = get_game(game)
    rules = played.rules(preset, {})
    match = played.new_match(rules, 7, 3)
    bots = [played.make_bot("random", s) for s in range(played.seats(rules))]
    while not match.over:
        seat = match.to_act
        match.apply(seat, played.decide(bots[seat], match, seat))
    replay = Replay(preset, {}, 7, 3, list(match.actions), game=game)
    assert len(replay._checkpoints) > len(replay.round_starts)  # deals and in between
    positions = list(range(len(replay) + 1))
    random.Random(1).shuffle(positions)
    for k in positions[:60] + [0, len(replay)]:
        fresh = played.new_match(rules, 7, 3)
        for seat, action in replay.actions[:k]:
            fresh.apply(seat, action)
        viewers = [None, *range(played.seats(rules))]
        assert [replay.match_at(k).view(v) for v in viewers] == [fresh.view(v) for v in viewers]
