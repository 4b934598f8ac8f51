"""Seat tokens kept in the client's data folder, so `bhtui join` after a crash or a dropped
link puts a player back in his seat. Tokens are keyed by the table's id (its host's hello
says it), so a table reached through the lobby, by name or by any address finds the same
token. The file is private (0600); a damaged one is set aside, never fatal, and one that
cannot be written costs a rejoin by token, never the game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from bhtui.store.private import data_dir, private_dir, read_small, replace_private

KEEP = 64  # tables remembered; the oldest are forgotten
FILE = "seats.json"  # in the data folder (a door keeps it from one visit to the next)


def tokens_path() -> Path:
    return data_dir() / FILE


class SeatTokens:
    """The seats this user holds, by table id."""

    def __init__(self, path: Path | None = None,
                 unsaved: Callable[[str], None] | None = None) -> None:
        """``unsaved``: told why (an OSError's words, never the token), the first time a
        seat cannot be written down, so the player knows a restart loses it."""
        self.path = path or tokens_path()
        self.unsaved = unsaved

    def _load(self) -> dict[str, str]:
        try:  # (a link to /dev/zero, a huge file: read_small refuses it, as no tokens)
            data = json.loads(read_small(self.path))
        except (OSError, ValueError, RecursionError):  # (nested past the parser: damaged too)
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, table_id: str) -> str | None:
        return self._load().get(table_id)

    def put(self, table_id: str, token: str) -> None:
        """Write atomically (a private temp file + rename): a crash mid-write loses nothing.
        A file that cannot be written (a read-only or full disk, a folder in its place) never
        stops the game the seat is in: ``unsaved`` is told, once."""
        data = self._load()
        data.pop(table_id, None)
        data[table_id] = token
        data = dict(list(data.items())[-KEEP:])
        try:
            private_dir(self.path.parent)
            replace_private(self.path, json.dumps(data).encode())
        except OSError as exc:
            if self.unsaved is not None:
                self.unsaved(exc.strerror or type(exc).__name__)
                self.unsaved = None
