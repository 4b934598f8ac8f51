"""A joined watcher whose host stops (SIGSTOP: the host's ctrl+z, a hung laptop) is told so on
his screen — the host's address, and what he can do — and the notice goes once the host runs
again, at the table and in the waiting room. A real host process on loopback."""

from __future__ import annotations

import os
import signal

import pytest

from bhtui.net.liveness import Liveness
from bhtui.tui.app import BhtuiApp
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen

from loopback import peer_process, said
from net_helpers import HANG
from tui_helpers import config, make_app, my_play_turn, screen_text, table, wait_for


def shows(app: BhtuiApp, text: str) -> bool:
    return any(text in line for line in screen_text(app))


@pytest.mark.parametrize("where, screen", [("table", TableScreen), ("room", WaitingRoomScreen)])
async def test_the_screen_says_the_host_does_not_answer_until_it_does(where, screen):
    """Before, the screen stayed as it was, the table never moving, however long the stop."""
    async with peer_process("quiet_host.py", where) as host:
        address = f"127.0.0.1:{(await said(host))['port']}"
        quick = Liveness(quiet=0.5, deaf=2.0)  # (bhtui's own: 10 and 30 s)
        app = BhtuiApp(config(), RemoteSession(address, "spectator", liveness=quick))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, screen) and (
                app.client.view or app.client.room), "the watcher let in")
            notice = f"No answer from the host {address}: wait, or ctrl+q quits."
            os.kill(host.pid, signal.SIGSTOP)
            await wait_for(pilot, lambda: shows(app, notice), "the notice")
            os.kill(host.pid, signal.SIGCONT)
            await wait_for(pilot, lambda: not shows(app, notice), "the notice to go")
            assert isinstance(app.screen, screen) and app.client.welcomes == 1


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_player_whose_turn_it_is_still_reads_it_while_the_host_is_silent(language):
    """The notice took the status line's place, "Your turn: beat … or pass" with it, though
    the keys still work then: a player whose turn it was learnt it no more. The status line
    goes on saying it, and the notice is whole beside it, at 80x24 (with a LAN address as
    long as they come), and goes once the host speaks again."""
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        app.host.bot_delay = HANG  # the table stays as it is while we look
        app.address = "192.168.178.123:47123"
        screen = table(app)
        turn = str(screen.query_one("#status").render())
        notice = app.t("status.unanswered", address=app.address)
        app._route({"type": "unanswered", "on": True})  # as the client tells its app
        await wait_for(pilot, lambda: shows(app, notice), "the notice, whole")
        assert str(screen.query_one("#status").render()) == turn
        app._route({"type": "unanswered", "on": False})
        await wait_for(pilot, lambda: not shows(app, notice), "the notice to go")
        assert str(screen.query_one("#status").render()) == turn
