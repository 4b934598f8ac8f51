"""`bhtui serve-ssh`: the rules demo (or a LAN table's menu) for anyone with an SSH client.

Every session gets its own pseudo-terminal (its controlling terminal, so window resizes reach
the app as SIGWINCH), running `bhtui demo` (or, with --table, the menu to watch or join that
table) with a UTF-8 locale and a folder of its own for its data and settings: each session is
its own person, no seat token is ever shared between sessions, and what a visitor sets (ctrl+t,
F2) is his alone — except that a visitor who logs in with an SSH key finds the seats he took
with that key on his last visits (their tokens, kept by the door in memory): one who dropped
takes his seat back (docs/architecture.md says why a key, and not a name or a word). There is
no shell, no exec, no subsystem and no forwarding, ever — which is why any user name, any key
and no password are accepted: nothing else is reachable. The event loop never
blocks: input goes to the pty without blocking, with back-pressure both ways; a child's exit is
watched through a pidfd. A visitor's window is taken at most as large as a screen can be
(`net/gate.py`), so no size he claims makes an app draw, and hold, a screen of gigabytes; his
terminal type reaches the app only if it reads as a terminfo name, and the locale his client
sends only as the language it names, Chinese or English (nothing else he sends reaches its
environment or arguments). Caps on sessions (in all, per address as at the web
door, and per connection) and on connections without one (a newcomer pushes the oldest such
out, as at a table's door, or is turned away while all are in their first moments or his
address was pushed out a moment ago; either is told why in words SSH clients show), deadlines
for starting the demo, on a connection and in each session, an idle timeout, and a bound on the
output held for a client (one that reads none of it is dropped) keep a public demo from being
starved; a dropped client's process is ended, and SIGTERM (or SIGHUP, its terminal closed) ends
them all. A session the door ends (idle, or the host stopping) has its app end as by ctrl+q, so
the visitor's terminal is given back before the door says goodbye. Each app runs within a
memory ceiling, and one that reaches it is killed (`net/gate.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import pty
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.utils import CryptographyDeprecationWarning

from bhtui.net.gate import (
    BUSY,
    LISTEN_BACKLOG,
    MEMORY_POLL,
    PER_ADDRESS,
    Gate,
    InputBudget,
    SessionCap,
    at_ceiling,
    confine_app,
    door_logging,
    own_folders,
    quiet_when_out_of_files,
    screen_size,
    with_port,
    within_files,
)
from bhtui.net.kept import KeptSeats
from bhtui.net.lobby import door_addresses
from bhtui.net.serve import stop_signals
from bhtui.net.tcp import door_listening
from bhtui.store.private import create_private, data_dir
from bhtui.text import clean_text

# asyncssh names DSA's types, which cryptography 46 and later deprecate: a host starting a
# door read ten lines of their warnings before it said where the door was. (DSA host keys
# are never made here: the key is Ed25519.)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    import asyncssh

log = logging.getLogger("bhtui.ssh")

IDLE_TIMEOUT = 15 * 60.0
KEEPALIVE = (30.0, 3)
"""Seconds between the server's keep-alive requests and how many may go unanswered: a client
whose end stopped (a laptop put to sleep, a frozen ssh) holds its place about two minutes,
not the IDLE_TIMEOUT. asyncssh sends them only after that long without a packet from the
client, so one that keeps sending keys but reads nothing is SEND_BACKLOG's to drop. SSH
clients answer them by themselves (OpenSSH, PuTTY, asyncssh)."""
FIRST_OUTPUT = 60.0
"""How long an app may take to show anything before its session counts as idle: the idle
timeout counts from its first output, and a busy host took longer than a short timeout to
start one (an app that never shows anything is still ended)."""
SESSION_DEADLINE = 20.0  # a connection that starts no demo in this time is closed
SHELL_DEADLINE = 10.0  # a session that asks for no shell in this time is closed, its place freed
SESSIONS_PER_CONNECTION = 2  # a second window over a shared connection (OpenSSH's ControlMaster)
PTY_BACKLOG = 64 * 1024  # input bytes waiting for the app before the channel is paused
SEND_BACKLOG = 1 << 20  # output bytes held for one client before its apps are no longer read
STALL_LIMIT = 60.0  # seconds a client may leave SEND_BACKLOG / 2 unread before it is dropped
BACKLOG_POLL = 0.5  # seconds between looks at a stalled client's backlog
REFUSALS_PER_CONNECTION = 16  # requests refused (sessions, exec, forwarding) before it is dropped
KILL_GRACE = 2.0  # seconds between SIGTERM and SIGKILL for a session's process group
CONNECTIONS_PER_ADDRESS = 8  # without a session; one address's newcomers push out its own
SESSION_FILES = 5
"""Descriptors a session may hold: its connection, its app's terminal and pidfd, and those two
of the app it ended last, still ending (`ServerState.stop_child`)."""
DEFAULT_TERM = "xterm-256color"  # for a visitor who sends no terminal type, or no sane one
TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9+._-]{0,63}")  # a terminfo name, as terminals send
RESTORE = (b"\x1b[0m\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1004l\x1b[?7h"
           b"\x1b[<u\x1b[?1049l\x1b[?25h")
"""The modes a Textual app sets in its visitor's terminal, given back as its driver does when it
ends: plain colours, no bracketed paste, mouse tracking or focus reports, lines wrapped, the
kitty keyboard protocol popped, the main screen, the cursor shown. The door sends them only for
an app it ended that did not end in time."""
HOST_STOPPED = "bhtui: the host has stopped this door; goodbye."
IDLE = "bhtui: idle for too long, goodbye."
NO_MEMORY = "bhtui: the app ran out of memory; goodbye."
CANNOT_START = "bhtui: cannot start the app now; try later."
NO_SHELL = "bhtui: no shell asked for within {seconds:g} s; goodbye."
NO_COMMAND = ("bhtui: this door runs no command, only an interactive session: type "
              "ssh -p {port} {host} with nothing after it.")
IN_CHINESE = {
    HOST_STOPPED: "bhtui：主机关闭了这个入口；再见。",
    IDLE: "bhtui：太久没有操作，再见。",
    NO_MEMORY: "bhtui：程序的内存用完了；再见。",
    CANNOT_START: "bhtui：现在无法启动程序；请稍后再试。",
    NO_SHELL: "bhtui：{seconds:g} 秒内没有请求 shell；再见。",
    NO_COMMAND: "bhtui：这个入口不运行命令，只提供交互会话：请输入 ssh -p {port} {host}，后面不要加别的。",
}
"""The door's words to a session, in Chinese for a visitor whose client's locale names it
(`visitor_language`): a Chinese visitor read the English goodbye of a door the host stopped.
(bhtui.tui's catalogues are beside this module, not below it.) What the door says to a
connection before any session of it (refused, pushed out, too slow) comes before any
locale, and stays English."""
PUSHED_OUT = "bhtui: closed for a newcomer (no demo was running on it); try again in a minute."


def host_key_path() -> Path:
    return data_dir() / "ssh_host_ed25519_key"


class HostKeyError(ValueError):
    """A host key file that cannot serve: the message says which and why."""


def load_or_create_host_key(path: Path, own_folder: bool = True) -> asyncssh.SSHKey:
    """The server's identity: made once, kept (0600 from the start) so clients can trust it
    next time. ``own_folder``: the data folder's key, whose folder is made (0700) if missing;
    a key named by hand is made only in a folder that exists, and that folder is left as it
    is (a typo must not make folders nor change a home folder's mode)."""
    if path.exists():
        try:
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)  # written by an older version
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise HostKeyError(f"host key {path}: not an SSH private key this server can "
                               f"read ({why})") from exc
    if not own_folder and not path.parent.is_dir():
        raise HostKeyError(f"host key {path}: there is no folder {path.parent}")
    key = asyncssh.generate_private_key("ssh-ed25519")
    with create_private(path, exclusive=True, folder=own_folder) as out:
        out.write(key.export_private_key())
    return key


def offered(command: list[str]) -> str:
    """What a door serves, for its banner: the demo, or the table whose menu it runs."""
    return "the demo" if command == ["demo"] else f"the table {command[-1]}"


def set_winsize(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def get_winsize(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


def terminal_type(asked: str) -> str:
    """The TERM a session's app gets for the one its visitor sent: his if it reads as a
    terminfo name, else DEFAULT_TERM. It goes into the app's environment, so it is the
    visitor's text: a NUL in it made the app's start fail (and leak its terminal), a '/'
    would name a terminfo file of his choosing, a control character would reach logs."""
    return asked if TERM_NAME.fullmatch(asked) else DEFAULT_TERM


def language_flags(locale: str) -> list[str]:
    """The flags that start a visitor's app in the language ``locale`` names (a locale his
    SSH client sent, zh_CN.UTF-8, or a language his browser asks for, zh-CN): Chinese or
    English, never his text."""
    return ["--lang", "zh" if locale.lower().startswith("zh") else "en"]


def visitor_language(env: Mapping[str, str]) -> list[str]:
    """The flags for the locale a visitor's client sent (``ssh -o SendEnv=LANG``), read as
    bhtui reads its own: LC_ALL, LC_MESSAGES, then LANG, the first one set. None sent: none
    (the app's own locale is the door's C.UTF-8, English)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language_flags(env[name])
    return []


def _take_terminal() -> None:
    """In the child, after setsid: make the pty its controlling terminal, so the kernel
    sends it SIGWINCH when the window changes (and SIGHUP when the session ends); and run
    below the door's priority, within the memory a visitor's app may take."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    confine_app()


class DemoSession(asyncssh.SSHServerSession):  # type: ignore[misc]
    """One SSH session: a child `bhtui` in its own pty and data folder, bytes both ways."""

    def __init__(self, server: ServerState, door: DemoServer) -> None:
        self.server = server
        self.door = door  # the connection it came by
        self._counted = True  # DemoServer counted this session when it opened; until _end
        self.chan: Any = None
        self.term = DEFAULT_TERM
        self.size = (80, 24)
        self.master: int | None = None
        self.child: subprocess.Popen[bytes] | None = None
        self.home: str | None = None
        self._pidfd: int | None = None
        self._outgoing = bytearray()
        self.keys = InputBudget()  # what of the visitor's input reaches the app
        self._paused = False  # the channel, while the app has input enough waiting
        self._blocked = False  # the app's output, while the channel's window is full
        self._stalled: float | None = None  # since when the connection's backlog is too long
        self._stall_check: asyncio.TimerHandle | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._shown = False  # the app has written to the visitor's terminal
        self._no_shell: asyncio.TimerHandle | None = None
        self._closed = False  # the app's terminal: every process on it has closed it
        self._grace: asyncio.TimerHandle | None = None  # for the app to exit, once ending
        self._farewell: tuple[str, int] | None = None  # the door's words and status, leaving
        self._memory: asyncio.TimerHandle | None = None  # the next look at the app's memory
        self._command = False  # the client asked to run a command (exec): it is told no

    def connection_made(self, chan: Any) -> None:
        """The channel is open and holds a place: it must ask for the demo (a shell) within
        SHELL_DEADLINE, or a client could hold every place with channels that run nothing."""
        self.chan = chan
        self._no_shell = asyncio.get_running_loop().call_later(SHELL_DEADLINE, self._shell_late)

    def _shell_late(self) -> None:
        self._no_shell = None
        log.info("no shell from %s within %g s: closed", self.door.address, SHELL_DEADLINE)
        self._say(NO_SHELL, seconds=SHELL_DEADLINE)
        self._end(1)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.term = terminal_type(term_type)
        if term_size[0] and term_size[1]:
            self.size = screen_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return self._counted  # the "shell" is the demo: nothing else runs; none once ended

    def exec_requested(self, command: str) -> bool:
        """Refused in words (``session_started``): refused as a request, OpenSSH said only
        "exec request failed on channel 0" to ``ssh -p PORT HOST ls``."""
        self.door.refuse("no exec, only the demo")
        self._command = self._counted
        return self._command

    def subsystem_requested(self, subsystem: str) -> bool:
        return self.door.refuse("no subsystem, only the demo")

    def session_started(self) -> None:
        """The shell request came: the app starts now. If it cannot, the visitor is told in
        one line, the host in its log, and nothing opened for it stays open."""
        if not self._counted:  # ended (too late) before its shell request came
            return
        if self._no_shell is not None:
            self._no_shell.cancel()
            self._no_shell = None
        if self._command:
            host, port = self.door.conn.get_extra_info("sockname")[:2]  # as he reached it
            self._say(NO_COMMAND, port=port, host=host.removeprefix("::ffff:"))  # (dual-stack)
            self._end(1)
            return
        self.door.come_in()
        try:
            self._start()
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            log.warning("cannot start an app for %s: %s", self.door.address, exc)
            self._say(CANNOT_START)
            self._end(1)
            return
        self._touch()

    def _start(self) -> None:
        """Open the pty, start the app on it, watch both. Whatever fails on the way, both
        ends of the pty are closed here; what was kept (folder, child, pidfd) ``_end``
        frees."""
        master, slave = pty.openpty()
        try:
            set_winsize(master, *self.size)
            self.home = tempfile.mkdtemp(prefix="bhtui-ssh-")  # 0700: this visitor's alone
            self.server.seats.give(self.door.visitor, self.home)
            # COLUMNS/LINES from the server's own shell would pin every session to that size.
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            env.update(TERM=self.term,
                       **own_folders(self.home, "ssh", kept=self.door.visitor is not None))
            self.child = subprocess.Popen(
                [sys.executable, "-m", "bhtui",
                 *visitor_language(self.chan.get_environment()), *self.server.command],
                stdin=slave,
                stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True,
                preexec_fn=_take_terminal)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.server.live.add(self)
        self._follow_app()
        loop = asyncio.get_running_loop()
        self._pidfd = os.pidfd_open(self.child.pid)
        loop.add_reader(self._pidfd, self._child_exited)
        self._memory = loop.call_later(MEMORY_POLL, self._check_memory)

    def _check_memory(self) -> None:
        """An app at its memory ceiling is killed, its visitor told so (`gate.at_ceiling`)."""
        self._memory = None
        if self.child is None:
            return
        if at_ceiling(self.child.pid):
            log.info("the app of %s reached its memory ceiling: killed", self.door.address)
            self.leave(NO_MEMORY, 1, kill=True)
        else:
            self._memory = asyncio.get_running_loop().call_later(MEMORY_POLL,
                                                                 self._check_memory)

    def _say(self, text: str, **fields: object) -> None:
        """A line of the door's to the visitor, in his language (``IN_CHINESE``), with
        ``fields`` filled in."""
        if "zh" in visitor_language(self.chan.get_environment()):
            text = IN_CHINESE.get(text, text)
        text = text.format(**fields) if fields else text
        with contextlib.suppress(Exception):
            self.chan.write(("\r\n" + text + "\r\n").encode())

    def _from_child(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process on the terminal has gone
            data = b""
        if data:
            if not self._shown:  # idle from the moment he sees something: an app slow to
                self._shown = True  # start (a busy host) is no time the visitor idled
                self._touch()
            self._send(data)
        else:
            self._terminal_closed()

    def _terminal_closed(self) -> None:
        """Every process on the app's terminal has closed it: the app is ending, and its
        exit status comes a moment later (read at once, it often was not there yet, and a
        plain quit gave the ssh client status 1). Stop reading the terminal (it reads as
        ready for ever) and end once the pidfd says the app has exited."""
        self._closed = True
        self._follow_app()
        self._await_exit()

    def _await_exit(self) -> None:
        """The app is ending: the pidfd's ``_child_exited`` ends the session, or after the
        grace ``_gave_up`` does."""
        if self._grace is None:
            self._grace = asyncio.get_running_loop().call_later(self.server.kill_grace,
                                                                self._gave_up)

    def _gave_up(self) -> None:
        """The app has not exited within the grace: end the session without it (its
        process group is killed), and give back the modes of the visitor's terminal if the
        door ended it (it may have written none)."""
        self._grace = None
        if self._farewell is not None:
            self._send(RESTORE)
        self._end(self._status())

    def leave(self, words: str, status: int, kill: bool = False) -> None:
        """The door ends the session (idle for too long, the host stopping it): the app is
        told to end as by ctrl+q (SIGTERM), its last output — the visitor's terminal given
        its modes back — is passed on, then ``words`` and ``status``. The door read that
        output and threw it away: the visitor was left on the app's screen, his mouse and
        paste caught, his cursor hidden, his keys in the kitty protocol. An app beyond help
        is killed instead (``kill``), and the modes given back by the door."""
        if self._farewell is not None:
            return
        if self.child is None or self.master is None:
            self._say(words)
            self._end(status)
            return
        self._farewell = (words, status)
        loop = asyncio.get_running_loop()
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self._outgoing.clear()  # nothing more reaches the app
        loop.remove_writer(self.master)
        self.server.children.setdefault(self.child.pid, loop.create_future())  # (stop_all)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.child.pid, signal.SIGKILL if kill else signal.SIGTERM)
        if kill:
            self._gave_up()
        else:
            self._await_exit()

    def _send(self, data: bytes) -> None:
        """Pass the app's output on while the channel is open; once the client has gone (the
        channel closing, or its connection lost though not yet told), it is dropped. Past
        SEND_BACKLOG held for the client, the app is no longer read until it has read it."""
        if self.chan.is_closing():
            return
        self.chan.write(data)
        if self._stalled is None and self.door.backlog() > SEND_BACKLOG:
            loop = asyncio.get_running_loop()
            self._stalled = loop.time()
            self._follow_app()
            self._stall_check = loop.call_later(BACKLOG_POLL, self._check_backlog)

    def _check_backlog(self) -> None:
        """A stalled client: read the app again once it has read half its backlog; drop it
        if it has not within STALL_LIMIT (a client that reads nothing would hold its place
        for ever, a key now and then keeping it from the idle timeout)."""
        self._stall_check = None
        if self.master is None or self._stalled is None:
            return
        loop = asyncio.get_running_loop()
        if self.door.backlog() <= SEND_BACKLOG // 2:
            self._stalled = None
            self._follow_app()
        elif loop.time() - self._stalled >= STALL_LIMIT:
            self.door.drop(f"read none of its output for {STALL_LIMIT:g} s")
        else:
            self._stall_check = loop.call_later(BACKLOG_POLL, self._check_backlog)

    def pause_writing(self) -> None:
        """The channel's window is full: stop reading the app (its writes then wait in its
        terminal) rather than keep its output in the server."""
        self._blocked = True
        self._follow_app()

    def resume_writing(self) -> None:
        self._blocked = False
        self._follow_app()

    def _follow_app(self) -> None:
        """Read the app's output only while its client keeps up: its channel's window open
        and its connection's backlog short. The SSH window alone does not bound what the
        server holds: a client may offer 4 GiB of it and then read nothing."""
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        if self._blocked or self._stalled is not None or self._closed:
            loop.remove_reader(self.master)
        else:
            loop.add_reader(self.master, self._from_child)

    def _child_exited(self) -> None:
        """The app has ended (quit, crashed, killed): pass on what it still wrote, then end."""
        if self.master is not None and not self._closed:
            with contextlib.suppress(OSError):
                while data := os.read(self.master, 65536):
                    self._send(data)
        self._end(self._status())

    def _status(self) -> int:
        code = self.child.poll() if self.child is not None else 0
        return code if code is not None and code >= 0 else 1

    def data_received(self, data: bytes, datatype: Any) -> None:
        """The visitor's input, to the app as far as his InputBudget goes: Textual turns
        bytes into key events faster than it handles them, and a flood of keys (or an
        unfinished paste) grew an app by gigabytes."""
        self._touch()
        if self.master is None or self._farewell is not None or not self.keys.take(len(data)):
            return
        self._outgoing += data
        self._flush()

    def _flush(self) -> None:
        """Write what the pty takes without blocking; pause the channel while the app is
        behind, resume once it has caught up."""
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        while self._outgoing:
            try:
                written = os.write(self.master, self._outgoing[:65536])
            except BlockingIOError:
                break
            except OSError:  # the app is gone
                self._outgoing.clear()
                loop.remove_writer(self.master)
                self._terminal_closed()
                return
            del self._outgoing[:written]
        if self._outgoing:
            loop.add_writer(self.master, self._flush)
            if len(self._outgoing) > PTY_BACKLOG and not self._paused:
                self._paused = True
                self.chan.pause_reading()
        else:
            loop.remove_writer(self.master)
            if self._paused:
                self._paused = False
                self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if not (width and height):
            return
        self.size = screen_size(width, height)
        if self.master is not None:
            set_winsize(self.master, *self.size)  # the kernel tells the child (SIGWINCH)

    def _touch(self) -> None:
        """The idle timeout counts again from now; until the app has shown something, from
        FIRST_OUTPUT at least."""
        if not self._counted or self._farewell is not None:
            return
        if self._idle is not None:
            self._idle.cancel()
        wait = self.server.idle_timeout
        self._idle = asyncio.get_running_loop().call_later(
            wait if self._shown else max(wait, FIRST_OUTPUT), self._timed_out)

    def _timed_out(self) -> None:
        self._idle = None
        self.leave(IDLE, 0)

    def eof_received(self) -> bool:
        self._end(0)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(None)

    def _end(self, status: int | None) -> None:
        """Free the pty, stop the child's process group (SIGTERM, SIGKILL after a grace) and
        its data folder; tell the client when it is still there (the door's farewell, if it
        ended the session, and the exit status). Never blocks."""
        if self._counted:
            self._counted = False
            self.server.cap.give_back(self.door.address)
            self.door.session_ended()
        self.server.live.discard(self)
        loop = asyncio.get_running_loop()
        for timer in (self._idle, self._no_shell, self._stall_check, self._grace, self._memory):
            if timer is not None:
                timer.cancel()
        self._idle = self._no_shell = self._stall_check = self._grace = self._memory = None
        farewell, self._farewell = self._farewell, None
        master, self.master = self.master, None
        if master is not None:
            loop.remove_reader(master)
            loop.remove_writer(master)
        if self._pidfd is not None:
            loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        if self.home is not None:
            self.server.seats.keep(self.home)  # before his seat is let go
        if self.child is not None:
            self.server.stop_child(self.child, self.home, master)
            self.child = self.home = None
        else:
            if master is not None:
                os.close(master)
            if self.home is not None:
                shutil.rmtree(self.home, ignore_errors=True)
                self.home = None
        if status is not None:
            if farewell is not None:
                words, status = farewell
                self._say(words)
            with contextlib.suppress(Exception):
                self.chan.exit(status)


class DemoServer(asyncssh.SSHServer):  # type: ignore[misc]
    """One connection: accepts anyone, offers only the demo. Until the demo starts in one of
    its sessions (and again once its last one has ended) it waits in the state's gate,
    closed if another pushes it out or it starts none in time: a session channel alone, which
    costs its client nothing, does not let it in."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.conn: Any = None
        self.sessions = 0
        self.lost = False
        self.dropped = False
        self.refused = 0  # requests refused so far
        self.visitor: bytes | None = None  # the SSH key he proved he holds (its digest)
        self._offered: bytes | None = None  # the key of his last public key request
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        self.state.connections += 1
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self._wait()

    def _wait(self) -> None:
        """Wait at the door, pushing out whom the gate says (or turned away by it), for
        SESSION_DEADLINE at most; whoever goes is told why."""
        closing = self.state.gate.enter(self, self.address)
        for conn in closing:
            if conn is not self:
                conn.send_off(PUSHED_OUT)
        loop = asyncio.get_running_loop()
        if self in closing:
            # Once connection_made has returned and the server's version is out: a disconnect
            # before it, OpenSSH read as a broken banner ("invalid format"), not as words.
            loop.call_soon(self.send_off, BUSY)
        else:
            deadline = self.state.session_deadline
            self._deadline = loop.call_later(
                deadline, self.send_off, f"bhtui: no demo started within {deadline:g} s; "
                "goodbye.")

    def send_off(self, words: str) -> None:
        """Close the connection with ``words``, which SSH clients show ("Received
        disconnect from ...: words"); they need no key exchange, so a refusal costs
        nothing."""
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, words)

    def backlog(self) -> int:
        """Bytes held in the server for this client (beyond what the kernel took). asyncssh
        pauses nothing for them (its connection's pause_writing does nothing), and its
        transport is reachable only as this private attribute."""
        transport = self.conn._transport  # None once closing
        return transport.get_write_buffer_size() if transport is not None else 0

    def drop(self, why: str) -> None:
        """Close the connection, all its sessions with it, and say why in the log once."""
        if not self.dropped and not self.lost:
            self.dropped = True
            log.info("dropped %s: it %s", self.address, why)
            self.conn.close()  # at once: asyncssh aborts the socket, held bytes and all

    def come_in(self) -> None:
        """The demo has started in one of its sessions: it no longer waits at the door."""
        self.state.gate.leave(self)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self.state.connections -= 1
        self.come_in()

    def auth_completed(self) -> None:
        self.visitor = self._offered
        self.state.gate.idle(self)  # all it can do now is open a session

    def session_ended(self) -> None:
        self.sessions -= 1
        if not self.sessions and not self.lost and self not in self.state.gate:
            self._wait()
            self.state.gate.idle(self)

    def begin_auth(self, username: str) -> bool:
        """Asked for, so that a client offers its SSH key (it offers none to a door that
        lets it in without): any key it proves it holds lets it in and names it, so the
        seats it takes are kept for its next visit; a client without one is let in with a
        keyboard-interactive login that asks nothing. Nothing is protected: no name, no
        password, no key is ever refused."""
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key. asyncssh asks this for a key merely offered as for one being proved, and
        checks the proof after: the login that succeeds next is this key's only if it is a
        public key one (a keyboard-interactive login forgets it) — or anyone could offer a
        visitor's public key, log in without it and take his seats."""
        self._offered = hashlib.sha256(key.public_data).digest()
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._offered = None  # no key: this login names nobody
        return True  # in, with no question asked

    def session_requested(self) -> Any:
        """A place, if the caps leave one: in all, for this address, on this connection."""
        refusal = self.state.cap.refusal(self.address)
        if refusal is None and self.sessions >= SESSIONS_PER_CONNECTION:
            refusal = (f"one connection holds at most {SESSIONS_PER_CONNECTION} sessions; "
                       "end one of them or connect again.")
        if refusal is not None:
            self.refuse(refusal)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_RESOURCE_SHORTAGE,
                                            f"bhtui: {refusal}")
        self.sessions += 1
        self.state.cap.take(self.address)
        return DemoSession(self.state, self)

    def refuse(self, why: str) -> bool:
        """Count a request refused: the log says the first of a connection's, and one that
        keeps asking is dropped. Each refusal costs a log line and a reply, and a hostile
        pass sent 37,000 session opens in 17 s (3.9 MB of log)."""
        self.refused += 1
        if self.refused == 1:
            log.info("refused %s: %s", self.address, why)
        if self.refused >= REFUSALS_PER_CONNECTION:
            self.drop(f"was refused {self.refused} requests")
        return False

    def connection_requested(self, *args: Any) -> bool:
        return self.refuse("no forwarding")

    def server_requested(self, *args: Any) -> bool:
        return self.refuse("no forwarding")

    def unix_connection_requested(self, *args: Any) -> bool:
        return self.refuse("no forwarding")

    def unix_server_requested(self, *args: Any) -> bool:
        return self.refuse("no forwarding")


class ServerState:
    """What all sessions share: the command to run, the caps, the live children."""

    def __init__(self, command: list[str], max_sessions: int, idle_timeout: float,
                 session_deadline: float = SESSION_DEADLINE,
                 kill_grace: float = KILL_GRACE, per_address: int = PER_ADDRESS) -> None:
        self.command = command
        self.max_sessions = max_sessions
        self.cap = SessionCap(max_sessions, per_address, "end one of your sessions")
        self.max_connections = 2 * max_sessions  # without a session: people between sessions
        self.gate: Gate[DemoServer] = Gate(self.max_connections,
                                           min(CONNECTIONS_PER_ADDRESS, self.max_connections))
        self.idle_timeout = idle_timeout
        self.session_deadline = session_deadline
        self.kill_grace = kill_grace
        self.connections = 0  # open, with a session or not
        self.children: dict[int, asyncio.Future[None]] = {}  # pid -> reaped
        self.live: set[DemoSession] = set()
        self.seats = KeptSeats()  # by the digest of the key a visitor proved he holds

    @property
    def sessions(self) -> int:
        """Sessions holding a place, their demo started or not."""
        return len(self.cap)

    def stop_child(self, child: subprocess.Popen[bytes], home: str | None,
                   terminal: int | None = None) -> None:
        """SIGTERM the child's process group now, SIGKILL it after kill_grace if it is still
        there; reap it and remove its data folder without blocking the loop. Its terminal
        (the pty's master) stays open, read and thrown away, until it has gone, so the app
        can still write its last screen and end at once: one whose output nobody reads waits
        in its write (a second, `tui/terminal.py`'s GRACE; for ever, before that driver, as
        did one whose terminal was hung up first)."""
        loop = asyncio.get_running_loop()
        done = self.children.setdefault(child.pid, loop.create_future())
        if terminal is not None:
            loop.add_reader(terminal, _drain, terminal)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGTERM)
        try:
            pidfd = os.pidfd_open(child.pid)
        except ProcessLookupError:
            pidfd = None

        def reaped() -> None:
            if pidfd is not None:
                loop.remove_reader(pidfd)
                os.close(pidfd)
            if terminal is not None:
                loop.remove_reader(terminal)
                os.close(terminal)
            killer.cancel()
            child.wait()  # it has exited: this returns at once
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)  # anything it left behind
            if home is not None:
                shutil.rmtree(home, ignore_errors=True)
            self.children.pop(child.pid, None)
            if not done.done():
                done.set_result(None)

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)

        killer = loop.call_later(self.kill_grace, kill)
        if pidfd is None or child.poll() is not None:
            reaped()
        else:
            loop.add_reader(pidfd, reaped)

    async def stop_all(self) -> None:
        """End every session, each visitor told so with his terminal given back, and wait
        until every child is gone (an app has the grace to end, then another to die)."""
        for session in list(self.live):
            session.leave(HOST_STOPPED, 1)
        if self.children:
            await asyncio.wait(list(self.children.values()), timeout=2 * self.kill_grace + 3)


def _drain(terminal: int) -> None:
    """Read and drop what an ending app still writes to its terminal. On EIO (the app closed
    it, though its process may linger until SIGKILL) stop watching: the terminal would be
    readable on every loop turn and spin the loop. ``reaped()`` still closes it."""
    try:
        os.read(terminal, 65536)
    except OSError:
        asyncio.get_running_loop().remove_reader(terminal)


async def start_ssh(port: int, host: str, key: asyncssh.SSHKey, command: list[str],
                    max_sessions: int = 20, idle_timeout: float = IDLE_TIMEOUT,
                    session_deadline: float = SESSION_DEADLINE, kill_grace: float = KILL_GRACE,
                    per_address: int = PER_ADDRESS,
                    keepalive: tuple[float, int] = KEEPALIVE) -> tuple[Any, ServerState]:
    max_sessions, _ = within_files(max_sessions, SESSION_FILES + 2, 0, log)  # (+ 2 waiting)
    quiet_when_out_of_files(asyncio.get_running_loop(), log.warning)
    state = ServerState(command, max_sessions, idle_timeout, session_deadline, kill_grace,
                        per_address)
    server = await asyncssh.create_server(
        lambda: DemoServer(state), backlog=LISTEN_BACKLOG, **door_listening(host, port),
        server_host_keys=[key], encoding=None,
        line_editor=False, allow_scp=False, agent_forwarding=False, x11_forwarding=False,
        login_timeout=30, keepalive_interval=keepalive[0], keepalive_count_max=keepalive[1])
    return server, state


async def serve_forever(port: int, host: str, key_path: Path, command: list[str],
                        max_sessions: int, own_folder: bool = True,
                        per_address: int = PER_ADDRESS) -> None:
    key = load_or_create_host_key(key_path, own_folder)
    door_logging("ssh", "asyncssh")
    stopping = stop_signals()
    server, state = await start_ssh(port, host, key, command, max_sessions,
                                    per_address=per_address)
    # (the key's path cleaned: it is the command line's, and the terminal would act on an
    # escape sequence in it)
    port = server.sockets[0].getsockname()[1]  # (the one the system gave, for --port 0)
    addresses = door_addresses(host)
    doors = " or ".join(f"ssh://{with_port(address, port)}" for address in addresses)
    logins = " or ".join(f"ssh -p {port} {address}" for address in addresses)
    print(f"bhtui: {offered(command)} on {doors} (host key {clean_text(str(key_path))}); "
          f"ctrl+c stops\nbhtui: visitors type {logins}", flush=True)
    await stopping.wait()
    server.close()
    await state.stop_all()
