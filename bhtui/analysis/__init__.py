"""Learning from a game (issue 31): each decision of one seat weighed by ``hard``'s search
from that seat's view alone, the costly ones marked, a summary per round, cached beside the
log. `bhtui analyse` prints it; the replay screen shows it as it comes.

Core: no screen library, and the games only through ``bhtui.games``.
"""

from bhtui.analysis.cache import cache_path, cached, save
from bhtui.analysis.report import kept_or_made, report_json, review_of
from bhtui.analysis.review import (
    CLOSE_AT,
    MARK_AT,
    PLAYOUTS,
    Cancelled,
    Decision,
    Review,
    RoundSummary,
    analyse,
    card_of,
    decisions_of,
    move_text,
    moves_said,
)

__all__ = [
    "CLOSE_AT", "MARK_AT", "PLAYOUTS", "Cancelled", "Decision", "Review", "RoundSummary",
    "analyse", "cache_path", "cached", "card_of", "decisions_of", "kept_or_made", "move_text",
    "moves_said", "report_json", "review_of", "save",
]
