"""F2 while a decision's dialog is open (the throne offered, a bid asked): the settings open
over it, and closing them — cancelled or saved — leaves the same dialog waiting for its
answer, which its key then gives. F2 did nothing there: a modal box cuts the app's ordinary
keys, and F2 was not one of the priority keys (help, quit, theme) that work over every box."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import CallDialog, ThroneDialog
from bhtui.tui.dialogs import DecisionDialog
from bhtui.tui.doudizhu.dialogs import BidDialog
from bhtui.tui.i18n import Translator
from bhtui.tui.preferences import PreferencesScreen
from bhtui.tui.sessions import LocalSession

from tui_helpers import wait_for


def throne(language: str) -> BhtuiApp:
    """Qingdao, seed 3: the throne comes to Ana; y takes it, and the call is asked next."""
    return BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                    LocalSession(seed=3, rounds=1))


def bid(language: str) -> BhtuiApp:
    """Classic Dou Dizhu, seed 3: Ana bids first; 3 makes her the landlord."""
    return BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                    LocalSession(rules=DDZ_PRESETS["classic"], seed=3, rounds=1))


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(("make", "asked", "answer", "answered"), [
    (throne, ThroneDialog, "y", lambda app: isinstance(app.screen, CallDialog)),
    (bid, BidDialog, "3", lambda app: app.client.view["landlord"] == 0),
], ids=["throne", "bid"])
async def test_f2_in_a_decision_dialog_opens_the_settings_and_comes_back_to_it(
        make, asked, answer, answered, language):
    app = make(language)
    t = Translator(language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, asked), "the decision")
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        for close in ("escape", "ctrl+s"):  # cancelled, then saved as they were
            await pilot.press("f2")
            await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen),
                           "the settings over the dialog")
            await pilot.press(close)
            await wait_for(pilot, lambda: app.screen is dialog, "the same dialog again")
        assert any(n.message == t("prefs.saved") for n in app._notifications)
        assert not dialog.closed
        await pilot.press(answer)  # the dialog still answers with its key
        await wait_for(pilot, lambda: answered(app), "the answer taken")
