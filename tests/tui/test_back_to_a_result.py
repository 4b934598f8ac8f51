"""A player whose terminal died during a round comes back while the host reads that round's
result (found by a QA pass): his screen opened the next deal's bid, he bid, and only then
read "waiting for the host to read the result". The table waits on the host alone (the bot
ended the round for Al, so Al is not waited on), and Al's screen says so and asks him
nothing until the host is done. Real sockets on loopback."""

from __future__ import annotations

import pytest

from bhtui.store.config import Config
from bhtui.store.tokens import SeatTokens
from bhtui.tui.app import BhtuiApp
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen

from loopback import al_away_while_the_host_reads
from tui_helpers import wait_for


@pytest.mark.parametrize("game, seed, al", [("doudizhu", 2, 1), ("baohuang", 1, 2)])
async def test_back_while_the_host_reads_the_result_i_wait_with_the_table(game, seed, al):
    table, server, port, host = await al_away_while_the_host_reads(game, seed, al)
    assert table.match.to_act == al  # round 2 is his to start, once the host has read
    SeatTokens().put(table.table_id, table.seats[al].token)  # what the killed bhtui kept
    app = BhtuiApp(Config(name="Al", language="en", bot_delay=0.0),
                   RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and "Waiting for Hosty to read the result" in app.screen.status,
                       "the wait for the host said")
        screen = app.screen
        assert screen.decision is None and not app.client.my_turn
        assert len(table.match.history) == 1 and table.unready() == [0]
        host.ready()
        await wait_for(pilot, lambda: screen.decision is not None or app.client.my_turn,
                       "round 2 asks me")
    server.close()
