"""The table screen of every game: hand, seats, scores, log, status line; keyboard first.

What is shown — whose turn, which keys, the status line, which dialog — is the
:class:`~bhtui.tui.tablemodel.TableModel`'s; the screen hands it the host's messages and draws
it. What differs from game to game comes from the game's :class:`TableParts`, and each game's
own keys from its table screen, a subclass of this one (``tui/baohuang/table.py``,
``tui/doudizhu/table.py``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive, var
from textual.screen import Screen
from textual.widgets import RichLog, Static

from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.tui import STYLES
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.dialogs import PreviousTrickScreen, ScoreSheetScreen
from bhtui.tui.handkeys import HandKeys
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.messages import (
    ActionRefused,
    ChatArrived,
    EventArrived,
    HintArrived,
    HostSilent,
    LinkBack,
    LinkLost,
    LogUnsaved,
    PrefsChanged,
    TableClosed,
    ViewChanged,
)
from bhtui.tui.modal import Dialog, follow_size
from bhtui.tui.parts import TableParts
from bhtui.tui.tabledialogs import TableDialogs
from bhtui.tui.tablemodel import TableModel
from bhtui.tui.tableview import draw_seats, draw_table
from bhtui.tui.texts import CHAT_KEY
from bhtui.tui.widgets import (
    RANK_KEYS,
    EveryHand,
    Footer,
    HandView,
    Plain,
    StatusLine,
    TableArea,
    TableLog,
    too_small,
    too_small_words,
)
from bhtui.wire import Action

LOG_LINES = 1000  # a few rounds to scroll back through; more would only grow the memory


class TableScreen(HandKeys, Localized, Screen[None]):
    CSS_PATH = STYLES / "table.tcss"
    SAYS_TOO_SMALL = True
    """Below 80x24 it shows why it is gone; so do the boxes about it (``RoomyDialog``)."""

    BINDINGS = [
        *(Binding(key, f"pick('{rank}', '{key}')", show=False, id=f"pick.{rank}")
          for key, rank in RANK_KEYS.items()),
        Binding("enter", "play", "Play", id="play"),
        Binding("enter", "standings", "Standings", id="standings"),
        Binding("p", "pass_turn", "Pass", id="pass"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("t", "auto", "托管", id="auto"),
        Binding("l", "previous_trick", "Last trick", id="previous_trick"),
        # A priority: taken as it is read, so the keys typed after it go to the chat box
        # (the others are taken once the focused hand has passed them on).
        Binding("c", "chat", "Chat", id="chat", priority=True),
        Binding("v", "scores", "Scores", id="scores"),
        Binding("o", "sort", show=False, id="sort"),
        Binding("pageup", "log_page(-1)", show=False, id="log.up"),
        Binding("pagedown", "log_page(1)", show=False, id="log.down"),
        Binding("backspace", "unpick", "Undo", show=False, id="unpick"),
        Binding("escape", "clear", "Clear", id="clear", show=False),
        # Last for their keys: they act only where Play or Pass is dimmed, to say why.
        Binding("enter", "why('play')", show=False, id="why.play"),
        Binding("p", "why('pass')", show=False, id="why.pass"),
        Binding("left", "cursor(-1)", show=False, id="cursor.left"),
        Binding("right", "cursor(1)", show=False, id="cursor.right"),
        Binding("space", "toggle_at_cursor", show=False, id="toggle"),
    ]

    status: reactive[str] = reactive("", layout=False)
    offered: var[tuple[Any, ...]] = var(())  # what the footer's keys depend on

    def __init__(self, client: Client, t: Translator, style: CardStyle,
                 parts: TableParts[Any]) -> None:
        super().__init__()
        self.client, self.t, self.style, self.parts = client, t, style, parts
        self.model = TableModel(client, parts, t, get_game(client.game).round_end)
        self.log_lines: deque[str] = deque(maxlen=LOG_LINES)
        self.decision: Dialog[Any] | None = None  # the open dialog, closed if stale
        self.scores_drawn: tuple[Any, ...] | None = None  # what the score sheet shows
        self.last_hint: Action | None = None
        self._hint_shown: tuple[tuple[Any, ...], list[str]] | None = None
        self._hint_passes: str | None = None
        self._ace_of_one: tuple[int, list[int]] | None = None
        self.dialogs = TableDialogs(self)
        self._said_at = 0  # the hand's selection changes when the latest note was said
        self._said: str | None = None  # the latest note ``say`` put up: a key's answer

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield TableArea(id="top")
            yield TableLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=1,
                          max_lines=LOG_LINES)
            yield Plain(id="shown")
            yield EveryHand(self.style, id="hands")  # for a watcher of an open table
            yield HandView(self.style, id="hand")
            yield StatusLine(id="status").data_bind(text=TableScreen.status)
        yield Plain(id="too-small")
        yield Footer(compact=True)

    @property
    def config(self) -> Any:
        return self.app.config  # type: ignore[attr-defined]

    @property
    def hand(self) -> HandView:
        return self.query_one(HandView)

    def on_mount(self) -> None:
        t = self.t
        for pane in ("table", "scores", "log", "hand", "hands"):
            self.query_one(f"#{pane}").border_title = t(f"pane.{pane}")
        self.hand.sort = self.config.sort
        if self.client.seat is None:  # a spectator has no hand
            self.hand.display = False
        else:
            self.hand.focus()
            self.client.set_prefs(self.config.auto_pass, self.config.assist)
        if not self.app.is_running:  # pushed as the app quits: nothing to draw (below)
            return
        self._check_size(self.app.size.width, self.app.size.height)
        for seq, event in self.client.events:  # what arrived before this screen was shown
            self._log_event(seq, event, live=False)
            if event.get("type") == "play":  # (joined, rejoined or resumed mid-round)
                self.model.pending_results.clear()  # a result play went on after is old news
        self._welcome_back()
        me, seats = self.client.seat, self.client.table
        if me is not None and me < len(seats) and seats[me].get("ready"):
            # The table waits on nobody's reading (played on from a replay, resumed): a
            # result shown now would say it waits while the bots play on.
            self.model.pending_results.clear()
        self.set_interval(1, self._tick)
        # The seat boxes' cards carry the theme's suit colours: redrawn when it changes.
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_view())
        if self.client.view is not None:
            self.refresh_view()
            self.dialogs.open_due(results=False)
            if self.model.flow.showing is not None:  # the next deal asks me already: its
                self.model.pending_results.clear()  # result after my answer would be stale

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_view)  # drawn for the boxes' new widths

    def _check_size(self, width: int, height: int) -> None:
        """Too small to show the table: it says so, and nothing is played or decided blind
        (keys do nothing, decisions wait) until the terminal is large enough again."""
        small = too_small(width, height)
        follow_size(self, small, self.query_one("#main"))
        self._say_too_small(width, height)
        if small != self.model.small:
            self.model.small = small
            self.refresh_bindings()
            if small:
                if self.decision is not None and self.model.flow.showing != "end":
                    self.decision.retire(None)  # withdrawn, and asked again once large enough
                # Views of the table go with it (v and l open them again): over it, they
                # covered the message saying why it had gone.
                for screen in self.app.screen_stack:
                    if isinstance(screen, (ScoreSheetScreen, PreviousTrickScreen)):
                        screen.retire(None)
            else:
                self.call_after_refresh(self._rewrite_log)  # once the log has its width
                if self.client.seat is not None:
                    self.hand.focus()  # hidden, it had lost the focus
                self.dialogs.open_due(results=False)

    def _say_too_small(self, width: int, height: int) -> None:
        """The "too small" message, saying what waits on me and its seconds left."""
        self.query_one("#too-small", Static).update(
            too_small_words(self.t, width, height, awaited=self.model.awaited()))

    @on(EventArrived)
    def _event(self, message: EventArrived) -> None:
        self._log_event(message.seq, message.event)
        if self.model.new_trick:
            self.forget_selection()

    @on(ViewChanged)
    def _view(self) -> None:
        if self.model.timed_out():
            self._log(self.t("log.timed_out"))
            self.forget_selection()
        for line in self.model.comings_and_goings():
            self._log(line)
        self.refresh_view()
        shown = self.decision or self.dialogs.result
        if shown is not None and self.model.stale():
            shown.retire(None)
        self.dialogs.open_due()
        if self.model.turn_came():
            self.bell()
        self._welcome_back()
        self.update_status()
        if self.model.small:  # my turn come or gone: said at once, not at the next second
            self._say_too_small(*self.app.size)

    @on(ActionRefused)
    def _refused(self, message: ActionRefused) -> None:
        if self.model.refused(message.reason):  # my answer was refused: asked again
            self.dialogs.open_due(results=False)
        self.update_status()

    @on(HintArrived)
    def _hint(self, message: HintArrived) -> None:
        self.model.note = None  # "thinking…" has its answer
        self.apply_hint(message.action)
        self.update_status()

    @on(ChatArrived)
    def _chat(self, message: ChatArrived) -> None:
        self._log(message.line(self.t))

    @on(LinkLost)
    @on(LinkBack)
    def _link(self, message: LinkLost | LinkBack) -> None:
        self.model.lost(message.reason if isinstance(message, LinkLost) else None)
        if isinstance(message, LinkBack):
            for line in self.model.reopened():
                self._log(line)
        self.update_status()
        self.refresh_bindings()  # nothing reaches the table while it is down: its keys dim

    @on(TableClosed)
    def _table_closed(self) -> None:
        self._log(self.model.closed())

    @on(LogUnsaved)
    def _unsaved(self, message: LogUnsaved) -> None:
        self._log(self.t("log.unsaved", reason=message.reason))

    @on(HostSilent)
    def _host_silent(self, message: HostSilent) -> None:
        """Said on the log's lower border until the host speaks again, the status line
        still saying whose turn it is; the keys stay."""
        address = self.app.address or "?"  # type: ignore[attr-defined]
        self.model.silent_host = address if message.on else None
        self.query_one("#log").border_subtitle = self.model.silence()

    @on(PrefsChanged)
    def _prefs(self, changed: PrefsChanged) -> None:
        self.hand.sort = changed.config.sort

    @on(HandView.Changed)
    def _selection(self, changed: HandView.Changed) -> None:
        """My selection speaks now, unless a key said more since it changed: keys typed in
        one burst (9 then x) are handled before the first change is heard, and that
        change wiped the second key's note ("no straight from 9")."""
        if changed.change > self._said_at:
            self.model.note = None
        self.update_status()

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        if not self.model.small:  # (hidden, the log is 1 cell wide: written again once shown)
            self.query_one("#log", RichLog).write(line)

    def _rewrite_log(self) -> None:
        """The whole log again at the width it has now (lines that came while the table was
        hidden were drawn a character a line)."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.log_lines:
            log.write(line)

    def _log_event(self, seq: int, event: Any, live: bool = True) -> None:
        for line in self.model.event(seq, event, bool(self.log_lines), self.style.name, live):
            self._log(line)

    def _welcome_back(self) -> None:
        """Back after an absence: the log says what the bot played for me meanwhile."""
        for line in self.model.welcome_back():
            self._log(line)

    def _tick(self) -> None:
        """Every second: the countdown, and a status note that has had its time."""
        if self.client.view is None:
            return
        if self.model.small:
            self._say_too_small(*self.app.size)
        if self.client.deadline is not None:
            draw_seats(self)
        if self.client.deadline is not None or self.model.note_expired():
            self.update_status()

    def refresh_view(self) -> None:
        """The table as the view now says. Not once the app is quitting: a screen pushed
        just then (a view arriving as the player quits) has its parts going, not coming, and
        drawing them raised NoMatches on the way out."""
        if self.client.view is not None and self.app.is_running:
            draw_table(self)
            self.update_status()
            self.offered = self.model.keys()

    def watch_offered(self) -> None:
        self.refresh_bindings()  # the footer is rebuilt only when the keys on offer change

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat" and not self.chat_open():
            return False
        return self.model.allows(action, parameters)

    def help_texts(self) -> list[str]:
        """The help (? or F1) of this table's game and rules, with the keys this viewer has:
        a watcher's only (``TableParts.watcher_help``), and no c where nobody could read a
        chat."""
        table: Mapping[str, Any] = self.client.view or self.client.room or {}
        texts = self.parts.help_texts(self.t, table.get("preset"), self.style)
        if self.client.seat is None:
            texts = self.parts.watcher_help(self.t, texts)
        if not self.chat_open():
            chat = self.t.plain(CHAT_KEY[self.t.language])
            texts = [text.replace(chat, "") for text in texts]
        return texts

    def chat_open(self) -> bool:
        """Whether anyone could read a chat: not at a table of this app's own (bots only,
        no door), where c does nothing and the help leaves it out."""
        return bool(self.app.address)  # type: ignore[attr-defined]

    def update_status(self) -> None:
        self.status = self.model.status(self.hand.selection(), self.style.label)

    def say(self, note: str) -> None:
        """A note on the status line for a few seconds."""
        self.model.note = self._said = note
        self._said_at = self.hand.changes
        self.update_status()

    def forget_selection(self) -> None:
        """Cards picked for a trick that is gone — another seat has led the next one, or
        托管 took the seat — are dropped: they stayed picked tricks later, and Enter would
        have played them. Quietly: the note on show stays (a change of the selection wipes
        it). Cards typed ahead while the trick goes round to me stay."""
        if self.hand.selected:
            self.hand.clear()
            self._said_at = self.hand.changes

    def bell(self) -> None:
        if self.config.bell:
            self.app.bell()

    def on_screen_suspend(self) -> None:
        """A box or screen opened over the table: a note answering a key pressed at it goes,
        as the key is behind the player now (after the match "t does nothing here: ? lists
        the keys" stayed under the Match over dialog). Other notes (the bot played for me
        while I was away) are news, and stay their time."""
        if self._said is not None and self.model.note == self._said:
            self.model.note = self._said = None
            self.update_status()

    def on_screen_resume(self) -> None:
        """Help, chat or the quit prompt closed: what waited behind them comes now."""
        self.dialogs.open_due()

    def action_standings(self) -> None:
        """After the match: the standings and 再来一局 (again with Enter)."""
        self.dialogs.standings()

    def action_sort(self) -> None:
        """By rank, or by group size (2s and jokers stay at the high end); the choice sticks."""
        self.hand.sort = "size" if self.hand.sort == "rank" else "rank"
        saved = self.app.choose_said(sort=self.hand.sort)  # type: ignore[attr-defined]
        self.say(self.t(f"status.sort.{self.hand.sort}") + saved)

    def action_play(self) -> None:
        view = self.client.view
        if view is None or not self.model.my_play_turn():
            self.action_why("play")
            return
        cards = self.hand.selection()
        if not cards and self.model.may_pass():
            passing = self.hinted_pass()  # a hint to pass picks nothing: ⏎ passes then
            if passing == "pass":
                self.action_pass_turn()
            elif passing is not None:  # 让牌 (R-TRICK-5)
                self.client.act({"type": passing})
            else:
                self.say(self.t("status.nothing_or_pass"))
            return
        problem = self.parts.selection_problem(cards, view, self.t)
        if problem:
            self.say(problem)
            return
        self.client.act(self.parts.play_action(cards, view))
        self.hand.clear()

    async def on_key(self, event: events.Key) -> None:
        """A letter nothing here answers says so, and where the keys are listed: a mistaken
        key lost nothing, but said nothing either (w, z at the table). An upper-case rank
        letter (shift, caps lock) nothing else has picks as its lower case does: K said "K
        does nothing here". A watcher's key of a seat's (h, Enter, a rank) says he is
        watching: h "did nothing here", Enter nothing at all. Heard before the binding acts:
        any key but 0 ends the moment in which a 0 makes the ace a 1 just picked a ten."""
        if event.key != "0":
            self._ace_of_one = None
        active = self.app.active_bindings
        if self.model.small or event.key in active:
            return
        if self.client.seat is None and event.key in self._keys():
            press = self.app.get_key_display(Binding(event.key, ""))
            self.say(self.t("status.watching_key", press=self.t.plain(press)))
            return
        if not event.is_printable or not event.character:
            return
        lower = active.get(event.key.lower()) if event.key.isupper() else None
        if lower is not None and lower.enabled and lower.binding.action.startswith("pick("):
            await self.app.run_action(lower.binding.action, lower.node)
        else:
            self.say(self.t("status.no_key", press=event.character))

    def _keys(self) -> set[str]:
        """Every key this table binds, to a seat's hand and turn or not."""
        return {key.strip() for cls in type(self).__mro__ for binding in vars(cls).get("BINDINGS", ())
                if isinstance(binding, Binding) for key in binding.key.split(",")}

    def action_why(self, key: str) -> None:
        """Play or Pass pressed while dimmed (or the table moved on as it was pressed): not
        my turn, or I lead and must play."""
        leading = key == "pass" and self.model.my_play_turn()
        self.say(self.t("status.lead_no_pass" if leading else "status.not_turn"))

    def action_pass_turn(self) -> None:
        if not self.model.may_pass():
            self.action_why("pass")
            return
        self.model.passing()
        self.client.act({"type": "pass"})
        self.hand.clear()
        self.update_status()

    def action_auto(self) -> None:
        self.set_auto(not self.model.on_auto())

    def set_auto(self, on: bool) -> None:
        """托管 on or off as I ask (a dialog's t only ever turns it on: the timer may have
        turned it on meanwhile, and a toggle would then take it off)."""
        if self.client.seat is not None:
            if not on and self.model.auto_stays():  # asked, the rules would refuse it
                self.say(self.t("status.auto_stays"))
                return
            if not on and self.model.on_auto():  # in the log: a note on the status line gave
                self._log(self.t("log.auto_back"))  # way at once to an auto-pass's
            self.model.wants_auto(on)
            if on:
                self.model.note = None  # a hint's "⏎ plays it" is not for 托管 to heed
                self.forget_selection()
            self.client.set_auto(on)

    def action_previous_trick(self) -> None:
        self.dialogs.previous_trick()

    def action_scores(self) -> None:
        self.dialogs.scores()

    def action_chat(self) -> None:
        self.dialogs.chat()

    def action_log_page(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        getattr(log, "scroll_page_up" if direction < 0 else "scroll_page_down")()
