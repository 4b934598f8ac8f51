"""Finding tables on the LAN: zeroconf advertisement by the host, browsing by the lobby.

The TXT record carries what the lobby shows (never the join code or anything derived from
it): protocol and app version, table name, the game and its preset, seats taken of how many,
spectators, whether a code is needed, and a boot id that tells a restarted host from the old
one.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from bhtui import __version__
from bhtui.net.host import Table
from bhtui.net.protocol import PROTOCOL
from bhtui.text import clean_text

SERVICE = "_bhtui._tcp.local."


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback."""
    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                out.append(ip.ip)
    return out


def address_for_others(bind: str) -> str | None:
    """The address others on the LAN reach a table bound to ``bind`` at: the bound one, or
    for all of them the one the default route leaves from (a UDP socket's connect sends
    nothing; a bridge or VPN listed first would not do), else the first LAN address."""
    if bind not in ("", "0.0.0.0"):
        return bind
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed as the LAN's way out, never sent
        address = str(probe.getsockname()[0])
        if not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return next(iter(lan_addresses()), None)


def _interfaces(bind: str | None) -> list[str] | None:
    if bind and bind not in ("0.0.0.0", ""):
        return [bind]
    return None


def _zeroconf(bind: str | None) -> AsyncZeroconf:
    interfaces = _interfaces(bind)
    if interfaces is None:
        return AsyncZeroconf(ip_version=IPVersion.V4Only)
    return AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


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

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


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
        }

    def _service_info(self) -> AsyncServiceInfo:
        addresses = _interfaces(self.bind) or lan_addresses() or ["127.0.0.1"]
        instance = f"{self.table.name}-{self.table.boot_id}"[:60]
        return AsyncServiceInfo(
            SERVICE, f"{instance}.{SERVICE}", port=self.port,
            properties=self._properties(), server=f"bhtui-{self.table.boot_id}.local.",
            addresses=[socket.inet_aton(a) for a in addresses],
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
            if self._info is not None:
                await self._zc.async_unregister_service(self._info)
            await self._zc.async_close()
            self._zc = None


class Browser:
    """Tables found on the LAN, kept live; ``on_change`` is called after every change."""

    def __init__(self, on_change: Callable[[dict[str, TableInfo]], None] | None = None,
                 bind: str | None = None) -> None:
        self.tables: dict[str, TableInfo] = {}
        self.on_change = on_change
        self.bind = bind
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._zc = _zeroconf(self.bind)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._on_event])

    def _on_event(self, zeroconf: object, service_type: str, name: str,
                  state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            if self.tables.pop(name, None) is not None and self.on_change:
                self.on_change(self.tables)
            return
        task = asyncio.ensure_future(self._resolve(service_type, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        assert self._zc is not None
        info = AsyncServiceInfo(service_type, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        # Another machine's words: no control character reaches the lobby's screen.
        props = {k.decode(errors="replace"): clean_text((v or b"").decode(errors="replace"))
                 for k, v in info.properties.items()}
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses or info.port is None:
            return
        try:
            self.tables[name] = TableInfo(
                key=name, name=props.get("table", clean_text(name.split(".")[0])), host=addresses[0],
                port=info.port, preset=props.get("preset", "?"),
                seats=int(props.get("seats", "0")), spectators=int(props.get("spectators", "0")),
                code=props.get("code") == "1", proto=props.get("proto", "?"),
                app=props.get("app", "?"), boot=props.get("boot", ""),
                options=tuple(o for o in props.get("options", "").split(",") if o),
                counter=props.get("counter") == "1",
                game=props.get("game", "baohuang")[:24], size=int(props.get("size", "5")),
            )
        except ValueError:
            return  # a malformed advertisement is not a table we can list
        if self.on_change:
            self.on_change(self.tables)

    async def stop(self) -> None:
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None  # stopping twice is harmless
        if browser is not None:
            await browser.async_cancel()
        if zc is not None:
            await zc.async_close()
