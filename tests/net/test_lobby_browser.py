"""The lobby's Browser against a LAN where anyone may advertise: what it keeps of the tables
advertised, how often it tells the screen, and which advertisements it cannot list. Fed the
tables as zeroconf resolves them (no multicast in the test process)."""

from __future__ import annotations

import asyncio
import dataclasses
from types import SimpleNamespace

from zeroconf import ServiceStateChange

from bhtui.net import lobby
from bhtui.net.lobby import MAX_TABLES, Browser, TableInfo, table_info

from loopback import settle


def advertised(i: int, seats: int = 1) -> TableInfo:
    info = table_info(f"t{i}._bhtui._tcp.local.", {b"table": f"table {i}".encode(),
                                                   b"seats": str(seats).encode(), b"size": b"5"},
                      ["10.0.0.5"], 7474)
    assert info is not None
    return info


class Told:
    """What the browser told its screen, each time (a copy: the browser's dict lives on)."""

    def __init__(self) -> None:
        self.calls: list[dict[str, TableInfo]] = []
        self.event = asyncio.Event()

    def __call__(self, tables: dict[str, TableInfo]) -> None:
        self.calls.append(dict(tables))
        self.event.set()

    async def next(self) -> dict[str, TableInfo]:
        await asyncio.wait_for(self.event.wait(), 5)
        self.event.clear()
        return self.calls[-1]


async def test_a_flood_of_advertisements_is_kept_to_a_bounded_list_told_at_once():
    """A thousand advertisements (anyone on the LAN can send them) were a thousand tables,
    the whole list redrawn as each came: a core busy for minutes, the keys unanswered."""
    told = Told()
    browser = Browser(told)
    for i in range(1000):
        browser.keep(advertised(i))
    tables = await told.next()
    assert len(told.calls) == 1  # the burst, told once
    assert len(tables) == len(browser.tables) == MAX_TABLES
    assert browser.left_out  # the lobby says some were left out
    browser.keep(advertised(5, seats=2))  # a listed table still changes
    assert (await told.next())[advertised(5).key].seats == 2


async def test_the_note_of_tables_left_out_goes_once_the_flood_is_over():
    """The lobby said "the rest are left out" for as long as it ran, the flood that filled
    it long gone. It says so while a table advertised is not listed, and the screen is told
    when none is any more."""
    told = Told()
    browser = Browser(told)
    for i in range(1000):
        browser.keep(advertised(i))
    await told.next()
    left = [key for key in (advertised(i).key for i in range(1000)) if key not in browser.tables]
    assert browser.left_out and len(left) == 1000 - MAX_TABLES
    for key in left[:-1]:  # the flood's advertisements go (a goodbye, or their time is up)
        browser.forget(key)
    assert browser.left_out  # one is still advertised, and not listed
    browser.forget(left[-1])
    assert not browser.left_out
    assert len(await told.next()) == MAX_TABLES and len(told.calls) == 2


async def test_an_advertiser_changing_its_records_over_and_over_is_told_once_with_the_last():
    told = Told()
    browser = Browser(told)
    for seats in [1, 2, 3, 4] * 50:
        browser.keep(advertised(0, seats))
    assert [info.seats for info in (await told.next()).values()] == [4]
    browser.keep(advertised(0, 4))  # the same records again: nothing to redraw
    browser.keep(advertised(1))
    assert sorted(await told.next()) == sorted([advertised(0).key, advertised(1).key])
    assert len(told.calls) == 2


def test_an_advertisement_with_impossible_numbers_is_not_listed():
    """``seats=-3``, ``size=0`` showed as "-3/0" in the lobby."""
    def txt(**fields: str) -> TableInfo | None:
        return table_info("t._bhtui._tcp.local.", {k.encode(): v.encode() for k, v in fields.items()},
                          ["10.0.0.5"], 7474)

    for bad in ({"seats": "-3", "size": "0"}, {"seats": "1", "size": "0"},
                {"seats": "6", "size": "5"}, {"seats": "1", "size": "99"},
                {"seats": "+1"}, {"seats": " 1"}, {"seats": "١"}, {"spectators": "-1"},
                {"seats": "1_0", "size": "5"}):
        assert txt(**bad) is None, bad
    listed = txt(seats="3", size="3", spectators="2", table="Friday")
    assert listed is not None and (listed.seats, listed.size, listed.spectators) == (3, 3, 2)
    older = txt()  # a host from before the seats were advertised
    assert older is not None and (older.seats, older.size) == (0, 5)


def test_whether_a_table_plays_is_read_and_hostile_words_for_it_are_not():
    """The lobby showed nothing of whether a table waits or plays: it is advertised now
    (``state``, ``round``), read only as the words and digits it may be."""
    def txt(**fields: str) -> TableInfo:
        info = table_info("t._bhtui._tcp.local.",
                          {k.encode(): v.encode() for k, v in fields.items()}, ["10.0.0.5"], 7474)
        assert info is not None, fields
        return info

    assert (txt(state="waiting").state, txt(state="waiting").round) == ("waiting", None)
    assert (txt(state="playing", round="3").state, txt(state="playing", round="3").round) \
        == ("playing", 3)
    assert txt(state="over", round="3").round is None
    assert txt(state="playing\x1b[2J").state == "playing"  # (the sequence out, whole)
    for bad in ({"state": "playing[2J"}, {"state": "PLAYING"}, {"state": "x" * 500}):
        assert txt(**bad).state is None, bad
    for bad in ("-1", "0", "1e9", "999999999", " 2", "٣"):
        listed = txt(state="playing", round=bad)
        assert (listed.state, listed.round) == ("playing", None), bad
    assert (txt().state, txt().round) == (None, None)  # a host from before


async def test_the_lobby_advertises_whether_the_table_waits_or_plays_which_round():
    from bhtui.net.host import Table
    from bhtui.net.lobby import Advertiser
    from bhtui.rules import PRESETS

    table = Table(PRESETS["qingdao"], seed=1)
    advertiser = Advertiser(table, 7400)
    assert advertiser._properties()["state"] == "waiting"
    assert "round" not in advertiser._properties()
    table.start()
    assert (advertiser._properties()["state"], advertiser._properties()["round"]) \
        == ("playing", "1")


class Answers:
    """zeroconf's answer to the lobby's question about a table, from the names still
    advertised (``ADVERTISED``): no multicast in the test process, so the browser's own
    asking, keeping and making room run against these records."""

    ADVERTISED: set[str] = set()

    def __init__(self, service_type: str, name: str) -> None:
        self.name, self.port = name, 7474
        self.properties = {b"table": name.encode(), b"seats": b"1", b"size": b"5"}

    async def async_request(self, zeroconf: object, timeout: int) -> bool:
        return self.name in Answers.ADVERTISED

    def parsed_addresses(self, version: object) -> list[str]:
        return ["10.0.0.5"]

    def parsed_scoped_addresses(self, version: object) -> list[str]:
        return []  # (no IPv6 address: the IPv4 one is all there is)


async def test_a_table_left_out_is_listed_once_a_listed_one_goes(monkeypatch):
    """A table turned away while the lobby was full stayed unlisted for good, though a listed
    one left: a friend's table, advertised during a flood, never showed. A place coming free
    asks about one left out, and lists it."""
    monkeypatch.setattr(lobby, "AsyncServiceInfo", Answers)
    browser = Browser(Told())
    browser._zc = SimpleNamespace(zeroconf=None)  # (started, as far as asking goes)
    names = [f"t{i}._bhtui._tcp.local." for i in range(MAX_TABLES + 3)]
    Answers.ADVERTISED = set(names)
    for name in names:
        browser._on_event(None, lobby.SERVICE, name, ServiceStateChange.Added)
    await settle(lambda: len(browser.tables) == MAX_TABLES and not browser._resolving)
    assert browser.left_out
    left = set(names) - set(browser.tables)
    gone = next(iter(browser.tables))
    Answers.ADVERTISED.discard(gone)
    browser._on_event(None, lobby.SERVICE, gone, ServiceStateChange.Removed)
    await settle(lambda: len(browser.tables) == MAX_TABLES and not browser._resolving)
    assert gone not in browser.tables and len(left - set(browser.tables)) == 2
    assert browser.left_out
    browser._zc = None


class SlowAnswers(Answers):
    """Answers that come only once ``GATE`` opens: a table says goodbye while it is asked
    about."""

    GATE = asyncio.Event()

    async def async_request(self, zeroconf: object, timeout: int) -> bool:
        await SlowAnswers.GATE.wait()
        return True  # (zeroconf's cache may still answer with the records it had)


async def test_a_table_gone_while_it_is_asked_about_is_not_listed(monkeypatch):
    """A goodbye that came while the lobby asked for the table's records was followed by the
    answer, and the lobby listed a table that had gone, for good."""
    monkeypatch.setattr(lobby, "AsyncServiceInfo", SlowAnswers)
    SlowAnswers.GATE = asyncio.Event()
    browser = Browser(Told())
    browser._zc = SimpleNamespace(zeroconf=None)  # (started, as far as asking goes)
    name = "t1._bhtui._tcp.local."
    browser._on_event(None, lobby.SERVICE, name, ServiceStateChange.Added)
    browser._on_event(None, lobby.SERVICE, name, ServiceStateChange.Removed)
    SlowAnswers.GATE.set()
    await settle(lambda: not browser._resolving)
    assert browser.tables == {}
    browser._zc = None


async def test_a_table_that_refuses_connections_is_no_longer_listed_after_a_check(capsys):
    """A host whose goodbye never came (lost, or the host killed) stayed listed for as long
    as its records lived; a check drops it, and keeps the table that answers — whose host
    hears a connection dropped before its TLS, and says nothing of it."""
    import socket

    from bhtui.net.host import Table
    from bhtui.net.serve import start_serving
    from bhtui.net.tcp import listen_socket
    from bhtui.rules import PRESETS

    serving = await start_serving(Table(PRESETS["qingdao"], seed=1),
                                  listen_socket("127.0.0.1", 0), advertise=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]  # nothing listens there once closed
    told = Told()
    browser = Browser(told)
    live = dataclasses.replace(advertised(1), host="127.0.0.1", port=serving.port)
    gone = dataclasses.replace(advertised(2), host="127.0.0.1", port=closed)
    browser.keep(live)
    browser.keep(gone)
    assert set(await told.next()) == {live.key, gone.key}
    await browser.check()
    assert set(await told.next()) == {live.key}
    assert serving.table.seats_taken() == 0 and not serving.table.viewers
    await serving.stop()
    assert capsys.readouterr().err == ""
