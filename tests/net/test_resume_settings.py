"""A table resumed with `bhtui host --resume` is served with the settings it had — open
spectating, the card counter, the turn timer, the bots' pace — which its log keeps: the
command line's defaults took their place (an open table closed to its watchers, the counter
gone), unless given again, which then wins. A damaged one is refused in one line."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgpack
import pytest

import bhtui.net.serve
from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket, stay_connected
from bhtui.store.gamelog import MAGIC, GameLog, new_log_path

from loopback import LOOPBACK, settle
from net_helpers import in_background

DDZ = get_game("doudizhu")


@pytest.fixture
def resume(cli, monkeypatch):
    """``bhtui host --headless --resume FILE ARGS`` in this process, up to serving: the
    table it would serve is handed back (served here on loopback by the test)."""
    served: list[Table] = []

    async def serve(table: Table, sock: object, advertise: bool) -> None:
        served.append(table)

    monkeypatch.setattr("bhtui.net.tcp.listen_socket", lambda bind, port: None)
    monkeypatch.setattr(bhtui.net.serve, "run_headless", serve)

    def run(path: Path, *args: str) -> Table:
        done = cli("host", "--headless", "--no-advertise", "--resume", str(path), *args)
        assert done.returncode == 0 and served, done.stderr
        return served[-1]
    yield run
    for table in served:  # the host stopping
        table.close()
        if table.log is not None:
            table.log.close()


async def logged_table(**settings: object) -> Path:
    """A Dou Dizhu table with ``settings``, Li at seat 0, dealt and logged on loopback."""
    bots = [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True) for s in (1, 2)]
    table = Table(DDZ.rules("classic"), [Seat(), *bots], game=DDZ, seed=31, rounds=2,
                  log=GameLog(new_log_path("Li")), **settings)  # type: ignore[arg-type]
    serving = await start_serving(table, listen_socket(LOOPBACK, 0), advertise=False)
    li = Client(None, "Li")  # type: ignore[arg-type]
    running = in_background(stay_connected(li, LOOPBACK, serving.port, lambda _: None))
    await settle(lambda: li.seat == 0)
    table.start()
    await settle(lambda: li.view is not None)
    await serving.stop()
    running.cancel()
    assert table.log is not None
    return table.log.path


async def watched(table: Table) -> Client:
    """A watcher of ``table``, served on loopback, as he first sees it."""
    serving = await start_serving(table, listen_socket(LOOPBACK, 0), advertise=False)
    watcher = Client(None, "Wu", "spectator")  # type: ignore[arg-type]
    in_background(stay_connected(watcher, LOOPBACK, serving.port, lambda _: None))
    await settle(lambda: watcher.view is not None)
    await serving.stop()
    return watcher


def test_an_open_table_resumed_is_still_open_and_keeps_its_pace_counter_and_timer(resume):
    """Served with --open-spectating, the counter, a 45 s timer and a 2 s bot delay, then
    resumed with none of them: its watcher saw no hand (the table had closed) and no
    counter. He sees every hand and the counter again, and the table keeps its pace."""
    path = asyncio.run(logged_table(open_spectating=True, counter=True, timer=45.0,
                                    bot_delay=2.0))
    table = resume(path)
    watcher = asyncio.run(watched(table))
    hands = watcher.view["hands"] if watcher.view else None
    assert hands and all(hands), "every hand, to a watcher of an open table"
    assert "played" in watcher.recall and "deck" in watcher.recall
    assert (table.timer, table.bot_delay) == (45.0, 2.0)


def test_a_setting_given_again_with_the_resume_wins_over_the_logged_one(resume):
    """--no-open-spectating, --counter, --timer 0 and --bot-delay given with the resume:
    the table is served with them (the log's are for what is not given)."""
    path = asyncio.run(logged_table(open_spectating=True, counter=False, timer=45.0,
                                    bot_delay=2.0))
    table = resume(path, "--no-open-spectating", "--counter", "--timer", "0",
                   "--bot-delay", "1")
    watcher = asyncio.run(watched(table))
    assert watcher.view is not None and "hands" not in watcher.view
    assert "played" in watcher.recall
    assert (table.timer, table.bot_delay) == (None, 1.0)


@pytest.mark.parametrize("field, value, said", [
    ("counter", "yes", "the header's counter is 'yes': true or false (the card counter)"),
    ("open_spectating", 1, "the header's open_spectating is 1: true or false"),
    ("timer", -5, "the header's timer is -5: seconds per turn (0 to 600) or none"),
    ("timer", float("nan"), "the header's timer is nan: seconds per turn (0 to 600)"),
    ("bot_delay", None, "the header's bot_delay is None: seconds the bots wait (0 to 600)"),
    ("bots", "\x1b[2J", "the header's bots is '\\x1b[2J': the name of a bots' level"),
])
def test_a_damaged_table_setting_is_refused_in_one_line(cli, nothing_starts, tmp_path, field,
                                                       value, said):
    """A setting the host never wrote is refused, naming it and the file, before anything
    is served (as every header field is)."""
    table = Table(DDZ.rules("classic"), game=DDZ, seed=3, rounds=1)
    table.address = (LOOPBACK, 7602)
    header = {"type": "header", **table.header(), field: value}
    body = msgpack.packb(header, use_bin_type=True)
    path = tmp_path / "t.bhlog"
    path.write_bytes(MAGIC + len(body).to_bytes(4, "big") + body)
    done = cli("host", "--headless", "--no-advertise", "--resume", str(path))
    assert done.returncode == 2 and done.stdout == "", done.stdout
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"bhtui: cannot resume {path}: {said}"), line


@pytest.mark.parametrize("seat", ["2", "0", "4"])
def test_a_seat_asked_for_that_is_no_person_s_is_refused_naming_those_that_are(
        cli, nothing_starts, seat):
    """--seat names the host's own seat at a resumed table as the screens number it; a
    bot's seat, or none at all, is refused in one line that names the people's seats,
    before anything is served."""
    path = asyncio.run(logged_table())
    done = cli("host", "--headless", "--no-advertise", "--resume", str(path), "--seat", seat)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"bhtui: cannot resume {path}: --seat {seat} is not a " \
                                  f"person's seat at this table (those are 1)"
