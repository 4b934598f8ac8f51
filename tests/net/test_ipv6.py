"""A table on IPv6: `bhtui host --bind ::1` (or `::`, every address, IPv4 too) serves, says
where in a line one can type (`[::1]:7474`), and `bhtui join [::1]:7474` takes a seat.
Before, the table's socket was IPv4 whatever was asked, and `--bind ::1` ended in "not an IP
address, and no host of that name was found". Loopback only (``::1``); skipped, the reason
printed, on a machine without it."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import subprocess
import sys

import aiohttp
import asyncssh
import pytest

from bhtui.cli import _bind, parse_address
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.lobby import Advertiser, TableInfo, address_for_others, lan_addresses
from bhtui.net.secure import PREAMBLE
from bhtui.net.tcp import BUSY, HANDSHAKES_PER_ADDRESS, listen_socket, serve_table, stay_connected
from bhtui.rules import PRESETS

from door_helpers import KEYLESS
from loopback import PEERS, frames, free_port, ipv6_loopback, said, settle
from net_helpers import in_background


async def host(tmp_path, *options: str, within: tuple[str, ...] = ()
               ) -> tuple[asyncio.subprocess.Process, str]:
    """`bhtui host --headless` with ``options``, a seat left for a person (run by the
    command ``within``, if given): the process and the first line it says."""
    process = await asyncio.create_subprocess_exec(
        *within, sys.executable, "-m", "bhtui", "host", "--headless", "--port", "0", "--no-advertise",
        "--bots", "4", "--rounds", "1", "--bot-delay", "0", "--seed", "3", *options,
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
    if not line:
        process.kill()
        raise AssertionError((await process.stderr.read()).decode())
    return process, line


def seeing_hosts(tmp_path, lines: str) -> tuple[str, ...]:
    """A command that runs another with ``lines`` as its /etc/hosts, in a mount namespace of
    its own (the machine's file is never touched): a name of an IPv6 address alone, which
    no resolver of this machine may have. Skipped, saying why, where one cannot be made."""
    hosts = tmp_path / "hosts"
    hosts.write_text(lines)
    within = ("unshare", "-m", "sh", "-c", 'mount --bind "$0" /etc/hosts && exec "$@"',
              str(hosts))
    if shutil.which("unshare") is None:
        pytest.skip("no unshare (util-linux) on this machine")
    tried = subprocess.run([*within, "true"], capture_output=True, text=True)
    if tried.returncode != 0:
        pytest.skip(f"cannot give a program hosts of its own here: {tried.stderr.strip()}")
    return within


async def plays_a_round(address: str) -> Client:
    """A player who joins by ``address`` as `bhtui join` takes it (checked by the command
    line, then cut at its last colon as the app does), his bot playing the round out."""
    written, _, port = parse_address(address).rpartition(":")
    client = Client(None, "Me")  # type: ignore[arg-type]
    attach_bot(client)
    in_background(stay_connected(client, written, int(port)))
    await settle(lambda: client.refused is not None or (
        client.view is not None and client.view["phase"] in ("over", "ended")))
    assert client.refused is None, client.refused
    return client


async def test_a_table_bound_to_ipv6_says_where_in_brackets_and_a_joiner_plays_there(tmp_path):
    ipv6_loopback()
    process, line = await host(tmp_path, "--bind", "::1")
    try:
        where = re.search(r" on (\[::1\]:(\d+)), waiting for players", line)
        assert where, line
        client = await plays_a_round(where.group(1))
        assert client.seat == 0 and client.view is not None and client.view["phase"] == "over"
    finally:
        process.terminate()
        await process.wait()


async def test_a_table_on_every_address_takes_ipv4_and_ipv6_joiners(tmp_path):
    """``::`` is both: a machine of the LAN's IPv4 reaches the table as well as one of its
    IPv6 (a socket of IPv6 alone left IPv4 out). The line says the LAN address others use."""
    ipv6_loopback()
    if not socket.has_dualstack_ipv6():
        pytest.skip("this system has no dual-stack sockets")
    process, line = await host(tmp_path, "--bind", "::", "--bots", "3")
    try:
        where = re.search(r" on (\S+):(\d+), waiting for players", line)
        assert where, line
        shown = address_for_others("::")
        assert shown is not None and where.group(1) == shown and ":" not in shown
        port = where.group(2)
        two = await asyncio.gather(plays_a_round(f"127.0.0.1:{port}"),
                                   plays_a_round(f"::1:{port}"))  # (bare: it is bracketed)
        assert sorted(client.seat or 0 for client in two) == [0, 1]
    finally:
        process.terminate()
        await process.wait()


async def test_a_table_bound_to_a_name_of_ipv6_alone_is_there_and_joined_by_that_name(tmp_path):
    """`--bind NAME` is looked up in both families: a name whose one address is ``::1``
    serves there, and a player joins by the name. Looked up as IPv4 alone, the resolver
    turned it into 127.0.0.1 (or found nothing, for another address), and the joiner, whose
    lookup gives ::1, found nothing listening."""
    ipv6_loopback()
    within = seeing_hosts(tmp_path, "127.0.0.1 localhost\n::1 bhtui-six\n")
    process, line = await host(tmp_path, "--bind", "bhtui-six", within=within)
    try:
        where = re.search(r" on \[::1\]:(\d+), waiting for players", line)
        assert where, line
        joiner = await asyncio.create_subprocess_exec(
            *within, sys.executable, str(PEERS / "silent_peer.py"), "bhtui-six", where.group(1),
            stdout=asyncio.subprocess.PIPE)
        try:
            assert await said(joiner) == {"seated": 0}
        finally:
            joiner.kill()
            await joiner.wait()
    finally:
        process.terminate()
        await process.wait()


def test_a_name_that_gives_no_address_is_said_so_in_a_line(cli):
    done = cli("host", "--headless", "--no-advertise", "--bind", "nosuch.invalid")
    assert done.returncode == 2 and done.stderr == (
        "bhtui: cannot serve on nosuch.invalid:7474: --bind 'nosuch.invalid' is not an IP "
        "address, and no host of that name was found\n")


async def at_the_door(port: int, address: str) -> tuple[str, asyncio.StreamWriter]:
    """A connection from ``address`` that stays mid-handshake: "preamble" if the table's door
    let it in, else the reason it was turned away with."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    target = "::1" if family == socket.AF_INET6 else "127.0.0.1"
    reader, writer = await asyncio.open_connection(target, port, family=family,
                                                   local_addr=(address, 0))
    first = await asyncio.wait_for(reader.read(len(PREAMBLE)), 10)
    if first == PREAMBLE:
        return "preamble", writer
    first += await asyncio.wait_for(reader.read(), 10)
    return frames(first)[0]["reason"], writer


async def test_a_dual_stack_door_counts_each_address_as_it_is():
    """On ``::`` an IPv4 machine comes as ``::ffff:127.0.0.2``: the door still counts it
    alone, so one address holding its share keeps neither another IPv4 machine nor an IPv6
    one out."""
    ipv6_loopback()
    if not socket.has_dualstack_ipv6():
        pytest.skip("this system has no dual-stack sockets")
    server = await serve_table(Table(PRESETS["qingdao"], seed=1), sock=listen_socket("::", 0))
    port = server.sockets[0].getsockname()[1]
    visitors = ["127.0.0.2"] * (HANDSHAKES_PER_ADDRESS + 1) + ["127.0.0.3", "::1"]
    doors = [await at_the_door(port, address) for address in visitors]
    assert [said for said, _ in doors] == (
        ["preamble"] * HANDSHAKES_PER_ADDRESS + [BUSY, "preamble", "preamble"])
    for _, writer in doors:
        writer.close()
    server.close()


async def test_an_ipv6_table_that_does_not_answer_is_named_as_one_types_it():
    """Nothing listens at ``[::1]:port``: the person is told so of that address, written as
    he would type it again. Before, the brackets reached the resolver, and he was told no
    machine named '[::1]' exists."""
    ipv6_loopback()
    client = Client(None, "Me")  # type: ignore[arg-type]
    port = free_port()
    await asyncio.wait_for(stay_connected(client, "[::1]", port), 30)
    assert client.refused is not None and client.refused["why"] == "refused"
    assert client.refused["address"] == f"[::1]:{port}"
    assert f"nothing answers on [::1]:{port}" in client.refused["reason"]


def test_the_command_line_writes_an_ipv6_address_in_brackets():
    assert parse_address("[::1]:47010") == parse_address("::1:47010") == "[::1]:47010"
    assert parse_address("[fe80::1%eth0]:7474") == "[fe80::1%eth0]:7474"
    assert parse_address("192.168.1.20:7474") == "192.168.1.20:7474"
    assert _bind("[::1]") == "::1" and _bind("::") == "::"
    with pytest.raises(ValueError):
        parse_address("[::1:7474")


def test_the_lobby_lists_and_advertises_an_ipv6_table_where_one_reaches_it():
    """A table on every address (``::``) is advertised at the machine's IPv4 addresses, as
    one on ``0.0.0.0`` is (it crashed: ``::`` was taken for one interface's address); one
    bound to an IPv6 address at that address. The lobby gives IPv4 first, and writes an
    IPv6 table's address in brackets."""
    from bhtui.net.lobby import reachable

    table = Table(PRESETS["qingdao"], seed=1)
    everywhere = Advertiser(table, 7474, "::")._service_info()
    assert everywhere.parsed_addresses() == (lan_addresses() or ["127.0.0.1"])
    assert Advertiser(table, 7474, "::1")._service_info().parsed_addresses() == ["::1"]
    assert address_for_others("::") == address_for_others("0.0.0.0")
    assert address_for_others("[::1]") == "::1"
    both = Advertiser(table, 7474, "::1")._service_info()
    both.addresses = [socket.inet_pton(socket.AF_INET6, "fe80::1"),
                      socket.inet_aton("192.168.1.20")]
    assert reachable(both)[0] == "192.168.1.20" and reachable(both)[1].startswith("fe80::1")
    info = TableInfo(key="t", name="T", host="fe80::1%eth0", port=7474, preset="qingdao",
                     seats=0, spectators=0, code=False, proto="3.2", app="0", boot="b")
    assert info.address == "[fe80::1%eth0]:7474"


async def open_door(tmp_path, door: str, bind: str) -> tuple[asyncio.subprocess.Process, str]:
    """`bhtui serve-ssh` or `serve-web` on ``bind``, a port the system picks: the process
    and the first line it says."""
    key = ("--host-key", str(tmp_path / "key")) if door == "serve-ssh" else ()
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bhtui", door, "--bind", bind, "--port", "0", *key,
        stdout=asyncio.subprocess.PIPE, env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)})
    assert server.stdout is not None
    return server, (await asyncio.wait_for(server.stdout.readline(), 60)).decode()


async def visit(door: str, url: str) -> None:
    """A visitor gets in at ``url`` (``ssh://HOST:PORT``, ``http://HOST:PORT/``): the SSH
    handshake and login, or the page that runs the app."""
    if door == "serve-ssh":
        written, _, port = url.removeprefix("ssh://").rpartition(":")
        async with asyncssh.connect(written.strip("[]"), int(port), **KEYLESS):
            pass
    else:
        async with aiohttp.ClientSession() as http, http.get(url) as page:
            assert page.status == 200 and "textual.js" in await page.text()


@pytest.mark.parametrize("door", ["serve-ssh", "serve-web"])
async def test_a_door_on_ipv6_says_where_it_is_as_one_types_it(tmp_path, door):
    """`serve-ssh` and `serve-web` on ``::1`` said ``ssh://::1:2222``, ``http://::1:8080/``,
    which neither a browser nor ssh takes: the address is in brackets, the port the one
    given (``--port 0``), and a visitor gets in there."""
    ipv6_loopback()
    server, line = await open_door(tmp_path, door, "::1")
    try:
        found = re.search(r" on ((?:ssh|http)://\[::1\]:(\d+)/?) ", line)
        assert found and found.group(2) != "0", line
        await visit(door, found.group(1))
    finally:
        server.kill()
        await server.wait()


@pytest.mark.parametrize("door", ["serve-ssh", "serve-web"])
async def test_a_door_on_every_address_takes_ipv4_and_ipv6_visitors(tmp_path, door):
    """``::`` is both at the doors too, as at a table: asyncio's and asyncssh's servers made
    its socket IPv6-only, and a visitor from the LAN's IPv4 found nothing there."""
    ipv6_loopback()
    if not socket.has_dualstack_ipv6():
        pytest.skip("this system has no dual-stack sockets")
    server, line = await open_door(tmp_path, door, "::")
    try:
        found = re.search(r":(\d+)/? ", line)
        assert found, line
        scheme, port = door.removeprefix("serve-").replace("web", "http"), found.group(1)
        end = "/" if door == "serve-web" else ""
        await visit(door, f"{scheme}://127.0.0.1:{port}{end}")
        await visit(door, f"{scheme}://[::1]:{port}{end}")
    finally:
        server.kill()
        await server.wait()
