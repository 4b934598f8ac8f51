"""Each game's screen parts by the game's name (the name the host's hello carries)."""

from __future__ import annotations

from typing import Any

from bhtui.games import GAMES
from bhtui.tui.baohuang import BAOHUANG_PARTS
from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
from bhtui.tui.parts import TableParts

PARTS: dict[str, TableParts[Any]] = {p.game: p for p in (BAOHUANG_PARTS, DOUDIZHU_PARTS)}


def parts_for(game: str) -> TableParts[Any]:
    """The screen parts of a game; ValueError when this bhtui does not know the game (a
    host of a newer bhtui)."""
    try:
        return PARTS[game]
    except KeyError:
        raise ValueError(f"this table plays {game!r}, a game this bhtui does not know (it "
                         f"plays {', '.join(GAMES)})") from None
