"""What only a real terminal shows (issue 11, defect 1): after SIGTERM the app gives the
terminal back — it leaves the alternate screen instead of staying in the app's picture."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def read_until(fd: int, wanted: bytes, seen: bytes, limit: float) -> bytes:
    """Read the pty until ``wanted`` shows up, the child closes it, or ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_sigterm_leaves_the_alternate_screen_and_exits(tmp_path):
    pid, fd = pty.fork()
    if pid == 0:  # the child: bhtui on a pty of 80×24, its own settings
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8",
                          BHTUI_CONFIG_DIR=str(tmp_path / "c"), BHTUI_DATA_DIR=str(tmp_path / "d"))
        os.execv(sys.executable, [sys.executable, "-m", "bhtui", "--seed", "7", "--fast",
                                  "--lang", "en", "--name", "Ana"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        seen = read_until(fd, b"Your hand", b"", 60)
        assert b"Your hand" in seen, "the table was never drawn"
        os.kill(pid, signal.SIGTERM)
        seen = read_until(fd, LEAVE_ALTERNATE_SCREEN, seen, 30)
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert LEAVE_ALTERNATE_SCREEN in seen[seen.index(b"Your hand"):]
    assert os.WIFEXITED(status)  # it ended itself, not killed by the signal
