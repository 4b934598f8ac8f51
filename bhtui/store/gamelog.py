"""A table's append-only game log: a header, then one record per accepted action.

Records are frames like the wire's (4-byte length + msgpack map). The file is 0600 in a 0700
folder: it holds the seed and the seat tokens. Each record is flushed to
the OS before anyone hears of the action, so a killed host loses nothing it announced. A torn
last record (the host died mid-write) is dropped with a warning; anything else unreadable is a
:class:`GameLogError` with a clear message, never a traceback.

The header names the game and the edition of its rules (``game``, ``rules_version``): a log is
replayed only under the rules it was played under, since the same seed and actions under other
rules are another game. A log without ``game`` is Baohuang's (the only game there was).
"""

from __future__ import annotations

import os
import reprlib
import time
from pathlib import Path
from typing import IO, Any

import msgpack

from bhtui.games import Action, Game, Rules, game_for, game_of, rules_in
from bhtui.store.private import create_private, data_dir, private_dir

MAGIC = b"BHTUILOG1\n"
MAX_RECORD = 1 << 20
MAX_NESTING = 4
"""Lists and maps in one another that a header's value may hold (its seats, a list of maps,
hold 2): msgpack decodes a thousand levels, past Python's recursion limit, and any message
showing such a value was a RecursionError."""
MAX_TEXT = 256
"""Characters in any text of a header (the longest a host writes is a 40-character name): a
refusal quotes the value on one line."""
MAX_TABLE_NAME = 40
"""Characters in a table's name (a new table's is cut to it)."""


class GameLogError(Exception):
    """The file is not a readable bhtui game log."""


def games_dir() -> Path:
    return data_dir() / "games"


def rules_header(rules: Rules) -> dict[str, Any]:
    """The header fields that say which game the actions are moves of (the rules say the
    game)."""
    game = game_for(rules)
    return {"game": game.name, "preset": rules.name, "options": rules.options(),
            "rules_version": game.edition}


def new_log_path(table_name: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table_name)[:40] or "table"
    return games_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{safe}.bhlog"


class GameLog:
    """Reading and appending one log file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.header: dict[str, Any] = {}
        self.actions: list[tuple[int, Action]] = []
        """The actions read by ``load`` (for a resume or a replay). Appending only writes: the
        table's match keeps them already, and a second copy grew all evening at a host."""
        self.warnings: list[str] = []
        self._file: IO[bytes] | None = None

    # writing
    def start(self, header: dict[str, Any]) -> None:
        """Create the log, private from the start: it holds the seed and every seat token."""
        self.header = header
        self._file = create_private(self.path)
        self._file.write(MAGIC)
        self._write({"type": "header", **header})

    def append(self, seat: int, action: Action) -> None:
        self._write({"type": "action", "seat": seat, "action": action})

    def _write(self, record: dict[str, Any]) -> None:
        assert self._file is not None, "start() or load() first"
        body = msgpack.packb(record, use_bin_type=True)
        self._file.write(len(body).to_bytes(4, "big") + body)
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def rules(self) -> tuple[Game, Any]:
        """The game and the rules the log was played under; GameLogError when the game is
        unknown or this bhtui plays another edition of its rules (logs from before
        ``rules_version`` existed are edition 1)."""
        try:
            game = game_of(self.header)
        except ValueError as exc:
            raise GameLogError(f"{self.path}: {exc}") from None
        version = self.header.get("rules_version", 1)
        if version != game.edition:
            raise GameLogError(
                f"{self.path} was played under {game.name} rules version {version!r} and this "
                f"bhtui plays version {game.edition}: replayed now it would be a different "
                f"game, so it is not loaded (open it with the bhtui that wrote it)")
        try:
            return rules_in(self.header)
        except (KeyError, TypeError, ValueError) as exc:
            raise GameLogError(f"{self.path}: the header's rules are unreadable ({exc})") from None

    def seed_and_rounds(self) -> tuple[int | str, int | None]:
        """The header's seed and number of rounds, checked: GameLogError names the field and
        what it should hold. Taken as they were, rounds "x" failed deep in the match with
        "'<' not supported", and a seed that is a list dealt other cards, so the replay's
        first action was "not seat 0's turn"."""
        seed, rounds = self.header.get("seed"), self.header.get("rounds")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise GameLogError(f"{self.path}: the header's seed is {_shown(seed)}: a whole "
                               f"number or a secret (hex text) was expected")
        if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)
                                   or rounds < 1):
            raise GameLogError(f"{self.path}: the header's rounds is {_shown(rounds)}: a whole "
                               f"number from 1 up, or none for a match without end, was "
                               f"expected")
        return seed, rounds

    # reading
    @classmethod
    def load(cls, path: Path) -> GameLog:
        """Read a log and open it for appending after its last whole record."""
        log = cls(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise GameLogError(f"cannot read {path}: {exc.strerror or exc}") from None
        if not data.startswith(MAGIC):
            raise GameLogError(f"{path} is not a bhtui game log")
        offset, good_end = len(MAGIC), len(MAGIC)
        header: Any = None
        # One pass, keeping only the actions: a list of every record (a dict holding a dict,
        # which the garbage collector follows) made the collector half of a long log's load.
        while offset + 4 <= len(data):
            size = int.from_bytes(data[offset:offset + 4], "big")
            if size == 0 or size > MAX_RECORD:
                raise GameLogError(f"{path}: damaged record at byte {offset}")
            if offset + 4 + size > len(data):
                break
            try:
                record = msgpack.unpackb(data[offset + 4:offset + 4 + size], raw=False)
            except Exception:
                raise GameLogError(f"{path}: damaged record at byte {offset}") from None
            if header is None:
                if not isinstance(record, dict) or record.get("type") != "header":
                    raise GameLogError(f"{path}: no header")
                header = record
            elif not isinstance(record, dict) or record.get("type") != "action":
                raise GameLogError(f"{path}: unexpected record {_shown(record)}")
            elif "seat" not in record or "action" not in record:
                raise GameLogError(f"{path}: damaged record at byte {offset}")
            else:
                log.actions.append((record["seat"], record["action"]))
            offset += 4 + size
            good_end = offset
        if header is None:
            raise GameLogError(f"{path}: no header")
        header.pop("type")
        for field, value in header.items():  # before anything reads (or shows) a value
            fault = _bounds_fault(field) or _bounds_fault(value)
            if fault:
                named = field if isinstance(field, str) and field.isidentifier() else \
                    _shown(field)
                raise GameLogError(f"{path}: the header's {named} holds {fault}")
        if good_end < len(data):
            log.warnings.append(
                f"{path}: dropped an incomplete last record ({len(data) - good_end} bytes)")
        log.header = header
        private_dir(path.parent)
        log._file = open(path, "r+b")
        os.fchmod(log._file.fileno(), 0o600)  # a log from an older version was 0644
        if good_end < len(data):  # (a truncate to the same size still marks the file
            log._file.truncate(good_end)  # changed: "the newest game" is by that mark)
        log._file.seek(good_end)
        return log


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = MAX_TEXT + 2  # (the message cuts it shorter)


def _shown(value: Any) -> str:
    """A header value as a message shows it: its repr, cut short (and a few levels deep at
    most, so no value blows the stack)."""
    text = _SHORT.repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _bounds_fault(value: Any, room: int = MAX_NESTING) -> str | None:
    """What puts a header value out of bounds (lists and maps deeper than MAX_NESTING, a
    text longer than MAX_TEXT), or None. Walked at most MAX_NESTING calls deep."""
    if isinstance(value, str | bytes):
        return f"a text of {len(value)} characters (at most {MAX_TEXT})" \
            if len(value) > MAX_TEXT else None
    if not isinstance(value, list | dict):
        return None
    if room == 0:
        return f"lists or maps nested more than {MAX_NESTING} deep"
    items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
    return next(filter(None, (_bounds_fault(item, room - 1) for item in items)), None)


def latest_log() -> Path | None:
    logs = sorted(games_dir().glob("*.bhlog"))
    return logs[-1] if logs else None
