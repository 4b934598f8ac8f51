"""A Dou Dizhu table over TCP on loopback: a person's seat played by a remote bot from its
views, bots in the other seats, and a spectator; every byte each connection receives is its
projection of the game (tests/net_checks.py), so no hidden card crosses the wire."""

from __future__ import annotations

import pytest

from bhtui.games import get_game
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import TcpLink, listen_socket, open_link

from net_checks import decoded, projection_problems
from net_helpers import in_background, settle

DDZ = get_game("doudizhu")


class Recorded:
    """A client's TCP link that keeps every byte it reads."""

    def __init__(self, link: TcpLink) -> None:
        self.link, self.chunks = link, []
        self.private, self.channel = link.private, link.channel

    def write(self, data: bytes) -> None:
        self.link.write(data)

    async def read(self) -> bytes:
        data = await self.link.read()
        self.chunks.append(data)
        return data


def last_view_seq(link: Recorded) -> int | None:
    views = [m["seq"] for m in decoded(link.chunks) if m["type"] == "view"]
    return views[-1] if views else None


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
async def test_a_doudizhu_table_over_tcp_with_a_spectator_leaks_no_hidden_card(preset):
    rules = DDZ.rules(preset)
    seats = [Seat()] + [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True)
                        for s in range(1, DDZ.seats(rules))]
    table = Table(rules, seats, game=DDZ, seed=31, rounds=2, bot_delay=0.0, name="Friday")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    links = {}
    try:
        for role in ("spectator", "player"):
            links[role] = Recorded(await open_link("127.0.0.1", serving.port))
            client = Client(links[role], "Ana" if role == "player" else "Wu", role)
            if role == "player":
                attach_bot(client)  # the person's seat, played from its views alone
            in_background(client.run())
        await settle(lambda: table.seats[0].taken and len(table.viewers) == 2)
        table.start()
        await settle(lambda: table.match.over)
        for link in links.values():  # until the last view has arrived
            await settle(lambda: last_view_seq(link) == table.seq)
    finally:
        await serving.stop()
    actions = list(table.match.actions)
    assert len(table.match.history) == 2 and any(seat == 0 for seat, _ in actions)
    for viewer, role in ((0, "player"), (None, "spectator")):
        messages = decoded(links[role].chunks)
        assert projection_problems(messages, viewer, DDZ, rules, 31, actions, 2) == []
        views = [m["view"] for m in messages if m["type"] == "view"]
        assert all(("hand" in v) == (viewer == 0) and "hands" not in v for v in views)
