"""Keys in the dialogs: a key none of them takes says so, as it does at the table; a choice
that raises the stakes is never sent by one keypress or click, whatever has the focus."""

from __future__ import annotations

import pytest
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from bhtui.rules import Match
from bhtui.tui.baohuang.dialogs import (
    WEIGHTY,
    CallDialog,
    GrabDialog,
    StepDialog,
    ThroneDialog,
)
from bhtui.tui.dialogs import ConfirmKey, DecisionDialog, HelpScreen, QuitScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.room import CodePrompt
from bhtui.wire import BaohuangView

from helpers import rigged
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
            await pilot.click(button)
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
            await pilot.click(button)
            await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
            question = host.screen
            await wait_for(pilot, lambda: [k for k in question.query(FooterKey)
                                           if k.key == WEIGHTY[kind]], "its footer's yes")
            await pilot.click(next(k for k in question.query(FooterKey) if k.key == WEIGHTY[kind]))
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
