"""A player back at a LAN table after his client was killed while a decision was his (a
Dou Dizhu bid, Baohuang's throne): the bot decided for him, and the welcome back says what
— in the log and on the status line, in English and Chinese. It had counted plays alone:
"nothing was played for you" to a player the bot had made the landlord. Real sockets on
loopback."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from bhtui.net.host import Table
from bhtui.store.config import Config
from bhtui.store.tokens import SeatTokens
from bhtui.tui.app import BhtuiApp
from bhtui.tui.games import parts_for
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen

from loopback import connect, served, settle, table_of
from tui_helpers import wait_for

WELCOME = ("Welcome back", "欢迎回来")


async def away_from_the_start(table: Table, port: int, until: str) -> None:
    """Me takes seat 0 before the table starts and his link dies at its first view, before
    any decision of his: the host's bot makes them, until an event ``until`` of the seat's."""
    me, link = await connect(port, "Me", token=table.seats[0].token)
    await settle(lambda: table.seats[0].conn is not None)
    table.start()
    await settle(lambda: me.view is not None)
    choices = parts_for(table.game.name).choices
    assert not [e for _, e in table.buffer if e.get("seat") == 0 and e["type"] in choices]
    link.cut()
    await settle(lambda: table.seats[0].conn is None)
    await settle(lambda: any(e.get("seat") == 0 and e["type"] == until
                             for _, e in table.buffer))
    table.bot_delay = 3600.0  # the table waits while the screen is read
    SeatTokens().put(table.table_id, table.seats[0].token)  # what the killed bhtui kept


async def welcome_seen(game: str, seed: int, until: str, language: str) -> tuple[str, str]:
    """Me back at the table after the bot decided for him: the welcome in his log, and his
    status line."""
    table = table_of(game, seed, start=False)
    server, port = await served(table)
    await away_from_the_start(table, port, until)
    app = BhtuiApp(Config(name="Me", language=language, bot_delay=0.0),
                   RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        screen = app.screen
        await wait_for(pilot, lambda: any(line.startswith(WELCOME) for line in screen.log_lines),
                       "the welcome")
        welcome = next(line for line in screen.log_lines if line.startswith(WELCOME))
        status = str(screen.query_one("#status").render())
    server.close()
    return welcome, status


@pytest.mark.parametrize(("seed", "until", "language", "log", "status"), [
    # the bot bids 1 for me, I am the landlord and it leads for me
    (7, "play", "en", "Welcome back. While you were away: A bot for you bids 1; Me is the "
                      "landlord at 1; a bot played for you: ",
     "Welcome back. A bot for you: bids 1; Me is the landlord at 1; played 1×"),
    (7, "play", "zh", "欢迎回来。你离开时：机器人替你 叫1分；Me 当地主，1分；机器人替你出牌：",
     "欢迎回来。机器人替你：叫1分；Me 当地主，1分；出牌 1 次（见记录）"),
    # the bot does not bid for me ("nothing was played for you", it said)
    (3, "bid", "en", "Welcome back. While you were away: A bot for you does not bid",
     "Welcome back. A bot for you: does not bid"),
    (3, "bid", "zh", "欢迎回来。你离开时：机器人替你 不叫", "欢迎回来。机器人替你：不叫"),
])
async def test_back_after_the_bot_bid_for_me_the_welcome_says_the_bid_and_the_landlord(
        seed, until, language, log, status):
    welcome, shown = await welcome_seen("doudizhu", seed, until, language)
    assert welcome.startswith(log)
    assert shown == status and cell_len(shown) <= 78


@pytest.mark.parametrize(("seed", "until", "language", "log", "status"), [
    # the bot takes the throne for me and calls a card, then leads
    (5, "play", "en", "Welcome back. While you were away: A bot for you is emperor (takes BJ); "
                      "A bot for you calls Q♠; a bot played for you: ",
     "Welcome back. A bot for you: is emperor (takes BJ); calls Q♠; played 1×"),
    (5, "play", "zh", "欢迎回来。你离开时：机器人替你 当皇帝（拿到 大王）；机器人替你 叫 黑桃Q；"
                      "机器人替你出牌：",
     "欢迎回来。机器人替你：当皇帝（拿到 大王）；叫 黑桃Q；出牌 1 次（见记录）"),
    # the bot declines the throne for me (the status line's room ends it at its aside: the
    # log has the rest)
    (8, "decline", "en", "Welcome back. While you were away: A bot for you declines and adds "
                         "2♠; the card goes on to the 上家, B4",
     "Welcome back. A bot for you: declines and adds 2♠"),
    (8, "decline", "zh", "欢迎回来。你离开时：机器人替你 放弃，附上 黑桃2，皇牌传给上家 B4",
     "欢迎回来。机器人替你：放弃，附上 黑桃2，皇牌传给上家 B4"),
])
async def test_back_after_the_bot_took_or_declined_the_throne_for_me_the_welcome_says_so(
        seed, until, language, log, status):
    welcome, shown = await welcome_seen("baohuang", seed, until, language)
    assert welcome.startswith(log)
    assert shown == status and cell_len(shown) <= 78
