"""Baohuang's words as a Chinese (or English) reader at each preset's table needs them: the
help's rules per preset, the questions asked before a weighty key counts, the throne's and the
steps' dialogs, and the log's lines — each said in the words of the rules it follows."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from bhtui.games import rules_named
from bhtui.rules import PRESETS, Match, offers
from bhtui.rules.scoring import score_round
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.describe import describe
from bhtui.tui.baohuang.dialogs import (
    CallDialog,
    GrabDialog,
    RoundResultScreen,
    StepDialog,
    ThroneDialog,
    question,
)
from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
from bhtui.tui.baohuang.texts import JOKER_KEYS, JOKER_KEYS_GC
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.dialogs import ConfirmKey
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession
from bhtui.tui.widgets import Plain

from helpers import deal_of, rigged
from tui_helpers import DialogHost, footer_text, strips, wait_for


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("preset", ["baike", "lianzhong-classic", "lianzhong-simple"])
def test_R_SCORE_B1_B4_L1_L2_the_help_tells_baike_and_lianzhong_their_own_rules(preset,
                                                                                 language):
    """F1 at a baike or lianzhong table told qingdao's rules (a called group, tribute,
    4/2/0/-2/-4). Each tells its own now: the emperor (登基/让位, 叫庄/让庄), the guard, and
    the scores of R-SCORE-B1..B4 or R-SCORE-L1/L2, its examples as the engine scores them."""
    t, style = Translator(language), CardStyle(language=language)
    rules = PRESETS[preset]
    keys, told = BAOHUANG_PARTS.help_texts(t, preset, style)
    assert keys == t("help.body").replace(t.plain(JOKER_KEYS_GC[language]),
                                          t.plain(JOKER_KEYS[language]))  # (no GC: x unused)
    assert told != t("help.rules") and t.join(["4", "2", "0", "-2", "-4"]) not in told
    if preset == "baike":
        side, _ = score_round(rules, 0, 1, False, [1, 4, 2, 3, 5])  # the text's example
        numbers = [t.join(str(p) for p in rules.scoring.points), f"{side[0]:+d}",
                   f"{side[1]:+d}", f"{side[2]:+d}", f"{rules.scoring.grab[0][0]:+d}",
                   f"{rules.scoring.grab[0][1]:+d}", "16"]
        words = ["叫庄", "让庄", "抢庄", "让牌", "明保"]
    else:
        side, _ = score_round(rules, 0, 1, False, [1, 3, 2, 4, 5])
        (open_won, open_other), (hidden_won, hidden_other) = (rules.scoring.open_solo[0],
                                                              rules.scoring.hidden_solo[0])
        numbers = [f"{side[0]:+d}", f"{side[1]:+d}", f"{side[2]:+d}", f"{open_won:+d}",
                   f"{open_other:+d}", f"{hidden_won:+d}", f"{hidden_other:+d}", "168"]
        words = ["让位", "明保"] + (["登基"] if language == "zh" else [])
        if preset == "lianzhong-simple":
            words += ["造反", style.glyph("SJ", marked=True)]
    assert [n for n in numbers + words if n not in told] == []


NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
# Weihai: Bo (seat 1) holds the emperor card, Cy (seat 2) the marked SJ; Ana (seat 0) and Di
# (seat 3) are rebels.
WEIHAI_REBEL_DEAL = deal_of("2H 2S 8D 9D", "BJ 7H 7S 8H", "SJ 9H 9S", "10H 10S JD", "JH JS QD",
                            first=1, guard_card=2)


def weihai_at_the_rebel_step(rebels: tuple[int, ...], step: str = "rebel") -> Match:
    """Nobody grabs, Bo keeps the throne, nobody shows the guard; at the 造反 step ``rebels``
    declare and the others say no, until Ana (seat 0) is asked at ``step``."""
    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=WEIHAI_REBEL_DEAL)
    for seat in (1, 0, 4, 3, 2):
        m.apply(seat, {"type": "skip"})
    m.apply(1, {"type": "accept"})
    while not (m.round.to_act == 0 and m.view(0).get("step") == step):
        seat = m.round.to_act
        m.apply(seat, {"type": "rebel" if seat in rebels and m.view(seat).get("step") == "rebel"
                       else "skip"})
    return m


@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_WH_DECL_2_造反_asked_again_says_whether_this_press_shows_the_guard(language):
    """The second press of 造反 asked "with a second rebel the guard is shown?" even of the
    second rebel, whose press shows the guard at once: it says which one this is, who
    declared before, and that the ×2 counts whether the rebels win or lose; once the guard
    is known it only marks the declarer (R-TRICK-7)."""
    t = Translator(language)
    first = question(t, "rebel", weihai_at_the_rebel_step(()).view(0), NAMES)
    second = question(t, "rebel", weihai_at_the_rebel_step((3,)).view(0), NAMES)
    assert first == t("confirm.rebel") and "Di" not in first
    assert second == t("confirm.rebel.second", names="Di")
    assert ("second" if language == "en" else "第二个") in second
    lose = "win or lose" if language == "en" else "输赢"
    assert lose in first and lose in second
    m = rigged("2H 7H 9H", "BJ 2C 2C AS", "SJ 7D 8D", "10D JD", "QD QH", first=1, guard_card=2,
               preset="lianzhong-simple", rebellion=True)
    m.apply(1, {"type": "accept"})
    view = dict(m.view(0), open_guard=True)  # the guard shown (明保): a mark, nothing more
    assert question(t, "rebel", view, NAMES) == t("confirm.rebel.mark")


async def test_R_WH_DECL_2_the_造反_step_names_who_declared_and_asks_as_the_second():
    """At Weihai's 造反 step the dialog names who has declared already (Di), and r asks the
    second rebel's question: this press shows the guard."""
    m = weihai_at_the_rebel_step((3,))
    t = Translator("zh")
    view = m.view(0)
    dialog = StepDialog(t, view, [a["type"] for a in view["actions"]], NAMES)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        assert t("step.rebel.declared", names="Di") in shown(dialog)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey))
        assert "第二个（已造反：Di）" in shown(host.screen)


def shown(screen) -> str:
    return " ".join(str(w.render()) for w in screen.query(Plain))


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_WH_THRONE_4_an_abdication_received_says_who_gave_it_and_what_it_means(
        language):
    """"有人让位给你" said neither who abdicated nor what taking it means. Under
    ``abdicate_chain`` the dialog names him (Di), says that accepting makes me emperor with
    him as my open guard, ×2 (R-WH-THRONE-3, -5), and where refusing sends it (Bo)."""
    deal = deal_of("9H 9S", "10H 10S QD", "JH JS", "BJ SJ 7H 8D 9D", "QH QS", first=3,
                   guard_card=3)
    m = Match(PRESETS["weihai"].with_options(abdicate_chain=True), seed=3, rounds=1,
              first_deal=deal)
    while m.round.phase == "grab":
        m.apply(m.round.to_act, {"type": "skip"})
    m.apply(3, {"type": "abdicate"})  # Di holds both marked cards: to Ana, the seat after next
    t, view = Translator(language), m.view(0)
    dialog = ThroneDialog(t, view, ["accept", "decline"], NAMES)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        words = shown(dialog)
    assert t("throne.abdicated_title", name="Di") in words
    assert t("throne.abdicated_help", name="Di") in words and "×2" in words
    assert t("throne.passes_on", name="Bo") in words


def test_R_EMP_Q3_the_throne_names_the_emperor_card_and_what_came_with_it():
    """"皇牌包（随皇位传）" was a made-up term: the dialog names the emperor card, then the
    cards added to it on the way, which go to whoever takes it."""
    from bhtui.tui.baohuang.dialogs import bundle_words

    t, label = Translator("zh"), CardStyle(language="zh").name
    assert bundle_words(t, ["BJ"], label) == "皇牌：大王"
    assert bundle_words(t, ["BJ", "2H", "2S"], label) == "皇牌：大王；随皇牌附带：红桃2 黑桃2"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_WF_BUY3_1_the_log_says_the_2_paid_for_a_3(language):
    """Weifang's 买3 log said "Ana → Bo 3S", leaving out the 2 Bo paid (the event has it):
    it says who bought which 3 from whom and what he paid, or that he had no 2."""
    deal = deal_of("3S 3H BJ 7H 7H 7H 9S", "10C 2S", "3C JD", "3D 4D", "3S 7H QD", first=0)
    m = Match(PRESETS["weifang"], seed=3, rounds=1, first_deal=deal)
    bought = next(e for e in m.initial_events() if e["type"] == "buy3")
    t, label = Translator(language), CardStyle(language=language).name
    line = BAOHUANG_PARTS.describe(bought, NAMES, t, m.view(0), label)
    assert line == {"en": "买3: Bo buys 3♠ from Ana for 2♠",
                    "zh": "买3：Bo 向 Ana 买黑桃3，付黑桃2"}[language]
    free = dict(bought, items=[dict(bought["items"][0], paid=None)])
    assert BAOHUANG_PARTS.describe(free, NAMES, t, m.view(0), label) == {
        "en": "买3: Bo takes 3♠ from Ana free (no 2 to pay with)",
        "zh": "买3：Bo 向 Ana 白拿黑桃3（没有 2 可付）"}[language]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_WF_LEAD_1_the_log_says_why_a_weifang_first_lead_is_not_the_emperor_s(language):
    """"Chen 先出" at a Weifang table said not why Chen, no emperor, leads: the first drawer
    leads round 1, the previous emperor later (R-WF-LEAD-1). A trick's lead, and the emperor's
    first lead elsewhere or under ``emperor_leads``, need no reason."""
    t = Translator(language)
    deal = deal_of("3S 3H BJ 7H 7H 7H 9S", "10C 2S", "3C JD", "3D 4D", "3S 7H QD", first=0)
    weifang = Match(PRESETS["weifang"], seed=3, rounds=1, first_deal=deal).view(0)
    lead = {"type": "lead", "seat": 4, "jiefeng": False}

    def line(view) -> str | None:
        return BAOHUANG_PARTS.describe(lead, NAMES, t, view, str)

    assert line(weifang) == t("log.lead.first_drawer", name="Ed")
    assert line(dict(weifang, round=2)) == t("log.lead.last_emperor", name="Ed")
    assert line(dict(weifang, options={"emperor_leads": True})) == t("log.lead", name="Ed")
    assert line(rigged("BJ 7H 7H 7H", "", "", "", "").view(0)) == t("log.lead", name="Ed")
    trick = dict(lead, **{"from": 2})
    assert BAOHUANG_PARTS.describe(trick, NAMES, t, weifang, str) == t("log.lead", name="Ed")


def test_R_WF_LEAD_1_a_replay_s_log_gives_the_reason_of_its_own_round():
    """A replay's log knows the preset and what the events settled, not the view: the round
    comes from the deal, so round 1's first lead is the first drawer's there too, and round
    2's the previous emperor's."""
    t, roles = Translator("en"), {"preset": "weifang"}
    lead = {"type": "lead", "seat": 3, "jiefeng": False}
    said = []
    for event in ({"type": "deal", "round": 1, "redeal": 0, "first_candidate": 0}, lead,
                  {"type": "emperor", "seat": 3, "bundle": ["BJ"], "grab": False},
                  {"type": "deal", "round": 2, "redeal": 0, "first_candidate": 0}, lead):
        roles.update(BAOHUANG_PARTS.roles(event))
        said.append(BAOHUANG_PARTS.describe(event, NAMES, t, roles, str))
    assert [said[1], said[4]] == [t("log.lead.first_drawer", name="Di"),
                                  t("log.lead.last_emperor", name="Di")]


@pytest.mark.parametrize("preset, said", [("qingdao", "放弃"), ("lianzhong-simple", "让位"),
                                          ("weifang", "让位"), ("baike", "让庄")])
def test_R_EMP_L2_the_throne_is_passed_on_in_each_source_s_word(preset, said):
    """The throne dialog said 接受/让庄 at lianzhong and Weifang tables, whose sources say 登基
    and 让位 (seeds 000/002), and the log 放弃 everywhere; 让庄 is baike's (seed 003), 放弃
    qingdao's (seed 001). The buttons, the footer and the log say each rule set's word."""
    t = Translator("zh")
    view = rigged("BJ 7H 7H 7H", "", "", "", "", preset=preset).view(0)
    decline = {"type": "decline", "seat": 1, "auto": False, "added": None, "to": None}
    assert BAOHUANG_PARTS.describe(decline, NAMES, t, view, str) == f"Bo {said}"
    if preset == "baike":  # calling takes the throne: the call dialog's own button
        assert t("call.yield") == "让庄 (n)" and t("key.call.decline") == "让庄"
    else:
        words = t(offers.words(view, "accept")), t(offers.words(view, "decline"))
        assert words == ("登基 (y)", f"{said} (n)")


async def test_R_WH_ROLE_2_an_open_solo_says_明独_in_the_result_and_over_the_table():
    """A solo's result said "皇帝 (独)" for either solo, in ASCII brackets: it says 明独 or 暗独
    (full-width in Chinese), and after a 明独 the table's header says so, as it keeps ×2."""
    t, style = Translator("zh"), CardStyle(language="zh")
    deal = deal_of("BJ SJ 7H 8D 9D", "9H 9S", "10H 10S QD", "JH JS", "QH QS", first=0,
                   guard_card=0)
    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=deal)
    while m.round.phase == "grab":
        m.apply(m.round.to_act, {"type": "skip"})
    m.apply(0, {"type": "solo"})  # both marked cards shown: 明独 (R-WH-ROLE-2)
    header = BAOHUANG_PARTS.boxes(m.view(0), NAMES, t, style)["center"].plain.splitlines()[0]
    assert header == "第1局 · 明独"
    for open_solo, role in ((True, "皇帝（明独）"), (False, "皇帝（暗独）")):
        end = {"type": "round_end", "round": 1, "places": [1, 2, 3, 4, 5],
               "scores": [24, -6, -6, -6, -6], "emperor": 0, "guard": 0, "solo": True,
               "open_solo": open_solo, "open_guard": False, "grab": False, "rebels": [],
               "called": None, "winner": "emperor", "multiplier": 1, "kicks": 0, "bombs": 0,
               "stuck": [], "hands": [[], [], [], [], []]}
        result = RoundResultScreen(t, end, NAMES, end["scores"], [], True, has_tribute=False)
        host = DialogHost(result)
        async with host.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: result.is_mounted and result.query(Plain))
            lines = [strip.text for plain in result.query(Plain) for strip in strips(plain)]
        assert any(role in line for line in lines), lines


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("step, word", [("open_guard", {"en": "No 明保", "zh": "不明保"}),
                                        ("rebel", {"en": "No 造反", "zh": "不造反"})])
async def test_R_WH_DECL_1_the_step_s_n_says_what_saying_no_is(step, word, language):
    """The footer under Weihai's steps read "n 不" in Chinese, half a word: its n says what
    the button says, 不明保 or 不造反, and n still answers no."""
    view = weihai_at_the_rebel_step((), step).view(0)
    dialog = StepDialog(Translator(language), view, [a["type"] for a in view["actions"]], NAMES)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and footer_text(dialog))
        assert f"n {word[language]}" in footer_text(dialog)
        await pilot.press("n")
        await wait_for(pilot, lambda: host.answer != "none")
    assert host.answer == {"type": "skip"}


@pytest.mark.parametrize("step", ["open_guard", "rebel", "kick", "rekick"])
def test_R_WH_DECL_1_saying_no_is_one_wording_on_the_button_the_footer_and_the_log(step):
    """The 造反 step's button said "不反 (n)" while the log wrote "Chen 不造反", and 反踢's
    button "不踢 (n)" beside the log's "不反踢": each step's no is one wording (the English
    buttons said only "No (n)", the footer "No 造反")."""
    zh, en = Translator("zh"), Translator("en")
    word = zh(f"key.step.{step}.skip")
    assert zh(f"step.{step}.skip") == f"{word} (n)"
    assert zh(f"log.skip.{step}", name="Chen") == f"Chen {word}"
    assert en(f"step.{step}.skip") == en(f"key.step.{step}.skip") + " (n)"


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("step", ["open_guard", "rebel"])
async def test_R_WH_DECL_1_no_line_of_a_step_s_dialog_is_a_lone_word(step, size, language):
    """At 120x40 the Chinese 明保 and 造反 dialogs ended "…只看你自己的" over a line "牌。"
    of its own: every line holds more than a character or two."""
    view = weihai_at_the_rebel_step((), step).view(0)
    dialog = StepDialog(Translator(language), view, [a["type"] for a in view["actions"]], NAMES)
    host = DialogHost(dialog)
    async with host.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.query(Plain))
        lines = [strip.text.strip() for plain in dialog.query(Plain) for strip in strips(plain)]
    assert [line for line in lines if 0 < len(line) <= 2] == [], lines


GRAB_WORDS = {  # the buttons, then the footer's keys
    "weihai": {"en": (["明渡 (g)", "No 明渡 (s)"], "t 托管 g 明渡 s No 明渡"),
               "zh": (["明渡 (g)", "不明渡 (s)"], "t 托管 g 明渡 s 不明渡")},
    "qingdao": {"en": (["Grab (g)", "Skip (s)"], "t 托管 g Grab s Skip"),
                "zh": (["抢 (g)", "不抢 (s)"], "t 托管 g 抢 s 不抢")}}


@pytest.mark.parametrize("preset, title", [("weihai", {"en": "Grab an open solo (明渡)?",
                                                       "zh": "明渡吗？"}),
                                           ("qingdao", {"en": "Grab an open solo?",
                                                        "zh": "抢独吗？"})])
@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_WH_GRAB_1_the_grab_dialog_names_the_step_as_its_body_does(preset, title,
                                                                         language):
    """Weihai's grab dialog asked "抢独吗？" over "明渡：…": its title says 明渡, the
    sources' word for that step (docs/baohuang-towns.md §1.3), as its body and the question
    its g asks do; Qingdao's 抢独 option keeps its own. Its buttons and keys said 抢 / 不抢
    under 明渡吗？: they say 明渡 too, as Weihai's other steps' keys say theirs (No 明保)."""
    m = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=WEIHAI_REBEL_DEAL) \
        if preset == "weihai" else rigged("7H", "7H 7H 7H", "8C", "5D", "KC", first=1,
                                          grab_solo=True)
    m.apply(1, {"type": "skip"})  # asked from the first candidate, Bo, to his 上家, Ana
    view = m.view(0)
    assert view["phase"] == "grab" and m.round.to_act == 0
    dialog = GrabDialog(Translator(language), view)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.query(Plain)
                       and footer_text(dialog))
        shown_title = str(dialog.query_one(".title", Plain).render())
        words = shown(dialog)
        buttons = [str(button.label) for button in dialog.query(Button)]
        keys = footer_text(dialog)
    assert shown_title == title[language]
    assert (buttons, keys) == GRAB_WORDS[preset][language]
    if preset == "weihai":
        assert "明渡" in words and "抢独" not in words, words


def test_R_WF_TRIB_5_and_R_WH_DECL_3_明保_asked_again_says_what_else_it_doubles():
    """Weifang's 明保 question said only "分数翻倍", but the tribute doubles too (R-WF-TRIB-5);
    Weihai's did not say that two rebels may then kick for ×2 more (R-WH-DECL-3)."""
    t = Translator("zh")
    weifang = rigged("BJ 7H 7H 7H", "", "", "", "", preset="weifang").view(0)
    weihai = weihai_at_the_rebel_step((), "open_guard").view(0)
    lianzhong = rigged("BJ 7H 7H 7H", "", "", "", "", preset="lianzhong-classic").view(0)
    assert "进贡都翻倍" in question(t, "open_guard", weifang)
    assert "踢" in question(t, "open_guard", weihai)
    assert question(t, "open_guard", lianzhong) == t("confirm.open_guard")


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_WF_RANK_1_weifang_s_call_says_the_fourth_card_becomes_the_gc(language):
    """Weifang's call dialog said only who the guard is; the called card's fourth copy also
    becomes the GC, above the big joker — a card the hand then shows on its own."""
    m = rigged("BJ 7H 7H 7H", "7H", "", "", "", preset="weifang")
    m.apply(0, {"type": "accept"})
    t = Translator(language)
    dialog = CallDialog(t, m.view(0), str)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.query(Plain))
        words = shown(dialog)
    assert t("call.help_promoted") in words and "GC" in words


@pytest.mark.parametrize("language, said", [("en", "Bo (emperor) plays 9 9"),
                                            ("zh", "Bo（皇帝）出 9 9")])
def test_R_HIDE_1_the_emperor_s_play_is_tagged_in_the_language_s_brackets(language, said):
    """The log wrote "Wang (皇帝) 出 4 4 4 4": a Chinese word in ASCII brackets, where Dou
    Dizhu's log writes （地主）."""
    play = {"type": "play", "seat": 1, "cards": ["9H", "9S"]}
    assert describe(play, NAMES, Translator(language), emperor=1) == said


@pytest.mark.parametrize("language, said", [
    ("en", "Round 2 dealt; Bo holds the emperor card"), ("zh", "第2局发牌；皇牌在 Bo 手里")])
def test_R_WH_THRONE_6_a_weihai_deal_names_the_emperor_card_s_holder_not_a_question(
        language, said):
    """Weihai's log said "第2局发牌；先问 玩家 是否当皇帝", where nobody is asked (the
    dialog then said "皇牌在你手里：你是皇帝"): it names who holds the emperor card. Its
    `abdicate_mode=tv` does ask the holder, and so do the other rule sets; a replay reads
    the table's options too."""
    from bhtui.store.replay import Replay
    from bhtui.tui.replay import Told

    t = Translator(language)
    deal = {"type": "deal", "round": 2, "redeal": 0, "first_candidate": 1}
    asked = t("log.deal", round=2, redeal="", name="Bo")
    weihai = {"preset": "weihai", "options": {}}
    assert BAOHUANG_PARTS.describe(deal, NAMES, t, weihai, str) == said
    for view in ({"preset": "weihai", "options": {"abdicate_mode": "tv"}},
                 {"preset": "qingdao", "options": {}}):
        assert BAOHUANG_PARTS.describe(deal, NAMES, t, view, str) == asked
    replay = Replay("weihai", {"abdicate_mode": "tv"}, 3, 1, [], NAMES)
    told = Told(replay, BAOHUANG_PARTS.roles)
    dealt = next(e for e in told.feed(0) if e["type"] == "deal")
    assert BAOHUANG_PARTS.describe(dealt, NAMES, t, told.roles, str) == t(
        "log.deal", round=1, redeal="", name=NAMES[dealt["first_candidate"]])


def test_a_chinese_role_tag_is_not_spaced_off_the_verb_after_its_bracket():
    """"Liu（皇帝） 出 7 7": the space that keeps a bare name off its verb stood after the
    full-width bracket, which carries its own room; Dou Dizhu's landlord likewise."""
    from bhtui.tui.doudizhu.describe import describe as ddz_describe

    t = Translator("zh")
    play = {"type": "play", "seat": 1, "cards": ["7H", "7S"]}
    assert describe(play, NAMES, t, emperor=1) == "Bo（皇帝）出 7 7"
    assert describe(play, NAMES, t, emperor=2) == "Bo 出 7 7"
    straight = {"type": "play", "seat": 0, "kind": "straight", "hand": "3 4 5 6 7"}
    assert ddz_describe(straight, ["李", "B", "C"], t, {"landlord": 0}, str) == \
        "李（地主）出顺子 3 4 5 6 7"
    assert describe(play, NAMES, Translator("en"), emperor=1) == "Bo (emperor) plays 7 7"


async def test_R_WF_RANK_1_chinese_calls_weifangs_gc_特画_and_keeps_侍卫牌_for_the_marked_sj():
    """The help's `x 选小王 / 大王 / 侍卫牌 GC（潍坊…）` called Weifang's GC 侍卫牌, the word
    lianzhong's and Weihai's marked SJ go by. The GC has a Weifang source's own word, 特画
    (docs/baohuang-towns.md, F7: the called card's fourth copy, above the BJ), in the help,
    the call and the options; 侍卫牌 stays the marked SJ's."""
    from textual.widgets import Static

    from bhtui.tui.dialogs import HelpScreen


    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0),
                   LocalSession(rules=rules_named("weifang")[1], seed=3, rounds=1))
    async with app.run_test(size=(100, 30)) as pilot:  # (x picks the GC in Weifang alone)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
    keys = next(line for line in shown.splitlines() if "s / b / x" in line)
    assert "特画" in keys and "侍卫牌" not in keys, keys
    t = Translator("zh")
    for key in ("call.help_promoted", "option.two_kill", "option.two_kill_gc"):
        assert "特画" in t(key) and "侍卫牌" not in t(key), (key, t(key))
    assert "侍卫牌" in t("log.role.guard_card") and "特画" not in t("log.role.guard_card")
