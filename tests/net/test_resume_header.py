"""`bhtui host --resume` of a log whose header is damaged or was tampered with (a hostile
pass): refused in one line naming the field and the file, exit status 2, before the log is
touched or a socket opened. A seed, preset or options nested a thousand lists deep were a
RecursionError's traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest

import bhtui.net.serve
from bhtui.net.host import Table
from bhtui.rules import PRESETS
from bhtui.store.gamelog import MAGIC, GameLog

from loopback import LOOPBACK

CODE = "kiwi-4242"
DOOR = {"bind": LOOPBACK, "port": 7601, "code": True}


class _Dropped:
    """A header field left out of the log (named so in the tests' ids)."""

    def __repr__(self) -> str:
        return "DROPPED"


DROPPED: Any = _Dropped()
DEEP = b"\x91" * 1000 + b"\x90"
"""A msgpack value msgpack itself will not pack: a list in a list, a thousand deep (past
Python's recursion limit once anything shows it)."""


def hosted_header(**changes: Any) -> dict[str, Any]:
    """The header a LAN table with a join code writes as it deals, with ``changes`` (a field
    set to DROPPED is left out)."""
    table = Table(PRESETS["qingdao"], seed=3, rounds=1, code=CODE)
    table.address = (DOOR["bind"], DOOR["port"])
    return {k: v for k, v in {**table.header(), **changes}.items() if v is not DROPPED}


def write_log(path: Path, header: dict[str, Any], deep: str | None = None) -> Path:
    """``header`` as a log's first record (field ``deep`` holding DEEP), then a torn last
    record, the file left readable by others as an older bhtui left it: a resume would cut
    the one and make the file private, so a refusal that touched the file would show."""
    fields = {"type": "header", **header}
    body = b"\xde" + len(fields).to_bytes(2, "big") + b"".join(
        msgpack.packb(k) + (DEEP if k == deep else msgpack.packb(v, use_bin_type=True))
        for k, v in fields.items())
    path.write_bytes(MAGIC + len(body).to_bytes(4, "big") + body + b"\x00\x00\x00\x09\x82")
    path.chmod(0o644)
    return path


def as_it_is(path: Path) -> tuple[bytes, int, int]:
    """What a refusal must leave as it was: the bytes, the mode and the time of the file."""
    status = path.stat()
    return path.read_bytes(), status.st_mode, status.st_mtime_ns


@pytest.fixture
def host(cli, monkeypatch):
    """``bhtui host --headless --resume FILE ARGS`` run in this process with no terminal to
    ask a code on; what it listened on and the table it served are kept (nothing is served
    for real), as is what it said."""
    listened: list[tuple[str, int]] = []
    served: list[Table] = []

    def listen(bind: str, port: int) -> None:
        listened.append((bind, port))

    async def serve(table: Table, sock: object, advertise: bool) -> None:
        served.append(table)
        if table.log is not None:
            table.log.close()

    monkeypatch.setattr("bhtui.net.tcp.listen_socket", listen)
    monkeypatch.setattr(bhtui.net.serve, "run_headless", serve)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)

    def run(path: Path, *args: str):
        listened.clear()
        served.clear()
        return cli("host", "--headless", "--no-advertise", "--resume", str(path), *args)
    run.listened, run.served = listened, served  # type: ignore[attr-defined]
    return run


def assert_refused(done, path: Path, before: tuple[bytes, int, int], said: str,
                   host) -> None:
    """What a host sees of a refused log: one line naming the file and what is wrong, exit
    status 2, no socket, and the file exactly as it was."""
    assert done.returncode == 2 and done.stdout == "", done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"bhtui: cannot resume {path}: "), lines
    assert said in lines[0], lines[0]
    assert host.listened == [] and host.served == []
    assert as_it_is(path) == before


@pytest.mark.parametrize("field", ["seed", "preset", "options", "name", "id", "seats", "door",
                                   "rounds", "game"])
def test_a_header_field_nested_a_thousand_deep_is_one_line_for_resume_and_replay(
        tmp_path, host, cli, nothing_starts, field):
    """A RecursionError's traceback for the seed, preset or options (whatever showed the
    value blew the stack); a name or id so deep resumed as it was."""
    path = write_log(tmp_path / "t.bhlog", hosted_header(), deep=field)
    before = as_it_is(path)
    said = f"the header's {field} holds lists or maps nested more than 4 deep"
    assert_refused(host(path, "--code", CODE), path, before, said, host)
    replayed = cli("replay", str(path))
    assert replayed.returncode == 2 and said in replayed.stderr
    assert len(replayed.stderr.strip().splitlines()) == 1


def test_a_new_tables_name_is_cleaned_so_that_its_log_resumes(tmp_path, host, cli):
    """The log keeps a new table's name and a resume shows it to everyone: --name is cleaned
    as the wire shows it (an escape sequence reached the log whole), and resumes so."""
    made = cli("host", "--headless", "--no-advertise", "--name", "\x1b[2J\x07Ana\tand Bo",
               "--bind", LOOPBACK, "--port", "7601", "--code", CODE)
    assert made.returncode == 0, made.stderr
    (table,) = host.served
    assert table.name == "[2JAna and Bo"
    table.address = (LOOPBACK, 7601)  # where serve_table would have put it
    log = GameLog(tmp_path / "t.bhlog")
    log.start(table.header())  # as the table writes it when the match starts
    log.close()
    resumed = host(log.path, "--code", CODE)
    assert resumed.returncode == 0, resumed.stderr
    assert host.served[0].name == "[2JAna and Bo"
