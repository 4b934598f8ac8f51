"""The host's goodbye, over real sockets on loopback: a host that closes its table on purpose
tells every player and watcher (`bye`), and they stop reconnecting; a link lost without it
keeps reconnecting as before. The seat token stays, so a resumed table takes the seat back."""

from __future__ import annotations

import asyncio

from bhtui.bots import make_bot
from bhtui.net import tcp
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.serve import Serving, start_serving, start_when_full
from bhtui.net.tcp import listen_socket, stay_connected
from bhtui.rules import PRESETS
from bhtui.store.gamelog import GameLog
from bhtui.store.tokens import SeatTokens

from loopback import LOOPBACK, Recording, frames, settle
from net_helpers import HANG, in_background


async def a_table_of_bots(log: GameLog | None = None) -> tuple[Table, Serving]:
    """Four bots and a free seat 0, served on loopback; the match starts once a person sits."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=2, bot_delay=0.0, log=log)
    serving = await start_serving(table, listen_socket(LOOPBACK, 0), advertise=False)
    start_when_full(table)
    return table, serving


def recording(monkeypatch) -> None:
    """Every link a client opens keeps every byte it received."""
    async def open_link(host: str, port: int, timeout: float = 5.0) -> Recording:
        return Recording(*await asyncio.open_connection(host, port))

    monkeypatch.setattr(tcp, "open_link", open_link)


async def test_a_host_that_closes_its_table_says_bye_to_player_and_watcher_who_stay_away(
        tmp_path, monkeypatch):
    """Every connection gets `bye` as its last frame; neither client reconnects (its run
    ends by itself, one link each); the player's seat token is kept, and the table resumed
    from its log (`bhtui host --resume`) gives him his seat back."""
    table, serving = await a_table_of_bots(GameLog(tmp_path / "table.log"))
    tokens = SeatTokens(tmp_path / "seats.json")
    recording(monkeypatch)
    opened: dict[str, list[Recording]] = {"Ana": [], "Wu": []}
    player = Client(None, "Ana", tokens=tokens)  # type: ignore[arg-type]
    watcher = Client(None, "Wu", "spectator")  # type: ignore[arg-type]
    runs = [in_background(stay_connected(c, LOOPBACK, serving.port, opened[c.name].append))
            for c in (player, watcher)]
    await settle(lambda: player.view is not None and watcher.view is not None)
    assert player.seat == 0 and tokens.get(table.table_id) == table.seats[0].token

    await serving.stop()
    await asyncio.wait_for(asyncio.gather(*runs), HANG)  # they gave up: no back-off loop

    for client in (player, watcher):
        links = opened[client.name]
        assert len(links) == 1  # no reconnect attempt followed
        assert frames(links[0].received)[-1] == {"type": "bye", "reason": "closed"}
        assert client.refused == {"type": "bye", "reason": "closed"}
    assert tokens.get(table.table_id) == table.seats[0].token  # nothing of his is lost

    resumed = Table.resume(GameLog.load(tmp_path / "table.log"), bot_delay=0.0)
    again = await start_serving(resumed, listen_socket(LOOPBACK, 0), advertise=False)
    back = Client(None, "Ana", tokens=tokens)  # type: ignore[arg-type]
    run = in_background(stay_connected(back, LOOPBACK, again.port))
    await settle(lambda: back.view is not None)
    assert back.seat == 0 and resumed.seats[0].conn is not None
    await again.stop()
    await asyncio.wait_for(run, HANG)


async def test_a_link_lost_without_a_goodbye_still_reconnects(monkeypatch):
    """A dropped link is not a goodbye: the client comes back on a new link, in its seat."""
    table, serving = await a_table_of_bots()
    recording(monkeypatch)
    opened: list[Recording] = []
    player = Client(None, "Ana")  # type: ignore[arg-type]
    run = in_background(stay_connected(player, LOOPBACK, serving.port, opened.append))
    await settle(lambda: player.view is not None)
    next(v.conn for v in table.viewers.values() if v.seat == 0).close("dropped")
    await settle(lambda: len(opened) == 2 and table.seats[0].conn is not None)
    assert player.refused is None and player.seat == 0
    assert all(m["type"] != "bye" for link in opened for m in frames(link.received))
    await serving.stop()
    await asyncio.wait_for(run, HANG)
