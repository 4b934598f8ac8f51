"""Dou Dizhu's bots: a seat's offer in (its legal actions, ``offer.reading`` the seat's
view), one of its actions out — the interface of Baohuang's bots in ``bhtui.bots``.

Levels (``LEVELS``): ``easy`` (the heuristic, one play in three any legal play), ``normal``
(the heuristic counting cards), ``hard`` (determinized search); ``random`` and ``heuristic``
stay as baselines. The time limits are Baohuang's: ``TABLE_SECONDS`` at a table,
``HINT_SECONDS`` for a hint.
"""

from __future__ import annotations

from typing import Protocol

from bhtui.bots import HINT_SECONDS, LEVELS, NAMES, TABLE_SECONDS, bot_of
from bhtui.bots.doudizhu.counting import CountingBot
from bhtui.bots.doudizhu.easy import EasyBot
from bhtui.bots.doudizhu.heuristic import HeuristicBot
from bhtui.bots.doudizhu.search import SearchBot
from bhtui.bots.randombot import RandomBot
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action


class Bot(Protocol):
    """A bot may also say ``thinks = True``: its decisions take long (a search), so a table
    runs them off its event loop."""

    name: str

    def decide(self, offer: Offer) -> Action:
        """One of ``offer``; ``offer.reading`` is what the seat knows (its view)."""


BOTS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SearchBot]] = dict(
    zip(NAMES, (EasyBot, CountingBot, SearchBot, RandomBot, HeuristicBot), strict=True))


def make_bot(name: str, seed: int = 0, seconds: float | None = None) -> Bot:
    """A bot by name; ValueError lists the known names. ``seconds`` limits a searching
    bot's time per decision (at a table); without it the search spends its playout budget,
    so a seeded tournament plays the same games anywhere."""
    bot: Bot = bot_of(BOTS, name, seed, seconds)
    return bot


def table_bot(level: str, seed: int = 0) -> Bot:
    """A bot for a seat at a table (or 托管): its search, if any, within TABLE_SECONDS."""
    return make_bot(level, seed, seconds=TABLE_SECONDS)


def hint(offer: Offer, level: str = "normal") -> Action:
    """What the bot of the player's level would do, within HINT_SECONDS."""
    return make_bot(level, seconds=HINT_SECONDS).decide(offer)


__all__ = ["BOTS", "LEVELS", "Bot", "CountingBot", "EasyBot", "HeuristicBot", "RandomBot",
           "SearchBot", "hint", "make_bot", "table_bot"]
