"""Baohuang's table: the shared screen with its declarations out of turn as keys — 抢 (g),
明保 or 明独 (m), 造反 (r), 让牌 (y) — shown only while they apply, and Weifang's GC (x)."""

from __future__ import annotations

from typing import cast

from textual.binding import Binding

from bhtui.rules.presets import rules_of
from bhtui.tui.baohuang.dialogs import WEIGHTY, question
from bhtui.tui.dialogs import confirmed
from bhtui.tui.table import TableScreen
from bhtui.wire import BaohuangView


class BaohuangTable(TableScreen):
    BINDINGS = [
        Binding("y", "declare('yield')", "让牌", id="yield"),
        Binding("g", "declare('grab')", "抢", id="declare.grab"),
        Binding("m", "declare('open_guard')", "明保", id="declare.open_guard"),
        Binding("m", "declare('open_guard', True)", "明独", id="declare.open_solo"),
        Binding("r", "declare('rebel')", "造反", id="declare.rebel"),
        # x is Weifang's guard card above BJ (R-WF-RANK-1)
        Binding("x", "pick('GC')", show=False, id="pick.GC"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """x picks a GC only where there is one (Weifang): elsewhere it said "no GC in your
        hand", as if one might be; now it is a key that does nothing here, and says so."""
        if action == "pick" and parameters == ("GC",) and not self._has_gc():
            return False
        return super().check_action(action, parameters)

    def _has_gc(self) -> bool:
        view = self.model.state.view
        return view is None or rules_of(view).tricks.promoted_guard_card

    def action_declare(self, kind: str, solo: bool = False) -> None:
        """抢庄/抢独, 明保 (明独 for the emperor: ``solo`` only picks the footer's word),
        造反 (out of turn, whenever the rules allow) and 让牌; all but 让牌 only when their key
        is pressed again (``dialogs.confirmed``)."""
        if kind not in self.model.my_actions():
            self.say(self.t("declare.none"))
            return

        def declare() -> None:
            if kind not in self.model.my_actions():  # the moment passed while I was asked again
                self.say(self.t("declare.none"))
                return
            self.client.act({"type": kind})
            if kind == "yield":
                self.hand.clear()

        view = cast(BaohuangView, self.model.state.view)  # (my actions came with it)
        confirmed(self, self.t, WEIGHTY.get(kind), declare,
                  question(self.t, kind, view, self.model.names(), solo))
