"""A seated player whose client dies (or whose link drops) mid-round has his seat played by a
bot until he is back. Back, his welcome tells him when he was away (``away``: event spans),
so his screen can say which of his seat's moves were the bot's — and nothing about any other
seat. Real sockets on loopback, for Baohuang and Dou Dizhu."""

from __future__ import annotations

import pytest

from bhtui.net.client import Client
from bhtui.net.tcp import open_streams, serve_table, stay_connected

from loopback import (
    LOOPBACK,
    WELCOME,
    Recording,
    away_while_the_bot_plays,
    connect,
    frames,
    hostile_host,
    moves_of,
    settle,
    table_of,
)
from net_helpers import in_background


@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
async def test_a_player_back_after_his_client_died_is_told_when_the_bot_played_for_him(game):
    """A new client (no ``last_seq``: the old one was killed) gets the whole round in its
    catch-up; the welcome's span says which part came while he was away, ending where he
    is back, so his own earlier moves stay his and the bot's are the bot's."""
    table = table_of(game)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    _, left = await away_while_the_bot_plays(table, port)
    back, link = await connect(port, "Me", token=table.seats[0].token)  # no code, no last_seq
    await settle(lambda: back.view is not None)
    server.close()
    welcome = next(m for m in frames(link.received) if m["type"] == "welcome")
    assert welcome["away"] == [[left, welcome["seq"]]]
    assert back.returned == (left, welcome["seq"]) and back.away == [back.returned]
    bots = moves_of(table, 0, left, welcome["seq"])
    assert bots, "the bot played for my seat while I was away"
    mine = moves_of(table, 0, 0, left)
    assert mine and all(seq <= left for seq, _ in mine)  # what I played before stays mine
    assert table.seats[0].left_at is None and table.seats[0].away == [(left, welcome["seq"])]


async def test_a_player_whose_link_dropped_is_told_too_and_nobody_else_hears_of_it():
    """The same client reconnecting (its ``last_seq`` sent) is told the same span; a
    spectator's welcome, and another seat's, carry no one's absences (R-HIDE-*: only what
    concerns the viewer)."""
    table = table_of("baohuang")
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    watcher, watched = await connect(port, "Wu", "spectator")
    me, left = await away_while_the_bot_plays(table, port)
    last = me.last_seq
    assert last is not None
    link = Recording(*await open_streams(LOOPBACK, port))
    in_background(me.run(link))  # the same client, its token and last event number
    await settle(lambda: me.returned is not None and me.seq == table.seq)
    server.close()
    welcome = next(m for m in frames(link.received) if m["type"] == "welcome")
    catchup = next(m for m in frames(link.received) if m["type"] == "catchup")
    assert me.returned == (left, welcome["seq"]) and catchup["events"][0][0] == last + 1
    assert moves_of(table, 0, left, welcome["seq"])
    assert [m["away"] for m in frames(watched.received) if m["type"] == "welcome"] == [[]]
    assert watcher.away == [] and watcher.returned is None


async def test_a_hostile_host_s_thousands_of_absences_are_cut_to_the_latest():
    """A welcome's absences come from the host, which sends at most AWAY_SPANS; a hostile one
    sent thousands, and the screen walked every one for every event it logged. The
    client keeps the latest AWAY_SPANS."""
    from bhtui.net.protocol import AWAY_SPANS

    spans = [[n, n + 1] for n in range(4_000)]  # (a frame holds lists of 4,096 at most)
    server, port, _ = await hostile_host({**WELCOME, "away": spans})
    client = Client(None, "Me")  # type: ignore[arg-type]
    staying = in_background(stay_connected(client, LOOPBACK, port))
    await settle(lambda: client.welcomes == 1)
    assert client.away == [tuple(span) for span in spans[-AWAY_SPANS:]]
    staying.cancel()
    server.close()
