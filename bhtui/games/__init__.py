"""The games bhtui plays, behind one contract (:class:`Game`, in ``contract.py``).

Everything above the engines — the host, the log, the lobby, the sim, the replay — asks
``get_game(name)`` and works from what it returns; Baohuang's engine is ``bhtui.rules``,
Dou Dizhu's ``bhtui.doudizhu``, and the two share ``bhtui.cards`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bhtui.games.baohuang import BAOHUANG
from bhtui.games.contract import Action, Event, Game, GameMatch, Move, Rules, Viewer
from bhtui.games.doudizhu import DOUDIZHU
from bhtui.rules.seeding import Seed, secret_seed

GAMES: dict[str, Game] = {game.name: game for game in (BAOHUANG, DOUDIZHU)}
DEFAULT_GAME = BAOHUANG.name


def get_game(name: str | Game | None = None) -> Game:
    """A game by name (None: Baohuang); ValueError lists the games."""
    if isinstance(name, Game):
        return name
    try:
        return GAMES[name or DEFAULT_GAME]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


def resolve(rules: Any, game: str | Game | None = None) -> tuple[Game, Any]:
    """The game and rules a table or a command names: ``rules`` is a preset's name or a rules
    object, ``game`` may be left out (preset names are unique across the games).
    ValueError names what is unknown."""
    if game is None and rules is None:
        game = DEFAULT_GAME
    if game is not None:
        found = get_game(game)
        if isinstance(rules, str) or rules is None:
            return found, found.rules(rules)
        if not found.owns(rules):
            raise ValueError(f"those rules are not {found.name}'s")
        return found, rules
    for candidate in GAMES.values():
        if (rules in candidate.presets) if isinstance(rules, str) else candidate.owns(rules):
            return candidate, candidate.rules(rules) if isinstance(rules, str) else rules
    known = ", ".join(f"{g.name}: {'/'.join(g.presets)}" for g in GAMES.values())
    raise ValueError(f"unknown preset {rules!r}; known: {known}")


def game_of(header: Mapping[str, Any]) -> Game:
    """The game a log header, a room or a hello names (Baohuang before there were two)."""
    name = header.get("game", DEFAULT_GAME)
    if not isinstance(name, str):
        raise ValueError(f"a game is named by text, not {name!r}")
    return get_game(name)


__all__ = [
    "DEFAULT_GAME", "GAMES", "Action", "Event", "Game", "GameMatch", "Move", "Rules", "Seed",
    "Viewer", "game_of", "get_game", "resolve", "secret_seed",
]
