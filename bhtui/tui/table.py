"""The table screen: hand, five seats, scores, log, status line; keyboard first."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from bhtui.cards import card_text, counts, parse_card, parse_rank
from bhtui.net.client import Client
from bhtui.rules import parse_set
from bhtui.rules.presets import rules_of
from bhtui.rules.sets import pick_cards
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.describe import describe, set_words
from bhtui.tui.dialogs import CallDialog, ChatPrompt, GrabDialog, ResultScreen, ThroneDialog
from bhtui.tui.i18n import Translator
from bhtui.tui.selection import selection_note, selection_problem
from bhtui.tui.widgets import HandView, Plain, SeatBox, TableArea, score_table, seat_lines

MIN_WIDTH, MIN_HEIGHT = 80, 24
RANK_KEYS = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "0": "10",
             "j": "J", "q": "Q", "k": "K", "a": "A", "1": "A", "2": "2", "s": "SJ", "b": "BJ"}
# Seat boxes around the table, counted from the viewer in play order.
POSITIONS = {0: "bottom", 1: "right-bottom", 2: "right-top", 3: "left-top", 4: "left-bottom"}


class TableScreen(Screen[None]):
    DEFAULT_CSS = """
    #main { height: 1fr; }
    #log { height: 1fr; border: round $secondary; border-title-color: $accent; }
    HandView { height: auto; min-height: 5; max-height: 8; border: round $accent; border-title-color: $accent; padding: 0 1; }
    HandView:focus { border: double $accent; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #too-small { display: none; width: 100%; height: 100%; content-align: center middle;
                 text-style: bold; }
    TableScreen.small #main { display: none; }
    TableScreen.small #too-small { display: block; }
    """

    BINDINGS = [
        *(Binding(key, f"pick('{rank}')", show=False, id=f"pick.{rank}")
          for key, rank in RANK_KEYS.items()),
        Binding("enter", "play", "Play", id="play"),
        Binding("p", "pass_turn", "Pass", id="pass"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("t", "auto", "托管", id="auto"),
        Binding("y", "declare('yield')", "让牌", id="yield"),
        Binding("g", "declare('grab')", "抢", id="declare.grab"),
        Binding("m", "declare('open_guard')", "明保", id="declare.open_guard"),
        Binding("r", "declare('rebel')", "造反", id="declare.rebel"),
        Binding("c", "chat", "Chat", id="chat"),
        Binding("backspace", "unpick", "Undo", show=False, id="unpick"),
        Binding("escape", "clear", "Clear", id="clear", show=False),
        Binding("left", "cursor(-1)", show=False, id="cursor.left"),
        Binding("right", "cursor(1)", show=False, id="cursor.right"),
        Binding("space", "toggle_at_cursor", show=False, id="toggle"),
    ]

    def __init__(self, client: Client, t: Translator, style: CardStyle) -> None:
        super().__init__()
        self.client, self.t, self.style = client, t, style
        self.log_lines: list[str] = []
        self.pending_results: list[dict[str, Any]] = []  # several may end during one look
        self.dialog_open = False
        self.status_note: str | None = None
        self.last_hint: dict[str, Any] | None = None
        self.decision: Any = None  # the open decision dialog, closed if the table moves on
        self.decision_asked: tuple[Any, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield TableArea(id="top")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
            yield HandView(self.style, id="hand")
            yield Plain(id="status")
        yield Plain(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        t = self.t
        self.query_one("#table").border_title = t("pane.table")
        self.query_one("#scores").border_title = t("pane.scores")
        self.query_one("#log").border_title = t("pane.log")
        self.query_one(HandView).border_title = t("pane.hand")
        if self.client.seat is None:  # a spectator has no hand
            self.query_one(HandView).display = False
        else:
            self.query_one(HandView).focus()
        self._check_size(self.app.size.width, self.app.size.height)
        for _, event in self.client.events:  # what arrived before this screen listened
            self._log_event(event)
        self.client.listen(self.on_client_message)
        if self.client.view is not None:
            self.refresh_view()
            self._ask_decision()

    def on_unmount(self) -> None:
        self.client.unlisten(self.on_client_message)  # messages keep coming after we are gone

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "small")
        self.query_one("#too-small", Static).update(self.t("small", w=width, h=height))

    # ----- messages from the host --------------------------------------------------------
    def on_client_message(self, message: dict[str, Any]) -> None:
        try:
            self._handle(message)
        except NoMatches:
            pass  # the screen is being torn down (quit) while the host still talks

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "event":
            self._log_event(message["event"])
        elif kind == "view":
            self.refresh_view()
            self._close_stale_decision()
            if self.pending_results and not self.dialog_open:
                self._show_result()
            else:
                self._ask_decision()
        elif kind == "error":
            self.status_note = self.t("status.refused", reason=message["reason"])
            self._update_status()
        elif kind == "hint":
            self._apply_hint(message["action"])
        elif kind == "chat":
            self._log(self.t("log.chat", name=message["name"], text=message["text"]))
        elif kind == "closed":
            self.status_note = self.t("status.closed", reason=message["reason"])
            self._update_status()

    def names(self) -> list[str]:
        table = self.client.table
        return [table[s]["name"] if s < len(table) else f"#{s}" for s in range(5)]

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        self.query_one("#log", RichLog).write(line)

    def _log_event(self, event: dict[str, Any]) -> None:
        view = self.client.view or {}
        line = describe(event, self.names(), self.t, view.get("emperor"), self.style.label)
        if line:
            self._log(line)
        if event.get("type") == "round_end":
            self.pending_results.append(event)

    def refresh_view(self) -> None:
        view = self.client.view
        if view is None:
            return
        me = self.client.seat
        base = me if me is not None else 0
        for offset, position in POSITIONS.items():
            seat = (base + offset) % 5
            lines = seat_lines(seat, view, self.client.table, me, self.t, self.style)
            self.query_one(f"#{position}", SeatBox).show(lines)
        center = [self.t("round", n=view["round"])]
        if view["called"]:
            center.append(self.t("called", card=self.style.label(view["called"])))
        if not view.get("top") and view["phase"] == "play":
            center.append(self.t("trick.empty"))
        self.query_one("#center", SeatBox).update("\n".join(center))
        scores = score_table(self.client.history, view["totals"], self.client.table, self.t)
        self.query_one("#scores", Static).update(scores)
        hand = self.query_one(HandView)
        is_guard = me is not None and view["seats"][me]["role"] == "guard"
        keep_back = view["called"] if is_guard and view.get("guard") is None else None
        hand.set_cards(view.get("hand", []), view["called"], keep_back)
        self._update_status()
        self.refresh_bindings()  # the declaration keys show only while they apply

    def _my_actions(self) -> list[str]:
        view = self.client.view
        return [a["type"] for a in (view or {}).get("actions", [])]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action == "declare":
            return parameters[0] in self._my_actions()
        return True

    # ----- status line ------------------------------------------------------------------
    def _update_status(self) -> None:
        self.query_one("#status", Static).update(self._status_text())

    def _status_text(self) -> str:
        view, me, t = self.client.view, self.client.seat, self.t
        if self.status_note:
            note, self.status_note = self.status_note, None
            return note
        if view is None:
            return ""
        if view["phase"] == "over":
            return t("status.match_over")
        if me is None:
            return t("status.watching") + " — " + t("status.waiting", name=self.names()[view["to_act"]])
        if me is not None and self.client.table and self.client.table[me].get("auto"):
            return t("status.auto_on")
        declare = self._declare_words()
        if view["to_act"] != me:
            return t("status.waiting", name=self.names()[view["to_act"]]) + declare
        if view["phase"] != "play":
            return t("status.decide") + declare
        selection = self.query_one(HandView).selection()
        if selection:
            problem = selection_problem(selection, view, t)
            shown = " ".join(self.style.label(c) for c in selection)
            why = problem or selection_note(selection, view, t)
            return t("status.selected", set=shown) + (f" — {why}" if why else "")
        if view.get("top"):
            words = set_words(view["top"]["cards"])
            line = t("status.again" if view.get("again") else "status.your_turn", set=words)
            if "yield" in self._my_actions():
                line += " · " + t("status.yield")
            return line + declare
        return t("status.your_lead") + declare

    def _declare_words(self) -> str:
        """The declarations open to me right now, with their keys."""
        view, words = self.client.view or {}, []
        for kind in self._my_actions():
            if kind == "grab" and view.get("phase") == "throne":
                words.append(self.t("declare.grab"))
            elif kind == "open_guard":
                solo = view.get("emperor") == self.client.seat
                words.append(self.t("declare.open_solo" if solo else "declare.open_guard"))
            elif kind == "rebel":
                words.append(self.t("declare.rebel"))
        return "".join(" · " + w for w in words)

    def on_hand_view_changed(self, _: HandView.Changed) -> None:
        self._update_status()

    # ----- decisions -----------------------------------------------------------------------
    def _ask_decision(self) -> None:
        view = self.client.view
        if view is None or self.dialog_open or not self.client.my_turn:
            return
        me = self.client.seat
        if self.client.table and me is not None and self.client.table[me].get("auto"):
            return
        phase, actions = view["phase"], view.get("actions", [])
        kinds = [a["type"] for a in actions]
        if phase == "throne" and rules_of(view).emperor == "baike":  # calling takes the throne
            others = tuple(k for k in ("decline", "grab") if k in kinds)
            self._open(CallDialog(self.t, view, self.style.label, others, self.names()))
        elif phase == "throne":
            self._open(ThroneDialog(self.t, view, kinds, self.names()))
        elif phase == "call":
            self._open(CallDialog(self.t, view, self.style.label))
        elif phase == "grab":
            self._open(GrabDialog(self.t))

    def _open(self, dialog: Any) -> None:
        self.dialog_open = True
        self.decision, self.decision_asked = dialog, self._decision_key()

        def answered(action: dict[str, Any] | None) -> None:
            self.dialog_open = False
            self.decision = None
            if action is None:
                self._ask_decision()  # closed because the table moved on: ask anew if mine
            elif self.client.my_turn:
                self.client.act(action)

        self.app.push_screen(dialog, answered)

    def _decision_key(self) -> tuple[Any, ...]:
        """What a decision dialog was opened for: a change (another offer, a 抢独 declared
        meanwhile) makes it stale."""
        view = self.client.view or {}
        return (view.get("round"), view.get("redeal"), view.get("phase"), view.get("candidate"),
                tuple(view.get("grabs", ())), view.get("forced"))

    def _close_stale_decision(self) -> None:
        """Someone grabbed the throne (or the round moved on) while my dialog was open."""
        dialog = self.decision
        if dialog is not None and (
                not self.client.my_turn or self.decision_asked != self._decision_key()):
            dialog.dismiss(None)

    def _show_result(self) -> None:
        end = self.pending_results.pop(0)
        view = self.client.view
        assert view is not None
        self.dialog_open = True

        def closed(_: Any) -> None:
            self.dialog_open = False
            if self.pending_results:
                self._show_result()
                return
            self.client.ready()
            self._ask_decision()

        number, rounds = end["round"], self.client.rounds
        totals = rounds[number]["totals"] if number in rounds else view["totals"]
        following = rounds.get(number + 1)
        if following is not None:
            tribute = following["tribute"]
        else:
            tribute = view["tribute"] if view["round"] == number + 1 else []
        last = view["phase"] == "over" and number == view["round"]
        self.app.push_screen(ResultScreen(self.t, end, self.names(), totals, tribute, last,
                                          self.style.label, rules_of(view).tribute), closed)

    # ----- keys -----------------------------------------------------------------------------
    def action_pick(self, rank: str) -> None:
        if not self.query_one(HandView).add_rank(parse_rank(rank)):
            self.status_note = self.t("status.no_rank", rank=rank)
        self._update_status()

    def action_unpick(self) -> None:
        self.query_one(HandView).remove_last()

    def action_clear(self) -> None:
        self.query_one(HandView).clear()

    def action_cursor(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_toggle_at_cursor(self) -> None:
        hand = self.query_one(HandView)
        hand.toggle(hand.cursor)

    def action_play(self) -> None:
        view = self.client.view
        if view is None or not self.client.my_turn or view["phase"] != "play":
            self.status_note = self.t("status.not_turn")
            self._update_status()
            return
        hand = self.query_one(HandView)
        cards = hand.selection()
        problem = selection_problem(cards, view, self.t)
        if problem:
            self.status_note = problem
            self._update_status()
            return
        self.client.act({"type": "play", "cards": cards})
        hand.clear()

    def action_pass_turn(self) -> None:
        view = self.client.view
        if view is None or not self.client.my_turn or view["phase"] != "play":
            self.status_note = self.t("status.not_turn")
        elif not view.get("top"):
            self.status_note = self.t("status.lead_no_pass")
        else:
            self.client.act({"type": "pass"})
            self.query_one(HandView).clear()
        self._update_status()

    def action_hint(self) -> None:
        if self.client.my_turn:
            self.client.ask_hint()
        else:
            self.status_note = self.t("status.not_turn")
            self._update_status()

    def _apply_hint(self, action: dict[str, Any]) -> None:
        self.last_hint = action
        hand = self.query_one(HandView)
        if action.get("type") == "play":
            wanted = parse_set(action["set"])
            keep = parse_card(hand.keep_back) if hand.keep_back else None
            cards = pick_cards(counts(parse_card(c) for c in hand.cards), wanted, keep)
            hand.select_cards([card_text(c) for c in cards])
        elif action.get("type") in ("pass", "yield"):  # a key to press, not a selection
            hand.clear()
            word = self.t("pass") if action["type"] == "pass" else self.t("status.yield")
            self.status_note = self.t("status.your_turn", set="") + " → " + word
            self._update_status()

    def action_declare(self, kind: str) -> None:
        """抢庄/抢独, 明保, 造反 (out of turn, whenever the rules allow) and 让牌."""
        if kind in self._my_actions():
            self.client.act({"type": kind})
            if kind == "yield":
                self.query_one(HandView).clear()
        else:
            self.status_note = self.t("declare.none")
            self._update_status()

    def action_auto(self) -> None:
        me = self.client.seat
        if me is None:
            return
        on = not (self.client.table and self.client.table[me].get("auto"))
        self.client.set_auto(on)

    def action_chat(self) -> None:
        def send(text: str | None) -> None:
            if text:
                self.client.chat(text)

        self.app.push_screen(ChatPrompt(self.t), send)
