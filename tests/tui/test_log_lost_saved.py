"""Once a game's log cannot be written on mid-game, nothing says the game is saved whole: the
quit question asked "Quit bhtui? It is saved: to play on later, run bhtui replay, End, then
p." and the terminal's last line "this game is saved in …local.bhlog (bhtui replay shows it)",
right under the warning that it was not. They say how far it was saved, and a match whose
log was never made (再来一局 with the folder gone) is said nothing of saving at all.

The size limit is real (RLIMIT_FSIZE, SIGXFSZ ignored), set for the moments the test needs it."""

from __future__ import annotations

import os
import shlex

import pytest

from analysis_helpers import played_log
from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.net.host import Table
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.store.gamelog import GameLog, games_dir
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen, QuitScreen
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import HostSession, LocalSession, ReplaySession

from helpers import file_size_limit
from tui_helpers import make_app, my_play_turn, wait_for

REASON = "File too large"


def title(app: BhtuiApp) -> str:
    """The quit question, as its box shows it."""
    return str(app.screen.query_one(".title").content)


async def lose_the_log(pilot, app: BhtuiApp) -> None:
    """托管 on, with the log unable to grow: the table's next record fails, and it is told."""
    with file_size_limit(app.host.log.path.stat().st_size):
        await pilot.press("t")
        await wait_for(pilot, lambda: app.warnings, "the notice")


async def ask_to_quit(pilot, app: BhtuiApp) -> str:
    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
    return title(app)


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_quitting_a_game_whose_log_was_lost_says_how_far_it_is_saved(language):
    app = make_app(language, rounds=2, result_seconds=0.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        path = app.host.log.path
        await lose_the_log(pilot, app)
        saved = app.t("saved.lost", n=1, reason=REASON)
        assert await ask_to_quit(pilot, app) == app.t("quit.question_lost", saved=saved)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        assert await ask_to_quit(pilot, app) == app.t("quit.question_lost", saved=saved)
        await pilot.press("y")
    assert app.farewell[-1] == app.t("farewell.kept_lost", saved=saved,
                                     path=shlex.quote(str(path)))
    assert not [line for line in app.farewell if "saved in" in line or "已保存" in line]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_an_earlier_match_whose_log_was_lost_is_not_said_saved_with_totals(language):
    """再来一局 after a match whose log was lost: the last lines gave "ended {totals}; it is
    saved", the totals read from what was saved (a part of the match)."""
    app = make_app(language, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        first = app.host.log.path
        await lose_the_log(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        await pilot.press("enter")  # 再来一局 (its new log is written)
        await wait_for(pilot, lambda: app.host.log.path != first, "the next match")
        await ask_to_quit(pilot, app)
        await pilot.press("y")
    said = app.t("farewell.match_lost", saved=app.t("saved.lost", n=1, reason=REASON),
                 path=shlex.quote(str(first)))
    assert said in app.farewell, app.farewell


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_match_never_logged_is_said_nothing_of_saving(language):
    """再来一局 where the games folder is gone (a file in its place): its quit question said
    "It is saved: to play on later, run bhtui replay, End, then p."."""
    app = make_app(language, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        os.rename(games_dir(), games_dir().with_name("moved"))
        games_dir().write_text("not a folder")
        await pilot.press("enter")  # 再来一局: no log can be made
        await wait_for(pilot, lambda: app.warnings, "the notice")
        await pilot.press("t")  # (托管 is off in a new match)
        assert await ask_to_quit(pilot, app) == app.t("quit.plain")
        await pilot.press("y")
    assert not [line for line in app.farewell if "saved" in line or "保存" in line]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_dou_dizhu_escape_with_its_log_lost_says_how_many_deals_are_saved(language):
    """Dou Dizhu's quit question said "the match is saved with it: to play on later, run
    bhtui replay, End, then p (the next deal)"; its escape is still said in the note."""
    from bhtui.tui.doudizhu.dialogs import BidDialog

    config = Config(name="Ana", language=language, bot_delay=0.0, result_seconds=0.2)
    app = BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await lose_the_log(pilot, app)
        saved = app.t("ddz.saved.lost", n=1, reason=REASON)
        asked = await ask_to_quit(pilot, app)  # (托管 may have come to the last deal)
        assert asked in (app.t("quit.question_lost", saved=saved),
                         app.t("quit.question_ends_lost", saved=saved))
        path = app.host.log.path
        await pilot.press("y")
    assert app.farewell[-1] == app.t("farewell.kept_lost", saved=saved,
                                     path=shlex.quote(str(path)))


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_host_whose_table_log_was_lost_is_told_how_far_it_is_saved(language, tmp_path):
    """`bhtui host`: its quit question said "Every move is saved" and its last line "this
    table is saved in …; bhtui host --resume … opens it again", as if all of it was."""

    path = tmp_path / "friday.bhlog"
    table = Table(PRESETS["qingdao"], seed=4, rounds=2, bot_delay=0.0, log=GameLog(path))
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.room is not None,
                       "the room")
        await pilot.press("b")
        await wait_for(pilot, lambda: table.seats_taken() == 5, "the bots")
        await pilot.press("enter")
        await my_play_turn(pilot, app)
        await lose_the_log(pilot, app)
        saved = app.t("saved.lost", n=1, reason=REASON)
        assert await ask_to_quit(pilot, app) == app.t("quit.question_lost", saved=saved)
        await pilot.press("y")
    assert app.farewell[-1] == app.t("farewell.hosted_lost", saved=saved,
                                     path=shlex.quote(str(path)))


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_game_played_on_from_a_replay_whose_log_was_lost_says_how_far(language,
                                                                               tmp_path):
    """p in a replay, then the new game's log lost: leaving it asked "Leave this game for
    the replay? Its moves are saved." and the last lines said "the game you started from the
    replay is saved in …"."""

    replayed = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   ReplaySession(Replay.from_log(GameLog.load(replayed))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("right", "right", "p")
        await wait_for(pilot, lambda: app.host is not None and app.host.log is not None,
                       "the game played on")
        path = app.host.log.path
        await lose_the_log(pilot, app)
        saved = app.t("saved.lost", n=1, reason=REASON)
        assert await ask_to_quit(pilot, app) == app.t("quit.back.replay_lost", saved=saved)
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is replay, "the replay again")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        await pilot.press("y")
    assert app.farewell == [app.t("farewell.started_lost", source=app.t("source.replay"),
                                  saved=saved, path=shlex.quote(str(path)))]
