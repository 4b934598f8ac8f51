"""Bot policies: a seat's view and its legal actions in, one action out.

Bots never see the engine, only their seat's :class:`Reading` (the numbers of its view), so a
bot plays the same in a local game, over the wire, and in 托管 (R-AUTO-1).
"""

from __future__ import annotations

from typing import Protocol

from bhtui.bots.heuristic import HeuristicBot
from bhtui.bots.randombot import RandomBot
from bhtui.rules import Action
from bhtui.rules.choices import Choices


class Bot(Protocol):
    name: str

    def decide(self, choices: Choices) -> Action:
        """One of ``choices`` (hand it back as it is: the engine applies its own offer fast);
        ``choices.reading`` is what the seat knows."""

    def interject(self, choices: Choices) -> Action | None:
        """A declaration out of turn (抢庄, 抢独, 明保, 造反) from ``legal``, or None."""


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ValueError lists the known names."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return cls(seed)


def hint(choices: Choices) -> Action:
    """The action a player who asks for a hint is offered: the heuristic's choice."""
    return HeuristicBot(0).decide(choices)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "hint", "make_bot"]
