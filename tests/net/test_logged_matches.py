"""What a table's log says beyond its match, read back from hostile files: the matches before
再来一局 that the log names (a file gone, damaged, another table's or no file at all is passed
over, the resume goes on; no FIFO is waited on) and the host's own seat (a value that is no person's seat is
refused, never taken for another seat's)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.local import join
from bhtui.rules import PRESETS
from bhtui.store.gamelog import MAGIC, GameLog, GameLogError, games_dir, new_log_path
from bhtui.store.replay import Replay

from helpers import bhtui
from loopback import settle
from net_helpers import in_background


def bot(seat: int) -> Seat:
    return Seat(name=f"B{seat}", bot=make_bot("heuristic"), ready=True)


def logged(path) -> None:
    """Qingdao, seed 6: a person's seat 0 and four bots, its match started and its host
    gone (the table closed, its log too) with nobody at its own screen; its log at
    ``path``."""
    seats = [Seat(name="Ana", taken=True)] + [bot(i) for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, log=GameLog(path))
    table.start()
    table.close()
    assert table.log is not None
    table.log.close()


async def over_and_again(name: str, address: tuple[str, int] | None = None
                         ) -> tuple[Table, Path]:
    """A logged one-round match of bots played to its end, then 再来一局 and the table closed:
    the table (its log the new match's, with no move in it) and the first match's log. With
    an ``address`` the log is a served table's (it names its door)."""
    table = Table(PRESETS["qingdao"], [bot(i) for i in range(5)], name=name, seed=6,
                  rounds=1, bot_delay=0.0, log=GameLog(new_log_path(name)))
    assert table.log is not None
    table.address = address
    table.start()
    await settle(lambda: table.match.over)
    first = table.log.path
    table.again()
    table.close()
    table.log.close()
    return table, first


async def test_a_resumed_table_passes_over_earlier_logs_gone_damaged_or_another_table_s():
    """The earlier matches a log names are only named in the goodbye, so none of them may
    stop the resume: a file gone, one that is no log, a torn header, another table's log, a
    FIFO (never waited on), a folder, a name with a NUL, the log itself, a value that is no
    name — each is passed over, and the one earlier match that is this table's is kept,
    once, named by its whole path as well as by its name beside the log."""
    table, first = await over_and_again("t")
    second, folder = table.log.path, table.log.path.parent
    logged(folder / "other.bhlog")
    (folder / "junk.bhlog").write_bytes(b"not a log")
    (folder / "torn.bhlog").write_bytes(MAGIC + (500).to_bytes(4, "big") + b"\x81")
    os.mkfifo(folder / "fifo.bhlog")
    (folder / "folder.bhlog").mkdir()
    header = GameLog.read(second).header
    assert header["earlier"] == [first.name]  # (by its name: it lies beside)
    hostile = ["gone.bhlog", "junk.bhlog", "torn.bhlog", "other.bhlog", "fifo.bhlog",
               "folder.bhlog", "a\0b", 5, "", second.name, *header["earlier"], str(first)]
    for names, kept in ((hostile, [first]), (first.name, []), ({first.name: 1}, []),
                        (None, [])):
        log = GameLog.load(second)
        log.header["earlier"] = names
        resumed = Table.resume(log)
        assert resumed.earlier == kept
        resumed.close()
        log.close()


async def test_the_log_names_the_host_s_seat_alone_and_a_damaged_one_is_refused(tmp_path):
    """The host's own screen (the admin link) at seat 1 beside a friend at seat 0: the log
    names seat 1 as its keeper's; a table nobody sits at from its host's screen names
    none (as every log before, read as before); a keeper that is no person's seat is
    refused, naming the field, never shown as some seat's hand."""
    table = Table(PRESETS["qingdao"], [Seat(), Seat()] + [bot(i) for i in range(2, 5)], seed=6, rounds=1,
                  log=GameLog(tmp_path / "hosted.bhlog"))
    friend, _ = join(table, "Li", admin=False, seat=None)
    runs = [in_background(friend.run())]
    await settle(lambda: table.seats[0].conn is not None)
    host, _ = join(table, "Ana", seat=None)
    runs.append(in_background(host.run()))
    await settle(lambda: table.seats[1].conn is not None)
    table.start()
    table.close()
    for run in runs:
        run.cancel()
    log = GameLog.read(tmp_path / "hosted.bhlog")
    assert log.header["keeper"] == 1
    assert Replay.from_log(log).own_seat == 1

    logged(tmp_path / "headless.bhlog")
    replay = Replay.from_log(GameLog.read(tmp_path / "headless.bhlog"))
    assert replay.keeper is None and replay.own_seat == 0

    for damaged in (2, 5, -1, "1", True, 1.0):  # a bot's seat, none, not a seat
        log = GameLog.read(tmp_path / "hosted.bhlog")
        log.header["keeper"] = damaged
        with pytest.raises(GameLogError, match="the header's keeper is"):
            Replay.from_log(log)


def test_bhtui_host_resume_says_a_fifo_among_the_logs_is_none_and_waits_for_nothing():
    """`bhtui host --resume` looks at the first record of each log, newest first, for a door:
    a FIFO named like a log was opened to be read, and the command waited for a writer
    for ever. Its first record is not read (it is not a regular file) and the resume says
    what is wrong with it."""
    games_dir().mkdir(parents=True)
    fifo = new_log_path("t")
    os.mkfifo(fifo)
    done = bhtui("host", "--resume", "--headless", "--no-advertise")
    assert done.returncode == 2
    assert done.stderr.strip() == f"bhtui: cannot resume {fifo}: not a regular file"


async def test_host_resume_takes_the_match_begun_by_again_though_nothing_is_played_in_it():
    """``replay`` and ``analyse`` pass over a log without a move; ``host --resume`` must not:
    after 再来一局 the newest log holds the new match's header alone, and the newest log with
    a move is the match already over — resumed, the table showed its end again, not the
    match its players had begun."""
    from bhtui.store.gamelog import latest_log

    table, first = await over_and_again("Eve", ("127.0.0.1", 47311))
    assert latest_log(served=True, acted=True) == first  # (what replay would open)
    newest = latest_log(served=True)
    assert newest == table.log.path != first
    resumed = Table.resume(GameLog.load(newest))
    assert not resumed.match.over and resumed.earlier == [first]
    resumed.close()
