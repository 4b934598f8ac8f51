"""What a table's log says beyond its match, read back from hostile files: the matches before
再来一局 that the log names (a file gone, damaged, another table's or no file at all is passed
over, the resume goes on)."""

from __future__ import annotations

import os

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.rules import PRESETS
from bhtui.store.gamelog import MAGIC, GameLog, new_log_path

from loopback import settle


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


async def test_a_resumed_table_passes_over_earlier_logs_gone_damaged_or_another_table_s():
    """The earlier matches a log names are only named in the goodbye, so none of them may
    stop the resume: a file gone, one that is no log, a torn header, another table's log, a
    FIFO (never waited on), a folder, a name with a NUL, the log itself, a value that is no
    name — each is passed over, and the one earlier match that is this table's is kept,
    once, named by its whole path as well as by its name beside the log."""
    table = Table(PRESETS["qingdao"], [bot(i) for i in range(5)], seed=6, rounds=1,
                  bot_delay=0.0, log=GameLog(new_log_path("t")))
    assert table.log is not None
    table.start()
    await settle(lambda: table.match.over)
    first = table.log.path
    table.again()
    table.close()
    table.log.close()
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
