"""What every door that lets strangers in shares: room for the connections still at the door,
room for the sessions let in, and the screen sizes a visitor may ask for.

The table's listener (`net/tcp.py`), `bhtui serve-ssh` (`sshd.py`) and `bhtui serve-web`
(`webd.py`, for its connections without a session) use both, and so can any other door:
whoever holds connections open without coming in can never keep a newcomer out for long (the
newcomer is admitted and the oldest waiting one pushed out, first among those from the
newcomer's address, but never one in its first moments unless its address holds far more
than the newcomer's; and an address pushed out pushes no one out itself for a while, so
holders coming back from more addresses than the door has places cannot keep every place in
its first moments), and no window a visitor claims makes a session's app draw a screen
larger than a real one. A visitor's app runs below the door's priority, so what it computes
(a replay's analysis, bots) never slows the door itself or a table hosted on the same
machine. The doors that run an app per visitor (`sshd.py`, `webd.py`) cap their sessions in
all and per address with one `SessionCap`, so both refuse in the same words, and log through
`door_logging`, escaped: what a visitor sent never reaches the host's terminal as it came.
Each visitor's app gets folders of its own for its data and settings (`own_folders`), is
given only so much of what he types (`InputBudget`), and may take only so much memory
(`confine_app`). The visitors' doors count addresses by `address_group` (an IPv6 /64 is
one); a LAN table's door counts each as it is (`exact`), since there one /64 is every
machine of the house and its friends. The visitors' doors serve no more than their
descriptor limit holds (`within_files`).
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import os
import re
import resource
import time
from collections import Counter
from collections.abc import Callable
from typing import Generic, TypeVar

MAX_COLUMNS, MAX_ROWS = 500, 200  # beyond any real screen; a 65535² pty took a child past 3 GiB

PER_ADDRESS = 4  # sessions from one address (a household behind one router shares one)

VISITOR_NICENESS = 10
"""How much lower a visitor's app runs than the door that started it (Unix niceness)."""

HOST_HEADER = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""A Host header as browsers send it: a name or IPv4 address, or [IPv6], and a port. The web
door lets a page in only by such a name, and ``bhtui serve-web`` takes --public-url only with
one (here, where the command line reaches it without loading aiohttp)."""

BUSY = "bhtui: too many connections are waiting at this door; try again in a minute."
"""What the visitors' doors say to a connection their `Gate` turns away (the SSH door in a
disconnect, the web door in a 503); a table's door says its own (`tcp.BUSY`)."""

LISTEN_BACKLOG = 16
"""Connections the kernel keeps for a door (a visitors' or a table's) until it accepts them,
and so the most its event loop accepts in one turn, before any reaches the gate (a flood's
beyond it wait their turn, or retry their SYN)."""

OWN_FILES = 32 + 4 * LISTEN_BACKLOG
"""Descriptors a visitors' door keeps beyond what its caps let visitors hold (`within_files`):
an idle door holds 7 (its listener, the event loop's, its standard streams), an app starting
3 more for a moment (its end of the pty or its pipes, the pipe its exec's failure would come
by), and connections accepted but not yet turned away: the loop accepts LISTEN_BACKLOG in a
turn and closes those the gate turns away a few turns later."""

C = TypeVar("C")

_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)] if c != 0x0A}


def escaped(text: str) -> str:
    """``text`` with every control character but the newline written out (``\\x1b``), so no
    escape sequence from a visitor or an app moves the host's cursor or retitles its
    terminal."""
    return text.translate(_CONTROLS)


class EscapingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return escaped(super().format(record))


def door_logging(door: str, *libraries: str) -> None:
    """One line per event on stderr, escaped: the door's own (logger ``bhtui.DOOR``, from
    INFO) and those of the ``libraries`` it runs on (from WARNING)."""
    handler = logging.StreamHandler()
    handler.setFormatter(EscapingFormatter(f"bhtui {door}: %(message)s"))
    ours = f"bhtui.{door}"
    for name in (ours, *libraries):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(logging.INFO if name == ours else logging.WARNING)


def lower_priority() -> None:
    """In a visitor's process before it runs the app (a ``preexec_fn``): every thread it
    starts, analysis and bots included, inherits the lower priority."""
    os.nice(VISITOR_NICENESS)


APP_MEMORY = 512 * 2**20
"""The data a visitor's app may map (RLIMIT_DATA: its heap, thread stacks and other private
writable memory, not the libraries it maps). A demo visit that reads every chapter, analyses
chapter 7's round and plays on against bots peaked at 75 MiB of it (5 threads), a table game
against hard bots with 托管 on at 85 MiB (6 threads): 512 MiB is six times that. There the
app's allocations fail, and it ends or the door kills it (`at_ceiling`), where a leak (a flood
of keys took one to 3.1 GB) would take the host's memory with it."""


MEMORY_POLL = 1.0
"""Seconds between a door's looks at each of its apps' memory (`at_ceiling`)."""


def at_ceiling(pid: int) -> bool:
    """Whether the app ``pid`` has mapped all but a sixteenth of the data APP_MEMORY lets
    it: its allocations are failing. The door then kills it: an app whose allocations fail
    may spin in its error handling rather than end (one thread at 100 % CPU, SIGTERM
    unheeded, a third of the times an app was flooded past its ceiling)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            data = next((line for line in status if line.startswith("VmData:")), "")
    except OSError:  # gone
        return False
    return bool(data) and int(data.split()[1]) * 1024 >= APP_MEMORY - APP_MEMORY // 16


def confine_app() -> None:
    """In a visitor's process before it runs the app (a ``preexec_fn``): below the door's
    priority and within APP_MEMORY, both inherited by every thread and process it starts."""
    lower_priority()
    resource.setrlimit(resource.RLIMIT_DATA, (APP_MEMORY, APP_MEMORY))


VISITOR = "BHTUI_VISITOR"
"""Set in a visitor's app's environment to the door he came by (``ssh``, ``web``): it tells
him nothing he cannot use there, and says how that door knows him again."""
SEATS_KEPT = "BHTUI_SEATS_KEPT"
"""Set (to 1) too where the door keeps the seats he takes for his next visit (`net/kept.py`:
an SSH visitor known by his key, a web one by his browser's cookie): he is told how to take
one back, not that he never can."""


def own_folders(home: str, door: str, kept: bool = False) -> dict[str, str]:
    """The environment that gives a visitor's app ``home`` (its 0700 folder, removed when it
    ends) for its data and its settings, and a UTF-8 locale. BHTUI_CONFIG_DIR is set, not
    only XDG_CONFIG_HOME: one the host had set would win over it, and an SSH visitor's
    ctrl+t (which had neither) wrote the host's own settings file, his F2 the host's name and
    language, which the next visitor got. VISITOR says the app runs behind ``door``: a path
    in that folder or a command to run are no use to him, nor a seat to take back later
    unless the door ``kept`` his seats (SEATS_KEPT)."""
    return {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "BHTUI_DATA_DIR": home,
            "BHTUI_CONFIG_DIR": os.path.join(home, "config"), VISITOR: door,
            **({SEATS_KEPT: "1"} if kept else {})}


INPUT_BURST = 8 * 1024
INPUT_RATE = 512.0
"""What a visitor's app is given of his input: INPUT_BURST bytes at once, refilled at
INPUT_RATE bytes a second. People type a few keys a second (an arrow key is 3 bytes, a
Chinese character 3), paste a chat line of at most 200 characters (600 bytes), and a mouse
moved over the window sends some 12 bytes a cell: all within the burst, and the rate keeps
up with anyone's typing. The app turns bytes into key events faster than it handles them
(2.8 KB/s of keys on the demo's first page, about 1 KB/s into its answer box), and each
event waiting held 2 KB: 26 MB of keys took an app to 3.1 GB. At 512 bytes a second it
keeps up everywhere."""


class InputBudget:
    """A token bucket for one session's input: what fits is passed on to the app, a chunk
    that does not is dropped whole — never queued, and never cut, which would split an
    escape sequence or a character (an SSH client sends a key, a mouse report or a paste
    per packet, a browser per message)."""

    def __init__(self, burst: int = INPUT_BURST, rate: float = INPUT_RATE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self._level = float(burst)
        self._since = clock()

    def take(self, size: int) -> bool:
        """Whether ``size`` bytes may reach the app now (they are counted if so)."""
        now = self.clock()
        self._level = min(float(self.burst), self._level + (now - self._since) * self.rate)
        self._since = now
        if size > self._level:
            return False
        self._level -= size
        return True


def address_group(address: str) -> str:
    """What a door's per-address caps count ``address`` as: an IPv6 address as its /64, an
    IPv4-mapped one (a dual-stack listener's IPv4 visitor) as its IPv4 address, anything else
    (IPv4, a name for a link within the process) as it is. Whoever has one IPv6 address
    commonly has its whole /64 (a home's, a server's), 2⁶⁴ addresses to connect from:
    counted one by one, a single host could look like millions of visitors and walk past
    every per-address cap."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if not isinstance(ip, ipaddress.IPv6Address):
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return f"{ipaddress.IPv6Address(int(ip) >> 64 << 64)}/64"


def unbracketed(host: str) -> str:
    """``host`` as the resolver takes it: an IPv6 address written before a port, ``[::1]``,
    is ``::1``."""
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


def with_port(host: str, port: int) -> str:
    """``HOST:PORT`` as a person types it (``bhtui join``, a browser): an IPv6 address in
    brackets, ``[::1]:7474`` — bare, its colons ran into the port's, and a line saying where
    a door was could not be used."""
    host = unbracketed(host)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def exact(address: str) -> str:
    """``address`` as it is: what a LAN table's door counts. On an IPv6 LAN every machine of
    a home shares one /64, so counted by ``address_group`` the friends at one table would
    share one address's handshakes and spectators, and an open table's seated player would
    keep his whole house from watching."""
    return address


def screen_size(width: int, height: int) -> tuple[int, int]:
    """The terminal size a session gets for the one a visitor asked: at most MAX_COLUMNS by
    MAX_ROWS, at least one cell."""
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))


def within_files(sessions: int, each: int, waiting: int, log: logging.Logger
                 ) -> tuple[int, int]:
    """The sessions (``each`` descriptors apiece) and the connections waiting without one
    (one apiece) a door serves of the ``sessions`` and ``waiting`` it was asked for: all, or
    as many as the process's descriptor limit (its soft RLIMIT_NOFILE) holds with OWN_FILES
    kept, the waiting ones given at most half of it. Beyond the limit a door could accept
    nothing, and asyncio logged a traceback for each connection it failed to accept; now the
    caps refuse the visitors beyond it in the door's own words. Said to the host in one line
    on ``log`` when lowered; OSError (its words for the host) when not one session fits."""
    limit, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = limit - OWN_FILES
    if limit == resource.RLIM_INFINITY or sessions * each + waiting <= room:
        return sessions, waiting
    held = min(waiting, room // 2)
    served = min(sessions, (room - held) // each)
    if served < 1:
        raise OSError(f"{limit} open files (ulimit -n) are too few for a door to serve "
                      "anyone; raise that limit")
    lowered = [f"--max-sessions {sessions} lowered to {served}"] if served < sessions else []
    if held < waiting:
        lowered.append(f"the connections kept waiting for a session from {waiting} to {held}")
    log.warning("%s: all that %d open files (ulimit -n) hold; raise that limit for more",
                " and ".join(lowered), limit)
    return served, held


OUT_OF_FILES = ("out of open files ({limit} allowed: ulimit -n): new connections wait a "
                "moment; raise that limit if this goes on")
"""Said (at most every ``OUT_OF_FILES_EVERY`` seconds) where asyncio logged a traceback."""
OUT_OF_FILES_EVERY = 10.0


def quiet_when_out_of_files(loop: asyncio.AbstractEventLoop, say: Callable[[str], None],
                            clock: Callable[[], float] = time.monotonic) -> None:
    """Turn asyncio's traceback for an accept() that ran out of descriptors into one line
    now and then (``say``). A door's caps keep it within its limit when it keeps up, but a
    flood into a host whose loop is held up (a busy machine) has the loop accept connections
    faster than it hands them on: a few went past the limit, and each logged a traceback
    while asyncio, as it does, waited a moment before accepting again. Anything else goes
    to the handler that was there."""
    previous = loop.get_exception_handler()
    said = [-OUT_OF_FILES_EVERY]

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE) \
                and "accept" in str(context.get("message", "")):
            if clock() - said[0] >= OUT_OF_FILES_EVERY:
                said[0] = clock()
                say(OUT_OF_FILES.format(limit=resource.getrlimit(resource.RLIMIT_NOFILE)[0]))
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)


class Gate(Generic[C]):
    """Connections not yet in (before their welcome, or their first session), oldest first,
    at most ``most`` of them and ``per_address`` from one address, as ``group`` counts them
    (a visitors' door: `address_group`, an IPv6 /64 as one; a LAN table's: `exact`).

    When a newcomer's address, or the door, is full, the oldest waiting connection of that
    address, or of all, is pushed out (the caller closes it). Those marked :meth:`idle` —
    they did all they could and sit there (an SSH connection logged in with no session) —
    go before those still in their handshake, which a newcomer would otherwise push out
    while idle ones kept their places.

    But a connection is left alone for ``fresh`` seconds after it arrives and again after it
    turns idle; when every one that could go is that fresh, the newcomer is turned away
    instead — unless the door is full and some address holds two more than the newcomer's,
    whose newest goes (a fair share per address). Whoever reconnects each connection pushed
    out would otherwise, after as many turns as the door has places, push out a visitor who
    had just logged in and was opening his session — and would keep the door churning for
    ever.

    And an address one of whose connections was pushed out for another address's pushes
    none out of a full door itself for ``rest`` seconds: it is turned away. Otherwise a few
    more addresses than the door has places, each reconnecting as it was pushed out, pushed
    out one another as each turned stale and kept every place fresh — a newcomer found none
    he could take (48 addresses at an SSH door of 40 kept newcomers out for up to 110 s).
    Now each address holds a place at least ``fresh`` seconds and then rests, so it takes
    ``most`` times (``rest`` + ``fresh``) / ``fresh`` addresses to keep them all fresh. A
    resting address still gets in where another holds two more than it (``_fair``): a
    visitor whose idle keep-alive connection a flood pushed out was turned away while the
    flood's own addresses, holding many each, were not (a hostile pass).
    """

    def __init__(self, most: int, per_address: int, fresh: float = 5.0, rest: float = 30.0,
                 clock: Callable[[], float] = time.monotonic,
                 group: Callable[[str], str] = address_group) -> None:
        self.most, self.per_address, self.fresh, self.clock = most, per_address, fresh, clock
        self.rest, self.group = rest, group
        self._pushed: dict[str, float] = {}  # address -> when it was last pushed out, in order
        self._waiting: dict[C, str] = {}  # in order of arrival
        self._since: dict[C, float] = {}  # arrival, or turning idle
        self._idle: set[C] = set()
        self._from: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._waiting)

    def __contains__(self, conn: object) -> bool:
        return conn in self._waiting

    def enter(self, conn: C, address: str) -> list[C]:
        """Let ``conn`` wait at the door; return the connections to close: those it pushed
        out, or ``conn`` itself, turned away."""
        address = self.group(address)
        out: list[C] = []
        if self._from[address] >= self.per_address and not self._push(address, address, out):
            return [conn]
        if len(self._waiting) >= self.most:
            pushed = not self._resting(address) and self._push(None, address, out)
            if not pushed and not self._fair(address, out):
                return [*out, conn]
        self._waiting[conn] = address
        self._since[conn] = self.clock()
        self._from[address] += 1
        return out

    def _push(self, among: str | None, newcomer: str, out: list[C]) -> bool:
        """Push out the first to go (from address ``among``, if given) for a newcomer from
        ``newcomer`` onto ``out``; False if every one is fresh."""
        going = self._first_out(among)
        if going is None:
            return False
        self._send_off(going, newcomer, out)
        return True

    def _fair(self, address: str, out: list[C]) -> bool:
        """With every waiting connection fresh, push out the newest of the address holding
        the most, if it holds two more than ``address``: silent connections from nine
        addresses, each put back as it was pushed out, kept every newcomer out (a seated
        player coming back too, a hostile pass); now only as many addresses as the door has
        places could."""
        busiest = max(self._from, key=self._from.__getitem__, default=None)
        if busiest is None or self._from[busiest] < self._from[address] + 2:
            return False
        going = next(c for c in reversed(self._waiting) if self._waiting[c] == busiest)
        self._send_off(going, address, out)
        return True

    def _send_off(self, going: C, newcomer: str, out: list[C]) -> None:
        """Push ``going`` out onto ``out`` for a newcomer from ``newcomer``: if that is
        another address, ``going``'s rests from now on."""
        address = self._waiting[going]
        self.leave(going)
        out.append(going)
        if address != newcomer:
            self._pushed.pop(address, None)  # so the dict stays in the order of the times
            self._pushed[address] = self.clock()

    def _resting(self, address: str) -> bool:
        """Whether one of ``address``'s connections was pushed out for another address's
        within ``rest`` seconds (those pushed out longer ago are forgotten here)."""
        settled = self.clock() - self.rest
        while self._pushed and next(iter(self._pushed.values())) <= settled:
            del self._pushed[next(iter(self._pushed))]
        return address in self._pushed

    def idle(self, conn: C) -> None:
        """``conn`` has done all it can without coming in: once no longer fresh, it is
        pushed out first."""
        if conn in self._waiting:
            self._idle.add(conn)
            self._since[conn] = self.clock()

    def leave(self, conn: C) -> None:
        """``conn`` came in, or went: it no longer waits."""
        address = self._waiting.pop(conn, None)
        if address is None:
            return
        self._idle.discard(conn)
        del self._since[conn]
        self._from[address] -= 1
        if not self._from[address]:
            del self._from[address]

    def _first_out(self, address: str | None) -> C | None:
        """Of those waiting (from ``address``, if given) and past their fresh moments: the
        oldest idle one, else the oldest; None if every one is fresh."""
        settled = self.clock() - self.fresh
        stale = [c for c, a in self._waiting.items()
                 if (address is None or a == address) and self._since[c] <= settled]
        return next((c for c in stale if c in self._idle), stale[0] if stale else None)


class SessionCap:
    """The sessions a door serves at once: at most ``most`` in all and ``per_address`` from
    one address (an IPv6 /64: `address_group`), so that whoever opens sessions from one
    machine leaves room for others.
    ``close_one`` says what a visitor at his address's cap can end (his tabs, his
    sessions)."""

    def __init__(self, most: int, per_address: int, close_one: str) -> None:
        self.most, self.per_address, self.close_one = most, per_address, close_one
        self._from: Counter[str] = Counter()
        self._total = 0

    def __len__(self) -> int:
        return self._total

    def refusal(self, address: str) -> str | None:
        """Why a visitor from ``address`` cannot have a session now, or None."""
        if self._total >= self.most:
            return (f"the server is full ({self.most} session{'s' * (self.most != 1)}); try "
                    "again later.")
        if self._from[address_group(address)] >= self.per_address:
            return (f"the server is full for your address ({self.per_address} "
                    f"session{'s' * (self.per_address != 1)} from "
                    f"it); {self.close_one} or try again later.")
        return None

    def take(self, address: str) -> None:
        """A session from ``address`` has begun (the caller asked :meth:`refusal` first)."""
        self._from[address_group(address)] += 1
        self._total += 1

    def give_back(self, address: str) -> None:
        """A session from ``address`` has ended: its place is free."""
        group = address_group(address)
        self._from[group] -= 1
        self._total -= 1
        if not self._from[group]:
            del self._from[group]
