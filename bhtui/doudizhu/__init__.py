"""Dou Dizhu (斗地主), the second game: presets ``classic`` (three players, one deck) and
``shanghai`` (上海斗地主, four players, two decks). It shares only :mod:`bhtui.cards` with
Baohuang.

Public API (bot authors and tools import these names): ``legal_hands``, ``beats``,
``parse_hand``, ``format_hand``, ``Hand``, ``Match``, ``replay``, ``IllegalAction``,
``PRESETS``, ``Rules``, ``Deal``, ``event_for``.
"""

from bhtui.doudizhu.deal import Deal
from bhtui.doudizhu.errors import IllegalAction
from bhtui.doudizhu.hands import Hand, beats, format_hand, parse_hand
from bhtui.doudizhu.match import DealRecord, Match, replay
from bhtui.doudizhu.moves import legal_hands
from bhtui.doudizhu.presets import PRESETS, Rules, get_preset
from bhtui.doudizhu.round import Action, Event
from bhtui.doudizhu.scoring import DealResult
from bhtui.doudizhu.views import PLACEHOLDER, event_for

GAME = "doudizhu"

__all__ = [
    "GAME", "PLACEHOLDER", "PRESETS", "Action", "Deal", "DealRecord", "DealResult", "Event",
    "Hand", "IllegalAction", "Match", "Rules", "beats", "event_for", "format_hand",
    "get_preset", "legal_hands", "parse_hand", "replay",
]
