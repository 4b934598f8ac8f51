"""Seed 002's 托管 (R-AUTO-2, ``strict_auto``) on the screen: the status line says which of its
consequences applies before it happens, the log and the result say what happened; and the
rules screen explains the new options (R-AUTO-2, R-AUTO-3, R-PLAY-1's ``joker_sets``)."""

from __future__ import annotations

import pytest

from bhtui.rules import PRESETS, Match
from bhtui.rules.auto import AUTO_LIMIT
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
from bhtui.tui.baohuang.selection import selection_problem
from bhtui.tui.dialogs import MatchEndScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession

from helpers import rigged
from tui_helpers import table, wait_for

STRICT = PRESETS["lianzhong-simple"].with_options(strict_auto=True)
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def status(app) -> str:
    return str(table(app).query_one("#status").render())


@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_AUTO_2_the_status_words_say_which_consequence_applies(language):
    t = Translator(language)
    m = Match(STRICT, 2)

    def words() -> str:
        return BAOHUANG_PARTS.auto_words(m.view(0), 0, NAMES, t)

    assert words() == ""
    for n in range(1, AUTO_LIMIT):
        m.apply(0, {"type": "auto", "on": True})
        assert words() == t("auto.strict.on")  # on: the round's end would end the match
        m.apply(0, {"type": "auto", "on": False})
        assert words() == t("auto.strict.count", n=n, limit=AUTO_LIMIT)
    m.apply(0, {"type": "auto", "on": True})
    m.apply(0, {"type": "auto", "on": False})
    assert words() == t("auto.strict.last", n=AUTO_LIMIT)  # the next one stays on
    m.apply(2, {"type": "auto", "on": True})
    assert t("auto.strict.others", names="Cy") in words()
    m.apply(0, {"type": "auto", "on": True})
    assert words() == t("auto.strict.stays")
    for seat in (1, 3, 4):
        m.apply(seat, {"type": "auto", "on": True})
    assert words() == t("auto.strict.all")  # not scored, and the match ends
    assert BAOHUANG_PARTS.auto_words(Match(PRESETS["lianzhong-simple"], 2).view(0), 0, NAMES,
                                     t) == ""  # R-AUTO-1's 托管 only plays for me


async def test_R_AUTO_2_t_at_a_strict_table_says_the_match_ends_with_the_round_and_it_does():
    config = Config(name="Ana", language="en", bot_delay=0.0, result_seconds=0.2)
    app = BhtuiApp(config, LocalSession(rules=STRICT, seed=3, rounds=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None,
                       "my first view")
        app.host.bot_delay = 0.05  # a pace the screen idles at while 托管 plays
        for n in range(1, AUTO_LIMIT + 1):
            await pilot.press("t")
            await wait_for(pilot, lambda: app.client.table[0]["auto"], "托管 on")
            await pilot.press("t")
            await wait_for(pilot, lambda n=n: app.client.view["strict_auto"]["times"][0] == n
                           and not app.client.table[0]["auto"], "托管 off")
        await wait_for(pilot, lambda: "a 4th stays on" in status(app), "the warning")
        await pilot.press("t")
        await wait_for(pilot, lambda: "stays on; the match ends with this round" in status(app),
                       "the fourth time's words")
        await pilot.press("t")  # refused: it stays on
        await wait_for(pilot, lambda: "it stays on until the round ends" in status(app)
                       or isinstance(app.screen, MatchEndScreen), "the refusal")
        app.host.bot_delay = 0.0
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match's end")
        assert len(app.host.match.history) == 1
        log = "\n".join(str(line) for line in table(app).query_one("#log").lines)
        assert "a seat was on 托管 at the round's end" in log and "托管 on a 4th time" in log


async def test_R_AUTO_2_R_AUTO_3_R_PLAY_1_the_rules_screen_explains_the_new_options():
    from bhtui.tui.settings import SettingsScreen

    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(seed=7, rounds=1, ask_rules=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the rules")
        t = Translator("en")

        def labels() -> list[str]:
            options = app.screen.query_one("OptionList")
            return [str(options.get_option_at_index(i).prompt)
                    for i in range(options.option_count)]

        assert "[x] " + t("option.joker_sets") in labels()
        assert "<0> " + t("option.quit_penalty") in labels()
        for _ in range(3):  # qingdao, baike, lianzhong-classic, lianzhong-simple
            await pilot.press("right")
        assert "[ ] " + t("option.strict_auto") in labels()
        assert app.screen.rules.name == "lianzhong-simple"
        await pilot.press(*["down"] * labels().index("[ ] " + t("option.strict_auto")))
        await pilot.press("space")
        assert app.screen.rules.strict_auto


def test_R_PLAY_1_the_screen_says_why_jokers_alone_are_refused_before_sending():
    m = rigged("7H 7H 7H 9S SJ", "10H SJ BJ", "8H 7H", "JH", "QH", joker_sets=False)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    t = Translator("en")
    view = m.view(0)
    assert selection_problem(["SJ"], view, t) == t("status.jokers_attached")
    assert selection_problem(["9S", "SJ"], view, t) is None
    plain = rigged("7H 7H 7H 9S SJ", "10H SJ BJ", "8H 7H", "JH", "QH")
    plain.apply(0, {"type": "accept"})
    plain.apply(0, {"type": "call", "card": "7H"})
    assert selection_problem(["SJ"], plain.view(0), t) is None
