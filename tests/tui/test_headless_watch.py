"""A watcher of a headless table (`bhtui host --headless`) at 80x24: the end of its match does
not promise a 再来一局 nobody can start, and the table's closing says the match is over."""

from __future__ import annotations

import asyncio

import pytest

from bhtui.bots import make_bot
from bhtui.net import serve
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen, ResultScreen
from bhtui.tui.room import ClosedScreen
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.widgets import Plain

from net_helpers import in_background
from tui_helpers import wait_for


def words(screen: object) -> str:
    return "\n".join(str(p.render()) for p in screen.query(Plain))  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_watcher_of_a_headless_table_is_told_it_closes_not_to_wait_for_play_again(
        language, monkeypatch):
    """He read "Waiting for the host: 再来一局 starts at the same seats" from a host nobody
    sits at, which stayed up until ctrl+c. Now the standings say the table closes, and its
    closing (OVER_WAIT after the end: the event here) says the match is over."""
    monkeypatch.setattr(serve, "WATCHED_DELAY", 0.0)
    close = asyncio.Event()
    monkeypatch.setattr(serve, "stop_signals", lambda: close)
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0)
    sock = listen_socket("127.0.0.1", 0)
    run = in_background(serve.run_headless(table, sock, advertise=False))
    app = BhtuiApp(Config(name="Wu", language=language, result_seconds=0.2),
                   RemoteSession(f"127.0.0.1:{sock.getsockname()[1]}", "spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(table.viewers))
        table.start()  # (the free seat to a bot: the match begins with him watching)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        said = words(app.screen)
        closes = {"en": "Nobody here starts 再来一局: the table closes soon",
                  "zh": "这张牌桌无人主持再来一局，即将关闭"}[language]
        assert closes in said and "Waiting for the host" not in said and "等待主机" not in said
        close.set()  # OVER_WAIT is over
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen)
                       and app.screen.query(Plain))
        over = {"en": "The match is over", "zh": "比赛已结束"}[language]
        assert over in words(app.screen)
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    await run


async def test_a_watchers_result_gives_way_to_a_later_rounds():
    """The table waits for no watcher: at --fast his results queued up one after another,
    "Round 62 over … This closes in 4 s" up while round 169 was played. A round's result
    he still has open goes when a later one ends; the latest is shown, none in between."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=3, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(Config(name="Wu", result_seconds=60),  # (a long read)
                   RemoteSession(f"127.0.0.1:{serving.port}", "spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(table.viewers))
        table.start()
        await wait_for(pilot, lambda: app.client.view is not None
                       and app.client.view["phase"] == "over", "the match's end")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen)
                       and "Round 3 over" in words(app.screen), "round 3's result")
        results = [s for s in app.screen_stack if isinstance(s, ResultScreen)]
        assert results == [app.screen]  # rounds 1 and 2's gave way (a screen pushed late
        # was seen as "not round 1" while round 3's was on its way: a failure under load)
        await pilot.press("ctrl+q")
    await serving.stop()
