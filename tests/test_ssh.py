"""`bhtui serve-ssh` with a real SSH client on loopback: the demo's first screen, a resize,
quitting, a dropped client, and everything that is not the demo refused."""

from __future__ import annotations

import asyncio
import os

import asyncssh
import pytest

from bhtui.sshd import get_winsize, load_or_create_host_key, start_ssh


@pytest.fixture
async def server(tmp_path):
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2, idle_timeout=60)
    port = srv.sockets[0].getsockname()[1]
    yield port, state
    srv.close()
    await srv.wait_closed()


async def connect(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username="anyone", known_hosts=None,
                                  password=None, client_keys=None)


async def read_until(process, text: str, limit: float = 20.0) -> str:
    seen = ""

    async def loop() -> None:
        nonlocal seen
        while text not in seen:
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise AssertionError(f"closed before {text!r}: {seen[-300:]!r}")
            seen += chunk.decode(errors="replace")
    await asyncio.wait_for(loop(), limit)
    return seen


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_client_sees_the_demo_resizes_and_quits(server):
    port, state = server
    async with await connect(port) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        await read_until(process, "Cards and their order")
        (session,) = state.live
        assert get_winsize(session.master) == (80, 24)
        process.change_terminal_size(100, 30)
        await asyncio.sleep(0.3)
        assert get_winsize(session.master) == (100, 30)
        pid = session.child.pid
        process.stdin.write(b"\x11")  # ctrl+q, then confirm
        await asyncio.sleep(0.5)
        process.stdin.write(b"y")
        await asyncio.wait_for(process.wait_closed(), 20)
        await asyncio.sleep(0.2)
    assert not alive(pid) and state.sessions == 0 and not state.live


async def test_a_client_that_drops_mid_session_leaves_no_process_and_the_server_goes_on(server):
    port, state = server
    conn = await connect(port)
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    await read_until(process, "Cards and their order")
    pid = next(iter(state.live)).child.pid
    conn.abort()  # the Wi-Fi is gone
    for _ in range(100):
        if not alive(pid) and state.sessions == 0:
            break
        await asyncio.sleep(0.05)
    assert not alive(pid) and state.sessions == 0
    async with await connect(port) as again:  # the server is still there
        process = await again.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process, "Cards and their order")


async def test_exec_subsystems_and_forwarding_are_refused(server):
    port, _ = server
    async with await connect(port) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.ProcessError, asyncssh.Error)):
            await conn.run("ls /", check=True)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.Error)):
            await conn.create_process(subsystem="sftp")
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.Error, OSError)):
            await conn.forward_local_port("127.0.0.1", 0, "127.0.0.1", 22)
            (await conn.open_connection("127.0.0.1", 22))


async def test_the_session_cap_refuses_one_more(server):
    port, state = server
    conns = [await connect(port) for _ in range(3)]
    try:
        first = await conns[0].create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        second = await conns[1].create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(first, "Cards")
        await read_until(second, "Cards")
        with pytest.raises(asyncssh.ChannelOpenError, match="too many"):
            await conns[2].create_process(term_type="xterm", term_size=(80, 24))
    finally:
        for conn in conns:
            conn.close()


def test_the_host_key_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "data" / "key"
    first = load_or_create_host_key(path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert load_or_create_host_key(path).export_public_key() == first.export_public_key()
