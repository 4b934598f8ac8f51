"""A join picked in the lobby that fails goes back to the lobby, not out of bhtui: real
tables on loopback, the lobby's zeroconf browsing left out (its list is given)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual import events

from bhtui.cli import _never_in
from bhtui.net.host import Table
from bhtui.net.lobby import Browser, TableInfo
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.room import CodePrompt, LobbyScreen, RefusedScreen, WaitingRoomScreen
from bhtui.tui.sessions import RemoteSession

from tui_helpers import config, footer_text, quit_yes, screen_text, wait_for


def listing(monkeypatch, tables: list[TableInfo]) -> None:
    """Each lobby opened lists ``tables`` as they are then (no multicast in the test)."""
    async def start(self: Browser) -> None:
        for info in tables:
            self.keep(info)

    monkeypatch.setattr(Browser, "start", start)


def listed(table: Table, port: int) -> TableInfo:
    return TableInfo(f"{table.name}-x._bhtui._tcp.local.", table.name, "127.0.0.1", port,
                     "qingdao", 0, 0, bool(table.code), "2.0", "0.1.0", table.boot_id)


def text(app: BhtuiApp) -> str:
    return str(app.screen.query_one("Static").render())


async def pick_first(pilot, app: BhtuiApp) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rows)
    await pilot.press("enter")


@pytest.mark.parametrize("quit_where", ["lobby", "refusal"])
async def test_a_table_closed_since_it_was_listed_says_so_and_goes_back_to_the_lobby(
        monkeypatch, quit_where):
    """Picked after its host stopped: why, then the list again; quitting the lobby then is
    leaving a lobby (status 0), quitting at the refusal a failed join (status 1)."""
    table = Table(PRESETS["qingdao"], seed=1, name="Table B")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    tables = [listed(table, serving.port)]
    listing(monkeypatch, tables)
    await serving.stop()  # gone, still listed (its goodbye lost)
    app = BhtuiApp(config(), RemoteSession(None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_first(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
        said = text(app)
        assert "that table has closed" in said and "go back to the list" in said, said
        if quit_where == "refusal":
            await quit_yes(pilot, app)
        else:
            tables.clear()  # the next lobby hears nothing of it
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.is_running and app.screen.rows == []
            await quit_yes(pilot, app)
    assert _never_in(app) == (0 if quit_where == "lobby" else 1)


async def test_a_join_code_given_up_goes_back_to_the_lobby_and_is_asked_again():
    """An empty code gives up that table, not bhtui, at the first prompt (it had asked a
    second time); picked again, the code is asked anew."""
    table = Table(PRESETS["qingdao"], seed=1, name="Locked", code="tea")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    with pytest.MonkeyPatch.context() as monkeypatch:
        listing(monkeypatch, [listed(table, serving.port)])
        app = BhtuiApp(config(), RemoteSession(None))
        async with app.run_test(size=(80, 24)) as pilot:
            await pick_first(pilot, app)
            await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
            await pilot.press("enter")  # gives up (it was asked again, the table asked first)
            await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
            assert "go back to the list" in text(app), text(app)
            assert "this table needs its join code" in text(app), text(app)
            assert table.spectator_count() == 0 and table.seats_taken() == 0
            await pilot.press("x")
            await pick_first(pilot, app)
            await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt))
            await pilot.press("t", "e", "a", "enter")
            await wait_for(pilot, lambda: app.client is not None and app.client.welcomes > 0)
            assert table.seats_taken() == 1
    await serving.stop()


async def test_a_watch_refused_says_it_could_not_watch_not_join():
    """R-HIDE-3: watching an open table from a seated player's machine is refused; the
    screen said "Could not join" to someone who asked to watch."""
    from bhtui.net.client import Client
    from bhtui.net.tcp import open_link

    from net_helpers import in_background, people_and_bots

    table = people_and_bots({0}, seed=4, rounds=None, bot_delay=600.0, open_spectating=True)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    player = Client(await open_link("127.0.0.1", serving.port), "P0", token=table.seats[0].token)
    in_background(player.run())
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: player.view is not None)
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
        said = text(app)
        assert said.startswith("Could not watch: this table shows its spectators") and \
            "Press any key to leave." in said, said
    await serving.stop()


def test_the_log_says_a_round_s_result_in_mid_sentence_lower_case():
    """"Round 1 over: The rebels win" in the log; the result dialog's own line, alone,
    keeps its capital."""
    from bhtui.tui.baohuang.describe import describe
    from bhtui.tui.i18n import Translator

    t = Translator("en")
    for winner, said in (("rebels", "the rebels win"), ("emperor", "the emperor's side wins"),
                         (None, "a draw")):
        line = describe({"type": "round_end", "round": 1, "winner": winner}, ["A"] * 5, t)
        assert line == f"Round 1 over: {said}"
    assert t("result.winner.rebels") == "The rebels win"


def cursor_table(app: BhtuiApp) -> str:
    """The name of the table the lobby's cursor is on."""
    grid = app.screen.query_one("DataTable")
    return str(grid.get_row_at(grid.cursor_row)[0])


async def test_after_a_refusal_the_lobby_s_cursor_stays_on_the_table_picked():
    """"Could not join: no free seat…", a key, and the cursor was back on the first row."""
    full = Table(PRESETS["qingdao"], seed=1, name="B Full")
    full.start()  # (bots' seats before the match are a newcomer's to take)
    other = Table(PRESETS["qingdao"], seed=1, name="A Open")
    servings = [await start_serving(t, listen_socket("127.0.0.1", 0), advertise=False)
                for t in (full, other)]
    with pytest.MonkeyPatch.context() as monkeypatch:
        listing(monkeypatch, [listed(t, s.port) for t, s in zip((full, other), servings, strict=True)])
        app = BhtuiApp(config(), RemoteSession(None))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rows) == 2)
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
            assert "no free seat" in text(app), text(app)
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rows) == 2)
            assert cursor_table(app) == "B Full"
    for serving in servings:
        await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_esc_in_the_waiting_room_leaves_the_seat_and_goes_back_to_the_lobby(language):
    """Once seated at a table picked in the lobby, only ctrl+q (quitting bhtui) left it. Esc
    asks, frees the seat at the host, and shows the list again on that table."""
    tables = [Table(PRESETS["qingdao"], seed=1, name=name) for name in ("A", "B")]
    servings = [await start_serving(t, listen_socket("127.0.0.1", 0), advertise=False)
                for t in tables]
    question = {"en": "Leave your seat and go back to the list of tables?",
                "zh": "离开座位，回到牌桌列表？"}[language]
    with pytest.MonkeyPatch.context() as monkeypatch:
        listing(monkeypatch, [listed(t, s.port) for t, s in zip(tables, servings, strict=True)])
        app = BhtuiApp(replace(config(), language=language), RemoteSession(None))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rows) == 2)
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                           and tables[1].seats_taken() == 1)
            assert ("Tables" if language == "en" else "牌桌列表") in footer_text(app.screen)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
            said = " ".join(line.strip() for line in screen_text(app))
            assert question in said, said
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rows) == 2)
            assert tables[1].seats_taken() == 0 and app.is_running
            assert cursor_table(app) == "B"
            await quit_yes(pilot, app)
    assert _never_in(app) == 0
    for serving in servings:
        await serving.stop()


async def test_a_watcher_s_esc_goes_back_to_the_lobby_at_once():
    """A watcher holds no seat: nothing to ask (Esc twice at once is one leave: the second
    had opened the lobby again with the cursor at the top)."""
    other, table = (Table(PRESETS["qingdao"], seed=1, name=name) for name in ("A", "B"))
    servings = [await start_serving(t, listen_socket("127.0.0.1", 0), advertise=False)
                for t in (other, table)]
    serving = servings[1]
    with pytest.MonkeyPatch.context() as monkeypatch:
        listing(monkeypatch, [listed(t, s.port) for t, s in zip((other, table), servings,
                                                                  strict=True)])
        app = BhtuiApp(config(), RemoteSession(None, role="spectator"))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rows) == 2)
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                           and table.spectator_count() == 1)
            app.post_message(events.Key("escape", None))
            app.post_message(events.Key("escape", None))
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and table.spectator_count() == 0 and len(app.screen.rows) == 2)
            await pilot.pause()
            assert cursor_table(app) == "B" and len(app.screen_stack) == 2
    for serving in servings:
        await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_esc_in_a_room_joined_by_address_asks_to_leave_the_table_then_quits(language):
    """Joined by address there is no list to go back to, and Esc did nothing: it asks, as
    ctrl+q does, to leave the table (the footer names the key), and yes frees the seat and
    quits."""
    t = Translator(language)
    table = Table(PRESETS["qingdao"], seed=1, name="B")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(replace(config(), language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and table.seats_taken() == 1)
        await wait_for(pilot, lambda: t("key.room.leave") in footer_text(app.screen))
        assert t("key.room.lobby") not in footer_text(app.screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
        said = " ".join(line.strip() for line in screen_text(app))
        assert t("quit.room_player") in said, said
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.is_running)
    assert table.seats_taken() == 0
    await serving.stop()


async def test_esc_in_the_lobby_asks_whether_to_leave_as_the_door_s_menu_does(monkeypatch):
    """Esc did nothing in the lobby, the first screen of bhtui join: with no step to go
    back to, it asks whether to leave, as ctrl+q does (no stays)."""
    listing(monkeypatch, [])
    app = BhtuiApp(config(), RemoteSession(None))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is lobby, "the lobby again")
