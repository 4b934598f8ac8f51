"""Seat tokens kept in the client's data folder, so `bhtui join` after a crash or a dropped
link puts a player back in his seat. A damaged file is set aside, never fatal."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import platformdirs


def tokens_path() -> Path:
    base = os.environ.get("BHTUI_DATA_DIR") or platformdirs.user_data_dir("bhtui")
    return Path(base) / "seats.json"


def _load(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(data, dict) else {}


def remembered_token(table_key: str, path: Path | None = None) -> str | None:
    return _load(path or tokens_path()).get(table_key)


def remember_token(table_key: str, token: str, path: Path | None = None) -> None:
    """Write atomically (temp file + rename): a crash mid-write loses nothing."""
    path = path or tokens_path()
    data = _load(path)
    data[table_key] = token
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".seats-")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
    os.replace(tmp, path)
