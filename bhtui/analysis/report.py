"""`bhtui analyse`'s review of a seat: from the cache beside the log, else made and kept
there; as JSON here (machine readable, in no language), as lines a person reads in
``bhtui.tui.analysis_words`` (in the player's words)."""

from __future__ import annotations

import json
from collections.abc import Callable

from bhtui.analysis.cache import cached, save
from bhtui.analysis.review import MARK_AT, Review, analyse
from bhtui.store.replay import Replay

FIGURES = 2
"""Places each figure is given to (``Decision.figures``: the cost is the rounded means')."""


def review_of(replay: Replay, seat: int, playouts: int) -> Review:
    """The seat's review: kept beside the log, or made now (and kept)."""
    return kept_or_made(replay, seat, playouts)[0]


def kept_or_made(replay: Replay, seat: int, playouts: int,
                 progress: Callable[[int, int], None] | None = None) -> tuple[Review, bool]:
    """The review, and whether it was kept from an earlier run (its seconds are that run's);
    ``progress(done, total)`` while one is made, and ``progress(total, total)`` after the
    last."""
    review = cached(replay.path, replay, seat, playouts) if replay.path else None
    if review is not None:
        return review, True
    review = analyse(replay, seat, playouts, progress)
    if replay.path is not None:
        save(replay.path, review)
    return review, False


def report_json(replay: Replay, seat: int, playouts: int,
                progress: Callable[[int, int], None] | None = None) -> str:
    """The review as JSON (ASCII: nothing from the log reaches a terminal as it is)."""
    review = kept_or_made(replay, seat, playouts, progress)[0]
    return json.dumps({
        "game": replay.game, "preset": replay.preset, "seat": seat,
        "name": replay.names[seat], "mark_at": MARK_AT, **review.as_dict(),
        "marked": [d.position for d in review.marks(FIGURES)],
        "summary": [vars(r) for r in review.summary(digits=FIGURES)],
    }, indent=1)
