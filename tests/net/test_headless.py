"""A headless host (`bhtui host --headless`) on loopback, as its watchers meet it: a table of
bots keeps a pace they can follow, and it ends by itself once its match is over."""

from __future__ import annotations

import asyncio
import socket

import pytest

from bhtui.bots import make_bot
from bhtui.net import serve
from bhtui.net.host import Seat, Table
from bhtui.net.serve import run_headless
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS

from loopback import LOOPBACK, connect, settle
from net_helpers import in_background


def bots_only(rounds: int | None = None) -> Table:
    """Five bots at --fast (no bot delay), unlogged."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    return Table(PRESETS["qingdao"], seats, seed=6, rounds=rounds, bot_delay=0.0)


def headless(table: Table, monkeypatch) -> tuple[asyncio.Task, asyncio.Event, int]:
    """``run_headless`` on a free loopback port, stopped by the event (its ctrl+c) rather
    than a signal: its run, that event and the port."""
    stop = asyncio.Event()
    monkeypatch.setattr(serve, "stop_signals", lambda: stop)
    sock: socket.socket = listen_socket(LOOPBACK, 0)
    port = sock.getsockname()[1]
    return in_background(run_headless(table, sock, advertise=False)), stop, port


async def test_a_headless_table_of_bots_at_full_speed_keeps_a_pace_its_watcher_follows(
        monkeypatch):
    """At --fast a table of bots played 360 rounds in 30 s: its watcher, hundreds of rounds
    behind, was dropped as too slow again and again. Watched, its bots wait WATCHED_DELAY
    between moves (shortened here: only the pace is looked at)."""
    monkeypatch.setattr(serve, "WATCHED_DELAY", 0.05)
    run, stop, port = headless(bots_only(), monkeypatch)
    watcher, _ = await connect(port, "Wu", "spectator")
    loop = asyncio.get_running_loop()
    seen: list[float] = []
    watcher.listen(lambda m: seen.append(loop.time()) if m["type"] == "view" else None)
    await settle(lambda: len(seen) >= 12)
    moves = len(seen) - 2  # (from the second view: the first may be his welcome's)
    assert seen[-1] - seen[1] >= 0.9 * moves * serve.WATCHED_DELAY
    stop.set()
    await run


def test_a_headless_table_at_full_speed_without_an_end_is_refused(cli, nothing_starts):
    """Without --rounds, its bots alone played and logged without end: 3 MB in 30 s, a
    disk filled in a night. Refused in one line; given an end or a pace, it serves."""
    for fast in (("--fast", "host"), ("host", "--bot-delay", "0")):
        done = cli(*fast, "--headless", "--bots", "5", "--no-advertise")
        assert done.returncode == 2
        assert done.stderr == ("bhtui: a headless table at --fast (no bot delay) needs "
                               "--rounds N, or a --bot-delay: with nobody to stop them, its "
                               "bots would play and log without end\n")
    zh = cli("--lang", "zh", "--fast", "host", "--headless", "--bots", "5")
    assert zh.stderr.startswith("bhtui: 无人值守的牌桌用 --fast（机器人不等待）时要给 --rounds N")
    for given in (("--rounds", "3"), ("--bot-delay", "0.2")):  # (on to its socket: served)
        with pytest.raises(AssertionError, match="the command started"):
            cli("--fast", "host", "--headless", "--bots", "5", *given)


async def test_a_headless_table_whose_match_is_over_tells_its_watcher_and_ends(
        monkeypatch, capsys):
    """A headless host said "the match is over" on its console and stayed up until ctrl+c,
    its watcher told to wait for a 再来一局 nobody could start. Its hello says it is headless
    (the end of the match says so on his screen); OVER_WAIT after the end (none here) it
    closes the table, telling him, and ends by itself."""
    monkeypatch.setattr(serve, "WATCHED_DELAY", 0.0)
    monkeypatch.setattr(serve, "OVER_WAIT", 0.0)
    table = Table(PRESETS["qingdao"], [Seat()] + bots_only().seats[1:], seed=6, rounds=1,
                  bot_delay=0.0)
    run, _, port = headless(table, monkeypatch)
    watcher, _ = await connect(port, "Wu", "spectator")
    await settle(lambda: watcher.room is not None)
    assert watcher.server.get("headless") is True
    table.start()  # (the free seat to a bot: the match begins with him watching)
    await asyncio.wait_for(run, 60)  # no ctrl+c: it ended by itself
    assert watcher.view is not None and watcher.view["phase"] == "over"
    await settle(lambda: watcher.refused is not None)
    assert watcher.refused == {"type": "bye", "reason": "closed"}
    said = capsys.readouterr().out
    assert "bhtui: the match is over: the table is closed" in said and "--resume" not in said


async def test_a_finished_headless_table_nobody_watches_ends_at_once(monkeypatch, capsys):
    """Nobody there to read the standings: it does not wait OVER_WAIT for anyone."""
    run, _, _ = headless(bots_only(rounds=1), monkeypatch)
    await asyncio.wait_for(run, 60)
    assert capsys.readouterr().out.endswith("bhtui: the match is over: the table is closed\n")
