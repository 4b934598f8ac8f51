"""The footer under a dialog shows the dialog's keys (Pilot, 80×24): the table's footer kept
showing Play, Pass, Hint … while the throne was offered, keys that did nothing then."""

from __future__ import annotations

import asyncio

import pytest

from bhtui.tui.baohuang.dialogs import ThroneDialog
from bhtui.tui.widgets import Footer, Plain

from tui_helpers import make_app, wait_for

SAID = {"en": (["Accept", "Decline", "托管"], ["Play", "Pass", "Hint", "Chat"]),
        "zh": (["登基", "放弃", "托管"], ["出牌", "不要", "提示", "聊天"])}


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_bottom_line_under_the_throne_dialog_names_its_keys(language):
    """R-EMP-Q1's offer (seed 3: the throne comes to Ana): y/n/t, not the table's keys."""
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog)
                       and app.screen.query(Footer) and app.screen.query("FooterKey"))
        footer = app.screen.query_one(Footer)
        assert footer.region.y == 23 and footer.region.width == 80  # over the table's own
        keys = " ".join(str(key.render()) for key in footer.query("FooterKey"))
        shown, hidden = SAID[language]
        assert all(word in keys for word in shown), keys
        assert not any(word in keys for word in hidden), keys


async def test_a_footer_still_showing_keys_of_an_older_set_is_rebuilt_not_broken():
    """When the keys on offer no longer include one the footer still shows (an older set,
    the same bindings objects listed), the footer rebuilds instead of failing on a KeyError
    inside its in-place update."""
    from textual.app import App
    from textual.binding import Binding

    class Two(App):
        BINDINGS = [Binding("a", "bell", "Ah"), Binding("b", "toggle_dark", "Be")]

        def compose(self):
            yield Footer()

    app = Two()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = app.screen.query_one(Footer)
        await wait_for(pilot, lambda: len(footer.query("FooterKey")) == 2)
        only_a = tuple(o for o in footer._on_offer() if o[0].key == "a")
        assert footer._enable(only_a) is False  # told to rebuild, nothing raised
        assert footer._enable(footer._on_offer()) is True


async def test_a_screen_changed_under_a_dialog_as_its_footer_is_rebuilt_is_drawn_again():
    """The status line under a round's result kept saying "托管 on" after t turned 托管 off:
    t rebuilt the result's footer while the table's new words came, and Textual holds every
    screen's repaint during a rebuild, then tells only its own loop that it ended — the table
    beneath waited, its new words unwritten, until its next message (seconds, or never).
    Here the screen beneath changes inside the rebuild; the terminal shows the change after."""
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import ModalScreen, Screen

    from tui_helpers import TerminalCopy, until_hang

    class Table(Screen):
        def compose(self):
            yield Plain("托管 on", id="status")

    class Rebuilt(Footer):
        async def mount_all(self, widgets, **kw):  # inside a rebuild (Textual's batch)
            if self.screen.on:  # the first build
                return await super().mount_all(widgets, **kw)
            status = table.query_one("#status", Plain)
            status.update("托管 off")
            for _ in until_hang("the repaint asked of the table"):
                if status in table._dirty_widgets:  # … and held there, in the rebuild
                    break
                await asyncio.sleep(0)
            heard = asyncio.Event()
            table.call_later(heard.set)  # the table goes idle after this, in the rebuild too
            await heard.wait()
            return await super().mount_all(widgets, **kw)

    class Result(ModalScreen):
        BINDINGS = [Binding("enter", "dismiss", "Continue"), Binding("t", "off", "托管 off")]
        on = True

        def compose(self):
            yield Rebuilt()

        def action_off(self) -> None:
            self.on = False
            self.refresh_bindings()

        def check_action(self, action, parameters):
            return self.on if action == "off" else True

    table = Table()
    app = App()
    terminal = TerminalCopy(app, 80, 24)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(table)
        app.push_screen(Result())
        await wait_for(pilot, lambda: "托管 off" in terminal.lines()[23], "the result's footer")
        assert terminal.lines()[0].startswith("托管 on")
        await pilot.press("t")
        await wait_for(pilot, lambda: "托管 off" not in terminal.lines()[23], "the footer rebuilt")
        await wait_for(pilot, lambda: terminal.lines()[0].startswith("托管 off"), "the table drawn again")
