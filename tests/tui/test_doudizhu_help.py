"""Dou Dizhu's help explains what the table and the results show without a word of their own."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from bhtui.doudizhu import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import HelpScreen
from bhtui.tui.sessions import LocalSession

from tui_helpers import wait_for


async def help_text(language: str, size: tuple[int, int]) -> str:
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        return " ".join(str(w.render()) for w in app.screen.query(Static))


@pytest.mark.parametrize("language, said", [
    ("en", "Level points (the result's last column) count deals won apart from the "
           "stake: a win is +3 for the landlord and +1 for each farmer, a loss -3 / -1"),
    ("zh", "级分（结算表最后一列）只看输赢、不看分值：地主赢 +3、每个农民赢 +1，输了 -3 / -1")])
async def test_S_LEVEL_1_the_help_says_what_the_results_level_points_are(language, said):
    """Shanghai's results have a 级分 / "Level points" column the help never named."""
    shown = await help_text(language, (80, 24))
    joined = "".join if language == "zh" else " ".join  # (Chinese wraps between any two)
    assert joined(said.split()) in joined(shown.split()), shown[-600:]
