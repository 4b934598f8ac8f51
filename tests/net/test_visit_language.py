"""A door's visitor reads bhtui in his language: the one his SSH client's locale names from
the start, and the one he picks in F2 at once — a visit has no next start, and the settings
screen promised one."""

from __future__ import annotations

import asyncio
import codecs

import asyncssh
import pytest

from bhtui import sshd
from bhtui.sshd import load_or_create_host_key, start_ssh

from net_helpers import HANG

F2, DOWN, RIGHT, SAVE, PAGE_DOWN = b"\x1bOQ", b"\x1b[B", b"\x1b[C", b"\x13", b"\x1b[6~"


@pytest.fixture
async def door(tmp_path):
    """serve-ssh's demo in this process: its port."""
    key = load_or_create_host_key(tmp_path / "key")
    srv, state = await start_ssh(0, "127.0.0.1", key, ["demo"], max_sessions=2,
                                 idle_timeout=60, session_deadline=HANG)
    yield srv.sockets[0].getsockname()[1]
    srv.close()
    await srv.wait_closed()
    await state.stop_all()


class Screen:
    """What a visit's terminal was sent, as text (a character split between two reads is
    decoded whole)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process, self.seen = process, ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    async def shows(self, text: str, limit: float = 20.0) -> str:
        """Read until ``text`` is drawn; what was drawn from the last call on."""
        start = len(self.seen)

        async def read() -> None:
            while text not in self.seen[start:]:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    raise AssertionError(f"closed before {text!r}: {self.seen[-300:]!r}")
                self.seen += self._decoder.decode(chunk)
        try:
            await asyncio.wait_for(read(), limit)
        except TimeoutError:
            raise AssertionError(f"no {text!r} within {limit} s: {self.seen[-600:]!r}") from None
        return self.seen[start:]


async def visit(port: int, **env: str) -> tuple[asyncssh.SSHClientConnection, Screen]:
    conn = await asyncssh.connect("127.0.0.1", port, username="anyone", known_hosts=None,
                                  password=None, client_keys=None)
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
        dialog = await screen.shows("Settings (kept for this visit)")
        assert "Language (next start)" not in dialog + await screen.shows("Language: English")
        screen.process.stdin.write(DOWN + RIGHT)  # the language, the next one: Chinese
        await screen.shows("Language: Chinese")
        screen.process.stdin.write(SAVE)
        await screen.shows("2 · 一套牌与压牌")
        screen.process.stdin.write(F2)
        await screen.shows("设置（本次访问有效）")
        await screen.shows("语言：中文")


async def test_a_visitor_whose_client_sends_a_chinese_locale_starts_in_chinese(door):
    """QA: ``ssh -o SendEnv=LANG`` with zh_CN.UTF-8 was ignored: every visit began in
    English. The locale his client sends now names the language his visit starts in."""
    conn, screen = await visit(door, LANG="zh_CN.UTF-8")
    async with conn:
        await screen.shows("1 · 牌与大小")


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
