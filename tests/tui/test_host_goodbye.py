"""The host's goodbye on a joiner's screen (Pilot, loopback, 80×24): the table closed on
purpose is said plainly, the screen waits for it to reopen, and the resumed table takes the
joiner back by itself."""

from __future__ import annotations

import pytest

from bhtui.bots import make_bot
from bhtui.net import tcp
from bhtui.net.host import Seat, Table
from bhtui.net.serve import Serving, start_serving, start_when_full
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.store.gamelog import GameLog
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen
from bhtui.tui.room import ClosedScreen, WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import Plain

from net_helpers import in_background
from tui_helpers import handled_so_far, wait_for

SAID = {
    "en": ("The host closed the table — waiting for it to reopen (q leaves)",
           "saved on the host's machine and your seat is kept",
           "\n  bhtui host --resume\n", "back in your seat by yourself"),
    "zh": ("主机已关闭牌桌——正在等待重新开桌（按 q 离开）", "牌局已保存在主机上，座位为你保留",
           "\n  bhtui host --resume\n", "自动回到你的座位"),
}


async def bots_table_with_seat_0_free(tmp_path, **kw) -> tuple[Table, Serving]:
    """Qingdao, seed 6, one round: four bots, seat 0 left for the joiner, served on
    loopback and started once he sits; its log in ``tmp_path``."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1,
                  log=GameLog(tmp_path / "table.log"), **kw)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    return table, serving


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_joiner_whose_host_quits_waits_and_is_back_at_the_resumed_table(
        language, tmp_path, monkeypatch):
    """The table closed on purpose is said plainly, with how it comes back; the screen waits
    (a quiet slow retry, a key meant for the game does not take it away) and the resumed
    table on the same port puts the joiner back at his table by itself."""
    monkeypatch.setattr(tcp, "BACKOFF", (0.01,) * len(tcp.BACKOFF))  # the slow retry, sped up
    table, serving = await bots_table_with_seat_0_free(tmp_path, bot_delay=0.0)
    port = serving.port
    address = f"127.0.0.1:{port}"
    app = BhtuiApp(Config(name="Ana", language=language), RemoteSession(address))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await serving.stop()  # ctrl+q → y in `bhtui host`, or SIGTERM of a headless one
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        for words in (*SAID[language], f"\n  bhtui --name Ana join {address}\n"):
            assert words in said
        assert "reconnect" not in said and "重连" not in said
        await pilot.press("p")  # a key meant for the game as the goodbye came: still shown
        assert isinstance(app.screen, ClosedScreen) and app.is_running
        resumed = Table.resume(GameLog.load(tmp_path / "table.log"), bot_delay=0.0)
        again = await start_serving(resumed, listen_socket("127.0.0.1", port),
                                    advertise=False)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and resumed.seats[0].conn is not None)
        assert app.client.refused is None and app.client.seat == 0
        await again.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)


async def test_a_joiner_whose_host_quits_his_own_table_is_not_told_he_left_it_to_a_bot():
    """The host's own screen quitting (ctrl+q, y in `bhtui host`: his leave, then the table
    closes) reached his friends as "Ana left the table: a bot plays the seat until Ana is
    back", then the goodbye: the table closing is said, not a seat handed to a bot."""
    from bhtui.net.local import join
    from bhtui.tui.sessions import stop_after_leave

    seats = [Seat(), Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                for i in range(2, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    host, _ = join(table, "Ana", seat=None)  # the host's own screen (admin)
    in_background(host.run())
    app = BhtuiApp(Config(name="Li"), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and len(app.screen.log_lines) > 3)  # views came: seats are followed
        screen = app.screen
        host.leave()  # what the host's quit does
        stop_after_leave(table)
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen))
        await handled_so_far(pilot, screen)
        log = "\n".join(screen.log_lines)
        assert "Round 1 dealt" in log and "left the table" not in log, log
    await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_host_who_quits_and_resumes_is_said_to_close_and_reopen_the_table(
        language, tmp_path, monkeypatch):
    """After the host quit and ran `host --resume`, his friends' logs said "Ana left the
    table: a bot plays the seat until Ana is back", then "Ana is back at the table": the
    resumed table let them in before his own screen sat down again. The log says what
    happened: the host closed the table, then reopened it."""
    from bhtui.net.local import join
    from bhtui.tui.i18n import Translator

    monkeypatch.setattr(tcp, "BACKOFF", (0.01,) * len(tcp.BACKOFF))  # the slow retry, sped up
    seats = [Seat(), Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                for i in range(2, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0,
                  log=GameLog(tmp_path / "table.log"))
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    port = serving.port
    start_when_full(table)
    host, _ = join(table, "Ana", seat=None)  # the host's own screen (admin), at seat 0
    running = in_background(host.run())
    app = BhtuiApp(Config(name="Li", language=language), RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and len(app.screen.log_lines) > 3)  # views came: seats are followed
        screen = app.screen
        await serving.stop()  # his quit: the table closes, saved
        running.cancel()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen))
        resumed = Table.resume(GameLog.load(tmp_path / "table.log"), bot_delay=0.0)
        again = await start_serving(resumed, listen_socket("127.0.0.1", port), advertise=False)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.refused is None and app.client.table
                       and not app.client.table[0]["connected"], "Li back before Ana")
        await handled_so_far(pilot, screen)
        back, _ = join(resumed, "Ana", seat=0)  # his screen sits down again
        rejoined = in_background(back.run())
        await wait_for(pilot, lambda: app.client.table[0]["connected"], "Ana back")
        await handled_so_far(pilot, screen)
        log = list(screen.log_lines)
        await again.stop()
        rejoined.cancel()
    t = Translator(language)
    closed, reopened = t("log.closed"), t("log.reopened")
    assert closed in log and reopened in log and log.index(closed) < log.index(reopened), log
    assert t("log.left", name="Ana") not in log, log


async def test_a_joiner_in_the_waiting_room_whose_host_quits_is_told_so_and_stays_told():
    """Before the match there is nothing to resume: the screen says the game had not begun,
    and the lost link that follows the goodbye does not open the waiting room over it."""
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(Config(name="Bo"), RemoteSession(address))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
        seen: list[str] = []
        app.client.listen(lambda message: seen.append(message["type"]))
        await serving.stop()
        await wait_for(pilot, lambda: seen == ["bye", "closed"] and app.screen.query(Plain))
        assert isinstance(app.screen, ClosedScreen)
        said = str(app.screen.query_one(Plain).render())
        assert "The host closed the table." in said and "had not begun" in said
        assert f"\n  bhtui --name Bo join {address}\n" in said and "--resume" not in said


async def test_a_watcher_of_a_locked_table_is_told_the_command_with_its_code_s_place():
    """The goodbye's command is the one the person needs: `bhtui --name … watch` with
    the address, and the code's place in BHTUI_CODE (the code itself is not shown, and not on
    a command line that other users of the machine see), each command on a line of its own —
    not a bare `bhtui watch` that meets a code prompt."""
    table = Table(PRESETS["qingdao"], [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                       for i in range(5)], seed=6, rounds=1, bot_delay=0.05,
                  code="kiwi42")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    table.start()
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(Config(name="Wu Li"), RemoteSession(address, "spectator", "kiwi42"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        assert (f"\n  BHTUI_CODE=<join-code> bhtui --name 'Wu Li' watch {address}\n"
                in said)
        assert "kiwi42" not in said and "\n  bhtui host --resume\n" in said
        assert "The game is saved on the host's machine." in said
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_seated_player_of_a_locked_table_is_told_a_command_without_the_code_that_works(
        language, tmp_path):
    """A seated player never needs the join code again (his seat token proves him): the
    goodbye advised `--code <join code>`, a code he need not give and that, on a command
    line, other users of the machine see. The command shown has no code, and run as shown
    once the host resumes the locked table, it takes his seat back without asking one."""
    table, serving = await bots_table_with_seat_0_free(tmp_path, bot_delay=30.0, code="kiwi42")
    port = serving.port
    address = f"127.0.0.1:{port}"
    app = BhtuiApp(Config(name="Li", language=language), RemoteSession(address, code="kiwi42"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        assert f"\n  bhtui --name Li join {address}\n" in said, said
        assert "CODE" not in said and "--code" not in said and "kiwi42" not in said
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    resumed = Table.resume(GameLog.load(tmp_path / "table.log"), bot_delay=30.0, code="kiwi42")
    again = await start_serving(resumed, listen_socket("127.0.0.1", port), advertise=False)
    back = BhtuiApp(Config(name="Li", language=language), RemoteSession(address))  # as shown
    async with back.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(back.screen, TableScreen) and back.client.view)
        assert back.client.seat == 0 and resumed.seats[0].conn is not None
    await again.stop()


async def test_a_watcher_with_bhtuis_own_name_is_told_the_command_he_ran():
    """A watcher who gave no name is called "Watcher" by the table; the goodbye told him to
    come back with `bhtui --name Player watch …` (seen in tmux): he is told the command he
    ran, `bhtui watch …`."""
    table = Table(PRESETS["qingdao"], [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                       for i in range(5)], seed=6, rounds=1, bot_delay=0.05)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    table.start()
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(Config(), RemoteSession(address, "spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        assert f"\n  bhtui watch {address}\n" in said and "--name" not in said
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_joiner_whose_host_quits_after_the_match_is_told_it_is_over(language, tmp_path):
    """After the standings, the host's quit told the joiners their seat was kept for a
    `host --resume` that shows only "Match over": a finished match is said to be over, and
    that it is the host's to replay."""
    table, serving = await bots_table_with_seat_0_free(tmp_path, bot_delay=0.0)
    app = BhtuiApp(Config(name="Ana", language=language, result_seconds=0.2),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client.my_turn)
        await pilot.press("t")  # 托管 plays the match out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen) and app.screen.query(Plain))
        said = str(app.screen.query_one(Plain).render())
        over = {"en": ("The host closed the table.", "The match is over", "bhtui replay"),
                "zh": ("主机已关闭牌桌。", "比赛已结束", "bhtui replay")}[language]
        for words in over:
            assert words in said, said
        assert "--resume" not in said and "waiting" not in said and "等待" not in said
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
