"""Screens before the match: the lobby of LAN tables, the join-code prompt, the waiting room."""

from __future__ import annotations

import shlex
from typing import Any

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from bhtui.games import game_of, rules_in
from bhtui.net.client import Client
from bhtui.net.lobby import MAX_TABLES, TableInfo
from bhtui.net.protocol import MAX_NAME
from bhtui.net.waiting import WATCHERS_NAMED
from bhtui.tui import STYLES
from bhtui.tui.dialogs import QuitScreen
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import STRINGS, Translator
from bhtui.tui.localized import Localized
from bhtui.tui.messages import (
    ActionRefused,
    ChatArrived,
    HostSilent,
    LinkBack,
    LinkLost,
    RoomChanged,
    TablesFound,
)
from bhtui.tui.modal import Dialog
from bhtui.tui.settings import option_words, preset_title, rule_words
from bhtui.tui.widgets import Field, Plain, clip


def command_line(t: Translator, verb: str, address: str, locked: bool,
                 name: str | None = None) -> str:
    """The command that finds a table again or joins it: ``--name`` before the command (where
    bhtui takes it), and on a locked table the join code's place — never the code itself, as
    others may see the screen — in BHTUI_CODE, as ``--help`` advises: not ``--code``, whose
    code other users of the machine see in its process list. Without ``name`` (others', not
    ours) the name is a placeholder; an empty one leaves ``--name`` out (bhtui's own then)."""
    shown = shlex.quote(name) if name is not None else t("room.name")
    command = (f"bhtui --name {shown} {verb} {address}" if name != "" else
               f"bhtui {verb} {address}").rstrip()
    return (f"BHTUI_CODE={t('bye.code')} " if locked else "") + command


class WaitingRoomScreen(Localized, Screen[None]):
    """Who sits where and who is ready; the host fills seats with bots, moves, removes, starts."""

    CSS_PATH = STYLES / "room.tcss"

    def __init__(self, client: Client, t: Translator, admin: bool, address: str = "",
                 invite: bool = True) -> None:
        """``invite``: say the command others join with (not to a door's visitor: he runs
        no bhtui, and the table's address may be one only the door's machine reaches)."""
        super().__init__()
        self.client, self.t, self.admin, self.address = client, t, admin, address
        self.invite = invite
        self.selected: int | None = None
        self.moving = False
        self.chat: list[str] = []  # the latest lines said in the room
        self._keys_shown: tuple[int | None, bool] | None = None  # (seat, let in)
        self._start_over: tuple[tuple[int, str], ...] | None = None
        """Who was not ready when the note said so: Enter now starts over them (not others)."""
        self._called = False
        """The note says the host waits for us to be ready (``room.called``)."""
        self._refused_at: tuple[tuple[str, str, bool], ...] | None = None
        """The seating when the note said a refusal (None: it says none): a seat refused as
        taken stayed refused on the screen after the host had moved that person away."""

    BINDINGS = [
        Binding("r", "ready", "Ready", id="room.ready"),
        Binding("b", "admin('fill_bots')", "Bots", id="room.bots"),
        Binding("enter", "start", "Start", id="room.start"),
        # A seat's keys act on the seat picked with 1-5: the keys line says so, and the
        # footer keeps room for the room's own keys and Help (at 80 columns it cut them).
        Binding("x", "remove", "Remove", id="room.remove", show=False),
        Binding("m", "move", "Move", id="room.move", show=False),
        Binding("l", "level", "Level", id="room.level", show=False),
        Binding("o", "options", "Rules", id="room.options"),
        # A priority: taken as it is read, so the keys typed after it go to the chat box.
        Binding("c", "chat", "Chat", id="room.chat", priority=True),
        Binding("escape", "lobby", "Tables", id="room.lobby"),
        # By address there is no list to go back to: Esc asks, as ctrl+q does, to leave.
        Binding("escape", "leave", "Leave", id="room.leave"),
        *(Binding(str(n), f"pick({n - 1})", show=False, id=f"room.seat{n}") for n in range(1, 6)),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="room"):
            yield Plain(id="room-body")
            yield Plain(id="room-note")
            yield Plain(id="room-chat")
            yield Plain(self._keys_line(), id="room-keys")
        yield Footer()

    def _keys_line(self) -> str:
        if self.client.room is None:
            return ""  # not let in yet (a join code may be asked): no seat, no keys of one
        if self.admin:  # the seat keys go as far as this table's seats (3, 4 or 5)
            room = self.client.room
            key = "room.keys.admin.levels" if room and game_of(room).levels else "room.keys.admin"
            return self.t(key, n=len(room["seats"]) if room else 5)
        if self.client.seat is None:
            return self.t("room.keys.watcher")
        if not self.client.chooses_seat:  # an older host: only it moves people
            return self.t("room.keys.player.old")
        return self.t("room.keys.player", n=len(self.client.room["seats"]))

    def help_texts(self) -> list[str]:
        """F1 here: the room's own keys first (help showed only the table's card keys, and
        the room's were on its bottom line alone), then the game's help for what follows."""
        room: dict[str, Any] = dict(self.client.room or {})
        keys = self._keys_line()  # (none before we are let in)
        texts = [self.t("help.room.host" if self.admin else "help.room", keys=keys)] if keys else []
        try:
            return [*texts, *parts_for(self.client.game).help_texts(
                self.t, room.get("preset"), self.app.card_style)]  # type: ignore[attr-defined]
        except ValueError:
            return texts  # a game this bhtui does not know: the room's keys still help

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what this viewer can do: the host runs the room, a watcher is never ready."""
        if action in ("admin", "start", "remove", "move", "options", "level"):
            return self.admin
        if action == "pick":  # the host picks a seat to act on; a person, one to sit at; a
            return self.client.room is not None  # watcher is told how to get a seat
        if action == "ready":
            return self.client.seat is not None
        if action == "chat":
            return self.client.room is not None  # nobody hears us before we are let in
        if action in ("lobby", "leave"):  # back to the list picked from, or out
            picked = getattr(self.app, "picked", None) is not None
            return self.client.room is not None and picked == (action == "lobby") and (
                picked or not self.admin)  # (the host quits with ctrl+q: it closes the table)
        return True

    def on_mount(self) -> None:
        self.refresh_room()

    @on(RoomChanged)
    def _room_changed(self) -> None:
        self.refresh_room()

    @on(ChatArrived)
    def _chat(self, message: ChatArrived) -> None:
        self.chat = [*self.chat, message.line(self.t)][-3:]
        self.call_after_refresh(self._show_chat)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_chat)

    def _show_chat(self) -> None:
        """The latest chat lines wrapped in the box, as many rows of them as the screen leaves
        once the rest of the box is laid out (the newest kept; "…" where older words were
        left out): three lines of 200 characters pushed the box's bottom border off an
        80x24 screen, a scroll bar by the footer."""
        if not self.query("#room-chat"):
            return  # (the room closed meanwhile: the match began)
        box, shown = self.query_one("#room"), self.query_one("#room-chat", Static)
        rest = box.outer_size.height - shown.outer_size.height  # (all but the chat)
        rows = max(1, self.size.height - self.query_one(Footer).outer_size.height - rest)
        lines = list(Text("\n".join(self.chat)).wrap(self.app.console,
                                                    shown.content_size.width or 1))
        if len(lines) > rows:
            lines = lines[-rows:]
            lines[0] = Text("…") + lines[0][1:]
        shown.update(Text("\n").join(lines))

    @on(LinkBack)
    def _link_back(self) -> None:  # in (again): a refusal or lost link is past
        self._say(None)

    @on(ActionRefused)
    @on(LinkLost)
    def _note(self, message: ActionRefused | LinkLost) -> None:
        """Why: a refused rule option, a lost link. Not before the table let us in: a join
        code it asks for ends that first link, and the prompt, a refusal's screen or the
        "Connecting…" that stays while the client tries again says what it means (behind the
        code prompt the note said "Connection lost" to someone who had never been in)."""
        if self.client.room is None:
            return
        refused = isinstance(message, ActionRefused)
        key = "status.refused" if refused else "status.link_lost"
        self._say(self.t(key, reason=message.reason))
        self._refused_at = self._seating() if refused else None

    def _seating(self) -> tuple[tuple[str, str, bool], ...]:
        """Who sits where, as the room shows it (not who is ready)."""
        seats = self.client.room["seats"] if self.client.room is not None else []
        return tuple((s["name"], s["kind"], s["taken"]) for s in seats)

    @on(HostSilent)
    def _host_silent(self, message: HostSilent) -> None:
        """Said until the host speaks again (the room stays as it was meanwhile)."""
        self._say(self.t("status.unanswered", address=self.address or "?") if message.on
                  else None)

    def _say(self, text: str | None, start_over: tuple[tuple[int, str], ...] | None = None,
             called: bool = False) -> None:
        """The note under the seats (hidden for None). A second Enter starts over those not
        ready only while the note naming them shows, so any other note takes that back."""
        self._start_over, self._called, self._refused_at = start_over, called, None
        note = self.query_one("#room-note", Static)
        if text is not None:
            note.update(text)
        note.display = text is not None
        self.call_after_refresh(self._show_chat)  # in the room the note leaves it

    def refresh_room(self) -> None:
        room, t = self.client.room, self.t
        shown = (self.client.seat, room is not None)
        if shown != self._keys_shown:  # let in, seated or watching: the keys follow
            self._keys_shown = shown
            self.refresh_bindings()
        self.query_one("#room-keys", Static).update(self._keys_line())  # and the table's size
        self.call_after_refresh(self._show_chat)  # in the room the seats and keys leave it
        if room is None:
            self.query_one("#room-body", Static).update(t("connecting", address=self.address))
            return
        if self._start_over is not None and self._not_ready() != self._start_over:
            self._say(None)  # ready now, or others not: the next Enter starts, or names them
        if self._refused_at is not None and self._seating() != self._refused_at:
            self._say(None)  # what was refused was refused at a seating that is no more
        mine = self.client.seat
        called = mine is not None and mine in room.get("waiting_for", ())  # (until ready)
        if called != self._called:  # (until ready; another note may take its place)
            self._say(t("room.called") if called else None, called=called)
        grid = RichTable(box=None, padding=(0, 1), show_header=False)
        for _ in range(4):
            grid.add_column()
        for i, seat in enumerate(room["seats"]):
            # Your seat's * goes by its number: beside the name it widened the names' column
            # past the longest name, the more so the longer yours, on your screen alone.
            mark = ("▶" if i == self.selected else " ") + f" {i + 1}" + (
                " *" if i == self.client.seat else "")
            if not seat["taken"]:
                name, kind = t("room.empty"), ""
            else:
                name = clip(seat["name"], 24)
                kind = t("room.bot") if seat["kind"] == "bot" else ""
                if seat.get("level") in game_of(room).levels:
                    kind += " · " + t(f"level.{seat['level']}")
            ready = "✓ " + t("room.ready") if seat["taken"] and seat["ready"] else ""
            grid.add_row(mark, Text(name), kind, ready)
        body = Text.assemble(
            (t("room.title", table=room["table"], preset=t(f"preset_name.{room['preset']}"))
             + "\n", "bold"),
            (t("room.address", command=command_line(
                t, "join", self.address, bool(self.client.server.get("code")))) + "\n\n")
            if self.address and self.invite else "",
        )
        rules_line = "\n" + rules_words(t, room)
        # How this table plays, on a line of its own: at the rules' end it broke mid-clause.
        play = [timer_words(t, room["timer"])] if "timer" in room else []  # (older hosts: no)
        play.append(t("room.counter_on" if room.get("counter") else "room.counter_off"))
        footer = Text(rules_line + "\n" + " · ".join(play) + "\n" + watching_words(t, room))
        self.query_one("#room-body", Static).update(Text.assemble(body) + _table_text(grid) + footer)

    def action_ready(self) -> None:
        self.client.ready()

    def _not_ready(self) -> tuple[tuple[int, str], ...]:
        """The people seated here, the host aside, who have not said they are ready."""
        seats = self.client.room["seats"] if self.client.room is not None else []
        return tuple((i, seat["name"]) for i, seat in enumerate(seats)
                     if seat["taken"] and seat["kind"] == "human" and not seat["ready"]
                     and i != self.client.seat)

    def action_start(self) -> None:
        """Enter starts the match, but not over a person still reading the rules or away for
        a drink: the first Enter names who is not ready, and a second one starts all the same
        (empty seats get bots, as ever)."""
        waiting = self._not_ready()
        if waiting and waiting != self._start_over:
            names = self.t.join(clip(name, 12) for _, name in waiting)
            self._say(self.t("room.not_ready", names=names), start_over=waiting)
            self.client.admin("nudge")  # and they are told on their screens
            return
        self.client.admin("start")

    def action_admin(self, op: str) -> None:
        if self.admin:
            self.client.admin(op)

    def action_pick(self, seat: int) -> None:
        room = self.client.room
        if room is not None and seat >= len(room["seats"]):
            return  # a smaller table (Dou Dizhu): no such seat
        if self.client.seat is None and not self.admin:
            self._say(self.t("room.watcher_sits"))
            return
        if not self.admin:
            self._sit(seat)
            return
        if self.moving and self.selected is not None:
            self.client.admin("move", seat=self.selected, to=seat)
            self.moving, self.selected = False, seat
        else:
            self.selected = seat
        self.refresh_room()

    def _sit(self, seat: int) -> None:
        """A person moves to seat ``seat`` (the host refuses one another person holds, and
        the note says why); an older host does not know the message, and only it moves
        people there: the note says so."""
        if seat == self.client.seat:
            return
        if not self.client.sit(seat):
            self._say(self.t("room.sit_old"))

    def action_remove(self) -> None:
        """Empty the chosen seat — not the host's own: removed, he watched his own match
        and had no key to sit down again."""
        if self.admin and self.selected is not None:
            if self.selected == self.client.seat:
                self._say(self.t("room.remove_self"))
                return
            self.client.admin("remove", seat=self.selected)

    def action_options(self) -> None:
        """The host chooses the rule options (only before the match)."""
        if not self.admin or self.client.room is None:
            return
        from bhtui.tui.settings import SettingsScreen

        room = self.client.room
        game, rules = rules_in(room)

        def chosen(choice: tuple[Any, Any] | None) -> None:
            if choice is not None:
                _, chosen_rules = choice
                self.client.admin("options", preset=chosen_rules.name,
                                  options=chosen_rules.options())

        self.app.push_screen(SettingsScreen(self.t, game, rules), chosen)

    def action_chat(self) -> None:
        from bhtui.tui.dialogs import ChatPrompt

        def send(text: str | None) -> None:
            if text:
                self.client.chat(text)

        self.app.push_screen(ChatPrompt(self.t), send)

    def action_level(self) -> None:
        """The selected bot seat's level, the next one along (easy, normal, hard); nothing
        where the game has one bot."""
        room = self.client.room
        if not self.admin or self.selected is None or room is None:
            return
        level, levels = room["seats"][self.selected].get("level"), game_of(room).levels
        if level is None or not levels:
            return
        step = levels[(levels.index(level) + 1) % len(levels)] if level in levels else (
            levels[len(levels) // 2])
        self.client.admin("level", seat=self.selected, level=step)

    def action_move(self) -> None:
        if self.admin and self.selected is not None:
            self.moving = True

    def action_lobby(self) -> None:
        """Back to the lobby's list of tables, leaving this one: a seat once he says so."""
        from bhtui.tui.app import BhtuiApp

        app = self.app
        if not isinstance(app, BhtuiApp):
            return
        if self.client.seat is None:
            app.leave_for_lobby()
            return

        def leave() -> None:
            if self.client.view is None:  # (the match begun meanwhile: ctrl+q's to ask)
                app.leave_for_lobby()
            else:
                app.pop_screen()

        app.push_screen(LeaveRoomScreen(self.t, leave, question="room.leave_question"))


    async def action_leave(self) -> None:
        """Leave a table joined by address: ctrl+q's question (a seat is freed), then out,
        saying on the console what quitting says."""
        await self.app.run_action("quit_game")


class LeaveRoomScreen(QuitScreen):
    """Leave the seat for the lobby's list? (Esc in the room of a table picked there.)"""

    BINDINGS = [Binding("y", "answer(True)", "Leave", id="room.leave_yes"),
                Binding("n,escape", "answer(False)", "Stay", id="quit.no")]
    YES = "room.leave_yes"


def _table_text(grid: RichTable) -> Text:
    from rich.console import Console

    console = Console(width=72, record=True, color_system=None)
    with console.capture() as capture:
        console.print(grid)
    return Text(capture.get().rstrip("\n"))


class TableList(DataTable[Any]):
    """The lobby's tables. Enter is the list's own key, so it waits in the list's queue
    behind the arrows typed before it: as the screen's priority key it was taken as it
    arrived, and ↓↓⏎ sent in one burst opened the table the cursor had been on."""

    BINDINGS = [Binding("enter", "select_cursor", "Pick", id="lobby.pick")]


LOBBY_COLUMNS = ("table", "game", "preset", "seats", "state", "host")
"""The lobby's columns: the address last, whole; the watchers, the counter and the rules in
full are said under the list for the table under the cursor (``_about``)."""


class LobbyScreen(Localized, Screen[TableInfo]):
    """Tables found on the LAN, live; Enter picks one."""

    CSS_PATH = STYLES / "room.tcss"

    # The first screen: Esc has no step to go back to, and asks whether to leave (as ctrl+q).
    BINDINGS = [Binding("escape", "app.quit_game", show=False, id="lobby.leave")]

    def __init__(self, t: Translator, watching: bool, place: str | None = None) -> None:
        """``place``: the table picked last time, where the cursor goes once it is listed."""
        super().__init__()
        self.t, self.watching, self.place = t, watching, place
        self.rows: list[TableInfo] = []
        self.left_out = False
        self._cut: tuple[int, int] | None = None  # the names' and rules' cells, as drawn

    def compose(self) -> ComposeResult:
        yield Plain(self.t("lobby.title"), id="lobby-title")
        yield TableList(cursor_type="row", zebra_stripes=True)
        yield Plain(id="lobby-about")
        yield Plain(self._hint(), id="lobby-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.show_tables({})  # (its columns)
        self.query_one(DataTable).focus()

    def _add_columns(self) -> None:
        table = self.query_one(DataTable)
        for key in LOBBY_COLUMNS:
            table.add_column(self.t(f"lobby.col.{key}"), key=key)

    def on_resize(self) -> None:
        """The names and rules cut to the new width (the address stays whole)."""
        self.show_tables({info.key: info for info in self.rows}, self.left_out)

    def _hint(self) -> str:
        what = self.t("lobby.keys", what=self.t("lobby.watch" if self.watching else "lobby.join"))
        if self.left_out:
            what = self.t("lobby.left_out", n=MAX_TABLES) + "\n" + what
        return what if self.rows else self.t("lobby.none") + "\n" + what

    def on_tables_found(self, found: TablesFound) -> None:
        self.show_tables(found.tables, found.left_out)

    def show_tables(self, tables: dict[str, TableInfo], left_out: bool = False) -> None:
        """The tables as rows sorted by name: a table's changed records change its row alone,
        and a table come or gone leaves the cursor on the table it was on (the whole list
        was drawn again for every advertisement heard, the cursor back at the top). A width
        that cuts the names or rules otherwise draws the list anew."""
        rows = sorted(tables.values(), key=lambda i: (i.name, i.address))
        table = self.query_one(DataTable)
        cut = self._cuts(rows)
        if cut == self._cut and [info.key for info in rows] == [info.key for info in self.rows]:
            for old, info in zip(self.rows, rows, strict=True):
                if old != info:
                    for column, cell in zip(table.columns, self._cells(info, cut), strict=True):
                        table.update_cell(info.key, column, cell, update_width=True)
        else:
            picked = self._picked()
            table.clear(columns=cut != self._cut)  # (a column's width never shrinks)
            if not table.columns:
                self._add_columns()
            for info in rows:
                table.add_row(*self._cells(info, cut), key=info.key)
            if self.place in tables:
                picked, self.place = tables[self.place], None
            if picked is not None and picked.key in tables:
                table.move_cursor(row=table.get_row_index(picked.key))
        self.rows, self.left_out, self._cut = rows, left_out, cut
        self.query_one("#lobby-hint", Static).update(self._hint())
        self._show_about()

    def _rules(self, info: TableInfo) -> str:
        """The table's preset by the settings' name, in his language, and the options it sets
        otherwise by their names ("Lianzhong simple · 烤牌, 造反"): the ids (``+kao``) were
        words of the protocol."""
        known = f"preset.{info.preset}" in STRINGS
        words = [option_words(self.t, name, True if not value else
                              {"true": True, "false": False}.get(value, value))
                 for name, _, value in (o.partition("=") for o in info.options)]
        if info.counter:
            words.append(self.t("lobby.counter"))
        return (preset_title(self.t, info.preset) if known else info.preset) + (
            " · " + ", ".join(words) if words else "")

    def _game(self, info: TableInfo, short: bool = True) -> str:
        key = f"lobby.game.{info.game}" if short else f"game.{info.game}"
        return self.t(key) if key in STRINGS else info.game

    def _cuts(self, rows: list[TableInfo]) -> tuple[int, int]:
        """The cells the names and the rules get: what the screen's width leaves once the
        other columns are whole — the address above all (at 80 columns it was cut to
        ``127.0.``). The names give way first, to a third of it; then both end in "…" (a
        name was cut to 24 cells at any width: "A very long table name …" at 120)."""
        width = self.size.width or self.app.size.width
        whole = {i: [self.t(f"lobby.col.{key}")] for i, key in enumerate(LOBBY_COLUMNS)
                 if key not in ("table", "preset")}
        for info in rows:
            cells = self._cells(info, (24, 0))
            for i, shown in whole.items():
                shown.append(str(cells[i]))
        # Each column has a cell's padding either side; the list's scroll bar takes 2.
        left = width - 2 - 2 * len(LOBBY_COLUMNS) - sum(
            max(cell_len(cell) for cell in cells) for cells in whole.values())
        names = max([cell_len(self.t("lobby.col.table"))]
                    + [cell_len(info.name) for info in rows])  # (whole where the width allows)
        rules = max([cell_len(self.t("lobby.col.preset"))]
                    + [cell_len(self._rules(info)) for info in rows])
        if names + rules <= left:
            return names, rules
        name = min(names, max(8, left // 3))
        return name, max(8, left - name)

    def _cells(self, info: TableInfo, cut: tuple[int, int]) -> tuple[Text | str, ...]:
        """The row's cells, in LOBBY_COLUMNS' order (a lock beside the seats)."""
        seats = f"{info.seats}/{info.size}" + (" 🔒" if info.code else "")
        return (Text(clip(info.name, cut[0])), Text(clip(self._game(info), 16)),
                Text(clip(self._rules(info), cut[1])), seats, self._state(info), info.address)

    @on(DataTable.RowHighlighted)
    def _show_about(self) -> None:
        """Under the list, the table under the cursor in full: its game, its rules, who
        watches — what the columns leave out or cut."""
        info = self._picked()
        about = self.query_one("#lobby-about", Static)
        about.display = info is not None
        if info is not None:
            about.update(Text(" · ".join((
                info.name, self._game(info, short=False), self._rules(info),
                self.t("room.spectators", n=info.spectators)))))

    def _state(self, info: TableInfo) -> str:
        """Whether the table waits for players or plays, and which round (a Dou Dizhu
        table's deal); nothing from a host that does not say."""
        if info.state is None:
            return ""
        if info.state != "playing" or info.round is None:
            return self.t(f"lobby.state.{info.state}")
        try:
            words = parts_for(info.game).words
        except ValueError:  # a game this bhtui does not know: the shared words
            return self.t("lobby.state.round", n=info.round)
        return self.t(words("lobby.state.round"), n=info.round)

    def _picked(self) -> TableInfo | None:
        """The table under the cursor, if any."""
        row = self.query_one(DataTable).cursor_row
        return self.rows[row] if self.rows and 0 <= row < len(self.rows) else None

    @on(DataTable.RowSelected)
    def _pick(self, selected: DataTable.RowSelected) -> None:
        """The table of the row chosen (Enter, or a click on the cursor's row)."""
        from bhtui.tui.app import BhtuiApp

        picked = next((info for info in self.rows if info.key == selected.row_key.value), None)
        if picked is not None:
            if isinstance(self.app, BhtuiApp):  # (told before the join starts: no race)
                self.app.picked = picked
            self.dismiss(picked)


class CodePrompt(Dialog[str]):
    """The table's join code, asked when the lobby shows a lock or the host refuses without
    it, and again after a wrong one (an empty code gives up, and so does Esc: it said "Esc
    does nothing here: ? lists the keys", and ? typed a dot into the masked field). ``changed``:
    the table we were at no longer takes ours (its host reopened it with a new one)."""

    BINDINGS = [Binding("escape", "give_up", "Give up", id="code.give_up")]

    def __init__(self, t: Translator, wrong: bool = False, changed: bool = False) -> None:
        super().__init__(t)
        self.wrong, self.changed = wrong, changed

    def compose(self) -> ComposeResult:
        said = "code.changed" if self.changed else "code.wrong" if self.wrong else "code.title"
        with Vertical():
            yield Plain(self.t(said))
            yield Input(placeholder=self.t("code.placeholder"), password=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_give_up(self) -> None:
        self.dismiss("")


class RefusedScreen(Localized, Screen[None]):
    """The host said no (wrong code, full table, other protocol), put us out (our seat taken
    over from elsewhere) or broke the protocol: say why, then leave — or, for a table
    picked in the lobby that never let us in, go back to the lobby (``lobby_again``)."""

    CSS_PATH = STYLES / "room.tcss"

    KEYS = "refused.keys"
    LEAVE_KEYS: frozenset[str] | None = None  # any key

    def __init__(self, t: Translator, reason: str, title: str = "refused.title") -> None:
        super().__init__()
        self.t, self.reason, self.title_key = t, reason, title

    def compose(self) -> ComposeResult:
        keys = "refused.keys_lobby" if self._to_lobby() else self.KEYS
        title = self.title_key
        if title == "refused.title":  # (every refusal comes by this screen: the app's, and
            from bhtui.tui.app import refused_title  # a session's own for a code given up)

            title = refused_title(getattr(self.app, "client", None))
        yield Plain(self.t(title, reason=self.reason) + "\n" + self.t(keys))

    def _to_lobby(self) -> bool:
        from bhtui.tui.app import BhtuiApp

        return isinstance(self.app, BhtuiApp) and self.app.lobby_again

    def on_key(self, event: events.Key) -> None:
        if self.LEAVE_KEYS is None or event.key in self.LEAVE_KEYS:
            from bhtui.tui.app import BhtuiApp

            app = self.app
            (app.refusal_read if isinstance(app, BhtuiApp) else app.exit)()


class ClosedScreen(RefusedScreen):
    """The host closed the table (its ``bye``): say so, that we wait for it to reopen (the
    client retries by itself, and the app closes this screen when the table is back), and
    how it is found again after leaving.
    It comes in the middle of a game, so only Enter or q leave: a key pressed for the game
    just as it arrived does not take it away unread."""

    KEYS = "bye.keys"
    LEAVE_KEYS = frozenset({"enter", "q"})


class TableMenu(Localized, Screen[tuple[str, str]]):
    """Watch or join one known table (the doors' --table): what the table said of itself
    (``hello``: its name, game and rules; None where it said nothing), then the visitor's
    name, as each visitor of serve-ssh or serve-web is a new person whom the server's
    settings do not name. ``note``: what the door says before he sits down (that a drop
    loses the seat of one it does not know again); ``given``: the name he gave on his last
    visit, where the door knows him again, so Enter is all he needs. Dismissed with the role
    and that name."""

    CSS_PATH = STYLES / "room.tcss"

    # Esc did nothing here: it goes back from the choices to the name, and from the name,
    # the menu's first step, it asks whether to leave (as the lobby's Esc does).
    BINDINGS = [Binding("escape", "back", "Name", id="menu.back"),
                Binding("escape", "leave", show=False, id="menu.leave")]

    def __init__(self, t: Translator, address: str, hello: dict[str, Any] | None = None,
                 note: str | None = None, given: str = "") -> None:
        super().__init__()
        self.t, self.address, self.hello, self.note = t, address, hello, note
        self.given = given

    def _about(self) -> Text:
        """The table's name, its rules and its address: the menu showed the address alone.
        A hello whose game or rules this bhtui does not know (a newer host's) is named by
        its address."""
        hello = self.hello
        try:
            rules = rules_words(self.t, hello) if hello is not None else ""
        except (ValueError, TypeError, KeyError):
            rules = ""
        if hello is None or not rules or not isinstance(hello.get("table"), str):
            return Text(self.address, style="bold")
        where = self.address + ("  🔒 " + self.t("code.title") if hello.get("code") else "")
        return Text.assemble((clip(hello["table"], 60), "bold"), "\n", rules, "\n", where)

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        yield Plain(self._about())
        yield Plain(self.t("menu.name"))
        yield Field(self.given, placeholder=self.t("menu.placeholder"), max_length=MAX_NAME,
                    id="menu-name")
        choices = OptionList(Option(Text(self.t("lobby.watch")), id="spectator"),
                             Option(Text(self.t("lobby.join")), id="player"))
        choices.display = False
        yield choices
        if self.note:
            yield Plain(self.note, id="menu-note")
        yield Footer()

    def on_mount(self) -> None:
        """The name's field takes the keys at once: pushed once the table has answered (not
        as the app starts), a browser tab's name typed right away went nowhere."""
        self.query_one("#menu-name", Field).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The choices appear once there is a name (so keys typed ahead of them, as over a
        slow link, never pick one before the name is in)."""
        from textual.widgets import OptionList

        if not event.value.strip():
            self.notify(self.t("menu.name_first"), severity="warning", timeout=4)
            return
        choices = self.query_one(OptionList)
        choices.display = True
        choices.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc's step back only while the choices show (they come once the name is in)."""
        if action in ("back", "leave"):
            return self._choosing() == (action == "back")
        return True

    def _choosing(self) -> bool:
        from textual.widgets import OptionList

        return bool(self.query(OptionList)) and self.query_one(OptionList).display

    def action_back(self) -> None:
        """Back to the name, to change it: the choices go until it is given again."""
        from textual.widgets import OptionList

        self.query_one(OptionList).display = False
        self.query_one("#menu-name", Field).focus()
        self.refresh_bindings()

    async def action_leave(self) -> None:
        await self.app.run_action("quit_game")

    def on_field_full(self, event: Field.Full) -> None:
        self.notify(self.t("field.full", n=event.most), severity="warning", timeout=4,
                    markup=False)

    def on_option_list_option_selected(self, event: Any) -> None:
        name = self.query_one("#menu-name", Input).value.strip()
        if name:
            self.dismiss((event.option.id, name))
        else:  # cleared after the choices appeared
            self.query_one("#menu-name", Input).focus()


def rules_words(t: Translator, table: Any) -> str:
    """The game a table (its room, or its host's hello) plays, its preset and the options it
    set otherwise, on one line."""
    chosen = rule_words(t, table)
    words = t(f"game.{table.get('game', 'baohuang')}") + " · " + t(
        "settings.preset", name=t(f"preset.{table['preset']}"))
    return words + ((" · " + ", ".join(chosen)) if chosen else "")


def watching_words(t: Translator, room: Any) -> str:
    """How many watch, and who (the first few the host names; an older host names none)."""
    count, names = room["spectators"], room.get("watchers")
    if not isinstance(count, int) or count < 1 or not isinstance(names, list) or not names:
        return t("room.spectators", n=count)
    # A hostile host may name any number: no more are shown than a host names.
    shown = [clip(str(name), 12) for name in names[:min(count, WATCHERS_NAMED)]]
    return t("room.watchers", n=count, names=", ".join(shown) + (", …" if count > len(shown) else ""))


def timer_words(t: Translator, seconds: float | None) -> str:
    """The turn timer the host set (``--timer``): players learnt of it only when "5 s left"
    first showed. Written short (``g``): a hostile host's 1e300 is six characters, not 301."""
    return t("room.timer", n=f"{seconds:g}") if seconds else t("room.no_timer")
