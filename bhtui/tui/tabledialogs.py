"""The dialogs over the table: a decision or a declaration the table waits for, a round's
result, the match's end, and those a key opens (the previous trick, the score sheet, chat).
Which one is due is the model's (``TableModel.due``); this opens it over the screen and hands
its answer to the client and to the model's ``DecisionFlow``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bhtui.tui.dialogs import (
    TAKE_OVER,
    ChatPrompt,
    MatchEndScreen,
    PreviousTrickScreen,
    ResultScreen,
    ScoreSheetScreen,
)
from bhtui.tui.modal import Dialog
from bhtui.tui.tablemodel import Showing
from bhtui.wire import Action

if TYPE_CHECKING:
    from bhtui.tui.table import TableScreen


class TableDialogs:
    """The table screen's dialogs: each opened once, its answer sent, the table's next
    dialog opened once it closes."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.client, self.model = screen.client, screen.model
        self.result: Dialog[Any] | None = None  # the round's result open, closed if stale

    def open_due(self, results: bool = True) -> None:
        """Open the dialog the table calls for now, if any."""
        screen, model = self.screen, self.model
        due = model.due(screen.is_active, results)
        view, names, t, parts = self.client.view, model.names(), screen.t, screen.parts
        if due == "result":
            self.show_result()
        elif due == "end":
            self.standings()
        elif due is not None and view is not None:
            kinds = model.my_actions()
            dialog = (parts.declaration(view, kinds, names, t, model.asked_left)
                      if due == "declaration" else parts.decision(view, kinds, names, t, screen.style))
            if dialog is not None:
                self._open(dialog, due)

    def _open(self, dialog: Dialog[Any], due: Showing) -> None:
        screen, client, flow = self.screen, self.client, self.model.flow
        flow.open(due, self.model.decision_key())
        screen.decision = dialog
        screen.bell()

        def answered(action: Action | None) -> None:
            screen.decision = None
            if action is None:
                flow.close()
                self.open_due(results=False)  # closed as the table moved on: ask anew if mine
            elif action is TAKE_OVER:
                flow.close()
                screen.set_auto(True)  # the bot answers the question the dialog asked
            elif due == "declaration" or client.my_turn:
                if due == "declaration" and action["type"] == "none":
                    client.waive()
                else:
                    client.act(action)
                flow.answer(client.seq)
                screen.update_status()
            else:
                flow.close()

        screen.app.push_screen(dialog, answered)

    def show_result(self) -> None:
        screen, client, model = self.screen, self.client, self.model
        view = client.view
        assert view is not None
        end = model.pending_results.pop(0)
        model.flow.open("result")
        model.results_shown.append(end["round"])

        def closed(answer: Any) -> None:
            model.flow.close()
            self.result = None
            if model.pending_results:
                self.show_result()
                return
            screen.update_status()
            client.ready()
            screen.app.call_later(self.open_due, False)  # once this dialog is off the stack

        number, rounds = end["round"], client.rounds
        totals = rounds[number]["totals"] if number in rounds else view["totals"]
        watching = client.seat is None  # a watcher's results go on by themselves too
        auto_close = screen.config.result_seconds if model.on_auto() or watching else None
        result = screen.parts.result_screen(
            screen.t, end, model.names(), totals, view, rounds.get(number + 1), screen.style,
            auto_close)
        if isinstance(result, ResultScreen):
            result.on_auto, result.watching = model.on_auto() and not watching, watching
            result.take_back = lambda: screen.set_auto(False)
        self.result = result
        screen.app.push_screen(result, closed)
        screen.update_status()  # it said whom the next deal waits for: it waits for me

    def standings(self) -> None:
        """The standings and 再来一局, once the match is over."""
        screen, client, model = self.screen, self.client, self.model
        view = client.view
        if view is None or model.flow.showing is not None:
            return
        model.flow.open("end")
        model.match_end_shown = True

        def closed(again: bool | None) -> None:
            model.flow.close()
            screen.decision = None
            screen.update_status()  # Enter opens the standings again
            if again:
                client.admin("again")
            else:
                self.open_due(results=False)

        admin = bool(getattr(screen.app, "admin", False))
        screen.decision = MatchEndScreen(screen.t, view, model.names(), admin, client,
                                         screen.parts.words)
        screen.app.push_screen(screen.decision, closed)
        screen.update_status()  # Enter is the standings' now, not the table's

    def previous_trick(self) -> None:
        """The trick before this one, every move in order."""
        screen, view = self.screen, self.client.view
        moves = self.client.recall.get("previous") or []
        screen.app.push_screen(PreviousTrickScreen(
            screen.t, moves, self.model.names(), screen.style, screen.app.theme_variables,
            lambda cards: screen.parts.shown_cards(cards, view or {})))

    def scores(self) -> None:
        """Every round's scores and the totals."""
        screen = self.screen
        screen.app.push_screen(ScoreSheetScreen(screen.t, self.client, self.model.names(),
                                                screen.parts.words))

    def chat(self, typed: str = "") -> None:
        def send(text: str | None) -> None:
            if text:
                self.client.chat(text)

        view = self.client.view  # every hand in it: an open table's watcher (R-HIDE-3),
        watchers = view is not None and view.get("hands") is not None  # heard by watchers
        self.screen.app.push_screen(ChatPrompt(self.screen.t, watchers, typed), send)
