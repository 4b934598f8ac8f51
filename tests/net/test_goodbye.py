"""The host's goodbye, over real sockets on loopback: a host that closes its table on purpose
tells every player and watcher (`bye`), and they wait quietly for that table to reopen; a
link lost without it keeps reconnecting as before. The seat token stays, so the resumed table
takes the seat back by itself."""

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

from loopback import LOOPBACK, Recording, close_wait, connect, frames, settle
from net_helpers import in_background


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
        return Recording(*await tcp.open_streams(host, port, timeout))

    monkeypatch.setattr(tcp, "open_link", open_link)


async def test_a_host_that_closes_its_table_says_bye_and_the_resumed_table_takes_them_back(
        tmp_path, monkeypatch):
    """Every connection gets `bye` as its last frame; the clients then wait quietly (a slow
    retry) with the seat token kept. The table resumed from its log (`bhtui host --resume`)
    on the same port waits for its person: the bots play up to his turn and no further —
    nothing is played for his seat — until his own client is back in the seat by itself."""
    path = tmp_path / "table.log"
    table, serving = await a_table_of_bots(GameLog(path))
    port = serving.port
    tokens = SeatTokens(tmp_path / "seats.json")
    recording(monkeypatch)
    monkeypatch.setattr(tcp, "BACKOFF", (0.01,) * len(tcp.BACKOFF))  # the slow retry, sped up
    opened: dict[str, list[Recording]] = {"Ana": [], "Wu": []}
    player = Client(None, "Ana", tokens=tokens)  # type: ignore[arg-type]
    watcher = Client(None, "Wu", "spectator")  # type: ignore[arg-type]
    runs = [in_background(stay_connected(c, LOOPBACK, port, opened[c.name].append))
            for c in (player, watcher)]
    await settle(lambda: player.view is not None and watcher.view is not None)
    assert player.seat == 0 and tokens.get(table.table_id) == table.seats[0].token

    await serving.stop()
    for client in (player, watcher):
        assert frames(opened[client.name][0].received)[-1] == {"type": "bye", "reason": "closed"}
        assert client.refused == {"type": "bye", "reason": "closed"}
        # hung up on our side too, however many slow retries follow: no CLOSE-WAIT
        await settle(lambda c=client: c.closed is not None and not close_wait(opened[c.name][0]))
    assert not any(run.done() for run in runs)  # waiting for the table to reopen
    assert tokens.get(table.table_id) == table.seats[0].token  # nothing of his is lost
    his_before = [a for seat, a in GameLog.load(path).actions if seat == 0]

    resumed = Table.resume(GameLog.load(path), bot_delay=0.0)
    resumed.scheduler.arm()  # the table runs before anyone is back
    await settle(lambda: resumed.match.to_act == 0)  # the bots reached his turn: it waits
    again = await start_serving(resumed, listen_socket(LOOPBACK, port), advertise=False)
    await settle(lambda: resumed.seats[0].conn is not None and player.refused is None)
    assert player.seat == 0 and player.view is not None
    assert [a for seat, a in GameLog.load(path).actions if seat == 0] == his_before
    await settle(lambda: watcher.refused is None)  # the watcher is back as well
    await again.stop()
    for run in runs:
        run.cancel()


async def test_another_table_on_the_port_is_not_taken_for_the_closed_one(monkeypatch):
    """After a `bye` the client waits for *its* table: a new table on the same port (another
    id) is not joined — the client says no hello there and keeps waiting."""
    table, serving = await a_table_of_bots()
    port = serving.port
    monkeypatch.setattr(tcp, "BACKOFF", (0.01,) * len(tcp.BACKOFF))
    player = Client(None, "Ana")  # type: ignore[arg-type]
    opened: list[object] = []
    run = in_background(stay_connected(player, LOOPBACK, port, opened.append))
    await settle(lambda: player.view is not None)
    ours = player.server["id"]
    await serving.stop()
    other, elsewhere = await a_table_of_bots()
    await elsewhere.stop()
    other_serving = await start_serving(other, listen_socket(LOOPBACK, port), advertise=False)
    tried = len(opened)
    await settle(lambda: len(opened) >= tried + 2)  # it came, heard the other hello, went
    assert player.refused == {"type": "bye", "reason": "closed"} and player.server["id"] == ours
    assert other.seats[0].conn is None and not other.viewers and not other.started
    await other_serving.stop()
    run.cancel()


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
    run.cancel()


async def test_a_watcher_behind_a_backlog_still_hears_the_goodbye():
    """Bots at full speed outrun a watcher whose screen is busy: frames wait for him on the
    host. Stopped on purpose (ctrl+c), the host lets him take them and its bye before it
    goes (a process that ends loses what it still holds: cut below, as its exit would),
    within BYE_WAIT; before, it stopped at once and he heard "connection closed" and kept
    reconnecting to a table that was gone."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, bot_delay=0.0)
    serving = await start_serving(table, listen_socket(LOOPBACK, 0), advertise=False)
    watcher, link = await connect(serving.port, "Wu", "spectator")
    await settle(lambda: watcher.room is not None)
    link.writer.transport.pause_reading()  # drawing: he reads nothing for now
    host_end = next(iter(table.viewers))
    table.start()
    await settle(lambda: host_end.writer.transport.get_write_buffer_size() > 64 * 1024)
    stopping = in_background(serving.stop())
    await settle(lambda: table.closed)  # its bye waits behind what he has not read yet
    link.writer.transport.resume_reading()  # he reads on
    await stopping
    host_end.writer.transport.abort()  # the host's process ends: what it held is gone
    await settle(lambda: watcher.closed is not None)
    assert watcher.refused == {"type": "bye", "reason": "closed"}


async def a_seated_player(tmp_path, monkeypatch) -> tuple[Table, Serving, Client, asyncio.Task]:
    """A logged table of bots with Ana in seat 0, her client staying connected (its seat
    token kept, its slow retry sped up): the table, its serving, her client and its run."""
    table, serving = await a_table_of_bots(GameLog(tmp_path / "table.log"))
    monkeypatch.setattr(tcp, "BACKOFF", (0.01,) * len(tcp.BACKOFF))
    player = Client(None, "Ana", tokens=SeatTokens(tmp_path / "seats.json"))  # type: ignore[arg-type]
    run = in_background(stay_connected(player, LOOPBACK, serving.port, lambda _: None))
    await settle(lambda: player.view is not None)
    return table, serving, player, run


async def resumed_with_her_back(table: Table, serving: Serving,
                                player: Client) -> tuple[Table, Serving]:
    """The host quits and resumes the table from its log on the same port; Ana is back in
    her seat by herself."""
    port = serving.port
    await serving.stop()
    assert table.log is not None
    resumed = Table.resume(GameLog.load(table.log.path), bot_delay=0.0)
    again = await start_serving(resumed, listen_socket(LOOPBACK, port), advertise=False)
    await settle(lambda: resumed.seats[0].conn is not None and player.refused is None)
    return resumed, again


async def test_a_table_resumed_after_play_again_goes_on_where_its_players_count(
        tmp_path, monkeypatch):
    """After 再来一局 the table numbers its events on from the match before, and a resume
    counted the new match's events from 0: the players, back by themselves, took every event
    for one they had had and dropped it — the log stopped, and the round's result never came,
    while the host waited for them to read it. The resumed table counts from where it was."""
    table, serving, player, run = await a_seated_player(tmp_path, monkeypatch)
    player.set_auto(True)
    await settle(lambda: (player.ready(), table.match.over)[1])  # (each result read)
    table.again()  # everyone in charge again: the bots play up to Ana's turn
    await settle(lambda: table.match.to_act == 0 and player.last_seq == table.seq)
    counted = table.seq
    assert counted > 100  # (the first match's events and the new deal's)
    resumed, again = await resumed_with_her_back(table, serving, player)
    assert resumed.seq >= counted
    player.set_auto(True)  # the match goes on, and Ana hears every move of it
    await settle(lambda: (player.ready(), player.last_seq is not None
                          and player.last_seq > counted + 20)[1])
    assert player.last_seq <= resumed.seq
    await again.stop()
    run.cancel()


async def test_a_player_back_at_a_resumed_table_keeps_his_auto_pass(tmp_path, monkeypatch):
    """A player's settings (auto-pass, his 托管's level) went to the table only when his
    table screen opened: back by himself at a resumed table, whose seats start without
    them (the log keeps none), he faced a set nothing in his hand beat and nothing passed
    for him."""
    table, serving, player, run = await a_seated_player(tmp_path, monkeypatch)
    player.set_prefs(True, "hard")
    await settle(lambda: table.seats[0].auto_pass)
    resumed, again = await resumed_with_her_back(table, serving, player)
    await settle(lambda: resumed.seats[0].auto_pass)
    assert resumed.seats[0].assist == "hard"
    await again.stop()
    run.cancel()
