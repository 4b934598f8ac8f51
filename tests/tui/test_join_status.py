"""A join's exit status, for scripts and a shell's ``&&``: 1 when the person never reached the
table (nothing answered there, a wrong join code given up), saying why on the console once
the screen is gone; 0 when he was at the table and quit. Both failures ended with status 0.
Real processes on loopback, the joiner on a pty of 80×24."""

from __future__ import annotations

import os
import re

import pytest
from test_terminal import headless_host, on_a_pty, read_until

from bhtui.net.gate import VISITOR

from loopback import free_port

ANY_KEY = (b"Press any key to leave.", b"x")
CONTROL = re.compile(r"\x1b\[[?0-9;]*[A-Za-z]")  # the terminal given back: modes off


def joined(tmp_path, steps: list[tuple[bytes, bytes]], *args: str) -> tuple[int, str]:
    """`bhtui --lang en ARGS` on a pty, at each step typing its keys once its text shows:
    the exit status, and what it printed after leaving the app's screen."""
    pid, fd = on_a_pty(tmp_path, "-m", "bhtui", "--lang", "en", *args)
    seen = b""
    try:
        for shown, keys in steps:
            seen = read_until(fd, shown, seen, 60)
            assert shown in seen, seen[-2000:]
            os.write(fd, keys)
        seen = read_until(fd, b"\x00never", seen, 30)  # to its end
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    after = seen.rpartition(b"\x1b[?1049l")[2].decode(errors="replace")  # the screen left
    return os.waitstatus_to_exitcode(status), " ".join(CONTROL.sub("", after).split())


@pytest.mark.parametrize("visitor", [False, True], ids=["person", "door's visitor"])
def test_a_join_where_nothing_answers_ends_with_status_1_and_says_why(tmp_path, monkeypatch,
                                                                      visitor):
    """A door's visitor (serve-ssh, serve-web) gets the status, and no line: his screen said
    why, and a web door logs what its app prints as a fault."""
    if visitor:
        monkeypatch.setenv(VISITOR, "1")
    port = free_port()  # bound, then closed: nothing listens there
    status, said = joined(tmp_path, [ANY_KEY], "join", f"127.0.0.1:{port}")
    assert status == 1
    if visitor:
        assert said == ""
    else:
        assert said.startswith(f"bhtui: Could not join: nothing answers on 127.0.0.1:{port} "
                               "(connection refused)"), said


def test_a_watch_where_nothing_answers_says_it_could_not_watch(tmp_path):
    """The console's last line said "Could not join" of a watch, as the screen had, and
    told him to list the tables with `bhtui join` alone."""
    port = free_port()
    status, said = joined(tmp_path, [ANY_KEY], "watch", f"127.0.0.1:{port}")
    assert status == 1
    assert said.startswith(f"bhtui: Could not watch: nothing answers on 127.0.0.1:{port} "), said
    assert "bhtui join (or watch) without an address lists the tables" in said, said


@pytest.mark.parametrize("code, steps, status, said", [
    ("wrong", [(b"Wrong join code", b"\r"), ANY_KEY], 1, "bhtui: Could not join: wrong join code"),
    ("secret", [(b"the host starts the match", b"\x11"), (b"Quit (y)", b"y")], 0, ""),
], ids=["wrong code given up", "quit from the waiting room"])
def test_a_join_ends_with_1_only_if_the_table_never_let_him_in(tmp_path, monkeypatch, code,
                                                                steps, status, said):
    """A table with a join code (the host's from BHTUI_CODE; the joiner's --code wins)."""
    monkeypatch.setenv("BHTUI_CODE", "secret")
    host, port = headless_host(tmp_path)
    try:
        assert joined(tmp_path, steps, "join", "--code", code, f"127.0.0.1:{port}") == (
            status, said)
    finally:
        host.kill()
        host.wait()
