"""A player back at a LAN table after his client was killed while a decision was his (a
Dou Dizhu bid, Baohuang's throne): the bot decided for him, and the welcome back says what
— in the log and on the status line, in English and Chinese. It had counted plays alone:
"nothing was played for you" to a player the bot had made the landlord. Real sockets on
loopback."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from bhtui.doudizhu import Match as DoudizhuMatch
from bhtui.doudizhu import get_preset
from bhtui.net.host import Table
from bhtui.store.config import Config
from bhtui.store.tokens import SeatTokens
from bhtui.tui.app import BhtuiApp
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.tablemodel import TableModel
from bhtui.wire import Event

from helpers import rigged
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
    (7, "play", "en", "Welcome back. While you were away: a bot for you bids 1; you are the "
                      "landlord at 1; a bot played for you: ",
     "Welcome back. A bot for you: bids 1; you are the landlord at 1; played 1×"),
    (7, "play", "zh", "欢迎回来。你离开时：机器人替你叫1分；你当地主，1分；机器人替你出牌：",
     "欢迎回来。机器人替你：叫1分；你当地主，1分；出牌 1 次（见记录）"),
    # the bot does not bid for me ("nothing was played for you", it said)
    (3, "bid", "en", "Welcome back. While you were away: a bot for you does not bid",
     "Welcome back. A bot for you: does not bid"),
    (3, "bid", "zh", "欢迎回来。你离开时：机器人替你不叫", "欢迎回来。机器人替你：不叫"),
])
async def test_back_after_the_bot_bid_for_me_the_welcome_says_the_bid_and_the_landlord(
        seed, until, language, log, status):
    welcome, shown = await welcome_seen("doudizhu", seed, until, language)
    assert welcome.startswith(log)
    assert shown == status and cell_len(shown) <= 78


@pytest.mark.parametrize(("seed", "until", "language", "log", "status"), [
    # the bot takes the throne for me and calls a card, then leads
    # ("A bot for you is emperor", it said: the bot is not the emperor, I am)
    (5, "play", "en", "Welcome back. While you were away: a bot for you takes the throne and "
                      "BJ; a bot for you calls Q♠; a bot played for you: ",
     "Welcome back. A bot for you: takes the throne and BJ; calls Q♠; played 1×"),
    (5, "play", "zh", "欢迎回来。你离开时：机器人替你接下皇位（拿到 大王）；机器人替你叫 黑桃Q；"
                      "机器人替你出牌：",
     "欢迎回来。机器人替你：接下皇位（拿到 大王）；叫 黑桃Q；出牌 1 次（见记录）"),
    # the bot declines the throne for me (the status line's room ends it at its aside: the
    # log has the rest)
    (8, "decline", "en", "Welcome back. While you were away: a bot for you declines and adds "
                         "2♠; the card goes on to the 上家, B4",
     "Welcome back. A bot for you: declines and adds 2♠"),
    (8, "decline", "zh", "欢迎回来。你离开时：机器人替你放弃，附上 黑桃2，皇牌传给上家 B4",
     "欢迎回来。机器人替你：放弃，附上 黑桃2，皇牌传给上家 B4"),
])
async def test_back_after_the_bot_took_or_declined_the_throne_for_me_the_welcome_says_so(
        seed, until, language, log, status):
    welcome, shown = await welcome_seen("baohuang", seed, until, language)
    assert welcome.startswith(log)
    assert shown == status and cell_len(shown) <= 78



class Away:
    """A client's state as the table model reads it (``TableState``): my seat 0 was away
    while ``events`` came, and is back."""

    def __init__(self, view: Any, events: list[Event]) -> None:
        self.seat, self.view, self.asked, self.seq, self.recall = 0, view, None, 1, {}
        self.table = [{"name": name, "kind": "human", "auto": False, "connected": True}
                      for name in ("Me", "Bo", "Cy", "Di", "Ed")[:len(view["seats"])]]
        self.deadline = None
        self.events = list(enumerate(events, 1))
        self.returned = (0, len(events))
        self.away = [self.returned]
        self.last_seq, self.my_turn = len(events), False


def bot_chose(game: str, event: Event, language: str) -> str:
    """The welcome back's line after a bot made this one choice for my seat 0 (a real
    match's view: a Qingdao round, a Shanghai deal)."""
    match = (rigged("BJ 2H", "3S", "4S", "5S", "6S") if game == "baohuang"
             else DoudizhuMatch(get_preset("shanghai"), seed=1))
    model = TableModel(Away(match.view(0), [event]), parts_for(game), Translator(language),
                       "round_end" if game == "baohuang" else "result")
    model.event(1, event, True, CardStyle(language=language).name)  # (as the screen names cards)
    return model.welcome_back()[0]


CHOICES = [  # each kind of choice the welcome says again, as it says it in English and Chinese
    ("baohuang", {"type": "decline", "seat": 0, "auto": True, "added": None, "to": 4},
     "A bot for you declines: you have nothing to call (no three identical cards, jokers and "
     "2s aside); the card goes on to the 上家, Ed",
     "机器人替你放弃：你无牌可叫（没有三张同点数同花色的牌，王和 2 不算），皇牌传给上家 Ed"),
    ("baohuang", {"type": "emperor", "seat": 0, "bundle": ["BJ", "2H"]},
     "A bot for you takes the throne and BJ 2♥", "机器人替你接下皇位（拿到 大王 红桃2）"),
    ("baohuang", {"type": "emperor", "seat": 0, "bundle": ["BJ"], "grab": True},
     "A bot for you grabs the throne: one against four!", "机器人替你抢了皇帝：一打四！"),
    ("baohuang", {"type": "call", "seat": 0, "card": "QS", "open": False},
     "A bot for you calls Q♠", "机器人替你叫 黑桃Q"),
    ("baohuang", {"type": "call", "seat": 0, "card": "QS", "open": True},
     "A bot for you shows four Q♠: open solo!", "机器人替你亮出四张 黑桃Q：明独！"),
    ("baohuang", {"type": "grab", "seat": 0}, "A bot for you grabs (抢)!", "机器人替你抢！"),
    ("baohuang", {"type": "solo", "seat": 0},
     "A bot for you declares an open solo (明独保): one against four", "机器人替你明独保：一打四"),
    ("baohuang", {"type": "open_guard", "seat": 0, "solo": False},
     "A bot for you reveals you as the guard (明保): scores double", "机器人替你明保，分数翻倍"),
    ("baohuang", {"type": "open_guard", "seat": 0, "solo": True},
     "A bot for you declares a solo (明独)", "机器人替你明独"),
    ("baohuang", {"type": "rebel", "seat": 0}, "A bot for you rebels (造反)!", "机器人替你造反！"),
    ("baohuang", {"type": "kick", "seat": 0}, "A bot for you kicks (踢)", "机器人替你踢"),
    ("doudizhu", {"type": "bid", "seat": 0, "points": 2}, "A bot for you bids 2", "机器人替你叫2分"),
    ("doudizhu", {"type": "bid", "seat": 0, "points": 0}, "A bot for you does not bid",
     "机器人替你不叫"),
    ("doudizhu", {"type": "open", "seat": 0}, "A bot for you plays open (摊打): scores ×2",
     "机器人替你摊打：分数×2"),
    ("doudizhu", {"type": "report", "seat": 0, "groups": ["SJ SJ BJ BJ"], "fight": True},
     "A bot for you reports (报到) SJ×2 BJ×2 and plays on (打)", "机器人替你报到 小王×2 大王×2，打"),
    ("doudizhu", {"type": "report", "seat": 0, "groups": ["SJ SJ BJ BJ"], "fight": False},
     "A bot for you reports (报到) SJ×2 BJ×2 and stops (不打): you win",
     "机器人替你报到 小王×2 大王×2，不打：你（地主）胜"),
]


@pytest.mark.parametrize(("game", "event", "en", "zh"), CHOICES)
def test_each_decision_a_bot_made_for_me_reads_as_the_bot_s_act_for_me(game, event, en, zh):
    """Each choice of my seat said again reads as a sentence whose subject is the bot acting
    for me: "A bot for you is emperor" made the bot the emperor, "… reveals: the guard" the
    bot the guard, and a 报到 that stopped said "he wins" of the bot."""
    assert bot_chose(game, event, "en") == f"Welcome back. While you were away: {en[0].lower()}{en[1:]}"
    assert bot_chose(game, event, "zh") == f"欢迎回来。你离开时：{zh}"


def test_every_kind_of_choice_the_welcome_says_again_is_checked():
    for game in ("baohuang", "doudizhu"):
        parts = parts_for(game)
        assert {e["type"] for g, e, *_ in CHOICES if g == game} == parts.choices & parts.told


def test_after_the_welcome_s_colon_english_goes_on_in_lower_case_but_a_name_keeps_its_capital():
    """"While you were away: A bot for you…" put a capital after a colon. The lines the
    welcome goes on with start in lower case; a seat's name keeps its capital, and Chinese
    has no case."""
    from bhtui.tui.tablemodel import continued

    names = ["Me", "Bo", "Ana"]
    assert continued("A bot for you bids 1", names, "en") == "a bot for you bids 1"
    assert continued("Bo abdicates (让位) to Me", names, "en") == "Bo abdicates (让位) to Me"
    assert continued("Anarchy", names, "en") == "anarchy"  # a name is a whole word
    assert continued("机器人替你叫1分", names, "zh") == "机器人替你叫1分"
