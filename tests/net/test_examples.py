"""examples/bot_client.py plays a whole match against a headless host over TCP, waits in a
waiting room until it fills, and a bot the host refuses (a wrong join code) exits with a
failure status."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.liveness import Liveness
from bhtui.net.serve import start_when_full
from bhtui.net.tcp import listen_socket, serve_table
from bhtui.rules import PRESETS

from loopback import moves_of, settle
from net_helpers import HANG

ROOT = Path(__file__).resolve().parents[2]


EXAMPLE = str(ROOT / "examples" / "bot_client.py")


def headless_host(tmp_path, *options: str) -> tuple[subprocess.Popen, int, dict[str, str]]:
    """A headless host on a free loopback port with ``options``: it, its port, and the
    environment the example runs in beside it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         str(port), "--no-advertise", "--seed", "8", "--bot-delay", "0", *options],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return host, port, env


def example(port: int, env: dict[str, str], *options: str) -> subprocess.CompletedProcess:
    """The example bot client run to its end against the table on ``port``."""
    return subprocess.run([sys.executable, EXAMPLE, f"127.0.0.1:{port}", *options],
                          capture_output=True, text=True, timeout=120, env=env)


def test_the_example_bot_client_plays_a_match_to_its_end(tmp_path):
    host, port, env = headless_host(tmp_path, "--bots", "4", "--rounds", "2", "--code", "tea")
    try:
        assert "join code needed" in host.stdout.readline()
        stranger = example(port, env, "--code", "coffee")
        assert "host says: wrong join code" in stranger.stdout
        assert stranger.returncode == 1, "a refused bot says so in its exit status too"
        bot = example(port, env, "--code", "tea")
        assert bot.returncode == 0, bot.stderr
        assert "seated at 0" in bot.stdout and bot.stdout.count("round over") == 2
        assert "match over: totals" in bot.stdout
        assert host.wait(30) == 0  # its match over and nobody left there, it ended
    finally:
        host.terminate()
        host.wait(10)


def test_the_example_bot_client_waits_in_the_room_ready_until_the_table_fills(tmp_path):
    """In the waiting room `ready` toggles: the example said it at every room, each answered
    by a room, and flipped its mark until the host dropped it for flooding ("too many
    messages") before anyone else came. Now it says it once; a second bot fills the table
    and both play the match to its end."""
    host, port, env = headless_host(tmp_path, "--bots", "3", "--rounds", "1")
    bots: list[subprocess.Popen] = []
    try:
        assert "waiting for players" in host.stdout.readline()
        coded = example(port, env, "--code", "tea")  # it does not join a table without one
        assert coded.returncode == 1 and "asks for no join code" in coded.stdout, coded.stdout
        for name in ("First", "Second"):
            bots.append(subprocess.Popen(
                [sys.executable, "-u", EXAMPLE, f"127.0.0.1:{port}", "--name", name],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env))
            assert bots[-1].stdout.readline().startswith("seated at")  # in the room
        for bot in bots:
            out, err = bot.communicate(timeout=120)
            assert bot.returncode == 0 and "match over: totals" in out, out + err
    finally:
        for process in (*bots, host):
            process.kill()
            process.wait(10)


async def test_the_example_bot_answers_pings_so_a_stopped_one_is_let_go(tmp_path):
    """The example said protocol 3.0, which a host never pings: stopped (a debugger, a hung
    machine) while seated, it held the table for as long as the stop lasted, as no bhtui
    client can since 3.1. It now says the host's protocol and answers pings: alone in the
    waiting room it stays, saying nothing but its answers, past the host's patience many
    times over; stopped, it is let go as a lost link and a bot plays its seat to the end."""
    seats = [Seat()] + [Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True)
                        for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=4, rounds=1, bot_delay=0.01)
    liveness = Liveness(quiet=0.25, deaf=1.0)
    server = await serve_table(table, "127.0.0.1", 0, liveness=liveness)
    port = server.sockets[0].getsockname()[1]
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-u", EXAMPLE, f"127.0.0.1:{port}", stdout=subprocess.PIPE,
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)})
    try:
        assert bot.stdout is not None
        assert await asyncio.wait_for(bot.stdout.readline(), HANG) == b"seated at 0\n"
        conn = table.seats[0].conn
        await settle(lambda: conn in liveness.heard_at)  # it said it answers
        since = liveness.heard_at[conn]
        await settle(lambda: liveness.heard_at.get(conn, since) > since + 3 * liveness.deaf)
        assert table.seats[0].conn is conn
        table.start()
        os.kill(bot.pid, signal.SIGSTOP)
        await settle(lambda: table.match is not None and table.match.over)
        left = table.seats[0].left_at
        assert left is not None and moves_of(table, 0, left, table.seq), "the bot played"
    finally:
        os.kill(bot.pid, signal.SIGCONT)
        bot.kill()
        await bot.wait()
        server.close()


async def test_the_example_bot_joins_an_ipv6_table_by_the_address_it_is_given(tmp_path):
    """``[::1]:7474``, as bhtui writes an IPv6 table's address: the example handed the
    brackets to the resolver and ended in a traceback."""
    try:
        listening = listen_socket("::1", 0)
    except OSError as exc:
        pytest.skip(f"no IPv6 loopback (::1) here: {exc}")
    seats = [Seat()] + [Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True)
                        for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=4, rounds=1, bot_delay=0)
    start_when_full(table)
    server = await serve_table(table, sock=listening)
    port = server.sockets[0].getsockname()[1]
    bot = await asyncio.create_subprocess_exec(
        sys.executable, EXAMPLE, f"[::1]:{port}", stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)})
    out, err = await asyncio.wait_for(bot.communicate(), HANG)
    server.close()
    assert bot.returncode == 0 and b"match over: totals" in out, (out + err).decode()
