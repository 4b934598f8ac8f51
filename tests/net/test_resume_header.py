"""`bhtui host --resume` of a log whose header is damaged or was tampered with (a hostile
pass): every field is checked before the log is touched or a socket opened, and anything wrong
is one line naming the field and the file, exit status 2. A port of 99999, an address with a
NUL or a seed nested a thousand lists deep were tracebacks; a name or id that was a map
resumed as it was; and a door that was not a map resumed on every address, port 7474, with no
join code — a table that had one opened to anyone."""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import bhtui.net.serve
from bhtui.net.host import Table
from bhtui.rules import PRESETS
from bhtui.store.gamelog import MAGIC, UNNAMED, GameLog
from file_modes import NOBODY, as_a_user

from loopback import LOOPBACK
from strategies import FAST

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


@pytest.mark.parametrize("changes, said", [
    ({"door": {**DOOR, "port": 99999}}, "the header's door.port is 99999: a port number "
                                        "from 0 to 65535 was expected"),
    ({"door": {**DOOR, "port": -1}}, "the header's door.port is -1: a port number"),
    ({"door": {**DOOR, "port": "7601"}}, "the header's door.port is '7601': a port number"),
    ({"door": {**DOOR, "port": True}}, "the header's door.port is True: a port number"),
    ({"door": {**DOOR, "bind": "127.0.0.1\x00"}},
     r"the header's door.bind is '127.0.0.1\x00': an IP address was expected"),
    ({"door": {**DOOR, "bind": "no.such.host.invalid"}},
     "the header's door.bind is 'no.such.host.invalid': an IP address"),
    ({"door": {**DOOR, "bind": "fe80::1%\x1b[2J"}}, "the header's door.bind is 'fe80::1%\\x1b"),
    ({"door": {**DOOR, "code": "yes"}}, "the header's door.code is 'yes': true or false"),
    ({"door": {"bind": LOOPBACK, "port": 7601}}, "the header's door.code is missing: true or"),
    ({"door": [1, 2]}, "the header's door is [1, 2]: where the table listened"),
    ({"door": DROPPED}, "the header's door is missing: where the table listened"),
    ({"name": {"a": 1}}, "the header's name is {'a': 1}: the table's name (text) was expected"),
    ({"name": 5}, "the header's name is 5: the table's name (text) was expected"),
    ({"name": DROPPED}, "the header's name is missing: the table's name"),
    ({"id": {"a": 1}}, "the header's id is {'a': 1}: the table's id (hex text) was expected"),
    ({"id": "no id"}, "the header's id is 'no id': the table's id"),
    ({"id": DROPPED}, "the header's id is missing: the table's id"),
    ({"seed": "not hex"}, "the header's seed is 'not hex': a whole number or a secret"),
    ({"seed": "ab" * 40}, "the header's seed is 'abab"),
    ({"options": [1]}, "the header's options is [1]: a map of option names"),
    ({"options": {"grab_solo": [True]}}, "the header's options is {'grab_solo': [True]}:"),
    ({"preset": 5}, "the header's preset is 5: the name of a preset of baohuang"),
    ({"rules_version": "2"}, "the header's rules_version is '2': a whole number"),
    ({"name": "x" * 300}, "the header's name holds a text of 300 characters (at most 256)"),
    ({"first_seq": -1}, "the header's first_seq is -1: a whole number from 0 up"),
    ({"first_seq": "9"}, "the header's first_seq is '9': a whole number from 0 up"),
], ids=lambda p: repr(p)[:48] if isinstance(p, dict) else None)
def test_a_damaged_header_field_is_one_line_naming_it_and_the_file_and_touches_nothing(
        tmp_path, host, monkeypatch, changes, said):
    """Given the code, so the door of a table that had one is passed where it is sound."""
    monkeypatch.setenv("BHTUI_CODE", CODE)
    path = write_log(tmp_path / "t.bhlog", hosted_header(**changes))
    before = as_it_is(path)
    assert_refused(host(path), path, before, said, host)


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


@pytest.mark.parametrize("door", [DROPPED, [1, 2], "0.0.0.0:7474", None])
@pytest.mark.parametrize("where", [(), ("--bind", LOOPBACK, "--port", "7601")])
def test_a_log_whose_door_is_missing_or_not_a_map_never_opens_without_a_code(
        tmp_path, host, door, where):
    """The door is the one place the log says the table needed a join code: without it the
    table is not opened at all (it opened with no code, on 0.0.0.0:7474), whatever --bind
    and --port say."""
    path = write_log(tmp_path / "t.bhlog", hosted_header(door=door))
    before = as_it_is(path)
    assert_refused(host(path, *where), path, before, "the header's door is ", host)


def test_a_sound_log_still_resumes_on_its_door_with_its_code_and_is_made_private(
        tmp_path, host, monkeypatch):
    """The checks refuse what is damaged and nothing else: the same log, sound, opens its
    own door with the code, its torn record cut and the file private, as before."""
    monkeypatch.setenv("BHTUI_CODE", CODE)
    header = hosted_header()
    path = write_log(tmp_path / "t.bhlog", header)
    written = path.read_bytes()
    done = host(path)
    assert done.returncode == 0, done.stderr
    assert "incomplete last record" in done.stderr
    assert host.listened == [(LOOPBACK, 7601)]
    (table,) = host.served
    assert table.guard is not None
    assert (table.name, table.table_id, table.seed) == (header["name"], header["id"], 3)
    assert path.read_bytes() == written[:-5] and oct(path.stat().st_mode & 0o777) == "0o600"


RESUMED = """
import sys
import bhtui.net.serve
import bhtui.net.tcp
from bhtui.cli import main

async def serve(table, sock, advertise):
    print("served", table.name)
    if table.log is not None:
        table.log.close()

bhtui.net.tcp.listen_socket = lambda bind, port: print("listened", bind, port)
bhtui.net.serve.run_headless = serve
sys.exit(main(["host", "--headless", "--resume", sys.argv[1]]))
"""
"""The ``host`` fixture's resume in a process of its own, for a user's file modes
(``as_a_user``): what it listened on and served is printed."""


def test_another_users_log_in_a_shared_folder_resumes_where_it_may_be_written(
        tmp_path, monkeypatch):
    """A log another user left writable by all (0666) in a folder all may use: the resume
    made both private, which only their owner may, and stopped on a PermissionError
    traceback. It resumes now, and leaves their modes as their owner set them."""
    monkeypatch.setenv("BHTUI_CODE", CODE)
    shared = tmp_path / "shared"
    shared.mkdir()
    path = write_log(shared / "t.bhlog", hosted_header())
    for mine, mode in ((path, 0o666), (shared, 0o777)):
        mine.chmod(mode)
        os.chown(mine, NOBODY, -1) if os.geteuid() == 0 else pytest.skip(
            "only root gives a file to another user")
    done = as_a_user(RESUMED.replace("sys.argv[1]", repr(str(path))))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"listened {LOOPBACK} 7601",
                                        f"served {hosted_header()['name']}"], done.stdout
    assert (stat.S_IMODE(path.stat().st_mode), stat.S_IMODE(shared.stat().st_mode)) == \
        (0o666, 0o777)


def test_a_log_that_cannot_be_written_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("BHTUI_CODE", CODE)
    path = write_log(tmp_path / "t.bhlog", hosted_header())
    path.chmod(0o444)
    before = as_it_is(path)
    done = as_a_user(RESUMED.replace("sys.argv[1]", repr(str(path))))
    assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"bhtui: cannot resume {path}: "), lines
    assert "cannot write" in lines[0] and as_it_is(path) == before


def test_a_new_tables_name_is_cleaned_so_that_its_log_resumes(tmp_path, host, cli):
    """The log keeps a new table's name and a resume shows it to everyone: --name is cleaned
    as the wire shows it (an escape sequence reached the log whole), and resumes so."""
    made = cli("host", "--headless", "--no-advertise", "--name", "\x1b[2J\x07Ana\tand Bo",
               "--bind", LOOPBACK, "--port", "7601", "--code", CODE)
    assert made.returncode == 0, made.stderr
    (table,) = host.served
    assert table.name == "Ana and Bo"
    table.address = (LOOPBACK, 7601)  # where serve_table would have put it
    log = GameLog(tmp_path / "t.bhlog")
    log.start(table.header())  # as the table writes it when the match starts
    log.close()
    resumed = host(log.path, "--code", CODE)
    assert resumed.returncode == 0, resumed.stderr
    assert host.served[0].name == "Ana and Bo"


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats()
    | st.text(max_size=300) | st.binary(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)
_FIELDS = ["door", "door.bind", "door.port", "door.code", "name", "id", "seed", "rounds",
           "preset", "options", "rules_version", "game", "seats"]


@settings(FAST, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(_FIELDS), value=_VALUES | st.just(DROPPED), code=st.booleans())
def test_any_value_of_any_header_field_is_refused_in_one_line_or_opens_a_sound_door(
        tmp_path, host, monkeypatch, field, value, code):
    """Whatever one field holds (or when it is left out): refused — one line, exit 2, no
    socket, the file as it was — or served on a real address and port, named as the wire
    may show it, and with no join code only where the log's door says plainly that the
    table had none. No traceback (an exception fails this outright)."""
    if code:
        monkeypatch.setenv("BHTUI_CODE", CODE)
    else:
        monkeypatch.delenv("BHTUI_CODE", raising=False)
    top, _, inner = field.partition(".")
    header = hosted_header(**({"door": {k: v for k, v in {**DOOR, inner: value}.items()
                                        if v is not DROPPED}} if inner else {top: value}))
    path = write_log(tmp_path / "t.bhlog", header)
    before = as_it_is(path)
    done = host(path)
    if done.returncode == 2:
        event("refused")
        assert_refused(done, path, before, "", host)
        return
    event("served")
    assert done.returncode == 0, done.stderr
    ((bind, port),) = host.listened
    (table,) = host.served
    assert isinstance(bind, str) and bind.isprintable() and type(port) is int
    assert 0 <= port <= 65535
    assert table.name.strip() and not any(unicodedata.category(c)[0] == "C"
                                          or c in "\u2028\u2029" for c in table.name)
    door = header.get("door")
    assert table.guard is not None or (isinstance(door, dict) and door.get("code") is False)


def test_resume_without_a_file_passes_over_games_against_bots_to_the_newest_table(
        host, cli, monkeypatch):
    """A game against bots has no door, so it is refused as a LAN table; `host --resume`
    took the newest log whatever it was, and a host who had played one since his table went
    down was refused. It now takes the newest log of a table served, as a host means."""
    from bhtui.store.gamelog import games_dir
    from bhtui.store.private import private_dir

    monkeypatch.setenv("BHTUI_CODE", CODE)
    folder = games_dir()
    private_dir(folder)
    served = write_log(folder / "20261205-200000-Friday.bhlog", hosted_header())
    bots = hosted_header(door=DROPPED, name="local")
    write_log(folder / "20261205-210000-local.bhlog", bots)
    done = cli("host", "--headless", "--no-advertise", "--resume")
    assert done.returncode == 0, done.stderr
    assert host.listened == [(LOOPBACK, 7601)] and len(host.served) == 1
    assert host.served[0].log is not None and host.served[0].log.path == served
    (folder / served.name).unlink()
    done = cli("host", "--headless", "--no-advertise", "--resume")
    assert done.returncode == 2 and "no game log of a table to resume" in done.stderr


def test_resume_without_a_file_passes_over_a_damaged_log_to_the_newest_readable_table(
        host, cli, monkeypatch):
    """The newest log damaged (garbage over its header), `host --resume` stopped at it
    ("damaged record at byte 10") and never reached the table before it. It resumes that
    one now, says in one line which log it passed over, and leaves that log as it was."""
    from bhtui.store.gamelog import games_dir
    from bhtui.store.private import private_dir

    monkeypatch.setenv("BHTUI_CODE", CODE)
    folder = games_dir()
    private_dir(folder)
    served = write_log(folder / "20261205-200000-Friday.bhlog", hosted_header())
    data = bytearray(served.read_bytes())
    data[30:60] = b"\xff" * 30
    damaged = folder / "20261205-220000-Friday.bhlog"
    damaged.write_bytes(bytes(data))
    before = as_it_is(damaged)
    done = cli("host", "--headless", "--no-advertise", "--resume")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"bhtui: skipped {damaged}, a newer save that cannot be read: damaged record at byte 10")
    assert host.served[0].log is not None and host.served[0].log.path == served
    assert as_it_is(damaged) == before


@pytest.mark.parametrize("logged, resumed", [
    ("\x1b[31mTable\x07", "Table"),
    ("\x1b[2J\u202eAna\tand Bo ", "Ana and Bo"),
    ("x" * 41, "x" * 40),
    ("\x07 ", UNNAMED),
], ids=repr)
def test_an_older_log_s_name_with_control_characters_resumes_cleaned(
        tmp_path, host, monkeypatch, logged, resumed):
    """A bhtui before cb862d5 logged --name as it was typed, escape sequences and all, and
    `host --resume` then refused the log whole: the table could not be opened again. The
    name is cleaned as a new table's is — control characters out, cut to 40, the table's
    default when nothing is left — and the table resumes under it, which everyone's screen
    and the lobby show."""
    monkeypatch.setenv("BHTUI_CODE", CODE)
    path = write_log(tmp_path / "t.bhlog", hosted_header(name=logged))
    done = host(path)
    assert done.returncode == 0, done.stderr
    (table,) = host.served
    assert table.name == resumed and table.room()["table"] == resumed


def test_a_logged_seat_name_with_control_characters_resumes_cleaned(tmp_path, host,
                                                                   monkeypatch):
    """The seats' names a log holds came cleaned from each hello, but a log is a file anyone
    may hand over: resumed as it was, a seat named with escape sequences reached the host's
    screen and every view. It is cleaned as a hello's name is (cut to MAX_NAME), and a
    name with nothing left is the seat's number."""
    from bhtui.net.protocol import MAX_NAME

    monkeypatch.setenv("BHTUI_CODE", CODE)
    header = hosted_header()
    seats = [dict(s) for s in header["seats"]]
    seats[0]["name"] = "\x1b[2J\u202eAna\x07"
    seats[1]["name"] = "\x1b"
    seats[2]["name"] = "y" * 100
    path = write_log(tmp_path / "t.bhlog", {**header, "seats": seats})
    done = host(path)
    assert done.returncode == 0, done.stderr
    (table,) = host.served
    assert [s.name for s in table.seats[:3]] == ["Ana", "Seat 1", "y" * MAX_NAME]
