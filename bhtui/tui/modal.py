"""The one modal box: every dialog, prompt and settings screen is a ``Dialog``."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.binding import Binding
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import OptionList

from bhtui.tui import STYLES
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.messages import Aside
from bhtui.tui.widgets import Footer, Plain, too_small

ResultT = TypeVar("ResultT")

LIST_CURSOR = [Binding("up", "list_cursor(-1)", show=False, priority=True),
               Binding("down", "list_cursor(1)", show=False, priority=True)]
"""For a dialog whose list is answered by a priority key (Enter, Space): a priority key is
taken as it arrives, while the list's own arrows wait in its queue, so ↓⏎ typed quickly
acted on the line above. As priorities too, the arrows are taken in the order typed."""


class Dialog(Localized, ModalScreen[ResultT]):
    """A small centred box over the screen; subclasses fill it with a ``Vertical`` (sized in
    ``styles/dialogs.tcss``) and answer through ``dismiss``."""

    CSS_PATH = STYLES / "dialogs.tcss"
    ASIDE = False
    """Opened by the player beside the game (help, settings, the scores, chat, the quit
    prompt) rather than asked by it: while one is open, a player alone at the table has his
    turn timer wait (``Aside``)."""

    NEEDS_ROOM = False
    """A box about the table (``RoomyDialog``: a round's result, the standings) that the
    table's minimum size shows whole: over a screen that ``SAYS_TOO_SMALL`` (the table, a
    replay), in a smaller terminal it gives way to the same "too small" message, and its keys
    wait (Enter went on to the next deal blind). Help, the settings and the quit prompt stay
    usable at any size: they scroll, and quitting must work."""

    def __init__(self, t: Translator) -> None:
        super().__init__()
        self.t = t
        self.closed = False
        self._retired: tuple[Any] | None = None

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

    def on_resize(self, event: Resize) -> None:
        if self.is_attached:
            self._fit(*event.size)

    def _fit(self, width: int, height: int) -> None:
        """Over a screen saying the terminal is too small, every box hides that message
        whole (help or the quit prompt left its ends showing beside the box), and a box
        that NEEDS_ROOM gives way to its own copy of it."""
        over_a_table = any(getattr(s, "SAYS_TOO_SMALL", False) for s in self.app.screen_stack)
        small = over_a_table and too_small(width, height)
        self.set_class(small, "over-small")
        if not self.NEEDS_ROOM:
            return
        if small != self.has_class("small"):
            self.set_class(small, "small")
            self.refresh_bindings()
        for notice in self.query("#too-small").results(Plain):  # (none on a box closing as
            notice.update(self.t("small", w=width, h=height))  # it opens: ctrl+q on 托管)

    def on_unmount(self) -> None:
        if self.ASIDE:
            self.app.post_message(Aside())

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

    def on_screen_resume(self) -> None:
        if self._retired is not None and not self.closed:
            result, self._retired = self._retired[0], None
            self.dismiss(result)


class RoomyDialog(Dialog[ResultT]):
    """A box about the table that NEEDS_ROOM (a round's result, the standings): while it
    gives way to the "too small" message its keys wait, and its footer offers what the
    table's does then, quitting and help."""

    NEEDS_ROOM = True
    BINDINGS = [  # (the app's priority bindings of these keys act on them: these show them)
        Binding("ctrl+q", "give_way('quit_game')", "Quit", id="quit"),
        Binding("question_mark", "give_way('help')", "Help", id="help"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """None of the box's keys acts while it gives way, and only then do quitting and
        help show."""
        return (action == "give_way") == self.has_class("small")

    async def action_give_way(self, action: str) -> None:
        await self.app.run_action(action)
