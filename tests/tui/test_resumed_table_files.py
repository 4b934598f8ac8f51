"""What a hosted table's logs keep of the table beyond its match, over real sockets on
loopback and real files: the matches before 再来一局, named again when a resumed table ends,
and the host's own seat, which the replay of an unfinished table shows him (and no other)."""

from __future__ import annotations

import asyncio

from bhtui.bots import make_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.local import join
from bhtui.net.serve import Serving, start_serving
from bhtui.net.tcp import listen_socket, stay_connected
from bhtui.rules import PRESETS
from bhtui.store.gamelog import GameLog, new_log_path
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import HostSession, ReplaySession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import HandView

from loopback import LOOPBACK, settle
from net_helpers import in_background
from tui_helpers import config, names_every_match, quit_yes, screen_text, wait_for


async def hosted(seats: list[Seat], rounds: int = 1) -> tuple[Table, Serving]:
    """Qingdao, seed 6, bots where ``seats`` has them, served on loopback and logged in
    the data folder as `bhtui host` logs it."""
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=rounds, bot_delay=0.0,
                  log=GameLog(new_log_path("Ana")))
    return table, await start_serving(table, listen_socket(LOOPBACK, 0), advertise=False)


def bots(first: int) -> list[Seat]:
    return [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(first, 5)]


async def test_a_table_resumed_after_play_again_names_every_match_s_file_as_it_ends():
    """After 再来一局 the host's last lines name every match's file; a table opened again
    with `bhtui host --resume` knew only its own log, so its goodbye named the current match
    alone. The log of a match played again names the ones before it, and the resumed
    table's goodbye names them too."""
    table, serving = await hosted([Seat(), *bots(1)])
    host, _ = join(table, "Ana", seat=None)  # the host's own screen, at seat 0
    run = in_background(host.run())
    await settle(lambda: table.seats[0].conn is not None)
    table.start()
    host.set_auto(True)  # 托管 plays his seat to the match's end, each result read
    await settle(lambda: (host.ready(), table.match.over)[1])
    assert table.log is not None
    first = table.log.path
    totals = [f"{s.name} {p:+d}" for s, p in zip(table.seats, table.match.totals, strict=True)]
    table.again()
    second = table.log.path
    await settle(lambda: table.match.to_act == 0)  # (in charge again: his turn waits)
    await serving.stop()  # ctrl+q → y: the table closes with the app
    run.cancel()

    resumed = Table.resume(GameLog.load(second), bot_delay=0.0)  # `bhtui host --resume`
    app = BhtuiApp(config(), HostSession(resumed, listen_socket(LOOPBACK, 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await quit_yes(pilot, app)
    names_every_match(app.farewell, first, second, totals)


async def test_the_replay_of_an_unfinished_hosted_table_shows_the_host_his_own_hand_alone():
    """A hosted table's replay showed only the public view until the match was over: its
    log did not say which seat was the host's, and the first person's could be a friend's.
    The log names the seat the host sat at; its replay shows him that hand as he saw it,
    and still no other — not the friend's who sat first, nor every hand (v)."""
    table, serving = await hosted([Seat(), Seat(), *bots(2)])
    friend = Client(None, "Li")  # type: ignore[arg-type]  # over the LAN, seat 0
    runs = [in_background(stay_connected(friend, LOOPBACK, serving.port, lambda _: None))]
    await settle(lambda: table.seats[0].conn is not None)
    host, _ = join(table, "Ana", seat=None)  # the host's own screen, at seat 1
    runs.append(in_background(host.run()))
    await settle(lambda: table.seats[1].conn is not None)
    table.start()
    assert table.log is not None
    path = table.log.path
    await serving.stop()
    for run in runs:
        run.cancel()
    await asyncio.sleep(0)

    replay = Replay.from_log(GameLog.read(path))
    assert not replay.finished
    dealt = replay.match_at(0).view("all")["hands"]
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.pause()
        hand = screen.query_one("#r-hand", HandView)
        assert hand.display and hand.border_title == "Your hand"
        assert sorted(hand.cards) == sorted(dealt[1]) != sorted(dealt[0])
        assert "your view" in "\n".join(screen_text(app))
        await pilot.press("v", "s")  # every hand, another seat's: not before the end
        await pilot.pause()
        assert not screen.query_one("#r-hands").display and screen.seat == 1
        assert sorted(hand.cards) == sorted(dealt[1])
