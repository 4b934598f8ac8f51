"""报到's two choices (S-BID-6) asked again with the key that chose them: 不打 ends the deal
at once and 打 binds the bomb for good, and one Enter on the list's first line sent either."""

from __future__ import annotations

import pytest

from bhtui.tui.dialogs import ConfirmKey
from bhtui.tui.doudizhu.dialogs import ReportDialog
from bhtui.tui.i18n import Translator

from tui_helpers import DialogHost, screen_text, wait_for

ACTIONS = [{"type": "report", "groups": ["K K K K K K K"], "fight": False},
           {"type": "report", "groups": ["K K K K K K K"], "fight": True},
           {"type": "skip"}]


@pytest.mark.parametrize("fight", [False, True])
@pytest.mark.parametrize("language, again", [("en", "Press Enter again"), ("zh", "再按 回车 确认")])
async def test_S_BID_6_each_报到_choice_asks_again_for_the_enter_that_chose_it(
        fight, language, again):
    """(The question named the key by its id, "Press enter again", where every other text
    says Enter, 回车.)"""
    app = DialogHost(ReportDialog(Translator(language), ACTIONS))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReportDialog)
                       and app.screen.focused is not None, "the list of choices")
        if fight:
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey) or app.answer != "none",
                       "the question again")
        assert app.answer == "none", "one Enter sent it"
        assert any(again in line for line in screen_text(app)), screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.answer != "none", "the answer")
        assert app.answer == ACTIONS[int(fight)]


async def test_S_BID_6_another_key_after_报到_s_choice_cancels_it():
    app = DialogHost(ReportDialog(Translator("en"), ACTIONS))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReportDialog)
                       and app.screen.focused is not None, "the list of choices")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, ReportDialog), "the choice again")
        assert app.answer == "none"
