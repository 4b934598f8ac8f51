"""Each game's screen parts by the game's name (the name the host's hello carries).

A game's parts are imported when its first table opens: a Baohuang table never waits for
Dou Dizhu's screens (the first frame), nor the other way round.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from bhtui.games import GAMES
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import TableParts

if TYPE_CHECKING:
    from bhtui.net.client import Client
    from bhtui.tui.table import TableScreen

PARTS: dict[str, tuple[str, str]] = {
    "baohuang": ("bhtui.tui.baohuang.parts", "BAOHUANG_PARTS"),
    "doudizhu": ("bhtui.tui.doudizhu.parts", "DOUDIZHU_PARTS"),
}
"""Where each game's parts live: module and name."""

SCREENS: dict[str, tuple[str, str]] = {
    "baohuang": ("bhtui.tui.baohuang.table", "BaohuangTable"),
    "doudizhu": ("bhtui.tui.doudizhu.table", "DoudizhuTable"),
}
"""Where each game's table screen lives (the shared one with the game's own keys)."""

KEYED = ("bhtui.tui.baohuang.table", "bhtui.tui.baohuang.dialogs", "bhtui.tui.doudizhu.table",
         "bhtui.tui.doudizhu.dialogs", "bhtui.tui.demo")
"""The games' screens and the demo, by name: their keys are among those a keymap rebinds."""


def parts_for(game: str) -> TableParts[Any]:
    """The screen parts of a game; ValueError when this bhtui does not know the game (a
    host of a newer bhtui)."""
    try:
        module, name = PARTS[game]
    except KeyError:
        raise ValueError(f"this table plays {game!r}, a game this bhtui does not know (it "
                         f"plays {', '.join(GAMES)})") from None
    parts: TableParts[Any] = getattr(import_module(module), name)
    return parts


def table_screen(client: Client, t: Translator, style: CardStyle) -> TableScreen:
    """The table screen of the client's game; ValueError as for :func:`parts_for`."""
    parts = parts_for(client.game)
    module, name = SCREENS[client.game]
    screen: TableScreen = getattr(import_module(module), name)(client, t, style, parts)
    return screen
