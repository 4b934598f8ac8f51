"""`bhtui serve-ssh` with a real SSH client on loopback: the demo's first screen, a resize,
quitting, a dropped client, everything that is not the demo refused, and the caps and
deadlines that keep a hostile client from holding every place."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import termios
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from bhtui.net.gate import (
    BUSY,
    INPUT_BURST,
    INPUT_RATE,
    MAX_COLUMNS,
    MAX_ROWS,
    OWN_FILES,
    PER_ADDRESS,
)
from bhtui.rules import PRESETS
from bhtui.sshd import (
    DEFAULT_TERM,
    HOST_STOPPED,
    PUSHED_OUT,
    REFUSALS_PER_CONNECTION,
    SEND_BACKLOG,
    SESSION_FILES,
    SESSIONS_PER_CONNECTION,
    DemoServer,
    ServerState,
    get_winsize,
    load_or_create_host_key,
    set_winsize,
    start_ssh,
)

from door_helpers import (
    KEYLESS,
    Clock,
    CountedBudget,
    door_within,
    flood,
    held_below,
    lowered_to,
    peak_rss,
)
from loopback import settle
from net_helpers import HANG, alive, runs_below_me

# A session's app ends by itself after SIGTERM: the server keeps its terminal open, read and
# thrown away, until it has gone (hung up first, Textual's exit used to wait for ever on its
# writer thread). So SIGKILL never comes in these tests: a session whose process outlived its
# SIGTERM would hold the tests that wait for it until HANG, and stop_all would leave it.
KILL_GRACE = 2 * HANG  # beyond HANG, the wait that would catch a session needing SIGKILL

@pytest.fixture
async def server(tmp_path, request):
    """serve-ssh in this process: its port and state. The session cap is 2, or the test's
    ``indirect`` parameter."""
    key = load_or_create_host_key(tmp_path / "key")
    cap = getattr(request, "param", 2)
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=cap,
                                 idle_timeout=60, session_deadline=HANG,
                                 kill_grace=KILL_GRACE)
    port = srv.sockets[0].getsockname()[1]
    yield port, state
    srv.close()
    await srv.wait_closed()
    await state.stop_all()  # as serve-ssh does on SIGTERM: no session's process outlives it
    assert not state.children


async def connect(port: int, address: str = "127.0.0.1") -> asyncssh.SSHClientConnection:
    """A client logged in from ``address`` (any of 127.0.0.0/8 reaches the server)."""
    return await asyncssh.connect("127.0.0.1", port, local_addr=(address, 0), **KEYLESS)


class Kept(asyncssh.SSHClientSession):
    """A client session that keeps every byte it receives."""

    def __init__(self) -> None:
        self.data = b""

    def data_received(self, data: bytes, datatype: object) -> None:
        self.data += data


async def bare_session(conn: asyncssh.SSHClientConnection
                       ) -> tuple[asyncssh.SSHClientChannel, Kept]:
    """A session channel that asks for nothing after it opens (no pty, no shell): what a
    hostile client opens to hold places. asyncssh's public calls always ask for a shell or a
    command once the channel is open, so this opens the channel itself."""
    chan = asyncssh.SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None,
                                     "strict", 2**21, 32768)
    await chan._open(b"session")
    session = chan._session = Kept()
    session.connection_made(chan)
    await chan._start_reading()  # what asyncssh does once the shell is under way
    return chan, session


async def read_until(process, text: str, limit: float = 20.0) -> str:
    seen = ""

    async def loop() -> None:
        nonlocal seen
        while text not in seen:
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise AssertionError(f"closed before {text!r}: {seen[-300:]!r}")
            seen += chunk.decode(errors="replace")
    try:
        await asyncio.wait_for(loop(), limit)
    except TimeoutError:
        raise AssertionError(f"no {text!r} within {limit} s: {seen[-600:]!r}") from None
    return seen


async def demo(conn: asyncssh.SSHClientConnection, term: str = "xterm"):
    """A pty session on ``conn``, once the demo's first screen is drawn."""
    process = await conn.create_process(term_type=term, term_size=(80, 24), encoding=None)
    await read_until(process, "Cards and their order")
    return process


async def test_a_client_sees_the_demo_the_app_redraws_when_the_window_changes_and_quits(
        server, monkeypatch):
    """Issue 11.10: the pty is the app's controlling terminal, so SIGWINCH reaches it, and
    the server's own COLUMNS/LINES do not pin the app to one size."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    port, state = server
    async with await connect(port) as conn:
        process = await demo(conn, "xterm-256color")
        (session,) = state.live
        assert get_winsize(session.master) == (80, 24)
        process.change_terminal_size(100, 30)
        await read_until(process, "\x1b[30;")  # the app draws a row that 24 lines lack
        assert get_winsize(session.master) == (100, 30)
        pid = session.child.pid
        process.stdin.write(b"\x11")  # ctrl+q, then confirm
        await read_until(process, "Quit (y)")
        process.stdin.write(b"y")
        await asyncio.wait_for(process.wait_closed(), 20)
    await settle(lambda: not alive(pid) and state.sessions == 0 and not state.live)


async def test_a_visitors_demo_runs_below_the_doors_priority(server):
    """A visitor's analysis or bots never slow the door, or a table hosted beside it: the
    app and every thread it starts run VISITOR_NICENESS below the server."""
    port, state = server
    async with await connect(port) as conn:
        await demo(conn)
        (session,) = state.live
        assert runs_below_me(session.child.pid)


async def test_a_window_of_65535_by_65535_is_taken_as_large_as_a_screen_can_be(server):
    """Issue 27.1: a visitor's size is clamped to MAX_COLUMNS × MAX_ROWS when the pty is
    asked for and at every window change, so the app never draws (and holds) a screen of
    gigabytes: taken as asked, 65535² took a child past 3 GiB within 14 s."""
    port, state = server
    async with await connect(port) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(65535, 65535),
                                            encoding=None)
        await read_until(process, "Cards and their order")
        (session,) = state.live
        assert get_winsize(session.master) == (MAX_COLUMNS, MAX_ROWS)
        process.change_terminal_size(80, 24)
        await read_until(process, "\x1b[24;")
        process.change_terminal_size(65535, 65535)
        await read_until(process, f"\x1b[{MAX_ROWS};")  # drawn again, as large as it gets
        assert get_winsize(session.master) == (MAX_COLUMNS, MAX_ROWS)
        assert peak_rss(session.child.pid) < 200 * 2**20


async def stalling_relay(port: int) -> tuple[asyncio.Server, asyncio.Event]:
    """A TCP relay to the server whose bytes reach the client only while the event it gives
    is set (it is at first): a link that stalls."""
    flowing = asyncio.Event()
    flowing.set()
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                       gated: bool) -> None:
            while data := await src.read(65536):
                if gated:
                    await flowing.wait()
                dst.write(data)
            dst.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True),
                             return_exceptions=True)

    return await asyncio.start_server(handle, "127.0.0.1", 0), flowing


def written(pid: int) -> int:
    """The bytes a process has written so far (its /proc io count)."""
    with open(f"/proc/{pid}/io") as io:
        return int(next(line for line in io if line.startswith("wchar:")).split()[1])


def unread(fd: int) -> int:
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]


async def test_a_channel_closed_while_the_app_draws_leaves_no_traceback(server, caplog):
    """Issue 27.3: the server closes a channel whose client is slow to answer, and the app
    draws meanwhile: the session hears of the close only once the client has answered, and
    every write of the app's output in between raised BrokenPipeError in the loop's callback
    (a traceback in the server's log each time). Now what comes meanwhile is dropped."""
    port, state = server
    relay, flowing = await stalling_relay(port)
    try:
        async with await connect(relay.sockets[0].getsockname()[1]) as conn:
            await demo(conn)
            (session,) = state.live
            pid, before = session.child.pid, written(session.child.pid)
            flowing.clear()
            session.chan.close()  # the client will not hear of it for now
            set_winsize(session.master, 100, 30)  # the app draws again, at once
            await settle(lambda: written(pid) > before and not unread(session.master))
            flowing.set()
            await settle(lambda: not state.live)
    finally:
        relay.close()
    noise = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not noise, [r.getMessage() for r in noise]


async def test_a_client_that_reads_nothing_holds_no_more_than_the_bound_and_is_dropped(
        server, monkeypatch, caplog):
    """Found by a hostile pass: a client offered a 4 GiB window and read nothing while its
    window changed size again and again, so the app redrew, and the server held all that
    output for it (asyncssh pauses nothing for a full socket), 1.4 MB more each second. Now
    past SEND_BACKLOG the app is no longer read, and a client that leaves it unread for
    STALL_LIMIT is dropped; another visitor is served all the while."""
    monkeypatch.setattr("bhtui.sshd.STALL_LIMIT", 1.0)
    caplog.set_level(logging.INFO, "bhtui.ssh")
    port, state = server
    relay, flowing = await stalling_relay(port)
    try:
        async with await connect(relay.sockets[0].getsockname()[1]) as hog, \
                await connect(port, "127.0.0.3") as other:
            chan, kept = await hog.create_session(Kept, term_type="xterm",
                                                  term_size=(80, 24), window=2**32 - 1,
                                                  encoding=None)
            await settle(lambda: b"Cards and their order" in kept.data)
            (session,) = state.live
            door, pid = session.door, session.child.pid
            visitor = await demo(other)
            flowing.clear()  # the hog reads nothing from now on
            peak, size = 0, 0
            while not door.lost:
                size += 1
                chan.change_terminal_size(500 - size % 2, 200)  # a screen drawn anew
                peak = max(peak, door.backlog())
                assert peak <= SEND_BACKLOG + 2 * 65536, peak
                await asyncio.sleep(0.05)  # the hog's pace: a resize now and then
            visitor.stdin.write(b"\x1b[6~")  # PageDown: the next chapter
            await read_until(visitor, "2 · ")
            await settle(lambda: not alive(pid) and state.sessions == 1)
        flowing.set()
    finally:
        relay.close()
    assert "dropped 127.0.0.1: it read none of its output for 1 s" in caplog.messages


async def test_a_client_whose_end_stopped_is_let_go_by_the_keepalives(tmp_path):
    """A laptop put to sleep, or an ssh frozen with ^Z, answers nothing: its place at the
    door (20 in all) was held the whole IDLE_TIMEOUT. Unanswered keep-alive requests end it
    now, while a visitor whose client answers them stays."""
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2,
                                 idle_timeout=10 * HANG, session_deadline=HANG,
                                 kill_grace=KILL_GRACE, keepalive=(0.3, 2))
    port = srv.sockets[0].getsockname()[1]
    relay, flowing = await stalling_relay(port)
    try:
        async with await connect(relay.sockets[0].getsockname()[1]) as asleep:
            await demo(asleep)
            (first,) = state.live
            pid = first.child.pid
            awake = await connect(port, "127.0.0.3")
            visitor = await demo(awake)
            flowing.clear()  # nothing reaches the sleeper: he answers nothing
            await settle(lambda: not alive(pid) and state.sessions == 1)
            visitor.stdin.write(b"\x1b[6~")  # PageDown: the next chapter
            await read_until(visitor, "2 · ")
            awake.close()
        flowing.set()
    finally:
        relay.close()
        srv.close()
        await srv.wait_closed()
        await state.stop_all()


async def test_exec_subsystems_and_forwarding_are_refused(server):
    """A command is refused in words (QA: ``ssh -p PORT HOST ls /`` read only "exec request
    failed on channel 0"), and nothing runs for it."""
    port, state = server
    async with await connect(port) as conn:
        ran = await conn.run("ls /")
        assert (ran.exit_status, ran.stdout) == (1, (
            "\r\nbhtui: this door runs no command, only an interactive session: type "
            f"ssh -p {port} 127.0.0.1 with nothing after it.\r\n"))
        assert not state.children
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.Error)):
            await conn.create_process(subsystem="sftp")
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.Error, OSError)):
            await conn.forward_local_port("127.0.0.1", 0, "127.0.0.1", 22)
            (await conn.open_connection("127.0.0.1", 22))


@pytest.mark.parametrize("server", [1], indirect=True)
async def test_the_session_cap_refuses_one_more_and_a_client_that_drops_frees_its_place(server):
    """A cap of one refuses a second session. The first client drops mid-session: its app
    ends on the SIGTERM, its terminal drained until then (it hung in its exit when the pty
    was closed first, and only the SIGKILL after the grace ended it); the server goes on and
    the one refused gets the demo now."""
    port, state = server
    first, second = await connect(port), await connect(port)
    try:
        await demo(first)
        with pytest.raises(asyncssh.ChannelOpenError, match="the server is full"):
            await second.create_process(term_type="xterm", term_size=(80, 24))
        pid = next(iter(state.live)).child.pid
        first.abort()  # the Wi-Fi is gone
        await settle(lambda: not alive(pid) and state.sessions == 0)
        await demo(second)
    finally:
        first.close()
        second.close()


def test_the_host_key_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "data" / "key"
    first = load_or_create_host_key(path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert load_or_create_host_key(path).export_public_key() == first.export_public_key()


# ----- what a hostile or unlucky visitor must not break (issue 13.4, 13.5, 13.9; 11.10) -----
def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_megabyte_of_random_input_never_stalls_the_server_and_sigterm_stops_it(tmp_path):
    """Issue 13.4: pty writes never block the loop; later logins work; SIGTERM is answered."""
    import signal
    import sys

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "serve-ssh", "--bind", "127.0.0.1", "--port", str(port),
         "--host-key", str(tmp_path / "key")],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "demo on ssh://" in server.stdout.readline()
        conn = await connect(port)
        process = await demo(conn)
        process.stdin.write(random.Random(13).randbytes(1 << 20))
        with contextlib.suppress(Exception):  # the demo may end on some byte of the noise
            await asyncio.wait_for(process.stdin.drain(), 30)
        async with await connect(port) as later:  # another visitor, meanwhile
            await demo(later)
        conn.abort()
        server.send_signal(signal.SIGTERM)
        assert server.wait(15) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


async def test_closing_the_terminal_of_serve_ssh_stops_it_cleanly(tmp_path):
    """serve-ssh stopped on SIGINT and SIGTERM only: closing the terminal it ran in (SIGHUP,
    as tmux kill-session does) killed it on the spot, and each visitor's 0700 folder stayed
    in the temporary directory. It now stops as on SIGTERM, and leaves nothing there."""
    import signal
    import sys

    port, scratch = free_port(), tmp_path / "tmp"
    scratch.mkdir()
    server = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "serve-ssh", "--bind", "127.0.0.1", "--port", str(port),
         "--host-key", str(tmp_path / "key")],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data"), "TMPDIR": str(scratch)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "demo on ssh://" in server.stdout.readline()
        conn = await connect(port)
        await demo(conn)
        assert [p.name[:10] for p in scratch.iterdir()] == ["bhtui-ssh-"]
        server.send_signal(signal.SIGHUP)
        assert server.wait(15) == 0
        assert list(scratch.iterdir()) == []
        conn.abort()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_serve_ssh_for_a_table_says_it_serves_that_table(tmp_path):
    """`serve-ssh --table` said "demo on ssh://..." though its visitors get the table's
    menu, as serve-web's line says. The key's path is said cleaned: an escape sequence in
    the --host-key given reached the terminal."""
    import sys

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "serve-ssh", "--bind", "127.0.0.1", "--port", str(port),
         "--host-key", str(tmp_path / "key\x1b]2;PWNED\x07"), "--table", "127.0.0.1:4711"],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert line == (f"bhtui: the table 127.0.0.1:4711 on ssh://127.0.0.1:{port} (host key "
                        f"{tmp_path}/key); ctrl+c stops\n")  # (the sequence out whole)
    finally:
        server.kill()  # (it says its line a moment before it answers SIGTERM)
        server.wait(HANG)


async def test_serve_ssh_on_any_free_port_says_the_one_it_was_given(tmp_path):
    """`--port 0` picks a free port: the line said "ssh://127.0.0.1:0", which no one can
    reach. It names the port the system gave, where a visitor logs in."""
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bhtui", "serve-ssh", "--bind", "127.0.0.1", "--port", "0",
        "--host-key", str(tmp_path / "key"), stdout=subprocess.PIPE,
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data")})
    try:
        assert server.stdout is not None
        line = (await asyncio.wait_for(server.stdout.readline(), HANG)).decode()
        found = re.search(r" on ssh://127\.0\.0\.1:(\d+) ", line)
        assert found and found.group(1) != "0", line
        async with await connect(int(found.group(1))) as conn:
            await demo(conn)
    finally:
        server.kill()
        await server.wait()


async def test_connections_that_open_no_session_are_capped_and_closed(tmp_path):
    """Issue 13.9, 27.2: at most twice the session cap of connections wait without a session
    (a newcomer while all are in their first moments is turned away); they are closed when
    they open none in time."""
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2, idle_timeout=60,
                                 session_deadline=1.0, kill_grace=KILL_GRACE)
    port = srv.sockets[0].getsockname()[1]
    idle = [await connect(port) for _ in range(4)]
    try:
        for _ in range(4):
            with pytest.raises((asyncssh.Error, OSError)):
                await connect(port)
        assert len(state.gate) == state.max_connections == 4
        await asyncio.wait_for(asyncio.gather(*(c.wait_closed() for c in idle)), 20)
        assert state.connections == 0
        async with await connect(port) as conn:  # and a real visitor still gets the demo
            await demo(conn)
    finally:
        for c in idle:
            c.abort()
        srv.close()
        await state.stop_all()


async def test_idle_connections_held_open_never_keep_a_real_visitor_out(server):
    """Issue 27.2: someone holds twice the session cap of connections without a session,
    opening another whenever the server closes one (which refused every real login): each
    real visitor pushes out the oldest of them and gets the demo. The ones pushed out come
    back at once and push out the rest, never the visitor in his first moments (the door's
    clock is the test's: time passes between visitors, and only then)."""
    port, state = server
    clock = Clock()
    state.gate.clock = clock
    opened = held = 0

    async def hold() -> None:
        nonlocal opened, held
        while True:
            with contextlib.suppress(asyncssh.Error, OSError):
                conn = await connect(port)
                opened += 1
                held += 1
                await conn.wait_closed()
                held -= 1

    holders = [asyncio.create_task(hold()) for _ in range(state.max_connections)]
    try:
        for _ in range(3):
            await settle(lambda: held == len(holders))  # all logged in, idle at the door
            clock.now += state.gate.fresh  # and they have sat there a while
            async with await connect(port) as conn:
                await demo(conn)
        assert opened > len(holders)  # pushed out, they came back
    finally:
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)


async def test_more_addresses_than_places_coming_back_never_keep_a_newcomer_out(server):
    """Found by a hostile pass: 48 addresses, each holding one idle connection and opening
    another whenever it was closed, kept newcomers out of a door of 40 places for up to
    110 s, each told only "Connection reset". Two addresses more than the door has places
    do so here: once the ones at the door have sat there a while, the two outside push out
    two of them, who came back and pushed out the other two; every place was fresh again
    and the visitor was turned away. Now an address pushed out for another's pushes no one
    out for a while: the visitor finds a place and gets the demo, and every holder turned
    away is told why (the door's clock is the test's: time passes once, and only then)."""
    port, state = server
    clock = Clock()
    state.gate.clock = clock
    held = 0
    refusals: list[str] = []

    async def hold(address: str) -> None:
        nonlocal held
        while True:
            try:
                conn = await connect(port, address)
            except (asyncssh.Error, OSError) as exc:
                refusals.append(str(exc))
                continue
            held += 1
            await conn.wait_closed()
            held -= 1

    places = state.max_connections
    holders = [asyncio.create_task(hold(f"127.0.0.{n}")) for n in range(2, places + 4)]
    try:
        await settle(lambda: held == places and len(refusals) >= 10)
        clock.now += state.gate.fresh  # the ones at the door have sat there a while
        turned_away = len(refusals)
        await settle(lambda: len(refusals) >= turned_away + 20)  # the rest came back, again
        async with await connect(port, "127.0.1.1") as conn:
            await demo(conn)
        assert refusals and all(BUSY in told or PUSHED_OUT in told for told in refusals)
    finally:
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)


async def test_a_door_under_a_low_descriptor_limit_serves_what_it_holds_and_says_so(tmp_path):
    """A --max-sessions beyond what the process's descriptor limit (ulimit -n) holds let the
    door accept connections until it could accept none: a flood from many addresses got
    resets or hung, and its log took a traceback for each try ("socket.accept() out of
    system resource"). The door now serves what the limit holds, says so once at start, and
    tells everyone beyond it why in its own words: the connections past its waiting room
    that it is busy, a session past the cap that the server is full."""
    limit = OWN_FILES + SESSION_FILES + 2  # one session and its two waiting connections
    port = free_port()
    door = door_within(limit, "serve-ssh", "--bind", "127.0.0.1", "--port", str(port),
                       "--host-key", str(tmp_path / "key"), "--max-sessions", "1000",
                       env={"BHTUI_DATA_DIR": str(tmp_path / "data")})
    try:
        told = await flood(port, 150, kept=2)
        assert sum(BUSY.encode() in words or PUSHED_OUT.encode() in words  # (once not fresh)
                   for words in told) == 148
        async with await connect(port) as conn, await connect(port) as other:
            await demo(conn)
            with pytest.raises(asyncssh.ChannelOpenError, match=r"the server is full \(1 "):
                await other.create_process(term_type="xterm", term_size=(80, 24))
    finally:
        door.terminate()
        _, errors = door.communicate(timeout=HANG)
    assert errors.splitlines()[0] == (
        f"bhtui ssh: --max-sessions 1000 lowered to 1: all that {limit} open files "
        "(ulimit -n) hold; raise that limit for more")
    assert "Traceback" not in errors and "out of system resource" not in errors, errors


def test_a_descriptor_limit_that_holds_no_session_stops_the_door_in_one_line(tmp_path):
    """Where the limit leaves no room for one session beside the door's own files, the
    door does not start to fail at its first visitor: it says so and stops."""
    limit = OWN_FILES + SESSION_FILES
    run = subprocess.run(
        [sys.executable, "-m", "bhtui", "serve-ssh", "--bind", "127.0.0.1", "--port", "0",
         "--host-key", str(tmp_path / "key")], preexec_fn=lowered_to(limit),
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data")}, capture_output=True,
        text=True, timeout=HANG)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", (
        f"bhtui: cannot serve SSH on 127.0.0.1:0: {limit} open files (ulimit -n) are too few "
        "for a door to serve anyone; raise that limit\n"))


async def test_two_visitors_of_a_table_through_serve_ssh_each_get_their_own_seat(tmp_path):
    """Issue 13.5: each SSH session is its own player; no seat token is shared."""
    from bhtui.bots import make_bot
    from bhtui.net.host import Seat, Table
    from bhtui.net.tcp import serve_table

    seats = [Seat(), Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                for i in range(2, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=5, rounds=1, bot_delay=0.0)
    tcp = await serve_table(table, "127.0.0.1", 0)
    address = f"127.0.0.1:{tcp.sockets[0].getsockname()[1]}"
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["menu", address], max_sessions=4,
                                 idle_timeout=60, session_deadline=HANG,
                                 kill_grace=KILL_GRACE)
    port = srv.sockets[0].getsockname()[1]
    conns = [await connect(port) for _ in range(2)]
    try:
        for n, conn in enumerate(conns, 1):
            process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                                encoding=None)
            await read_until(process, "name")  # the menu: a name, then watch / take a seat
            process.stdin.write(f"Guest{n}\r".encode())
            await read_until(process, "take a seat")
            process.stdin.write(b"\x1b[B\r")  # down, Enter: take a seat
            await settle(lambda n=n: sum(1 for s in table.seats if s.conn is not None) == n)
        holders = [s.conn for s in table.seats[:2]]
        assert all(holders) and holders[0] is not holders[1] and table.seats_taken() == 5
        assert sorted(s.name for s in table.seats[:2]) == ["Guest1", "Guest2"]
    finally:
        for conn in conns:
            conn.close()
        srv.close()
        await state.stop_all()
        tcp.close()


async def take_a_seat(conn: asyncssh.SSHClientConnection, name: str, shown: str
                      ) -> tuple[asyncssh.SSHClientProcess, str]:
    """A visit to a table's menu that gives ``name`` and takes a seat: its process, and what
    its screen shows until ``shown``."""
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    menu = await read_until(process, "name")
    process.stdin.write(f"{name}\r".encode())
    menu += await read_until(process, "take a seat")
    process.stdin.write(b"\x1b[B\r")  # down, Enter: take a seat
    return process, menu + await read_until(process, shown)


async def test_a_visitor_who_drops_takes_his_seat_back_with_his_key_and_nobody_else(tmp_path):
    """QA: an SSH visitor whose link dropped mid-match came back to "Could not join: no free
    seat at this table; you can watch", his seat played by a bot to the end: its token went
    with his visit's folder. The door now keeps it for the SSH key he logged in with (and
    his quit question says so); one who comes with no key and types his name is still
    refused — and told, before he sits down, that his seat is not kept (he had heard it
    only as he quit, his seat long gone if his link had dropped)."""
    sams = {**KEYLESS, "client_keys": [asyncssh.generate_private_key("ssh-ed25519")]}
    async with one_seat_door(tmp_path) as (table, port):
        sam = await asyncssh.connect("127.0.0.1", port, **sams)
        assert "without an SSH key" not in (await take_a_seat(sam, "Sam", "Waiting room"))[1]
        table.start()
        sam.close()  # his link drops mid-match
        await settle(lambda: table.seats[0].conn is None and table.seats[0].taken)
        async with asyncssh.connect("127.0.0.1", port, **KEYLESS) as stranger:
            _, said = await take_a_seat(stranger, "Sam", "Could not join")
            assert "You came in without an SSH key" in said and "no free seat" in said
        async with asyncssh.connect("127.0.0.1", port, **sams) as sam:
            process, _ = await take_a_seat(sam, "Sam", "Your hand")
            assert table.seats[0].conn is not None and table.seats[0].name == "Sam"
            process.stdin.write(b"\x11")  # ctrl+q
            await read_until(process, "until you come in with this SSH")  # (how to come back)


async def test_a_visitor_known_again_finds_his_name_in_the_table_menu(tmp_path):
    """QA: back for his seat with his key, a visitor had to type his name again in the
    table's menu. The door keeps it with his seat: Enter is all he needs. One who comes
    with no key (the door does not know him) finds the field empty, as before."""
    sams = {**KEYLESS, "client_keys": [asyncssh.generate_private_key("ssh-ed25519")]}
    async with one_seat_door(tmp_path) as (table, port):
        sam = await asyncssh.connect("127.0.0.1", port, **sams)
        await take_a_seat(sam, "Sam", "Waiting room")
        table.start()
        sam.close()  # his link drops mid-match
        await settle(lambda: table.seats[0].conn is None and table.seats[0].taken)
        async with asyncssh.connect("127.0.0.1", port, **KEYLESS) as stranger:
            process = await stranger.create_process(term_type="xterm", term_size=(80, 24),
                                                    encoding=None)
            await read_until(process, "name")
            process.stdin.write(b"\r")
            await read_until(process, "Type your name first")
        async with asyncssh.connect("127.0.0.1", port, **sams) as sam:
            await take_a_seat(sam, "", "Your hand")  # Enter alone: his name is in the field
            assert table.seats[0].conn is not None and table.seats[0].name == "Sam"


async def test_a_visitor_back_before_the_door_saw_his_link_die_takes_his_seat_over(tmp_path):
    """A link that dies without a word (Wi-Fi gone) is seen dropped only when the door's
    keep-alives give up, minutes later; the visitor comes back with his key before that,
    and the door had not kept his seat's token yet: "no free seat". It is read from his
    visit still open, and his new visit takes the seat over from the old one."""
    sams = {**KEYLESS, "client_keys": [asyncssh.generate_private_key("ssh-ed25519")]}
    async with one_seat_door(tmp_path) as (table, port):
        relay, flowing = await stalling_relay(port)
        try:
            async with asyncssh.connect("127.0.0.1", relay.sockets[0].getsockname()[1],
                                        **sams) as old:
                await take_a_seat(old, "Sam", "Waiting room")
                table.start()
                flowing.clear()  # his link dies; the door hears nothing of it
                held = table.seats[0].conn
                async with asyncssh.connect("127.0.0.1", port, **sams) as sam:
                    await take_a_seat(sam, "Sam", "Your hand")
                    assert table.seats[0].conn not in (None, held)
                flowing.set()
        finally:
            relay.close()


@contextlib.asynccontextmanager
async def one_seat_door(tmp_path: Path):
    """A table of one free seat and four bots slow to play, and serve-ssh offering it: the
    table and the door's port."""
    from bhtui.bots import make_bot
    from bhtui.net.host import Seat, Table
    from bhtui.net.tcp import serve_table

    table = Table(PRESETS["qingdao"], [Seat()] + [
        Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(1, 5)],
        seed=5, rounds=1, bot_delay=30.0)
    tcp = await serve_table(table, "127.0.0.1", 0)
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key,
                                 ["menu", f"127.0.0.1:{tcp.sockets[0].getsockname()[1]}"],
                                 max_sessions=4, idle_timeout=60, session_deadline=HANG,
                                 kill_grace=KILL_GRACE)
    try:
        yield table, srv.sockets[0].getsockname()[1]
    finally:
        srv.close()
        await state.stop_all()
        tcp.close()


def test_a_key_offered_and_not_proved_names_nobody():
    """A public key is public: a stranger who offers a visitor's, then logs in without it
    (keyboard-interactive), is not taken for him, and finds none of his seats."""
    door = DemoServer(ServerState(["demo"], 2, 60))
    someone = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
    assert door.validate_public_key("anyone", someone)  # asked before any proof
    assert door.get_kbdint_challenge("anyone", "", "") is True
    door.auth_completed()
    assert door.visitor is None


def test_the_host_key_is_private_from_the_moment_it_exists(tmp_path, monkeypatch):
    """Issue 13.10: created 0600 (in a 0700 folder), not chmod-ed after writing."""
    monkeypatch.setattr(Path, "chmod", lambda *a, **k: None)
    monkeypatch.setattr(os, "chmod", lambda *a, **k: None)
    old = os.umask(0o022)
    try:
        load_or_create_host_key(tmp_path / "data" / "key")
    finally:
        os.umask(old)
    assert oct((tmp_path / "data" / "key").stat().st_mode & 0o777) == "0o600"
    assert oct((tmp_path / "data").stat().st_mode & 0o777) == "0o700"


@pytest.mark.parametrize("named, message", [
    ("junk", "not an SSH private key this server can read"),
    ("missing/key", "there is no folder"),
])
def test_a_host_key_that_cannot_serve_is_refused_in_one_line_and_makes_nothing(
        tmp_path, cli, monkeypatch, named, message):
    """--host-key /etc/passwd ended in a KeyImportError traceback, and a typo in the folder
    made that folder and a new key, so visitors met a new identity without a warning."""
    def started(*_: object, **__: object) -> None:
        raise AssertionError("served with a key that cannot serve")

    monkeypatch.setattr("bhtui.sshd.start_ssh", started)
    (tmp_path / "junk").write_text("not a key\n")
    before = sorted(tmp_path.rglob("*"))
    out = cli("serve-ssh", "--port", "0", "--bind", "127.0.0.1",
              "--host-key", str(tmp_path / named))
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert sorted(tmp_path.rglob("*")) == before and (tmp_path / "junk").read_text() == "not a key\n"


def test_a_host_key_named_by_hand_is_made_private_and_its_folder_left_as_it_was(tmp_path):
    """The data folder's key makes its folder 0700; a key named by hand may sit in a home
    folder, whose mode is the owner's business."""
    folder = tmp_path / "keys"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    load_or_create_host_key(folder / "key", own_folder=False)
    assert oct((folder / "key").stat().st_mode & 0o777) == "0o600"
    assert oct(folder.stat().st_mode & 0o777) == "0o755"


# ----- a client holding places without running the demo (found by a hostile pass) -----
async def test_session_channels_that_ask_for_no_shell_are_closed_and_free_their_places(
        server, monkeypatch):
    """One connection opened bare session channels (no pty, no shell), as many as the cap,
    and held every place for as long as it stayed: each honest visitor was told the server
    was full. Now a channel that asks for no shell within SHELL_DEADLINE is told so and
    closed, its place free at once; the hog's connection may stay, a visitor gets in."""
    monkeypatch.setattr("bhtui.sshd.SHELL_DEADLINE", 0.5)
    port, state = server
    hog = await connect(port, "127.0.0.2")
    try:
        bare = [await bare_session(hog) for _ in range(state.max_sessions)]
        for chan, session in bare:
            await asyncio.wait_for(chan.wait_closed(), HANG)
            assert b"no shell asked for within 0.5 s" in session.data
        monkeypatch.setattr("bhtui.sshd.SHELL_DEADLINE", HANG)  # the visitor's is honest
        async with await connect(port) as visitor:
            await demo(visitor)
            assert state.sessions == 1 and not hog.is_closed()
    finally:
        hog.close()


async def test_a_connection_whose_session_starts_no_demo_is_closed_at_the_session_deadline(
        tmp_path, monkeypatch):
    """The deadline for starting a session stopped at the first channel opened: a channel
    that started nothing let its connection stay for good. It stops only once the demo
    starts, so such a connection is closed at the deadline, channel and all."""
    monkeypatch.setattr("bhtui.sshd.SHELL_DEADLINE", HANG)
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2, idle_timeout=60,
                                 session_deadline=0.5, kill_grace=KILL_GRACE)
    port = srv.sockets[0].getsockname()[1]
    hog = await connect(port)
    try:
        chan, _ = await bare_session(hog)
        await asyncio.wait_for(hog.wait_closed(), HANG)
        await settle(lambda: state.sessions == 0 and state.connections == 0)
    finally:
        hog.abort()
        srv.close()
        await state.stop_all()


@pytest.mark.parametrize("server", [8], indirect=True)
async def test_sessions_are_capped_per_connection_and_per_address_others_still_get_in(
        server, monkeypatch):
    """One connection, or one address, could take every place. A connection holds at most
    SESSIONS_PER_CONNECTION sessions and an address PER_ADDRESS (as at the web door); one
    more is refused in words that say why, and a visitor from elsewhere gets the demo."""
    monkeypatch.setattr("bhtui.sshd.SHELL_DEADLINE", HANG)
    port, state = server
    hogs = [await connect(port, "127.0.0.2") for _ in range(3)]
    try:
        for _ in range(SESSIONS_PER_CONNECTION):
            await bare_session(hogs[0])
        with pytest.raises(asyncssh.ChannelOpenError, match="one connection holds at most 2"):
            await bare_session(hogs[0])
        while state.sessions < PER_ADDRESS:
            await bare_session(hogs[1])
        with pytest.raises(asyncssh.ChannelOpenError,
                           match=r"full for your address \(4 sessions from it\)"):
            await bare_session(hogs[2])
        assert state.sessions == PER_ADDRESS < state.max_sessions
        async with await connect(port) as visitor:
            await demo(visitor)
    finally:
        for hog in hogs:
            hog.close()


@pytest.mark.parametrize("server", [4], indirect=True)
async def test_a_connection_refused_again_and_again_is_said_once_and_dropped(
        server, monkeypatch, caplog):
    """Found by a hostile pass: a connection holding its two sessions sent session opens
    without end, and each refusal wrote a line in the host's log (37,000 in 17 s). The
    first refusal is said, the connection dropped after REFUSALS_PER_CONNECTION of them;
    another visitor gets in."""
    monkeypatch.setattr("bhtui.sshd.SHELL_DEADLINE", HANG)
    caplog.set_level(logging.INFO, "bhtui.ssh")
    port, state = server
    async with await connect(port, "127.0.0.2") as hog:
        for _ in range(SESSIONS_PER_CONNECTION):
            await bare_session(hog)
        for _ in range(2 * REFUSALS_PER_CONNECTION):
            with contextlib.suppress(asyncssh.Error, OSError):
                await bare_session(hog)
                raise AssertionError("a third session on one connection")
        assert [m for m in caplog.messages if "127.0.0.2" in m] == [
            "refused 127.0.0.2: one connection holds at most 2 sessions; end one of them "
            "or connect again.",
            f"dropped 127.0.0.2: it was refused {REFUSALS_PER_CONNECTION} requests"]
        await asyncio.wait_for(hog.wait_closed(), HANG)
    async with await connect(port) as visitor:
        await demo(visitor)


async def test_a_visitor_refused_a_seat_is_told_what_he_can_do_through_the_door(tmp_path):
    """A visitor whose seat was refused at a full table read "To watch it: bhtui watch
    127.0.0.1:…", a command he cannot run (the door runs his bhtui, on the door's machine):
    the app knows it runs behind the door, and says to come in again and watch."""
    from bhtui.bots import make_bot
    from bhtui.net.host import Seat, Table
    from bhtui.net.tcp import serve_table

    table = Table(PRESETS["qingdao"], [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                       for i in range(5)], seed=5, rounds=1, bot_delay=30.0)
    tcp = await serve_table(table, "127.0.0.1", 0)
    table.start()
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key,
                                 ["menu", f"127.0.0.1:{tcp.sockets[0].getsockname()[1]}"],
                                 max_sessions=2, idle_timeout=60, session_deadline=HANG,
                                 kill_grace=KILL_GRACE)
    try:
        async with await connect(srv.sockets[0].getsockname()[1]) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                                encoding=None)
            await read_until(process, "name")
            process.stdin.write(b"Vis\r")
            await read_until(process, "take a seat")
            process.stdin.write(b"\x1b[B\r")  # down, Enter: take a seat
            seen = await read_until(process, "come in again and choose to watch")
            assert "no free seat" in seen and "bhtui watch" not in seen
    finally:
        srv.close()
        await state.stop_all()
        tcp.close()


def environment(pid: int) -> dict[str, str]:
    """The environment process ``pid`` was started with."""
    with open(f"/proc/{pid}/environ", "rb") as environ:
        pairs = environ.read().decode(errors="replace").split("\0")
    return dict(pair.split("=", 1) for pair in pairs if "=" in pair)


@pytest.mark.parametrize("term, given", [
    ("xterm\0", DEFAULT_TERM),
    ("\x1b]0;owned\x07", DEFAULT_TERM),
    ("../../../tmp/terminfo", DEFAULT_TERM),
    ("x" * 300, DEFAULT_TERM),
    ("", DEFAULT_TERM),
    ("screen.xterm-256color", "screen.xterm-256color"),
], ids=["nul", "escape", "path", "300-long", "none", "real"])
async def test_a_term_that_is_no_terminal_name_is_replaced_and_the_visitor_gets_the_demo(
        server, term, given):
    """A visitor's TERM went into the app's environment as sent: one with a NUL made the
    app's start fail, so he got nothing at all (and the door kept the pty open for good).
    A TERM that is no terminfo name is replaced by DEFAULT_TERM; a real one is kept."""
    port, state = server
    async with await connect(port) as conn:
        await demo(conn, term)
        (session,) = state.live
        assert environment(session.child.pid)["TERM"] == given


def terminals_open() -> int:
    """The pty masters this process holds open (the door runs in it): a leak shows here."""
    count = 0
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):  # the listing's own descriptor, closed by now
            count += os.readlink(fd) in ("/dev/ptmx", "/dev/pts/ptmx")
    return count


def failing(exc: Exception) -> Callable[..., object]:
    """A stand-in for a system call that fails with ``exc``, as the real one can."""
    def call(*_: object, **__: object) -> object:
        raise exc
    return call


@pytest.mark.parametrize("where, exc", [
    ("subprocess.Popen", ValueError("embedded null byte")),
    ("subprocess.Popen", subprocess.SubprocessError("Exception occurred in preexec_fn.")),
    ("tempfile.mkdtemp", OSError(errno.ENOSPC, "No space left on device")),
    ("pty.openpty", OSError(errno.EAGAIN, "Out of pseudo-terminals")),
], ids=["app-refused", "app-preexec", "no-folder", "no-terminal"])
async def test_an_app_that_cannot_start_is_said_in_one_line_and_leaves_nothing_open(
        server, tmp_path, monkeypatch, caplog, where, exc):
    """Popen's ValueError (a NUL in the environment) was not caught: the visitor got 0 bytes
    and a hung channel, the host no log line, and the pty's master stayed open, one per
    session. Whatever fails while the app starts, the visitor reads one line and his channel
    ends, the host's log says why, and no terminal, folder or place is left behind."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the sessions' data folders
    monkeypatch.setattr(f"bhtui.sshd.{where}", failing(exc))
    port, state = server
    before = terminals_open()
    async with await connect(port) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                            encoding=None)
        said = await asyncio.wait_for(process.stdout.read(), HANG)  # until the channel ends
        await asyncio.wait_for(process.wait_closed(), HANG)
    assert said == b"\r\nbhtui: cannot start the app now; try later.\r\n"
    assert process.exit_status == 1
    assert terminals_open() == before and not list(tmp_path.glob("bhtui-ssh-*"))
    assert state.sessions == 0 and not state.live
    logged = [r.getMessage() for r in caplog.records if r.name == "bhtui.ssh"]
    assert logged == [f"cannot start an app for 127.0.0.1: {exc}"]


def test_starting_a_door_prints_no_warnings_of_the_libraries_it_runs_on():
    """asyncssh names DSA's types, which cryptography deprecates: a host starting
    `serve-ssh` or `serve-web` read ten lines of warnings before the door said where it
    was. Importing the doors prints nothing."""
    started = subprocess.run([sys.executable, "-W", "default", "-c", "import bhtui.webd"],
                             capture_output=True, text=True, timeout=60)
    assert started.returncode == 0 and started.stderr == ""


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


async def test_a_visitors_settings_are_his_own_the_hosts_are_never_written(
        server, tmp_path, monkeypatch):
    """Found by a hostile pass: each SSH app had its own data folder but the host's settings
    folder, so a visitor's ctrl+t wrote ``theme = "light"`` into the host's settings file,
    his F2 the host's name and language, and the next visitor got the demo in Chinese; the
    settings screen said they were saved to the host's file. Now each visitor's settings
    live in his own folder, and nothing of the host's home is written."""
    host_home = tmp_path / "host-home"
    host_home.mkdir()
    monkeypatch.setenv("HOME", str(host_home))  # the door's, which its apps inherit
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    host_settings = Path(os.environ["BHTUI_CONFIG_DIR"])  # the host's own (conftest's)
    port, state = server
    async with await connect(port) as conn:
        process = await demo(conn)
        (session,) = state.live
        own = Path(session.home) / "config" / "config.toml"
        process.stdin.write(b"\x14")  # ctrl+t: the next theme, saved at once
        await read_until(process, "this visit")  # its notice: kept for this visit, not "saved"
        process.stdin.write(b"\x1bOQ")  # F2: the settings screen, for this visit
        await read_until(process, "Settings (kept for this visit)")
        assert own.is_file() and "theme" in own.read_text()
    assert not files_under(host_settings) and not files_under(host_home)


async def test_a_flood_of_keys_reaches_the_app_only_as_fast_as_people_type(server):
    """Found by a hostile pass: Textual turns bytes into key events faster than it handles
    them, so 26 MB of keys took a visitor's app to 3.1 GB. The door now gives an app its
    visitor's input only within his InputBudget: 4 MB of keys in 1 KiB packets leave the
    app where it was while another visitor is served, and once the budget has filled again
    the flooder's own next key is answered, with nothing else queued before it."""
    port, state = server
    clock = Clock()
    async with await connect(port) as hog, await connect(port, "127.0.0.3") as other:
        flooder = await demo(hog)
        (session,) = state.live
        session.keys = keys = CountedBudget(clock)
        pid, packet, flood = session.child.pid, b"x" * 1024, 4 << 20
        for _ in range(flood // len(packet)):
            flooder.stdin.write(packet)
        visitor = await demo(other)
        visitor.stdin.write(b"\x1b[6~")  # PageDown: the next chapter
        await read_until(visitor, "2 · ")
        await settle(lambda: held_below(pid, 150 << 20) and keys.asked == flood)
        clock.now += INPUT_BURST / INPUT_RATE  # the budget is full again
        flooder.stdin.write(b"\x1b[6~")
        await read_until(flooder, "2 · ")
        assert held_below(pid, 150 << 20)


@pytest.mark.parametrize("server", [1], indirect=True)
async def test_a_visitor_who_quits_gets_exit_status_0(server):
    """Found by a hostile pass: a plain quit (ctrl+q, y) gave the ssh client exit status 1
    six times in eight: the door read the app's status when its terminal closed, a moment
    before the app had exited. It now waits for the exit itself."""
    port, _ = server
    statuses = []
    for _ in range(4):
        async with await connect(port) as conn:
            process = await demo(conn)
            process.stdin.write(b"\x11")  # ctrl+q, then confirm
            await read_until(process, "Quit (y)")
            process.stdin.write(b"y")
            await asyncio.wait_for(process.wait_closed(), HANG)
            statuses.append(process.exit_status)
    assert statuses == [0, 0, 0, 0]


def terminal_left(received: str) -> dict[str, object]:
    """The modes a visitor's terminal is left in by what it received: each mode as last set
    or reset, and the kitty keyboard modes pushed and not popped."""
    last = {int(mode): set_ == "h"
            for modes, set_ in re.findall(r"\x1b\[\?([\d;]+)([hl])", received)
            for mode in modes.split(";")}
    pushed = len(re.findall(r"\x1b\[>\d+u", received)) - len(re.findall(r"\x1b\[<\d*u", received))
    return {"alternate screen": last.get(1049), "cursor shown": last.get(25),
            "mouse": last.get(1003), "bracketed paste": last.get(2004), "kitty pushed": pushed}


GIVEN_BACK = {"alternate screen": False, "cursor shown": True, "mouse": False,
              "bracketed paste": False, "kitty pushed": 0}


async def visit_until_the_door_ends_it(conn: asyncssh.SSHClientConnection, end=None,
                                       shown: str = "Cards and their order"
                                       ) -> tuple[str, int | None]:
    """A visitor's demo until the door ends it (``end()``, awaited once ``shown`` is on his
    screen, or the door's own doing): all he received, and his exit status."""
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)
    seen = await read_until(process, shown)
    assert terminal_left(seen) != GIVEN_BACK  # (the app has taken the terminal)
    if end is not None:
        await end()
    rest = await asyncio.wait_for(process.stdout.read(), HANG)  # until the channel ends
    await asyncio.wait_for(process.wait_closed(), HANG)
    return seen + rest.decode(errors="replace"), process.exit_status


async def test_the_idle_goodbye_gives_the_visitor_his_terminal_back(tmp_path, monkeypatch):
    """Found by a hostile pass: a session the door ended for idling left the visitor's
    terminal in the app's modes (the alternate screen, mouse tracking, bracketed paste, a
    hidden cursor, the kitty keyboard protocol): the app's own restore was read and thrown
    away. Now the app is ended as by ctrl+q and its last output passed on, then the
    goodbye, on the screen he is given back. The idle second counts from the app's first
    output (the alternate screen it takes), however long a busy host takes to start the
    app: here it starts 1.5 s late (a loaded machine's import of Textual took as long),
    and the door had ended the visit before the app showed anything (``closed before
    '\x1b[?1049h'``)."""
    slow = tmp_path / "slow-python"
    slow.write_text(f"#!/bin/sh\nsleep 1.5\nexec {sys.executable} \"$@\"\n")
    slow.chmod(0o700)
    monkeypatch.setattr("bhtui.sshd.sys.executable", str(slow))
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2,
                                 idle_timeout=1.0, session_deadline=HANG,
                                 kill_grace=KILL_GRACE)
    try:
        async with await connect(srv.sockets[0].getsockname()[1]) as conn:
            received, status = await visit_until_the_door_ends_it(conn, shown="\x1b[?1049h")
    finally:
        srv.close()
        await state.stop_all()
    assert terminal_left(received) == GIVEN_BACK
    goodbye = "\r\nbhtui: idle for too long, goodbye.\r\n"
    assert received.endswith(goodbye) and received.rindex("\x1b[?1049l") < received.index(goodbye)
    assert status == 0


async def test_a_host_stopping_the_door_says_so_and_gives_the_visitor_his_terminal_back(
        server):
    """The host stopping the door (ctrl+c, SIGTERM) left the visitor on the app's screen
    with nothing said, his terminal in the app's modes. Now his app ends as by ctrl+q, and
    he reads a goodbye that says why."""
    port, state = server
    async with await connect(port) as conn:
        received, status = await visit_until_the_door_ends_it(conn, state.stop_all)
    assert terminal_left(received) == GIVEN_BACK
    assert received.endswith(f"\r\n{HOST_STOPPED}\r\n") and status == 1
    assert not state.live and not state.children


async def test_an_app_past_its_memory_ceiling_ends_and_the_door_goes_on(server, monkeypatch):
    """Whatever grows a visitor's app (a leak, a flood the InputBudget let through) stops
    at the data its process may map, APP_MEMORY (RLIMIT_DATA, set before the exec): past
    it the app ends, its session with it, and the door serves others. Here the ceiling is
    160 MiB and the budget unbounded; without a ceiling the app grew by gigabytes."""
    monkeypatch.setattr("bhtui.net.gate.APP_MEMORY", 160 << 20)
    port, state = server
    async with await connect(port) as hog, await connect(port, "127.0.0.3") as other:
        flooder = await demo(hog)
        (session,) = state.live
        session.keys = CountedBudget(Clock(), burst=1 << 40)
        pid = session.child.pid
        for _ in range(16 << 10):  # 16 MB: far more than it takes
            flooder.stdin.write(b"x" * 1024)
        await settle(lambda: held_below(pid, 200 << 20) and not alive(pid))
        await asyncio.wait_for(flooder.wait_closed(), HANG)
        assert state.sessions == 0
        visitor = await demo(other)
        visitor.stdin.write(b"\x1b[6~")
        await read_until(visitor, "2 · ")


async def test_an_app_at_its_memory_ceiling_is_killed_and_its_visitor_told(server, monkeypatch):
    """An app whose allocations fail at its ceiling may spin in its error handling instead
    of ending (a third of the times in the test above: one thread at 100 % CPU, SIGTERM
    unheeded, its place held till the idle timeout). The door looks at each app's memory
    every MEMORY_POLL and kills one at its ceiling, the visitor told and his terminal given
    back; here `at_ceiling` says so of the visitor's app once its demo is drawn."""
    port, state = server
    async with await connect(port) as conn:
        async def at_its_ceiling() -> None:
            (session,) = state.live
            pid = session.child.pid
            monkeypatch.setattr("bhtui.sshd.at_ceiling", lambda watched: watched == pid)

        received, status = await visit_until_the_door_ends_it(conn, at_its_ceiling)
    assert terminal_left(received) == GIVEN_BACK
    assert received.endswith("\r\nbhtui: the app ran out of memory; goodbye.\r\n")
    assert status == 1 and not state.live
