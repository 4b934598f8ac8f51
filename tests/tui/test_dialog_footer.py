"""The footer under a dialog shows the dialog's keys (Pilot, 80×24): the table's footer kept
showing Play, Pass, Hint … while the throne was offered, keys that did nothing then."""

from __future__ import annotations

import pytest

from bhtui.tui.dialogs import ThroneDialog
from bhtui.tui.widgets import Footer

from tui_helpers import make_app, wait_for

SAID = {"en": (["Accept", "Decline", "托管"], ["Play", "Pass", "Hint", "Chat"]),
        "zh": (["接受", "放弃", "托管"], ["出牌", "不要", "提示", "聊天"])}


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
