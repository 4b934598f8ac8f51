"""`bhtui replay` and `bhtui analyse` only read the game log they show. They opened it for
appending: a read-only log (one's own kept at 0444, a friend's at 0644) was refused with
"cannot write … Permission denied", another user's log writable by all (0666) was a
PermissionError traceback, and merely viewing one's own log made it 0600 and cut a torn last
record off it."""

from __future__ import annotations

import os

import pytest

from analysis_helpers import played_log
from file_modes import NOBODY, as_a_user

TORN = b"\x00\x00\x00\x09\x82"
"""The start of a record the host died writing."""


VIEW = """
import sys
import bhtui.cli as cli
cli._run_app = lambda args, session, said: print("shown") or 0  # the replay, not drawn here
sys.exit(cli.main(sys.argv[1:]))
"""
"""`bhtui ARGS` with the replay's screen left out: what was opened is the point."""


@pytest.mark.parametrize("command", ["replay", "analyse"])
@pytest.mark.parametrize("whose, mode", [("mine", 0o644), ("mine", 0o444), ("a friend's", 0o644),
                                         ("a friend's", 0o666)])
def test_viewing_a_log_opens_it_read_only_and_changes_nothing(tmp_path, command, whose, mode):
    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    with path.open("ab") as log:
        log.write(TORN)
    path.chmod(mode)
    if whose != "mine":
        os.chown(path, NOBODY, -1) if os.geteuid() == 0 else pytest.skip(
            "only root gives a file to another user")
    status = path.stat()
    before = path.read_bytes(), status.st_mode, status.st_mtime_ns
    args = [command, *(["--playouts", "1"] if command == "analyse" else []), str(path)]
    done = as_a_user(VIEW.replace("sys.argv[1:]", repr(args)))
    assert done.returncode == 0, done.stderr
    assert "ends early: an incomplete last record" in done.stderr
    assert "seat 1 (P0)" in done.stdout if command == "analyse" else "shown" in done.stdout
    status = path.stat()
    assert (path.read_bytes(), status.st_mode, status.st_mtime_ns) == before


@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_a_fifo_named_as_a_log_is_refused_at_once_not_waited_on(tmp_path, cli, command):
    """A FIFO named ``x.bhlog`` was opened for reading and waited on for a writer for ever."""
    fifo = tmp_path / "x.bhlog"
    os.mkfifo(fifo)
    done = cli(command, str(fifo))
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr
