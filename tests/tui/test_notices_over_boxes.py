"""A notice never hides a title or a box's words: a note answering a key at the table goes
when a box opens over it, and a box's own notices go when another box opens over that."""

from __future__ import annotations

from textual.geometry import Region

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


def toasts(app) -> list[tuple[Region, str]]:
    """The toasts on the screen now, where they are and what they say."""
    return [(toast.region, str(toast.render())) for toast in app.screen.query("Toast")]


async def test_a_boxs_notice_goes_when_the_settings_open_over_it():
    """q in the bid box, then F2: "q does nothing here: the table waits for your choice
    (its keys are below)" stayed over the settings' title ("Settings (saved to
    ~/.config/bhtu▌")."""
    from bhtui.tui.doudizhu.dialogs import BidDialog
    from bhtui.tui.preferences import PreferencesScreen

    app = doudizhu_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await pilot.press("q")
        await wait_for(pilot, lambda: toasts(app), "the bid box's notice")
        assert "q does nothing here" in toasts(app)[0][1]
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        await pilot.pause()
        title = app.screen.query_one(".title").region
        assert not [words for region, words in toasts(app) if region.overlaps(title)]
        assert not any("q does nothing" in n.message for n in app._notifications)


async def test_a_toast_over_a_box_sits_under_it_and_off_the_top_row():
    """ctrl+c at the table, then a box opening over it: "ctrl+q quits bhtui (it asks
    first)" moved to the top row and covered the table's "Scores · deal 3"."""
    from bhtui.tui.dialogs import ScoreSheetScreen

    from tui_helpers import make_app, my_play_turn

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: toasts(app), "the quit key's toast")
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen), "the scores")
        await pilot.pause()
        box = app.screen.query_one("ScoreSheetScreen > Vertical").region
        shown = toasts(app)
        assert [words for _, words in shown] == ["ctrl+q quits bhtui (it asks first)"]
        assert all(region.y > 0 and not region.overlaps(box) for region, _ in shown), (
            shown, box)


async def test_a_toast_over_a_box_that_reaches_the_hand_hides_none_of_it():
    """F2 and ctrl+s over the throne's box: "Settings saved" sat right under the box, on
    the hand's ranks ("K×▌ Settings saved"). It sits on the box's top border, hiding
    neither the hand nor the box's words nor a score beside it."""
    from bhtui.tui.baohuang.dialogs import ThroneDialog
    from bhtui.tui.preferences import PreferencesScreen

    from tui_helpers import make_app

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne")
        throne = app.screen
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is throne and toasts(app), "the toast")
        await pilot.pause()
        hand = table(app).query_one("#hand").region
        box = throne.query_one("ThroneDialog > Vertical").region
        shown = toasts(app)
        assert [words for _, words in shown] == ["Settings saved"]
        assert all(not region.overlaps(hand) and region.y == box.y
                   and box.x <= region.x and region.right <= box.right
                   for region, _ in shown), (shown, hand, box)
