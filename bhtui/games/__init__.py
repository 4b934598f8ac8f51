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


def rules_named(preset: str | None = None, game: str | Game | None = None,
                options: Mapping[str, Any] | None = None) -> tuple[Game, Rules]:
    """The edge where names become rules, once: the game and rules that a command line, an
    admin command, a room or a log header name. ``game`` may be left out (preset names are
    unique across the games), ``preset`` too (the game's default; neither: Baohuang's).
    Everything inside (the table, a match, the sim) takes the rules object this returns.
    ValueError names what is unknown: the game, the preset with the known ones (each game's
    after its own, named), an option."""
    if game is None and preset is not None:
        owner = next((g for g in GAMES.values() if preset in g.presets), None)
        if owner is None:
            known = "; ".join(f"{', '.join(g.presets)} ({g.name})" for g in GAMES.values())
            raise ValueError(f"unknown preset {preset!r}; known: {known}")
        game = owner
    found = get_game(game)
    return found, found.rules(preset, options)


def rules_in(header: Mapping[str, Any]) -> tuple[Game, Rules]:
    """The game and rules a log header, a room or a view names (``game``, ``preset``,
    ``options``), through :func:`rules_named`; ValueError says what is wrong."""
    preset, options = header.get("preset"), header.get("options") or {}
    if not isinstance(preset, str) or not isinstance(options, Mapping):
        raise ValueError(f"rules are a preset's name and a map of options, not "
                         f"{preset!r:.40} and {options!r:.40}")
    return rules_named(preset, game_of(header), options)


def game_of(header: Mapping[str, Any]) -> Game:
    """The game a log header, a room or a hello names (Baohuang before there were two)."""
    name = header.get("game", DEFAULT_GAME)
    if not isinstance(name, str):
        raise ValueError(f"a game is named by text, not {name!r}")
    return get_game(name)


def game_for(rules: Rules) -> Game:
    """The game whose rules these are (a rules object, never a name: names are resolved at
    the edge by :func:`rules_named`); TypeError otherwise."""
    for game in GAMES.values():
        if game.owns(rules):
            return game
    raise TypeError(f"not a game's rules: {rules!r:.60} (resolve a preset's name with "
                    f"bhtui.games.rules_named)")


__all__ = [
    "DEFAULT_GAME", "GAMES", "Action", "Event", "Game", "GameMatch", "Move", "Rules", "Seed",
    "Viewer", "game_for", "game_of", "get_game", "rules_in", "rules_named", "secret_seed",
]
