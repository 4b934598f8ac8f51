"""A notice never hides a title or a box's words: a note answering a key at the table goes
when a box opens over it, and a box's own notices go when another box opens over that."""

from __future__ import annotations

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import MatchEndScreen
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from tui_helpers import table, wait_for


def doudizhu_app(rounds: int = 1) -> BhtuiApp:
    config = Config(name="Ana", language="en", bot_delay=0.0, result_seconds=0.2)
    return BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=rounds))


async def test_a_keys_note_at_the_table_goes_when_the_match_over_box_opens():
    """After the match, t at the table said "t does nothing here: ? lists the keys", and
    the line stayed under the Match over box that Enter opened."""
    from bhtui.tui.doudizhu.dialogs import BidDialog

    app = doudizhu_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await pilot.press("t")  # 托管 bids and plays the match out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("t")
        assert table(app).status == "t does nothing here: ? lists the keys"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the standings")
        await pilot.pause()
        assert "does nothing" not in table(app).status, table(app).status
