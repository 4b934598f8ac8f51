"""`bhtui serve-web` on loopback, driven by a real headless Chromium (Debian's, through
Playwright): the demo in a page, a LAN table's seats for two tabs and a watcher, the session
cap; and, without a browser, what a hostile page may send."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

import aiohttp
import pytest

from bhtui.bots import make_bot
from bhtui.cards import RANK_NAMES
from bhtui.net.gate import (
    BUSY,
    INPUT_BURST,
    INPUT_RATE,
    MAX_COLUMNS,
    MAX_ROWS,
    OWN_FILES,
    escaped,
)
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.webd import (
    SESSION_FILES,
    TURNED_AWAY,
    UNKNOWN_HOST,
    VISITOR_COOKIE,
    WAITING,
    start_web,
)

from door_helpers import Clock, CountedBudget, door_within, flood, held_below
from loopback import free_port, settle
from net_helpers import HANG, alive, runs_below_me

CHROMIUM = "/usr/bin/chromium"
# Chromium as root, with nothing reaching out of the machine (.ci/run installs Debian's).
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
# textual.js keeps its xterm.js terminal to itself (`this.terminal = new Terminal(...)`):
# catch it as it is set, so the test reads the screen from xterm's own buffer.
CATCH_TERMINAL = """Object.defineProperty(Object.prototype, "terminal", {configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    if (value && value.buffer) window.bhtuiTerminal = value;
  }});"""
SCREEN = """() => { const t = window.bhtuiTerminal; if (!t) return "";
  const rows = []; for (let y = 0; y < t.rows; y++)
    rows.push(t.buffer.active.getLine(y).translateToString(true));
  return rows.join("\\n"); }"""
KILL_GRACE = 2 * HANG  # an app must end on textual-serve's "quit": a SIGKILL would hang here


@pytest.fixture
async def browser(tmp_path):
    """A headless Chromium; skipped, with the reason printed, where it cannot run."""
    playwright_api = pytest.importorskip("playwright.async_api")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no {CHROMIUM}: apt-get install chromium (as .ci/run does)")
    async with playwright_api.async_playwright() as playwright:
        try:
            context = await playwright.chromium.launch_persistent_context(
                str(tmp_path / "chromium"), executable_path=CHROMIUM, args=CHROMIUM_FLAGS,
                viewport={"width": 1100, "height": 640}, headless=True)
        except Exception as exc:  # a browser that cannot start here: say why
            print(f"chromium cannot run here: {exc}")
            pytest.skip(f"chromium cannot run here: {str(exc).splitlines()[0]}")
        await context.add_init_script(CATCH_TERMINAL)
        yield context
        await context.close()


@contextlib.asynccontextmanager
async def serving(command: list[str], **options):
    """serve-web in this process on 127.0.0.1: the door and its address."""
    runner, door, port = await start_web(command, "127.0.0.1", 0, kill_grace=KILL_GRACE,
                                         **options)
    try:
        yield door, f"http://127.0.0.1:{port}/"
    finally:
        await runner.cleanup()
        await door.stop_all()


async def screen_with(page, text: str, limit: float = 60.0) -> str:
    """The page's terminal once it shows ``text`` (fails with what it showed)."""
    seen = ""

    async def look() -> None:
        nonlocal seen
        while text not in (seen := await page.evaluate(SCREEN)):
            await asyncio.sleep(0.1)
    try:
        await asyncio.wait_for(look(), limit)
    except TimeoutError:
        raise AssertionError(f"no {text!r} within {limit} s:\n{seen}") from None
    return seen


async def opened(browser, url: str):
    """A new tab on ``url``, its keys going to the page's terminal (as after a click)."""
    page = await browser.new_page()
    await page.goto(url)
    await page.focus(".xterm-helper-textarea")
    return page


async def test_the_demo_in_a_browser_turns_its_page_and_its_app_ends_with_its_tab(browser):
    async with serving(["demo"]) as (door, url):
        page = await opened(browser, url)
        await screen_with(page, "1 · Cards and their order")
        (session,) = door.live
        pid = session.pid
        await page.keyboard.press("PageDown")
        await screen_with(page, "2 · ")
        await page.close()
        await settle(lambda: not door.live and not alive(pid))


def hand_units(screen: str) -> Counter[str]:
    """The ranks and counts in the hand box of a screen (``8×5`` is five 8s)."""
    box = screen.split("Your hand", 1)[1].split("╚", 1)[0] if "Your hand" in screen else ""
    return Counter({rank: int(n) for rank, n in re.findall(r"(\w+)×(\d+)", box)})


def seat_units(table: Table, seat: int) -> Counter[str]:
    counts = table.match.round.rc[seat]
    return Counter({RANK_NAMES[r]: n for r, n in enumerate(counts) if n})


async def test_two_tabs_take_two_seats_of_a_lan_table_and_a_watcher_sees_no_hand(
        browser, tmp_path):
    """Each visitor is his own person (issue 13.5 for the web door): the name asked first,
    his own seat token, only his own hand; a watcher sees no hand at all. (Each tab is
    another browser here, its cookies cleared: a browser's tabs are one visitor, whose
    seat follows him to his newest tab.) The screenshot of the first tab's table is kept
    in the test's tmp dir."""
    seats = [Seat(), Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                for i in range(2, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=5, rounds=1, bot_delay=0.0)
    host = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)  # what `bhtui host --headless` does
    try:
        async with serving(["menu", f"127.0.0.1:{host.port}"]) as (door, url):
            pages = []
            for name in ("Ana", "Bo", None):
                await browser.clear_cookies()
                page = await opened(browser, url)
                await screen_with(page, "Your name at the table")
                await page.keyboard.type(name or "Cy")
                await page.keyboard.press("Enter")
                await screen_with(page, "take a seat")
                if name is not None:
                    await page.keyboard.press("ArrowDown")
                await page.keyboard.press("Enter")
                pages.append(page)
                if name is not None:
                    await settle(lambda: sum(1 for s in table.seats if s.conn) == len(pages))
            await settle(lambda: table.started)
            screens = [await screen_with(page, "Round 1") for page in pages]
            names = [s.name for s in table.seats[:2]]
            assert sorted(names) == ["Ana", "Bo"]
            for page, name in zip(pages[:2], ("Ana", "Bo"), strict=True):
                seat = names.index(name)
                screen = await screen_with(page, "Your hand")
                assert hand_units(screen) == seat_units(table, seat)
                assert hand_units(screen) != seat_units(table, 1 - seat)
            assert "Your hand" not in screens[2] and not hand_units(screens[2])
            shot = tmp_path / "table-in-chromium.png"
            await pages[0].screenshot(path=str(shot))
            print(f"screenshot: {shot}")
            pids = [s.pid for s in door.live]
            for page in pages:
                await page.close()
            await settle(lambda: not door.live and not any(map(alive, pids)))
    finally:
        await host.stop()


@contextlib.asynccontextmanager
async def one_seat_table():
    """A LAN table of one free seat and four bots slow to play, and serve-web offering it:
    the table, the door and its address."""
    table = Table(PRESETS["qingdao"], [Seat()] + [
        Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(1, 5)],
        seed=5, rounds=1, bot_delay=30.0)
    host = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    try:
        async with serving(["menu", f"127.0.0.1:{host.port}"]) as (door, url):
            yield table, door, url
    finally:
        await host.stop()


async def sit_down(page, name: str, shown: str) -> str:
    """Type ``name`` in a tab's table menu and take a seat: its screen once it shows
    ``shown``."""
    await screen_with(page, "Your name at the table")
    await page.keyboard.type(name)
    await page.keyboard.press("Enter")
    await screen_with(page, "take a seat")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    return await screen_with(page, shown)


async def test_a_reloaded_tab_takes_its_seat_back_and_another_browser_does_not(browser):
    """QA: a web visitor whose tab reloaded (or whose link dropped) came back to "no free
    seat at this table; you can watch", a bot playing his seat to the end: its token went
    with his tab's folder. The door now knows his browser again by its cookie and keeps
    his seat's token for it, as the SSH door does for a key; a browser without that
    cookie is someone else. His name is kept too: Enter is all he types in the menu."""
    async with one_seat_table() as (table, door, url):
        page = await opened(browser, url)
        await sit_down(page, "Ana", "Waiting room")
        table.start()
        hand = hand_units(await screen_with(page, "Your hand"))
        assert hand == seat_units(table, 0)
        await page.reload()
        await page.focus(".xterm-helper-textarea")
        assert hand_units(await sit_down(page, "", "Your hand")) == hand  # (name kept)
        assert table.seats[0].name == "Ana"
        await page.close()
        await settle(lambda: table.seats[0].conn is None and not door.live)
        await browser.clear_cookies()  # another browser, as far as the door can tell
        stranger = await opened(browser, url)
        assert "no free seat" in await sit_down(stranger, "Ana", "Could not join")


async def test_a_tab_beyond_max_sessions_is_told_the_server_is_full_the_others_go_on(browser):
    async with serving(["demo"], max_sessions=2, per_address=2) as (door, url):
        pages = [await opened(browser, url) for _ in range(2)]
        for page in pages:
            await screen_with(page, "Cards and their order")
        extra = await browser.new_page()
        response = await extra.goto(url)
        assert response.status == 503
        assert "the server is full (2 sessions)" in await extra.inner_text("body")
        assert len(door.live) == 2
        for page in pages:
            await page.keyboard.press("PageDown")
            await screen_with(page, "2 · ")


async def test_a_tabs_app_runs_below_the_doors_priority():
    """No browser: the app a page opens runs VISITOR_NICENESS below the door, so a
    visitor's analysis never slows the server or a table hosted beside it."""
    async with serving(["demo"]) as (door, url), aiohttp.ClientSession() as http:
        async with http.ws_connect(url.replace("http", "ws") + "ws"):
            (session,) = door.live
            await settle(lambda: session.pid is not None)
            assert runs_below_me(session.pid)


@pytest.mark.parametrize(("accepted", "lang", "words"), [
    ("", "en", ("Start", "Session ended.", "Restart")),
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh", ("开始", "会话已结束。", "重新开始")),
])
async def test_the_page_has_a_title_and_its_words_in_the_visitors_language(
        accepted, lang, words):
    """QA: the page had no <title> (a tab read its address), and a Chinese visitor read
    "Start", "Session ended." and "Restart"."""
    async with serving(["demo"]) as (_, url), aiohttp.ClientSession() as http:
        async with http.get(url, headers={"Accept-Language": accepted}) as page:
            body = await page.text()
    assert "<title>bhtui</title>" in body and f'<html lang="{lang}">' in body
    start, ended, restart = words
    assert f'id="start">{start}</button>' in body
    assert f'<div class="message">{ended}</div>' in body
    assert f'onClick="refresh()">{restart}</button>' in body


async def test_a_hostile_page_reaches_no_command_and_no_size_beyond_a_screen(caplog):
    """No browser: a websocket that claims a 65535-square window, sends junk (a list nested
    5000 deep raised RecursionError, which tore the session down with a traceback), an
    escape for the host's terminal, a key for the app and another site's Origin."""
    async with serving(["demo"]) as (door, url), aiohttp.ClientSession() as http:
        ws_url = url.replace("http", "ws") + "ws"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(ws_url, headers={"Origin": "http://elsewhere.example"})
        assert refused.value.status == 403 and not door.live
        async with http.ws_connect(ws_url + "?width=65535&height=65535") as ws:
            (session,) = door.live
            await settle(lambda: session.pid is not None)
            environ = open(f"/proc/{session.pid}/environ", "rb").read().split(b"\0")
            assert f"COLUMNS={MAX_COLUMNS}".encode() in environ
            assert f"ROWS={MAX_ROWS}".encode() in environ
            with open(f"/proc/{session.pid}/cmdline", "rb") as cmdline:
                assert cmdline.read().split(b"\0")[:4] == [sys.executable.encode(), b"-m",
                                                           b"bhtui", b"demo"]
            for junk in ("{", "[]", "7", '["stdin", 3]', '["resize", {"width": "9e9"}]',
                         '["resize", {"width": 99999, "height": 99999}]', '["exec", "ls"]',
                         '["stdin", "\\ud800"]', json.dumps(["ping", "x" * 5000]),
                         "[" * 5000 + "]" * 5000):
                await ws.send_str(junk)
            await ws.send_str(json.dumps(["ping", "1"]))
            seen = b""
            while b"Cards and their order" not in seen:
                message = await asyncio.wait_for(ws.receive(), HANG)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
            assert alive(session.pid) and door.live == {session}
    assert "\x1b" not in escaped("name\x1b]0;owned\x07 here\n") and not door.live
    assert not [record for record in caplog.records if record.exc_info]  # no server error


def hosts_for(port: int, *names: str) -> list[str]:
    """Host headers for ``names``, as a browser sends them: with the port and without."""
    return [host for name in names for host in (f"{name}:{port}", name)]


async def test_a_page_under_a_name_not_the_servers_is_refused_as_dns_rebinding_would_use_it():
    """Found by a hostile pass: any Host was taken, and the Origin compared with it, so a
    page of evil.example whose name was made to point at the door (DNS rebinding) was of the
    same origin: it read the screen (and with --table could seat the visitor). Now a Host
    must be an IP address, localhost, the machine's host name (or its .local form) or the
    --public-url's; the page and its websocket under any other name are refused."""
    async with serving(["demo"], public_url=None) as (door, url), \
            aiohttp.ClientSession() as http:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        for host in hosts_for(port, "evil.example", "127.0.0.1.evil.example", "local"):
            async with http.get(url, headers={"Host": host}) as page:
                assert (page.status, await page.text()) == (403, UNKNOWN_HOST), host
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url + "ws", headers={"Host": host,
                                                          "Origin": f"http://{host}"})
            assert refused.value.status == 403 and not door.live
        short = socket.gethostname().split(".")[0]
        for host in hosts_for(port, "127.0.0.1", "192.168.1.20", "[::1]", "localhost",
                              "LocalHost.", socket.gethostname(), f"{short}.local"):
            async with http.get(url, headers={"Host": host}) as page:
                assert page.status == 200 and f"ws://{host}/ws" in await page.text(), host
        host = f"localhost:{port}"
        async with http.ws_connect(url + "ws", headers={"Host": host,
                                                       "Origin": f"http://{host}"}):
            await settle(lambda: len(door.live) == 1)


async def test_a_name_given_as_the_public_url_is_served():
    """A LAN name other than the machine's own (the router's DNS, a proxy) is served once
    the door is told it by --public-url."""
    async with serving(["demo"], public_url="http://cards.example:8080") as (door, url), \
            aiohttp.ClientSession() as http:
        async with http.get(url, headers={"Host": "cards.example:8080"}) as page:
            assert page.status == 200
        async with http.get(url, headers={"Host": "evil.example:8080"}) as page:
            assert page.status == 403


def test_serve_web_on_the_command_line_serves_the_page_and_stops_on_sigterm(tmp_path):
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "serve-web", "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        import urllib.request

        with urllib.request.urlopen(found.group(0), timeout=HANG) as page:
            body = page.read()
        assert b"data-session-websocket-url" in body and b"textual.js" in body
        assert b"googleapis" not in body  # (a LAN page waits on nothing beyond the LAN)
    finally:
        server.terminate()
        assert server.wait(HANG) == 0


@pytest.mark.parametrize("options", [{"session_deadline": 0.0}, {"idle_timeout": 0.5}],
                         ids=["no app in time", "idle"])
async def test_a_tab_that_opens_no_app_in_time_or_sits_idle_is_closed_and_its_app_ended(
        options):
    """As serve-ssh's deadline and idle timeout: the door closes the websocket itself, and
    the app started for it is ended (with a deadline of 0 it cannot have drawn in time)."""
    async with serving(["demo"], **options) as (door, url), aiohttp.ClientSession() as http:
        async with http.ws_connect(url.replace("http", "ws") + "ws") as ws:
            (session,) = door.live
            await settle(lambda: session.pid is not None or not door.live)
            pid = session.pid
            while (await asyncio.wait_for(ws.receive(), HANG)).type not in (
                    aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                pass
        await settle(lambda: not door.live and (pid is None or not alive(pid)))


async def test_a_request_the_door_cannot_parse_is_said_in_one_line(caplog):
    """A request with no Host header (or a broken one) made aiohttp print a traceback in the
    host's console, one per request: anyone could fill it. The visitor gets his 400 and the
    console one line saying where the bad request came from."""
    caplog.set_level(logging.INFO, "aiohttp.server")
    async with serving(["demo"]) as (door, url):
        port = int(url.rsplit(":", 1)[1].strip("/"))
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\n\r\n")
        assert b" 400 " in await reader.readline()
        writer.close()
        await settle(lambda: any(r.name == "aiohttp.server" for r in caplog.records))
    said = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert [r.exc_info for r in said] == [None]
    assert "bad request (Missing 'Host' header in request.)" in said[0].getMessage()


async def received_until(ws: aiohttp.ClientWebSocketResponse, text: bytes) -> bytes:
    """What a tab's websocket brings until the app has written ``text`` (fails if it ends
    first)."""
    seen = b""
    while text not in seen:
        message = await asyncio.wait_for(ws.receive(), HANG)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), seen[-300:]
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
    return seen


async def seated(http: aiohttp.ClientSession, url: str, cookie: str, shown: bytes) -> bytes:
    """A tab of the table menu whose browser sends ``cookie`` as its visitor id: it types a
    name and takes a seat, and has what its app wrote once it shows ``shown``; then it
    closes."""
    async with http.ws_connect(url.replace("http", "ws") + "ws",
                               headers={"Cookie": f"{VISITOR_COOKIE}={cookie}"}) as ws:
        await received_until(ws, b"Your name at the table")
        await ws.send_str(json.dumps(["stdin", "Ana\r"]))
        await received_until(ws, b"take a seat")
        await ws.send_str(json.dumps(["stdin", "\x1b[B\r"]))  # down, Enter: take a seat
        return await received_until(ws, shown)


async def test_a_cookie_the_door_did_not_give_names_nobody():
    """No browser: the page gives a visitor id in a cookie the page's script cannot read,
    sent back only to this site; a tab that sends it back takes the seat its id holds.
    One whose cookie the door did not give (made up, or the id with another's MAC) takes
    nobody's seat. A page opened by another site's link, to which the browser sends no
    Strict cookie, is given none (it would replace the one holding the seat); behind an
    https --public-url the cookie goes only over TLS."""
    async with one_seat_table() as (table, door, url), aiohttp.ClientSession() as http:
        async with http.get(url) as page:
            given = page.cookies[VISITOR_COOKIE]
        assert (given["httponly"], given["samesite"], given["path"], given["secure"]) == (
            True, "Strict", "/", "")
        async with http.get(url, headers={"Sec-Fetch-Site": "cross-site"}) as page:
            assert VISITOR_COOKIE not in page.cookies  # (one it may hold is withheld: kept)
        await seated(http, url, given.value, b"Waiting room")
        table.start()  # (his tab closed: his seat waits for him)
        await settle(lambda: table.seats[0].conn is None and not door.live)
        forged = given.value[:-1] + ("0" if given.value[-1] != "0" else "1")
        for cookie in (forged, "0" * 64, "Ana"):
            assert b"no free seat" in await seated(http, url, cookie, b"Could not join")
            await settle(lambda: not door.live)
        await seated(http, url, given.value, b"Your hand")
    async with serving(["demo"], public_url="https://cards.example.org") as (_, url), \
            aiohttp.ClientSession() as http, \
            http.get(url, headers={"Host": "cards.example.org"}) as page:
        assert page.cookies[VISITOR_COOKIE]["secure"] is True


async def test_a_tabs_settings_are_its_own_the_hosts_are_never_written():
    """No browser: the web door gave each app XDG_CONFIG_HOME of its own, but a host's
    BHTUI_CONFIG_DIR wins over it, so a tab's ctrl+t wrote the host's settings file. Each
    app's settings folder is now named as such, in its own folder."""
    host_settings = Path(os.environ["BHTUI_CONFIG_DIR"])  # the host's own (conftest's)
    async with serving(["demo"]) as (door, url), aiohttp.ClientSession() as http:
        async with http.ws_connect(url.replace("http", "ws") + "ws") as ws:
            await received_until(ws, b"Cards and their order")
            (session,) = door.live
            await ws.send_str(json.dumps(["stdin", "\x14"]))  # ctrl+t: saved at once
            await received_until(ws, b"Theme: ")
            assert "theme" in (Path(session.home) / "config" / "config.toml").read_text()
    assert not [p for p in host_settings.rglob("*") if p.is_file()]


async def test_a_flood_of_keys_from_a_tab_reaches_the_app_only_as_fast_as_people_type():
    """Found by a hostile pass: 5 MB of keys from a tab took its app to 527 MB, still
    growing after the tab had closed. The door now gives the app a tab's keys only within
    its InputBudget: 4 MB of them in 1 KiB messages leave the app where it was while
    another tab is served, and once the budget has filled again the flooder's own next key
    is answered, with nothing else queued before it."""
    clock = Clock()
    async with serving(["demo"]) as (door, url), aiohttp.ClientSession() as http:
        ws_url = url.replace("http", "ws") + "ws"
        async with http.ws_connect(ws_url) as hog:
            await received_until(hog, b"Cards and their order")
            (flooder,) = door.live
            flooder.keys = keys = CountedBudget(clock)
            pid, message, flood = flooder.pid, "x" * 1024, 4 << 20
            for _ in range(flood // len(message)):
                await hog.send_str(json.dumps(["stdin", message]))
            async with http.ws_connect(ws_url) as other:
                await received_until(other, b"Cards and their order")
                await other.send_str(json.dumps(["stdin", "\x1b[6~"]))  # PageDown
                await received_until(other, "2 · ".encode())
            await settle(lambda: held_below(pid, 150 << 20) and keys.asked == flood)
            clock.now += INPUT_BURST / INPUT_RATE  # the budget is full again
            await hog.send_str(json.dumps(["stdin", "\x1b[6~"]))
            await received_until(hog, "2 · ".encode())
            assert held_below(pid, 150 << 20)


async def test_a_tabs_app_past_its_memory_ceiling_ends_and_the_door_goes_on(monkeypatch):
    """As at the SSH door: whatever grows a tab's app stops at APP_MEMORY (RLIMIT_DATA, set
    before the exec), where the app ends and its tab is closed; other tabs are served. Here
    the ceiling is 160 MiB and the budget unbounded; without a ceiling the app grew on."""
    monkeypatch.setattr("bhtui.net.gate.APP_MEMORY", 160 << 20)
    async with serving(["demo"]) as (door, url), aiohttp.ClientSession() as http:
        ws_url = url.replace("http", "ws") + "ws"
        async with http.ws_connect(ws_url) as hog:
            await received_until(hog, b"Cards and their order")
            (flooder,) = door.live
            flooder.keys = CountedBudget(Clock(), burst=1 << 40)
            pid = flooder.pid

            async def flood() -> None:  # 16 MB: far more than it takes
                for _ in range(16 << 10):
                    await hog.send_str(json.dumps(["stdin", "x" * 1024]))

            flooding = asyncio.create_task(flood())  # (it waits while the app reads)
            try:
                await settle(lambda: held_below(pid, 200 << 20) and not alive(pid))
            finally:
                flooding.cancel()
            await settle(lambda: not door.live)
        async with http.ws_connect(ws_url) as other:
            await received_until(other, b"Cards and their order")
            await other.send_str(json.dumps(["stdin", "\x1b[6~"]))  # PageDown
            await received_until(other, "2 · ".encode())


async def test_idle_connections_beyond_the_doors_room_are_told_it_is_busy_a_visitor_gets_in():
    """Found by a hostile pass: nothing capped the connections that hold no session, and
    1100 that did nothing held a door under a 1024-descriptor limit at it (its log took
    230,000 tracebacks in a minute, a visitor waited 10 to 21 s). The door now keeps WAITING
    of them: the next are answered with a 503 that says why and closed, and once those it
    keeps have sat there a while (the gate's clock is the test's), a visitor pushes out the
    oldest, gets the page and the demo."""
    async with serving(["demo"], session_deadline=HANG) as (door, url), \
            aiohttp.ClientSession() as http:
        clock = Clock()
        door.gate.clock = clock
        port = int(url.rsplit(":", 1)[1].strip("/"))
        idle = [await asyncio.open_connection("127.0.0.1", port,
                                              local_addr=(f"127.0.0.{2 + n % 10}", 0))
                for n in range(WAITING + 16)]  # a keep-alive connection each, asked once:
        answers = [await _answer(reader, writer) for reader, writer in idle]
        assert answers[:WAITING] == [404] * WAITING
        assert answers[WAITING:] == [503] * 16 and all(r.at_eof() for r, _ in idle[WAITING:])
        try:
            clock.now += door.gate.fresh  # the ones at the door have sat there a while
            async with http.get(url) as page:
                assert page.status == 200
            async with http.ws_connect(url.replace("http", "ws") + "ws") as ws:
                await received_until(ws, b"Cards and their order")
            # pushed out (left alone, it would sit there its keep-alive's HANG)
            assert await asyncio.wait_for(idle[0][0].read(), 10) == b""
            assert len(door.gate) <= WAITING
        finally:
            for _, writer in idle:
                writer.close()


async def _answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> int:
    """Ask the door for a page it has not: the status of its answer, read to its end (a
    503 the door's words)."""
    writer.write(b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HANG)).decode()
    length = int(re.search(r"(?i)content-length: *(\d+)", head).group(1))
    body = await reader.readexactly(length)
    status = int(head.split()[1])
    assert status != 503 or body.decode().strip() == BUSY
    return status


async def test_a_door_under_a_low_descriptor_limit_serves_what_it_holds_and_says_so(tmp_path):
    """As at the SSH door: a --max-sessions, and a room for connections without a session,
    beyond what the process's descriptor limit (ulimit -n) holds let a flood from many
    addresses take the door past it: connections hung, and its log took a traceback for each
    accept that failed. It now serves what the limit holds (at most half of it for the
    connections waiting), says so once at start, and answers those beyond with its 503 that
    says why, a tab beyond the sessions with "the server is full"."""
    limit = OWN_FILES + 2 * SESSION_FILES  # one session, and as many connections waiting
    port = free_port()
    door = door_within(limit, "serve-web", "--bind", "127.0.0.1", "--port", str(port),
                       "--max-sessions", "1000",
                       env={"BHTUI_DATA_DIR": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)})
    try:
        told = await flood(port, 100, kept=SESSION_FILES)
        # (nothing: kept waiting, or pushed out for a newcomer once no longer fresh)
        assert set(told) == {TURNED_AWAY, b""} and BUSY.encode() in TURNED_AWAY
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"ws://127.0.0.1:{port}/ws") as ws:
                await received_until(ws, b"Cards and their order")
                async with http.ws_connect(f"ws://127.0.0.1:{port}/ws") as other:
                    await received_until(other, b"the server is full (1 ")
    finally:
        door.terminate()
        _, errors = door.communicate(timeout=HANG)
    assert errors.splitlines()[0] == (
        f"bhtui web: --max-sessions 1000 lowered to 1 and the connections kept waiting for "
        f"a session from {WAITING} to {SESSION_FILES}: all that {limit} open files (ulimit -n) "
        "hold; raise that limit for more")
    assert "Traceback" not in errors and "out of system resource" not in errors, errors
