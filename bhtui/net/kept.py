"""The seats a visitors' door keeps for those it knows again: an SSH visitor by the key he
proved he holds (`sshd.py`), a web visitor by the id his browser's cookie carries
(`webd.py`). Each visit runs an app in a folder of its own, removed when it ends, and its
seat tokens file (`store/tokens.py`) went with it: one whose link dropped came back to "no
free seat". The door keeps that file in its memory only (a door restarted forgets every
seat), within KEPT_BYTES for the KEPT_VISITORS seen last, and puts it in the folder of his
next visit, where his app finds it as a joiner's does in his own data folder. The name he
gave the table's menu is kept beside it (NAME): back for his seat, he had to type it again.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from bhtui.net.protocol import MAX_NAME
from bhtui.store.private import data_dir, read_small, replace_private
from bhtui.store.tokens import FILE as SEAT_TOKENS
from bhtui.text import clean_line

KEPT_VISITORS = 256  # visitors whose seat tokens a door keeps; the longest gone are forgotten
KEPT_BYTES = 16 * 1024  # of one visitor's tokens file (a seat's token and table id: some 100 bytes)
NAME = "name.txt"  # in a visit's folder: the name he gave the table's menu, to offer it again
NAME_BYTES = 4 * MAX_NAME  # (UTF-8: at most 4 bytes a character)
KEPT_FILES = {SEAT_TOKENS: KEPT_BYTES, NAME: NAME_BYTES}  # what is kept, each within its bound


class KeptSeats:
    """One door's kept seat tokens, by visitor (a key's digest, a browser's id), and the
    visits open now, by folder, with the visitor each is (if the door knows him)."""

    def __init__(self) -> None:
        self.kept: OrderedDict[bytes, dict[str, bytes]] = OrderedDict()  # visitor -> his files
        self.open: dict[str, bytes] = {}  # a visit's folder -> its visitor

    def give(self, visitor: bytes | None, home: str) -> None:
        """A visit of ``visitor`` (None: one the door does not know) begins in ``home``: put
        his kept seat tokens there. A visit of his still open is read first: a link that
        died without a word (Wi-Fi gone) is seen dropped only when the keep-alives give up,
        and he comes back before that; his new app then takes the seat over from the old
        one, as a token does at the table."""
        if visitor is None:
            return
        for other in [folder for folder, who in self.open.items() if who == visitor]:
            self._read(visitor, other)
        for name, data in self.kept.get(visitor, {}).items():
            replace_private(Path(home) / name, data)
        self.open[home] = visitor

    def keep(self, home: str) -> None:
        """The visit in ``home`` ends: keep the seat tokens and the name its app wrote (he
        may have taken a seat) for its visitor's next visit. Called before its app is stopped: the table
        sees him gone only after, so he never finds his seat away and its token not kept."""
        visitor = self.open.pop(home, None)
        if visitor is not None:
            self._read(visitor, home)

    def _read(self, visitor: bytes, home: str) -> None:
        kept = self.kept.setdefault(visitor, {})
        for name, most in KEPT_FILES.items():
            try:
                kept[name] = read_small(Path(home) / name, most=most)
            except OSError:  # none written (he took no seat), or more than his app writes
                pass
        if not kept:
            del self.kept[visitor]
            return
        self.kept.move_to_end(visitor)
        while len(self.kept) > KEPT_VISITORS:
            self.kept.popitem(last=False)


def kept_name() -> str:
    """The name this visitor gave the table's menu on his last visit (the door put it in
    his folder), cleaned as a typed one is; "" for one the door does not know."""
    try:
        return clean_line(read_small(data_dir() / NAME, most=NAME_BYTES).decode("utf-8"),
                          MAX_NAME)
    except (OSError, UnicodeDecodeError):
        return ""


def keep_name(name: str) -> None:
    """Write the name he gave for the door to keep (`KeptSeats`): a folder that cannot be
    written costs him typing it again, never the visit."""
    try:
        replace_private(data_dir() / NAME, name.encode("utf-8"))
    except OSError:
        pass
