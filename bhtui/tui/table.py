"""The table screen of every game: hand, seats, scores, log, status line; keyboard first.

What differs from game to game (the seat boxes' badges, the places no seat takes, the log's
words, the decisions' dialogs, the result) comes from the game's :class:`TableParts`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.tui import STYLES
from bhtui.tui.baohuang.dialogs import confirmed
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.dialogs import TAKE_OVER, ChatPrompt, MatchEndScreen, PreviousTrickScreen
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.messages import HostSaid, PrefsChanged
from bhtui.tui.parts import PLACES
from bhtui.tui.widgets import (
    RANK_KEYS,
    RANK_ORDER,
    Footer,
    HandView,
    Plain,
    SeatBox,
    TableArea,
    counter_text,
    score_table,
)
from bhtui.wire import Action, Event, View

MIN_WIDTH, MIN_HEIGHT = 80, 24
NOTE_SECONDS = 5.0
LOG_LINES = 1000  # a few rounds to scroll back through; more would only grow the memory
HAND_KEYS = ("pick", "unpick", "clear", "cursor", "toggle_at_cursor", "sort")


class TableScreen(Localized, Screen[None]):
    CSS_PATH = STYLES / "table.tcss"

    BINDINGS = [
        *(Binding(key, f"pick('{rank}')", show=False, id=f"pick.{rank}")
          for key, rank in RANK_KEYS.items()),
        Binding("enter", "play", "Play", id="play"),
        Binding("enter", "standings", "Standings", id="standings"),
        Binding("p", "pass_turn", "Pass", id="pass"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("t", "auto", "托管", id="auto"),
        Binding("y", "declare('yield')", "让牌", id="yield"),
        Binding("g", "declare('grab')", "抢", id="declare.grab"),
        Binding("m", "declare('open_guard')", "明保", id="declare.open_guard"),
        Binding("m", "declare('open_guard', True)", "明独", id="declare.open_solo"),
        Binding("r", "declare('rebel')", "造反", id="declare.rebel"),
        Binding("x", "run", "Run", id="run"),
        # x is Weifang's guard card above BJ (R-WF-RANK-1) where there is no run key
        Binding("x", "pick('GC')", show=False, id="pick.GC"),
        Binding("l", "previous_trick", "Last trick", id="previous_trick"),
        Binding("c", "chat", "Chat", id="chat"),
        Binding("o", "sort", show=False, id="sort"),
        Binding("pageup", "log_page(-1)", show=False, id="log.up"),
        Binding("pagedown", "log_page(1)", show=False, id="log.down"),
        Binding("backspace", "unpick", "Undo", show=False, id="unpick"),
        Binding("escape", "clear", "Clear", id="clear", show=False),
        Binding("left", "cursor(-1)", show=False, id="cursor.left"),
        Binding("right", "cursor(1)", show=False, id="cursor.right"),
        Binding("space", "toggle_at_cursor", show=False, id="toggle"),
    ]

    def __init__(self, client: Client, t: Translator, style: CardStyle) -> None:
        super().__init__()
        self.client, self.t, self.style = client, t, style
        self.parts = parts_for(client.game)
        self.round_end = get_game(client.game).round_end
        self.log_lines: deque[str] = deque(maxlen=LOG_LINES)
        self.logged_seq = 0  # the last event in the log
        self.pending_results: list[Event] = []  # several may end during one look
        self.results_shown: list[int] = []  # the rounds whose result this screen has shown
        self.dialog_open = False
        self._note: tuple[str, float] | None = None
        self.last_hint: Action | None = None
        self.decision: Any = None  # the open decision dialog, closed if the table moves on
        self.decision_asked: tuple[Any, ...] = ()
        self.declaring = False  # the open dialog is a declaration out of turn
        # The view and question a dialog of mine answered: not asked again before the next.
        self.answered: tuple[int, tuple[Any, ...]] | None = None
        self.match_end_shown = False
        self._keys: tuple[Any, ...] = ()  # what the footer was last built for
        self._was_my_turn = False
        self._auto_wanted = False  # 托管 as I asked for it; on without asking: the timer ran out
        self._auto_seen = False
        self._passing = False  # I pressed p (any other pass of mine was the auto-pass)
        self.link_lost: str | None = None  # why the link to the table is down (reconnecting)
        self._scores: tuple[list[Any], list[int], list[str]] | None = None  # drawn from

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield TableArea(id="top")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True,
                          max_lines=LOG_LINES)
            yield Plain(id="shown")
            yield HandView(self.style, id="hand")
            yield Plain(id="status")
        yield Plain(id="too-small")
        yield Footer(compact=True)

    @property
    def config(self) -> Any:
        return self.app.config  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        t = self.t
        self.query_one("#table").border_title = t("pane.table")
        self.query_one("#scores").border_title = t("pane.scores")
        self.query_one("#log").border_title = t("pane.log")
        hand = self.query_one(HandView)
        hand.border_title = t("pane.hand")
        hand.sort = self.config.sort
        if self.client.seat is None:  # a spectator has no hand
            hand.display = False
        else:
            hand.focus()
            self.client.set_prefs(self.config.auto_pass, self.config.assist)
        self._check_size(self.app.size.width, self.app.size.height)
        for seq, event in self.client.events:  # what arrived before this screen was shown
            self._log_event(seq, event)
            self.logged_seq = seq
        self.set_interval(1, self._tick)
        # The seat boxes' cards carry the theme's suit colours: redrawn when it changes.
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_view())
        if self.client.view is not None:
            self.refresh_view()
            self._ask_decision()

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Too small to show the table: it says so, and nothing is played or decided blind
        (keys do nothing, decisions wait) until the terminal is large enough again."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small = self.has_class("small")
        self.set_class(small, "small")
        self.query_one("#too-small", Static).update(self.t("small", w=width, h=height))
        if small != was_small:
            self.refresh_bindings()
            if small and self.decision is not None and not isinstance(self.decision, MatchEndScreen):
                self.decision.retire(None)  # withdrawn, and asked again once large enough
            elif not small:
                if self.client.seat is not None:
                    self.query_one(HandView).focus()  # hidden, it had lost the focus
                self._ask_decision()

    # ----- messages from the host --------------------------------------------------------
    def on_host_said(self, said: HostSaid) -> None:
        message = said.message
        kind = message["type"]
        if kind == "event":
            if message["seq"] > self.logged_seq:  # not among those logged when shown
                self.logged_seq = message["seq"]
                self._log_event(message["seq"], message["event"])
        elif kind == "view":
            self._notice_auto()
            self.refresh_view()
            self._close_stale_decision()
            if self.pending_results and not self.dialog_open and self.is_active:
                self._show_result()
            else:
                self._ask_decision()
            self._ring_if_my_turn()
        elif kind == "error":
            self.status_note = self.t("status.refused", reason=message["reason"])
            self._update_status()
            if self.answered is not None:  # my answer was refused: asked again
                self.answered = None
                self._ask_decision()
        elif kind == "hint":
            self._apply_hint(message["action"])
        elif kind == "chat":
            self._log(self.t("log.chat", name=message["name"], text=message["text"]))
        elif kind == "closed":  # the link is down until the next welcome
            self.link_lost = message["reason"]
            self._update_status()
            self.refresh_bindings()  # nothing reaches the table meanwhile: its keys dim
        elif kind == "welcome":
            self.link_lost = None
            self.answered = None  # an answer sent as the link went down may be lost
            self._update_status()
            self.refresh_bindings()

    def names(self) -> list[str]:
        view = self.client.view
        table, seats = self.client.table, len(view["seats"]) if view is not None else 0
        return [table[s]["name"] if s < len(table) else f"#{s}"
                for s in range(max(seats, len(table)))]

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        self.query_one("#log", RichLog).write(line)

    def _log_event(self, seq: int, event: Event) -> None:
        view: Mapping[str, Any] = self.client.view or {}  # the game's parts read it
        kind = event.get("type")
        if kind == "deal" and event["round"] == 1 and not event["redeal"] and self.log_lines:
            self._log(self.t("log.new_match"))
            self.match_end_shown = False
        line = self.parts.describe(event, self.names(), self.t, view, self.style.name)
        if line:
            self._log(line)
        if kind == self.round_end:
            self.pending_results.append(event)
        elif kind == "pass" and event.get("seat") == self.client.seat:
            if (not self._passing and not self._on_auto() and view.get("top")
                    and self._only_passes_since(seq)):  # the top shown is the one passed on
                words = self.parts.top_words(view)
                self.status_note = self.t("status.auto_passed", set=words)
            self._passing = False

    def _only_passes_since(self, seq: int) -> bool:
        """Nothing but passes came after event ``seq``: the client's state (which may already
        be newer than the event being logged) still shows the table as it was then."""
        for later, event in reversed(self.client.events):
            if later <= seq:
                return True
            if event.get("type") != "pass":
                return False
        return True

    def _on_auto(self) -> bool:
        me, table = self.client.seat, self.client.table
        return me is not None and me < len(table) and bool(table[me].get("auto"))

    def _notice_auto(self) -> None:
        """托管 switched on without my asking: my turn timer ran out (R-AUTO-1)."""
        auto = self._on_auto()
        if auto and not self._auto_seen and not self._auto_wanted:
            self._log(self.t("log.timed_out"))
            self.status_note = self.t("status.timed_out")
        if not auto:
            self._auto_wanted = False
        self._auto_seen = auto

    def _seconds(self, seat: int | None = None) -> int | None:
        """Whole seconds left on the turn timer (of ``seat``, when given)."""
        deadline = self.client.deadline
        if deadline is None or (seat is not None and deadline[0] != seat):
            return None
        return max(0, round(deadline[1] - time.monotonic()))

    def _tick(self) -> None:
        """Every second: the countdown, and a status note that has had its time."""
        if self.client.view is None:
            return
        if self.client.deadline is not None:
            self._show_seats()
        if self.client.deadline is not None or self._note is not None:
            if self.status_note is None:
                self._note = None
            self._update_status()

    def _show_seats(self) -> None:
        view, me = self.client.view, self.client.seat
        assert view is not None
        base = me if me is not None else 0
        colours = self.app.theme_variables
        seats = len(view["seats"])
        last = self.client.recall.get("last") or [None] * seats
        for offset, position in self.parts.positions(seats).items():
            seat = (base + offset) % seats
            box = self.query_one(f"#{position}", SeatBox)
            lines = self.parts.seat_lines(seat, view, self.client.table, me, self.t, self.style,
                                          colours=colours, width=box.size.width or 14,
                                          last=last[seat] if seat < len(last) else None,
                                          seconds=self._seconds(seat))
            box.show(lines)

    def refresh_view(self) -> None:
        view = self.client.view
        if view is None:
            return
        me = self.client.seat
        self._show_seats()
        taken = set(self.parts.positions(len(view["seats"])).values())
        boxes = self.parts.boxes(view, self.names(), self.t, self.style)
        for place in PLACES:
            if place not in taken:
                self.query_one(f"#{place}", SeatBox).update(boxes.get(place, ""))
        notes = self.parts.notes(view, self.names(), self.t, self.style)
        shown = self.query_one("#shown", Plain)
        shown.display = notes is not None
        shown.update(notes or "")
        history, totals, table = self.client.history, view["totals"], self.client.table
        pane = self.query_one("#scores", Static)
        scores = (list(history), list(totals), [seat["name"] for seat in table])
        if scores != self._scores:  # a table is drawn anew each time: only when it changed
            self._scores = scores
            pane.update(score_table(history, totals, table, self.t))
        total = view.get("rounds")  # the match's length; None: no fixed length
        pane.border_title = self.t(self.parts.words("pane.scores.of" if total else "pane.scores.at"),
                                   n=view["round"], total=total)
        recall = self.client.recall
        self.query_one("#table").border_subtitle = (
            counter_text(recall, view.get("hand", []), self.t) if "played" in recall else "")
        hand = self.query_one(HandView)
        hand.set_cards(view.get("hand", []), *self.parts.hand_marks(view, me))
        self._update_status()
        keys = self._keys_state()
        if keys != self._keys:  # rebuild the footer only when the keys on offer change
            self._keys = keys
            self.refresh_bindings()

    def _my_actions(self) -> list[str]:
        view = self.client.view
        return [a["type"] for a in view.get("actions", [])] if view is not None else []

    def _over(self) -> bool:
        """Whether the match is over (the last view says so)."""
        return self.client.view is not None and self.client.view["phase"] == "over"

    def _my_play_turn(self) -> bool:
        view = self.client.view
        return bool(self.client.my_turn and view and view["phase"] == "play" and not self._on_auto())

    def _keys_state(self) -> tuple[Any, ...]:
        if self._over():
            return (self.client.seat is None, "over")
        if self._on_auto():  # the bot plays: the keys stay as they are until I take over
            return (self.client.seat is None, "auto")
        return (self.client.seat is None, self._my_play_turn(), self.client.my_turn,
                tuple(self._my_actions()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what this viewer can do is offered: a watcher has no hand, no turn, no 托管;
        Play and Pass are greyed out while it is not my turn to play."""
        if self.has_class("small"):
            return False  # nothing blind: the table is not shown (the app's keys still work)
        watching = self.client.seat is None
        over = self._over()
        if action == "standings":
            return over  # after the match Enter shows the standings (and 再来一局) again
        if over and (action in ("play", "pass_turn", "hint", "auto", "declare", "run")
                     or action in HAND_KEYS):
            return False  # nothing left to play
        if action == "declare":
            view = self.client.view
            solo = (self.parts.emperor(view) if view is not None else None) == self.client.seat
            if parameters[0] == "open_guard" and solo != (len(parameters) > 1):
                return False  # m says 明独 to the emperor and 明保 to anyone else
            return not watching and not self._on_auto() and parameters[0] in self._my_actions()
        if action in ("play", "pass_turn", "hint") and not watching and self.link_lost:
            return None  # the link is down: a press would reach nobody
        if action in ("play", "pass_turn"):
            return None if not watching and not self._my_play_turn() else not watching
        if action == "hint":
            return None if not watching and not self.client.my_turn else not watching
        if action == "run":
            return not watching and self.parts.run_key
        if action == "pick":  # x is Weifang's GC in Baohuang, the run key in Dou Dizhu
            return not watching and parameters[0] in self.parts.ranks
        if action == "auto" or action in HAND_KEYS:
            return not watching
        return True

    # ----- status line ------------------------------------------------------------------
    def _update_status(self) -> None:
        self.query_one("#status", Static).update(self._status_text())

    @property
    def status_note(self) -> str | None:
        """A message for the status line: it stays a few seconds (moves go on meanwhile),
        or until I change my selection."""
        if self._note is None or time.monotonic() > self._note[1]:
            return None
        return self._note[0]

    @status_note.setter
    def status_note(self, note: str | None) -> None:
        self._note = None if note is None else (note, time.monotonic() + NOTE_SECONDS)

    def _status_text(self) -> str:
        view, me, t = self.client.view, self.client.seat, self.t
        if self.link_lost is not None:  # stays until the table takes us back
            return t("status.link_lost", reason=self.link_lost)
        note = self.status_note
        if note:
            return note
        if view is None:
            return ""
        if view["phase"] == "over":
            return t("status.match_over" if me is not None else "status.match_over_watching")
        seconds = self._seconds()
        clock = " · " + t("timer.left", n=seconds) if seconds is not None else ""
        to_act = view["to_act"]
        waiting = self.names()[to_act] if to_act is not None else "?"  # ends with the match
        if me is None:
            return t("status.watching") + " — " + t("status.waiting", name=waiting) + clock
        if self._on_auto():
            return self.parts.auto_words(view, me, self.names(), t) or t("status.auto_on")
        declare = self._declare_words()
        if to_act != me:
            return t("status.waiting", name=waiting) + declare + clock
        if view["phase"] != "play":
            if not self.dialog_open and self.answered == (self.client.seq, self._decision_key()):
                return t("status.answered") + clock  # the dialog has closed: not "see the dialog"
            return t("status.decide") + declare + clock
        selection = self.query_one(HandView).selection()
        if selection:
            problem = self.parts.selection_problem(selection, view, t)
            shown = self.parts.selection_words(selection, view, self.style.label)
            why = problem or self.parts.selection_note(selection, view, t)
            return t("status.selected", set=shown) + (f" — {why}" if why else "") + clock
        if view.get("top"):
            words = self.parts.top_words(view)
            line = t("status.again" if view.get("again") else "status.your_turn", set=words)
            if "yield" in self._my_actions():
                line += " · " + t("status.yield")
            return line + declare + clock
        return t(self.parts.words("status.your_lead")) + declare + clock

    def _declare_words(self) -> str:
        """The declarations open to me right now, with their keys."""
        view: Any = self.client.view or {}
        me = self.client.seat
        words = self.parts.declare_words(view, self._my_actions(), me, self.t)
        auto = self.parts.auto_words(view, me, self.names(), self.t) if me is not None else ""
        return words + (" · " + auto if auto else "")

    def on_hand_view_changed(self, _: HandView.Changed) -> None:
        self.status_note = None  # my selection speaks now
        self._update_status()

    def _ring_if_my_turn(self) -> None:
        """The terminal bell (if wanted) when the turn becomes mine."""
        mine = self._my_play_turn()
        if mine and not self._was_my_turn:
            self._bell()
            if self._note is not None and not self._passing:  # the turn is news enough
                self.status_note = None
                self._update_status()
        self._was_my_turn = mine

    def _bell(self) -> None:
        if self.config.bell:
            self.app.bell()

    # ----- decisions -----------------------------------------------------------------------
    def on_screen_resume(self) -> None:
        """Help, chat or the quit prompt closed: what waited behind them comes now."""
        if self.client.view is None or self.dialog_open:
            return
        if self.pending_results:
            self._show_result()
        else:
            self._ask_decision()

    def _ask_decision(self) -> None:
        view = self.client.view
        if view is None or self.dialog_open or not self.is_active or self.has_class("small"):
            return
        if self.logged_seq < (self.client.last_seq or 0):
            return  # events still on their way here (a round's result?): their view asks
        if view["phase"] == "over":
            if not self.match_end_shown and not self.pending_results:
                self._show_match_end()
            return
        if self._on_auto():
            return
        if (self.client.seq, self._decision_key()) == self.answered:
            return  # the host's next view says what comes after my answer, not this one
        if self.client.asked is not None and not self.client.my_turn:
            self._ask_declaration(view)
            return
        if not self.client.my_turn:
            return
        dialog = self.parts.decision(view, self._my_actions(), self.names(), self.t, self.style)
        if dialog is not None:
            self._open(dialog, declaring=False)

    def _ask_declaration(self, view: View) -> None:
        """The bots wait while I may declare: the game's dialog says what I may do, and
        that I may do nothing."""
        assert self.client.asked is not None
        dialog = self.parts.declaration(view, self._my_actions(), self.names(), self.t,
                                        self.client.asked.get("left"))
        if dialog is not None:
            self._open(dialog, declaring=True)

    def _open(self, dialog: Any, declaring: bool) -> None:
        self.dialog_open = True
        self.decision, self.decision_asked = dialog, self._decision_key()
        self.declaring = declaring
        self._bell()

        def answered(action: Action | None) -> None:
            self.dialog_open = False
            self.decision = None
            if action is None:
                self._ask_decision()  # closed because the table moved on: ask anew if mine
            elif action is TAKE_OVER:
                self._set_auto(True)  # the bot answers the question the dialog asked
            elif declaring or self.client.my_turn:
                if declaring and action["type"] == "none":
                    self.client.waive()
                else:
                    self.client.act(action)
                self.answered = (self.client.seq, self.decision_asked)
                self._update_status()

        self.app.push_screen(dialog, answered)

    def _decision_key(self) -> tuple[Any, ...]:
        """What a decision dialog was opened for: a change (another offer, a 抢独 declared
        meanwhile) makes it stale."""
        return self.parts.decision_key(self.client.view or {})

    def _close_stale_decision(self) -> None:
        """Someone grabbed the throne (or the round moved on) while my dialog was open."""
        dialog = self.decision
        if dialog is None:
            return
        if isinstance(dialog, MatchEndScreen):
            stale = not self._over()  # 再来一局 has begun
        elif self.declaring:
            stale = self.client.asked is None or self.decision_asked != self._decision_key()
        else:
            stale = not self.client.my_turn or self._on_auto() or (
                self.decision_asked[:-1] != self._decision_key()[:-1])
        if stale:
            dialog.retire(None)

    def _show_result(self) -> None:
        end = self.pending_results.pop(0)
        view = self.client.view
        assert view is not None
        self.dialog_open = True
        self.results_shown.append(end["round"])

        def closed(_: Any) -> None:
            self.dialog_open = False
            if self.pending_results:
                self._show_result()
                return
            self.client.ready()
            self.app.call_later(self._ask_decision)  # once this dialog is off the stack

        number, rounds = end["round"], self.client.rounds
        totals = rounds[number]["totals"] if number in rounds else view["totals"]
        watching = self.client.seat is None  # a watcher's results go on by themselves too
        auto_close = self.config.result_seconds if self._on_auto() or watching else None
        self.app.push_screen(self.parts.result_screen(
            self.t, end, self.names(), totals, view, rounds.get(number + 1), self.style,
            auto_close), closed)

    def _show_match_end(self) -> None:
        view = self.client.view
        assert view is not None
        self.dialog_open = self.match_end_shown = True
        admin = bool(getattr(self.app, "admin", False))

        def closed(again: bool | None) -> None:
            self.dialog_open = False
            self.decision = None
            if again:
                self.client.admin("again")
            else:
                self._ask_decision()

        screen = MatchEndScreen(self.t, view, self.names(), admin, self.client.history)
        self.decision, self.decision_asked = screen, ()
        self.app.push_screen(screen, closed)

    # ----- keys -----------------------------------------------------------------------------
    def action_pick(self, rank: str) -> None:
        hand = self.query_one(HandView)
        if not hand.add_rank(RANK_ORDER[rank]):
            key = "status.no_rank" if hand.holds(RANK_ORDER[rank]) else "status.no_rank_held"
            self.status_note = self.t(key, rank=rank)
        self._update_status()

    def action_unpick(self) -> None:
        self.query_one(HandView).remove_last()

    def action_clear(self) -> None:
        self.query_one(HandView).clear()

    def action_cursor(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_toggle_at_cursor(self) -> None:
        hand = self.query_one(HandView)
        index = hand.cursor_card()
        if index is not None:
            hand.toggle(index)

    def on_prefs_changed(self, changed: PrefsChanged) -> None:
        self.query_one(HandView).sort = changed.config.sort

    def action_sort(self) -> None:
        """By rank, or by group size (2s and jokers stay at the high end); the choice sticks."""
        hand = self.query_one(HandView)
        hand.sort = "size" if hand.sort == "rank" else "rank"
        saved = self.app.choose(sort=hand.sort)  # type: ignore[attr-defined]
        self.status_note = self.t(f"status.sort.{hand.sort}") + saved
        self._update_status()

    def action_standings(self) -> None:
        """After the match: the standings and 再来一局 again."""
        if not self.dialog_open:
            self._show_match_end()

    def action_play(self) -> None:
        view = self.client.view
        if view is None or not self.client.my_turn or view["phase"] != "play":
            self.status_note = self.t("status.not_turn")
            self._update_status()
            return
        hand = self.query_one(HandView)
        cards = hand.selection()
        problem = self.parts.selection_problem(cards, view, self.t)
        if problem:
            self.status_note = problem
            self._update_status()
            return
        self.client.act(self.parts.play_action(cards, view))
        hand.clear()

    def action_pass_turn(self) -> None:
        view = self.client.view
        if view is None or not self.client.my_turn or view["phase"] != "play":
            self.status_note = self.t("status.not_turn")
        elif not view.get("top"):
            self.status_note = self.t("status.lead_no_pass")
        else:
            self._passing = True
            self.client.act({"type": "pass"})
            self.query_one(HandView).clear()
        self._update_status()

    def action_hint(self) -> None:
        if self.client.my_turn:
            self.client.ask_hint()
        else:
            self.status_note = self.t("status.not_turn")
            self._update_status()

    def _apply_hint(self, action: Action) -> None:
        self.last_hint = action
        hand = self.query_one(HandView)
        view = self.client.view
        if view is None:
            return  # a hint answers a view: there is one
        if action.get("type") == "play":
            hand.select_cards(self.parts.hint_cards(action, hand.cards, view))
        elif action.get("type") in ("pass", "yield"):  # a key to press, not a selection
            if hand.selected:
                hand.clear()
            top = self.parts.top_words(view)
            if action["type"] == "pass":
                beats = self.parts.can_beat(view)
                self.status_note = self.t("hint.hold" if beats else "hint.pass", set=top)
            else:
                self.status_note = self.t("hint.yield", set=top)
            self._update_status()

    def action_declare(self, kind: str, solo: bool = False) -> None:
        """抢庄/抢独, 明保 (明独 for the emperor: ``solo`` only picks the footer's word),
        造反 (out of turn, whenever the rules allow) and 让牌; all but 让牌 only when their key
        is pressed again (``dialogs.confirmed``)."""
        if kind not in self._my_actions():
            self.status_note = self.t("declare.none")
            self._update_status()
            return

        def declare() -> None:
            if kind not in self._my_actions():  # the moment passed while I was asked again
                self.status_note = self.t("declare.none")
                self._update_status()
                return
            self.client.act({"type": kind})
            if kind == "yield":
                self.query_one(HandView).clear()

        confirmed(self, self.t, kind, declare, "confirm.open_solo" if solo else None)

    def action_auto(self) -> None:
        self._set_auto(not self._on_auto())

    def _set_auto(self, on: bool) -> None:
        """托管 on or off as I ask (a dialog's t only ever turns it on: the timer may have
        turned it on meanwhile, and a toggle would then take it off)."""
        if self.client.seat is None:
            return
        self._auto_wanted = on
        self.client.set_auto(on)

    def action_run(self) -> None:
        """A run from the lowest picked rank: as many cards of each next rank as of that one
        (a straight, a pair run, an airplane), as far as the hand goes."""
        view = self.client.view
        hand = self.query_one(HandView)
        if view is None or not hand.select_run(self.parts.run_order(view)):
            self.status_note = self.t("status.no_run")
        self._update_status()

    def action_previous_trick(self) -> None:
        moves = self.client.recall.get("previous") or []
        view: Mapping[str, Any] = self.client.view or {}
        self.app.push_screen(PreviousTrickScreen(self.t, moves, self.names(), self.style,
                                                 self.app.theme_variables,
                                                 lambda cards: self.parts.shown_cards(cards, view)))

    def action_log_page(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_chat(self) -> None:
        def send(text: str | None) -> None:
            if text:
                self.client.chat(text)

        self.app.push_screen(ChatPrompt(self.t), send)
