"""The hand's keys on a table screen: a rank key picks one more card of its rank, the cursor
and Space pick by position, Backspace takes the last one back, Escape clears; h asks for a
hint, which picks its cards (or says which key to press). Mixed into ``TableScreen`` ahead
of its Textual base, whose bindings call these actions."""

from __future__ import annotations

from typing import Any

from bhtui.net.client import Client
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import TableParts
from bhtui.tui.widgets import RANK_ORDER, HandView
from bhtui.wire import Action


class HandKeys:
    t: Translator
    client: Client
    parts: TableParts[Any]
    last_hint: Action | None
    style: CardStyle
    _hint_shown: tuple[tuple[Any, ...], list[str]] | None
    """The turn the hint on show answers and the cards it picked: h steps on from it."""
    _hint_passes: str | None
    """The pass or 让牌 the hint on show names (it picks no cards): ⏎ does it then."""
    _ace_of_one: tuple[int, list[int]] | None
    """The hand's selection (its change count, its cards) just after 1 picked an ace, until
    another key: a 0 now means 10."""

    @property
    def hand(self) -> HandView:
        raise NotImplementedError

    def say(self, note: str) -> None:
        raise NotImplementedError

    def update_status(self) -> None:
        raise NotImplementedError

    def action_pick(self, rank: str, key: str = "") -> None:
        """One more card of ``rank``, by its ``key``. Everyone types 10 for a ten: a 0 right
        after the 1 that picked an ace makes that ace the ten (it picked A and 10); a lone
        1 stays the ace."""
        ace = rank == "10" and self._ace_of_one == (self.hand.changes, self.hand.selected)
        self._ace_of_one = None
        if ace:
            self.hand.remove_last()
        if self.hand.add_rank(RANK_ORDER[rank]):
            if key == "1":
                self._ace_of_one = (self.hand.changes, list(self.hand.selected))
            self.update_status()
        else:
            if ace:  # no ten left to pick: the ace stays picked (it was dropped for nothing)
                self.hand.add_rank(RANK_ORDER["A"])
            said = "status.no_rank" if self.hand.holds(RANK_ORDER[rank]) else "status.no_rank_held"
            self.say(self.t(said, rank=rank))

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
        """The host's hint first; h again, on the same turn with its cards still picked,
        steps through the other plays from there, then passing where the table allows it,
        and round to the hint again."""
        if not self.client.my_turn:
            self.say(self.t("status.not_turn"))
        elif not self._another_hint():
            self.client.ask_hint()
            self.say(self.t("hint.thinking"))  # a host's hint may take a second: it is coming

    def _another_hint(self) -> bool:
        """The next of the hint's round after the one picked, if the hint on show still
        stands."""
        view, shown, hinted = self.client.view, self._hint_shown, self.last_hint
        if view is None or shown is None or hinted is None \
                or shown != (self._hint_moment(view), self.hand.selection()):
            return False
        round_, plays = self._round(view, hinted)
        if len(round_) < 2:
            return False  # nothing else: the host's hint says so again
        picked = sorted(self.hand.selection())
        at = next((i for i, cards in enumerate(round_) if sorted(cards) == picked), -1)
        cards = round_[(at + 1) % len(round_)]
        if cards:
            self.hand.select_cards(cards)
            self.say(self.t("hint.another", n=plays.index(cards) + 1, of=len(plays),
                            set=self._picked_words(view)))
        elif round_[0]:  # passing, one choice among the plays: the hint was to play
            self._name_pass("pass", self.t("hint.or_pass", set=self.parts.top_words(view, self.t)))
        else:  # the pass (or 让牌) the host named
            self._show_hint(hinted, view)
        self._hint_shown = (self._hint_moment(view), self.hand.selection())
        return True

    def _round(self, view: Any, hinted: Action) -> tuple[list[list[str]], list[list[str]]]:
        """The hint's round, and the plays in it: the host's hint, then the other plays
        (counted from the hint, "2 of 9"), then a pass (no cards) — the host's pass first
        where that was the hint."""
        plays = [cards for cards in (self.parts.hint_cards(a, self.hand.cards, view)
                                     for a in self.parts.hint_plays(view)) if cards]
        first = sorted(self.parts.hint_cards(hinted, self.hand.cards, view)) \
            if hinted.get("type") == "play" else []
        plays = [cards for cards in plays if sorted(cards) != first]
        if first:
            plays.insert(0, first)
        passing = hinted.get("type") != "play" or any(
            a.get("type") in ("pass", "yield") for a in view.get("actions", ()))
        return ([[]] if not first else []) + plays + ([[]] if first and passing else []), plays

    def hinted_pass(self) -> str | None:
        """``pass`` or ``yield`` where the hint on show names one and stands (this turn,
        nothing picked since): ⏎ after "pass on 7" said "nothing picked" before."""
        view = self.client.view
        if view is None or self._hint_shown != (self._hint_moment(view), self.hand.selection()):
            return None
        return self._hint_passes

    def _picked_words(self, view: Any) -> str:
        """The cards picked, as the status line writes a selection (its note hides that)."""
        return self.parts.selection_words(self.hand.selection(), view, self.style.label)

    def _hint_moment(self, view: Any) -> tuple[Any, ...]:
        """The turn a hint answers: another top or hand is another turn."""
        return (*self.parts.decision_key(view), repr(view.get("top")), len(self.hand.cards))

    def apply_hint(self, action: Action) -> None:
        self.last_hint = action
        view = self.client.view
        if view is None:
            return  # a hint answers a view: there is one
        self._show_hint(action, view)
        self._hint_shown = (self._hint_moment(view), self.hand.selection())

    def _show_hint(self, action: Action, view: Any) -> None:
        """The host's hint, said as the hint ("Hint: 7 7 7"), whether or not h has others
        to offer after it: without them it said only "Selected: 7 7 7", and the pass that
        came next in the round read as the hint. Among other plays it is the first of them
        ("1 of 26: 7 7 7"), as h counts on from it: it said "Hint: 7 7 7", then "2 of 26"."""
        kind = action.get("type")
        self._hint_passes = None
        if kind == "play":
            self.hand.select_cards(self.parts.hint_cards(action, self.hand.cards, view))
            if self.hand.selected:  # (none: a hint for a hand that has changed since)
                round_, plays = self._round(view, action)
                picked = self._picked_words(view)
                if len(plays) > 1:
                    self.say(self.t("hint.another", n=1, of=len(plays), set=picked))
                else:  # h offers the pass, or nothing
                    self.say(self.t("hint.more" if len(round_) > 1 else "hint.one", set=picked))
        elif kind == "yield":  # a key to press, not a selection
            self._name_pass(kind, self.t("hint.yield", set=self.parts.top_words(view, self.t)))
        elif kind == "pass":
            self._name_pass(kind, self.t("hint.hold" if self.parts.can_beat(view)
                                         else "hint.pass", set=self.parts.top_words(view, self.t)))

    def _name_pass(self, kind: str, words: str) -> None:
        """A pass or 让牌 on show, ``kind``: nothing picked, and ⏎ does it."""
        self._hint_passes = kind
        if self.hand.selected:
            self.hand.clear()
        self.say(words)
