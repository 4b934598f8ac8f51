"""The append-only game log: replay on resume, a torn last record, unreadable files."""

import os
import random

import msgpack
import pytest

from bhtui.rules import PRESETS, Match
from bhtui.store.gamelog import MAGIC, GameLog, GameLogError


def _record(record: dict) -> bytes:
    """One record as the log frames it: its length, then its msgpack body."""
    body = msgpack.packb(record)
    return len(body).to_bytes(4, "big") + body


DEEP_RECORD = b"\x81\xa4type" + b"\x91" * 1000 + b"\x90"
"""A record whose type is a list in a list, a thousand deep (msgpack will not pack one)."""


def written(tmp_path, n_actions: int = 40):
    m = Match(PRESETS["qingdao"], 5, rounds=1)
    log = GameLog(tmp_path / "t.bhlog")
    log.start({"preset": "qingdao", "seed": 5})
    for _ in range(n_actions):
        seat = m.to_act
        action = random.Random(len(m.actions)).choice(m.legal_actions(seat))
        m.apply(seat, action)
        log.append(seat, action)
    log.close()
    return m, log


def test_a_log_reads_back_every_action_in_order(tmp_path):
    m, written_log = written(tmp_path)
    log = GameLog.load(written_log.path)
    assert log.header == {"preset": "qingdao", "seed": 5} and log.warnings == []
    assert log.actions == m.actions


def test_reading_a_whole_log_leaves_it_as_it_was_its_time_too(tmp_path):
    """``bhtui replay`` opens "the newest game" by the files' times: reading an older log
    (a replay, an analysis) marked it changed, so it became the newest one."""
    import os

    _, written_log = written(tmp_path)
    path = written_log.path
    os.utime(path, (1_000_000_000, 1_000_000_000))
    before = path.read_bytes()
    GameLog.load(path).close()
    assert path.stat().st_mtime == 1_000_000_000 and path.read_bytes() == before


def test_a_log_being_written_keeps_no_second_copy_of_the_actions(tmp_path):
    """The match keeps its actions already (R-SEED-1 replays from them); the log only writes
    them, so a host up all evening does not hold every action twice. The file has them all."""
    m, log = written(tmp_path, n_actions=150)
    assert len(m.actions) == 150 and log.actions == []
    assert GameLog.load(log.path).actions == m.actions


def test_a_torn_last_record_is_dropped_with_a_warning_and_appending_goes_on(tmp_path):
    m, log = written(tmp_path)
    path = log.path
    data = path.read_bytes()
    path.write_bytes(data[:-3])  # the host died in the middle of writing the last record
    log = GameLog.load(path)
    assert len(log.actions) == len(m.actions) - 1
    assert len(log.warnings) == 1 and "incomplete last record" in log.warnings[0]
    log.append(*m.actions[-1])
    log.close()
    assert GameLog.load(path).actions == m.actions


@pytest.mark.parametrize("content, message", [
    (b"", "not a bhtui game log"),
    (b"hello world", "not a bhtui game log"),
    (MAGIC, "no header"),
    (MAGIC + b"\x00\x00\x00\x00", "damaged record"),
    (MAGIC + b"\x00\x00\x00\x02\xc1\xc1", "damaged record"),
    (MAGIC + _record({"type": "header"}) + _record({"type": "action", "seat": 0}),
     "damaged record"),  # an action with no action: a clear error, not a KeyError
    pytest.param(  # shown a few levels deep: showing it all was a RecursionError
        MAGIC + _record({"type": "header"}) + len(DEEP_RECORD).to_bytes(4, "big") + DEEP_RECORD,
        "unexpected record {'type': ", id="a record nested a thousand deep"),
    pytest.param(  # an action the engine takes (it reads only its fields) that analyse
        #            walked whole: a RecursionError past the replay
        MAGIC + _record({"type": "header"}) + _record(
            {"type": "action", "seat": 0, "action": {"type": "pass", "x": [[[[[[[]]]]]]]}}),
        "the action at byte .* holds lists or maps nested more than 4 deep",
        id="an action nested past any reader"),
])
def test_an_unreadable_file_is_a_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.bhlog"
    path.write_bytes(content)
    with pytest.raises(GameLogError, match=message):
        GameLog.load(path)
    with pytest.raises(GameLogError, match="missing.bhlog: No such file or directory"):
        GameLog.load(tmp_path / "missing.bhlog")


def test_bhtui_host_resume_of_a_bad_file_says_so_without_a_traceback(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "bad.bhlog"
    bad.write_bytes(b"junk")
    out = subprocess.run([sys.executable, "-m", "bhtui", "host", "--headless", "--resume",
                          str(bad), "--no-advertise", "--bind", "127.0.0.1", "--port", "0"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "not a bhtui game log" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_game_log_is_private_from_the_moment_it_exists(tmp_path, monkeypatch):
    """Issue 13.10: the log holds the seed and every seat token: 0600 in a 0700 folder as it
    is created (no chmod afterwards, whatever the umask)."""
    import os
    from pathlib import Path

    monkeypatch.setattr(Path, "chmod", lambda *a, **k: None)
    monkeypatch.setattr(os, "chmod", lambda *a, **k: None)
    old = os.umask(0o022)
    try:
        log = GameLog(tmp_path / "games" / "t.bhlog")
        log.start({"preset": "qingdao", "seed": "ab" * 16})
    finally:
        os.umask(old)
    assert oct((tmp_path / "games" / "t.bhlog").stat().st_mode & 0o777) == "0o600"
    assert oct((tmp_path / "games").stat().st_mode & 0o777) == "0o700"
    log.close()


def test_a_log_left_readable_by_an_older_version_is_made_private_when_resumed(tmp_path):
    path = written(tmp_path)[1].path
    path.chmod(0o644)
    tmp_path.chmod(0o755)
    GameLog.load(path).close()
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert oct(tmp_path.stat().st_mode & 0o777) == "0o700"


def test_two_games_begun_in_the_same_second_keep_a_log_each():
    """Logs are named by the second a game began and its table: three games against bots
    started at once (or 再来一局 within the second) had one name, and each start truncated
    the log before it — a whole game lost. Each now takes the next free name, the newest
    still the last by name (``host --resume``, ``replay`` find it)."""
    from bhtui.store.gamelog import latest_log, new_log_path

    path = new_log_path("local")
    logs = []
    for seed in (1, 2, 3):
        log = GameLog(path)
        log.start({"preset": "qingdao", "seed": seed})
        log.append(0, {"type": "accept"})
        log.close()
        logs.append(log.path)
    assert len(set(logs)) == 3 and logs[0] == path
    assert [GameLog.load(p).header["seed"] for p in logs] == [1, 2, 3]
    assert latest_log() == logs[-1]


def test_a_file_where_the_games_folder_goes_is_an_error_not_a_hang(tmp_path):
    """Taking the next free name on FileExistsError also caught the folder's own (a file
    named like the games folder): the host's loop spun for ever at a match's start. That is
    the log's ``lost`` now (the game is played unsaved), the file left as it was."""
    import subprocess
    import sys

    data = tmp_path / "data"
    data.mkdir()
    (data / "games").write_text("not a folder")
    started = subprocess.run(
        [sys.executable, "-c", "from bhtui.store.gamelog import GameLog, new_log_path\n"
         "log = GameLog(new_log_path('x'))\nlog.start({})\nprint(repr(log.lost))"],
        env={**os.environ, "BHTUI_DATA_DIR": str(data)}, capture_output=True, text=True,
        timeout=60)
    assert started.returncode == 0 and "FileExistsError" in started.stdout
    assert (data / "games").read_text() == "not a folder"
