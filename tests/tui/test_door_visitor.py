"""What a visitor of serve-ssh or serve-web is told (Pilot, loopback, 80×24): his app runs on
the door's machine, in a folder that goes with his visit, so nothing it says may be a path
there, a bhtui command for him to run or a seat to take back later (the door test,
`tests/net/test_ssh.py`, sees the door tell the app so)."""

from __future__ import annotations

import socket

import pytest

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.room import ClosedScreen, RefusedScreen, TableMenu, WaitingRoomScreen
from bhtui.tui.sessions import LocalSession, MenuSession, RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import Plain

from tui_helpers import footer_text, my_play_turn, quit_yes, wait_for


def visitor(session, language: str = "en", kept: bool = False, door: str = "ssh") -> BhtuiApp:
    return BhtuiApp(Config(name="Vis", language=language), session, visitor=door,
                    seats_kept=kept)


async def test_a_visitors_game_is_not_said_saved_in_his_folder():
    """A game a visitor plays (the demo's play-on) ended with "this game is saved in
    /tmp/bhtui-ssh-…", a folder on the door's machine, removed as he leaves."""
    app = visitor(LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        assert app.session.kept().exists()
        await quit_yes(pilot, app)
    assert app.farewell == []


def a_table_with_two_seats() -> Table:
    seats = [Seat(), Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                                for i in range(2, 5)]
    return Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=30.0)


@pytest.mark.parametrize(("role", "language", "kept", "said"), [
    ("player", "en", False, "Stay on this screen: when the host reopens the table, you are "
                            "back in your seat by yourself. If you leave, your seat is no "
                            "longer kept for you."),
    ("player", "zh", False, "请留在这个画面：主机重新开桌后，你会自动回到你的座位。"),
    ("spectator", "en", False, "Stay on this screen: when the host reopens the table, you "
                               "watch it again by yourself."),
    ("player", "en", True, "If you leave, come in again then with the same SSH key and take "
                           "a seat."),
    ("player", "en", "web", "If you leave, open this page again then in this browser and "
                            "take a seat."),
    ("player", "zh", "web", "若现在离开，届时在这个浏览器里再次打开本页并选择入座即可。"),
])
async def test_a_visitor_whose_host_closes_the_table_is_told_to_stay_not_a_command(
        role, language, kept, said):
    """The goodbye told a visitor to run `bhtui --name Vis join 127.0.0.1:…` to come back:
    he runs no bhtui, and his seat token goes with his visit. He is told to wait here — and,
    where the door keeps his seat (``kept``: for his SSH key, or ``web``: for his browser),
    how to take it back."""
    table = a_table_with_two_seats()
    table.seats[1] = Seat(name="Li", bot=make_bot("heuristic"), ready=True)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(table)
    door = "web" if kept == "web" else "ssh"
    app = visitor(RemoteSession(f"127.0.0.1:{serving.port}", role), language, bool(kept), door)
    async with app.run_test(size=(80, 24)) as pilot:
        if role == "spectator":
            table.seats[0] = Seat(name="Bo", bot=make_bot("heuristic"), ready=True)
            table.start()
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.client.view)
        if role == "player":  # leaving is said as it is, too
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
            question = str(app.screen.query_one(".title").render())
            assert ("open this page again in this browser" if kept == "web" and language == "en"
                    else "在这个浏览器里再次打开本页" if kept == "web"
                    else "this SSH key" if kept else "you cannot take it back" if language == "en"
                    else "无法再回到这个座位") in question
            await pilot.press("n")
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen)
                       and app.screen.query(Plain))
        text = str(app.screen.query_one(Plain).render())
        assert said in text and "bhtui" not in text, text


async def test_a_visitor_in_the_waiting_room_is_given_no_command_to_run():
    """The waiting room showed him "Others join with: bhtui --name <name> join 127.0.0.1:…"
    (the table's address behind the door), and the goodbye before the match "run the same
    command again"."""
    table = a_table_with_two_seats()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = visitor(RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
        await pilot.pause()
        body = str(app.screen.query_one("#room-body").render())
        assert "Vis" in body and "join" not in body and "<name>" not in body
        await serving.stop()
        await wait_for(pilot, lambda: isinstance(app.screen, ClosedScreen)
                       and app.screen.query(Plain))
        text = str(app.screen.query_one(Plain).render())
        assert "When the host opens a table again, come in again." in text
        assert "bhtui" not in text


async def test_a_visitor_whose_table_does_not_answer_is_told_to_try_again_later():
    """"Is that the port bhtui host printed? bhtui join without an address lists the tables
    on your network": the door's table is not the visitor's to find or mend."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there
    app = visitor(RemoteSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen))
        text = str(app.screen.query_one("Static").render())
        assert f"the table at 127.0.0.1:{port} does not answer now: try again later" in text
        assert "bhtui" not in text


@pytest.mark.parametrize(("language", "rules"), [
    ("en", "Baohuang 保皇 · Preset: Qingdao"),
    ("zh", "保皇 · 规则：青岛"),
])
async def test_the_table_menu_names_the_table_and_its_rules_before_asking_the_name(
        language, rules):
    """QA: serve-ssh --table's menu showed only "127.0.0.1:47004": no table name, no game.
    It asks the table first, and shows what the table says of itself."""
    table = a_table_with_two_seats()
    table.name = "Hosty's table"
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = visitor(MenuSession(f"127.0.0.1:{serving.port}"), language)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableMenu))
        about = str(app.screen.query(Plain).first().render())
        assert about.startswith(f"Hosty's table\n{rules}")
        assert about.splitlines()[-1] == f"127.0.0.1:{serving.port}"
        assert table.spectator_count() == 0 and table.seats_taken() == 3  # asked, not joined
    await serving.stop()


async def test_esc_in_the_table_menu_goes_back_to_the_name_and_from_there_asks_to_leave():
    """QA: Esc did nothing in serve-ssh --table's menu. From the choices it goes back to the
    name (kept, to change), and from the name, the menu's first step, it asks whether to
    leave, as ctrl+q and the lobby's Esc do: yes ends the visit, no stays."""
    table = a_table_with_two_seats()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = visitor(MenuSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableMenu))
        menu = app.screen
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: menu.focused.id != "menu-name", "the choices")
        assert "Name" in footer_text(menu)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu and menu.focused.id == "menu-name"
        assert menu.focused.value == "Ann" and not menu.query_one("OptionList").display
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        assert "Quit bhtui?" in " ".join(str(p.render()) for p in app.screen.query(Plain))
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is menu, "the menu again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "asked again")
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.is_running, "the visit over")
        assert table.spectator_count() == 0 and table.seats_taken() == 3  # never joined
    await serving.stop()


@pytest.mark.parametrize(("door", "kept", "language", "note"), [
    ("ssh", False, "en", "You came in without an SSH key: if your link drops, you lose your "
                         "seat. Come in with a key (ssh-keygen makes one) to keep it."),
    ("ssh", False, "zh", "你登录时没有使用 SSH 密钥：\n连接一旦断开，你就会失去座位。\n"
                         "用密钥登录（可用 ssh-keygen 生成）"),
    ("web", False, "en", "This browser keeps no cookie for this page: if the page reloads "
                         "or your link drops, you lose your seat."),
    ("ssh", True, "en", None),
    ("web", True, "en", None),
])
async def test_a_visitor_whose_seat_the_door_cannot_keep_is_told_before_he_sits_down(
        door, kept, language, note):
    """QA: a visitor who came in with no SSH key learnt only in his quit question that his
    seat would not be kept — one whose link dropped had never been told. The door's menu
    says so beside the seat he is about to take, with how to have it kept; nothing is said
    to one whose seat is kept."""
    table = a_table_with_two_seats()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = visitor(MenuSession(f"127.0.0.1:{serving.port}"), language, kept, door)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableMenu))
        await pilot.pause()
        said = " ".join(str(plain.render()) for plain in app.screen.query(Plain))
        if note is None:
            assert not app.screen.query("#menu-note") and "seat" not in said
        else:
            shown = app.screen.query_one("#menu-note", Plain)
            assert note in str(shown.render()) and shown.region.bottom <= 23  # (the footer)
    await serving.stop()


async def test_a_menu_whose_table_does_not_answer_says_so_before_asking_the_name():
    """QA: the menu asked for a name, then watch or a seat, and only then said the table did
    not answer. It is said at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there
    app = visitor(MenuSession(f"127.0.0.1:{port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, (RefusedScreen, TableMenu)))
        assert isinstance(app.screen, RefusedScreen)
        text = str(app.screen.query_one("Static").render())
        assert f"the table at 127.0.0.1:{port} does not answer now: try again later" in text


async def test_a_visitors_settings_say_they_last_his_visit_not_a_path():
    """F2's title said "Settings (saved to /tmp/bhtui-ssh-…/config/settings.toml)" to a
    visitor: a path in his folder on the door's machine, gone with his visit."""
    app = visitor(LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PreferencesScreen", "F2")
        title = str(app.screen.query(Plain).first().render())
        assert title == "Settings (kept for this visit)"


@pytest.mark.parametrize(("language", "door", "label"), [
    ("en", "ssh", "Your name at the next table you sit at this visit:"),
    ("zh", "web", "本次访问中下次入座时用的名字："),
    ("en", "", "Your name at the table (next start):"),
])
async def test_a_visitors_name_in_the_settings_is_said_to_change_at_a_table_not_a_start(
        language, door, label):
    """F2 told a visitor his name changed "(next start)": his visit has none. It is taken
    when he sits down at a table (the demo's play-on); a player of his own bhtui is still
    told the next start."""
    app = BhtuiApp(Config(name="Vis", language=language), LocalSession(seed=3, rounds=1),
                   visitor=door)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PreferencesScreen", "F2")
        shown = [str(plain.render()) for plain in app.screen.query(Plain)]
        assert shown[1] == label
