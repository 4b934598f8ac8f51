"""examples/bot_client.py plays a whole match against a headless host over TCP, waits in a
waiting room until it fills, and a bot the host refuses (a wrong join code) exits with a
failure status."""

import os
import socket
import subprocess
import sys
from pathlib import Path

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
        bot = example(port, env, "--code", "tea")
        assert bot.returncode == 0, bot.stderr
        assert "seated at 0" in bot.stdout and bot.stdout.count("round over") == 2
        assert "match over: totals" in bot.stdout
        stranger = example(port, env, "--code", "coffee")
        assert "host says: wrong join code" in stranger.stdout
        assert stranger.returncode == 1, "a refused bot says so in its exit status too"
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
