"""Pinned pictures of the table: 80×24 and 120×40, English and Chinese.

Deterministic: a fixed seed and name, bots without delay, the state reached by keys and held
at the player's own turn (nothing moves while it is the human's turn); the turn timer's clock
is frozen for the picture with the countdown.
"""

from types import SimpleNamespace

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.sessions import LocalSession

from tui_helpers import drive, my_play_turn, wait_for


def app_for(language: str, **settings) -> BhtuiApp:
    return BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0, theme="felt",
                           **settings), LocalSession(seed=3, rounds=3))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_table_snapshot(snap_compare, language, size):
    app = app_for(language)

    async def to_my_lead(pilot):
        await my_play_turn(pilot, app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=to_my_lead)


def test_baike_call_dialog_snapshot(snap_compare):
    """R-EMP-B1/B2/B5 at 80×24: the groups to call, 让庄 and 抢庄 side by side."""
    from bhtui.rules import PRESETS
    from bhtui.tui.baohuang.dialogs import CallDialog

    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0, theme="felt"),
                   LocalSession(rules=PRESETS["baike"], seed=1, rounds=1))  # seed 1: the card starts with Ana

    async def to_the_dialog(pilot):
        from bhtui.tui.widgets import HandView

        from tui_helpers import table

        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))
        # the hand under the dialog draws its border focused once the table has focused it
        # and the style pass has run: on a loaded machine the picture was taken between
        # the two (a plain, not a double, frame), so wait for the double frame itself
        screen = table(app)
        hand = screen.query_one(HandView)
        await wait_for(pilot, lambda: screen.focused is hand)
        await wait_for(pilot, lambda: hand.styles.border_top[0] == "double")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_dialog)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_table_in_play_snapshot(snap_compare, monkeypatch, language):
    """80×24 in the middle of a trick: suits in their colours in the hand and in the seat
    boxes, each seat's last set, the card counter under the table, and the turn timer
    counting down on my seat and in the status line."""
    import bhtui.net.client
    import bhtui.tui.tablemodel

    frozen = SimpleNamespace(monotonic=lambda: 1000.0)
    monkeypatch.setattr(bhtui.net.client, "time", frozen)
    monkeypatch.setattr(bhtui.tui.tablemodel, "time", frozen)
    app = app_for(language, timer=60.0)

    async def to_my_second_turn(pilot):
        from tui_helpers import table, wait_for

        await my_play_turn(pilot, app)
        screen = table(app)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.last_hint is not None)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.client.my_turn and len(
            [e for e in app.client.recall.get("last", []) if e]) >= 3)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_my_second_turn)


@pytest.mark.parametrize("preset, language", [("classic", "en"), ("shanghai", "zh")])
def test_doudizhu_table_snapshot(snap_compare, preset, language):
    """Dou Dizhu at 80×24 at my first turn to play: three or four seats, the deal's box (bid,
    landlord, bombs and multiplier, stake), the kitty and mark card as the rules show them,
    the hand by rank."""
    from tui_helpers import answer_doudizhu, wait_for

    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0, theme="felt"),
                   LocalSession(rules=DDZ_PRESETS[preset], seed=2, rounds=1))

    async def to_my_play(pilot):
        async def arrived() -> bool:
            view = app.client.view if app.client else None
            if view and view["phase"] == "play" and app.client.my_turn:
                return True
            await answer_doudizhu(pilot, app)
            return False
        await drive(pilot, arrived, "my turn to play")
        await wait_for(pilot, lambda: app.client.my_turn)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_my_play)
