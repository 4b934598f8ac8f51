"""An analysis kept beside its log (``GAME.bhlog`` → ``GAME.analysis``), private like the
log itself: it tells what the seat held. One file per log holds a review per seat and
playout count; one made from other actions (a log that grew since) is not used. A file that
cannot be read as one — missing, damaged, nested past the parser's depth, too large — is no
cache: the analysis is made again and the file written anew (where the folder lets it)."""

from __future__ import annotations

import json
from pathlib import Path

from bhtui.analysis.review import Review, digest_of
from bhtui.store.private import replace_private
from bhtui.store.replay import Replay

MAX_CACHE = 64 << 20
"""Bytes of a cache read at most: a decision is kept in about 250 bytes, so this holds a
quarter of a million of them, a seat's over thousands of rounds (bhtui reads no log of more
than 16 MiB, and weighing one seat's decisions in that would take a day)."""


def cache_path(log: Path) -> Path:
    return log.with_suffix(".analysis")


def _entries(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as file:
            text = file.read(MAX_CACHE + 1)
        data = json.loads(text) if len(text) <= MAX_CACHE else None
    except (OSError, ValueError, RecursionError):  # (JSON nested deeper than the stack)
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


def save(log: Path, review: Review) -> Path | None:
    """Keep ``review`` beside ``log`` (private, replaced whole), with the other seats'
    already there; None where the log's folder takes no file (a friend's log, a read-only
    folder): the analysis is shown all the same, and made again next time."""
    path = cache_path(log)
    entries = _entries(path)
    entries[_name(review.seat, review.playouts)] = review.as_dict()
    try:
        replace_private(path, json.dumps(entries, ensure_ascii=False).encode("utf-8"))
    except OSError:
        return None
    return path
