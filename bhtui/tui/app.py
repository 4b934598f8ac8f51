"""The Textual app: one screen flow for every way of getting a table (local, host, join)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import os
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from textual import constants, events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender

from bhtui.net.client import Client
from bhtui.net.protocol import clean_name
from bhtui.store.config import PLAYER, Config, Settings, differences
from bhtui.tui import STYLES, keymap
from bhtui.tui.cardstyle import CARD_VARIABLES, CardStyle
from bhtui.tui.dialogs import ChatPrompt, DecisionDialog, HelpScreen, ProblemsScreen, QuitScreen
from bhtui.tui.games import parts_for, table_screen
from bhtui.tui.i18n import Translator
from bhtui.tui.messages import Aside, PrefsChanged, heard
from bhtui.tui.modal import Dialog
from bhtui.tui.table import TableScreen
from bhtui.tui.terminal import TerminalDriver, end_on_signals
from bhtui.tui.themes import pick_theme
from bhtui.tui.widgets import AsciiScrollBar, Field
from bhtui.wire import HistoryRow

if TYPE_CHECKING:
    from bhtui.net.lobby import TableInfo  # (zeroconf: never loaded for a game with bots)
    from bhtui.tui.preferences import Draft

LEAVE_WAIT = 2.0
"""Seconds a joiner's quit waits for the host to apply his leave and close the link."""


class Standing(NamedTuple):
    """Where a match stood: rounds finished, the totals as scored, whether it is over, and
    what the totals hold of the round under way (``since``, per seat): R-AUTO-3's quit
    penalty is scored at once, not with the round."""

    finished: int
    totals: Sequence[int]
    over: bool
    since: Sequence[int]


class Lost(NamedTuple):
    """A match's log that could not be written on (``GameLog.lost``, as
    ``sessions.say_unsaved`` told it): every line saying the game is saved says how far."""

    reason: str
    upto: int
    """The round under way then (what was saved reaches into it); 0: nothing of the match
    was saved (再来一局's new log never made)."""
    game: str
    """Its game's name: Dou Dizhu counts deals."""


LOST_QUESTIONS = {
    "quit.question": ("quit.question_lost", "quit.plain"),
    "quit.question_on": ("quit.question_lost", "quit.plain"),
    "ddz.quit.question_escape": ("quit.question_lost", "quit.plain"),
    "quit.question_ends": ("quit.question_ends_lost", "quit.question_ends_unsaved"),
    "quit.back.replay": ("quit.back.replay_lost", "quit.back.replay_unsaved"),
    "quit.back.demo": ("quit.back.demo_lost", "quit.back.demo_unsaved"),
}
"""A quit question saying the game is saved, and what it asks once the log is ``Lost``:
saved so far, or (``upto`` 0) nothing said of saving. (Dou Dizhu's escape: its note says it.)"""


class Session(Protocol):
    """How the app gets its table (``tui/sessions.py``); ``open`` runs in a worker."""

    async def open(self, app: BhtuiApp) -> None: ...
    async def close(self) -> None: ...
    def quitting(self) -> None:
        """The person quits (his leave just sent): a table of this app's stops there."""
    def kept(self) -> Path | None:
        """Where the game this session played is saved (None: it saves none)."""


class BhtuiApp(App[None]):
    TITLE = "bhtui"
    ENABLE_COMMAND_PALETTE = False
    # The table's and the dialogs' sheets too (their screens name them as well): read now,
    # the whole stylesheet is parsed once, not again as the table and the first dialog open.
    CSS_PATH = [STYLES / "app.tcss", STYLES / "table.tcss", STYLES / "dialogs.tcss"]
    BINDINGS = [
        # Priority: these work over every dialog too (modal screens cut ordinary bindings).
        Binding("question_mark,f1", "help", "Help", id="help", priority=True),
        Binding("ctrl+q", "quit_game", "Quit", id="quit", priority=True),
        Binding("ctrl+t", "next_theme", "Theme", id="theme", priority=True, show=False),
        Binding("f2", "preferences", "Settings", id="preferences", priority=True, show=False),
        Binding("f3", "problems", "Problems", id="problems", priority=True, show=False),
    ]

    def __init__(self, config: Config, session: Session, *, warnings: list[str] | None = None,
                 overrides: Mapping[str, Any] | None = None, visitor: str = "",
                 seats_kept: bool = False) -> None:
        """``session`` is how this app came to be (a local game, a host, a join, a replay,
        the demo): the caller makes it, so the app knows no session kind. ``config`` is the
        settings file's, ``overrides`` the command line's: shown, never saved (``choose``).
        ``visitor``: the door (``ssh``, ``web``) the app runs behind for a visitor, who
        runs no bhtui of his own and whose folder goes with his visit: nothing is said that
        he cannot use there — a path on the host, a command, a seat to take back later;
        unless ``seats_kept``: the door keeps the seats he takes for his next visit (an SSH
        visitor known by his key, a web one by his browser's cookie), and he is told how
        to take one back; else he is told, before he sits down, that a drop loses his seat."""
        super().__init__()
        self.visitor, self.seats_kept = visitor, seats_kept
        self.settings = Settings(dataclasses.replace(config), dict(overrides or {}))
        self.config = self.settings.current()
        self.session = session
        self.t, self.card_style = _speaking(self.config)
        self._key_words: dict[str, str] = {}  # the player's keys, as the texts name them
        self._stale = False
        """A visitor's screens under the table he changed the language at, drawn in the one
        before: opened again when he is back there (``speak_again``)."""
        self.startup_warnings = list(warnings or [])
        self.problems: list[str] = []
        """What on_mount found wrong (a theme file, a key): printed again when bhtui ends."""
        self.farewell: list[str] = []
        """Said on the console once the app has ended (its screen is gone then): where the
        game is kept, how to take a seat left back."""
        self.warnings: list[str] = []
        """Every problem found at start, the settings file's first: F3 lists them."""
        self.theme_names: list[str] = []
        self.address = ""
        self.client: Client | None = None
        self._told_name: str | None = None  # the name the table gives my seat, once said
        self._back: tuple[Session, Screen[Any], str] | None = None
        """Where leaving a game played on from a replay goes: that session, its screen, and
        what the texts call it (``switch_session``'s ``source``)."""
        self.lost: dict[Path, Lost] = {}
        """The logs, by path, that could not be written on while this app ran."""
        self._played_on: list[tuple[Path, bool, str]] = []
        """The games played on from a replay and left for it: their files, whether they
        were over and where they started, which the farewell names as it names the game
        quit."""
        self.admin = False
        self.picked: TableInfo | None = None
        """The table picked in the lobby for the join under way (``LobbyScreen``): a join
        to it that fails goes back to the lobby, where another may be picked."""
        self.lobby_place: str | None = None
        """The table last picked in the lobby: the lobby opened again puts its cursor there
        (it went back to the first row)."""
        self._as_opened: Session = copy.copy(session)
        """The session as it came, opened again for the lobby (what it asked, such as a
        join code typed for the table that failed, is not taken to the next one)."""
        self._keys_held_until = 0.0
        self.clock = time.monotonic  # (a test's to stop)

    def hold_keys(self, seconds: float) -> None:
        """Drop the keys that fall on a decision's dialog in the next ``seconds``: a result
        closed by itself as the player pressed Enter to close it (or he pressed Enter twice),
        and that Enter fell on the throne's dialog that came next and took the throne. The
        table, what the player opens himself (help, the quit prompt) and ctrl keys
        (quitting) work as ever. A key is dropped as it is forwarded too: two keys read at
        once both left for the result, and the second, forwarded after it had gone, reached
        the dialog."""
        self._keys_held_until = self.clock() + seconds

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.key.startswith("ctrl+") \
                and isinstance(self.screen, DecisionDialog) \
                and self.clock() < self._keys_held_until:
            return
        await super().on_event(event)

    def on_aside(self, message: Aside) -> None:
        """Help, settings, the scores, chat or the quit prompt opened or closed: while any is
        open over the table a player alone at it has his turn timer wait (the host decides).
        Read from the screens themselves when the message is handled, not counted: one left
        under the table (help open in the waiting room as the match began) holds nothing."""
        stack = self.screen_stack
        tables = [i for i, screen in enumerate(stack) if isinstance(screen, TableScreen)]
        above = stack[tables[-1] + 1:] if tables else []
        if self.client is not None and self.client.role == "player":  # (it says each change)
            self.client.hold(any(isinstance(s, Dialog) and s.ASIDE for s in above))

    @property
    def host(self) -> Any:
        """The in-process table, when this app runs one (a local game or `bhtui host`)."""
        return getattr(self.session, "table", None)

    def get_driver_class(self) -> Any:
        """Textual's Linux driver with output that never keeps the app from ending
        (`tui/terminal.py`); TEXTUAL_DRIVER, and other systems, keep theirs."""
        textuals = super().get_driver_class()
        if constants.DRIVER is None and issubclass(TerminalDriver, textuals):
            return TerminalDriver
        return textuals

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer writes it, in the card style's symbols (Enter, not ⏎)."""
        return self.card_style.plain(super().get_key_display(binding))

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(CARD_VARIABLES)

    def on_mount(self) -> None:
        end_on_signals(self, asyncio.get_running_loop())
        keys, problems = keymap.checked(self.config.keys)
        self.set_keymap(keys)  # the player's own keys, by the bindings' ids
        self._key_words = keymap.words(keys)
        self._draw_style()
        themes, wanted, broken = pick_theme(self.config.theme)
        problems += broken
        for theme in themes:
            self.register_theme(theme)
        self.theme_names = [t.name for t in themes]
        self.theme = wanted
        self.problems = problems  # (the settings file's were printed before the app opened)
        self.warnings = [self._said(line) for line in [*self.startup_warnings, *problems]]
        if len(self.warnings) == 1:
            self.notify(self.warnings[0], severity="warning", timeout=8, markup=False)
        elif self.warnings:  # one short toast: a toast apiece went off an 80x24 screen
            self.notify(self.t("warnings.some", n=len(self.warnings)), severity="warning",
                        timeout=20)
        self.title = self.t("title")
        # A worker, so a session may wait for the player's answer (push_screen_wait).
        self.run_worker(self.session.open(self), exclusive=True, name="session")

    def warn(self, text: str, toast: str | None = None) -> None:
        """A problem found during play, in the player's language: a toast now (``toast``, a
        short one naming F3, where the text would not fit under a box), under F3 with those
        found at start, and on the terminal once bhtui ends (its screen is gone then)."""
        self.warnings.append(text)
        self.problems.append(text)
        self.notify(toast or text, severity="warning", timeout=12, markup=False)

    def _said(self, problem: str) -> str:
        """A problem with the settings (made in English below the screens, as the console
        says it) in the player's language: a Chinese player read them in English."""
        if self.t.language != "zh":
            return problem
        from bhtui.tui.clitexts import in_chinese

        return in_chinese(problem)

    def _draw_style(self) -> None:
        """Draw in the translator's and card style's ways: the texts that name a key say the
        player's, the stylesheets' borders are ASCII in the ascii style."""
        self.t.keys.update({name: self.t.plain(key) for name, key in self._key_words.items()})
        self.set_class(self.card_style.ascii, "ascii")
        # Every scroll bar (the log's, a dialog's, an option list's) is drawn by Textual's one
        # renderer: set it for this app's style each time (the tests run many apps).
        ScrollBar.renderer = AsciiScrollBar if self.card_style.ascii else ScrollBarRender

    def speak_again(self) -> None:
        """A visitor's new language or cards, at once: his visit has no next start. His
        screens are opened again in them where he was: a table's (the table, its room) from
        what the client holds — its log replayed, its decisions due, as for one who rejoins
        — and with no table the session's, the demo at the chapter it showed. Screens under
        a table (the demo's, beneath a game played on from its round) wait until he is back
        on them (``_go_back``): opened now, the table's session would have to end."""
        self.t, self.card_style = _speaking(self.config)
        self._draw_style()
        self.title = self.t("title")
        client = self.client
        if client is None:
            self.run_worker(self._reopen(), exclusive=True, name="session")
            return
        stack = self.screen_stack
        first = next((i for i, screen in enumerate(stack) if _on_table(screen)), len(stack))
        self._stale = first > 1  # (the first screen is Textual's own, empty one)

        async def table_again() -> None:
            while len(self.screen_stack) > first:
                await self.pop_screen()
            self._route({"type": "attached"})

        self.run_worker(table_again(), group="language")

    async def _reopen(self) -> None:
        """The session's screens opened again from its start, the demo at its chapter."""
        self._stale = False
        chapter = next((place for place in (getattr(s, "chapter", None) for s in
                                             self.screen_stack) if place is not None), None)
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.session.open(self)  # (the demo's screen is pushed, not yet mounted)
        shown: Any = self.screen
        if chapter is not None and hasattr(shown, "chapter"):
            shown.chapter = chapter

    def switch_session(self, session: Session, source: str) -> None:
        """Go on in another session (a game played on from the replay being watched): the
        one before closes first. Leaving that game goes back to the screen that started it,
        as it was (over SSH, the demo's replay — not out of the door). ``source`` names
        that screen in the texts (``quit.back.<source>``, ``source.<source>``): "the
        replay", or the demo's round, which the person never asked to replay."""
        before, self.session = self.session, session
        self._back = (before, self.screen, source)

        async def switch() -> None:
            await before.close()
            await session.open(self)

        self.run_worker(switch(), exclusive=True, name="session")

    @property
    def lobby_again(self) -> bool:
        """A join picked in the lobby ended before the table ever let us in (refused, no
        answer, its code given up): its refusal goes back to the lobby, not out of bhtui."""
        client = self.client
        return self.picked is not None and client is not None and not client.welcomes

    def refusal_read(self) -> None:
        """The person read why he is out: back to the lobby (``lobby_again``), else leave."""
        if not self.lobby_again:
            self.exit()
            return
        self._back_to_lobby()

    def leave_for_lobby(self) -> None:
        """Leave the table picked in the lobby (Esc in its waiting room: the host frees the
        seat, ``leave``) and show the lobby again. The host's answer is awaited first,
        ``LEAVE_WAIT`` at most, then the link is hung up: ended otherwise, it would hold
        the seat as a person gone away."""
        client = self.client
        if client is None or client.leaving:  # (Esc, or yes, pressed twice)
            return
        client.unlisten(self._route)  # nothing of that table is shown any more
        client.leave()

        async def left() -> None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(client.ended.wait(), LEAVE_WAIT)
            client.link.disconnect()
            self._back_to_lobby()

        self.run_worker(left(), group="leaving")

    def _back_to_lobby(self) -> None:
        """The lobby as it first opened, its cursor on the table picked (``lobby_place``)."""
        before, self.session = self.session, copy.copy(self._as_opened)
        self.lobby_place = self.picked.key if self.picked is not None else None
        # Not in until a table lets him in: quitting the lobby now is quitting a lobby
        # (exit status 0, nothing printed), the failed join having been said on screen.
        self.client = self.picked = None

        async def reopen() -> None:
            await before.close()
            while len(self.screen_stack) > 1:
                await self.pop_screen()
            await self.session.open(self)

        self.run_worker(reopen(), exclusive=True, name="session")

    def attach(self, client: Client, admin: bool, waiting_room: bool = True) -> None:
        """Follow a client: waiting room until the match, then the table; refusals shown."""
        self.client, self.admin = client, admin
        client.listen(self._route)
        if waiting_room:
            self._route({"type": "attached"})

    def _route(self, message: dict[str, Any]) -> None:
        """The client's one listener: posts the message to the screens showing the table
        (typed: ``messages.heard``), then opens the screen the client's state now calls for, which starts
        from that state."""
        client = self.client
        assert client is not None
        if not self.screen_stack or not self.is_running:
            return  # shutting down (the host may talk on): nothing left to show it on
        for screen in self.screen_stack:  # those already showing the table hear it
            said = heard(message, self.t)  # one each: a message is posted once
            if said is not None and (isinstance(screen, TableScreen)
                                     or _is_room(screen, "WaitingRoomScreen")):
                screen.post_message(said)
        self._say_renamed(client)
        refused = client.refused
        if refused is not None:  # out (for now): nothing else is opened on top of it
            if not _is_room(self.screen, "RefusedScreen"):
                self._say_refused(client, refused)
            return
        if _is_room(self.screen, "ClosedScreen"):  # the closed table reopened: back to it
            self.pop_screen()
        on_table = any(isinstance(s, TableScreen) for s in self.screen_stack)
        if client.view is not None and not on_table:
            try:
                table = table_screen(client, self.t, self.card_style)
            except ValueError as exc:  # a game this bhtui does not know
                from bhtui.tui.room import RefusedScreen

                self.push_screen(RefusedScreen(self.t, str(exc)))
                return
            boxes = self._close_room_boxes(table)
            if _is_room(self.screen, "WaitingRoomScreen"):
                self.pop_screen()
            self.title = self.t(f"title.{client.game}")
            self.push_screen(table)
            for again in boxes:
                again()
        elif client.view is None and not self._in_room():
            if client.room is not None or message["type"] == "attached":
                from bhtui.tui.room import WaitingRoomScreen

                self.push_screen(WaitingRoomScreen(client, self.t, self.admin, self.address,
                                                   invite=not self.visitor))

    def _close_room_boxes(self, table: TableScreen) -> list[Callable[[], None]]:
        """The boxes open over the waiting room as the match begins, closed: left there, they
        stayed under the table unseen — a chat box with what was typed in it, help, the
        settings with the changes not yet saved. Returned, bottom first, is how each opens
        again over ``table`` as it was: chat with its words, the settings with their
        changes and row, help and the problems as the table has them, the quit question as
        it now reads. A question about the room alone (leave it for the lobby? its rules)
        has nothing left to ask."""
        from bhtui.tui.preferences import PreferencesScreen

        stack = self.screen_stack
        rooms = [i for i, screen in enumerate(stack) if _is_room(screen, "WaitingRoomScreen")]
        if not rooms:
            return []
        again: list[Callable[[], None]] = []
        for box in reversed(stack[rooms[-1] + 1:]):
            if isinstance(box, ChatPrompt):
                typed = next((field.value for field in box.query(Field)), "")
                again.append(partial(table.dialogs.chat, typed))
            elif isinstance(box, PreferencesScreen):
                again.append(partial(self.action_preferences, box.draft()))
            elif isinstance(box, ProblemsScreen):
                again.append(self.action_problems)
            elif isinstance(box, HelpScreen):
                again.append(self.action_help)
            elif type(box) is QuitScreen:
                again.append(self.action_quit_game)
            self.pop_screen()
        return again[::-1]

    def _in_room(self) -> bool:
        """Whether the waiting room is shown, or under a box opened over it (chat, help): a
        second room pushed over such a box buried it, and the words typed in the chat box.
        (A room left under a table is not: after the match the next one is pushed.)"""
        stack = self.screen_stack
        tables = [i for i, screen in enumerate(stack) if isinstance(screen, TableScreen)]
        return any(_is_room(screen, "WaitingRoomScreen")
                   for screen in stack[tables[-1] + 1 if tables else 0:])

    def _say_renamed(self, client: Client) -> None:
        """The table calls my seat by another name (another person there has mine): said
        once, as the seats show it with nothing to say it is mine."""
        called = client.renamed
        if called is not None and called != self._told_name:
            self._told_name = called
            self.notify(self.t("status.renamed", asked=clean_name(client.name), name=called),
                        timeout=12, markup=False)

    def _say_refused(self, client: Client, refused: dict[str, Any]) -> None:
        from bhtui.tui.room import ClosedScreen, RefusedScreen

        if refused.get("type") == "bye":  # after a match began, we wait for it to reopen
            title = "bye.title" if client.view is not None and not _over(client) \
                else "bye.gone"  # (a finished match has nothing to wait for)
            self.push_screen(ClosedScreen(self.t, self._goodbye(client), title))
            return
        if refused.get("code") == "code":
            return  # the session asks for the code (again) and tries again
        title = "refused.left" if client.admitted else "refused.title"
        why = refusal(self.t, refused)
        if self.visitor and refused.get("code") == "unreachable":  # the door's table: not his
            why = self.t("unreachable.door", address=refused.get("address", "?"))  # to mend
        elif self.lobby_again and refused.get("code") == "unreachable" \
                and refused.get("why") == "refused":  # it was listed: now gone
            why = self.t("unreachable.gone", address=refused.get("address", "?"))
        if refused.get("code") == "full" and client.role == "player" and self.address:
            why += "\n" + (self.t("refused.watch_door") if self.visitor  # say how
                           else self.t("refused.watch", address=self.address))
        if refused.get("code") == "codeless" and self.address:
            why += "\n" + self._without_code(client)
        self.push_screen(RefusedScreen(self.t, why, title))

    def command(self, client: Client, locked: bool) -> str:
        """Our own command for this table: our name, our role, and the join code's place
        when ``locked`` (the code itself is not shown: others may see the screen)."""
        from bhtui.tui.room import command_line

        if client.role == "player":
            return command_line(self.t, "join", self.address, locked, client.name)
        # A watcher who came with the default name (the table calls him "Watcher") is
        # told the command he ran, not to give himself the name "Player" there.
        named = client.name not in PLAYER.values()
        return command_line(self.t, "watch", self.address, locked,
                            client.name if named else "")

    def _without_code(self, client: Client) -> str:
        """How to go on to a table that asks for no code, when we came with one: without it.
        A code that came from BHTUI_CODE (set, perhaps, to host a table) would be taken again
        by the same command, so that one is named and emptied in the command shown (not
        when the code was typed or given otherwise)."""
        if client.code and os.environ.get("BHTUI_CODE", "").strip() == client.code:
            return self.t("refused.codeless_env", command="BHTUI_CODE= " + self.command(
                client, locked=False))
        return self.t("refused.codeless_how", command=self.command(client, locked=False))

    def unkept_note(self) -> str | None:
        """For a door's visitor whose seats it does not keep, said as he sits down: that a
        drop loses his seat, and how the door would keep it. A keyless SSH visitor heard it
        only in his quit question, his seat gone once his link dropped."""
        if not self.visitor or self.seats_kept:
            return None
        return self.t("menu.unkept_web" if self.visitor == "web" else "menu.unkept_ssh")

    def _goodbye(self, client: Client) -> str:
        """How a table the host closed is found again: his ``--resume``, and our command as
        we need it — our name, and the join code's place when the table has one and we need
        it: a player seated in the match never does (his seat token proves him), while one
        of a room that never began sits at a new table when the host opens one."""
        locked = bool(client.server.get("code"))
        if _over(client):  # a finished match is not resumed: only replayed, on the host
            return self.t("bye.over")
        if self.visitor:  # his seat token goes with his visit: he waits here, or comes again
            if client.view is None:
                return self.t("bye.room_door")
            if client.role != "player":
                return self.t("bye.watcher_door")
            if not self.seats_kept:
                return self.t("bye.player_door")
            return self.t("bye.player_door_kept_web" if self.visitor == "web"
                          else "bye.player_door_kept")
        if client.view is None:  # before the match there is nothing to resume
            return self.t("bye.room", command=self.command(client, locked))
        if client.role == "player":
            return self.t("bye.player", command=self.command(client, locked=False))
        return self.t("bye.watcher", command=self.command(client, locked))

    def _fatal_error(self) -> None:
        """A crash's report without the frames' local variables: Textual shows them, and
        they hold seat tokens, join codes and the hands at the table, which end on a
        screen someone else may see (an SSH visitor's). The trace itself still says where.
        (Textual's own method: it has no setting for this.)"""
        from rich.segment import Segments
        from rich.traceback import Traceback

        self.bell()
        traceback = Traceback(show_locals=False, width=None)
        self._exit_renderables.append(Segments(self.console.render(traceback,
                                                                   self.console.options)))
        self._close_messages_no_wait()

    async def on_unmount(self) -> None:
        if self.client is not None:
            self.client.unlisten(self._route)  # the host may talk on while we shut down
        await self.session.close()
        standing = self._standing()
        kept = self.session.kept()
        if not self.visitor:  # (a visitor's folder goes with his visit)
            self.farewell.extend(self._started_line(path, over, source)
                                 for path, over, source in self._played_on if path.exists())
        # (a hosted table is opened again from it)
        saved = kept if kept is not None and kept.exists() and not self.visitor else None
        if saved is not None and self.host is not None:  # (再来一局: a file a match)
            self.farewell.extend(self._earlier_lines(
                [path for path in self.host.earlier if path.exists()]))
        self._say_totals(standing)
        if saved is not None:
            over = standing is not None and standing.over
            lost = self.lost.get(saved)
            if self.admin and self.address and lost is not None:  # (its log: not over)
                self.farewell.append(self.t("farewell.hosted_lost", saved=self._saved(lost),
                                            path=shlex.quote(str(saved))))
            elif self.admin and self.address:  # a finished table is replayed, not reopened
                said = "farewell.hosted_over" if over else "farewell.hosted"
                self.farewell.append(self.t(said, path=shlex.quote(str(saved))))
            else:  # (how to go on: the next bhtui deals a new match)
                self.farewell.append(self._kept_line(saved, standing is None or over))
        elif not self.admin and not self.visitor and self.client is not None \
                and self.client.view is not None:  # a joined game: nothing saved here
            self.farewell.append(self.t("farewell.remote"))

    def _earlier_lines(self, paths: Sequence[Path]) -> list[str]:
        """The matches played before at this table (再来一局), each with its final totals
        and its file: the finished match's line gave its file alone, where quitting after it
        gave its totals too. A log that cannot be read again is named alone."""
        from bhtui.store.gamelog import GameLog, GameLogError  # (a game against bots
        from bhtui.store.replay import Replay  # loads no replay before its first frame)

        lines = []
        for path in paths:
            lost = self.lost.get(path)
            if lost is not None:  # (its totals read there are those of what was saved)
                lines.append(self.t("farewell.match_lost", saved=self._saved(lost),
                                    path=shlex.quote(str(path))))
                continue
            try:
                replay = Replay.from_log(GameLog.read(path))
            except (GameLogError, ValueError):
                lines.append(self.t("farewell.earlier", path=shlex.quote(str(path))))
                continue
            lines.append(self.t("farewell.match", totals=self._points(
                replay.names, replay.final_totals), path=shlex.quote(str(path))))
        return lines

    def _points(self, names: Sequence[str], points: Sequence[int], every: bool = True) -> str:
        """Each seat's points ("Ana +2, Bo -2"); not ``every``: those with none left out."""
        return self.t.join(f"{name} {p:+d}" for name, p in zip(names, points, strict=True)
                           if p or every)

    def _kept_line(self, path: Path, over: bool) -> str:
        """Where a game of bots is saved, and unless it is over how to play it on; how far,
        where its log was lost (it plays on from there, over or not)."""
        lost = self.lost.get(path)
        if lost is not None:
            return self.t("farewell.kept_lost", saved=self._saved(lost),
                          path=shlex.quote(str(path)))
        return self.t("farewell.kept" if over else "farewell.kept_on", path=shlex.quote(str(path)))

    def _started_line(self, path: Path, over: bool, source: str) -> str:
        """``_kept_line`` of a game played on from ``source`` and left for it: "this game"
        read as the one quit, the demo, though it was the game started from it."""
        lost = self.lost.get(path)
        key = "farewell.started_lost" if lost is not None else \
            "farewell.started" if over else "farewell.started_on"
        return self.t(key, source=self.t(f"source.{source}"), path=shlex.quote(str(path)),
                      saved=self._saved(lost) if lost is not None else "")

    def _saved(self, lost: Lost) -> str:
        """How far a lost log was saved, in its game's words (Dou Dizhu counts deals)."""
        try:
            words: Callable[[str], str] = parts_for(lost.game).words
        except ValueError:  # (a game this bhtui does not know)
            words = str
        return self.t(words("saved.lost"), n=lost.upto, reason=lost.reason)

    def _standing(self) -> Standing | None:
        """Where the match stood as the app ended (None: no match began). A table of this
        app's own says it itself: our view never receives what our own leave did there (a
        Dou Dizhu escape ends the deal, and a match of that one deal), so it told no totals
        and a finished match "plays on". A joiner's view is all he has."""
        match = self.host.match if self.host is not None else None
        if match is not None:
            rows = match.history
            return _standing(rows, rows[-1]["round"] if rows else 0, match.totals, match.over)
        view = self.client.view if self.client is not None else None
        if view is None:
            return None
        over = view["phase"] == "over"
        return _standing(self.client.history if self.client is not None else [],
                         view["round"] if over else view["round"] - 1, view["totals"], over)

    def _say_totals(self, standing: Standing | None) -> None:
        """Where the match stood, in the last lines: a match with no set end (``bhtui`` with no
        ``--rounds``) ends when the player quits, and it ended on a path, never its totals.
        A quit penalty of the round under way is in them, and said: the totals after the
        rounds finished left it out, though the match had scored it. Said in the game's words
        (Dou Dizhu counts deals)."""
        client = self.client
        names = [seat.get("name", "?") for seat in client.table] if client is not None else []
        if client is None or standing is None or len(names) != len(standing.totals):
            return
        try:
            words: Callable[[str], str] = parts_for(client.game).words
        except ValueError:  # a game this bhtui does not know: the shared words
            words = str

        since = self._points(names, standing.since, every=False)
        totals = self._points(names, standing.totals)
        n, m = standing.finished, standing.finished + 1
        if since:
            key = words("farewell.totals_since" if n else "farewell.totals_first")
            self.farewell.append(self.t(key, n=n, m=m, since=since, totals=totals))
        elif n:
            self.farewell.append(self.t(words("farewell.totals"), n=n, totals=totals))

    def action_help(self) -> None:
        if type(self.screen) is HelpScreen:
            self.pop_screen()
            return
        # The top screen with help of its own (a table: its viewer's keys and its rules; a
        # replay: its keys and its game's, unless a game played on from it is above it).
        shown = next((s for s in reversed(self.screen_stack) if hasattr(s, "help_texts")), None)
        texts = [self.t("help.body"), self.t("help.rules")]
        if shown is not None:
            texts = shown.help_texts()
        elif self.client is not None:
            table: Mapping[str, Any] = self.client.view or self.client.room or {}
            try:
                texts = parts_for(self.client.game).help_texts(self.t, table.get("preset"),
                                                               self.card_style)
            except ValueError:
                pass  # a game this bhtui does not know: the general keys still help
        self.push_screen(HelpScreen(self.t, texts))

    def action_problems(self) -> None:
        """Every problem found with the settings at start, in full (F3 again closes it)."""
        if isinstance(self.screen, ProblemsScreen):
            self.pop_screen()
        elif self.warnings:
            self.clear_notifications()  # the toast that named the key: it is answered
            self.push_screen(ProblemsScreen(self.t, self.warnings))
        else:
            self.notify(self.t("warnings.none"), timeout=4)

    def action_help_quit(self) -> None:
        """ctrl+c, which quits most programs, said nothing: Textual's own answer names a key
        bound to its ``quit`` action, and bhtui's quit key asks first (``quit_game``)."""
        key = next((k for k, b in self.active_bindings.items()
                    if b.binding.action == "quit_game"), "ctrl+q")
        self.notify(self.t("quit.how", keys=key), timeout=4, markup=False)

    def action_quit_game(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return

        client = self.client
        hosting = self.admin and bool(self.address)
        question = _quit_question(client, self.admin, hosting=hosting, door=self.visitor,
                                  ends=self._leave_ends_match(), kept=self.seats_kept)
        notes: list[str | None] = []
        kept = self.session.kept()
        lost = self.lost.get(kept) if kept is not None else None
        if hosting and question in ("quit.question", "quit.question_ends"):
            # `bhtui host`: the table goes with this app (reopened only while unfinished,
            # and from its log: a match never logged is not)
            notes.append(self.t("quit.hosting_over" if client is not None and _over(client)
                                else "quit.hosting_closes" if lost is not None and not lost.upto
                                else "quit.hosting"))
        seated = client if client is not None and client.seat is not None else None
        if seated is not None and seated.view is not None and not self._left_before():
            try:
                parts = parts_for(seated.game)
            except ValueError:
                pass
            else:
                notes.append(parts.leaving_note(seated.view, self.t))
                if question == "quit.question_on":  # (what is saved to play on, then)
                    question = parts.leaving_question(seated.view) or question

        back = self._back if client is not None else None
        if back is not None:
            question = f"quit.back.{back[2]}"
        words: dict[str, str] = {}
        if lost is not None and question in LOST_QUESTIONS:
            question = LOST_QUESTIONS[question][not lost.upto]
            words = {"saved": self._saved(lost)}

        def leave() -> None:
            if back is not None and client is not None:
                client.unlisten(self._route)  # nothing of that table is shown any more
                self.client = None
            if seated is not None:
                seated.leave()  # on purpose: what the rules make of it (逃跑)
            if seated is not None and self.host is None:
                self.run_worker(self._left(seated), group="leaving")
                return
            self.session.quitting()
            if back is None:
                self.exit()
            else:
                self.run_worker(self._go_back(*back), exclusive=True, name="session")

        self.push_screen(QuitScreen(self.t, leave, "\n".join(n for n in notes if n) or None,
                                    question, words))

    async def _left(self, client: Client) -> None:
        """A joiner's leave is the host's to apply, and what it did (a Dou Dizhu escape ends
        the deal, and a match of that deal) comes back before the host closes the link:
        bhtui ended first, and said no totals and a seat to take back in a match that was
        over. It waits for the link to end, at most ``LEAVE_WAIT`` (a host that does not
        answer says nothing more)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.ended.wait(), LEAVE_WAIT)
        self.session.quitting()
        self.exit()

    def _left_before(self) -> bool:
        """Whether a leave of my seat is counted this match already: the table counts one
        a match (``Commands.leave``), so leaving again costs nothing and ends nothing. A
        table of this app's own says it; a joiner's view and finished rounds do
        (``left_before``)."""
        table, client = self.host, self.client
        seat = client.seat if client is not None else None
        if client is None or seat is None:
            return False
        if table is not None:
            return seat in table.abandoned or seat in table.abandoning
        standing = self._standing()
        if client.view is None or standing is None:
            return False
        try:
            return parts_for(client.game).left_before(client.view, seat, client.history,
                                                      standing.since)
        except ValueError:  # (a game this screen does not know)
            return False

    def _leave_ends_match(self) -> bool:
        """Whether my leaving now ends the match at a table of this app's own: what its
        rules make of a leave (a Dou Dizhu escape ends the deal, and with it a match in its
        last deal), tried on a copy of the match, so the quit question says that rather
        than that the match plays on. A leave already counted this match counts no more.
        At a host's table my view says it (``leave_ends_match``): a joiner was told a bot
        would play his seat on in a match his escape ended."""
        table, client = self.host, self.client
        match = table.match if table is not None else None
        seat = client.seat if client is not None else None
        if seat is None or self._left_before():
            return False
        if table is None and client is not None and client.view is not None:
            try:
                return parts_for(client.game).leave_ends_match(client.view)
            except ValueError:  # (a game this screen does not know)
                return False
        if match is None or match.over:
            return False
        action = table.game.abandon(match, seat, "left")
        if action is None:
            return False
        trial = copy.deepcopy(match)
        trial.apply(seat, action)
        return bool(trial.over)

    async def _go_back(self, session: Session, screen: Screen[Any], source: str) -> None:
        """Close the game played on and show ``screen`` (the replay) again, in ``session``;
        bhtui's last lines will say where that game is saved, and that it started there."""
        kept, standing = self.session.kept(), self._standing()
        if kept is not None:
            self._played_on.append((kept, standing is None or standing.over, source))
        played, self.session, self._back = self.session, session, None
        await played.close()
        while self.screen is not screen and len(self.screen_stack) > 1:
            await self.pop_screen()
        if self._stale:  # (his language changed at that table)
            await self._reopen()

    def action_next_theme(self) -> None:
        if self.theme_names:
            index = self.theme_names.index(self.theme) if self.theme in self.theme_names else -1
            self.theme = self.theme_names[(index + 1) % len(self.theme_names)]
            from bhtui.tui.preferences import value_word

            theme = value_word(self.t, "theme", self.theme)
            self.notify(self.t("prefs.theme_now", theme=theme) + self.choose_said(
                theme=self.theme), timeout=2, markup=False)  # (a file's name, a path)

    def choose(self, **values: Any) -> str:
        """The player's choice of settings: in use at once and saved with the file's other
        values (never this run's flags); an empty string, or why it could not be saved."""
        try:
            self.settings.choose(**values)
        except OSError as exc:
            return " — " + self.t("status.not_saved", reason=exc.strerror or str(exc))
        finally:
            self.config = self.settings.current()
        return ""

    def choose_said(self, **values: Any) -> str:
        """``choose``, and the words that end its notice: that the choice is saved (as F2
        says), or why not. ctrl+t and o saved it without a word."""
        return self.choose(**values) or " — " + self.saved_words()

    def saved_words(self) -> str:
        """That a choice is saved — for a door's visitor, kept for his visit: his folder goes
        with it."""
        return self.t("visit.saved" if self.visitor else "prefs.saved")

    def action_preferences(self, draft: Draft | None = None) -> None:
        """F2: the settings — ``draft``'s as the person left them, changed and unsaved, in
        the box the match's start closed over the waiting room."""
        from bhtui.tui.preferences import DRAWN, PreferencesScreen

        if any(isinstance(screen, PreferencesScreen) for screen in self.screen_stack):
            return  # (open under help or the quit prompt: not a second one over them)

        # A local player's box shows the file's values, which his next start takes, and this
        # run's flags beside them; a visitor's visit has no next start: what it uses.
        shown = self.config if self.visitor else dataclasses.replace(self.settings.saved)
        flagged = {} if self.visitor else {key: getattr(self.config, key)
                                           for key in self.settings.overrides}

        def chosen(changed: Config | None) -> None:
            if changed is None:
                return
            changes = differences(shown, changed)
            saved = self.choose(**changes)
            config = self.config
            if self.visitor and any(key in DRAWN for key in changes):
                self.speak_again()
            if config.theme in self.theme_names:
                self.theme = config.theme
            if self.client is not None and self.client.seat is not None:
                self.client.set_prefs(config.auto_pass, config.assist)
            for screen in self.screen_stack:
                screen.post_message(PrefsChanged(config))
            # (not "Settings saved — Settings not saved: …" when the file could not take it)
            said = self.t("prefs.in_use") + saved if saved else self.saved_words()
            self.notify(said, timeout=8 if saved else 4, markup=False)

        self.push_screen(PreferencesScreen(self.t, shown, self.theme_names, draft, flagged),
                         chosen)


def _speaking(config: Config) -> tuple[Translator, CardStyle]:
    """The translator and card style of ``config``'s language and cards: every text in the
    card style's symbols."""
    t = Translator(config.language)
    style = CardStyle(config.resolved_card_style(), config.four_colour, t.language)
    t.plain = style.plain
    return t, style


def _on_table(screen: Screen[Any]) -> bool:
    """Whether ``screen`` shows the table the client follows, opened from its state
    (``_route``): the table, its waiting room, why it closed or refused us."""
    return isinstance(screen, TableScreen) or any(
        _is_room(screen, name) for name in ("WaitingRoomScreen", "ClosedScreen", "RefusedScreen"))


def _standing(rows: Sequence[HistoryRow], finished: int, totals: Sequence[int],
              over: bool) -> Standing:
    """The match's standing with ``totals`` as scored now: what they hold beyond the totals
    after the ``finished`` rounds (their row among ``rows``; none there, nothing known)."""
    after = next((row["totals"] for row in rows if row["round"] == finished),
                 [0] * len(totals) if finished == 0 else totals)
    return Standing(finished, list(totals), over,
                    [now - then for now, then in zip(totals, after, strict=True)])


def _over(client: Client) -> bool:
    """Whether the match the client sees has ended (its standings shown)."""
    return client.view is not None and client.view["phase"] == "over"


def _quit_question(client: Client | None, engine: bool, hosting: bool,
                   door: str = "", ends: bool = False, kept: bool = False) -> str:
    """What quitting means here: a game with its saved moves (where this terminal runs the
    table: ``engine``; a joiner's or watcher's game is saved on the host), or a waiting room
    where nothing has been played (the host closes the table, a joiner frees his seat), or no
    table. A ``door``'s visitor who leaves a seat never takes it back (his token goes with
    his visit), unless the door ``kept`` it for his SSH key or his browser. A match the leave itself
    ``ends`` is not played on, nor a seat played by a bot."""
    if client is None:
        return "quit.plain"  # the lobby, a replay, the demo
    if client.view is not None:
        if engine:  # (a local match left unfinished: how it goes on, not only replayed)
            if _over(client):
                return "quit.question"
            if ends:  # (`bhtui host`'s table counts the leave before it closes)
                return "quit.question_ends"
            return "quit.question" if hosting else "quit.question_on"
        if client.seat is None:
            return "quit.remote_watcher"
        if ends:
            return "quit.remote_player_ends"
        if door and kept:
            return "quit.remote_player_door_kept_web" if door == "web" else \
                "quit.remote_player_door_kept"
        if door:
            return "quit.remote_player_door"
        return "quit.remote_player"
    if hosting:
        return "quit.room_host"
    return "quit.room_player" if client.seat is not None else "quit.room_watcher"


REFUSALS = frozenset({("full", "seats"), ("full", "spectators"), ("full", "address"),
                      ("code", "needed"), ("code", "wrong"), ("cooldown", "codes"),
                      ("open", "open")})
"""The cases of a host's refusal (its ``why``) said in the player's language; any other is
the host's own words."""
UNREACHABLE = frozenset({"refused", "timeout", "name", "stranger", "other"})
"""Why the client found no table (``bhtui.net.tcp.unreachable``): only these are ours."""
SAID = frozenset({"replaced", "clear", "codeless", "version", "busy", "malformed", "hello",
                  "protocol"})
"""Refusals said in the player's language whatever their case: the client's own (``clear``,
``codeless``, ``version``, ``malformed``), a seat taken over, ``busy`` (its door's words, or ours for
a handshake it cut), and a host's ``hello`` and ``protocol`` refusals (its words framed in
ours: they name what it found wrong, as a version it cannot talk to)."""


def refused_title(client: Client | None) -> str:
    """How a refusal of a join is headed: "Could not watch" for someone who came to watch
    (it said "Could not join" to him), else "Could not join"."""
    watching = client is not None and client.role == "spectator"
    return "refused.title_watch" if watching else "refused.title"


def refusal(t: Translator, refused: dict[str, Any]) -> str:
    """Why we are not at the table, in the player's language when we know the case."""
    code, why = refused.get("code"), refused.get("why")
    if isinstance(why, str) and (code, why) in REFUSALS:  # (only these)
        seconds = refused.get("seconds")
        wait = seconds if type(seconds) is int and 0 <= seconds < 100_000 else "?"
        return t(f"refused.{code}.{why}", seconds=wait)
    if code == "unreachable" and why in UNREACHABLE:
        return t(f"unreachable.{why}", reason=refused.get("reason", "?"),
                 address=refused.get("address", "?"))
    if code in SAID:
        return t(f"refused.{code}", app=refused.get("app", "?"),
                 reason=refused.get("reason", "?"), protocols=refused.get("protocols", "?"))
    return str(refused.get("reason", "?"))


def _is_room(screen: object, name: str) -> bool:
    """Whether ``screen`` is the room's screen ``name`` (``bhtui.tui.room``). The room is
    imported only once one of its screens is shown, so a game against bots draws its first
    table without it; until then no screen can be one."""
    room = sys.modules.get("bhtui.tui.room")
    return room is not None and isinstance(screen, getattr(room, name))
