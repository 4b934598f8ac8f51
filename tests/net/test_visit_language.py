"""A door's visitor reads bhtui in his language: the one his SSH client's locale (or his
browser) names from the start, and the one he picks in F2 at once — a visit has no next
start, and the settings screen promised one."""

from __future__ import annotations

import asyncio
import codecs

import asyncssh
import pytest
from test_web import CATCH_TERMINAL, CHROMIUM, CHROMIUM_FLAGS, screen_with, serving

from bhtui import sshd, webd
from bhtui.sshd import load_or_create_host_key, start_ssh

from door_helpers import KEYLESS
from net_helpers import HANG

F2, DOWN, RIGHT, SAVE, PAGE_DOWN = b"\x1bOQ", b"\x1b[B", b"\x1b[C", b"\x13", b"\x1b[6~"


@pytest.fixture
async def served(tmp_path):
    """serve-ssh's demo in this process: its port and state."""
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2,
                                 idle_timeout=60, session_deadline=HANG)
    yield srv.sockets[0].getsockname()[1], state
    srv.close()
    await srv.wait_closed()
    await state.stop_all()


@pytest.fixture
def door(served):
    """serve-ssh's demo in this process: its port."""
    return served[0]


class Screen:
    """What a visit's terminal was sent, as text (a character split between two reads is
    decoded whole)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process, self.seen = process, ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    async def shows(self, *texts: str, limit: float = 20.0) -> str:
        """Read until each of ``texts`` is drawn; what was drawn from the last call on."""
        start = len(self.seen)

        async def read() -> None:
            while any(text not in self.seen[start:] for text in texts):
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    raise AssertionError(f"closed before {texts}: {self.seen[-300:]!r}")
                self.seen += self._decoder.decode(chunk)
        try:
            await asyncio.wait_for(read(), limit)
        except TimeoutError:
            raise AssertionError(f"no {texts} within {limit} s: {self.seen[-600:]!r}") from None
        return self.seen[start:]


async def visit(port: int, **env: str) -> tuple[asyncssh.SSHClientConnection, Screen]:
    conn = await asyncssh.connect("127.0.0.1", port, **KEYLESS)
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None, env=env)
    return conn, Screen(process)


async def test_a_visitor_who_picks_chinese_in_f2_reads_it_at_once_at_his_chapter(door):
    """QA: F2 said "Language (next start): Chinese", and a visit has no next start — saved,
    the demo stayed English. Now the label promises nothing, and the demo is drawn again in
    Chinese at once, at the chapter he was reading."""
    conn, screen = await visit(door)
    async with conn:
        await screen.shows("1 · Cards and their order")
        screen.process.stdin.write(PAGE_DOWN)
        await screen.shows("2 · Sets, and what beats what")
        screen.process.stdin.write(F2)
        dialog = await screen.shows("Settings (kept for this visit)", "Language: English")
        assert "Language (next start)" not in dialog
        screen.process.stdin.write(DOWN + RIGHT)  # the language, the next one: Chinese
        await screen.shows("Language: Chinese")
        screen.process.stdin.write(SAVE)
        await screen.shows("2 · 一套牌与压牌")
        screen.process.stdin.write(F2)
        await screen.shows("设置（本次访问有效）")
        await screen.shows("语言：中文")


async def test_a_visitor_at_a_table_gets_it_in_chinese_at_once_and_the_demo_after_it(door):
    """At a table (played on from the demo's round) the language he picks redraws the table
    at once, its log and hand as they were; leaving it, the demo he comes back to is in it."""
    conn, screen = await visit(door)
    async with conn:
        await screen.shows("1 · Cards and their order")
        screen.process.stdin.write(b"7")
        await screen.shows("7 · ")
        screen.process.stdin.write(b"\r")  # the round, on the replay screen
        await screen.shows("Play on")
        screen.process.stdin.write(RIGHT * 3 + b"p")  # a few steps in, then played on
        await screen.shows("Your hand")
        screen.process.stdin.write(F2)
        await screen.shows("Language: English")
        screen.process.stdin.write(DOWN + RIGHT)
        await screen.shows("Language: Chinese")
        screen.process.stdin.write(SAVE)
        await screen.shows("手牌", "你先出")  # the log, replayed in it (my own lead)
        screen.process.stdin.write(b"\x11")  # ctrl+q: back from the table
        await screen.shows("(y)")
        screen.process.stdin.write(b"y")
        await screen.shows("7 · 带讲解的一局")


async def test_a_visitor_whose_client_sends_a_chinese_locale_starts_in_chinese(door):
    """QA: ``ssh -o SendEnv=LANG`` with zh_CN.UTF-8 was ignored: every visit began in
    English. The locale his client sends now names the language his visit starts in."""
    conn, screen = await visit(door, LANG="zh_CN.UTF-8")
    async with conn:
        await screen.shows("1 · 牌与大小")


async def test_a_chinese_visitor_reads_the_doors_goodbye_in_chinese(served):
    """QA: a visitor whose client sent zh_CN.UTF-8 read "bhtui: the host has stopped this
    door; goodbye." when the host stopped the door: its words were English only."""
    port, state = served
    conn, screen = await visit(port, LANG="zh_CN.UTF-8")
    async with conn:
        await screen.shows("1 · 牌与大小")
        await state.stop_all()
        goodbye = await screen.shows("再见")
    assert goodbye.endswith("\r\nbhtui：主机关闭了这个入口；再见。\r\n")
    assert "goodbye" not in goodbye


@pytest.mark.parametrize(("env", "flags"), [
    ({}, []),
    ({"LANG": "zh_CN.UTF-8"}, ["--lang", "zh"]),
    ({"LANG": "zh_TW.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, ["--lang", "en"]),
    ({"LANG": "en_GB.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, ["--lang", "zh"]),
    ({"LANG": "", "LC_MESSAGES": "zh_SG"}, ["--lang", "zh"]),
])
def test_the_locale_a_client_sends_is_read_as_bhtui_reads_its_own(env, flags):
    """LC_ALL over LC_MESSAGES over LANG, the first one set; only the flag reaches the app."""
    assert sshd.visitor_language(env) == flags


@pytest.fixture(params=["en-GB", "zh-CN"])
async def tab(request, tmp_path):
    """A page on serve-web's demo from a headless Chromium set to the language the test's
    parameter names (its Accept-Language); skipped where Chromium cannot run."""
    playwright_api = pytest.importorskip("playwright.async_api")
    async with playwright_api.async_playwright() as playwright:
        try:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=CHROMIUM_FLAGS, headless=True)
        except Exception as exc:  # a browser that cannot start here: say why
            pytest.skip(f"chromium cannot run here: {str(exc).splitlines()[0]}")
        context = await browser.new_context(locale=request.param,
                                            viewport={"width": 1100, "height": 640})
        await context.add_init_script(CATCH_TERMINAL)
        async with serving(["demo"]) as (_, url):
            page = await context.new_page()
            await page.goto(url)
            await page.focus(".xterm-helper-textarea")
            yield request.param, page
        await browser.close()


async def test_a_tab_starts_in_its_browsers_language_and_takes_f2s_at_once(tab):
    """The web door's visit had the SSH door's faults: every tab began in English, whatever
    its browser asked for, and F2's Chinese waited for a next start that never came."""
    language, page = tab
    chinese = language.startswith("zh")
    await screen_with(page, "1 · 牌与大小" if chinese else "1 · Cards and their order")
    await page.keyboard.press("PageDown")
    await screen_with(page, "2 · 一套牌与压牌" if chinese else "2 · Sets, and what beats what")
    await page.keyboard.press("F2")
    await screen_with(page, "语言：中文" if chinese else "Language: English")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowRight")
    await screen_with(page, "语言：英文" if chinese else "Language: Chinese")
    await page.keyboard.press("Control+s")
    await screen_with(page, "2 · Sets, and what beats what" if chinese else "2 · 一套牌与压牌")


@pytest.mark.parametrize(("accepted", "flags"), [
    ("", []),
    ("*", []),
    ("zh-CN,zh;q=0.9,en;q=0.8", ["--lang", "zh"]),
    ("en-US,en;q=0.9,zh-CN;q=0.8", ["--lang", "en"]),
    ("de;q=0.5, zh-TW ; q=0.7", ["--lang", "zh"]),
    ("zh;q=0, fr", ["--lang", "en"]),
    ("zh;q=nonsense", []),
])
def test_the_language_a_browser_asks_for_first_is_read_from_its_accept_language(
        accepted, flags):
    assert webd.page_language(accepted) == flags
