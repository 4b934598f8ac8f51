"""The lobby's check that its listed tables still answer, against real listeners on
loopback: it opened one connection to every listed table at once, up to MAX_TABLES (200)
every 10 s from each lobby on a LAN; it now opens CHECK_AT_ONCE at a time, and still asks
every table within the one check."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from pathlib import Path

from bhtui.net.lobby import CHECK_AT_ONCE, MAX_TABLES, Browser, TableInfo, table_info

from loopback import settle


def listed_at(i: int, port: int) -> TableInfo:
    info = table_info(f"t{i}._bhtui._tcp.local.", {b"table": f"table {i}".encode()},
                      ["127.0.0.1"], port)
    assert info is not None
    return info


def sockets_to(ports: set[int]) -> set[str]:
    """This process's TCP sockets connected, or connecting, to one of ``ports`` as the
    kernel has them now (one closed is gone from the process at once), by inode."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # (one closed meanwhile, this listing's own)
            mine.add(os.readlink(f"/proc/self/fd/{fd}"))
    found = set()
    for line in Path("/proc/self/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) in ports and f"socket:[{fields[9]}]" in mine:
            found.add(fields[9])
    return found


async def test_a_check_asks_a_few_tables_at_once_and_every_table_in_turn():
    """MAX_TABLES listed, one of them closed: never more than CHECK_AT_ONCE connections are
    open at once (counted as each listener accepts one), every listener is reached once,
    and the closed table is dropped, the others kept."""
    ports: set[int] = set()
    earlier: set[str] = set()  # an earlier test's socket left to a port reused here (xdist)
    reached: dict[int, int] = {}  # listener's port -> connections it accepted
    peak = 0

    async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal peak
        peak = max(peak, len(sockets_to(ports) - earlier))
        port = writer.get_extra_info("sockname")[1]
        reached[port] = reached.get(port, 0) + 1
        await reader.read()
        writer.close()

    servers = [await asyncio.start_server(accepted, "127.0.0.1", 0)
               for _ in range(MAX_TABLES - 1)]
    ports.update(server.sockets[0].getsockname()[1] for server in servers)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]  # nothing listens there once closed
    earlier.update(sockets_to(ports))
    browser = Browser()
    for i, port in enumerate([*sorted(ports), closed]):
        browser.keep(listed_at(i, port))
    try:
        await browser.check()
        await settle(lambda: len(reached) == len(ports))
        assert 1 < peak <= CHECK_AT_ONCE, peak
        assert reached == dict.fromkeys(ports, 1)
        assert sorted(info.port for info in browser.tables.values()) == sorted(ports)
    finally:
        for server in servers:
            server.close()
        await browser.stop()
