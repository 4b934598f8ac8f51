"""Serving a table on the LAN: the TCP listener and the zeroconf advertisement together."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import signal
import socket
from dataclasses import dataclass

from bhtui.net.gate import with_port
from bhtui.net.host import Table
from bhtui.net.lobby import Advertiser, address_for_others
from bhtui.net.scheduler import READY_WAIT
from bhtui.net.tcp import see_off, serve_table
from bhtui.store.gamelog import GameLog
from bhtui.text import clean_text

WATCHED_DELAY = 0.3
"""A headless table's least bot delay while anyone watches and nobody plays (``Scheduler.pace``):
a move a screen can draw and a person can follow, even at --fast."""
OVER_WAIT = READY_WAIT
"""How long a headless table whose match is over stays open for those still there to read
its result and standings (``close_when_over``); it closes at once when nobody is."""


@dataclass
class Serving:
    table: Table
    server: asyncio.Server
    advertiser: Advertiser | None

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close the table first (its bots stop, its bye is said), then the door; the
        process ends once everyone has taken the bye, or BYE_WAIT has passed."""
        self.table.close()  # no late bot move reaches the closed log
        self.server.close()
        if self.advertiser is not None:
            await self.advertiser.stop()
        await see_off(self.table.told)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.server.wait_closed(), 2)
        if self.table.log is not None:
            self.table.log.close()


async def start_serving(table: Table, sock: socket.socket, advertise: bool = True) -> Serving:
    """Serve ``table`` on a socket already bound (`listen_socket`), advertised on the LAN."""
    server = await serve_table(table, sock=sock)
    bind = sock.getsockname()[0]
    advertiser = None
    if advertise:
        advertiser = Advertiser(table, server.sockets[0].getsockname()[1], bind)
        await advertiser.start()
    return Serving(table, server, advertiser)


def start_when_full(table: Table) -> None:
    """Headless tables have no host player: the match starts once every seat is filled —
    at once when it is full already (every seat a bot), which no change would tell."""
    def check(t: Table) -> None:
        if not t.started and t.seats_taken() == len(t.seats):
            asyncio.get_running_loop().call_soon(t.start)

    table.listeners.append(check)
    check(table)


def say_when_over(table: Table) -> None:
    """A headless host tells its console when a match ends (and where its log is): a table
    of bots alone has nobody else to tell."""
    told: list[object] = []

    def check(t: Table) -> None:
        if t.match is not None and t.match.over and t.match not in told:
            told[:] = [t.match]
            # (the log's path cleaned: BHTUI_DATA_DIR may hold what a terminal acts on)
            where = f"; its log: {clean_text(str(t.log.path))}" if t.log is not None else ""
            totals = " ".join(str(total) for total in t.match.totals)
            print(f"bhtui: the match is over, totals {totals}{where}", flush=True)

    table.listeners.append(check)


def say_when_unsaved(table: Table) -> None:
    """A headless host tells its console, once a match, that its log cannot be written on
    (a full disk, the folder gone): the match goes on unsaved from there."""
    def say(log: GameLog) -> None:
        assert log.lost is not None
        reason = log.lost.strerror or log.lost
        if not log.path.exists():
            folder = clean_text(str(log.path.parent))
            print(f"bhtui: no log of this match can be made in {folder} ({reason}): it is "
                  "played unsaved", flush=True)
            return
        path = shlex.quote(clean_text(str(log.path)))
        print(f"bhtui: the table's log {path} cannot be written ({reason}): the match goes on "
              f"unsaved from here; what was saved before stays readable, and `bhtui host "
              f"--resume {path}` opens the table again from there", flush=True)

    table.tell_unsaved(say)


def close_when_over(table: Table, close: asyncio.Event) -> None:
    """A headless table has nobody to start 再来一局: once its match is over it closes
    (``close`` is set) when nobody is connected, or OVER_WAIT after the end. Its host stayed
    up until ctrl+c, and its watchers were told to wait for a 再来一局 that never came."""
    waiting: list[asyncio.TimerHandle] = []

    def check(t: Table) -> None:
        if t.match is None or not t.match.over:
            return
        if not t.viewers and not t.pending:
            close.set()
        elif not waiting:
            waiting.append(asyncio.get_running_loop().call_later(OVER_WAIT, close.set))

    table.listeners.append(check)
    check(table)


async def run_headless(table: Table, sock: socket.socket, advertise: bool = True) -> None:
    """Serve until SIGINT/SIGTERM, or until its match is over (``close_when_over``); print
    where the table is, as others type it to join (the LAN address of a table on all of
    them; an IPv6 one in brackets)."""
    stopping = stop_signals()
    table.watched_delay = WATCHED_DELAY
    table.headless = True  # its hello says so: nobody here starts 再来一局
    serving = await start_serving(table, sock, advertise)
    where = with_port(address_for_others(sock.getsockname()[0]) or sock.getsockname()[0],
                      serving.port)
    full = table.seats_taken() == len(table.seats)
    state = "resumed" if table.started else "starting: every seat is taken" if full else (
        "waiting for players")
    start_when_full(table)
    say_when_over(table)
    say_when_unsaved(table)
    lock = " (join code needed)" if table.code else ""
    print(f"bhtui: table {table.name!r} on {where}{lock}, {state}", flush=True)
    close_when_over(table, stopping)
    await stopping.wait()
    await serving.stop()
    if table.match is not None and table.match.over:  # (nothing to resume: it is replayed)
        print("bhtui: the match is over: the table is closed", flush=True)
    elif table.log is not None and table.log.path.exists():  # (a match began: it is kept)
        path = shlex.quote(clean_text(str(table.log.path)))
        print(f"bhtui: the table is saved in {path}; `bhtui host --resume {path}` opens it "
              "again", flush=True)


def stop_signals() -> asyncio.Event:
    """Set by SIGINT, SIGTERM or SIGHUP, its handlers in place at once: a served process
    stops cleanly on any, the last when the terminal it runs in is closed (it died there,
    leaving each SSH visitor's folder behind). Called before anything is served, so a
    signal the moment the address is printed (a script that reads it and stops it) is no
    longer the default death that skipped the clean-up."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    return stop
