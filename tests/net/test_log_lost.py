"""A game log that can no longer be written once the game is under way: the file grows past
the process's size limit (EFBIG, as a full disk's ENOSPC), or 再来一局's new log finds its
folder gone. A failed write raised out of the table's action: the move was applied, nobody
heard of it, and the table (a bots' game, a LAN table) froze. Now the match plays on to its
end, the failure is told once, and what was written reads back as a whole log up to there.

The limit is real: the table runs in a child process with RLIMIT_FSIZE set and SIGXFSZ
ignored, so the kernel refuses the write that passes it (part of it is written first)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from test_headless import headless

from bhtui.bots import make_bot
from bhtui.net import serve
from bhtui.net.host import Seat, Table
from bhtui.rules import PRESETS
from bhtui.store.gamelog import GameLog, games_dir, new_log_path
from bhtui.store.replay import Replay

from helpers import file_size_limit
from loopback import connect, settle

LIMIT = 20_000
"""Bytes a log may grow to: a Qingdao round logs 9 to 15 KB, so the second round passes it."""

TABLE = """
import asyncio, json, resource, signal, sys
from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.rules import PRESETS
from bhtui.store.gamelog import GameLog, new_log_path

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))

async def main():
    told = []
    table = Table(PRESETS["qingdao"], [Seat(name=f"B{{i}}", bot=make_bot("heuristic"),
                  ready=True) for i in range(5)], seed=6, rounds=3, bot_delay=0.0,
                  log=GameLog(new_log_path("t")))
    table.tell_unsaved(lambda log: told.append([str(log.path), log.lost.errno]))
    table.start()
    while not table.match.over:
        await asyncio.sleep(0.01)
    actions = [[seat, action] for seat, action in table.match.actions]
    table.close()
    table.log.close()
    print(json.dumps({{"told": told, "rounds": len(table.match.history),
                      "path": str(table.log.path), "actions": actions}}))

asyncio.run(main())
"""


def logged_bots(rounds: int) -> Table:
    """Five bots at --fast, seed 6, their match logged in the games folder."""
    return Table(PRESETS["qingdao"], [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                      for i in range(5)],
                 seed=6, rounds=rounds, bot_delay=0.0, log=GameLog(new_log_path("t")))


def played(limit: int = LIMIT) -> dict:
    """A three-round match of five bots, logged under a file size limit of ``limit``, played
    in a child process: what it said (its JSON line) once the match was over."""
    run = subprocess.run([sys.executable, "-c", TABLE.format(limit=limit)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


def test_a_log_past_its_size_limit_stops_being_written_and_the_match_plays_on():
    result = played()
    assert result["rounds"] == 3  # the match played on to its end
    path = Path(result["path"])
    assert result["told"] == [[str(path), 27]]  # EFBIG, said once (not at each action after)
    size = path.stat().st_size
    assert 0 < size <= LIMIT
    log = GameLog.read(path)  # as `bhtui replay` reads it: whole, no torn record left
    assert log.warnings == []
    written = [[seat, action] for seat, action in log.actions]
    assert 0 < len(written) < len(result["actions"])
    assert written == json.loads(json.dumps(result["actions"][:len(written)]))
    replay = Replay.from_log(log)  # the moves written replay as they were played
    assert len(replay) == len(written)


async def test_play_again_where_the_folder_is_gone_is_played_unsaved_and_told():
    """再来一局 makes a new log: its folder replaced by a file since the match before, the
    new match is played unsaved (it raised out of ``again``: the table's screen froze on the
    result), and said so once; the first match's log is left as it was."""
    told: list[tuple[Path, OSError]] = []
    table = logged_bots(1)
    table.tell_unsaved(lambda log: told.append((log.path, log.lost)))
    table.start()
    await settle(lambda: table.match.over)
    first = table.log.path
    kept = first.read_bytes()
    moved = games_dir().with_name("moved")
    os.rename(games_dir(), moved)
    games_dir().write_text("not a folder")
    table.again()
    assert table.match is not None and not table.match.over  # the new match is dealt
    await settle(lambda: table.match.over)  # and played to its end
    table.close()
    assert len(told) == 1 and told[0][0].parent == games_dir()
    assert isinstance(told[0][1], OSError)
    assert games_dir().read_text() == "not a folder"
    assert (moved / first.name).read_bytes() == kept


async def test_a_headless_host_says_once_on_its_console_and_to_its_table_that_its_log_stopped(
        monkeypatch, capsys):
    """Served with nobody at a screen of its own, the host's console is where it is told;
    everyone at the table hears it over the LAN (a watcher here, whose log says it), with the
    system's reason and not the host's path."""
    monkeypatch.setattr(serve, "WATCHED_DELAY", 0.0)
    table = logged_bots(3)
    run, stop, port = headless(table, monkeypatch)
    watcher, _ = await connect(port, "Wu", "spectator")
    heard: list[dict] = []
    watcher.listen(lambda m: heard.append(m) if m["type"] == "unsaved" else None)
    await settle(lambda: watcher.view is not None)
    assert table.log is not None
    with file_size_limit(table.log.path.stat().st_size):  # the next record cannot be written
        await settle(lambda: table.match is not None and table.match.over)
        await settle(lambda: watcher.view is not None and watcher.view["phase"] == "over")
    stop.set()
    await run
    assert heard == [{"type": "unsaved", "reason": "File too large"}]
    assert table.match is not None and len(table.match.history) == 3
    path = table.log.path
    said = [line for line in capsys.readouterr().out.splitlines() if str(path) in line]
    assert said[0] == (
        f"bhtui: the table's log {path} cannot be written (File too large): the match goes on "
        f"unsaved from here; what was saved before stays readable, and `bhtui host --resume "
        f"{path}` opens the table again from there")
    assert len(said) == 2 and "the match is over" in said[1]  # once
