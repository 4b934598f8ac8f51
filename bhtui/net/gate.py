"""What every door that lets strangers in shares: room for the connections still at the door,
and the screen sizes a visitor may ask for.

The table's listener (`net/tcp.py`) and `bhtui serve-ssh` (`sshd.py`) use both, and so can
any other door: whoever holds connections open without coming in can never keep a newcomer
out (the newcomer is admitted and the oldest waiting one pushed out, first among those from
the newcomer's address), and no window a visitor claims makes a session's app draw a screen
larger than a real one.
"""

from __future__ import annotations

from collections import Counter
from typing import Generic, TypeVar

MAX_COLUMNS, MAX_ROWS = 500, 200  # beyond any real screen; a 65535² pty took a child past 3 GiB

C = TypeVar("C")


def screen_size(width: int, height: int) -> tuple[int, int]:
    """The terminal size a session gets for the one a visitor asked: at most MAX_COLUMNS by
    MAX_ROWS, at least one cell."""
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))


class Gate(Generic[C]):
    """Connections not yet in (before their welcome, or their first session), oldest first,
    at most ``most`` of them and ``per_address`` from one address.

    A newcomer always enters; when its address, or the door, is full, the oldest waiting
    connection of that address, or of all, is pushed out (the caller closes it). Those
    marked :meth:`idle` — they did all they could and sit there (an SSH connection logged
    in with no session) — go before those still in their handshake, which a newcomer would
    otherwise push out while idle ones kept their places.
    """

    def __init__(self, most: int, per_address: int) -> None:
        self.most, self.per_address = most, per_address
        self._waiting: dict[C, str] = {}  # in order of arrival
        self._idle: set[C] = set()
        self._from: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._waiting)

    def __contains__(self, conn: object) -> bool:
        return conn in self._waiting

    def enter(self, conn: C, address: str) -> list[C]:
        """Let ``conn`` wait at the door; return the connections it pushed out."""
        out = []
        if self._from[address] >= self.per_address:
            out.append(self._oldest(address))
            self.leave(out[-1])
        if len(self._waiting) >= self.most:
            out.append(self._oldest(None))
            self.leave(out[-1])
        self._waiting[conn] = address
        self._from[address] += 1
        return out

    def idle(self, conn: C) -> None:
        """``conn`` has done all it can without coming in: it is pushed out first."""
        if conn in self._waiting:
            self._idle.add(conn)

    def leave(self, conn: C) -> None:
        """``conn`` came in, or went: it no longer waits."""
        address = self._waiting.pop(conn, None)
        if address is None:
            return
        self._idle.discard(conn)
        self._from[address] -= 1
        if not self._from[address]:
            del self._from[address]

    def _oldest(self, address: str | None) -> C:
        """The oldest idle connection (of ``address``, if given), else the oldest."""
        waiting = [c for c, a in self._waiting.items() if address is None or a == address]
        return next((c for c in waiting if c in self._idle), waiting[0])
