"""The Baohuang engine: sets, comparison, legal moves, the round/match state machine, views.

Public API (bot authors and tools import these names): ``parse_set``, ``format_set``,
``beats``, ``legal_sets``, ``CardSet``, ``PRESETS``, ``RuleSet``, ``Match``, ``IllegalAction``.
"""

from bhtui.rules.deal import Deal
from bhtui.rules.errors import IllegalAction
from bhtui.rules.match import Match, RoundRecord, replay
from bhtui.rules.presets import PRESETS, RULES_VERSION, RuleSet, get_preset
from bhtui.rules.round import PLACE_NAMES, Action, Event, Round
from bhtui.rules.scoring import SEATS, RoundResult
from bhtui.rules.sets import CardSet, beats, format_set, legal_sets, parse_set
from bhtui.rules.views import PLACEHOLDER, event_for

__all__ = [
    "PLACEHOLDER", "PLACE_NAMES", "PRESETS", "SEATS", "Action", "CardSet", "Deal", "Event",
    "IllegalAction", "Match", "RULES_VERSION", "Round", "RoundRecord", "RoundResult", "RuleSet",
    "beats", "event_for", "format_set", "get_preset", "legal_sets", "parse_set", "replay",
]
