"""A round of every other preset played by keyboard through Textual's Pilot, to its result:
the preset's own dialogs (叫庄/让庄, 让庄 in lianzhong) and keys (造反, 让牌) on the real host."""

from __future__ import annotations

import pytest
from textual.containers import Vertical
from textual.widgets import OptionList

from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import CallDialog, DeclareDialog, ThroneDialog
from bhtui.tui.dialogs import ResultScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from helpers import deal_of, rigged
from tui_helpers import DialogHost, footer_text, play_the_hint, until_hang, wait_for


def kinds(view) -> list[str]:
    return [a["type"] for a in (view or {}).get("actions", [])]


# Short first deals in which each preset's own moment really comes to Ana (seat 0), so a round
# by keyboard takes a handful of moves (the bots are deterministic: the same deal, the same
# round). baike: Ana has no group and yields the card; no bot calls, so 逼庄 makes Chen
# (seat 4, three 9C) emperor; he leads and Ana, following in the first circle, may 让牌.
# lianzhong-classic: Ana holds the emperor card (BJ) and three 8H: she takes the throne and
# calls. lianzhong-simple with 造反: Bo (seat 1) holds the BJ and a strong hand and takes the
# throne; Ana is a rebel and may 造反 during the tricks.
SHORT_DEALS = {
    "baike": deal_of("3S 4S 6H", "QD KD", "9C 10D", "JD 7D", "9C 9C 9C 5D 8S", first=0),
    "lianzhong-classic": deal_of("BJ 8H 8H 8H 9S 10S", "KD AD", "8H JS QS", "7C 7D", "10C JC",
                                 first=0),
    "lianzhong-simple": deal_of("2H 2H 7H 9H", "BJ BJ BJ 2C 2C AS", "SJ 7D 8D", "10D JD",
                                "QD QH", first=1, guard_card=2),
}


@pytest.mark.parametrize("preset, options, moments", [
    ("baike", {}, {"call", "yield"}),
    ("lianzhong-classic", {"kao": True, "bie6": True, "grab_solo": True}, {"throne", "call"}),
    ("lianzhong-simple", {"rebellion": True}, {"rebel"}),
])
async def test_a_round_of_each_preset_by_keyboard_reaches_its_result(preset, options, moments,
                                                                     first_deal):
    """R-EMP-B1/R-EMP-L2 dialogs, R-TRICK-7's key and marker, R-TRICK-5's key: from a short
    first deal in which each of them really comes to me and is answered by key."""
    first_deal(SHORT_DEALS[preset])
    rules = PRESETS[preset].with_options(**options)
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0), LocalSession(rules=rules, seed=11, rounds=1))
    used: set[str] = set()
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in until_hang("the result screen"):
            await pilot.pause()
            screen, view = app.screen, app.client.view if app.client else None
            if isinstance(screen, ResultScreen):
                break
            if isinstance(screen, ThroneDialog):
                used.add("throne")
                await pilot.press("y" if "accept" in screen.choices else "n")
            elif isinstance(screen, CallDialog):
                used.add("call")
                await pilot.press("enter" if screen.actions else "n")
            elif isinstance(screen, DeclareDialog):  # the bots wait for my 抢 or 明保
                used.add("asked")
                await pilot.press("n")
            elif not isinstance(screen, TableScreen) or view is None:
                continue
            elif "rebel" in kinds(view) and view["seats"][0]["role"] == "rebel":
                await pilot.press("r", "r")  # 造反 doubles the stakes: its key, twice
                used.add("rebel")
                await pilot.pause()
                assert "造反" in str(screen.query_one("#bottom").render())
            elif app.client.my_turn and view["phase"] == "play":
                if "yield" in kinds(view) and "yield" not in used:
                    used.add("yield")
                    await pilot.press("y")
                    continue
                await play_the_hint(pilot, screen)
        assert isinstance(app.screen, ResultScreen), "the round never ended"
        record = app.host.match.records[0]
        assert app.host.match.rules == rules
        assert moments <= used, used  # each came to me and was answered by its key
        if preset == "baike":  # 让牌 taken: the yield is in the engine's record of the round
            assert (0, {"type": "yield"}) in app.host.match.actions
        if preset == "lianzhong-classic":
            assert record.result.emperor == 0
        if preset == "lianzhong-simple":
            assert 0 in record.result.rebels


async def test_a_solo_declared_while_the_throne_dialog_is_open_renews_the_dialog():
    """R-EMP-L5 over the screen: the open dialog is replaced by one saying who grabbed,
    offering 抢 or letting it stand — never a stale 'accept'."""
    rules = PRESETS["lianzhong-classic"].with_options(grab_solo=True)
    seed = next(s for s in range(200) if _holder_can_accept(rules, s))
    app = BhtuiApp(Config(name="Ana", bot_delay=30.0), LocalSession(rules=rules, seed=seed, rounds=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        assert isinstance(app.screen, ThroneDialog) and "accept" in app.screen.choices
        first = app.screen
        app.host.apply(2, {"type": "grab"})  # a bot at seat 2 declares 抢独
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog) and app.screen is not first)
        assert app.screen.choices == ["decline", "grab"]
        await pilot.press("n")  # let it stand
        await wait_for(pilot, lambda: app.host.match.round.emperor is not None)
        assert app.host.match.round.emperor == 2


def _holder_can_accept(rules, seed: int) -> bool:
    from bhtui.rules import Match

    m = Match(rules, seed, rounds=1)
    return m.to_act == 0 and {"type": "accept"} in m.legal_actions(0)


@pytest.mark.parametrize("language, says", [
    ("en", ("the emperor card goes to your 上家, Chen", "the card goes on to the 上家, Ana")),
    ("zh", ("皇牌传给你的上家 Chen", "皇牌传给上家 Ana")),
])
async def test_R_SEAT_1_the_throne_dialog_and_the_log_say_the_card_goes_to_the_previous_seat(
        language, says):
    """Seed 3: Wang declines, the card comes to Ana (his 上家); hers is Chen, seat 4."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0), LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        dialog = app.screen
        assert isinstance(dialog, ThroneDialog)
        words = " ".join(str(p.render()) for p in dialog.query("Plain"))
        assert says[0] in words
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert any(says[1] in line for line in table.log_lines)


def dialog_text(dialog) -> str:
    return " ".join(str(p.render()) for p in dialog.query("Plain"))


@pytest.mark.parametrize("language, hand, other, prompts", [
    ("en", "BJ 7H 7H 7H 9S", "7H",
     ["Call 7H (you hold three)",
      "Declare an open solo (明独保): no call, one against four, scores double"]),
    ("zh", "BJ 7H 7H 7H 7H 9S", "", ["叫 7H：暗独（你有四张）", "明独保：不叫牌，一打四，分数翻倍"]),
])
async def test_R_GUARD_3_the_classic_call_dialog_offers_its_groups_and_an_open_solo_always(
        language, hand, other, prompts):
    from bhtui.tui.dialogs import ConfirmKey

    m = rigged(hand, other, "", "", "", preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    host = DialogHost(CallDialog(Translator(language), m.view(0), str))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = host.dialog.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert shown == prompts
        await pilot.press("end", "enter")  # 明独保 asks for m, as the table's 明独 does
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey), "the question")
        await pilot.press("m")
        await wait_for(pilot, lambda: host.answer != "none", "the answer")
    assert host.answer == {"type": "solo"}


@pytest.mark.parametrize("four, may_yield", [("7H 7H 7H 7H", True), ("7H 9S 10S QS", False)])
async def test_R_EMP_L3_after_a_circle_the_dialog_yields_again_only_with_four_identical_cards(
        four, may_yield):
    m = rigged(f"BJ 8H 8H 8H {four}", "JS", "10S 10S 10S", "9S", "QS", first=0,
               preset="lianzhong-classic")
    m.apply(0, {"type": "decline"})
    m.apply(2, {"type": "decline"})  # back to seat 0 after a full circle
    view = m.view(0)
    kinds = [a["type"] for a in view["actions"]]
    host = DialogHost(ThroneDialog(Translator("en"), view, kinds, list("ABCDE")))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = dialog_text(host.dialog)
        if may_yield:
            assert "with four identical cards you may yield again" in words
            assert "goes to your 上家, E" in words
        else:
            assert "you must take the throne" in words
        await pilot.press("n")
        await pilot.pause()
        assert host.answer == ({"type": "decline"} if may_yield else "none")


async def test_R_GUARD_4_the_footer_offers_m_as_明独_to_an_emperor_holding_the_guard_card():
    """Seed 2: Ana is offered the throne holding the guard card too (a hidden solo); m then
    declares 明独, and the footer says so, not 明保 (issue 11, defect 13)."""
    app = BhtuiApp(Config(name="Ana", bot_delay=30.0),
                   LocalSession(rules=PRESETS["lianzhong-simple"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.client.view["phase"] == "play" and app.client.my_turn)
        # the footer follows the view once the screen has drawn it: wait for it, not a pause
        await wait_for(pilot, lambda: "明独" in footer_text(app.screen), "明独 in the footer")
        assert "明保" not in footer_text(app.screen)
        await pilot.press("m", "m")  # the second m says yes to 明独
        await wait_for(pilot, lambda: app.host.match.round.open_solo)
        assert app.host.match.round.open_solo


async def test_R_TRICK_7_造反_is_sent_only_when_r_is_pressed_again(first_deal):
    """造反 doubles the stakes and cannot be taken back: one r asks (what it does, press r
    again), any other key says no and nothing reaches the table; r twice rebels."""
    from bhtui.tui.dialogs import ConfirmKey

    first_deal(SHORT_DEALS["lianzhong-simple"])
    rules = PRESETS["lianzhong-simple"].with_options(rebellion=True)
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0), LocalSession(rules=rules, seed=11, rounds=1))

    def may_rebel() -> bool:
        return isinstance(app.screen, TableScreen) and "rebel" in kinds(app.client.view)

    async with app.run_test(size=(80, 24)) as pilot:
        for _ in until_hang("a 造反 of mine to be possible"):
            await pilot.pause()
            if may_rebel():
                break
            if isinstance(app.screen, DeclareDialog):
                await pilot.press("n")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey))
        words = " ".join(str(p.render()) for p in app.screen.query("Plain"))
        assert "Press r again" in words and "double" in words
        await pilot.press("x")  # a slip: no
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert (0, {"type": "rebel"}) not in app.host.match.actions and may_rebel()
        await pilot.press("r", "r")
        await wait_for(pilot, lambda: (0, {"type": "rebel"}) in app.host.match.actions)


@pytest.mark.parametrize("dialog_of", ["declare", "grab", "baike_call"])
async def test_R_EMP_B5_a_grab_key_grabs_only_when_pressed_again(dialog_of):
    """g takes the throne (抢庄, 抢独) — in baike's call dialog beside the groups and 让庄 —
    only on a second press; any other key after the first sends nothing. Meanwhile the
    asking dialog's box steps aside (the question drawn over it left its buttons showing
    below) and comes back with it."""
    from bhtui.tui.baohuang.dialogs import GrabDialog
    from bhtui.tui.dialogs import ConfirmKey

    if dialog_of == "declare":
        m = rigged("7H", "", "", "", "", preset="qingdao", grab_solo=True)
        dialog = DeclareDialog(Translator("en"), m.view(1), ["grab"],
                               "Wang is being offered the throne")
    elif dialog_of == "grab":
        m = rigged("7H", "", "", "", "", preset="qingdao", grab_solo=True)
        dialog = GrabDialog(Translator("en"), m.view(m.round.to_act))
    else:
        m = rigged("BJ 7H 7H 7H", "", "", "", "", preset="baike")
        dialog = CallDialog(Translator("en"), m.view(0), str, ("decline", "grab"))
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(host.screen, ConfirmKey))
        await wait_for(pilot, lambda: footer_text(host.screen) == "g Yes esc No",
                       "the footer saying the keys (it was empty)")
        box = dialog.query(Vertical).first()
        assert not box.display
        await pilot.press("escape")
        await wait_for(pilot, lambda: host.screen is dialog)
        assert host.answer == "none" and box.display
        await pilot.press("g", "g")
        await wait_for(pilot, lambda: host.answer != "none")
    assert host.answer == {"type": "grab"}


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_GUARD_4_the_holder_of_the_guard_card_is_told_he_plays_alone(language):
    """Seed 2: Ana is offered the throne holding the marked SJ (侍卫牌, shown †). Taking it
    she is her own guard and plays alone (R-GUARD-4), but the dialog did not mention the †
    and the log said only "You are the emperor" (qingdao's call says "hidden solo (you hold
    four)"). Both say it now, the dialog with the mark as the hand draws it."""
    t = Translator(language)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=30.0),
                   LocalSession(rules=PRESETS["lianzhong-simple"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        words = [str(p.render()) for p in app.screen.query("Plain")]
        mark = "+" if language == "zh" else "†"  # as the hand draws it (letters in Chinese)
        hidden = {"first": "+12", "second": "0", "lower": "-12"}  # R-SCORE-L2
        assert t("throne.guard_card", mark=mark) in words
        assert t("throne.hidden_solo_stakes", **hidden) in words
        await pilot.press("y")
        await wait_for(pilot, lambda: t("log.role.emperor_guard_card") in app.screen.log_lines,
                       "the log line")
        assert t("log.role.emperor") not in app.screen.log_lines


async def test_R_WH_ROLE_2_weihai_s_holder_of_both_marked_cards_is_told_keeping_is_a_solo():
    """Seed 22: Ana holds the emperor card and the marked SJ; the throne's dialog (keep,
    abdicate, show both) says that kept, it is a hidden solo."""
    from bhtui.tui.baohuang.dialogs import GrabDialog

    t = Translator("en")
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0),
                   LocalSession(rules=PRESETS["weihai"], seed=22, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in until_hang("the throne's dialog"):
            await pilot.pause()
            if isinstance(app.screen, ThroneDialog):
                break
            if isinstance(app.screen, GrabDialog):
                await pilot.press("s")
        words = [str(p.render()) for p in app.screen.query("Plain")]
        assert t("throne.keep_title") in words
        hidden = {"first": "+12", "second": "0", "lower": "-12"}  # R-WH-SCORE-2
        assert t("throne.guard_card_keep", mark="†") in words
        assert t("throne.hidden_solo_stakes", **hidden) in words


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_GUARD_1_a_call_with_one_card_to_call_names_no_arrow_keys(language):
    """A qingdao emperor holding one group of three has one call: the dialog still said
    "↑↓ choose" over a list of one. It names Enter alone; with more, ↑↓ too."""
    t = Translator(language)
    for hand, keys in (("BJ 7H 7H 7H 9S", "call.key"), ("BJ 7H 7H 7H 9S 9S 9S", "call.keys")):
        m = rigged(hand, "7H 9S", "", "", "", preset="qingdao")
        m.apply(0, {"type": "accept"})
        host = DialogHost(CallDialog(t, m.view(0), str))
        async with host.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = dialog_text(host.dialog)
            assert t(keys) in shown and ("↑↓" in shown) == (keys == "call.keys")


async def test_R_GUARD_1_enter_at_once_calls_a_guard_not_a_solo():
    """An emperor holding four 5s and three 6s: the list began at "Call 5♦: hidden solo (you
    hold four)", so Enter at once made a newcomer play one against four. It begins at the
    first call that gives him a guard."""
    m = rigged("BJ 5D 5D 5D 5D 6H 6H 6H", "6H", "", "", "", preset="qingdao")
    m.apply(0, {"type": "accept"})
    host = DialogHost(CallDialog(Translator("en"), m.view(0), str))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = host.dialog.query_one(OptionList)
        first = str(options.get_option_at_index(0).prompt)
        assert "solo" in first  # (the engine's order: the four come first)
        await pilot.press("enter")
        await pilot.pause()
    assert host.answer == {"type": "call", "card": "6H", "open": False}


async def test_x_outside_weifang_does_nothing_and_the_help_lists_it_only_there():
    """x picks Weifang's GC (R-WF-RANK-1); in Qingdao it said "no GC in your hand", as if one
    might come, and the help listed x as Weifang's GC at every table. Outside Weifang x is a
    key that does nothing here, and says so; the help lists it at Weifang's table only."""
    from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
    from bhtui.tui.cardstyle import CardStyle
    from bhtui.tui.i18n import Translator

    from tui_helpers import make_app, my_play_turn, table

    t, style = Translator("en"), CardStyle()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("x")
        await pilot.pause()
        assert table(app).status == t("status.no_key", press="x")
    keys = {preset: BAOHUANG_PARTS.help_texts(t, preset, style)[0].splitlines()
            for preset in ("qingdao", "weifang")}
    assert [line for line in keys["qingdao"] if "x " in line] == []
    assert any("/ x  add" in line and "GC" in line for line in keys["weifang"])
