"""`bhtui host --resume` opens the table's own door again (issue 28.1): the address and port
it had, and a join code if it had one. The log never holds the code, so it is given again —
typed at a hidden prompt, or by the usual ways — and where nobody can give it the table stays
closed, saying how: it never opens without its code."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import bhtui.net.serve
from bhtui.net import tcp
from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.tcp import stay_connected
from bhtui.rules import PRESETS
from bhtui.store.gamelog import GameLog

from loopback import LOOPBACK, connect, free_port, settle
from net_helpers import in_background

CODE = "kiwi-4242"
"""A join code no hex seat token or digest in the log could hold by chance ('4242' alone
once turned up inside a token)."""


def bhtui_host(data: Path, *args: str, code: str | None = None) -> subprocess.Popen:
    """A headless host in its own process (and session: no terminal to prompt on)."""
    env = {k: v for k, v in os.environ.items() if k != "BHTUI_CODE"}
    env["BHTUI_DATA_DIR"] = str(data)
    if code is not None:
        env["BHTUI_CODE"] = code
    return subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--no-advertise",
         "--bot-delay", "0", *args], env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def stopped(host: subprocess.Popen) -> None:
    host.send_signal(signal.SIGTERM)
    host.wait(30)


async def test_a_table_with_a_code_resumed_with_resume_alone_keeps_its_port_and_its_code(
        tmp_path, monkeypatch):
    """Hosted on a chosen port with a code, stopped, resumed with ``--resume`` alone: with
    no code to be had it refuses to open and says how to give one; given it (BHTUI_CODE),
    it is on the same address and port, refuses a hello without the code, and the person
    who was seated is back in his seat by himself."""
    data, port = tmp_path / "data", free_port()
    monkeypatch.setattr(tcp, "BACKOFF", (0.05,) * len(tcp.BACKOFF))  # the slow retry after bye
    first = bhtui_host(data, "--bind", LOOPBACK, "--port", str(port), "--code", CODE,
                       "--bots", "4", "--seed", "9", "--rounds", "3")
    try:
        assert f"on {LOOPBACK}:{port} (join code needed), waiting" in first.stdout.readline()
        player = Client(None, "Ana", code=CODE)  # type: ignore[arg-type]
        run = in_background(stay_connected(player, LOOPBACK, port))
        await settle(lambda: player.view is not None and player.view["to_act"] == 0)
    finally:
        stopped(first)
    await settle(lambda: player.refused == {"type": "bye", "reason": "closed"})
    (log,) = (data / "games").glob("*.bhlog")
    assert CODE not in repr(GameLog.load(log).header)  # the code is never kept

    closed = bhtui_host(data, "--resume")
    out, err = closed.communicate(timeout=60)
    assert closed.returncode == 2 and out == ""
    assert "join code" in err and "--code-file FILE, the BHTUI_CODE variable" in err
    assert player.refused is not None  # nobody opened the table meanwhile

    resumed = bhtui_host(data, "--resume", code=CODE)
    try:
        line = resumed.stdout.readline()
        assert f"on {LOOPBACK}:{port} (join code needed), resumed" in line
        await settle(lambda: player.refused is None and player.seat == 0
                     and player.view is not None)
        stranger, _ = await connect(port, "Eve", "spectator")
        await settle(lambda: stranger.refused is not None)
        assert stranger.refused["code"] == "code" and stranger.view is None
        friend, _ = await connect(port, "Bo", "spectator", code=CODE)
        await settle(lambda: friend.view is not None)
    finally:
        run.cancel()
        stopped(resumed)


def test_a_resume_on_a_terminal_asks_for_the_code_again_and_an_empty_answer_opens_nothing(
        cli, tmp_path, monkeypatch):
    """At a terminal the code is asked for at a hidden prompt, and once more: nothing typed,
    or the two typings apart (a typo unseen became the table's code, and those waiting for
    it with the right one never got back in), and the table stays closed. The door named
    in the log is the one opened."""
    log = GameLog(tmp_path / "t.bhlog")
    table = Table(PRESETS["qingdao"], seed=3, rounds=1, code="4242", log=log)
    table.address = (LOOPBACK, free_port())
    log.start(table.header())  # the log of a match just dealt
    log.close()
    answers = iter(["", "4243", "4242", "4242", "4242"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    served: list[tuple] = []

    async def serve(table, sock, advertise):
        served.append((table.guard is not None, sock.getsockname(), advertise))
        sock.close()

    monkeypatch.setattr(bhtui.net.serve, "run_headless", serve)
    refused = cli("host", "--headless", "--resume", str(log.path))
    assert refused.returncode == 2 and "none was typed" in refused.stderr and not served
    refused = cli("host", "--headless", "--resume", str(log.path))
    assert refused.returncode == 2 and "the two join codes typed differ" in refused.stderr
    assert not served
    assert cli("host", "--headless", "--no-advertise", "--resume", str(log.path)).returncode == 0
    assert served == [(True, table.address, False)]


async def test_a_watcher_whose_code_a_resumed_table_no_longer_takes_stops_and_says_why(
        tmp_path, monkeypatch):
    """The host killed mid-round and resumed with a new code: the seated player is back by
    his seat token, while the watcher, whose old code the table no longer takes, stops
    reconnecting and is told it was the code. Retrying for ever, each try spent one of the
    table's wrong-code guesses, and a newcomer with the right code was told to wait."""
    data, port = tmp_path / "data", free_port()
    monkeypatch.setattr(tcp, "BACKOFF", (0.05,) * len(tcp.BACKOFF))
    first = bhtui_host(data, "--bind", LOOPBACK, "--port", str(port), "--code", CODE,
                       "--bots", "4", "--seed", "4", "--rounds", "3")
    try:
        assert "(join code needed), waiting" in first.stdout.readline()
        player = Client(None, "Ana", code=CODE)  # type: ignore[arg-type]
        playing = in_background(stay_connected(player, LOOPBACK, port))
        await settle(lambda: player.view is not None)
        watcher = Client(None, "Wu", "spectator", code=CODE)  # type: ignore[arg-type]
        watching = in_background(stay_connected(watcher, LOOPBACK, port))
        await settle(lambda: watcher.view is not None)
    finally:
        first.kill()  # kill -9: no bye, the links just end
        first.wait(30)
    resumed = bhtui_host(data, "--resume", code="plum-7373")
    try:
        assert "resumed" in resumed.stdout.readline()
        await settle(lambda: player.welcomes == 2 and player.seat == 0)
        await settle(watching.done, 30)
        assert watcher.refused is not None and watcher.refused["code"] == "code"
        assert watcher.refused["why"] == "wrong"
        friend, _ = await connect(port, "Bo", "spectator", code="plum-7373")  # same address
        await settle(lambda: friend.view is not None or friend.refused is not None)
        assert friend.refused is None
    finally:
        playing.cancel()
        stopped(resumed)
