"""Bot levels (issue 16): chosen with --bots, per bot seat in the waiting room, for 托管 and
the hint; a searching bot decides off the table's loop, which goes on meanwhile."""

from __future__ import annotations

import threading

import pytest

from bhtui import bots
from bhtui.bots import TABLE_SECONDS, SearchBot
from bhtui.cli import bot_levels
from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS, Match
from bhtui.store import config as config_file
from bhtui.store.gamelog import GameLog
from bhtui.tui.app import BhtuiApp
from bhtui.tui.room import WaitingRoomScreen
from bhtui.tui.sessions import HostSession

from helpers import bhtui
from net_helpers import Tap, connect, in_background, people_and_bots, settle
from tui_helpers import config, wait_for


class Slow:
    """A bot that thinks until the test lets it answer."""

    name, thinks = "slow", True

    def __init__(self, go: threading.Event, thinking: threading.Event) -> None:
        self.go, self.thinking = go, thinking

    def decide(self, choices):
        self.thinking.set()
        assert self.go.wait(30), "never let go"
        return choices[0]

    def interject(self, choices):
        return None


def errors(link, code: str) -> list[str]:
    return [m["reason"] for m in link.messages() if m["type"] == "error" and m["code"] == code]


async def test_a_bot_that_thinks_decides_off_the_loop_and_the_table_goes_on_meanwhile():
    seed = next(s for s in range(50) if Match(PRESETS["qingdao"], s).to_act != 0)
    go, thinking = threading.Event(), threading.Event()
    seats = [Seat(name="Me", taken=True)] + [Seat(name=f"S{i}", bot=Slow(go, thinking), ready=True)
                                             for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=seed, rounds=1, bot_delay=0.0)
    me, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.room is not None)
    table.start()
    await settle(thinking.is_set)
    me.chat("still there?")
    await settle(lambda: any(m["type"] == "chat" for m in link.messages()))
    assert table.match.actions == []  # served while the bot thinks, which has not moved
    go.set()
    await settle(lambda: len(table.match.actions) > 0)


async def test_the_waiting_room_sets_a_bot_seat_s_level_and_refuses_what_it_cannot(tmp_path):
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=60.0, bots="easy",
                  log=GameLog(tmp_path / "t.bhlog"))
    link = Tap(table)
    link.admin = True  # the host's own screen runs the waiting room
    host = Client(link, "Host")
    in_background(host.run())
    await settle(lambda: host.room is not None)
    host.admin("fill_bots")
    await settle(lambda: table.seats_taken() == 5)
    assert [s.bot.name for s in table.seats[1:]] == ["easy"] * 4
    host.admin("level", seat=2, level="hard")
    await settle(lambda: host.room["seats"][2]["level"] == "hard")
    assert isinstance(table.seats[2].bot, SearchBot) and table.seats[2].bot.seconds == TABLE_SECONDS
    for seat, level, why in ((3, "genius", "unknown level 'genius'"), (0, "hard", "no bot")):
        host.admin("level", seat=seat, level=level)
        await settle(lambda: any(why in reason for reason in errors(link, "admin")))
    assert [s.bot.name if s.bot else None for s in table.seats] == [
        None, "easy", "hard", "easy", "easy"]
    table.start()
    assert table.header()["seats"][2]["bot"] == "hard"
    table.log.close()
    again = Table.resume(GameLog.load(tmp_path / "t.bhlog"), bot_delay=60.0)
    assert again.seats[2].bot.name == "hard" and again.seats[2].bot.seconds == TABLE_SECONDS
    with pytest.raises(ValueError, match="started"):
        table.set_level(1, "hard")


async def test_the_host_picks_a_bot_seat_and_l_steps_its_level_in_the_waiting_room():
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0)
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        await pilot.press("b")
        await wait_for(pilot, lambda: table.seats_taken() == 5)
        body = str(app.screen.query_one("#room-body").render())
        assert body.count("bot · normal") == 4
        await pilot.press("3", "l")
        await wait_for(pilot, lambda: table.seats[2].bot.name == "hard")
        await wait_for(pilot, lambda: "bot · hard" in str(app.screen.query_one("#room-body").render()))
        await pilot.press("l")
        await wait_for(pilot, lambda: table.seats[2].bot.name == "easy")


async def test_tuoguan_and_the_hint_play_at_the_level_the_person_chose():
    table = people_and_bots({0}, rounds=1, bot_delay=0.0)
    me, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    me.set_prefs(True, "genius")
    await settle(lambda: errors(link, "prefs"))
    assert "unknown level 'genius'" in errors(link, "prefs")[0]
    assert table.seats[0].assist is None  # unchanged: the standard bot, normal
    me.set_prefs(False, "hard")  # no auto-pass: a turn of mine that nothing in my hand
    # beats was passed for me as the hint was asked, the hint then answered a table moved
    # on (an error, no hint) and the test waited for it until it failed (seen under load)
    await settle(lambda: table.seats[0].assist == "hard")
    await settle(lambda: me.my_turn)
    cid = me.ask_hint()
    await settle(lambda: any(m["type"] == "hint" and m["cid"] == cid for m in link.messages()))
    hint = next(m["action"] for m in link.messages() if m["type"] == "hint")
    assert hint in table.match.legal_actions(0)
    assert isinstance(table.scheduler.bot_for(0), SearchBot)
    mine = sum(1 for s, _ in table.match.actions if s == 0)
    me.set_auto(True)
    await settle(lambda: sum(1 for s, _ in table.match.actions if s == 0) > mine)


def test_levels_are_the_bots_everywhere_they_are_named():
    baohuang = get_game("baohuang")
    assert config_file.LEVELS == bots.LEVELS == baohuang.levels
    assert baohuang.level("hard") == "hard" and baohuang.level(None) == "normal"
    assert bot_levels(baohuang, "hard", (1, 4)) == ["hard"]
    assert bot_levels(baohuang, "easy, normal,hard,hard", (1, 4)) == [
        "easy", "normal", "hard", "hard"]
    with pytest.raises(ValueError, match="give 1 or 4 bot levels, not 2"):
        bot_levels(baohuang, "hard,easy", (1, 4))
    with pytest.raises(ValueError, match="unknown bot level 'genius'; levels: easy, normal, hard"):
        bot_levels(baohuang, "genius", (1, 4))
    doudizhu = get_game("doudizhu")  # the same levels, its own bots
    assert doudizhu.levels == bots.LEVELS and doudizhu.level("hard") == "hard"
    assert doudizhu.level(None) == doudizhu.standard_bot == "normal"
    assert doudizhu.make_bot("hard").name == "hard"
    assert bot_levels(doudizhu, "hard", (1, 2, 3)) == ["hard"]


def test_a_bad_level_in_the_settings_file_is_one_warning_and_the_default(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('bots = "genius"\nassist = "hard"\n')
    loaded, warnings = config_file.load_config(path)
    assert loaded.bots == "normal" and loaded.assist == "hard"
    assert warnings == [f"{path}: bots = 'genius' is not easy, normal, hard; using 'normal'"]


@pytest.mark.parametrize("args, why", [
    (("--bots", "genius"), "unknown bot level 'genius'"),
    (("--bots", "hard,hard"), "give 1 or 4 bot levels"),
    (("host", "--headless", "--bots", "hard,genius", "--port", "0", "--bind", "127.0.0.1"),
     "--bots: unknown bot level 'genius'"),
    (("host", "--headless", "--bots", "7", "--port", "0", "--bind", "127.0.0.1"),
     "--bots takes 0 to 5"),
    (("--game", "doudizhu", "--bots", "genius"),
     "unknown bot level 'genius'; levels: easy, normal, hard"),
])
def test_a_wrong_bots_argument_is_one_clear_line(args, why):
    done = bhtui(*args)
    assert done.returncode == 2 and why in done.stderr
    assert "Traceback" not in done.stderr


def test_dou_dizhus_room_seats_the_level_asked_for_and_refuses_an_unknown_one():
    """Dou Dizhu's levels are the same words as Baohuang's: the settings' bots seat them,
    the waiting room's ``l`` changes one, and an unknown level is refused."""
    table = Table(DDZ_PRESETS["classic"], bots="hard")
    table.fill_bots(announce=False)
    assert [s.bot.name for s in table.seats] == ["hard", "hard", "hard"]
    assert all(s.bot.seconds == TABLE_SECONDS for s in table.seats)  # people wait on them
    table.set_level(1, "easy")
    assert table.seats[1].bot.name == "easy"
    with pytest.raises(ValueError, match="unknown level 'genius'; levels: easy, normal, hard"):
        table.set_level(1, "genius")
    assert table.seats[1].bot.name == "easy"
