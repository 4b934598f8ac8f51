"""The LAN screens through Pilot, on loopback: the host's waiting room, joining by address,
a refused join code, and the lobby's list of tables."""

from __future__ import annotations

import asyncio
import dataclasses
import re

import pytest
from rich.cells import cell_len
from textual import events
from textual.app import App
from textual.widgets._footer import FooterKey

from bhtui.bots import make_bot
from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.lobby import TableInfo
from bhtui.net.protocol import encode
from bhtui.net.secure import PREAMBLE
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket, open_link
from bhtui.rules import PRESETS
from bhtui.store.private import data_dir
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import HelpScreen, ResultScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.messages import TablesFound
from bhtui.tui.room import LobbyScreen, RefusedScreen, WaitingRoomScreen
from bhtui.tui.sessions import HostSession, RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import EveryHand, Plain, clip

from loopback import HOST_HELLO, WELCOME, hostile_host, seated, settle
from net_helpers import in_background
from tui_helpers import (
    config,
    footer_text,
    handled_so_far,
    my_play_turn,
    open_lobby,
    screen_text,
    wait_for,
)
from tui_helpers import table as table_screen

REMOTE = "this game is saved on the host's machine, not on yours: bhtui replay there shows it"


async def guest_in_waiting_room(pilot, app: BhtuiApp, name: str) -> Client:
    """Once the host's waiting room is up, a guest connects over TCP (its run task started)."""
    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                   and app.session.serving is not None)
    guest = Client(await open_link("127.0.0.1", app.session.serving.port), name)
    in_background(guest.run())
    return guest


async def test_the_host_fills_seats_with_bots_and_one_enter_starts_over_a_remote_bot():
    """A bot playing a joined seat (``attach_bot``) says ready in the waiting room by itself:
    the host's room shows it ready and one Enter starts — no "not ready yet" note, no second
    Enter to start over it."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0, name="Friday")
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        guest = await guest_in_waiting_room(pilot, app, "Bo")
        attach_bot(guest)
        await wait_for(pilot, lambda: app.client.room is not None
                       and app.client.room["seats"][1]["ready"], "Bo ready")
        body = str(app.screen.query_one("#room-body").render())
        assert "Ana" in body and "Bo" in body and "Friday" in body and "✓" in body
        await pilot.press("b")
        await wait_for(pilot, lambda: table.seats_taken() == 5)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) or app.client.my_turn)
        assert table.started and guest.seat == 1 and app.client.seat == 0
        await pilot.press("f1")  # a table others sit at: its help lists chat, as c chats
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert "c chat" in app.screen.texts[0]
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen), "help closed")
        await pilot.press("ctrl+q")  # the host's quit prompt says the table goes with it
        assert "closes your table for everyone" in str(app.screen.query_one("#quit-note").render())
        await pilot.press("n")


async def test_a_host_who_quits_is_told_how_to_open_the_table_again(tmp_path):
    """The host's bhtui ended saying only where the game was kept; his table is opened
    again with --resume, which the joiners were told and he was not."""
    from bhtui.store.gamelog import GameLog

    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0,
                  log=GameLog(tmp_path / "friday.bhlog"))
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "the room")
        await pilot.press("b")
        await wait_for(pilot, lambda: table.seats_taken() == 5, "the bots")
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.started, "the match")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question")
        await pilot.press("y")
    path = tmp_path / "friday.bhlog"
    assert app.farewell == [f"this table is saved in {path}; bhtui host --resume {path} opens "
                            "it again"]


async def test_a_host_who_quits_after_the_match_is_told_it_is_over_and_how_to_replay_it(
        tmp_path):
    """After the standings the host's quit said the table waits for --resume, which shows
    only "Match over": the question and the last line say the match is over and how it is
    replayed."""
    from bhtui.store.gamelog import GameLog
    from bhtui.tui.dialogs import MatchEndScreen

    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0,
                  log=GameLog(tmp_path / "friday.bhlog"))
    app = BhtuiApp(dataclasses.replace(config(), result_seconds=0.2),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "the room")
        await pilot.press("b")
        await wait_for(pilot, lambda: table.seats_taken() == 5, "the bots")
        await pilot.press("enter")
        await my_play_turn(pilot, app)
        await pilot.press("t")  # 托管 plays the match out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the standings")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question")
        note = str(app.screen.query_one("#quit-note").render())
        assert "the match is over" in note and "--resume" not in note, note
        await pilot.press("y")
    path = tmp_path / "friday.bhlog"
    assert app.farewell[-1] == f"this match is over and saved in {path}; bhtui replay {path} shows it"


async def seated_guest(pilot, app: BhtuiApp, name: str) -> Client:
    """A guest in the host's waiting room, not ready, once the host's screen shows him."""
    guest = await guest_in_waiting_room(pilot, app, name)
    await wait_for(pilot, lambda: any(s["name"] == name for s in app.client.room["seats"]),
                   f"{name} in the host's room")
    return guest


async def enter_starts_nothing(pilot, app: BhtuiApp, table: Table) -> None:
    """Enter, then a later command of the host's link (b: bots in the empty seats), which the
    table takes after anything Enter sent: the match has not started."""
    await pilot.press("enter")
    await pilot.press("b")
    await wait_for(pilot, lambda: table.seats_taken() == 5, "the bots")
    assert not table.started


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_host_s_enter_names_who_is_not_ready_and_a_second_enter_starts_anyway(
        language):
    """A joined player may be reading the rules or away for a drink: the host's Enter does not
    start over him but names him and says how to start anyway, and F1 says so too; a second
    Enter starts (the bots' seats as they were)."""
    table, app = hosting(language)
    t = Translator(language)
    async with app.run_test(size=(80, 24)) as pilot:
        guest = await seated_guest(pilot, app, "Li")
        await enter_starts_nothing(pilot, app, table)
        note = app.screen.query_one("#room-note")
        assert note.display and str(note.render()) == t("room.not_ready", names="Li")
        await pilot.press("f1")
        await wait_for(pilot, lambda: not isinstance(app.screen, WaitingRoomScreen), "help")
        assert t("help.room.host", keys=t("room.keys.admin.levels", n=5)) in app.screen.texts
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "the room")
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.started, "the match")
        assert guest.seat == 1 and [s.kind for s in table.seats] == ["human"] * 2 + ["bot"] * 3


async def test_the_host_s_enter_over_someone_not_ready_tells_him_too():
    """The host's screen named who was not ready; theirs said nothing, so nobody knew the host
    waited for them. His room now names the seats the host tried to start over."""
    table, app = hosting("en")
    async with app.run_test(size=(80, 24)) as pilot:
        guest = await seated_guest(pilot, app, "Li")
        await enter_starts_nothing(pilot, app, table)
        await wait_for(pilot, lambda: guest.room is not None
                       and guest.room.get("waiting_for") == [guest.seat], "Li told")
        seat = guest.seat
        guest.leave()  # Li goes; Bo sits in his seat: the host never tried to start over Bo
        await wait_for(pilot, lambda: not table.seats[seat].taken, "Li gone")
        other = await seated_guest(pilot, app, "Bo")
        await wait_for(pilot, lambda: other.room is not None and other.seat == seat, "Bo in")
        assert other.room.get("waiting_for") == []


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_player_not_ready_is_told_the_host_waits_for_him_until_he_is_ready(language):
    """A joiner whom the host tried to start over sees the host waits for him, in his language,
    until he says he is ready."""
    from bhtui.net.local import join
    from bhtui.store.config import Config

    t = Translator(language)
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    host, _ = join(table, "Ana", seat=None)  # the host's own screen (admin)
    in_background(host.run())
    app = BhtuiApp(Config(name="Mei", language=language), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None and app.client.seat is not None)
        note = app.screen.query_one("#room-note")
        assert not note.display
        host.admin("nudge")  # the host's first Enter over Mei not ready
        await wait_for(pilot, lambda: note.display, "the note")
        assert str(note.render()) == t("room.called")
        await pilot.press("r")
        await wait_for(pilot, lambda: not note.display, "the note gone once ready")
    await serving.stop()


@pytest.mark.parametrize(("language", "both"), [("en", "Not ready yet: Li, Wu."),
                                               ("zh", "还没准备好：Li、Wu。")], ids=["en", "zh"])
async def test_a_second_enter_starts_over_only_those_the_note_named(language, both):
    """Someone who sits down after the note is named in turn before a second Enter starts over
    him; once everyone is ready the note goes and one Enter starts. The names are listed as
    the language lists them (a Chinese note had an English comma)."""
    table, app = hosting(language)
    t = Translator(language)
    async with app.run_test(size=(80, 24)) as pilot:
        li = await seated_guest(pilot, app, "Li")
        await pilot.press("enter")
        note = app.screen.query_one("#room-note")
        assert str(note.render()) == t("room.not_ready", names="Li")
        wu = await seated_guest(pilot, app, "Wu")
        assert not note.display  # the note's promise was about Li alone
        await enter_starts_nothing(pilot, app, table)
        assert note.display and str(note.render()).startswith(both)
        li.ready()
        wu.ready()
        await wait_for(pilot, lambda: not note.display, "the note gone as both are ready")
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.started, "the match")


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_waiting_room_says_the_whole_join_command_with_the_code_s_place_at_80x24(
        language):
    """R-LAN (issue 13.8): the room's "others join with" line is a command a joiner can copy —
    --name before join, and on a locked table the code's place in BHTUI_CODE, as --help
    advises (--code shows it to the machine's other users); the code itself is never shown,
    and the line fits 80 columns in one piece."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, name="Friday", code="tea")
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and "Friday" in str(app.screen.query_one("#room-body").render()))
        t = Translator(language)
        command = (f"BHTUI_CODE={t('bye.code')} bhtui --name {t('room.name')} join "
                   f"127.0.0.1:{app.session.serving.port}")
        body = app.screen.query_one("#room-body")
        text = str(body.render())
        assert command in text.splitlines() and "tea" not in text, text
        widest = command.replace(f"127.0.0.1:{app.session.serving.port}", "255.255.255.255:65535")
        assert cell_len(widest) <= body.content_region.width <= 80, body.content_region  # any


async def joining_a_table_of_bots():
    """A served table of four ready bots that starts once a person joins, and an app that
    joins it by address."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    return table, serving, BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))


async def test_joining_by_address_waits_in_the_room_then_plays_at_the_table():
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: table.started)
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        assert app.client.seat == 0 and table.seats[0].name == "Ana"
    await serving.stop()


async def test_a_player_who_quits_a_hosts_table_is_told_how_to_take_his_seat_back():
    """Quitting a LAN table mid-match hands the seat to a bot; bhtui ended on a blank
    terminal, saying nothing of how to come back. Its last lines say so (his seat token
    takes it back: no code), and that the game is kept on the host's machine, not here
    (`bhtui replay` here opened an old game of his own, saying nothing)."""
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question")
        await pilot.press("y")
    assert app.farewell == [f"you left the table and a bot plays your seat; to take it back: "
                            f"bhtui --name Ana join {app.address}", REMOTE]
    await serving.stop()


async def quit_now(pilot, app) -> None:
    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question")
    await pilot.press("y")


async def test_nobody_is_told_to_take_back_a_seat_at_a_table_that_closed():
    """The host closed the table: no seat is kept for anyone to come back to, and the
    closing screen already said how to find the table if the host reopens it."""
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        await serving.stop()
        await wait_for(pilot, lambda: app.client.closed_by_host, "the table closed")
        await quit_now(pilot, app)
    assert app.farewell == [REMOTE]


async def test_a_seat_that_cannot_be_written_down_is_a_warning_and_the_game_goes_on():
    """seats.json a folder (a read-only data folder, a full disk alike): taking the seat
    crashed the joiner's app, its dump showing the seat token. He plays on, and is told once
    (a toast, F3's list, the terminal when bhtui ends) that a restart loses the seat."""
    (data_dir() / "seats.json" / "x").mkdir(parents=True)
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await my_play_turn(pilot, app)
        told = [w for w in app.warnings if "seat could not be written down" in w]
        assert len(told) == 1 and "seats.json: Is a directory" in told[0]
        assert table.seats[0].token not in told[0] and told == app.problems
        assert any(n.message == told[0] for n in app._notifications)
        await quit_now(pilot, app)
    assert app.farewell == [REMOTE]  # no command that cannot take the seat back
    await serving.stop()


async def test_a_lost_link_says_reconnecting_until_the_table_takes_us_back():
    """A dropped link (or a host that quit) is said on the status line for as long as it
    lasts, not as a note that gave way to "Waiting for …" while nothing could come."""
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        screen, seen = app.screen, []
        status = screen.query_one("#status")
        app.client.listen(lambda message: seen.append(message["type"]))
        port = serving.port
        serving.server.close()  # nobody answers until it listens again
        next(v.conn for v in table.viewers.values() if v.seat == 0).close("dropped")
        await wait_for(pilot, lambda: "closed" in seen and "reconnecting" in str(status.render()))
        serving = await start_serving(table, listen_socket("127.0.0.1", port), advertise=False)
        await wait_for(pilot, lambda: "welcome" in seen and "reconnecting" not in str(status.render()))
    await serving.stop()


async def test_while_the_link_is_down_play_pass_and_hint_are_dimmed():
    """At my turn, a lost link dims Play, Pass and Hint (a press would reach nobody, and p
    did nothing while they stayed lit)."""
    table, serving, app = await joining_a_table_of_bots()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        screen = table_screen(app)
        keys = ("play", "pass_turn", "hint")

        def lit() -> list[bool]:
            return [screen.check_action(action, ()) is True for action in keys]

        def footer_dimmed() -> bool:
            return all(k.has_class("-disabled") for k in screen.query(FooterKey)
                       if k.action in keys)

        await wait_for(pilot, lambda: lit() == [True] * 3 and not footer_dimmed())
        port = serving.port
        serving.server.close()
        next(v.conn for v in table.viewers.values() if v.seat == 0).close("dropped")
        await wait_for(pilot, lambda: screen.model.link_lost is not None and footer_dimmed())
        assert lit() == [False] * 3
        serving = await start_serving(table, listen_socket("127.0.0.1", port), advertise=False)
        await wait_for(pilot, lambda: screen.model.link_lost is None)  # back: the keys follow the
        #                                                        turn (the match went on)
    await serving.stop()


async def test_a_wrong_join_code_is_asked_again_and_nothing_else_happens():
    """A mistyped code (on the command line or typed) is asked for again, not the end of
    the program; an empty answer gives up and says why."""
    from bhtui.tui.room import CodePrompt

    table = Table(PRESETS["qingdao"], seed=1, code="tea")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", code="coffee"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
        first = app.screen
        assert "Wrong join code" in str(first.query_one(Plain).render())
        assert table.seats_taken() == 0
        await pilot.press("c", "h", "a", "enter")  # wrong again
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt) and app.screen is not first)
        await pilot.press("enter")  # gives up
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
        assert "wrong join code" in str(app.screen.query_one("Static").render())
        assert table.seats_taken() == 0
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", code="coffee"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
        await pilot.press("t", "e", "a", "enter")  # right this time
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
        assert table.seats_taken() == 1
    await serving.stop()


async def test_a_watcher_whose_code_the_table_no_longer_takes_is_asked_for_the_new_one():
    """The table back with another code (its host reopened it with a new one): the watcher
    is asked for the new code, saying why, and is back with it; given none, he is told he
    left and how to come back — not "reconnecting…" for ever, every try a wrong guess."""
    from bhtui.net.joincode import CodeGuard
    from bhtui.tui.room import CodePrompt

    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=None, bot_delay=600.0, code="tea")
    table.start()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    port = serving.port
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{port}", "spectator", code="tea"))

    async def reopened_with(code: str) -> None:
        nonlocal serving
        serving.server.close()
        next(iter(table.viewers.values())).conn.close("dropped")  # (as kill -9 leaves it)
        table.guard = CodeGuard(code)
        serving = await start_serving(table, listen_socket("127.0.0.1", port), advertise=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        await reopened_with("milk")
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
        assert "no longer takes your join code" in str(app.screen.query_one(Plain).render())
        await pilot.press("m", "i", "l", "k", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.welcomes == 2)
        await reopened_with("soy")
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
        said = " ".join(" ".join(screen_text(app)).split())
        assert "Left the table: wrong join code" in said
        assert f"BHTUI_CODE=<join-code> bhtui --name Ana watch 127.0.0.1:{port}" in said
    await serving.stop()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Could not join: no free seat at this table; you can watch", "To watch it: "]),
    ("zh", ["无法加入：这张牌桌没有空座位了；你可以观战", "观战："]),
])
async def test_a_full_table_says_how_to_watch_it_instead_at_80x24(lang, said):
    """A friend who comes late to a full table is told, in his language (the host's refusal
    says which case it is: it reached a Chinese screen in English), the command that
    watches it."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=30.0)
    table.start()  # (before it, a newcomer takes a bot's seat)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(dataclasses.replace(config(), language=lang),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), 2000)
        text = str(app.screen.query_one("Static").render())
        for part in said:
            assert part in text, text
        assert f"bhtui watch 127.0.0.1:{serving.port}" in text
        assert table.seats_taken() == 5
    await serving.stop()


FRIDAY = TableInfo("a", "Friday", "10.0.0.5", 7474, "qingdao", 3, 2, True, "1.0", "0.1.0", "x")
"""A locked qingdao table with 3 of 5 seats taken, 2 watching."""


async def test_the_lobby_lists_tables_live_and_enter_picks_one():
    # A bare app: this test must not browse the real network (no session, no zeroconf).
    app = App()
    picked: list = []
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await open_lobby(pilot, app, picked)
        tables = {
            "a": FRIDAY,
            "b": TableInfo("b", "Dorm", "10.0.0.9", 7474, "lianzhong-simple", 1, 0, False, "1.0",
                           "0.1.0", "y", ("kao", "rebellion")),
        }
        lobby.show_tables(tables)
        await pilot.pause()
        grid = lobby.query_one("DataTable")
        assert grid.row_count == 2
        assert [str(grid.get_row_at(i)[0]) for i in range(2)] == ["Dorm", "Friday"]
        assert grid.get_row_at(1)[3] == "3/5 🔒"
        assert str(grid.get_row_at(0)[2]) == "Lianzhong simple · 烤牌, 造反"
        assert "Looking for tables" not in str(lobby.query_one("#lobby-hint").render())
        await pilot.press("down", "enter")
        await pilot.pause()
        assert picked and picked[0].name == "Friday"


async def test_the_lobby_changes_a_tables_row_alone_and_keeps_the_cursor_on_its_table():
    """A table's seats filling, and tables coming, redrew the whole list with the cursor back
    at the top: Enter then took whichever table was first."""
    app = App()
    picked: list = []
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await open_lobby(pilot, app, picked)
        dorm = TableInfo("b", "Dorm", "10.0.0.9", 7474, "qingdao", 1, 0, False, "1.0", "0.1.0", "y")
        friday = FRIDAY
        lobby.show_tables({"a": friday, "b": dorm})
        await pilot.press("down")  # on Friday
        grid = lobby.query_one("DataTable")
        rows = dict(grid.rows)
        lobby.show_tables({"a": friday, "b": dataclasses.replace(dorm, seats=2)})
        await pilot.pause()
        assert grid.get_row_at(0)[3] == "2/5"
        assert all(grid.rows.get(key) is row for key, row in rows.items())  # not drawn anew
        attic = TableInfo("c", "Attic", "10.0.0.7", 7474, "qingdao", 0, 0, False, "1.0", "0.1.0", "z")
        lobby.show_tables({"a": friday, "b": dorm, "c": attic})  # sorted before Friday
        await pilot.pause()
        assert grid.row_count == 3
        await pilot.press("enter")
        await pilot.pause()
        assert picked and picked[0].name == "Friday"


async def test_enter_typed_with_the_arrows_before_it_picks_the_row_they_reached():
    """↓↓⏎ sent in one burst (tmux send-keys Down Down Enter) opened the table the cursor
    had been on: Enter, the screen's priority key, was taken as it arrived, before the
    arrows queued for the list. The footer still names Enter."""
    app = App()
    picked: list = []
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await open_lobby(pilot, app, picked)
        attic = TableInfo("c", "Attic", "10.0.0.7", 7474, "qingdao", 0, 0, False, "1.0", "0.1.0", "z")
        dorm = TableInfo("b", "Dorm", "10.0.0.9", 7474, "qingdao", 1, 0, False, "1.0", "0.1.0", "y")
        lobby.show_tables({"a": FRIDAY, "b": dorm, "c": attic})
        await pilot.pause()
        assert "Pick" in footer_text(lobby)
        for key, char in (("down", None), ("down", None), ("enter", "\r")):  # at once: a
            app.post_message(events.Key(key, char))  # pilot.press waits between keys
        await wait_for(pilot, lambda: picked)
        assert picked[0].name == "Friday", picked[0].name


@pytest.mark.parametrize(("language", "said"), [
    ("en", [("Friday", "Qingdao", "waiting"), ("Hall", "Shanghai", "deal 4"),
            ("Old", "qingdao-x", ""), ("Zoo", "Baike", "round 12")]),
    ("zh", [("Friday", "青岛", "等人"), ("Hall", "上海", "第4局"),
            ("Old", "qingdao-x", ""), ("Zoo", "百科", "第12局")]),
])
async def test_the_lobby_says_whether_each_table_waits_or_plays_and_names_its_rules(
        language, said):
    """The lobby showed nothing of whether a table plays, and its rules as preset ids
    (``qingdao``, ``shanghai``) in Chinese too: now as the settings screen names them, and
    a host's words this bhtui does not know as they came."""
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = LobbyScreen(Translator(language), watching=False)
        app.push_screen(lobby)
        await pilot.pause()
        lobby.show_tables({
            "a": dataclasses.replace(FRIDAY, state="waiting"),
            "h": dataclasses.replace(FRIDAY, key="h", name="Hall", preset="shanghai",
                                     game="doudizhu", size=4, state="playing", round=4),
            "o": dataclasses.replace(FRIDAY, key="o", name="Old", preset="qingdao-x"),
            "z": dataclasses.replace(FRIDAY, key="z", name="Zoo", preset="baike",
                                     state="playing", round=12),
        })
        await pilot.pause()
        grid = lobby.query_one("DataTable")
        assert [(str(row[0]), str(row[2]), str(row[4]))
                for row in (grid.get_row_at(i) for i in range(4))] == said


async def test_the_lobby_says_when_tables_were_left_out():
    app = App()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await open_lobby(pilot, app)
        friday = FRIDAY
        lobby.post_message(TablesFound({"a": friday}, left_out=True))
        await wait_for(pilot, lambda: lobby.query_one("DataTable").row_count == 1)
        assert "the rest are left out" in str(lobby.query_one("#lobby-hint").render())


async def test_a_guest_named_with_markup_shows_as_text_in_the_waiting_room():
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0, name="[b]Friday[/]")
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await guest_in_waiting_room(pilot, app, "[/][red]Bo")
        await wait_for(pilot, lambda: table.seats_taken() == 2)
        await pilot.pause()
        body = str(app.screen.query_one("#room-body").render())
        assert "[/][red]Bo" in body and "[b]Friday[/]" in body


async def test_the_waiting_room_names_who_watches():
    """Players see who watches before the match, not a bare count; a name past the first
    few is counted only, and a long one is cut."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0, name="Friday")
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.session.serving is not None)
        port = app.session.serving.port
        for name in ("Wu", "AVeryLongNameIndeed", "Zhao", "Qian", "Sun", "Zhou", "Ximen"):
            watcher = Client(await open_link("127.0.0.1", port), name, role="spectator")
            in_background(watcher.run())
            await wait_for(pilot, lambda: watcher.room is not None, f"{name} in")

        def body() -> str:
            return " ".join(str(app.screen.query_one("#room-body").render()).split())

        await wait_for(pilot, lambda: "7 watching" in body(), "the count")
        assert "7 watching: Wu, AVeryLongNa…, Zhao, Qian, Sun, …" in body()
        assert "Zhou" not in body() and "Ximen" not in body()


def room_lines(app: BhtuiApp) -> list[str]:
    return str(app.screen.query_one("#room-body").render()).splitlines()


@pytest.mark.parametrize("host", ["Bartholomew", "欧阳" * 10])
async def test_the_seat_list_s_names_column_is_as_wide_as_the_longest_name_shown(host):
    """Your seat's * (by its number) does not widen the names' column: the bots' words start
    two cells past the longest name as shown (a long one cut to 24 cells), as on the screens
    of the others, where that name has no *."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0, name="Friday")
    app = BhtuiApp(dataclasses.replace(config(), name=host),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await guest_in_waiting_room(pilot, app, "Li")
        await wait_for(pilot, lambda: table.seats_taken() == 2)
        await pilot.press("b")
        await wait_for(pilot, lambda: any("bot" in line for line in room_lines(app)), "bots")
        shown = clip(host, 24)
        mine = next(line for line in room_lines(app) if shown in line)
        bots = [line for line in room_lines(app) if "bot" in line]
        names_at = cell_len(mine[:mine.index(shown)])
        assert len(bots) == 3
        for line in bots:
            assert cell_len(line[:line.index("bot")]) == names_at + cell_len(shown) + 2, line
        assert "1 *" in mine  # yours all the same


def test_a_hostile_host_s_watchers_cost_the_room_one_short_line():
    from bhtui.tui.room import watching_words
    t = Translator("en")
    many = {"spectators": 10**9, "watchers": ["X" * 10_000] * 100_000}
    assert watching_words(t, many) == "1000000000 watching: " + ", ".join(["XXXXXXXXXXX…"] * 5) + ", …"
    assert watching_words(t, {"spectators": "3", "watchers": ["Wu"]}) == "3 watching"
    assert watching_words(t, {"spectators": 2, "watchers": {"Wu": 1}}) == "2 watching"
    assert watching_words(t, {"spectators": 1, "watchers": [7]}) == "1 watching: 7"


async def test_the_table_menu_of_serve_ssh_watches_the_chosen_table():
    from bhtui.tui.room import TableMenu
    from bhtui.tui.sessions import MenuSession

    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.01)
    table.start()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), MenuSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableMenu))
        await pilot.press("enter", "enter")  # no name yet: no choices
        await pilot.pause()
        assert isinstance(app.screen, TableMenu) and app.screen.focused.id == "menu-name"
        await pilot.press(*"Ann", "enter")  # a name: the choices
        await wait_for(pilot, lambda: app.screen.focused.id != "menu-name")
        await pilot.press("enter")  # the first choice: watch
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        assert app.client.seat is None and table.spectator_count() == 1
        assert app.config.name == "Ann" and app.settings.saved.name != "Ann"  # never saved
    await serving.stop()


def hosting(language: str = "en") -> tuple[Table, BhtuiApp]:
    """A qingdao table hosted from this screen (not advertised)."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0)
    return table, BhtuiApp(dataclasses.replace(config(), language=language),
                           HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))


async def open_rules(pilot, app: BhtuiApp) -> None:
    """From the waiting room, `o` opens the rules screen."""
    from bhtui.tui.settings import SettingsScreen

    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def test_the_host_sets_rule_options_in_the_waiting_room_and_they_are_fixed_at_the_start():
    table, app = hosting()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_rules(pilot, app)
        await pilot.press("down", "space", "enter")  # the second option: grab_solo
        await wait_for(pilot, lambda: table.rules.grab_solo)
        assert not table.rules.force_first
        await wait_for(pilot, lambda: "抢独" in str(app.screen.query_one("#room-body").render()))
        await pilot.press("b", "enter")
        await wait_for(pilot, lambda: table.started)
        assert table.match.rules.grab_solo
        with pytest.raises(ValueError, match="started"):
            table.set_options({"force_first": True})


async def test_the_host_picks_another_rule_set_in_the_waiting_room_and_the_room_shows_it():
    table, app = hosting()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_rules(pilot, app)
        await pilot.press("right", "right", "space", "enter")  # lianzhong-classic, kao on
        await wait_for(pilot, lambda: table.rules.name == "lianzhong-classic")
        assert table.rules.kao and not table.rules.bie6
        def body() -> str:
            return str(app.screen.query_one("#room-body").render())
        await wait_for(pilot, lambda: "Lianzhong classic" in body() and "烤牌" in body())
        from bhtui.net.lobby import Advertiser
        assert Advertiser(table, 7474)._properties()["options"] == "kao"
        app.client.admin("options", preset="rizhao", options={})
        def note() -> str:
            return str(app.screen.query_one("#room-note").render())
        await wait_for(pilot, lambda: "Refused: unknown preset 'rizhao'; known: qingdao" in note())
        assert table.rules.name == "lianzhong-classic"  # nothing else changed


async def test_esc_on_the_waiting_room_s_rules_screen_goes_back_to_the_room_unchanged():
    """The host's rules screen names Esc (Back) in its footer, and Esc changes nothing.
    Enter there sets the rules and starts nothing: it is named Apply, not Start."""
    table, app = hosting()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_rules(pilot, app)
        await wait_for(pilot, lambda: "esc Back" in footer_text(app.screen), "Esc named")
        assert "Esc quit" not in "\n".join(screen_text(app))
        assert "Apply" in footer_text(app.screen) and "Start" not in footer_text(app.screen)
        assert "Enter apply" in "\n".join(screen_text(app))
        await pilot.press("right", "space", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "the room")
        assert table.rules.name == "qingdao"
        assert table.rules.options() == PRESETS["qingdao"].options()


# ----- issue 11: the network defects 7, 8 and 9 ---------------------------------------------
async def test_rejoining_by_address_after_joining_from_the_lobby_keeps_the_seat(monkeypatch):
    """Issue 11.7: the seat token is found whichever way the table is reached."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, bot_delay=30.0, name="Friday")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    listed = TableInfo("Friday-x._bhtui._tcp.local.", "Friday", "127.0.0.1", serving.port,
                       "qingdao", 4, 0, False, "2.0", "0.1.0", table.boot_id)

    async def lobby_pick(self, app):  # what the lobby lists (no zeroconf in the test process)
        return listed

    monkeypatch.setattr(RemoteSession, "_pick", lobby_pick)
    first = BhtuiApp(config(), RemoteSession(None))
    async with first.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in first.screen_stack))
        assert first.client.seat == 0
    again = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in again.screen_stack)
                       or isinstance(again.screen, RefusedScreen), 2000)
        assert again.client.seat == 0 and not isinstance(again.screen, RefusedScreen)
    await serving.stop()


async def test_joining_a_closed_port_says_it_failed_why_and_what_to_try():
    """Issue 11.8: no endless "Connecting…"; the reason is read in full at 80×24 (it wraps,
    it is not cut at the screen's edge)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), 2000)
        await pilot.pause()
        box = app.screen.query_one("Static")
        text = str(box.render())
        assert f"127.0.0.1:{port}" in text and "connection refused" in text
        assert "bhtui host" in text and "bhtui join" in text  # what to try
        assert 0 <= box.region.x and box.region.right <= 80 and box.region.height >= 3


async def older_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A bhtui from before TLS: its hello in clear."""
    writer.write(encode({**HOST_HELLO, "proto": [2, 0], "app": "0.9"}))
    await reader.read(65536)


async def other_program(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
    await reader.read(65536)


async def door_pushing_out(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A table's door pushing the connection out during its TLS handshake (a newcomer took
    its place): the preamble, the client's TLS hello, and a close without a word."""
    writer.write(PREAMBLE)
    await reader.read(65536)
    writer.close()


@pytest.mark.parametrize("lang, serve, said", [
    ("en", older_host, "Could not join: this host runs bhtui 0.9, which does not encrypt its "
                       "tables: it needs the same version as yours"),
    ("zh", older_host, "无法加入：该主机运行的是 bhtui 0.9，它的牌桌不加密：需要与你相同的版本"),
    ("en", other_program, "Could not join: what answers on 127.0.0.1:{port} is not a bhtui "
                          "table. Is that the port bhtui host printed?"),
    ("en", door_pushing_out, "Could not join: the table is busy with other connections: "
                             "try again"),
    ("zh", door_pushing_out, "无法加入：牌桌正忙于处理其他连接：请稍后再试"),
], ids=["older bhtui", "older bhtui zh", "another program", "busy mid-TLS", "busy mid-TLS zh"])
async def test_a_table_that_cannot_be_spoken_to_privately_is_named_for_what_it_is(
        lang, serve, said):
    """An older bhtui sends its frames in clear, another program is no table, and a door
    that pushes us out during the TLS handshake cannot say `busy` in it: the app says which
    in one line (not "the host broke the protocol" or "ConnectionResetError", and not our
    name and seat token sent in clear), and does not go on reconnecting."""
    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    app = BhtuiApp(dataclasses.replace(config(), language=lang), RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), "the refusal")
        text = str(app.screen.query_one("Static").render())
        assert " ".join(text.splitlines()).startswith(said.format(port=port) + " ")
    server.close()


@pytest.mark.parametrize("lang, env, said", [
    ("en", None, ["Could not join: this table asks for no join code, but you have one: it may "
                  "not be the table you were invited to, or its host turned the code off",
                  "If you trust it, connect again without the code:",
                  "bhtui --name Ana join 127.0.0.1:{port}"]),
    ("zh", None, ["无法加入：该牌桌不需要入桌码，但你带着入桌码：它可能不是邀请你的那张牌桌，"
                  "也可能是主机关掉了入桌码",
                  "若信任它，请不带入桌码重新连接：", "bhtui --name Ana join 127.0.0.1:{port}"]),
    ("en", "2468", ["Could not join: this table asks for no join code",
                    "BHTUI_CODE is set (to host a table?) and gives every join its code. If you "
                    "trust this table, connect again without it:",
                    "BHTUI_CODE= bhtui --name Ana join 127.0.0.1:{port}"]),
    ("en", "1357", ["If you trust it, connect again without the code:",
                    "bhtui --name Ana join 127.0.0.1:{port}"]),
], ids=["en", "zh", "BHTUI_CODE", "BHTUI_CODE not the one used"])
async def test_joining_with_a_code_a_table_that_asks_for_none_says_so_and_how_to_go_on(
        monkeypatch, lang, env, said):
    """A player given a code (`--code`, `--code-file`, or `BHTUI_CODE`, perhaps set to host)
    meets a table asking for none at that address: the app says so in his language, and the
    command that goes on without the code — one emptying `BHTUI_CODE` when the code came from
    it, since the same command would take it from there again (not when it holds another,
    the code given otherwise) — and the table never had his name."""
    if env is None:
        monkeypatch.delenv("BHTUI_CODE", raising=False)
    else:
        monkeypatch.setenv("BHTUI_CODE", env)
    table = Table(PRESETS["qingdao"], seed=1)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(dataclasses.replace(config(), language=lang),
                   RemoteSession(f"127.0.0.1:{serving.port}", code="2468"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), "the refusal")
        box = app.screen.query_one("Static")
        text = " ".join(line.strip() for line in str(box.render()).splitlines())
        for part in said:
            assert part.format(port=serving.port) in text, text
        assert ("BHTUI_CODE" in text) == (env == "2468"), text
        assert box.region.right <= 80 and table.seats_taken() == 0
    await serving.stop()


_, CATCHUP, VIEW = seated()


@pytest.mark.parametrize("messages, said", [
    ([{**WELCOME, "last_cid": "x"}], "Could not join: the table's host broke the protocol "
                                     "(a 'welcome' message without a valid 'last_cid')"),
    ([WELCOME, {"type": "view", "seq": 1}], "Left the table: the table's host broke the "
                                            "protocol (a 'view' message without a valid 'view')"),
    ([WELCOME, CATCHUP, VIEW, {"type": "event", "seq": VIEW["seq"] + 1, "event": {
        "type": "role", "seat": 0, "private": 0, "by": "called"}}],
     "Left the table: the table's host broke the protocol (a 'event' message without a "
     "valid 'event.role')"),
    ([WELCOME, CATCHUP, {**VIEW, "view": {**VIEW["view"], "preset": "rizhao"}}],
     "Left the table: the table's host broke the protocol (a 'view' message without a valid "
     "'view.preset')"),
], ids=["before the welcome", "once in", "an event of the game", "a view of the game"])
async def test_a_hostile_host_s_malformed_message_is_one_line_saying_so_not_a_crash(
        messages, said):
    """A table anyone advertises in the lobby sends what the protocol does not allow: the
    app says so in one line, as it says a refusal (it does not go on "reconnecting" to a
    host that would only do it again), and nothing crashes. That goes for a game's own
    fields too: a Baohuang role event without its role (a KeyError in the log's words), a
    view of a preset this bhtui does not know (a ValueError in the seat boxes)."""
    server, port, links = await hostile_host(*messages)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: not app.is_running or isinstance(app.screen, RefusedScreen),
                       "the refusal")
        text = str(app.screen.query_one("Static").render())
        assert text.splitlines()[0] == said and links == [1]
    server.close()


async def test_a_hint_of_cards_the_hand_does_not_hold_selects_nothing_and_the_table_stays():
    """A hint comes after the hand changed (a play sent while the host worked it out), or
    from a hostile host: a Baohuang set the hand cannot make was a ValueError out of
    pick_cards that took the app down. Now the hint selects nothing."""
    hand = VIEW["view"]["hand"]
    jokers = " ".join(["BJ"] * (hand.count("BJ") + 1))  # one more big joker than it holds
    hint = {"type": "hint", "cid": 1, "action": {"type": "play", "set": jokers}}
    server, port, _ = await hostile_host(WELCOME, CATCHUP, VIEW, hint)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)
                       and table_screen(app).last_hint is not None, "the hint")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, TableScreen)
        assert table_screen(app).hand.selected == [] and app.client.refused is None
    server.close()


async def test_joining_a_table_with_a_code_by_address_asks_for_the_code():
    """Issue 13.8: a code never given on the command line is asked for on the screen; once
    in, the room no longer says the table refused us."""
    from bhtui.tui.room import CodePrompt

    table = Table(PRESETS["qingdao"], seed=1, code="tea")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt), 2000)
        await pilot.press("t", "e", "a", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None, 2000)
        assert table.seats_taken() == 1
        await pilot.pause()
        note = app.screen.query_one("#room-note")  # the refusal that asked is past
        assert not note.display, note.render()
    await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_behind_the_join_code_prompt_the_room_only_says_it_connects(language, size):
    """Joined by address to a locked table, the room behind the code prompt said "Connection
    lost" and "You are watching" to someone who had never been let in. Behind the prompt,
    and behind it again after a wrong code, it says only that it connects; with the right
    code it is the room as ever, no note and the player's keys."""
    from bhtui.tui.room import CodePrompt

    table = Table(PRESETS["qingdao"], seed=1, code="tea")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    address = f"127.0.0.1:{serving.port}"
    app = BhtuiApp(dataclasses.replace(config(), language=language), RemoteSession(address))
    t = Translator(language)
    async with app.run_test(size=size) as pilot:
        asked = None
        for code in ("chai", "tea"):  # a wrong code, then the right one
            await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt)
                           and app.screen is not asked, "the code prompt")
            asked, room = app.screen, app.screen_stack[-2]
            assert isinstance(room, WaitingRoomScreen)
            await handled_so_far(pilot, room)  # the lost link and refusal that asked, too
            assert not room.query_one("#room-note").display
            assert str(room.query_one("#room-keys").render()) == ""
            assert str(room.query_one("#room-body").render()) == t("connecting", address=address)
            shown = "\n".join(screen_text(app))
            assert t("room.keys.watcher")[:6] not in shown, shown
            await pilot.press(*code, "enter")
        await wait_for(pilot, lambda: app.screen is room and app.client.room is not None,
                       "the room")
        await handled_so_far(pilot, room)
        assert not room.query_one("#room-note").display
        assert str(room.query_one("#room-keys").render()) == t("room.keys.player", n=5)
        assert "Ana" in str(room.query_one("#room-body").render())
    await serving.stop()


def test_hosting_on_a_port_in_use_is_one_line_and_exit_status_2(tmp_path):
    """Issue 11.9: the interactive host (in a real terminal) fails as --headless does."""
    import os
    import pty
    import socket
    import subprocess
    import sys

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        master, slave = pty.openpty()
        host = subprocess.Popen(
            [sys.executable, "-m", "bhtui", "host", "--bind", "127.0.0.1", "--port", str(port),
             "--no-advertise"], stdin=slave, stdout=slave, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path)})
        os.close(slave)
        try:
            _, err = host.communicate(timeout=60)
        finally:
            host.kill()
            host.wait()
            os.close(master)
    assert host.returncode == 2
    assert err.strip() == f"bhtui: cannot serve on 127.0.0.1:{port}: Address already in use"


async def test_a_window_whose_seat_is_taken_over_elsewhere_says_so_and_stays_out():
    """The host's final `replaced`: the screen says the seat was taken over from another
    window or machine (in the player's language) and does not take the seat back."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, bot_delay=30.0, name="Friday")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        other = Client(await open_link("127.0.0.1", serving.port), "Elsewhere",
                       token=table.seats[0].token)
        in_background(other.run())
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), 2000)
        text = str(app.screen.query_one("Static").render())
        assert "Left the table: this seat was taken over from another window or machine" in text
        assert "Could not join" not in text
        assert table.seats[0].name == "Elsewhere" and other.refused is None
    await serving.stop()


@pytest.mark.parametrize("played_on", [False, True])
async def test_a_watcher_coming_in_sees_a_rounds_result_only_while_it_is_news(played_on):
    """Watching (or rejoining, or resuming) a table whose last round ended shows that
    round's result while the next has not begun its play, closing by itself (a watcher's
    Enter only closes it, so it never says the next round comes sooner); once a set of the
    next round has been played, the old result is left to the log and the table is shown as
    it is."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=2, bot_delay=60.0)  # bots held
    table.start()
    bot = make_bot("heuristic")

    def step() -> None:
        seat = table.match.to_act
        table.apply(seat, bot.decide(table.match.legal_actions(seat)))

    while table.match.round.number == 1:
        step()
    if played_on:
        while table.match.round.phase != "play":
            step()
        step()  # the first set of round 2
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)
                       and app.client.view is not None)
        step()  # a new view: a result still waiting is shown with it
        if not played_on:
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
            line = app.screen.continue_line
            await wait_for(pilot, lambda: "This closes in" in str(line.render()))
            assert "Next round" not in str(line.render())
        else:
            watching = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            await wait_for(pilot, lambda: watching.model.logged_seq >= table.seq)
            await pilot.pause()  # (the view after the move's event)
            assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)
    await serving.stop()


async def test_help_while_still_connecting_to_a_table_opens_and_breaks_nothing(monkeypatch):
    """F1 while `join` was still connecting (slow Wi-Fi, an address that does not answer)
    ended the app: the help told a table not reached yet that the player was reading."""
    import asyncio

    import bhtui.net.tcp

    reached = asyncio.Event()

    async def slow(host, port, timeout=5.0):
        reached.set()
        await asyncio.Event().wait()  # never answers

    monkeypatch.setattr(bhtui.net.tcp, "open_link", slow)
    app = BhtuiApp(config(), RemoteSession("192.0.2.1:7474"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and reached.is_set(), "connecting")
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen), "help closed")
        assert app.is_running


@pytest.mark.parametrize("open_table", [True, False])
async def test_R_HIDE_3_a_watcher_of_an_open_table_sees_every_hand_and_no_seat_s_words(open_table):
    """`host --open-spectating` shows spectators every hand (R-HIDE-3): the watcher's screen
    had no place for them, so it showed none, and each seat's private role line reached its
    log as "You are the emperor", "You are a rebel"… once per seat. Now the hands stand one
    line a seat over the log, and no other seat's words for itself are logged; a watcher of
    a closed table sees neither."""
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=2, bot_delay=60.0,  # bots held
                  open_spectating=open_table)
    table.start()
    bot = make_bot("heuristic")
    while table.match.round.phase != "play" or table.match.round.leader is None:
        seat = table.match.to_act
        table.apply(seat, bot.decide(table.match.legal_actions(seat)))
    seat = table.match.to_act
    table.apply(seat, bot.decide(table.match.legal_actions(seat)))  # the first set
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.view is not None)
        watching = app.screen
        await wait_for(pilot, lambda: watching.model.logged_seq >= table.seq)
        await pilot.pause()
        panel = watching.query_one("#hands", EveryHand)
        log = "\n".join(watching.log_lines)
        assert "plays" in log  # the round so far is logged
        assert "You " not in log
        if not open_table:
            assert not panel.display
            return
        assert panel.display and panel.region.height == 7  # five lines in a border
        lines = str(panel.render()).splitlines()
        hands = table.match.view("all")["hands"]
        suited = 0
        for s, line in enumerate(lines):
            name, *units = line.split()
            held: dict[str, list[str]] = {}
            for card in hands[s]:
                rank = card[:-1] if card[-1] in "SHDC" else card
                held.setdefault(rank, []).append(card[-1] if rank != card else "")
            read = {}
            for unit in units:  # a rank with its cards' suits where they fit, else a count
                found = re.fullmatch(r"(10|[2-9JQKA]|SJ|BJ)(?:×(\d+)|([♠♥♣♦♤♡♧♢]+))", unit)
                assert found, unit
                rank, count, suits = found.groups()
                read[rank] = int(count) if count else len(suits)
                if suits:
                    suited += 1
                    shown = sorted("SHCD"["♠♥♣♦".index(g) if g in "♠♥♣♦" else "♤♡♧♢".index(g)]
                                   for g in suits)
                    assert shown == sorted(held[rank]), (rank, suits)
            assert name == f"B{s}" and read == {r: len(c) for r, c in held.items()}
        assert len(lines) == 5 and suited  # the suits of what fits, as the table draws them
    await serving.stop()


@pytest.mark.parametrize(("refused", "en", "zh"), [
    ({"code": "cooldown", "why": "codes", "seconds": 42, "reason": "…in 42 s"},
     "try again in 42 s", "请 42 秒后再试"),
    ({"code": "code", "why": "wrong", "reason": "wrong join code"}, "wrong join code",
     "入桌码不对"),
    ({"code": "full", "why": "spectators", "reason": "…"}, "as many spectators", "观战人数已满"),
    ({"code": "open", "why": "open", "reason": "…"}, "--open-spectating", "亮出每个人的牌"),
    ({"code": "cooldown", "why": "codes", "seconds": "42; rm", "reason": "r"}, "in ? s",
     "请 ? 秒后再试"),
    ({"code": "full", "why": ["seats"], "reason": "the host's words"}, "the host's words",
     "the host's words"),
    ({"code": "full", "why": "other", "reason": "the host's words"}, "the host's words",
     "the host's words"),
    ({"code": "version", "app": "9.1", "protocols": "4.0, this bhtui's 3.0", "reason": "…"},
     "bhtui 9.1, whose protocol (4.0, this bhtui's 3.0) differs", "通信协议不同（4.0"),
    ({"code": "protocol", "reason": "too many messages: slow down"},
     "says we broke the protocol (too many messages", "违反了通信协议（too many messages"),
    ({"code": "unreachable", "why": "nosuch", "reason": "the host's words"}, "the host's words",
     "the host's words"),
], ids=["cooldown", "wrong code", "no room to watch", "open table", "bad wait",
        "why not a text", "unknown case", "another protocol", "protocol", "unknown unreachable"])
def test_a_host_s_refusal_is_said_in_the_player_s_language_when_its_case_is_known(
        refused, en, zh):
    """A refusal's case (``why``) picks the words in the player's language; a wait that is not
    a sane whole number is not shown, and a case this bhtui does not know, or one that is not
    a text (a hostile host's), leaves the host's own words, never an error."""
    from bhtui.tui.app import refusal
    from bhtui.tui.i18n import Translator

    assert en in refusal(Translator("en"), refused)
    assert zh in refusal(Translator("zh"), refused)


async def test_the_host_cannot_empty_his_own_seat_in_the_waiting_room():
    """His own seat's number, then x, made the host a watcher of his own match, with no key
    to sit down again and no question first. x leaves his seat and says why."""
    table, app = hosting()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None and app.client.seat is not None)
        mine = app.client.seat
        await pilot.press(str(mine + 1), "x", "b")  # (b: the other seats, bots)
        await wait_for(pilot, lambda: table.seats_taken() == len(table.seats))
        note = str(app.screen.query_one("#room-note").render())
        assert note == "That is your own seat: x empties the others' seats"
        assert app.client.seat == mine and table.seats[mine].bot is None


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Ana is taken here: the table calls you Ana 2"),
    ("zh", "这里已有人叫 Ana：牌桌上你叫 Ana 2"),
])
async def test_a_joiner_whose_name_is_taken_is_told_the_name_the_table_gives_him(language, said):
    """The host numbers a name another person has ("Ana 2"): the joiner saw a seat of that
    name marked as his, and nothing said it was him under another name."""
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    first = Client(await open_link("127.0.0.1", serving.port), "Ana")
    in_background(first.run())
    await settle(lambda: first.seat is not None)
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: app.client.renamed == "Ana 2")
        await wait_for(pilot, lambda: any(n.message == said for n in app._notifications))
        first.ready()  # the room changes: said once
        await wait_for(pilot, lambda: app.client.room["seats"][first.seat]["ready"])
        assert [n.message for n in app._notifications].count(said) == 1
    await serving.stop()


async def test_a_joiner_the_host_moves_or_whose_name_has_spaces_is_not_told_he_was_renamed():
    """The welcome that gives a moved joiner his new seat came before the room that shows him
    there, and the app read the seat's old occupant ("Li is taken here: the table calls you
    B4"); a name written with a space after it ("Li ", trimmed by the host) read as taken."""
    from bhtui.net.local import join

    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    host, _ = join(table, "Ana", seat=None)
    in_background(host.run())
    await settle(lambda: host.room is not None)
    app = BhtuiApp(dataclasses.replace(config(), name="Li "),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: app.client.seat is not None
                       and app.client.room is not None)
        host.admin("fill_bots")
        await wait_for(pilot, lambda: table.seats_taken() == len(table.seats))
        here = app.client.seat
        to = next(s for s in range(len(table.seats)) if table.seats[s].bot is not None)
        host.admin("move", seat=here, to=to)
        await wait_for(pilot, lambda: app.client.room["seats"][to]["name"] == "Li")
        assert app.client.seat == to and app.client.renamed is None
        assert not [n.message for n in app._notifications if "taken" in n.message]
    await serving.stop()


async def test_a_host_on_ipv6_shows_the_join_line_as_one_types_it():
    """The room's join line for a table on ``::1`` read ``join ::1:47011``: the port ran
    into the address's colons. It reads ``join [::1]:PORT``, as ``bhtui join`` takes it."""
    from loopback import ipv6_loopback

    ipv6_loopback()
    table = Table(PRESETS["qingdao"], seed=4, rounds=1, bot_delay=0.0, name="Friday")
    sock = listen_socket("::1", 0)
    app = BhtuiApp(config(), HostSession(table, sock, advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and "join" in str(app.screen.query_one("#room-body").render()),
                       "the room's join line")
        body = str(app.screen.query_one("#room-body").render())
        assert f"join [::1]:{sock.getsockname()[1]}" in body
