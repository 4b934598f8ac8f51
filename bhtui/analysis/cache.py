"""An analysis kept beside its log (``GAME.bhlog`` → ``GAME.analysis``), private like the
log itself: it tells what the seat held. One file per log holds a review per seat and
playout count; one made from other actions (a log that grew since) is not used."""

from __future__ import annotations

import json
from pathlib import Path

from bhtui.analysis.review import Review, digest_of
from bhtui.store.private import create_private
from bhtui.store.replay import Replay


def cache_path(log: Path) -> Path:
    return log.with_suffix(".analysis")


def _entries(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or damaged: analysed again, and written anew
    return data if isinstance(data, dict) else {}


def _name(seat: int, playouts: int) -> str:
    return f"seat {seat}, {playouts} playouts"


def cached(log: Path, replay: Replay, seat: int, playouts: int) -> Review | None:
    """The review of ``seat`` kept for this very game, if there is one."""
    entry = _entries(cache_path(log)).get(_name(seat, playouts))
    try:
        review = Review.from_dict(entry)
    except ValueError:
        return None
    return review if review.digest == digest_of(replay) else None


def save(log: Path, review: Review) -> Path:
    """Keep ``review`` beside ``log`` (0600), with the other seats' already there."""
    path = cache_path(log)
    entries = _entries(path)
    entries[_name(review.seat, review.playouts)] = review.as_dict()
    with create_private(path) as out:
        out.write(json.dumps(entries, ensure_ascii=False).encode("utf-8"))
    return path
