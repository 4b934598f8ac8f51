"""Who sits at a table and who looks on: the seats (a person, a bot, or a person on 托管), the
connections admitted (viewers) and those still at the door (pending), and the seats a log
names. Plain records: the table and its parts decide what happens to them."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from bhtui.games import Game
from bhtui.net.joincode import Attempt
from bhtui.net.protocol import AWAY_SPANS, clean_name

BOT_NAMES = ("Li", "Wang", "Zhang", "Liu", "Chen")
CHAT_BURST, CHAT_PER_SECOND = 3, 0.5


class Connection(Protocol):
    """What the table needs of a transport: send a frame, close with a reason, and the
    ``channel`` a join code's proof is bound to (its TLS certificate's digest; b"" in
    process)."""

    channel: bytes

    def send_frame(self, frame: bytes) -> None: ...
    def close(self, reason: str) -> None: ...


@dataclass
class Seat:
    name: str = ""
    bot: Any = None  # the game's bot; None: a human seat (or an empty one, before the match)
    auto: bool = False  # 托管 (R-AUTO-1)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    conn: Connection | None = None
    last_cid: int = 0
    ready: bool = False
    taken: bool = False  # a person sat here (empty human seats exist only before the match)
    address: str | None = None  # where he took it from, kept while he is away (an open table)
    auto_pass: bool = False  # pass by itself when nothing in the hand beats the table
    assist: str | None = None  # the level that plays his 托管 and gives his hints (a person's)
    left_at: int | None = None
    """The event number at which this seat's person went away mid-match (None: here, or a
    bot's seat): the bot plays his seat from the next event on."""
    away: list[tuple[int, int]] = field(default_factory=list)
    """His latest absences, as event spans (after, until] (the table's numbers run on
    across 再来一局): what the bot played for him then is the bot's, which his welcome tells
    him (his log says so)."""

    @property
    def kind(self) -> Literal["human", "bot"]:
        return "bot" if self.bot is not None else "human"

    def went_away(self, seq: int) -> None:
        """His person left after event ``seq`` (a second leaving before he is back changes
        nothing: the bot has played since the first)."""
        if self.left_at is None:
            self.left_at = seq

    def came_back(self, seq: int) -> None:
        """His person is back after event ``seq``: the absence is closed, and kept if the
        table moved on meanwhile (a resumed table, or a game played on from a replay, counts
        its person away until he connects: that first welcome is no return)."""
        if self.left_at is not None:
            if seq > self.left_at:
                self.away = [*self.away, (self.left_at, seq)][-AWAY_SPANS:]
            self.left_at = None


def bot_seat(game: Game, level: str | None, seat: int) -> Seat:
    """A bot's seat: the bot of ``level`` (the game's standard one for a level it lacks),
    seeded by its seat so a table's bots differ, named, ready."""
    return Seat(name=BOT_NAMES[seat], bot=game.table_bot(game.level(level), seat), ready=True)


@dataclass
class Viewer:
    conn: Connection
    seat: int | None  # None: spectator
    name: str
    admin: bool = False
    address: str = "local"
    counted: bool = False  # counts against the spectator caps

    @property
    def chatter(self) -> tuple[str, int | str]:
        """Whose chat allowance this viewer spends: his seat's, or a spectator's address's —
        never the connection's, so reconnecting does not refill it."""
        return ("seat", self.seat) if self.seat is not None else ("address", self.address)


@dataclass
class ChatAllowance:
    """CHAT_BURST messages at once, refilled at CHAT_PER_SECOND."""

    left: float = CHAT_BURST
    time: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one message if there is one left."""
        now = time.monotonic()
        self.left = min(CHAT_BURST, self.left + (now - self.time) * CHAT_PER_SECOND)
        self.time = now
        if self.left < 1:
            return False
        self.left -= 1
        return True

    def full(self) -> bool:
        """Refilled by now: keeping it changes nothing."""
        return self.left + (time.monotonic() - self.time) * CHAT_PER_SECOND >= CHAT_BURST


IN_PROCESS = "memory"
"""The address of a link within the host's own process (its own screen, a local game): it
runs the engine and sees every hand anyway."""


@dataclass
class Pending:
    """A connection before its welcome; ``attempt`` while a join code is being proved."""

    address: str
    attempt: Attempt | None = None
    hello: tuple[str, str, str | None, int | None] = ("", "", None, None)


def logged_seats(seats: Any, size: int) -> list[tuple[str, str | None, str]]:
    """The log header's seats, checked: as many as its rules deal to, each a name (cleaned),
    a bot or none, a token."""
    if not isinstance(seats, list) or len(seats) != size:
        raise ValueError(f"the log names {len(seats) if isinstance(seats, list) else 'no'} "
                         f"seats, not {size}")
    out = []
    for n, s in enumerate(seats):
        name, bot, token = (s.get(k) for k in ("name", "bot", "token")) if isinstance(s, dict) \
            else (None, None, None)
        if not (isinstance(name, str) and (bot is None or isinstance(bot, str))
                and isinstance(token, str) and token.isascii() and token.isalnum()):
            raise ValueError(f"a seat in the log is damaged: {s!r:.60}")
        # cleaned as a hello's name is: a log is a file anyone may hand over
        out.append((clean_name(name) or f"Seat {n}", bot, token))
    return out

