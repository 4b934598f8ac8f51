"""`bhtui host --resume` over real sockets on loopback, resumed from the table's real log:
everyone keeps his seat and his name, the host takes back his own seat (and no one else's),
and the table keeps the settings it was served with. The host's command runs in this
process (`bhtui.cli.main`) up to the app, which each test runs itself at 80x24."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from bhtui.games import get_game
from bhtui.net import tcp
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.local import join
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket, stay_connected
from bhtui.store.gamelog import GameLog, new_log_path
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import HandView

from loopback import LOOPBACK, free_port, settle
from net_helpers import in_background
from tui_helpers import screen_text, wait_for
from tui_helpers import table as table_screen

DDZ = get_game("doudizhu")


@pytest.fixture
def host_app(cli, monkeypatch) -> Callable[..., BhtuiApp]:
    """``bhtui ARGS`` (a host) run in this process up to its app, which is handed back
    unrun; friends' clients retry quickly after the host's goodbye."""
    apps: list[BhtuiApp] = []
    monkeypatch.setattr("bhtui.cli._run", lambda app: apps.append(app) or 0)
    monkeypatch.setattr(tcp, "BACKOFF", (0.05,) * len(tcp.BACKOFF))

    def run(*args: str) -> BhtuiApp:
        done = cli(*args)
        assert done.returncode == 0 and apps, done.stderr
        return apps.pop()
    return run


def friend(name: str, port: int) -> Client:
    """A person at another machine, who rejoins by himself when the table comes back."""
    client = Client(None, name)  # type: ignore[arg-type]
    in_background(stay_connected(client, LOOPBACK, port, lambda _: None))
    return client


async def quit_host(pilot) -> None:
    """ctrl+q, y: the table closes with the host's app."""
    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, QuitScreen), "the quit question")
    await pilot.press("y")


def names(client: Client) -> list[str]:
    return [seat["name"] for seat in client.table]


def run(test: Coroutine[Any, Any, None]) -> None:
    asyncio.run(test)


def test_a_resumed_host_keeps_the_names_and_the_counter_and_timer_it_was_served_with(host_app):
    """The QA repro: 主机 hosts Dou Dizhu with --counter and --timer, a second 主机 joins
    (named "主机 2"), a watcher comes, the host quits and runs `host --resume` with no
    --name. The host's seat was renamed with the settings' name ("玩家"), which freed "主机"
    for the friend, and the counter and the timer were gone for everyone. Every view now
    names the seats as before, with the counter and the turn timer."""
    port = free_port()

    async def play() -> None:
        first = host_app("--lang", "zh", "--name", "主机", "host", "--game", "doudizhu",
                         "--bind", LOOPBACK, "--port", str(port), "--no-advertise",
                         "--rounds", "2", "--counter", "--timer", "90")
        async with first.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: first.client and first.client.seat == 0)
            twin = friend("主机", port)
            await wait_for(pilot, lambda: twin.seat == 1)
            table = first.session.table  # type: ignore[attr-defined]
            table.start()  # (the host's "start": the empty seat gets a bot)
            await wait_for(pilot, lambda: twin.view is not None and "played" in twin.recall)
            assert names(twin) == ["主机", "主机 2", names(twin)[2]]
            before = names(twin)
            await quit_host(pilot)
        await settle(lambda: twin.refused is not None)

        resumed = host_app("--lang", "zh", "host", "--resume", "--no-advertise")
        async with resumed.run_test(size=(80, 24)) as pilot:
            watcher = Client(None, "观众", "spectator")  # type: ignore[arg-type]
            in_background(stay_connected(watcher, LOOPBACK, port, lambda _: None))
            host = resumed.client
            await wait_for(pilot, lambda: host and watcher.view is not None and all(
                client.table and client.table[0]["connected"] and client.table[1]["connected"]
                for client in (host, twin, watcher)), "everyone back")
            assert (host.seat, twin.seat) == (0, 1)
            for client in (host, twin, watcher):
                assert names(client) == before == ["主机", "主机 2", before[2]]
                assert "played" in client.recall and "deck" in client.recall  # the counter
            # A person's turn comes (the bot's seat plays on): timed as before, 90 s.
            await wait_for(pilot, lambda: twin.deadline is not None, "a timed turn")
            assert twin.deadline is not None and twin.deadline[2] == 90
            await wait_for(pilot, lambda: any(  # (under the bid's question, when his turn)
                isinstance(screen, TableScreen) for screen in resumed.screen_stack))
            await pilot.pause()
            shown = "\n".join(screen_text(resumed))
            assert "主机 2" in shown and "玩家" not in shown, shown
            await quit_host(pilot)

    run(play())


async def served_at(seats: list[Seat], port: int = 0) -> tuple[Table, Any]:
    """Dou Dizhu, seed 31, served on loopback and logged as `bhtui host` logs it."""
    table = Table(DDZ.rules("classic"), seats, game=DDZ, seed=31, rounds=2, bot_delay=0.0,
                  log=GameLog(new_log_path("Ana")))
    return table, await start_serving(table, listen_socket(LOOPBACK, port), advertise=False)


def test_a_resumed_host_takes_back_his_own_seat_never_the_first_person_s(host_app):
    """Li sat first (seat 0), the host at seat 1. `host --resume` put the host in the first
    person's seat — Li's — where he saw Li's hand. He takes back the seat the log names as
    his, under its name, and sees his own hand; Li is back at his."""
    async def play() -> None:
        table, serving = await served_at([Seat(), Seat(), Seat(
            name="B2", bot=DDZ.make_bot("heuristic", 2), ready=True)])
        port = serving.port
        li = friend("Li", port)
        await settle(lambda: li.seat == 0)
        host, _ = join(table, "Ana", seat=None)  # the host's own screen, at seat 1
        running = in_background(host.run())
        await settle(lambda: host.seat == 1)
        table.start()
        await settle(lambda: host.view is not None and li.view is not None)
        assert table.log is not None
        path, hand = table.log.path, sorted(host.view["hand"])
        await serving.stop()
        running.cancel()
        await settle(lambda: li.refused is not None)

        resumed = host_app("--lang", "en", "--name", "Zed", "host", "--resume", str(path),
                           "--no-advertise")
        async with resumed.run_test(size=(80, 24)) as pilot:
            me = resumed.client
            await wait_for(pilot, lambda: me and me.view is not None and li.seat == 0
                           and li.refused is None, "the host and Li back")
            assert me.seat == 1 and sorted(me.view["hand"]) == hand
            await wait_for(pilot, lambda: any(
                isinstance(screen, TableScreen) for screen in resumed.screen_stack))
            await pilot.pause()
            assert sorted(table_screen(resumed).query_one(HandView).cards) == hand
            await wait_for(pilot, lambda: names(li) == ["Li", "Ana", "B2"])
            await quit_host(pilot)

    run(play())


def test_a_resumed_host_whose_log_names_no_seat_of_his_watches_and_is_told_how_to_sit(
        host_app):
    """A table served headless logs no seat of the host's. Resumed with his screen, he was
    put at the first person's seat (Li's); he now watches, seeing no one's hand, and is told
    how to take his seat (--seat), which puts him there."""
    async def play() -> None:
        table, serving = await served_at([Seat(), Seat(), Seat()])
        li, wu, ana = friend("Li", serving.port), friend("Wu", serving.port), None
        await settle(lambda: li.seat is not None and wu.seat is not None)
        ana = friend("Ana", serving.port)
        await settle(lambda: ana.seat is not None)
        table.start()
        await settle(lambda: all(c.view is not None for c in (li, wu, ana)))
        assert table.log is not None and "keeper" not in table.log.header
        path, seat = table.log.path, ana.seat
        await serving.stop()
        await settle(lambda: ana.refused is not None)

        resumed = host_app("--lang", "en", "--name", "Ana", "host", "--resume", str(path),
                           "--no-advertise")
        async with resumed.run_test(size=(80, 24)) as pilot:
            me = resumed.client
            await wait_for(pilot, lambda: me and me.view is not None, "the host's view")
            assert me.seat is None and me.role == "spectator"
            assert all(not hand for hand in me.view.get("hands", [])) and not me.view.get("hand")
            assert resumed.warnings == []  # (told on the screen: tests/cli/test_resume_notice.py)
            await wait_for(pilot, lambda: li.refused is None and names(li)[:2] == ["Li", "Wu"])
            await quit_host(pilot)

        again = host_app("--lang", "en", "host", "--resume", str(path), "--no-advertise",
                         "--seat", str(seat + 1))  # (as the screens number it)
        async with again.run_test(size=(80, 24)) as pilot:
            me = again.client
            await wait_for(pilot, lambda: me and me.view is not None, "the host's view")
            assert me.seat == seat and me.view["hand"]
            await quit_host(pilot)

    run(play())
