"""Run inside a network namespace of its own by tests/net/test_door_addresses.py: give its
loopback addresses of one IPv6 /64 and of the next, open the three doors on "::" and visit
each from them; print what each visitor was told, as JSON. IPv6 loopback is one
address (::1/128), so many addresses of one /64 exist only where they were added."""

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import asyncssh

from bhtui.net.client import Client
from bhtui.net.host import SPECTATORS_PER_ADDRESS, Table
from bhtui.net.protocol import FrameDecoder
from bhtui.net.secure import PREAMBLE
from bhtui.net.tcp import HANDSHAKES_PER_ADDRESS, TcpLink, open_streams, serve_table
from bhtui.rules import PRESETS
from bhtui.sshd import load_or_create_host_key, start_ssh
from bhtui.webd import start_web

ONE = "2001:db8:1:2::"  # a /64: its addresses ONE1, ONE2, ...
NEXT = "2001:db8:1:3::1"  # in the next /64
ADDRESSES = 64  # of ONE: more than any door lets one address hold


def wire() -> None:
    lines = ["link set lo up", *(f"addr add {ONE}{n:x}/128 dev lo nodad" for n in
                                  range(1, ADDRESSES + 1)), f"addr add {NEXT}/128 dev lo nodad"]
    subprocess.run(["ip", "-batch", "-"], input="\n".join(lines) + "\n", text=True,
                   check=True)


def visitors(cap: int) -> list[str]:
    """One more address of ONE than ``cap``, then NEXT."""
    return [*(f"{ONE}{n:x}" for n in range(1, cap + 2)), NEXT]


async def web(port: int, address: str) -> tuple[int, asyncio.StreamWriter]:
    """A keep-alive connection from ``address`` that asks for a page the door has not: the
    status of its answer (404, or 503 turned away), and the connection, kept open."""
    reader, writer = await asyncio.open_connection("::1", port, local_addr=(address, 0))
    writer.write(b"GET /nothing HTTP/1.1\r\nHost: [::1]\r\n\r\n")
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return int(head.split()[1]), writer


async def ssh(port: int, address: str) -> tuple[str, asyncssh.SSHClientConnection | None]:
    """A login from ``address``: "in", or the words it was disconnected with."""
    try:
        conn = await asyncssh.connect(  # (door_helpers.KEYLESS: run alone, this has no tests/)
            "::1", port, username="anyone", known_hosts=None, client_keys=None, password="",
            local_addr=(address, 0))
    except asyncssh.DisconnectError as exc:
        return exc.reason, None
    return "in", conn


async def table_door(port: int, address: str) -> tuple[str, asyncio.StreamWriter]:
    """A connection from ``address`` that stays mid-handshake: "preamble" if the table's door
    let it in, else the reason of the frame it was turned away with."""
    reader, writer = await asyncio.open_connection("::1", port, local_addr=(address, 0))
    first = await asyncio.wait_for(reader.read(len(PREAMBLE)), 10)
    if first == PREAMBLE:
        return "preamble", writer
    first += await asyncio.wait_for(reader.read(), 10)
    return FrameDecoder().feed(first)[0]["reason"], writer


async def spectator(port: int, address: str) -> str:
    """A spectator from ``address``, once the table has answered: "in", or why not."""
    client = Client(TcpLink(*await open_streams("::1", port, local_addr=(address, 0))),
                    "Watcher", "spectator")
    asyncio.get_running_loop().create_task(client.run())
    while client.room is None and client.refused is None:
        await asyncio.sleep(0.01)
    return "in" if client.refused is None else client.refused["reason"]


async def main() -> None:
    """Each door's per-address cap, and what the visitors from ONE (one more than the cap) and
    then from NEXT were told."""
    wire()
    told: dict[str, tuple[int, list[str | int]]] = {}
    runner, web_door, port = await start_web(["demo"], "::", 0)
    cap = web_door.gate.per_address
    kept = [await web(port, address) for address in visitors(cap)]
    told["web"] = cap, [status for status, _ in kept]
    for _, writer in kept:
        writer.close()
    await runner.cleanup()

    key = load_or_create_host_key(Path(tempfile.mkdtemp()) / "key")
    server, state = await start_ssh(0, "::", key, ["demo"], max_sessions=10)
    port = server.sockets[0].getsockname()[1]
    cap = state.gate.per_address
    logins = [await ssh(port, address) for address in visitors(cap)]
    told["ssh"] = cap, [words for words, _ in logins]
    for _, conn in logins:
        if conn is not None:
            conn.abort()
    server.close()

    server = await serve_table(Table(PRESETS["qingdao"], seed=1), "::", 0)
    port = server.sockets[0].getsockname()[1]
    doors = [await table_door(port, address) for address in visitors(HANDSHAKES_PER_ADDRESS)]
    told["table door"] = HANDSHAKES_PER_ADDRESS, [said for said, _ in doors]
    for _, writer in doors:
        writer.close()
    server.close()

    # (a table of its own: the connections above may not have left the last one yet)
    server = await serve_table(Table(PRESETS["qingdao"], seed=1), "::", 0)
    port = server.sockets[0].getsockname()[1]
    told["spectators"] = SPECTATORS_PER_ADDRESS, [
        await spectator(port, address) for address in visitors(SPECTATORS_PER_ADDRESS)]
    print(json.dumps(told))
    sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main())
