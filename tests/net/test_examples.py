"""examples/bot_client.py plays a whole match against a headless host over TCP, waits in a
waiting room until it fills, and a bot the host refuses (a wrong join code) exits with a
failure status."""

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_bot_client_plays_a_match_to_its_end(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         str(port), "--no-advertise", "--bots", "4", "--rounds", "2", "--seed", "8",
         "--bot-delay", "0", "--code", "tea"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "join code needed" in host.stdout.readline()
        bot = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "bot_client.py"), f"127.0.0.1:{port}",
             "--code", "tea"], capture_output=True, text=True, timeout=120, env=env)
        assert bot.returncode == 0, bot.stderr
        assert "seated at 0" in bot.stdout and bot.stdout.count("round over") == 2
        assert "match over: totals" in bot.stdout
        stranger = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "bot_client.py"), f"127.0.0.1:{port}",
             "--code", "coffee"], capture_output=True, text=True, timeout=120, env=env)
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
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         str(port), "--no-advertise", "--bots", "3", "--rounds", "1", "--seed", "8",
         "--bot-delay", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bots: list[subprocess.Popen] = []
    try:
        assert "waiting for players" in host.stdout.readline()
        coded = subprocess.run(  # given a code, it does not join a table asking for none
            [sys.executable, str(ROOT / "examples" / "bot_client.py"), f"127.0.0.1:{port}",
             "--code", "tea"], capture_output=True, text=True, timeout=120, env=env)
        assert coded.returncode == 1 and "asks for no join code" in coded.stdout, coded.stdout
        for name in ("First", "Second"):
            bots.append(subprocess.Popen(
                [sys.executable, "-u", str(ROOT / "examples" / "bot_client.py"),
                 f"127.0.0.1:{port}", "--name", name],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env))
            assert bots[-1].stdout.readline().startswith("seated at")  # in the room
        for bot in bots:
            out, err = bot.communicate(timeout=120)
            assert bot.returncode == 0 and "match over: totals" in out, out + err
    finally:
        for process in (*bots, host):
            process.kill()
            process.wait(10)
