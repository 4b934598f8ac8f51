"""A local game: a host in this process with bots in the other seats, joined over memory."""

from __future__ import annotations

from bhtui.bots import make_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.memory import MemoryLink
from bhtui.rules import SEATS, Match, RuleSet

BOT_NAMES = ("Li", "Wang", "Zhang", "Liu", "Chen")


def local_table(rules: RuleSet | str, seed: int, name: str, bot_delay: float,
                rounds: int | None = None) -> Table:
    """Seat 0 for the person at this terminal, heuristic bots everywhere else."""
    seats = [Seat(name=name)] + [
        Seat(name=BOT_NAMES[s], bot=make_bot("heuristic", seed * SEATS + s))
        for s in range(1, SEATS)
    ]
    return Table(Match(rules, seed, rounds=rounds), seats, bot_delay=bot_delay)


def join(table: Table, name: str, role: str = "player") -> tuple[Client, MemoryLink]:
    link = MemoryLink(table)
    return Client(link, name, role), link
