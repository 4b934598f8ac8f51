"""The hand's keys on a table screen: a rank key picks one more card of its rank, the cursor
and Space pick by position, Backspace takes the last one back, Escape clears; h asks for a
hint, which picks its cards (or says which key to press). Mixed into ``TableScreen`` ahead
of its Textual base, whose bindings call these actions."""

from __future__ import annotations

from typing import Any

from bhtui.net.client import Client
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import TableParts
from bhtui.tui.widgets import RANK_ORDER, HandView
from bhtui.wire import Action


class HandKeys:
    t: Translator
    client: Client
    parts: TableParts[Any]
    last_hint: Action | None

    @property
    def hand(self) -> HandView:
        raise NotImplementedError

    def say(self, note: str) -> None:
        raise NotImplementedError

    def update_status(self) -> None:
        raise NotImplementedError

    def action_pick(self, rank: str) -> None:
        if self.hand.add_rank(RANK_ORDER[rank]):
            self.update_status()
        else:
            key = "status.no_rank" if self.hand.holds(RANK_ORDER[rank]) else "status.no_rank_held"
            self.say(self.t(key, rank=rank))

    def action_unpick(self) -> None:
        self.hand.remove_last()

    def action_clear(self) -> None:
        self.hand.clear()

    def action_cursor(self, step: int) -> None:
        self.hand.move(step)

    def action_toggle_at_cursor(self) -> None:
        index = self.hand.cursor_card()
        if index is not None:
            self.hand.toggle(index)

    def action_hint(self) -> None:
        if self.client.my_turn:
            self.client.ask_hint()
            self.say(self.t("hint.thinking"))  # a host's hint may take a second: it is coming
        else:
            self.say(self.t("status.not_turn"))

    def apply_hint(self, action: Action) -> None:
        self.last_hint = action
        view = self.client.view
        if view is None:
            return  # a hint answers a view: there is one
        if action.get("type") == "play":
            self.hand.select_cards(self.parts.hint_cards(action, self.hand.cards, view))
        elif action.get("type") in ("pass", "yield"):  # a key to press, not a selection
            if self.hand.selected:
                self.hand.clear()
            top = self.parts.top_words(view)
            if action["type"] == "yield":
                self.say(self.t("hint.yield", set=top))
            else:
                self.say(self.t("hint.hold" if self.parts.can_beat(view) else "hint.pass", set=top))
