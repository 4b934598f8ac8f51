"""Keys in the dialogs: a key none of them takes says so, as it does at the table."""

from __future__ import annotations

import pytest

from bhtui.tui.dialogs import HelpScreen, QuitScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.room import CodePrompt

from tui_helpers import DialogHost, wait_for


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("box, key, press", [
    pytest.param(lambda t: HelpScreen(t, ["Keys: …"]), "z", "z", id="help"),
    pytest.param(lambda t: QuitScreen(t, lambda: None), "z", "z", id="quit"),
    pytest.param(lambda t: CodePrompt(t), "escape", "Esc", id="code"),
])
async def test_a_key_no_dialog_takes_says_it_does_nothing(box, key, press, language):
    """At the table z says "z does nothing here: ? lists the keys"; in help, the quit
    prompt or the join code's prompt z or Esc did nothing without a word, as if the app had
    hung. They say it in the table's words now, and the box stays."""
    t = Translator(language)
    dialog = box(t)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        await pilot.press(key)
        said = t("status.no_key", press=press)
        await wait_for(pilot, lambda: any(n.message == said for n in host._notifications),
                       f"what {press} says")
        assert host.screen is dialog and host.answer == "none"
