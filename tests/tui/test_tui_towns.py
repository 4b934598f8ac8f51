"""A round of weihai and of weifang played by keyboard through Textual's Pilot at 80×24, to its
result: the grab round, the emperor's keep/abdicate, the steps asked before play (明保, 造反,
踢), 买3 and the GC in the log and the hand, on the real host."""

from __future__ import annotations

import pytest

from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import CallDialog, GrabDialog, StepDialog, ThroneDialog
from bhtui.tui.dialogs import ResultScreen
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import HandView, Plain

from helpers import deal_of
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
            await pilot.press(*(["a", "a"] if "abdicate" in screen.choices else  # 2nd: yes
                                "y" if "accept" in screen.choices else "n"))
        elif isinstance(screen, StepDialog):
            said = next((k for k in screen.choices if k in STEP_KEYS), None)
            seen.add(f"step:{view['step']}:{said}")
            # a declaration's key, twice: the second press says yes (the first asks)
            await pilot.press(*([STEP_KEYS[said]] * 2 if said else ["n"]))
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


# Short first deals (the bots are deterministic: the same deal, the same round) in which each
# town's own moments really come to Ana (seat 0) by keyboard. weihai "rebel": Bo (seat 1)
# holds the emperor card, Cai (seat 2) the marked SJ; Ana, a rebel, is asked in the grab round
# and at each step, and declares 造反. weihai "abdicate": Ana holds both marked cards and
# abdicates (让位): the guard is public, ×2 (R-WH-THRONE-5).
WEIHAI_DEALS = {
    "rebel": deal_of("2H 2S 8D 9D", "BJ 7H 7S 8H", "SJ 9H 9S", "10H 10S JD", "JH JS QD",
                     first=1, guard_card=2),
    "abdicate": deal_of("BJ SJ 7H 8D 9D", "9H 9S", "10H 10S QD", "JH JS", "QH QS",
                        first=0, guard_card=0),
}
# weifang: Ana holds the emperor card and two 3s, Bo none: he buys one (买3, R-WF-BUY3-1). Bo
# leads his 10, Chen's Q comes on top of it, and Bo, left holding only his 3, is stuck (闷,
# R-WF-STUCK-1).
WEIFANG_DEAL = deal_of("3S 3H BJ 7H 7H 7H 9S", "10C", "3C JD", "3D 4D", "3S 7H QD", first=0)


@pytest.mark.parametrize("case", ["rebel", "abdicate"])
async def test_a_weihai_round_by_keyboard_at_80x24_reaches_its_result(case, first_deal):
    """R-WH-GRAB-1, R-WH-DECL-1: the grab round and the steps come to me as dialogs with keys,
    every seat asked alike; R-WH-DECL-2 (造反 by key) or R-WH-THRONE-5 (让位 by key, told in
    the log); the result says what multiplied the scores."""
    first_deal(WEIHAI_DEALS[case])
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(app, pilot)
        assert isinstance(app.screen, ResultScreen)
        result = app.host.match.records[0].result
        assert "grab" in seen, seen  # asked whether to grab (明渡)
        if case == "abdicate":
            assert result.abdicated
            assert "让位" in log_of(app) or "abdicates" in log_of(app)
        else:
            assert not result.grabbed and result.emperor == 1
            assert any(s.startswith("step:open_guard") for s in seen), seen  # asked like all
            assert "step:rebel:rebel" in seen, seen  # 造反 offered to me and taken by key
            assert 0 in result.rebels
        shown = " ".join(str(w.render()) for w in app.screen.query(Plain))
        assert ("Scores ×" in shown) == (result.multiplier > 1)  # and which causes
        assert result.multiplier == 1 or f"Scores ×{result.multiplier}" in shown
        if case == "abdicate":
            assert result.multiplier > 1


async def to_the_emperors_answers(app: BhtuiApp, pilot) -> None:
    """Past the grab round (no grab) to the emperor's keep / abdicate / show dialog."""
    for _ in until_hang("the emperor's three answers"):
        await pilot.pause()
        if isinstance(app.screen, GrabDialog):
            await pilot.press("s")
        elif isinstance(app.screen, ThroneDialog) and "solo" in app.screen.choices:
            return


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_R_WH_THRONE_5_keep_abdicate_and_show_all_fit_in_the_throne_dialog(
        language, size, first_deal):
    """Weihai's emperor is offered three answers with long words (Keep the throne, Abdicate,
    Show both: open solo): every button shows whole inside the dialog's box."""
    from textual.widgets import Button

    first_deal(WEIHAI_DEALS["abdicate"])
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=size) as pilot:
        await to_the_emperors_answers(app, pilot)
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.query(Button)) == 3, "the buttons")
        await pilot.pause()
        box = screen.query_one("Vertical").content_region
        for button in screen.query(Button):
            assert box.contains_region(button.region), (str(button.label), button.region, box)


@pytest.mark.parametrize("key", ["a", "m"])
async def test_R_WH_THRONE_5_abdicate_and_show_act_on_a_second_press_only(key, first_deal):
    """Weihai's abdication (public, ×2) and open solo (one against four, ±24) are the
    round's biggest choices: one press only asks; any other key then sends nothing."""
    from bhtui.tui.dialogs import ConfirmKey

    first_deal(WEIHAI_DEALS["abdicate"])
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_emperors_answers(app, pilot)
        throne, seq = app.screen, app.host.seq
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "the question")
        shown = " ".join(str(w.render()) for w in app.screen.query(Plain))
        assert f"Press {key} again" in shown and ("让位" if key == "a" else "明独") in shown
        await pilot.press("x")  # no: back to the three answers, nothing sent
        await wait_for(pilot, lambda: app.screen is throne, "the throne again")
        assert app.host.seq == seq
        await pilot.press(key, key)
        await wait_for(pilot, lambda: app.host.seq > seq, "the answer sent")
        mine = [action["type"] for seat, action in app.host.match.actions if seat == 0]
        assert ("abdicate" if key == "a" else "solo") in mine


async def test_R_WH_ROLE_2_明独_is_m_and_the_answers_say_what_each_solo_scores(first_deal):
    """The grab round's "不抢" is s, and so was 明独 at the emperor's answers next: "s s" slid
    into 明独's question. 明独 is m, as in lianzhong and the help (s does nothing here), and
    the answers say what a hidden and an open solo score (R-WH-SCORE-2: +12/0/-12, ±24), as
    the grab round says 明渡's ±24."""
    from bhtui.tui.dialogs import ConfirmKey

    first_deal(WEIHAI_DEALS["abdicate"])
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_emperors_answers(app, pilot)
        throne, seq = app.screen, app.host.seq
        shown = " ".join(str(w.render()) for w in throne.query(Plain))
        assert "暗独（不亮侍卫牌）：头科 +12，二科 0，否则 -12" in shown
        assert "明独（亮出侍卫牌，m）：头科 +24，否则 -24" in shown
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is throne and app.host.seq == seq  # no question, nothing sent
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "the question")
        assert "明独" in " ".join(str(w.render()) for w in app.screen.query(Plain))


async def test_R_WH_GRAB_1_the_grab_is_asked_again_as_明渡(first_deal):
    """Weihai's grab round offers 明渡 (the marked cards ignored, ±24); pressing g asked
    "抢: take the throne" — another game's words — before it counted."""
    from bhtui.tui.dialogs import ConfirmKey

    first_deal(WEIHAI_DEALS["abdicate"])
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GrabDialog), "the grab round")
        grab, seq = app.screen, app.host.seq
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "the question")
        shown = " ".join(str(w.render()) for w in app.screen.query(Plain))
        assert "明渡" in shown and "抢" not in shown
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is grab, "the grab round again")
        assert app.host.seq == seq


def test_R_WH_DECL_3_a_rebel_s_kick_says_it_needs_a_second_one():
    """A rebel's 踢 counts only once a second rebel kicks too: one kicking alone left the
    log saying "Di kicks (踢)" and nothing about why the stakes did not double."""
    from bhtui.rules import Match
    from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
    from bhtui.tui.i18n import Translator

    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=WEIHAI_DEALS["rebel"])
    for seat in (1, 0, 4, 3, 2):
        m.apply(seat, {"type": "skip"})  # nobody grabs (明渡)
    m.apply(1, {"type": "accept"})
    m.apply(2, {"type": "open_guard"})  # 明保: now the rebels may kick
    events = m.apply(3, {"type": "kick"}) + m.apply(4, {"type": "skip"}) + m.apply(
        0, {"type": "skip"})
    assert "kicked" not in [e["type"] for e in events]  # alone: it did not count
    names, t = ["Ana", "Bo", "Cy", "Di", "Ed"], Translator("en")
    view = m.view(0)
    lines = [BAOHUANG_PARTS.describe(e, names, t, view, str) for e in events]
    assert lines[0] == "Di kicks (踢): it counts once a second rebel kicks too"
    emperor = BAOHUANG_PARTS.describe({"type": "kick", "seat": 1}, names, t, view, str)
    assert emperor == "Bo kicks (踢)"  # a royal's kick counts alone


@pytest.mark.parametrize(("kicks", "language", "void"), [
    ((3,), "en", "No second rebel kicked: Di's 踢 does not count"),
    ((3,), "zh", "没有第二个革命党跟踢：Di 的踢不算数"),
    ((3, 4), "en", None)])
def test_R_WH_DECL_3_a_lone_rebel_kick_is_closed_in_the_log(kicks, language, void):
    """One rebel kicking alone: the step ended with no word of it (no ``kicked``), and the
    stakes simply stayed. Under the step's last answer the log says it did not count; two
    rebels' kicks count, and say so as before."""
    from types import SimpleNamespace

    from bhtui.rules import Match
    from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
    from bhtui.tui.i18n import Translator
    from bhtui.tui.tablemodel import TableModel

    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=WEIHAI_DEALS["rebel"])
    events = list(m.initial_events())
    for seat in (1, 0, 4, 3, 2):
        events += m.apply(seat, {"type": "skip"})  # nobody grabs (明渡)
    events += m.apply(1, {"type": "accept"})
    events += m.apply(2, {"type": "open_guard"})  # 明保: now the rebels may kick
    for seat in (3, 4, 0):
        events += m.apply(seat, {"type": "kick" if seat in kicks else "skip"})
    numbered = list(enumerate(events, 1))
    table = [{"name": n, "kind": "bot", "auto": False, "connected": True}
             for n in ("Ana", "Bo", "Cy", "Di", "Ed")]
    state = SimpleNamespace(seat=0, view=m.view(0), table=table, away=[], returned=None,
                            events=numbered, asked=None, recall={}, deadline=None)
    model = TableModel(state, BAOHUANG_PARTS, Translator(language), "round_end")
    lines = [line for seq, event in numbered for line in model.event(seq, event, seq > 1)]
    log = "\n".join(lines)
    if void is None:
        assert ("scores ×2 again" in log) and "does not count" not in log
    else:
        said = log.split("\n")
        assert said.count(void) == 1
        assert said[said.index(void) - 1] == {"en": "You do not kick", "zh": "你不踢"}[language]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_help_at_a_weihai_table_tells_weihai_s_rules_not_qingdao_s(language):
    """F1 at a Weihai table told qingdao's rules (the emperor calls a guard, the losers pay
    tribute) where nobody calls and 6 is the lowest rank; it now tells the town's, as the
    demo does, with the engine's examples."""
    from bhtui.tui.dialogs import HelpScreen

    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None,
                       "the table")
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        shown = app.screen.query_one("Prose").text
        keys = app.t("help.body")  # (the keys, but x: Weihai has no GC)
        assert keys.splitlines()[-1] in shown and app.t("help.rules") not in shown
        assert ("WEIHAI RULES" if language == "en" else "威海玩法") in shown
        assert ("165 cards" if language == "en" else "165张") in shown


async def test_a_weifang_round_by_keyboard_at_80x24_reaches_its_result(first_deal):
    """R-WF-BUY3-1 and R-WF-STUCK-1 told in the log, the round played to its result with the
    hint keeping my 3 for last (R-WF-BIE3-1)."""
    first_deal(WEIFANG_DEAL)
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weifang"], seed=4, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_round(app, pilot)
        assert isinstance(app.screen, ResultScreen)
        record = app.host.match.records[0]
        log = log_of(app)
        assert record.bought and "买3" in log
        assert record.result.stuck and "闷" in log


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


@pytest.mark.parametrize("language, head", [("en", "Round 1"), ("zh", "第1局")])
def test_N2_the_table_keeps_the_stakes_in_sight_once_明保_doubles_them(language, head):
    """The ×2 of a 明保 (and each 踢, 造反, bomb) was said once in the log and then only in
    the result: the table's round line now keeps it, and says nothing while it is ×1."""
    from bhtui.rules import Match
    from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
    from bhtui.tui.cardstyle import CardStyle
    from bhtui.tui.i18n import Translator

    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=WEIHAI_DEALS["rebel"])
    for seat in (1, 0, 4, 3, 2):
        m.apply(seat, {"type": "skip"})  # nobody grabs (明渡)
    m.apply(1, {"type": "accept"})
    names, t, style = ["Ana", "Bo", "Cy", "Di", "Ed"], Translator(language), CardStyle(
        language=language)

    def round_line() -> str:
        return str(BAOHUANG_PARTS.boxes(m.view(0), names, t, style)["center"]).split("\n")[0]

    assert round_line() == head
    m.apply(2, {"type": "open_guard"})  # 明保
    assert round_line() == f"{head} · ×2"
