"""What only a real terminal shows (issue 11, defect 1): after SIGTERM the app gives the
terminal back — it leaves the alternate screen instead of staying in the app's picture."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

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


def on_a_pty(tmp_path, *argv: str) -> tuple[int, int]:
    """``python ARGV`` on a pty of 80×24 with settings of its own: its pid and the pty's
    master end."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8",
                          BHTUI_CONFIG_DIR=str(tmp_path / "c"), BHTUI_DATA_DIR=str(tmp_path / "d"))
        os.execv(sys.executable, [sys.executable, *argv])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def game_on_a_pty(tmp_path) -> tuple[int, int, bytes]:
    """`bhtui` against bots on a pty, once its table is drawn: its pid, the pty's master
    end, and what it drew so far."""
    pid, fd = on_a_pty(tmp_path, "-m", "bhtui", "--seed", "7", "--fast", "--lang", "en",
                       "--name", "Ana")
    seen = read_until(fd, b"Your hand", b"", 60)
    if b"Your hand" not in seen:
        os.kill(pid, signal.SIGKILL)
        os.close(fd)
        pytest.fail("the table was never drawn")
    return pid, fd, seen


def test_sigterm_leaves_the_alternate_screen_and_exits(tmp_path):
    pid, fd, seen = game_on_a_pty(tmp_path)
    try:
        os.kill(pid, signal.SIGTERM)
        seen = read_until(fd, LEAVE_ALTERNATE_SCREEN, seen, 30)
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert LEAVE_ALTERNATE_SCREEN in seen[seen.index(b"Your hand"):]
    assert os.WIFEXITED(status)  # it ended itself, not killed by the signal


@pytest.mark.parametrize("typed", [b"\xff", b"\xc4\xe3", b"\xe4\xbd\xa0\xc4\xe3"],
                         ids=["8-bit meta", "GBK", "UTF-8 then GBK"])
def test_bytes_that_are_not_utf_8_are_read_as_nothing_and_the_game_goes_on(tmp_path, typed):
    """A GBK terminal (你 is C4 E3 there) or an 8-bit Meta key sends bytes that are not UTF-8.
    Textual's input thread decoded them strictly: the app died with a traceback on the
    screen — over SSH the visitor saw the host's paths. Now they read as a replacement
    character (a key that does nothing) and the next key is heard."""
    pid, fd, seen = game_on_a_pty(tmp_path)
    try:
        os.write(fd, typed)
        os.write(fd, b"?")
        seen = read_until(fd, b"keys and rules", seen, 30)
        assert b"keys and rules" in seen, "the help never opened after the bytes"
        assert b"Traceback" not in seen and b"UnicodeDecodeError" not in seen
        os.kill(pid, signal.SIGTERM)
        read_until(fd, LEAVE_ALTERNATE_SCREEN, seen, 30)
        os.waitpid(pid, 0)
    finally:
        os.close(fd)


# ----- issue 27.4: a client ends whatever Textual's writer thread is doing -----
def headless_host(tmp_path) -> tuple[subprocess.Popen, int]:
    """A waiting room served by `bhtui host --headless` on a free loopback port."""
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         "0", "--no-advertise"],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "host")},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = host.stdout.readline()
    return host, int(re.search(r":(\d+)", line).group(1))


def watcher(port: int, controlling: bool) -> tuple[subprocess.Popen, int]:
    """`bhtui watch` on a pty of 80×24 (its controlling terminal or not), once it shows the
    waiting room; the pty's master end."""
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def take_terminal() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    watch = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "watch", f"127.0.0.1:{port}"], stdin=slave,
        stdout=slave, stderr=slave, start_new_session=True,
        preexec_fn=take_terminal if controlling else None,
        env={**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    os.close(slave)
    assert b"the host starts the match" in read_until(master, b"the host starts the match",
                                                       b"", 60)
    return watch, master


def ended_within(process: subprocess.Popen, seconds: float) -> bool:
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return False
    return True


@pytest.mark.parametrize("controlling", [True, False], ids=["sighup", "no-sighup"])
def test_a_watcher_whose_host_stopped_ends_within_2_s_of_its_terminal_closing(
        tmp_path, controlling):
    """Issue 27.4: the host stops and the terminal closes at once. The app's writer thread
    died on the closed terminal, its queue filled, and the loop's thread waited in a put for
    ever, so neither SIGHUP nor SIGTERM ever ran (4 runs of 4). A terminal that is not the
    controlling one sends no SIGHUP: its hangup ends the app as well."""
    host, port = headless_host(tmp_path)
    try:
        watch, master = watcher(port, controlling)
        host.send_signal(signal.SIGTERM)  # the host says bye, the app draws its screen for it
        os.close(master)
        assert ended_within(watch, 2.0)
    finally:
        host.kill()
        host.wait()


def test_sigterm_ends_a_watcher_within_2_s_when_nobody_reads_its_terminal(tmp_path):
    """Issue 27.4: a terminal still there but read by nobody (a frozen window) blocks the
    writer thread in its write and then the loop in its put: SIGTERM was never handled.
    Now a told-to-end app waits for its terminal one second at most."""
    host, port = headless_host(tmp_path)
    try:
        watch, master = watcher(port, controlling=True)
        host.send_signal(signal.SIGTERM)
        # A screen of 500×200 to draw again, more than the pty holds: nobody reads it.
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 200, 500, 0, 0))
        host.wait(30)
        watch.send_signal(signal.SIGTERM)
        assert ended_within(watch, 2.0)
        os.close(master)
    finally:
        host.kill()
        host.wait()


CRASHING = """
import sys
from bhtui.cli import main
from bhtui.tui.table import TableScreen

def crash(self):
    token = "5ec2e7-seat-token"
    raise RuntimeError("the screen broke " + str(len(token)))

TableScreen.action_hint = crash  # a fault, as a failing save of the seat token was one
sys.exit(main(["--seed", "7", "--fast", "--lang", "en", "--name", "Ana"]))
"""


def test_a_crash_report_names_the_fault_but_shows_no_local_values(tmp_path):
    """Textual's crash report printed every frame's local variables: a joiner whose seat
    token could not be saved saw it on the screen (an SSH visitor would see the host's).
    The report still says what broke and where, without them, and bhtui ends with status 1
    (it was 0 after a crash)."""
    pid, fd = on_a_pty(tmp_path, "-c", CRASHING)
    try:
        seen = read_until(fd, b"Your hand", b"", 60)
        assert b"Your hand" in seen, "the table was never drawn"
        os.write(fd, b"h")
        seen = read_until(fd, b"\x00never", seen, 30)  # to its end: the report, then exit
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1  # (a script can tell)
    report = re.sub(rb"\x1b\[[0-9;]*m", b"", seen[seen.index(b"Your hand"):])  # (colours)
    assert b"RuntimeError" in report and b"the screen broke 17" in report
    assert b"5ec2e7" not in report


HOST_CRASHING = """
import sys
from bhtui.cli import main
from bhtui.tui.room import WaitingRoomScreen

def crash(self):
    raise RuntimeError("the room broke")

WaitingRoomScreen.on_mount = crash
sys.exit(main(["host", "--bind", "127.0.0.1", "--port", "0", "--no-advertise"]))
"""


def test_a_crashed_host_ends_with_status_1_too(tmp_path):
    """`bhtui host` ended with status 0 after its app crashed (a local game's said 1)."""
    pid, fd = on_a_pty(tmp_path, "-c", HOST_CRASHING)
    try:
        seen = read_until(fd, b"\x00never", b"", 60)  # to its end: the report, then exit
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert b"the room broke" in seen
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1
