"""A tournament's blocks kept in a file as each ends (``bhtui tournament --save FILE``).

A goal run of thousands of rounds takes hours on two cores; Ctrl-C, a closed laptop or a
killed process would lose all of it. With a file, every finished block is appended to it
(JSON lines: a header naming the tournament, then a block a line), and the same command again
plays only the blocks the file lacks: the report is the one an unbroken run prints. A file of
another tournament (a different seed, bots, preset or rules edition) is refused and left as
it is; a last line cut short (the process killed while writing) is dropped and played again.
One run at a time per file, and one version of the bots: the file cannot tell a bot
changed since.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import IO, Any

FORMAT = 1
"""The file's layout: a header ``{"bhtui-tournament": FORMAT, …}``, then one block a line."""
MARK = b'{"bhtui-tournament": '
"""How such a file starts: anything else is somebody's file, never written over."""
HEADER = ("game", "preset", "options", "rules_version", "seed", "bots", "match_rounds")
"""What makes two runs the same tournament: the same blocks, played the same way."""


class SaveError(ValueError):
    """The file cannot go on this tournament; it is left untouched."""


Seat = tuple[str, int, str, int, bool]
"""A seat-round of a block: bot, seat, role, score, whether its side won."""


class Saved:
    """The blocks a file holds for one tournament, and the file, open to append new ones
    (opened at once: a file that cannot be written is said before the first block, not
    after it)."""

    def __init__(self, path: Path, header: dict[str, Any], roles: tuple[str, ...],
                 seats: int) -> None:
        self.path = path
        self.header = {"bhtui-tournament": FORMAT, **{k: header[k] for k in HEADER}}
        self._roles, self._seats = roles, seats
        self.blocks: dict[int, tuple[list[Seat], dict[str, list[float]]]] = {}
        self._end = 0  # where the last whole line ends: a write goes on from there
        self._file: IO[bytes]
        try:
            if path.exists():
                self._read()
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("r+b" if path.exists() else "wb")
            self._file.truncate(self._end)  # (a line cut short goes)
            self._file.seek(self._end)
            if not self._end:
                self._write(self.header)
        except OSError as exc:
            raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None

    def _read(self) -> None:
        data = self.path.read_bytes()
        if not data:
            return
        if not data.startswith(MARK):  # never write over a file of something else
            raise SaveError(f"{self.path} is not a bhtui tournament file (it is left as it is)")
        end = data.rfind(b"\n") + 1  # a last line cut short while written is played again
        rows = data[:end].splitlines()
        if not rows:
            return  # the header itself was cut short
        try:
            head = json.loads(rows[0])
        except (UnicodeDecodeError, json.JSONDecodeError):
            head = None
        if not isinstance(head, dict) or head.get("bhtui-tournament") != FORMAT:
            raise SaveError(f"{self.path} is not a bhtui tournament file of this edition")
        differs = [k for k in HEADER if head.get(k) != self.header[k]]
        if differs:
            raise SaveError(f"{self.path} holds another tournament ({differs[0]} "
                            f"{head.get(differs[0])!r}, not {self.header[differs[0]]!r}): "
                            f"give another file, or the same {', '.join(differs)}")
        for number, row in enumerate(rows[1:], start=2):
            index, block = self._block(row, number)
            self.blocks.setdefault(index, block)
        self._end = end

    def _block(self, row: bytes, number: int) -> tuple[int, tuple[list[Seat], dict[str, list[float]]]]:
        """A line's block, checked: every field of the type and in the range it must be."""
        bots = set(self.header["bots"])
        try:
            doc = json.loads(row)
            index, seats, times = doc["b"], doc["seats"], doc["times"]
            checked: list[Seat] = []
            for bot, seat, role, score, won in seats:
                if not (bot in bots and type(seat) is int and 0 <= seat < self._seats
                        and role in self._roles and type(score) is int
                        and type(won) is bool):
                    raise ValueError
                checked.append((bot, seat, role, score, won))
            if not (type(index) is int and index >= 0 and isinstance(times, dict)
                    and set(times) <= bots and checked):
                raise ValueError
            kept = {bot: [float(t) for t in ts] for bot, ts in times.items()}
            if not all(math.isfinite(t) and t >= 0 for ts in kept.values() for t in ts):
                raise ValueError
        except (ValueError, TypeError, KeyError, UnicodeDecodeError):
            raise SaveError(f"{self.path}, line {number}: not a block of this tournament "
                            f"(the file is left as it is)") from None
        return index, (checked, kept)

    def add(self, index: int, seats: list[Seat], times: dict[str, list[float]]) -> None:
        """Keep a finished block: on disk at once, so a stop loses at most the blocks still
        in play."""
        try:
            self._write({"b": index, "seats": seats,
                         "times": {bot: [round(t, 6) for t in ts]
                                   for bot, ts in times.items()}})
        except OSError as exc:
            raise SaveError(f"cannot save to {self.path}: {exc.strerror or exc}") from None
        self.blocks[index] = (list(seats), times)

    def _write(self, doc: dict[str, Any]) -> None:
        self._file.write(json.dumps(doc, ensure_ascii=False).encode() + b"\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()
