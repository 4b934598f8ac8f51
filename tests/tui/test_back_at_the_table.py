"""A player back at a LAN table after his client was killed mid-round (bhtui join again, his
seat token bringing him back): his log writes what the bot played for him meanwhile as the
bot's, not as his own, and says he is back and what was played — in the log and on the status
line — for Baohuang and Dou Dizhu, in English and Chinese. Real sockets on loopback."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from bhtui.store.config import Config
from bhtui.store.tokens import SeatTokens
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.describe import set_words
from bhtui.tui.doudizhu.describe import hand_words
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen

from loopback import al_away_while_the_host_reads, away_while_the_bot_plays, moves_of, served, table_of
from tui_helpers import screen_text, wait_for


def words(event: dict, language: str) -> str:
    """A play's cards as the log writes them ("" for a pass)."""
    if event["type"] == "pass":
        return ""
    return (set_words(event["cards"], language) if "cards" in event
            else hand_words(event["hand"], language=language))


@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
@pytest.mark.parametrize("language", ["en", "zh"])
async def test_back_after_a_killed_client_the_log_says_what_a_bot_played_for_me(game, language):
    table = table_of(game)
    server, port = await served(table)
    _, left = await away_while_the_bot_plays(table, port)
    table.bot_delay = 3600.0  # the table waits while the screen is read (a view re-arms it)
    SeatTokens().put(table.table_id, table.seats[0].token)  # what the killed bhtui kept
    t = Translator(language)
    app = BhtuiApp(Config(name="Me", language=language, bot_delay=0.0),
                   RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        screen = app.screen
        back = app.client.returned
        assert back is not None and back[0] == left
        bots = moves_of(table, 0, left, back[1])
        assert bots
        log = list(screen.log_lines)
        said = [words(e, language) for _, e in bots]
        plays = [w for w in said if w]
        passes = len(said) - len(plays)
        welcome = (t("log.away.plays", sets=t.join(plays, clauses=True)) if plays
                   else t("log.away.passed", n=passes))
        welcome += t("log.away.passes", n=passes) if plays and passes else ""
        welcome = t("log.away.back", said=welcome)
        assert log[-1] == welcome  # said last, once its events are in the log
        played, passed = (t(key, n=n) if n else "" for key, n in (
            ("status.away.played", len(plays)), ("status.away.passed", passes)))
        counted = t("status.away.counted", listed=t("status.away.listed") if plays else "",
                    counted=t("status.away.both", played=played, passed=passed)
                    if played and passed else played or passed)  # a sentence: "A bot played …"
        assert str(screen.query_one("#status").render()) == counted
        assert cell_len(counted) <= 78  # the status line's one line at 80 columns, not cut
        bot = t("log.away.bot")
        by_bot = [line for line in log if line.startswith(bot)]
        assert len(by_bot) == len(bots)  # each move the bot made for me is named its own
        assert all(w in line for w, line in zip(said, by_bot, strict=True))
        mine = moves_of(table, 0, 0, left)  # my own moves before I left stay
        you = "You" if language == "en" else "你"  # mine, said to me: "You play …", not "Me plays"
        assert mine and all(any(line.startswith(you) and words(e, language) in line
                                for line in log) for _, e in mine)
        assert not any(line.startswith("Me ") for line in log), log
        await pilot.pause()  # the log scrolls to its end once drawn
        shown = " ".join(line.strip() for line in screen_text(app))
        assert welcome.split()[0] in shown and bot in shown
    server.close()


@pytest.mark.parametrize("game, seed, al, language", [("doudizhu", 2, 1, "zh"),
                                                      ("baohuang", 1, 2, "en")])
async def test_back_after_the_bot_ended_my_deal_the_welcome_comes_before_the_next_deal(
        game, seed, al, language):
    """Away while the bot ended the deal and the next was dealt: the welcome is read where
    the deal I left ends, before the new deal's header (after it, it seemed to be about a
    deal hardly begun), and the new deal's lines follow it."""
    table, server, port, _ = await al_away_while_the_host_reads(game, seed, al)
    SeatTokens().put(table.table_id, table.seats[al].token)  # what the killed bhtui kept
    t = Translator(language)
    app = BhtuiApp(Config(name="Al", language=language, bot_delay=0.0),
                   RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.returned is not None
                       and app.screen.model.logged_seq >= app.client.returned[1],
                       "the events I missed in the log")
        log = list(app.screen.log_lines)
        welcome = t("log.away.back", said="\0").split("\0")[0].rstrip()  # "Welcome back. …"
        welcomes = [at for at, line in enumerate(log) if line.startswith(welcome)]
        header = t("ddz.log.deal" if game == "doudizhu" else "log.deal", round=2, redeal="",
                   name="Al", extra="\0").split("\0")[0]  # "— Deal 2: Al bids first"
        dealt = [at for at, line in enumerate(log) if line.startswith(header)]
        assert len(welcomes) == 1 and len(dealt) == 1
        assert dealt[0] == welcomes[0] + 1  # the welcome, then the new deal
        ended = t("ddz.log.result" if game == "doudizhu" else "log.round_end", round=1,
                  result="\0", winner="\0").split("\0")[0]  # "Deal 1 over: "
        assert log[welcomes[0] - 1].startswith(ended)  # … once the deal I left is over
    server.close()
