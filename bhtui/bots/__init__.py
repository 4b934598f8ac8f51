"""Bot policies: a seat's view and its legal actions in, one action out.

Bots never see the engine, only their seat's :class:`Reading` (the numbers of its view), so a
bot plays the same in a local game, over the wire, and in 托管 (R-AUTO-1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bhtui.bots.counting import CountingBot
from bhtui.bots.easy import EasyBot
from bhtui.bots.heuristic import HeuristicBot
from bhtui.bots.randombot import RandomBot
from bhtui.bots.search import SearchBot
from bhtui.rules import Action
from bhtui.rules.choices import Choices


class Bot(Protocol):
    """A bot may also say ``thinks = True``: its decisions take long (a search), so a table
    runs them off its event loop."""

    name: str

    def decide(self, choices: Choices) -> Action:
        """One of ``choices`` (hand it back as it is: the engine applies its own offer fast);
        ``choices.reading`` is what the seat knows."""

    def interject(self, choices: Choices) -> Action | None:
        """A declaration out of turn (抢庄, 抢独, 明保, 造反) from ``legal``, or None."""


NAMES = ("easy", "normal", "hard", "random", "heuristic")
"""Every bot's name, the same in both games: the levels, weakest first, then the baselines."""
LEVELS = NAMES[:3]
BOTS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SearchBot]] = dict(
    zip(NAMES, (EasyBot, CountingBot, SearchBot, RandomBot, HeuristicBot), strict=True))
"""The levels a player chooses from (the other bots are baselines for tournaments)."""
TABLE_SECONDS = 1.0
"""At a table people wait for a bot: a search stops here whatever is left of its budget."""
HINT_SECONDS = 0.3
"""A hint answers within this, whatever the level."""


def make_bot(name: str, seed: int = 0, seconds: float | None = None) -> Bot:
    """A bot by name; ValueError lists the known names. ``seconds`` limits a searching bot's
    time per decision (at a table, where people wait for it); without it a search spends
    its whole playout budget, so a seeded tournament plays the same games anywhere."""
    bot: Bot = bot_of(BOTS, name, seed, seconds)
    return bot


def bot_of(bots: Mapping[str, Callable[..., Any]], name: str, seed: int,
           seconds: float | None) -> Any:
    """A bot of either game by name from its ``bots``, a searching one (``thinks``) with
    its time limit; ValueError lists the known names."""
    try:
        cls = bots[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(bots)}") from None
    if getattr(cls, "thinks", False):
        return cls(seed, seconds=seconds)
    return cls(seed)


def table_bot(level: str, seed: int = 0) -> Bot:
    """A bot for a seat at a table (or 托管): its search, if any, within TABLE_SECONDS."""
    return make_bot(level, seed, seconds=TABLE_SECONDS)


def hint(choices: Choices, level: str = "normal") -> Action:
    """The action offered to a player who asks for a hint: what the bot of his level would
    do, within HINT_SECONDS."""
    return make_bot(level, seconds=HINT_SECONDS).decide(choices)


__all__ = ["BOTS", "HINT_SECONDS", "LEVELS", "TABLE_SECONDS", "Bot", "CountingBot", "EasyBot",
           "HeuristicBot", "NAMES", "RandomBot", "SearchBot", "bot_of", "hint", "make_bot", "table_bot"]
