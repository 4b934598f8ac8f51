"""`bhtui host --resume FILE` where the log names no seat of the host's: he watches, and is
told how to sit once, on the screen, in his language — news of this run, not one of the
"Problems with the settings" F3 lists (it was listed there, in English)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bhtui.games import get_game
from bhtui.net.host import Seat, Table
from bhtui.store.gamelog import GameLog
from bhtui.tui.app import BhtuiApp

from loopback import LOOPBACK
from tui_helpers import screen_text, wait_for


@pytest.fixture
def host_app(cli, monkeypatch) -> Callable[..., BhtuiApp]:
    """``bhtui ARGS`` (a host) run in this process up to its app, handed back unrun."""
    apps: list[BhtuiApp] = []
    monkeypatch.setattr("bhtui.cli._run", lambda app: apps.append(app) or 0)

    def run(*args: str) -> BhtuiApp:
        done = cli(*args)
        assert done.returncode == 0 and apps, done.stderr
        return apps.pop()
    return run


@pytest.fixture
def nobody_s_log(tmp_path, monkeypatch) -> str:
    """A Dou Dizhu table served to three friends (none the host's screen), dealt and logged,
    as ``t.bhlog`` in the working folder."""
    async def serve() -> None:
        game = get_game("doudizhu")
        table = Table(game.rules("classic"), [Seat(name=n, taken=True) for n in "ABC"],
                      game=game, seed=31, rounds=2, bot_delay=0.0,
                      log=GameLog(tmp_path / "t.bhlog"))
        table.address = (LOOPBACK, 0)
        table.start()
    asyncio.run(serve())
    monkeypatch.chdir(tmp_path)
    return "t.bhlog"


@pytest.mark.parametrize("language, told, none", [
    ("zh", "记录里没有你的座位，所以你在观战；要入座：", "设置没有问题。"),
    ("en", "the log names no seat of yours, so you watch; to sit:",
     "No problems with the settings."),
])
def test_a_host_who_watches_his_resumed_table_is_told_how_to_sit_not_of_a_problem(
        host_app, nobody_s_log, language, told, none):
    app = host_app("--lang", language, "host", "--resume", nobody_s_log, "--no-advertise")

    async def look() -> None:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            def shown() -> str:  # the toast's lines (right of its edge, ▌), wrapped anywhere
                return "".join(line.rpartition("▌")[2].strip(" ─╮│")
                               for line in screen_text(app) if "▌" in line).replace(" ", "")

            said = told + "bhtui host --resume t.bhlog --seat N (1-3)"
            await wait_for(pilot, lambda: said.replace(" ", "") in shown(), "the notice")
            assert app.client is not None and app.client.role == "spectator"
            assert app.warnings == []
            await pilot.press("f3")  # (what F3 lists: nothing)
            await wait_for(pilot, lambda: none in "\n".join(screen_text(app)), "F3's answer")

    asyncio.run(look())
