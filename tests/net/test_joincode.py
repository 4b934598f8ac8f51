"""Join codes over real sockets on loopback (issue 13.8): a captured handshake is worth nothing
offline, guesses are limited per table whatever the address, seated players always get back
in, and the code need not be on the command line."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bhtui.net.joincode as joincode
from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.tcp import open_streams, serve_table, stay_connected
from bhtui.rules import PRESETS

from loopback import LOOPBACK, Recording, close_wait, connect, frames, free_port, settle
from net_helpers import in_background, people_and_bots


async def coded_table(code: str = "4242") -> tuple[Table, asyncio.Server, int]:
    table = Table(PRESETS["qingdao"], seed=1, code=code, bot_delay=0.0)
    server = await serve_table(table, LOOPBACK, 0)
    return table, server, server.sockets[0].getsockname()[1]


async def from_address(port: int, address: str, name: str, code: str | None,
                       token: str | None = None) -> Client:
    """A client connecting from another loopback address (127.0.0.0/8 all reach us)."""
    client, _ = await connect(port, name, code=code, token=token, address=address)
    return client


class BothWays(Recording):
    """A client link that keeps what crossed the wire in both directions."""

    written = b""

    def write(self, data: bytes) -> None:
        self.written += data
        super().write(data)


async def captured_join(port: int, code: str) -> BothWays:
    link = BothWays(*await open_streams(LOOPBACK, port))
    client = Client(link, "Ana", code=code)
    in_background(client.run())
    await settle(lambda: client.room is not None)
    return link


async def test_a_captured_handshake_does_not_give_the_code_away():
    """The attack of the issue: every 4-digit code tried offline against what crossed the
    wire. With an HMAC over a nonce it found the code in 0.01 s; with SPAKE2 nothing
    matches, and the same code never looks the same twice."""
    table, server, port = await coded_table()
    first, second = [await captured_join(port, "4242") for _ in range(2)]
    wire = first.received + first.written
    texts = {h.decode() for h in re.findall(rb"[0-9a-f]{16,}", wire)}
    assert texts  # the exchange is there to attack
    for guess in (f"{n:04d}".encode() for n in range(10_000)):
        for nonce in texts:
            assert hmac.new(guess, nonce.encode(), hashlib.sha256).hexdigest() not in texts
    # nor sent as it is: looked for outside the exchange's random hex, where four digits turn
    # up by chance (one run in a few hundred found "4242" inside a confirmation)
    assert b"4242" not in re.sub(rb"[0-9a-f]{16,}", b"", bytes(wire))
    pake = [next(m for m in frames(link.received) if m["type"] == "pake") for link in (first, second)]
    assert pake[0]["pake"] != pake[1]["pake"] and pake[0]["confirm"] != pake[1]["confirm"]
    server.close()


async def test_the_right_code_gets_in_and_a_wrong_one_is_refused_and_never_seated():
    table, server, port = await coded_table()
    wrong, link = await connect(port, "Eve", code="1111")
    await settle(lambda: wrong.refused is not None)
    assert wrong.refused["code"] == "code" and table.seats_taken() == 0
    # the host hung up after its answer, and so do we: no socket left in CLOSE-WAIT
    await settle(lambda: wrong.closed is not None and not close_wait(link))
    none, _ = await connect(port, "Nobody")
    await settle(lambda: none.refused is not None)
    assert none.refused["code"] == "code"
    right, _ = await connect(port, "Ana", code=" 4242 ")
    await settle(lambda: right.room is not None)
    assert right.seat == 0
    server.close()


async def test_a_client_given_a_code_tells_a_table_that_asks_for_none_nothing_and_leaves():
    """A player given a code expects the table that asks for it: one at that address asking
    for none (its host turned the code off, or a machine on the LAN posing as it) never gets
    his hello — the table seats nobody — and the client leaves once, saying why and what to
    do, without reconnecting."""
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0)  # no code
    server = await serve_table(table, LOOPBACK, 0)
    links: list[object] = []
    client = Client(None, "Ana", code="2468")  # type: ignore[arg-type]
    await asyncio.wait_for(stay_connected(client, LOOPBACK, server.sockets[0].getsockname()[1],
                                          on_link=links.append), 10)
    assert client.refused is not None and client.refused["code"] == "codeless"
    assert "without the code" in client.refused["reason"]
    assert len(links) == 1 and client.seat is None and client.room is None
    assert table.seats_taken() == 0 and table.spectator_count() == 0
    server.close()


async def test_guesses_are_limited_per_table_whatever_the_address():
    """Rotating loopback addresses used to buy 10,000 guesses in 2.5 s: now the table
    answers GUESS_BURST wrong codes, then refuses to check any more until the budget
    refills — from every address, the right code too."""
    table, server, port = await coded_table()
    now = [0.0]
    table.guard = joincode.CodeGuard("4242", clock=lambda: now[0])  # time moves when we say
    answers = []
    for n in range(joincode.GUESS_BURST + 5):
        client = await from_address(port, f"127.0.{n // 200}.{n % 200 + 2}", "Eve", f"{n:04d}")
        await settle(lambda: client.refused is not None)
        answers.append(client.refused["code"])
    assert answers[:joincode.GUESS_BURST] == ["code"] * joincode.GUESS_BURST
    assert answers[joincode.GUESS_BURST:] == ["cooldown"] * 5
    right = await from_address(port, "127.9.9.9", "Ana", "4242")
    await settle(lambda: right.refused is not None)
    assert right.refused["code"] == "cooldown"  # a guesser delays newcomers …
    # … saying which case and how long, for the client to say so in its player's language
    assert right.refused["why"] == "codes" and type(right.refused["seconds"]) is int
    assert 0 < right.refused["seconds"] <= joincode.GUESS_REFILL
    now[0] += joincode.GUESS_REFILL  # … only until the budget refills
    right = await from_address(port, "127.9.9.9", "Ana", "4242")
    await settle(lambda: right.room is not None)
    server.close()


async def test_a_cooldown_s_last_moments_say_one_second_never_zero():
    """The wait is said in whole seconds, rounded up: its last half second said "try again
    in 0 s", which the one told found already over, and was refused again."""
    table, server, port = await coded_table()
    now = [0.0]
    table.guard = joincode.CodeGuard("4242", clock=lambda: now[0])
    for n in range(joincode.GUESS_BURST):
        eve = await from_address(port, f"127.0.7.{n + 2}", "Eve", f"{n:04d}")
        await settle(lambda: eve.refused is not None)
    now[0] += joincode.GUESS_REFILL * 0.95  # 0.3 s to go
    ana = await from_address(port, "127.0.8.2", "Ana", "4242")
    await settle(lambda: ana.refused is not None)
    assert (ana.refused["code"], ana.refused["seconds"]) == ("cooldown", 1)
    assert ana.refused["reason"].endswith("try again in 1 s")
    server.close()


async def test_a_lone_guesser_spends_half_the_table_s_guesses_and_newcomers_get_in():
    """One address spending every guess as it refilled kept every newcomer out, the right
    code too, for as long as it guessed (a hostile pass). An address now has ADDRESS_BURST of
    the table's GUESS_BURST, refilled at half the table's rate: a lone guesser is told to
    wait while a newcomer with the code gets in at once."""
    table, server, port = await coded_table()
    now = [0.0]
    table.guard = joincode.CodeGuard("4242", clock=lambda: now[0])  # time moves when we say
    answers = []
    for n in range(joincode.ADDRESS_BURST + 2):
        eve = await from_address(port, "127.0.5.2", "Eve", f"{n:04d}")
        await settle(lambda: eve.refused is not None)
        answers.append(eve.refused["code"])
    assert answers == ["code"] * joincode.ADDRESS_BURST + ["cooldown"] * 2
    ana = await from_address(port, "127.0.6.2", "Ana", "4242")
    await settle(lambda: ana.room is not None or ana.refused is not None)
    assert ana.room is not None and ana.refused is None
    now[0] += joincode.ADDRESS_REFILL  # one more guess for Eve, as the table refills two
    eve = await from_address(port, "127.0.5.2", "Eve", "9999")
    await settle(lambda: eve.refused is not None)
    assert eve.refused["code"] == "code"
    server.close()


async def test_a_seated_player_gets_back_in_while_someone_is_guessing(monkeypatch):
    """A seat token proves more than the code: rejoining needs no code, so a guesser can
    never lock the table's own players out."""
    monkeypatch.setattr(joincode, "GUESS_REFILL", 3600.0)
    table = people_and_bots({0}, code="4242", bot_delay=0.0)
    server = await serve_table(table, LOOPBACK, 0)
    port = server.sockets[0].getsockname()[1]
    for n in range(joincode.GUESS_BURST + 1):
        eve = await from_address(port, f"127.0.3.{n + 2}", "Eve", f"{n:04d}")
        await settle(lambda: eve.refused is not None)
    assert table.guard.wait() > 0
    ana = await from_address(port, "127.0.4.2", "Ana", None, token=table.seats[0].token)
    await settle(lambda: ana.view is not None)
    assert ana.seat == 0
    server.close()


def test_the_code_guard_refills_one_guess_at_a_time():
    now = [0.0]
    guard = joincode.CodeGuard("77", clock=lambda: now[0])
    prover = joincode.CodeProver("76", b"")
    for _ in range(joincode.GUESS_BURST):
        attempt = guard.begin(prover.message)
        assert not guard.finish(attempt, b"x")
    assert guard.wait() == pytest.approx(joincode.GUESS_REFILL)
    now[0] += joincode.GUESS_REFILL
    assert guard.wait() == 0


def start_host(port: int, tmp_path, *extra: str, env: dict | None = None,
               **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", LOOPBACK, "--port",
         str(port), "--no-advertise", "--bots", "4", "--seed", "3", *extra],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path), **(env or {})},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


async def joins_with(port: int, code: str) -> bool:
    client, _ = await connect(port, "Ana", code=code)
    await settle(lambda: client.room is not None or client.refused is not None)
    return client.room is not None


@pytest.mark.parametrize("source", ["file", "environment"])
async def test_the_host_takes_its_code_from_a_file_or_the_environment_not_the_command_line(
        tmp_path, source):
    port = free_port()
    if source == "file":
        secret = tmp_path / "code.txt"
        secret.write_text("tea-for-two\n")
        host = start_host(port, tmp_path, "--code-file", str(secret))
    else:
        host = start_host(port, tmp_path, env={"BHTUI_CODE": "tea-for-two"})
    try:
        assert "join code needed" in host.stdout.readline()
        with open(f"/proc/{host.pid}/cmdline", "rb") as cmdline:
            assert b"tea-for-two" not in cmdline.read()
        assert await joins_with(port, "tea-for-two") and not await joins_with(port, "tea")
    finally:
        host.terminate()
        host.wait(10)


async def prompting_host(tmp_path: Path, port: int) -> tuple[subprocess.Popen, int]:
    """A headless host with --ask-code in a terminal of its own, its prompt shown: the host,
    and the terminal's side to type on and read from."""
    master, slave = pty.openpty()
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", LOOPBACK, "--port",
         str(port), "--no-advertise", "--bots", "4", "--ask-code"],
        env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}, stdin=slave, stdout=subprocess.PIPE,
        stderr=slave, text=True, start_new_session=True,
        preexec_fn=lambda: __import__("fcntl").ioctl(0, __import__("termios").TIOCSCTTY, 0))
    os.close(slave)
    prompt = b""
    while b"code" not in prompt.lower():
        prompt += await asyncio.wait_for(asyncio.to_thread(os.read, master, 1024), 20)
    return host, master


async def test_the_host_asks_for_its_code_at_a_hidden_prompt(tmp_path):
    port = free_port()
    host, master = await prompting_host(tmp_path, port)
    try:
        os.write(master, b"milk\n")  # and once more, asked for (a typo would lock friends out)
        again = b""
        while b"once more" not in again:
            again += await asyncio.wait_for(asyncio.to_thread(os.read, master, 1024), 20)
        os.write(master, b"milk\n")
        assert "join code needed" in host.stdout.readline()
        assert await joins_with(port, "milk")
    finally:
        host.terminate()
        host.wait(10)
        os.close(master)


async def test_a_code_typed_in_bytes_that_are_not_utf8_is_refused_in_one_line(tmp_path):
    """A Latin-1 terminal's é at the prompt ended in getpass's UnicodeDecodeError traceback."""
    host, master = await prompting_host(tmp_path, free_port())
    try:
        os.write(master, b"caf\xe9\n")
        assert host.wait(20) == 2 and host.stdout.read() == ""
        said = b""
        with contextlib.suppress(OSError):  # (the terminal reads as closed once the host ends)
            while chunk := os.read(master, 1024):
                said += chunk
        assert b"the join code typed is not UTF-8 text" in said and b"Traceback" not in said
    finally:
        host.kill()
        os.close(master)


def test_a_code_file_that_cannot_be_read_is_one_clear_line(tmp_path, cli, nothing_starts):
    done = cli("host", "--headless", "--bind", LOOPBACK, "--port", "0", "--no-advertise",
               "--bots", "4", "--code-file", str(tmp_path / "missing"))
    assert done.returncode == 2 and "cannot read the join code" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_code_file_with_no_end_is_read_only_as_far_as_a_code_goes(cli, nothing_starts):
    """--code-file /dev/zero (a mistyped path) was read to the end of memory."""
    done = cli("host", "--headless", "--bind", LOOPBACK, "--port", "0", "--no-advertise",
               "--bots", "4", "--code-file", "/dev/zero")
    assert done.returncode == 2 and "cannot read the join code from /dev/zero" in done.stderr
    assert "larger than" in done.stderr and len(done.stderr.strip().splitlines()) == 1


NOT_UTF8 = "caf\udce9"  # café typed in Latin-1, as Python hands such bytes over


@pytest.mark.parametrize("command", ["host", "join"])
@pytest.mark.parametrize("source", ["--code", "BHTUI_CODE"])
def test_a_code_that_is_not_utf8_is_refused_in_one_line(command, source, cli, nothing_starts,
                                                        monkeypatch):
    """A host took it and printed "join code needed", then every joiner's connection died
    on a UnicodeEncodeError and nobody could ever join; a joiner's app crashed with the code
    in its dump. Refused as --code-file refuses such a file: one line, nothing started."""
    given = ["--code", NOT_UTF8] if source == "--code" else []
    if source == "BHTUI_CODE":
        monkeypatch.setenv("BHTUI_CODE", NOT_UTF8)
    where = ["--headless", "--no-advertise"] if command == "host" else [f"{LOOPBACK}:7474"]
    done = cli(command, *where, *given)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"bhtui: the join code in {source} is not UTF-8 text: type it in a " \
                          "UTF-8 terminal, or put it in a UTF-8 file for --code-file\n"


def test_an_empty_code_option_is_refused_not_taken_for_no_code(cli, nothing_starts):
    """``--code "$CODE"`` with CODE unset opened the host's table to everyone."""
    done = cli("host", "--headless", "--no-advertise", "--code", " ")
    assert done.returncode == 2
    assert done.stderr == "bhtui: --code is empty: give the join code, or leave --code out\n"
