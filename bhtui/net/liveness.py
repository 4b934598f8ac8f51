"""Finding out a peer whose program has stopped while its link stays up.

A player who presses ctrl+z, a terminal that hangs, a debugger: the kernel goes on answering
TCP's keep-alive probes for the stopped program (``tcp.keep_alive``), so its link looks
alive, and a table waiting on that seat's move waited as long as the stop lasted — the send
backlog drops a stopped reader only once enough has been sent to it, and a table waiting on
one move sends little. So the host asks: a client that has sent nothing for ``QUIET``
seconds gets a ``ping``, which its network code answers at once with a ``pong`` (any frame
counts as an answer); one silent for ``DEAF`` seconds is let go like a dropped link, so a
bot plays the seat until the person is back, and his client reconnects as soon as it runs
again and takes the seat back. Only clients whose hello said protocol 3.1 or later answer
pings; older ones are never asked, nor let go for silence.

The other way round, a client asks its host the same (protocol 3.2): a host stopped, hung,
or whose Wi-Fi went before its link reset, left its players looking at a table that did not
move, told nothing, for as long as that lasted. A client that has heard nothing for ``QUIET``
seconds pings (so a table where everyone thinks is not taken for a dead host), and once its
host has been silent for ``DEAF`` its person is told (``Client.unanswered``) — but the link
is kept: a host let run again reads the pings, answers, and the table goes on where it was.
Only a host whose hello said 3.2 or later is pinged: an older one closes the link on a
message it does not know (``protocol``), and would never answer.

One timer per table (or per client), not one per connection, and only while someone is
watched. A tick that comes late — this end's own loop was held up, and the answers may be
waiting unread in the sockets — gives nobody up: everyone gets a fresh ping and the time to
answer it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

from bhtui.net.protocol import Message, encode, speaks

QUIET = 10.0
"""Seconds of silence from a client before the host pings it."""
DEAF = 30.0
"""Seconds of silence after which a client is taken for stopped: two pings unanswered, and
its person has had the time a stopped terminal needs to be brought back (``fg``)."""
PING = encode({"type": "ping"})
NOT_ANSWERING = "not answering (its program stopped?)"
"""Why a peer was given up on (the host's log: the person's client reconnects)."""
CLIENTS_ANSWER = (3, 1)
"""The protocol from which a client answers the host's pings."""
HOSTS_ANSWER = (3, 2)
"""The protocol from which a host answers a client's pings."""


class Watched(Protocol):
    """A peer that may be pinged, and given up on: a connection the host lets go, or the
    host as its client sees it (whose person is then told)."""

    def send_frame(self, frame: bytes) -> None: ...
    def drop(self, reason: str) -> None: ...


def answers_pings(hello: Message, since: tuple[int, int] = CLIENTS_ANSWER) -> bool:
    """Whether a hello promises a ``pong`` for each ``ping``: a client's from protocol 3.1
    on, a host's (``since`` HOSTS_ANSWER) from 3.2."""
    return speaks(hello, since)


class Liveness:
    """The peers one end pings, when each was last heard, and the timer that asks."""

    def __init__(self, quiet: float = QUIET, deaf: float = DEAF,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.deaf, self.clock = quiet, deaf, clock
        self.heard_at: dict[Watched, float] = {}
        self._pinged_at: dict[Watched, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0

    @property
    def tick(self) -> float:
        """How often the timer looks: a few times within QUIET."""
        return self.quiet / 4

    def watch(self, conn: Watched) -> None:
        """From now on ``conn`` answers pings or is given up on (once: a later call changes
        nothing until then)."""
        if conn in self.heard_at:
            return
        self.heard_at[conn] = self.clock()
        if self._timer is None:
            self._schedule()

    def heard(self, conn: Watched) -> None:
        """Bytes came from ``conn``: it runs."""
        if conn in self.heard_at:
            self.heard_at[conn] = self.clock()

    def forget(self, conn: Watched) -> None:
        """``conn`` is gone (or given up on): no more pings; the timer stops with the last
        one."""
        self.heard_at.pop(conn, None)
        self._pinged_at.pop(conn, None)
        if not self.heard_at and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self) -> None:
        self._due = self.clock() + self.tick
        self._timer = asyncio.get_running_loop().call_later(self.tick, self._look)

    def _look(self) -> None:
        now = self.clock()
        late = now - self._due > self.tick
        for conn, heard in list(self.heard_at.items()):
            if late:  # (the loop was held up: what they sent may not be read yet)
                heard = self.heard_at[conn] = max(heard, now - self.quiet)
                self._pinged_at.pop(conn, None)
            silent = now - heard
            if silent >= self.deaf:
                self.forget(conn)
                conn.drop(NOT_ANSWERING)
            elif silent >= self.quiet and now - self._pinged_at.get(conn, heard) >= self.quiet:
                self._pinged_at[conn] = now
                conn.send_frame(PING)
        self._timer = None
        if self.heard_at:
            self._schedule()
