"""How the screens hear the table and the lobby: Textual messages posted to them
(``EventArrived`` and the others of ``messages.heard``, ``TablesFound``), handled on each
screen's own loop."""

from __future__ import annotations

from textual.app import App

from bhtui.net.lobby import TableInfo
from bhtui.tui.baohuang.dialogs import ThroneDialog
from bhtui.tui.messages import EventArrived, TablesFound

from tui_helpers import make_app, open_lobby, table, wait_for


async def test_an_event_shown_when_the_table_opened_is_not_logged_again_when_its_message_comes():
    """The table screen logs what the client already holds when it opens; a message for one
    of those events may still be on its way to it (posted before the screen was mounted)."""
    app = make_app()  # seed 3: the throne comes to Ana, and the table waits for her
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        screen = table(app)
        seq, event = app.client.events[-1]
        assert screen.model.logged_seq == seq
        shown = list(screen.log_lines)
        screen.post_message(EventArrived(seq, event))
        await pilot.pause()
        assert list(screen.log_lines) == shown

async def test_the_lobby_lists_the_tables_posted_to_it():
    app = App()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await open_lobby(pilot, app)
        lobby.post_message(TablesFound({"a": TableInfo(
            "a", "Friday", "10.0.0.5", 7474, "qingdao", 3, 2, True, "1.0", "0.1.0", "x")}))
        await wait_for(pilot, lambda: lobby.query_one("DataTable").row_count == 1)
        assert str(lobby.query_one("DataTable").get_row_at(0)[0]) == "Friday"


async def test_a_command_the_table_moved_past_is_refused_in_the_players_language():
    """Keys pressed while the host was stopped came back as `被拒绝：the table moved on before
    your command arrived`: a refusal of a known code is said in the player's language."""
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.sessions import LocalSession

    from tui_helpers import my_play_turn

    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0), LocalSession(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        app.client.seq -= 1  # the table moved on while the command travelled
        app.client.act({"type": "pass"})
        await wait_for(pilot, lambda: "被拒绝" in table(app).status, "the refusal")
        assert table(app).status.startswith("被拒绝：你的操作到达前牌局已经往下进行了"), table(app).status
