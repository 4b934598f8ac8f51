"""A local game: a host in this process with bots in the other seats, joined over memory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bhtui.games import Rules, Seed, game_for
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table, bot_seat
from bhtui.net.memory import MemoryLink
from bhtui.store.gamelog import GameLog


def local_table(rules: Rules, seed: Seed, name: str, bot_delay: float,
                rounds: int | None = None, log: GameLog | None = None,
                timer: float | None = None, bots: Sequence[str] = ()) -> Table:
    """Seat 0 for the person at this terminal, bots everywhere else (``bots``: one level for
    all, or one per bot seat in play order; none or a level the game lacks: its standard
    bot), started, with the card counter on. With a ``log`` the game is saved like a hosted
    one (`bhtui replay` reads it); with a ``timer`` each of the person's turns is timed
    (R-AUTO-1)."""
    game = game_for(rules)
    size = game.seats(rules)
    levels = list(bots) * (size - 1) if len(bots) <= 1 else list(bots)
    seats = [Seat(name=name, taken=True)] + [
        bot_seat(game, levels[s - 1] if levels else None, s) for s in range(1, size)]
    table = Table(rules, seats, game=game, name="local", seed=seed, rounds=rounds,
                  bot_delay=bot_delay, log=log, timer=timer, counter=True)
    table.start()
    return table


def join(table: Table, name: str, role: Literal["player", "spectator"] = "player",
         admin: bool = True,
         seat: int | None = 0) -> tuple[Client, MemoryLink]:
    """Join over memory; ``seat`` is a seat reserved for this person (taken by its token)."""
    link = MemoryLink(table, admin=admin)
    token = table.seats[seat].token if seat is not None and role == "player" else None
    return Client(link, name, role, token=token), link
