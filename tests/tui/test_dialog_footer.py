"""The footer under a dialog shows the dialog's keys (Pilot, 80×24): the table's footer kept
showing Play, Pass, Hint … while the throne was offered, keys that did nothing then."""

from __future__ import annotations

import pytest

from bhtui.tui.baohuang.dialogs import ThroneDialog
from bhtui.tui.widgets import Footer

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
