"""Learning from a game (issue 31): each decision of one seat weighed by ``hard``'s search
from that seat's view alone, the costly ones marked, a summary per round, cached beside the
log. `bhtui analyse` prints it; the replay screen shows it as it comes.

Core: no screen library, and the games only through ``bhtui.games``.
"""

from bhtui.analysis.cache import cache_path, cached, save
from bhtui.analysis.report import report, review_of
from bhtui.analysis.review import (
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
)

__all__ = [
    "MARK_AT", "PLAYOUTS", "Cancelled", "Decision", "Review", "RoundSummary", "analyse",
    "cache_path", "cached", "card_of", "decisions_of", "move_text", "report", "review_of", "save",
]
