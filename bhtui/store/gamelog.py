"""A table's append-only game log: a header, then one record per accepted action.

Records are frames like the wire's (4-byte length + msgpack map). The file is 0600 in a 0700
folder: it holds the seed and the seat tokens. Each record is written to
the OS before anyone hears of the action, so a killed host loses nothing it announced. A torn
last record (the host died mid-write) is dropped with a warning; anything else unreadable is a
:class:`GameLogError` with a clear message, never a traceback.

A write that fails once the game is under way (a full disk, a file past its size limit, the
folder gone) never stops the game: the log keeps what it had whole (the torn record cut off),
writes nothing more, and says why in ``lost`` for the table to tell its people once.

The header names the game and the edition of its rules (``game``, ``rules_version``): a log is
replayed only under the rules it was played under, since the same seed and actions under other
rules are another game. A log without ``game`` is Baohuang's (the only game there was).

Every header field is checked before it is used, and a damaged one is a :class:`GameLogError`
naming the field and the file: a resume opens a listening socket on the header's door and
shows its name to everyone, so a value the host never wrote is refused, never taken as it is.
The one exception is the table's name, which an older bhtui wrote as it was typed: any text
is cleaned as a new table's is (control characters out, cut to length, a blank one named
``bhtui``), and the table resumes; only a name that is not text is refused.
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import os
import reprlib
import stat
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

import msgpack

from bhtui.games import Action, Game, Rules, game_for, game_of, rules_in
from bhtui.store.config import SECONDS
from bhtui.store.private import create_private, data_dir, private_dir, read_small
from bhtui.text import clean_line

MAGIC = b"BHTUILOG1\n"
MAX_RECORD = 1 << 20
MAX_LOG = 16 << 20
"""Bytes of a log read at most; a larger file is refused before it is read. A Baohuang round
logs 9 to 15 KB (a 300-round endless match 4.5 MB; the largest log found, a host's 860-round
stress run, 7.5 MB), so this holds over a thousand rounds: days of play. A 300 MB file was
read whole (641 MB at its peak) only to be refused, and a replay keeps every action's events
besides (the 7.5 MB log took 600 MB)."""
MAX_NESTING = 4
"""Lists and maps in one another that a header's value may hold (its seats, a list of maps,
hold 2): msgpack decodes a thousand levels, past Python's recursion limit, and any message
showing such a value was a RecursionError."""
MAX_TEXT = 256
"""Characters in any text of a header (the longest a host writes is a 40-character name): a
refusal quotes the value on one line."""
MAX_TABLE_NAME = 40
"""Characters in a table's name (a new table's is cut to it)."""
UNNAMED = "bhtui"
"""The name of a table nobody named (a logged name with nothing printable in it)."""
MAX_SECRET = 64
"""Hex digits in a secret seed or a table id (a host writes 32 and 16)."""
MAX_FIRST_SEQ = 1 << 53
"""Events before a match's first: any evening's count, and a number msgpack carries whole."""
MAX_EARLIER = 1000
"""Earlier matches' logs a header's ``earlier`` is read for, the latest: an evening's, and a
bound on the files a hostile header makes a resume look at."""


def _seconds(value: Any) -> bool:
    """A number of seconds a table's setting may hold (not True, not NaN)."""
    return type(value) in (int, float) and 0 <= value <= SECONDS["timer"]


_SETTINGS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "timer": (lambda v: v is None or _seconds(v),
              f"seconds per turn (0 to {SECONDS['timer']:.0f}) or none"),
    "counter": (lambda v: type(v) is bool, "true or false (the card counter)"),
    "open_spectating": (lambda v: type(v) is bool,
                        "true or false (whether spectators see every hand)"),
    "bot_delay": (_seconds, f"seconds the bots wait (0 to {SECONDS['timer']:.0f})"),
    "bots": (lambda v: isinstance(v, str) and v.isidentifier(), "the name of a bots' level"),
}
"""The table settings a header keeps (``GameLog.table_settings``): whether a value fits,
and what a refusal says it should hold."""

_MISSING: Any = object()
"""A header field that is not there (shown as "missing", apart from a None written)."""


class Door(NamedTuple):
    """Where a served table listened, and whether it needed a join code (never the code)."""

    bind: str
    port: int
    code: bool


class GameLogError(Exception):
    """The file is not a readable bhtui game log. Its message begins with the file's path and
    a colon: a line that names the file already says the rest alone (``cli._named_once``)."""


def games_dir() -> Path:
    return data_dir() / "games"


def unsaved_reason() -> OSError | None:
    """Why no game can be saved in the games folder (made, private, where missing), or None.
    Asked before a game begins: a HOME that cannot be written (a regular file, under /proc)
    was a traceback at the first deal, in the middle of the app."""
    folder = games_dir()
    try:
        private_dir(folder)
        if not os.access(folder, os.W_OK | os.X_OK):  # (a read-only disk, another's folder)
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
    except OSError as exc:
        return exc
    return None


def unsaved_words(exc: OSError) -> str:
    """Why no game can be saved (``unsaved_reason``'s error), as every line that says it
    begins: the console's, and the replay's when it cannot play on."""
    return f"games cannot be saved in {games_dir()} ({exc.strerror or exc})"


def rules_header(rules: Rules) -> dict[str, Any]:
    """The header fields that say which game the actions are moves of (the rules say the
    game)."""
    game = game_for(rules)
    return {"game": game.name, "preset": rules.name, "options": rules.options(),
            "rules_version": game.edition}


def new_log_path(table_name: str) -> Path:
    """Where a new game's log goes: the time and the table's name. Two games begun within
    the same second get two files: the log takes the next free name as it starts
    (``GameLog.start``)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table_name)[:40] or "table"
    return games_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{safe}.bhlog"


def _numbered(path: Path, n: int) -> Path:
    """``path`` with ``n`` after its name (``…-local2.bhlog``): sorted after the first, so
    the newest log is still the last by name."""
    return path.with_name(f"{path.stem}{n}{path.suffix}")


class GameLog:
    """Reading and appending one log file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.header: dict[str, Any] = {}
        self.actions: list[tuple[int, Action]] = []
        """The actions read by ``load`` (for a resume or a replay). Appending only writes: the
        table's match keeps them already, and a second copy grew all evening at a host."""
        self.played_for: set[int] = set()
        """Which of ``actions`` (by index) the seat's person did not choose: played for him
        by 托管, by a bot while he was away, or by the rules (``append``'s ``played_for``)."""
        self.warnings: list[str] = []
        self.lost: OSError | None = None
        """Why the log could not be written on (``_lose``), from its start or mid-game; None
        while it is kept."""
        self._file: IO[bytes] | None = None
        self._end = 0  # where the last whole record ends (appending goes on from there)

    # writing
    def start(self, header: dict[str, Any]) -> None:
        """Create the log, private from the start: it holds the seed and every seat token;
        under the next free name where a game begun in the same second took ``path``. A
        folder that cannot be written (gone since the game before, a file in its place, a full
        disk) is ``lost``, and the game is played unsaved: 再来一局 raised it mid-table."""
        self.header = header
        first, n = self.path, 1
        try:
            private_dir(first.parent)  # (its FileExistsError, a file in the way, is no name taken)
            while self._file is None:  # never over another game's log (it was truncated)
                try:
                    self._file = create_private(self.path, exclusive=True, folder=False)
                except FileExistsError:
                    n += 1
                    self.path = _numbered(first, n)
        except OSError as exc:
            self.lost = exc
            return
        self._write({"type": "header", **header}, MAGIC)

    def append(self, seat: int, action: Action, played_for: bool = False) -> None:
        """An action; ``played_for``: taken at a person's seat by someone else (托管, a bot
        while he was away, the rules), so an analysis does not count it as his."""
        record = {"type": "action", "seat": seat, "action": action}
        self._write({**record, "for": True} if played_for else record)

    def _write(self, record: dict[str, Any], before: bytes = b"") -> None:
        """One record, written to the OS at once (past Python's buffer, which kept what a
        failed write left and wrote it again at close); once ``lost``, nothing."""
        if self.lost is not None:
            return
        assert self._file is not None, "start() or load() first"
        body = msgpack.packb(record, use_bin_type=True)
        whole = before + len(body).to_bytes(4, "big") + body
        data = memoryview(whole)
        try:
            while data:  # (a write cut short by a full disk or the size limit says so next)
                data = data[os.write(self._file.fileno(), data):]
        except OSError as exc:
            self._lose(exc)
            return
        self._end += len(whole)

    def _lose(self, exc: OSError) -> None:
        """Stop writing for good (each action tried again, each failed again, and a record
        written after a torn one made the log unreadable past it), the torn record cut off:
        what was written stays a log that reads whole, or with no header in it, no file."""
        self.lost = exc
        assert self._file is not None
        with contextlib.suppress(OSError):  # (the reader drops a torn last record anyway)
            if self._end:
                os.ftruncate(self._file.fileno(), self._end)
            else:
                os.unlink(self.path)
        with contextlib.suppress(OSError):  # (a network disk may say it again at close)
            self._file.close()
        self._file = None

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
        if type(version) is not int:
            raise self._damaged("rules_version", version, "a whole number (the rules' edition)")
        if version != game.edition:
            raise GameLogError(
                f"{self.path}: it was played under {game.name} rules version {version!r} and this "
                f"bhtui plays version {game.edition}: replayed now it would be a different "
                f"game, so it is not loaded (open it with the bhtui that wrote it)")
        preset, options = self.header.get("preset", _MISSING), self.header.get("options")
        if not isinstance(preset, str):
            raise self._damaged("preset", preset, f"the name of a preset of {game.name}")
        if options is not None and not (isinstance(options, dict) and all(
                isinstance(k, str) and type(v) in (bool, int, float, str)
                for k, v in options.items())):
            raise self._damaged("options", options, "a map of option names to true or false, "
                                                    "numbers or words")
        try:
            return rules_in(self.header)
        except (KeyError, TypeError, ValueError) as exc:
            raise GameLogError(f"{self.path}: the header's rules are unreadable ({exc})") from None

    def seed_and_rounds(self) -> tuple[int | str, int | None]:
        """The header's seed and number of rounds, checked: GameLogError names the field and
        what it should hold. Taken as they were, rounds "x" failed deep in the match with
        "'<' not supported", and a seed that is a list dealt other cards, so the replay's
        first action was "not seat 0's turn"."""
        seed, rounds = self.header.get("seed", _MISSING), self.header.get("rounds")
        if not (type(seed) is int or isinstance(seed, str) and _hex(seed)):
            raise self._damaged("seed", seed, "a whole number or a secret (hex text)")
        if rounds is not None and (type(rounds) is not int or rounds < 1):
            raise self._damaged("rounds", rounds, "a whole number from 1 up, or none for a "
                                                  "match without end,")
        return seed, rounds

    def first_seq(self) -> int:
        """The number of the table's event before this match's first: 0, or after 再来一局
        the last one of the matches before. Counted from 0 on a resume instead, the events
        went out under numbers the players had had already, and they dropped them all."""
        first = self.header.get("first_seq", 0)
        if type(first) is not int or not 0 <= first <= MAX_FIRST_SEQ:
            raise self._damaged("first_seq", first, "a whole number from 0 up (where the "
                                                    "match's events are counted from)")
        return first

    def name_and_id(self) -> tuple[str, str]:
        """The table's name and id, checked: the name is on every screen at the table and in
        the lobby, and players' clients keep their seat tokens by the id, so a map is refused
        (it was resumed as it was). A name is cleaned as a new table's is (a bhtui before
        that wrote ``--name`` as it was typed, escape sequences and all): control characters
        out, cut to MAX_TABLE_NAME, UNNAMED when nothing is left."""
        name, table_id = self.header.get("name", _MISSING), self.header.get("id", _MISSING)
        if not isinstance(name, str):
            raise self._damaged("name", name, "the table's name (text)")
        if not (isinstance(table_id, str) and _hex(table_id)):
            raise self._damaged("id", table_id, "the table's id (hex text)")
        return clean_line(name, MAX_TABLE_NAME) or UNNAMED, table_id

    def door(self) -> Door:
        """The door a resume opens again, checked: where the table listened and whether it
        needed a join code. Missing or damaged, it is refused: read as "every address, port
        7474, no code" it opened a table that had a code to anyone, and a port of 99999 or an
        address with a NUL in it was a traceback at the socket."""
        door = self.header.get("door", _MISSING)
        if not isinstance(door, dict):
            raise self._damaged("door", door, "where the table listened on the LAN and "
                                              "whether it needed a join code",
                                note=" (a game against bots has none: `bhtui replay` opens it)")
        bind, port, code = (door.get(key, _MISSING) for key in ("bind", "port", "code"))
        if not _address(bind):
            raise self._damaged("door.bind", bind, "an IP address")
        if type(port) is not int or not 0 <= port <= 65535:
            raise self._damaged("door.port", port, "a port number from 0 to 65535")
        if type(code) is not bool:
            raise self._damaged("door.code", code, "true or false (whether a join code was "
                                                   "needed)")
        return Door(bind, port, code)

    def table_settings(self) -> dict[str, Any]:
        """The table's settings the header keeps (only those it has: a log from before they
        were kept has none), checked, by the name ``Table`` takes them under: the turn timer,
        the card counter, open spectating, the bots' pace and level. Not kept, a resume
        served the table with this command line's defaults: the counter and the timer were
        gone for everyone, and an open table closed."""
        found: dict[str, Any] = {}
        for field, (fits, expected) in _SETTINGS.items():
            value = self.header.get(field, _MISSING)
            if value is _MISSING:
                continue
            if not fits(value):
                raise self._damaged(field, value, expected)
            found[field] = value
        return found

    def keeper(self, seats: int) -> int | None:
        """The seat the host sat at from his own screen (None: nowhere, or a log from before
        it was kept), checked against the header's ``seats``, of which it must be a person's:
        a replay shows that seat's hand before the match is over, so a damaged value is
        refused, never taken for some other seat."""
        keeper = self.header.get("keeper")
        logged = self.header.get("seats")
        if keeper is not None and not (
                type(keeper) is int and 0 <= keeper < seats and isinstance(logged, list)
                and len(logged) == seats and isinstance(logged[keeper], dict)
                and logged[keeper].get("bot") is None):
            raise self._damaged("keeper", keeper, f"the seat of a person (0 to {seats - 1}) "
                                                  f"where the host sat")
        return keeper

    def names_of(self, paths: list[Path]) -> list[str]:
        """How this log's header names other logs (the latest MAX_EARLIER): by its name one
        that lies beside this log (the table's matches are still found together when their
        folder moves), else by its whole path — left out where that is longer than a
        header's text may be (MAX_TEXT), or this log could not be read back."""
        names = (path.name if path.parent == self.path.parent else str(path)
                 for path in paths[-MAX_EARLIER:])
        return [name for name in names if len(name) <= MAX_TEXT]

    def earlier(self) -> list[Path]:
        """The logs of this table's matches before this one (再来一局), oldest first: those the
        header's ``earlier`` names (``names_of``) that are still there and are this table's,
        a log whose header has this one's id. Anything else — a file gone, damaged or
        another table's, a field that is not a list of names — is passed over, never
        refused: this match is whole without them, they are only named in the goodbye."""
        named, table_id = self.header.get("earlier"), self.header.get("id")
        found: list[Path] = []
        if not isinstance(named, list):
            return found
        for text in named[-MAX_EARLIER:]:
            path = self.path.parent / text if isinstance(text, str) else self.path
            if path in found or path == self.path:
                continue
            header = _first_record(path)
            if header is not None and header.get("type") == "header" \
                    and header.get("id") == table_id:
                found.append(path)
        return found

    def _damaged(self, field: str, value: Any, expected: str, note: str = "") -> GameLogError:
        """The one line that refuses a header field: the file, the field, what it holds and
        what it should."""
        return GameLogError(f"{self.path}: the header's {field} is {_shown(value)}: "
                            f"{expected} was expected{note}")

    # reading
    @classmethod
    def load(cls, path: Path) -> GameLog:
        """Read a log and open it for appending after its last whole record."""
        log = cls.read(path)
        log.reopen()
        return log

    @classmethod
    def read(cls, path: Path) -> GameLog:
        """Read a log, its header's depth and texts bounded, and change nothing: a log that
        is then refused (a damaged field, an illegal action) is left exactly as it was.
        :meth:`reopen` makes it ready for appending."""
        log = cls(path)
        try:  # (a FIFO is refused, not waited on; a file still growing is read no further)
            data = read_small(path, most=MAX_LOG)
        except OSError as exc:
            if exc.errno == errno.EFBIG:
                raise GameLogError(f"{path}: it is larger than {MAX_LOG >> 20} MiB, more than any "
                                   f"game log holds (over a thousand rounds fit in that): "
                                   f"not read") from None
            raise GameLogError(f"{path}: {exc.strerror or exc}") from None
        if not data.startswith(MAGIC):
            raise GameLogError(f"{path}: not a bhtui game log")
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
            elif fault := _bounds_fault(record["action"]):  # (nested past what any reader
                #                                              walks: analyse's recursion)
                raise GameLogError(f"{path}: the action at byte {offset} holds {fault}")
            else:
                if record.get("for") is True:  # (anything else: his own, as before it was)
                    log.played_for.add(len(log.actions))
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
        log.header = header
        log._end = good_end
        if good_end < len(data):
            log.warnings.append(f"{path} ends early: an incomplete last record "
                                f"({len(data) - good_end} bytes) is left out")
        return log

    def reopen(self) -> None:
        """Open a log :meth:`read` took for appending after its last whole record: made
        private where it is ours (a log from an older version was 0644; another user's, in a
        shared folder, only its owner may change), an incomplete last record cut off. A log
        that cannot be written is a GameLogError (a PermissionError traceback before)."""
        try:
            if _ours(self.path.parent.stat()):
                private_dir(self.path.parent)
            self._file = open(self.path, "r+b")
            status = os.fstat(self._file.fileno())
            if _ours(status):
                os.fchmod(self._file.fileno(), 0o600)
            # Cut only what is there to cut: a truncate to the same size still marks the
            # file changed (its time, which a file list sorts by: the game was not played).
            if self._end < status.st_size:
                self._file.truncate(self._end)
            self._file.seek(self._end)
        except OSError as exc:
            self.close()
            raise GameLogError(f"{self.path}: cannot write to it ({exc.strerror or exc})") \
                from None


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = MAX_TEXT + 2  # (the message cuts it shorter)


def _shown(value: Any) -> str:
    """A header value as a message shows it: its repr, cut short (and a few levels deep at
    most, so no value blows the stack)."""
    if value is _MISSING:
        return "missing"
    text = _SHORT.repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _bounds_fault(value: Any, room: int = MAX_NESTING) -> str | None:
    """What puts a header value or an action out of bounds (lists and maps deeper than
    MAX_NESTING, a text longer than MAX_TEXT), or None. Walked at most MAX_NESTING calls deep."""
    if isinstance(value, str | bytes):
        return f"a text of {len(value)} characters (at most {MAX_TEXT})" \
            if len(value) > MAX_TEXT else None
    if not isinstance(value, list | dict):
        return None
    if room == 0:
        return f"lists or maps nested more than {MAX_NESTING} deep"
    items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
    return next(filter(None, (_bounds_fault(item, room - 1) for item in items)), None)


def _ours(status: os.stat_result) -> bool:
    """Whether this user owns the file or folder (only its owner may change its mode)."""
    return status.st_uid == os.geteuid()


def _hex(text: str) -> bool:
    """A secret seed or a table id: hex digits, as many as a host writes or a few more."""
    return 0 < len(text) <= MAX_SECRET and all(c in string.hexdigits for c in text)


def _address(bind: Any) -> bool:
    """An IP address as a server's socket names the address it listens on (the header keeps
    that, never a host name); no control character, even in an IPv6 scope."""
    if not isinstance(bind, str) or not bind.isascii() or not bind.isprintable():
        return False
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        return False
    return True


def latest_log(served: bool = False, acted: bool = False) -> Path | None:
    """The newest game log (``saved_logs``)."""
    return next(saved_logs(served, acted), None)


def saved_logs(served: bool = False, acted: bool = False) -> Iterator[Path]:
    """The game logs, newest first; ``served``: those of a table served on the network (for
    ``host --resume``), passing over games against bots, whose header names no door — a
    host who played one since his table went down still finds his table; ``acted``: those
    with an action in it (for ``replay`` and ``analyse``), passing over a game left before
    its first move (a 再来一局 started and ended at once showed "0/0"). A log whose header
    cannot be read is not passed over: the command says what is wrong with it, and takes
    the next one when none was named."""
    logs = sorted(games_dir().glob("*.bhlog"), reverse=True)
    return (path for path in logs if (not served or _served(path) is not False)
            and (not acted or _acted(path) is not False))


def _served(path: Path) -> bool | None:
    """Whether the log's header names a door (None: no header could be read)."""
    header = _first_record(path)
    return "door" in header if header is not None else None


def _acted(path: Path) -> bool | None:
    """Whether a record follows the log's header (every later record is an action); None:
    no header could be read."""
    end = _header(path)[1]
    if end is None:
        return None
    try:
        return path.stat().st_size >= end + 4
    except OSError:
        return None


def _first_record(path: Path) -> dict[str, Any] | None:
    """A log's first record, a map (its header), read alone: a long log is not read whole
    to learn it. None where there is none: no such file, not a regular file (a FIFO is not
    waited on), not a log, damaged."""
    return _header(path)[0]


def _header(path: Path) -> tuple[dict[str, Any] | None, int | None]:
    """A log's header and the byte after it, or (None, None) (``_first_record``)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None, None
            head = file.read(len(MAGIC) + 4)
            size = int.from_bytes(head[len(MAGIC):], "big")
            if not head.startswith(MAGIC) or not 0 < size <= MAX_RECORD:
                return None, None
            record = msgpack.unpackb(file.read(size), raw=False, max_bin_len=0)
    except Exception:  # (any damage: msgpack raises many kinds, a path too long OSError)
        return None, None
    if not isinstance(record, dict):
        return None, None
    return record, len(MAGIC) + 4 + size
