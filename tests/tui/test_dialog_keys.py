"""Keys in the dialogs: a key none of them takes says so, as it does at the table; a choice
that raises the stakes is never sent by one keypress or click, whatever has the focus."""

from __future__ import annotations

import pytest
from textual.widgets import Button, OptionList
from textual.widgets._footer import FooterKey

from bhtui.rules import PRESETS, Match
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import (
    WEIGHTY,
    CallDialog,
    GrabDialog,
    StepDialog,
    ThroneDialog,
)
from bhtui.tui.dialogs import ConfirmKey, DecisionDialog, HelpScreen, ProblemsScreen, QuitScreen
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog, ReportDialog
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession
from bhtui.tui.widgets import Plain
from bhtui.wire import BaohuangView

import doudizhu_helpers
from helpers import rigged
from tui_helpers import DialogHost, wait_for


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("box, key, press, words", [
    pytest.param(lambda t: HelpScreen(t, ["Keys: …"]), "z", "z", "help.no_key", id="help"),
    pytest.param(lambda t: ProblemsScreen(t, ["bad"]), "z", "z", "status.no_key",
                 id="problems"),
    pytest.param(lambda t: QuitScreen(t, lambda: None), "z", "z", "status.no_key", id="quit"),
])
async def test_a_key_no_dialog_takes_says_it_does_nothing(box, key, press, words, language):
    """At the table z says "z does nothing here: ? lists the keys"; in help or the quit
    prompt z did nothing without a word, as if the app had hung. They say it in the table's
    words now, and the box stays — but help, which lists the keys itself (and which ?
    closes), says they are on its page. (Esc gives up the join code's prompt:
    test_text_fields.py.)"""
    t = Translator(language)
    dialog = box(t)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        await pilot.press(key)
        said = t(words, press=press)
        await wait_for(pilot, lambda: any(n.message == said for n in host._notifications),
                       f"what {press} says")
        assert host.screen is dialog and host.answer == "none"


def weihai(case: str) -> Match:
    """Weihai's first deal: "rebel", Bo (seat 1) holds the emperor card and Cai (seat 2) the
    marked SJ; "both", Ana (seat 0) holds both marked cards."""
    hands = {"rebel": ("2H 2S 8D 9D", "BJ 7H 7S 8H", "SJ 9H 9S", "10H 10S JD", "JH JS QD"),
             "both": ("BJ SJ 7H 8D 9D", "9H 9S", "10H 10S QD", "JH JS", "QH QS")}[case]
    return rigged(*hands, first=1 if case == "rebel" else 0,
                  guard_card=2 if case == "rebel" else 0, preset="weihai")


def asked(m: Match, kind: str) -> BaohuangView:
    """The view of the first seat offered ``kind``, every seat before it answering as the
    engine lets it: no grab, the throne kept, no 明保, 造反 where offered (two rebels let the
    emperor's side kick)."""
    for _ in range(40):
        seat = m.round.to_act
        view = m.view(seat)
        kinds = [a["type"] for a in view.get("actions", [])]
        if kind in kinds:
            return view
        said = next(k for k in ("rebel", "skip", "accept") if k in kinds)
        m.apply(seat, {"type": said})
    raise AssertionError(f"nobody was offered {kind}")


def weighty_dialog(case: str) -> DecisionDialog:
    t = Translator("en")
    if case == "grab":
        return GrabDialog(t, asked(weihai("rebel"), "grab"))
    if case in ("abdicate", "solo"):
        view = asked(weihai("both"), case)
        return ThroneDialog(t, view, [a["type"] for a in view["actions"]])
    if case == "baike_grab":
        return CallDialog(t, rigged("BJ 7H 7H 7H", "", "", "", "", preset="baike").view(0), str,
                          ("decline", "grab"))
    view = asked(weihai("rebel"), case)
    return StepDialog(t, view, [a["type"] for a in view["actions"]])


async def click(pilot, widget) -> None:
    """Click ``widget`` once the screen draws it where the click goes (a box shown again
    is laid out a moment later)."""
    def drawn() -> bool:
        region = widget.region
        return bool(region) and widget.screen.get_widget_at(*region.offset)[0] is widget
    await wait_for(pilot, drawn, f"{widget} in sight")
    await pilot.click(widget)


@pytest.mark.parametrize("how", ["enter", "click"])
@pytest.mark.parametrize("case, kind", [
    pytest.param("grab", "grab", id="R-WH-GRAB-1-grab"),
    pytest.param("abdicate", "abdicate", id="R-WH-THRONE-5-abdicate"),
    pytest.param("solo", "solo", id="R-WH-ROLE-2-solo"),
    pytest.param("open_guard", "open_guard", id="R-WH-DECL-1-open_guard"),
    pytest.param("rebel", "rebel", id="R-WH-DECL-2-rebel"),
    pytest.param("kick", "kick", id="R-WH-DECL-3-kick"),
    pytest.param("baike_grab", "grab", id="R-EMP-B5-grab"),
])
async def test_R_WH_DECL_2_a_weighty_button_asks_for_its_key_again(case, kind, how):
    """A WEIGHTY declaration's key asked to be pressed again, but Enter on its button (the
    grab round's first focus) or a click sent it at once: one Enter grabbed the throne, one
    against four. Both ask the key's question now, and any other key sends nothing; the
    question's footer key, clicked, says yes, so the mouse alone still can."""
    dialog = weighty_dialog(case)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        button = dialog.query_one(f"#{kind}", Button)
        if how == "enter":
            button.focus()
            await pilot.press("enter")
        else:
            await click(pilot, button)
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        question = host.screen
        assert question.key == WEIGHTY[kind] and host.answer == "none"
        await pilot.press("x")  # a slip: no, and back to the choice
        await wait_for(pilot, lambda: host.screen is dialog, "the dialog again")
        assert host.answer == "none"
        # (a button pressed again while it still shows the first press takes none)
        await wait_for(pilot, lambda: not button.has_class("-active"), "the button at rest")
        if how == "enter":
            await wait_for(pilot, lambda: dialog.focused is button, "the focus back on it")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
            await pilot.press(WEIGHTY[kind])
        else:
            await click(pilot, button)
            await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
            question = host.screen
            await wait_for(pilot, lambda: [k for k in question.query(FooterKey)
                                           if k.key == WEIGHTY[kind]], "its footer's yes")
            await click(pilot, next(k for k in question.query(FooterKey) if k.key == WEIGHTY[kind]))
        await wait_for(pilot, lambda: host.answer != "none", "the answer")
    assert host.answer == {"type": kind}


async def test_R_WH_THRONE_5_a_question_said_no_to_leaves_the_focus_where_it_was():
    """The asked dialog's box steps aside under the question, and lost the focus: said no,
    the focus came back on its first button, so after Abdicate was asked and refused, Enter
    kept the throne. It comes back where it was."""
    dialog = weighty_dialog("abdicate")
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        button = dialog.query_one("#abdicate", Button)
        button.focus()
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        await pilot.press("x")
        await wait_for(pilot, lambda: host.screen is dialog and dialog.focused is not None,
                       "the dialog again, focused")
        assert dialog.focused is button and host.answer == "none"


def safe_dialog(case: str) -> DecisionDialog:
    t = Translator("en")
    if case == "bid":
        m = doudizhu_helpers.rigged("classic", first=0)
        return BidDialog(t, m.view(0), ["Ana", "Bo", "Cai"])
    if case == "open":
        m = doudizhu_helpers.rigged("shanghai", first=0)
        doudizhu_helpers.bid(m, 0, 3)  # 头撂: 摊打 is asked
        return OpenDialog(t, m.view(0)["actions"])
    return weighty_dialog(case)


@pytest.mark.parametrize("case, safe", [
    pytest.param("grab", {"type": "skip"}, id="R-WH-GRAB-1-no-grab"),
    pytest.param("open_guard", {"type": "skip"}, id="R-WH-DECL-1-no-明保"),
    pytest.param("rebel", {"type": "skip"}, id="R-WH-DECL-2-no-造反"),
    pytest.param("kick", {"type": "skip"}, id="R-WH-DECL-3-no-踢"),
    pytest.param("bid", {"type": "pass"}, id="C-BID-2-no-bid"),
    pytest.param("open", {"type": "skip"}, id="S-BID-5-closed"),
])
async def test_R_WH_GRAB_1_the_focus_starts_on_the_choice_that_risks_nothing(case, safe):
    """The focus started on a dialog's first button: 抢, 明保, 造反, 踢, a bid of 1 or 摊打,
    while the button drawn as the default was the other one — one Enter grabbed the throne
    or bid. It starts on the choice that risks nothing, and Enter sends that."""
    dialog = safe_dialog(case)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.focused is not None,
                       "the dialog, focused")
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.answer != "none", "the answer")
    assert host.answer == safe


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_WH_DECL_2_enter_in_weihai_seed_4_grabs_and_rebels_nothing(language):
    """The play-through: `bhtui --preset weihai --seed 4`, the grab round (明渡, ±24), one
    Enter: "Player grabs the throne: one against four!"; then s, n and the 造反 dialog, one
    Enter: "玩家 造反！". Enter says no to each now, as n (or s) does."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=4, rounds=1))
    offered: list[list[str]] = []

    def mine() -> list[str]:
        return [a["type"] for seat, a in app.host.match.actions if seat == 0]

    async with app.run_test(size=(80, 24)) as pilot:
        for dialog, step in ((GrabDialog, None), (StepDialog, "open_guard"),
                             (StepDialog, "rebel")):
            await wait_for(pilot, lambda dialog=dialog, step=step: isinstance(
                app.screen, dialog) and app.client.view.get("step") == step
                and app.screen.focused is not None, f"the {step or 'grab'} dialog")
            offered.append(app.screen.choices)
            said = len(mine())
            await pilot.press("enter")
            await wait_for(pilot, lambda said=said: len(mine()) > said, "my answer")
        assert offered == [["grab", "skip"], ["skip"], ["rebel", "skip"]]
        assert mine() == ["skip", "skip", "skip"]


def call_view(preset: str, *hands: str) -> BaohuangView:
    """The call seat 0 is asked once it takes the throne."""
    m = rigged(*hands, preset=preset)
    m.apply(0, {"type": "accept"})
    return m.view(0)


@pytest.mark.parametrize("view, line", [
    pytest.param(lambda: call_view("qingdao", "BJ 7H 7H 7H 7H 8S 8S 8S", "9S", "10S", "JS",
                                   "QS"), 1, id="qingdao-show-four"),
    pytest.param(lambda: call_view("lianzhong-classic", "BJ 8H 8H 8H 9S 10S", "KD AD",
                                   "8H JS QS", "7C 7D", "10C JC"), 1, id="lianzhong-明独保"),
])
async def test_R_GUARD_3_an_open_solo_in_the_call_list_asks_for_m_again(view, line):
    """The call's list offers 明独 — four shown (qingdao), 明独保 (lianzhong-classic): one
    against four, scores doubled — and one Enter on its line declared it, where the table's
    m for 明独 asks to be pressed again. The line asks the same; a call of three does not."""
    dialog = CallDialog(Translator("en"), view(), str)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        dialog.query_one(OptionList).highlighted = line
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        assert host.screen.key == "m" and host.answer == "none"
        assert "one against four" in " ".join(str(p.render()) for p in host.screen.query(Plain))
        await pilot.press("x")
        await wait_for(pilot, lambda: host.screen is dialog, "the call again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        await pilot.press("m")
        await wait_for(pilot, lambda: host.answer != "none", "the call")
    assert host.answer == dialog.actions[line]
    assert host.answer["type"] == "solo" or host.answer["open"]


async def test_S_BID_6_报到_then_打_asks_for_enter_again():
    """The 报到 list opens on its first line, 报到 the jokers and 打 — the deal's score
    doubled if won, the bomb bound to be played whole — and one Enter sent it. 打 asks for
    that Enter again now, saying which line (it asked for a y never pressed)."""
    m = doudizhu_helpers.rigged("shanghai", hands=("SJ SJ BJ BJ K K K K K", "K"),
                                kitty="K K 3", mark="3", first=0)
    doudizhu_helpers.auction(m, 2)
    dialog = ReportDialog(Translator("en"), m.view(0)["actions"])
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.focused is not None)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        words = " ".join(str(p.render()) for p in host.screen.query(Plain))
        assert "打 (play on)" in words and "Press Enter again" in words and host.answer == "none"
        await pilot.press("n")  # not y: nothing sent
        await wait_for(pilot, lambda: host.screen is dialog, "the list again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.answer != "none", "the 报到")
    assert host.answer == {"type": "report", "groups": ["SJ SJ BJ BJ"], "fight": True}


async def test_a_dialogs_notice_goes_when_it_closes():
    """Classic Dou Dizhu, seed 3: in the bid dialog 1 (a bid not offered) said "1 does nothing
    here: the table waits for your choice", and after 3 had closed the dialog that toast still
    sat over the log's title, about a dialog no longer there."""
    from bhtui.doudizhu import PRESETS as DDZ_PRESETS

    t = Translator("en")
    config = Config(name="Ana", language="en", bot_delay=0.0)
    app = BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["classic"], seed=3, rounds=2))
    said = t("dialog.must", press="1")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog), "the bid")
        await pilot.press("1")
        await wait_for(pilot, lambda: any(n.message == said for n in app._notifications),
                       "what 1 says")
        await pilot.press("3")
        await wait_for(pilot, lambda: not isinstance(app.screen, BidDialog), "the bid sent")
        await pilot.pause()
        assert not [n.message for n in app._notifications if n.message == said]
