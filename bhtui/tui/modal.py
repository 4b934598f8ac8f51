"""The one modal box: every dialog, prompt and settings screen is a ``Dialog``."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.events import DescendantFocus, Key, Resize
from textual.notifications import Notification, Notify
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets._toast import ToastRack

from bhtui.tui import STYLES
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.messages import Aside
from bhtui.tui.widgets import (
    MIN_HEIGHT,
    MIN_WIDTH,
    Field,
    Footer,
    Plain,
    too_small,
    too_small_words,
)

ResultT = TypeVar("ResultT")

HAND = "#hand, #hands"
"""The table's hand (a watcher's: every hand), which no toast over a box may hide."""

LIST_CURSOR = [Binding("up", "list_cursor(-1)", show=False, priority=True),
               Binding("down", "list_cursor(1)", show=False, priority=True)]
"""For a dialog whose list is answered by a priority key (Enter, Space): a priority key is
taken as it arrives, while the list's own arrows wait in its queue, so ↓⏎ typed quickly
acted on the line above. As priorities too, the arrows are taken in the order typed."""


BOX_WIDTH, BOX_HEIGHT = 40, 12
"""The smallest terminal a box is drawn in; below it every box gives way to the "too small"
message (F2 at 1x1 crashed inside Textual's OptionList, which cannot wrap its options in
less width than their padding, and a box of a few cells showed nothing one could use)."""


class Dialog(Localized, ModalScreen[ResultT]):
    """A small centred box over the screen; subclasses fill it with a ``Vertical`` (sized in
    ``styles/dialogs.tcss``) and answer through ``dismiss``.

    While it gives way to the "too small" message (below BOX_WIDTH x BOX_HEIGHT, or over the
    table's message if it NEEDS_ROOM) it keeps everything as it was and its keys wait: its
    footer offers what the table's does then, quitting and help."""

    CSS_PATH = STYLES / "dialogs.tcss"
    BINDINGS = [  # (the app's priority bindings of these keys act on them: these show them)
        Binding("ctrl+q", "give_way('quit_game')", "Quit", id="quit"),
        Binding("question_mark", "give_way('help')", "Help", id="help"),
    ]
    ASIDE = False
    """Opened by the player beside the game (help, settings, the scores, chat, the quit
    prompt) rather than asked by it: while one is open, a player alone at the table has his
    turn timer wait (``Aside``)."""

    NEEDS_ROOM = False
    """A box about the table (``RoomyDialog``: a round's result, the standings) that the
    table's minimum size shows whole: over a screen that ``SAYS_TOO_SMALL`` (the table, a
    replay), in a smaller terminal it gives way to the same "too small" message, and its keys
    wait (Enter went on to the next deal blind). Help, the settings and the quit prompt stay
    usable down to BOX_WIDTH x BOX_HEIGHT: they scroll, and quitting must work."""

    KEYS_WHILE_AWAY = False
    """Its own keys act while it gives way (the quit prompt: quitting works at any size, and
    its footer says how)."""

    UNUSED_KEY: str | None = "status.no_key"
    """What a letter or Esc that none of its keys takes is told, in the table's words ("z
    does nothing here: ? lists the keys"); None for a box that every key answers."""

    def __init__(self, t: Translator) -> None:
        super().__init__()
        self.t = t
        self.closed = False
        self._retired: tuple[Any] | None = None
        self._focus_kept: Widget | None = None  # what had the focus when it gave way
        self._notices: list[Notification] = []  # its own toasts, gone when it closes

    def on_mount(self) -> None:
        """The dialog's own keys along the bottom, over the footer of the screen below: that
        one kept showing the table's keys (Play, Pass …), which do nothing while a dialog is
        open. (A dialog already closed again — the app quitting as it opened — needs none.)"""
        if self.is_attached:
            self.mount(Footer(compact=True))
            if self.NEEDS_ROOM:
                self.mount(Plain(id="too-small"))
            self._fit(self.app.size.width, self.app.size.height)
            if self.ASIDE:
                self.app.post_message(Aside())
            self.call_after_refresh(self._place_toasts)

    def on_resize(self, event: Resize) -> None:
        if self.is_attached:
            self._fit(*event.size)
            self.call_after_refresh(self._place_toasts)

    def _place_toasts(self) -> None:
        """Toasts (at the top right of the screen) sit right under the box, where they hide
        none of its words, nor the titles along the top of the screen under it: on the top
        row "ctrl+q quits bhtui (it asks first)" covered the table's "Scores · deal 3". Nor
        the hand under it: over the throne's box, "Settings saved" covered its ranks ("K×▌
        Settings saved"). A box reaching the footer or the hand has them on its top border.
        The screen under it shows none of its own: the same toast showed there too, half
        hidden by the box."""
        if not self.is_attached:
            return
        stack = self.app.screen_stack
        under = stack[stack.index(self) - 1] if self in stack[1:] else None
        if under is not None:  # its toasts are hidden: they showed through
            for rack in under.query_children(ToastRack):
                rack.display = False  # (Textual shows them again when that screen is back)
        try:
            rack = self.get_child_by_type(ToastRack)
        except NoMatches:
            return
        box = next(iter(self.query_children(Vertical)), None)
        rack.styles.padding = (0, 0, 0, 0)
        if box is None:
            rack.styles.margin, rack.styles.max_height = (0, 0, 0, 0), None
            return
        footer = sum(f.outer_size.height for f in self.query_children(Footer))
        floor = min([self.size.height - footer] + [
            hand.region.y for hand in (under.query(HAND) if under is not None else [])
            if hand.display and hand.region.height])
        below = floor - box.region.bottom
        if below > 0:
            rack.styles.margin, rack.styles.max_height = (box.region.bottom, 0, 0, 0), below
        else:  # (within its border: at the screen's right it hid a score beside the box)
            rack.styles.margin, rack.styles.max_height = (box.region.y, 0, 0, 0), None
            rack.styles.padding = (0, max(0, self.size.width - box.region.right), 0, 0)

    def fit(self) -> None:
        """Fit the terminal's size now (the screen below is drawn again: ``follow_size``)."""
        if self.is_attached:
            self._fit(self.app.size.width, self.app.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Over a screen saying the terminal is too small, every box hides that message
        whole (help or the quit prompt left its ends showing beside the box), and a box
        that NEEDS_ROOM gives way to its own copy of it — until that screen is drawn again,
        not merely until the terminal is large again (``follow_size``). Below BOX_WIDTH x
        BOX_HEIGHT every box gives way, over any screen."""
        below = [s for s in self.app.screen_stack if getattr(s, "SAYS_TOO_SMALL", False)]
        over_small = bool(below) and (too_small(width, height) or any(
            s.has_class("small") or s.has_class("regrowing") for s in below))
        self.set_class(over_small, "over-small")
        small = width < BOX_WIDTH or height < BOX_HEIGHT or (self.NEEDS_ROOM and over_small)
        if small != self.has_class("small"):
            if small and not self.query("#too-small"):  # (any other box: the first time)
                self.mount(Plain(id="too-small"))
            self.set_class(small, "small")
            self.refresh_bindings()
            if small:  # (hidden, it loses the focus: the settings' arrows did nothing after)
                self._put_focus_away()
            else:
                self.call_after_refresh(self._bring_focus_back)
        # The message names what is needed to show this box: a box about the table, the
        # table's size; any other, the least a box is drawn in (it said 80x24 to help at
        # 30x10, which shows at 40x12). Said while the terminal is below it: else it stays as
        # it was, the moment it shows (none on a box closing as it opens: ctrl+q).
        needed = (MIN_WIDTH, MIN_HEIGHT) if self.NEEDS_ROOM and over_small \
            else (BOX_WIDTH, BOX_HEIGHT)
        if width < needed[0] or height < needed[1]:
            for notice in self.query("#too-small").results(Plain):
                notice.update(too_small_words(self.t, width, height, needed))

    def _put_focus_away(self) -> None:
        """No widget of a box giving way has the focus (keys reach none of them unseen: F2
        opened small changed the theme on Enter), and the one that had it is kept."""
        if self.focused is not None:
            self._focus_kept = self.focused
            self.set_focus(None)

    def _bring_focus_back(self) -> None:
        """The focus the box had before it gave way, or its first focusable widget when it
        opened small (its own focus came after it gave way, and was put away)."""
        if self.has_class("small") or self.focused is not None:
            return
        kept, self._focus_kept = self._focus_kept, None
        if kept is not None and kept.is_attached:
            self.set_focus(kept)
        else:
            self.focus_next()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """A focus given while the box gives way (its own, set as it opened) is put away."""
        if self.has_class("small"):
            self._put_focus_away()

    def on_key(self, event: Key) -> None:
        """Esc, or a letter none of the box's keys is, says so: at the table such a key says
        it does nothing, while in a box (a result, help, the scores) it did nothing without
        a word, as if the app had hung. (A key a focused field types, it has stopped.)"""
        if self.UNUSED_KEY is None or event.key in self.active_bindings:
            return
        if event.key == "escape" or (event.is_printable and event.character):
            words = {"escape": "Esc", "space": "Space"}.get(event.key, event.character)
            self.notice(self.t(self.UNUSED_KEY, press=words))

    def on_field_full(self, event: Field.Full) -> None:
        self.notice(self.t("field.full", n=event.most))

    def notice(self, message: str) -> None:
        """A toast about this box, taken away when it closes: the bid dialog's "1 does
        nothing here: the table waits for your choice" stayed over the log after a bid."""
        notice = Notification(message, timeout=4, markup=False)
        self._notices = [n for n in self._notices if not n.has_expired] + [notice]
        self.app.post_message(Notify(notice))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        """None of the box's keys acts while it gives way (unless KEYS_WHILE_AWAY), and only
        then do quitting and help show. Subclasses narrow this, never widen it."""
        away = self.has_class("small")
        if action == "give_way":
            return away and not self.KEYS_WHILE_AWAY
        return not away or self.KEYS_WHILE_AWAY

    async def action_give_way(self, action: str) -> None:
        await self.app.run_action(action)

    def on_unmount(self) -> None:
        if self.ASIDE:
            self.app.post_message(Aside())
        self._drop_notices()

    def _drop_notices(self) -> None:
        """Its own toasts taken away."""
        for notice in self._notices:
            if notice in self.app._notifications:
                self.app._unnotify(notice)
        self._notices = []

    def dismiss(self, result: Any = None) -> Any:
        """Once only: a key and a timer (or the table moving on) may both close a dialog,
        and a second dismiss would pop the screen under it."""
        if self.closed:
            return None
        self.closed = True
        return super().dismiss(result)

    def retire(self, result: Any = None) -> None:
        """Close with ``result`` now if on top, else as soon as it is on top again (help or
        the quit prompt may be open over it: dismissing pops whatever is on top). Once
        closed, never again: a second dismiss would pop the screen under it."""
        if self.closed:
            return
        if self.is_active:
            self.dismiss(result)
        else:
            self._retired = (result,)

    def action_list_cursor(self, step: int) -> None:
        """``LIST_CURSOR``'s arrows: the dialog's list moves at once."""
        for options in self.query(OptionList):
            if step < 0:
                options.action_cursor_up()
            else:
                options.action_cursor_down()

    def on_screen_suspend(self) -> None:
        """A box or screen opened over this one: its toasts go, as its words are out of
        sight (the bid box's "q does nothing here: …" stayed over the settings' title)."""
        self._drop_notices()

    def on_screen_resume(self) -> None:
        if self._retired is not None and not self.closed:
            result, self._retired = self._retired[0], None
            self.dismiss(result)


class RoomyDialog(Dialog[ResultT]):
    """A box about the table that NEEDS_ROOM (a round's result, the standings): it gives
    way to the "too small" message wherever the table does."""

    NEEDS_ROOM = True


def follow_size(screen: Screen[Any], small: bool, shown: Widget) -> None:
    """``screen`` (one that SAYS_TOO_SMALL) shows its "too small" message instead of
    ``shown`` (the table), or ``shown`` again; the boxes over it follow what it shows, not the
    terminal's size. Each screen handles the resize on its own, the box on top first: a
    round's result that came back with the size was drawn over the table's message, then
    for a moment over a blank table, before the table was laid out again. Large again, the
    screen is "regrowing" until a layout has put ``shown`` back on it; then the boxes fit."""
    regrowing = screen.has_class("small") and not small
    screen.set_class(small, "small")
    if not regrowing:
        return
    screen.add_class("regrowing")

    def drawn(_: Screen[Any]) -> None:
        if not shown.region or not screen.has_class("regrowing"):
            return  # a layout before the one that shows it (small again meanwhile), or after
        screen.screen_layout_refresh_signal.unsubscribe(shown)
        screen.remove_class("regrowing")
        for box in screen.app.screen_stack:
            if isinstance(box, Dialog):
                box.fit()

    # Under ``shown``, not the screen: unsubscribing a node drops all its callbacks, and the
    # screen's own include Textual's (its tooltips were no longer cleared after a regrow).
    screen.screen_layout_refresh_signal.subscribe(shown, drawn)
