"""`bhtui serve-ssh`: the rules demo (or a LAN table's menu) for anyone with an SSH client.

Every session gets its own pseudo-terminal running `bhtui demo` (or, with --table, the menu
to watch or join that table) with a UTF-8 locale; window resizes are passed on. There is no
shell, no exec, no subsystem and no forwarding, ever — which is why any user name and no
password are accepted: nothing else is reachable. A session cap and an idle timeout keep a
public demo from being starved; a dropped client's process is ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import asyncssh
import platformdirs

from bhtui.net.serve import until_signalled

IDLE_TIMEOUT = 15 * 60.0


def host_key_path() -> Path:
    base = os.environ.get("BHTUI_DATA_DIR") or platformdirs.user_data_dir("bhtui")
    return Path(base) / "ssh_host_ed25519_key"


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's identity: made once, kept (mode 600) so clients can trust it next time."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(str(path))
    path.chmod(0o600)
    return key


def set_winsize(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def get_winsize(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


class DemoSession(asyncssh.SSHServerSession):  # type: ignore[misc]
    """One SSH session: a child `bhtui` in its own pty, bytes both ways."""

    def __init__(self, server: ServerState) -> None:
        self.server = server
        self._counted = True  # DemoServer counted this session when it opened
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.master: int | None = None
        self.child: subprocess.Popen[bytes] | None = None
        self._idle: asyncio.TimerHandle | None = None

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.term = term_type or self.term
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # the "shell" is the demo: nothing else runs

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        master, slave = pty.openpty()
        set_winsize(master, *self.size)
        env = {**os.environ, "TERM": self.term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "bhtui", *self.server.command], stdin=slave, stdout=slave,
            stderr=slave, env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.server.children.add(self.child.pid)
        self.server.live.add(self)
        asyncio.get_running_loop().add_reader(master, self._from_child)
        self._touch()

    def _from_child(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if data:
            self.chan.write(data)
        else:
            self._end(self.child.wait() if self.child else 0)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self._touch()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height)
        if self.master is not None:
            set_winsize(self.master, width, height)  # the kernel tells the child (SIGWINCH)

    def _touch(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self._idle = asyncio.get_running_loop().call_later(
            self.server.idle_timeout, self._timed_out)

    def _timed_out(self) -> None:
        with contextlib.suppress(Exception):
            self.chan.write(b"\r\nbhtui: idle for too long, goodbye.\r\n")
        self._end(0)

    def eof_received(self) -> bool:
        self._end(0)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(None)

    def _end(self, status: int | None) -> None:
        """Stop the child and free the pty; tell the client when it is still there."""
        if self._counted:
            self._counted = False
            self.server.sessions -= 1
        self.server.live.discard(self)
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
        if self.child is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.child.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.child.wait(2)
            if self.child.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.child.pid, signal.SIGKILL)
                self.child.wait()
            self.server.children.discard(self.child.pid)
            self.child = None
            if status is not None:
                with contextlib.suppress(Exception):
                    self.chan.exit(status or 0)


class DemoServer(asyncssh.SSHServer):  # type: ignore[misc]
    """Accepts anyone, offers only the demo; counts sessions against the cap."""

    def __init__(self, state: ServerState) -> None:
        self.state = state

    def begin_auth(self, username: str) -> bool:
        return False  # no authentication: there is nothing to protect behind the demo

    def session_requested(self) -> Any:
        if self.state.sessions >= self.state.max_sessions:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_RESOURCE_SHORTAGE, "bhtui: too many demo sessions, try later")
        self.state.sessions += 1
        return DemoSession(self.state)

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class ServerState:
    """What all sessions share: the command to run, the cap, the live children."""

    def __init__(self, command: list[str], max_sessions: int, idle_timeout: float) -> None:
        self.command = command
        self.max_sessions = max_sessions
        self.idle_timeout = idle_timeout
        self.sessions = 0
        self.children: set[int] = set()
        self.live: set[DemoSession] = set()


async def start_ssh(port: int, host: str, key: asyncssh.SSHKey, command: list[str],
                    max_sessions: int = 20,
                    idle_timeout: float = IDLE_TIMEOUT) -> tuple[Any, ServerState]:
    state = ServerState(command, max_sessions, idle_timeout)
    server = await asyncssh.create_server(
        lambda: DemoServer(state), host, port, server_host_keys=[key], encoding=None,
        line_editor=False, allow_scp=False, agent_forwarding=False, x11_forwarding=False,
        login_timeout=30)
    return server, state


async def serve_forever(port: int, host: str, key_path: Path, command: list[str],
                        max_sessions: int) -> None:
    key = load_or_create_host_key(key_path)
    server, _ = await start_ssh(port, host, key, command, max_sessions)
    print(f"bhtui: demo on ssh://{host}:{port} (host key {key_path}); ctrl+c stops", flush=True)
    await until_signalled()
    server.close()
