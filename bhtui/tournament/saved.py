"""A tournament's blocks kept in a file as each ends (``bhtui tournament --save FILE``).

A goal run of thousands of rounds takes hours on two cores; Ctrl-C, a closed laptop or a
killed process would lose all of it. With a file, every finished block is appended to it
(JSON lines: a header naming the tournament, then a block a line), and the same command again
plays only the blocks the file lacks: the report is the one an unbroken run prints. A file of
another tournament — another seed, bots, preset, rules edition, or bots and engines whose code
changed since (``code``: a digest of their source) — is refused and left as it is, and so is
a file another run is writing; a last line cut short (the process killed while writing) is
dropped and played again.
"""

from __future__ import annotations

import collections
import hashlib
import json
import math
import os
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # (Windows: one run at a time is then the user's to keep)
    fcntl = None  # type: ignore[assignment]

FORMAT = 1
"""The file's layout: a header ``{"bhtui-tournament": FORMAT, …}``, then one block a line."""
MARK = b'{"bhtui-tournament": '
"""How such a file starts: anything else is somebody's file, never written over."""
HEADER = ("game", "preset", "options", "rules_version", "code", "seed", "bots",
          "match_rounds")
"""What makes two runs the same tournament: the same blocks, played the same way."""
MOST_POINTS = 10**9
"""Far more than any round scores in either game, even with every bomb doubled: a larger
score in a file is not ours (and would overflow the report's means)."""
PLAYED_BY = ("bots", "rules", "doudizhu", "games")
"""The packages whose code decides what a block's games are."""

Seat = tuple[str, int, str, int, bool]
"""A seat-round of a block: bot, seat, role, score, whether its side won."""
Times = dict[str, list[float]]
"""Each bot's decision times in a block, in seconds."""


class SaveError(ValueError):
    """The file cannot go on this tournament; it is left untouched."""


def code_digest() -> str:
    """A digest of the bots' and engines' source: a file played by other code is another
    tournament, whatever its seed."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for package in PLAYED_BY:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class Saved:
    """The blocks a file holds for one tournament, and the file, locked and open to append
    new ones (at once: a file that cannot be written is said before the first block, not
    after it)."""

    def __init__(self, path: Path, header: dict[str, Any], roles: tuple[str, ...],
                 seats: int) -> None:
        self.path = path
        header = {**header, "code": code_digest()}  # (read only when saving: ~100 files)
        self.header = {"bhtui-tournament": FORMAT, **{k: header[k] for k in HEADER}}
        self._roles, self._seats = roles, seats
        self._rows = seats * seats * header["match_rounds"]  # every rotation's rounds
        self._each = {bot: k * seats * header["match_rounds"]
                      for bot, k in collections.Counter(header["bots"]).items()}
        self.blocks: dict[int, tuple[list[Seat], Times]] = {}
        try:
            if path.exists() and not path.is_file():
                raise SaveError(f"{path} is not a file")
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
            self._file: IO[bytes] = path.open("r+b" if path.exists() else "w+b")
            try:
                if fcntl is not None:
                    fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                end = self._read(self._file.read())
                self._file.truncate(end)  # (a line cut short goes)
                self._file.seek(end)
                if not end:
                    self._write(self.header)
            except BaseException:
                self._file.close()
                raise
        except BlockingIOError:
            raise SaveError(f"{path} is in use by another tournament") from None
        except OSError as exc:
            raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None

    def _read(self, data: bytes) -> int:
        """Take the blocks of the file's ``data``; where its last whole line ends."""
        if not data:
            return 0
        if not data.startswith(MARK):  # never write over a file of something else
            raise SaveError(f"{self.path} is not a bhtui tournament file (it is left as it is)")
        end = data.rfind(b"\n") + 1  # a last line cut short while written is played again
        rows = data[:end].splitlines()
        if not rows:
            return 0  # the header itself was cut short
        try:
            head = json.loads(rows[0])
        except (ValueError, RecursionError):
            head = None
        if not isinstance(head, dict) or head.get("bhtui-tournament") != FORMAT:
            raise SaveError(f"{self.path}, line 1: not the header of a bhtui tournament file")
        differs = [k for k in HEADER if not _same(head.get(k), self.header[k])]
        if "code" in differs:
            raise SaveError(f"{self.path} was played by other bots or rules (an older or "
                            f"newer bhtui): give another file")
        if differs:
            raise SaveError(f"{self.path} holds another tournament ({differs[0]} "
                            f"{head.get(differs[0])!r}, not {self.header[differs[0]]!r}): "
                            f"give another file, or the same {', '.join(differs)}")
        for number, row in enumerate(rows[1:], start=2):
            index, block = self._block(row, number)
            if self.blocks.setdefault(index, block) is not block:
                raise SaveError(f"{self.path}, line {number}: block {index} again "
                                f"(the file is left as it is)")
        return end

    def _block(self, row: bytes, number: int) -> tuple[int, tuple[list[Seat], Times]]:
        """A line's block, checked: every field of its type and in its range, every bot
        in its rows as often as the tournament seats it."""
        try:
            doc = json.loads(row)
            index, seats, times = doc["b"], doc["seats"], doc["times"]
            checked: list[Seat] = []
            for bot, seat, role, score, won in seats:
                if not (bot in self._each and type(seat) is int and 0 <= seat < self._seats
                        and role in self._roles and type(score) is int
                        and abs(score) <= MOST_POINTS and type(won) is bool):
                    raise ValueError
                checked.append((bot, seat, role, score, won))
            played = collections.Counter(bot for bot, *_ in checked)
            if not (type(index) is int and index >= 0 and len(checked) == self._rows
                    and played == self._each and isinstance(times, dict)
                    and set(times) <= set(self._each)):
                raise ValueError
            kept: Times = {}
            for bot, ts in times.items():
                if not (type(ts) is list and all(type(t) in (int, float) and math.isfinite(t)
                                                 and t >= 0 for t in ts)):
                    raise ValueError
                kept[bot] = [float(t) for t in ts]
        except (ValueError, TypeError, KeyError, OverflowError, RecursionError):
            raise SaveError(f"{self.path}, line {number}: not a block of this tournament "
                            f"(the file is left as it is)") from None
        return index, (checked, kept)

    def add(self, index: int, seats: list[Seat], times: Times) -> None:
        """Keep a finished block: on disk at once, so a stop loses at most the blocks still
        in play."""
        try:
            self._write({"b": index, "seats": seats,
                         "times": {bot: [round(t, 6) for t in ts]
                                   for bot, ts in times.items()}})
        except OSError as exc:
            raise SaveError(f"cannot save to {self.path}: {exc.strerror or exc}") from None

    def _write(self, doc: dict[str, Any]) -> None:
        self._file.write(json.dumps(doc, ensure_ascii=False).encode() + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())  # (a block took minutes: a power cut keeps it)

    def close(self) -> None:
        self._file.close()


def _same(theirs: Any, ours: Any) -> bool:
    """Equal as JSON values, and of the same types (a seed 3.0 or true is not 3)."""
    return json.dumps(theirs, sort_keys=True) == json.dumps(ours, sort_keys=True)
