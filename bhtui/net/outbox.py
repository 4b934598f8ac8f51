"""The viewers admitted at a table and the frames that reach them.

Every part of the host sends through it — an error to one viewer, chat to all, a view built
once per kind of viewer — so none of them needs the table to talk to its viewers. What a
viewer may see is said by its key (its seat, ``None`` for a spectator, ``"all"`` at an open
table); building the frame for a key is the table's job (R-HIDE-*).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bhtui.net.protocol import ProtocolError, encode, error
from bhtui.net.seats import Connection, Viewer
from bhtui.wire import HostMessage

ViewerKey = int | str | None
"""What a viewer may see: a seat's, a spectator's (``None``) or an open table's (``"all"``)."""
Build = Callable[[ViewerKey], bytes]
logger = logging.getLogger(__name__)


class Outbox:
    """The admitted viewers, by connection, and sending to them."""

    def __init__(self, open_spectating: bool = False) -> None:
        self.viewers: dict[Connection, Viewer] = {}
        self.open_spectating = open_spectating

    def key(self, viewer: Viewer) -> ViewerKey:
        if viewer.seat is None and self.open_spectating:
            return "all"
        return viewer.seat

    def admitted(self, viewer: Viewer) -> bool:
        """Still here (not gone, nor replaced by a newer connection)."""
        return self.viewers.get(viewer.conn) is viewer

    def spectators(self) -> int:
        return sum(1 for v in self.viewers.values() if v.seat is None)

    def spectator_names(self, most: int) -> list[str]:
        """The first ``most`` spectators' names, earliest first (already cleaned at hello)."""
        return [v.name for v in self.viewers.values() if v.seat is None][:most]

    def send(self, viewer: Viewer, message: HostMessage) -> None:
        viewer.conn.send_frame(encode(message))

    def error(self, viewer: Viewer, code: str, reason: str, cid: int | None = None,
              why: str | None = None) -> None:
        """A refusal answering what this viewer sent (nothing else changed); ``why``, the
        case of ``code`` a client says in its player's language."""
        viewer.conn.send_frame(error(code, reason, cid, answers=True, why=why))

    def to_all(self, message: HostMessage) -> None:
        """The same message for everyone (chat): nothing in it is anyone's secret."""
        self._to(list(self.viewers.values()), message)

    def to_open_watchers(self, message: HostMessage) -> None:
        """The same message for the spectators of an open table alone (their chat once
        the match has begun): they see every hand, which players never may (R-HIDE-3), so
        nothing they say then reaches a seat — a watcher typed "Liu has 7 twos" and the
        players read it. In the waiting room, before any deal, they talk with everyone."""
        self._to([v for v in self.viewers.values() if self.key(v) == "all"], message)

    @staticmethod
    def _to(viewers: list[Viewer], message: HostMessage) -> None:
        frame = encode(message)
        for viewer in viewers:
            viewer.conn.send_frame(frame)

    def send_built(self, viewer: Viewer, build: Build) -> None:
        """One viewer gets ``build(key)`` for its key."""
        viewer.conn.send_frame(_built(build, self.key(viewer)))

    def broadcast(self, build: Build) -> None:
        """Send every viewer ``build(key)``, built once per kind of viewer (each seat,
        spectators, the open table), not per connection. A frame that cannot be built reaches
        its viewers as an error; the others, and the table, go on."""
        frames: dict[ViewerKey, bytes] = {}
        for viewer in list(self.viewers.values()):
            key = self.key(viewer)
            if key not in frames:
                frames[key] = _built(build, key)
            viewer.conn.send_frame(frames[key])


def _built(build: Build, key: ViewerKey) -> bytes:
    try:
        return build(key)
    except (ProtocolError, ValueError, TypeError) as exc:
        logger.exception("a frame for viewer %r could not be built", key)
        return error("frame", f"not sent: {exc}")
