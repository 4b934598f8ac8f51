"""Finding tables on the LAN: zeroconf advertisement by the host, browsing by the lobby.

The TXT record carries what the lobby shows (never the join code or anything derived from
it): protocol and app version, table name, the game and its preset, seats taken of how many,
spectators, whether a code is needed, a boot id that tells a restarted host from the old
one, and whether the table waits for players or plays (and which round).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from bhtui import __version__
from bhtui.net.gate import unbracketed, with_port
from bhtui.net.host import Table
from bhtui.net.protocol import PROTOCOL
from bhtui.text import clean_text

SERVICE = "_bhtui._tcp.local."
MAX_TABLES = 200
"""Tables the lobby keeps at most: a LAN has a handful, but anyone on it may advertise
thousands, and a list of a thousand (each one redrawn as the next came) kept a core busy."""
NOTIFY_EVERY = 0.25
"""Seconds between two calls of ``Browser.on_change`` at most: a burst of advertisements, or
one advertiser changing its records over and over, is one redraw of the latest tables."""
MAX_SEATS = 9
"""Seats of an advertised table at most (this bhtui's games have 3 to 5)."""
MAX_ROUND = 99_999
"""The highest round number a lobby lists (a longer match is shown without its round)."""
STATES = frozenset({"waiting", "playing", "over"})
"""What a table advertises it is doing: its players sought, its match played, or ended."""
CHECK_EVERY = 10.0
"""Seconds between two checks that the listed tables still answer: a host's goodbye may
never come (lost on Wi-Fi, the host killed), and its table stayed listed for as long as
its records live (75 minutes)."""
CHECK_WAIT = 3.0
"""Seconds a check waits for a table's connection to open."""
CHECK_AT_ONCE = 16
"""Tables a check asks at once, the others waiting their turn within it: it asked every
listed table at once, up to MAX_TABLES connections every CHECK_EVERY seconds from each lobby
on the LAN."""
CHECK_MISSES = 3
"""Checks in a row a table may leave unanswered (a busy network) before it is no longer
listed; one that refuses the connection is closed, and goes at once."""


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback."""
    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                out.append(ip.ip)
    return out


def every_address(bind: str | None) -> bool:
    """Whether a table bound to ``bind`` listens on all the machine's addresses: none given,
    ``0.0.0.0``, or ``::`` (which takes IPv4 too: ``tcp.listen_socket``)."""
    if not bind:
        return True
    try:
        return ipaddress.ip_address(unbracketed(bind)).is_unspecified
    except ValueError:
        return False  # a host name: its own address


def door_addresses(bind: str) -> list[str]:
    """The addresses a visitor reaches a door (`serve-ssh`, `serve-web`) bound to ``bind``
    at: the bound one, or for all of them the machine's LAN addresses (127.0.0.1 when it
    has none). ``0.0.0.0`` or ``[::]`` names no machine another can reach."""
    if not every_address(bind):
        return [unbracketed(bind)]
    return lan_addresses() or ["127.0.0.1"]


def address_for_others(bind: str) -> str | None:
    """The address others on the LAN reach a table bound to ``bind`` at: the bound one, or
    for all of them the one the default route leaves from (a UDP socket's connect sends
    nothing; a bridge or VPN listed first would not do), else the first LAN address."""
    if not every_address(bind):
        return unbracketed(bind)
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed as the LAN's way out, never sent
        address = str(probe.getsockname()[0])
        if not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return next(iter(lan_addresses()), None)


def _interfaces(bind: str | None) -> list[str] | None:
    return None if every_address(bind) else [unbracketed(bind or "")]


def _zeroconf(bind: str | None) -> AsyncZeroconf:
    """Zeroconf on ``bind``'s address alone (IPv6 multicast on its interface for an IPv6
    one), or on every address in both families: the lobby listened on IPv4 alone, and a
    table bound to an IPv6 address, advertised there alone, was never listed. A machine
    without IPv6 (its sockets refused) is left IPv4 alone."""
    interfaces = _interfaces(bind)
    if interfaces is not None:
        version = IPVersion.V6Only if ":" in interfaces[0] else IPVersion.V4Only
        return AsyncZeroconf(interfaces=interfaces, ip_version=version)
    try:
        return AsyncZeroconf(ip_version=IPVersion.All)
    except OSError:
        return AsyncZeroconf(ip_version=IPVersion.V4Only)


@dataclass
class TableInfo:
    """One table as the lobby lists it."""

    key: str
    name: str
    host: str
    port: int
    preset: str
    seats: int
    spectators: int
    code: bool
    proto: str
    app: str
    boot: str
    options: tuple[str, ...] = ()
    """The rule options set otherwise than the preset has them (``kao``, ``bombs=rank4plus``,
    ``base=3``)."""
    counter: bool = False
    """The table shows the card counter (记牌器)."""
    game: str = "baohuang"
    """The game the table plays (a host from before there were two plays Baohuang)."""
    size: int = 5
    """How many seats the table has."""
    state: str | None = None
    """One of STATES (None: a host from before it was advertised, or other words)."""
    round: int | None = None
    """The round being played, while ``state`` is ``playing``."""

    @property
    def address(self) -> str:
        return with_port(self.host, self.port)


class Advertiser:
    """Keeps a table's advertisement in step with its seats and spectators."""

    def __init__(self, table: Table, port: int, bind: str | None = None) -> None:
        self.table, self.port, self.bind = table, port, bind
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._pending = False
        self._tasks: set[asyncio.Future[Any]] = set()  # kept: a lone task may be collected

    def _properties(self) -> dict[str, str]:
        t = self.table
        return {
            "proto": f"{PROTOCOL[0]}.{PROTOCOL[1]}", "app": __version__, "table": t.name,
            "game": t.game.name, "preset": t.rules.name, "seats": str(t.seats_taken()),
            "size": str(len(t.seats)),
            "spectators": str(t.spectator_count()), "code": "1" if t.code else "0",
            "boot": t.boot_id,
            "options": ",".join(name if value is True else f"{name}={str(value).lower()}"
                                for name, value in t.game.changed_options(t.rules).items()),
            "counter": "1" if t.counter else "0",
            **_state(t),
        }

    def _service_info(self) -> AsyncServiceInfo:
        addresses = _interfaces(self.bind) or lan_addresses() or ["127.0.0.1"]
        instance = f"{self.table.name}-{self.table.boot_id}"[:60]
        return AsyncServiceInfo(
            SERVICE, f"{instance}.{SERVICE}", port=self.port,
            properties=self._properties(), server=f"bhtui-{self.table.boot_id}.local.",
            addresses=[ipaddress.ip_address(a).packed for a in addresses],  # (a scope left out)
        )

    async def start(self) -> None:
        self._zc = _zeroconf(self.bind)
        self._info = self._service_info()
        await self._zc.async_register_service(self._info)
        self.table.listeners.append(self._table_changed)

    def _table_changed(self, _: Table) -> None:
        if not self._pending and self._zc is not None:
            self._pending = True
            asyncio.get_running_loop().call_later(0.5, self._refresh)

    def _refresh(self) -> None:
        self._pending = False
        if self._zc is None or self._info is None:
            return
        fresh = self._service_info()
        if fresh.properties != self._info.properties:
            self._info = fresh
            task = asyncio.ensure_future(self._zc.async_update_service(fresh))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        if self._zc is not None:
            if self._table_changed in self.table.listeners:
                self.table.listeners.remove(self._table_changed)
            if self._info is not None:  # its goodbyes (three, 125 ms apart) all sent
                await (await self._zc.async_unregister_service(self._info))  # before close:
            await self._zc.async_close()  # the lobby listed a table closed without them
            self._zc = None


def _state(table: Table) -> dict[str, str]:
    """Whether ``table`` waits for players or plays, and then which round (its finished
    ones and one): keys a lobby from before them passes over."""
    match = table.match
    if match is None:
        return {"state": "waiting"}
    if match.over:
        return {"state": "over"}
    return {"state": "playing", "round": str(len(match.history) + 1)}


def _count(props: dict[str, str], key: str, default: str, most: int) -> int | None:
    """A TXT field that holds a count: plain digits up to ``most``, else None (``int`` also
    took "-3", " 5 " and other scripts' digits)."""
    text = props.get(key, default)
    return int(text) if re.fullmatch(r"[0-9]{1,6}", text) and int(text) <= most else None


def table_info(name: str, properties: dict[bytes, bytes | None], addresses: list[str],
               port: int | None) -> TableInfo | None:
    """The table an advertisement describes, or None for one the lobby cannot list: no
    address or port, or impossible numbers (``seats=-3``, ``size=0`` showed as "-3/0")."""
    # Another machine's words: no control character reaches the lobby's screen.
    props = {k.decode(errors="replace"): clean_text((v or b"").decode(errors="replace"))
             for k, v in properties.items()}
    size = _count(props, "size", "5", MAX_SEATS)
    seats = _count(props, "seats", "0", size or 0)
    spectators = _count(props, "spectators", "0", 999_999)
    if not addresses or port is None or not size or seats is None or spectators is None:
        return None
    state = props.get("state")
    state = state if state in STATES else None
    round_ = _count(props, "round", "", MAX_ROUND) if state == "playing" else None
    return TableInfo(
        key=name, name=props.get("table", clean_text(name.split(".")[0])), host=addresses[0],
        port=port, preset=props.get("preset", "?"), seats=seats, spectators=spectators,
        code=props.get("code") == "1", proto=props.get("proto", "?"),
        app=props.get("app", "?"), boot=props.get("boot", ""),
        options=tuple(o for o in props.get("options", "").split(",") if o),
        counter=props.get("counter") == "1", game=props.get("game", "baohuang")[:24], size=size,
        state=state, round=round_ or None,
    )


async def answers(host: str, port: int, seconds: float = CHECK_WAIT) -> bool | None:
    """Whether a table listens on ``host:port``: True when a TCP connection opens (closed
    at once, before the TLS its door offers: the door drops it without a word), False when
    it is refused, None when nothing said which within ``seconds``."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), seconds)
    except ConnectionRefusedError:
        return False
    except (OSError, TimeoutError):
        return None
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return True


def reachable(info: AsyncServiceInfo) -> list[str]:
    """The addresses an advertisement gives, IPv4 first (what the lobby listed until IPv6
    tables were advertised), then IPv6 with the interface a link-local one is on (``%eth0``):
    a table bound to an IPv6 address advertises that alone."""
    return [*info.parsed_addresses(IPVersion.V4Only),
            *info.parsed_scoped_addresses(IPVersion.V6Only)]


class Browser:
    """Tables found on the LAN, kept live (MAX_TABLES of them at most); ``on_change`` is
    called with them after changes, NOTIFY_EVERY seconds apart at most."""

    def __init__(self, on_change: Callable[[dict[str, TableInfo]], None] | None = None,
                 bind: str | None = None, check_every: float = CHECK_EVERY) -> None:
        self.tables: dict[str, TableInfo] = {}
        self.on_change = on_change
        self.bind = bind
        self.check_every = check_every
        self._misses: dict[str, int] = {}
        """Checks in a row each listed table left unanswered."""
        self._checking: asyncio.Task[None] | None = None
        self._dropped: set[str] = set()
        """Names said gone while being asked about."""
        self._away: set[str] = set()
        """Tables turned away while the lobby was full, and still advertised (no more names
        than zeroconf's own cache holds): asked about again as room frees."""
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._resolving: set[str] = set()  # one question at a time per name …
        self._again: set[str] = set()  # … and these changed while it was asked
        self._notify: asyncio.TimerHandle | None = None

    async def start(self) -> None:
        self._zc = _zeroconf(self.bind)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._on_event])
        self._checking = asyncio.ensure_future(self._check())

    async def _check(self) -> None:
        """Now and then, drop the listed tables that no longer answer (``CHECK_EVERY``)."""
        while True:
            await asyncio.sleep(self.check_every)
            await self.check()

    async def check(self) -> None:
        """Ask each listed table whether it still answers, CHECK_AT_ONCE at a time; drop
        those refused, and those silent CHECK_MISSES times in a row."""
        listed = list(self.tables.values())
        turns = asyncio.Semaphore(CHECK_AT_ONCE)

        async def ask(info: TableInfo) -> bool | None:
            async with turns:
                return await answers(info.host, info.port)

        said = await asyncio.gather(*(ask(info) for info in listed))
        for info, answer in zip(listed, said, strict=True):
            misses = 0 if answer else self._misses.get(info.key, 0) + 1
            self._misses[info.key] = misses
            if (answer is False or misses >= CHECK_MISSES) \
                    and self.tables.get(info.key) == info:  # (not changed meanwhile)
                self.forget(info.key)

    @property
    def left_out(self) -> bool:
        """Some table advertised now is not listed: the lobby holds MAX_TABLES already. Once
        the flood that filled it is over (its advertisements gone), nothing is."""
        return bool(self._away)

    def _on_event(self, zeroconf: object, service_type: str, name: str,
                  state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self.forget(name)
        elif name in self._resolving:
            self._dropped.discard(name)  # (back before its answer came)
            self._again.add(name)
        elif self._room_for(name):
            self._ask(name)

    def _ask(self, name: str) -> None:
        self._resolving.add(name)
        task = asyncio.ensure_future(self._resolve(SERVICE, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _has_room(self) -> bool:
        """Whether one more table may be listed (counting those being asked about)."""
        return len(self.tables) + len(self._resolving) < MAX_TABLES

    def _room_for(self, name: str) -> bool:
        """Whether the table ``name`` is kept, or may be; else it is turned away."""
        if name in self.tables or self._has_room():
            return True
        self._turn_away(name)
        return False

    def _make_room(self) -> None:
        """A place came free: tables turned away are asked about again while there is room
        (none is, once the browser stopped)."""
        while self._zc is not None and self._away and self._has_room():
            name = next(iter(self._away))
            self._let_go(name)
            self._ask(name)

    async def _resolve(self, service_type: str, name: str) -> None:
        """Ask for the table's records (again while they changed meanwhile), and keep it."""
        try:
            while self._zc is not None:
                self._again.discard(name)
                info = AsyncServiceInfo(service_type, name)
                if await info.async_request(self._zc.zeroconf, 3000) \
                        and name not in self._dropped:  # (gone while we asked: not listed)
                    found = table_info(name, info.properties, reachable(info), info.port)
                    if found is None:
                        self.forget(name)  # a malformed advertisement is no table we can list
                    else:
                        self.keep(found)
                if name not in self._again:
                    return
        finally:
            self._resolving.discard(name)
            self._dropped.discard(name)
            self._make_room()  # (when it was not kept)

    def keep(self, info: TableInfo) -> None:
        """List the table ``info`` (a new one only while fewer than MAX_TABLES are)."""
        if self.tables.get(info.key) == info:
            return  # the same records again: nothing new to show
        if info.key in self.tables or len(self.tables) < MAX_TABLES:
            self.tables[info.key] = info
            self._changed()
        else:
            self._turn_away(info.key)

    def _turn_away(self, name: str) -> None:
        """``name`` is not listed for want of room (the lobby says some are left out)."""
        if not self._away:
            self._changed()
        self._away.add(name)

    def _let_go(self, name: str) -> None:
        """``name`` is no longer left out: gone, or asked about again."""
        if name in self._away:
            self._away.discard(name)
            if not self._away:  # the note goes
                self._changed()

    def forget(self, name: str) -> None:
        """The table ``name`` is gone (or now unlistable), listed or left out — or being
        asked about: an answer that comes after its goodbye lists nothing."""
        self._let_go(name)
        self._misses.pop(name, None)
        if name in self._resolving:
            self._dropped.add(name)
        if self.tables.pop(name, None) is not None:
            self._changed()
            self._make_room()

    def _changed(self) -> None:
        if self._notify is None and self.on_change is not None:
            self._notify = asyncio.get_running_loop().call_later(NOTIFY_EVERY, self._tell)

    def _tell(self) -> None:
        self._notify = None
        if self.on_change is not None:
            self.on_change(self.tables)

    async def stop(self) -> None:
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None  # stopping twice is harmless
        if self._notify is not None:
            self._notify.cancel()
            self._notify = None
        if self._checking is not None:
            self._checking.cancel()
            self._checking = None
        if browser is not None:
            await browser.async_cancel()
        if zc is not None:
            await zc.async_close()
