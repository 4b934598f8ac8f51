"""A round of weihai and of weifang played by keyboard through Textual's Pilot at 80×24, to its
result: the grab round, the emperor's keep/abdicate, the steps asked before play (明保, 造反,
踢), 买3 and the GC in the log and the hand, on the real host."""

from __future__ import annotations

import pytest

from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import CallDialog, GrabDialog, ResultScreen, StepDialog, ThroneDialog
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import HandView, Plain

from tui_helpers import play_the_hint, until_hang, wait_for

STEP_KEYS = {"open_guard": "m", "rebel": "r", "kick": "k"}


async def play_round(app: BhtuiApp, pilot) -> set[str]:
    """Answer every dialog by key and play the hint until the result shows; what was seen."""
    seen: set[str] = set()
    for _ in until_hang("the screen to get there"):
        await pilot.pause()
        screen, view = app.screen, app.client.view if app.client else None
        if isinstance(screen, ResultScreen):  # pushed: its lines come once it is mounted
            await wait_for(pilot, lambda: screen.is_mounted and len(screen.query(Plain)) > 0,
                           "the result's lines")
            return seen
        if isinstance(screen, GrabDialog):
            seen.add("grab")
            await pilot.press("s")
        elif isinstance(screen, ThroneDialog):
            seen.add(f"throne:{','.join(screen.choices)}")
            await pilot.press("a" if "abdicate" in screen.choices else
                              "y" if "accept" in screen.choices else "n")
        elif isinstance(screen, StepDialog):
            said = next((k for k in screen.choices if k in STEP_KEYS), None)
            seen.add(f"step:{view['step']}:{said}")
            await pilot.press(STEP_KEYS[said] if said else "n")
        elif isinstance(screen, CallDialog):
            seen.add("call")
            await pilot.press("enter" if screen.actions else "n")
        elif isinstance(screen, TableScreen) and view and app.client.my_turn \
                and view["phase"] == "play":
            await play_the_hint(pilot, screen)
    raise AssertionError("the round never ended")


def log_of(app: BhtuiApp) -> str:
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return "\n".join(table.log_lines)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
async def test_a_weihai_round_by_keyboard_at_80x24_reaches_its_result(seed):
    """R-WH-GRAB-1, R-WH-DECL-1: the grab round and the steps come to me as dialogs with keys,
    every seat asked alike; the result says what multiplied the scores."""
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=seed, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(app, pilot)
        assert isinstance(app.screen, ResultScreen)
        result = app.host.match.records[0].result
        assert "grab" in seen  # asked whether to grab (明渡)
        if result.abdicated:
            assert "让位" in log_of(app) or "abdicates" in log_of(app)
        elif not result.grabbed and result.emperor != 0:
            assert any(s.startswith("step:open_guard") for s in seen)  # asked like everybody
            assert any(s.startswith("step:rebel") for s in seen) or result.open_guard
        shown = " ".join(str(w.render()) for w in app.screen.query(Plain))
        assert ("Scores ×" in shown) == (result.multiplier > 1)  # and which causes
        assert result.multiplier == 1 or f"Scores ×{result.multiplier}" in shown


@pytest.mark.slow
async def test_a_weifang_round_by_keyboard_at_80x24_reaches_its_result():
    """R-WF-BUY3-1 and R-WF-STUCK-1 told in the log, the round played to its result with the
    hint keeping my 3 for last (R-WF-BIE3-1)."""
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weifang"], seed=4, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_round(app, pilot)
        assert isinstance(app.screen, ResultScreen)
        record = app.host.match.records[0]
        log = log_of(app)
        assert bool(record.bought) == ("买3" in log)
        assert bool(record.result.stuck) == ("闷" in log)


@pytest.mark.parametrize(("seed", "holds_gc"), [(0, True), (1, False)])
async def test_R_WF_RANK_1_x_picks_my_gc_on_a_baohuang_table(seed, holds_gc):
    """R-WF-RANK-1: the GC is a unit of its own in my hand and x picks it; without one the
    status line says so. (On a Dou Dizhu table x is the run key: test_doudizhu_tui.)"""
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weifang"], seed=seed, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in until_hang("the screen to get there"):
            await pilot.pause()
            screen, view = app.screen, app.client.view if app.client else None
            if isinstance(screen, TableScreen) and view and app.client.my_turn \
                    and view["phase"] == "play":
                break
            if isinstance(screen, GrabDialog):
                await pilot.press("s")
            elif isinstance(screen, ThroneDialog):
                await pilot.press("y" if "accept" in screen.choices else "n")
            elif isinstance(screen, StepDialog):
                await pilot.press("n")
            elif isinstance(screen, CallDialog):
                await pilot.press("enter" if screen.actions else "n")
        hand = screen.query_one(HandView)
        assert ("GC" in hand.cards) == holds_gc
        await pilot.press("x")
        status = str(screen.query_one("#status").render())
        if holds_gc:
            assert hand.selection() == ["GC"] and "GC" in status
        else:
            assert hand.selection() == [] and "no GC in your hand" in status
