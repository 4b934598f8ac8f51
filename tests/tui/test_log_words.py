"""What the log and bhtui's last lines say happened, and why, in the game's own words (Pilot):
a throne passed on for want of a group, the last seat placed holding cards, Dou Dizhu's
landlord called one thing everywhere, and its deals counted as deals."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import DecisionDialog, MatchEndScreen
from bhtui.tui.sessions import LocalSession

from helpers import deal_of
from tui_helpers import SHORT_DEAL, make_app, my_play_turn, quit_yes, strips, table, wait_for


@pytest.mark.parametrize("language, said", [
    ("en", "You cannot call (no three identical cards, jokers and 2s aside); the card goes on "
           "to the 上家, Chen"),
    ("zh", "你无牌可叫（没有三张同点数同花色的牌，王和 2 不算），皇牌传给上家 Chen")])
async def test_R_EMP_Q2_a_throne_passed_on_by_itself_says_why(first_deal, language, said):
    """"Player cannot call; the card goes on to the 上家, Chen" said not why: a candidate
    without a callable group — three or more identical cards, jokers and 2s aside — declines
    by himself (R-EMP-Q2, R-GUARD-1). Ana, offered the card first, holds three 2♥ and a
    pair."""
    first_deal(deal_of("2H 2H 2H 9S 9S", "7H 7H 7H 3S", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: any("Chen" in line for line in screen.log_lines),
                       "Ana's decline")
        assert said in screen.log_lines, screen.log_lines


@pytest.mark.parametrize("language, said", [("en", "{name} is left holding cards: {place}"),
                                            ("zh", "{name} 手里还有牌：{place}")])
async def test_R_END_1_the_last_seat_placed_with_cards_in_hand_is_not_said_to_be_out(
        first_deal, language, said):
    """"Liu is out: 5th 大落" was logged of a player still holding cards: once all others have a
    place, the last takes the one left without going out (R-END-1)."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(language, result_seconds=30, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.host.match.history, "the round's end")
        screen = table(app)
        await wait_for(pilot, lambda: screen.model.pending_results or screen.model.results_shown,
                       "the round's end logged")
    names, t = [seat["name"] for seat in app.client.table], app.t
    events = [e for _, e in app.client.events]
    outs = [(e, before) for before, e in zip(events, events[1:], strict=False)
            if e["type"] == "out"]
    left = [e for e, before in outs if before["type"] in ("out", "stuck")]  # placed at once
    assert len(left) == 1  # (this deal's round ends so, not settled early)
    assert left[0]["seat"] != app.client.seat  # (said of another seat: in the third person)
    assert said.format(name=names[left[0]["seat"]], place=t.place(left[0]["place"])) \
        in screen.log_lines
    assert all(t("you.log.out" if e["seat"] == app.client.seat else "log.out",
                 name=names[e["seat"]], place=t.place(e["place"])) in screen.log_lines
               for e, _ in outs if e is not left[0])  # each who went out is said to be out


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_S_BID_1_the_landlord_is_the_landlord_on_the_table_in_the_log_and_result(language):
    """Dou Dizhu said "Lord Ana" and "[lord]" on the table and "landlord" in the log and the
    result: one word everywhere, the one the rules use."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=1))
    t = app.t
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DecisionDialog), "the bid")
        await pilot.press("3")
        screen = table(app)
        await wait_for(pilot, lambda: app.client.view["landlord"] is not None, "the landlord")
        await wait_for(pilot, lambda: any(t("ddz.role.landlord") in line
                                          for line in screen.log_lines), "the log's landlord")
        me = str(screen.query_one("#bottom").render())
        facts = str(screen.query_one("#center").render())
        word = t("ddz.role.landlord")
        assert t("ddz.landlord_line", name="Ana") in facts and word in facts.lower(), facts
        assert word in me.splitlines()[-1], me
        assert "lord]" not in me + facts and "Lord " not in facts


@pytest.mark.parametrize("language, said", [("en", "totals after deal 1: "),
                                            ("zh", "第1局后总分：")])
async def test_R_MATCH_1_quitting_dou_dizhu_counts_its_deals_as_deals(language, said):
    """Quitting Dou Dizhu printed "totals after round 1", where its table, scores and results
    say "deal"."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0, result_seconds=0.2),
                   LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DecisionDialog), "the bid")
        await pilot.press("t")  # 托管 plays the deal out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match's end")
        await quit_yes(pilot, app)
    assert app.farewell[0].startswith(said), app.farewell


async def test_S_BID_1_a_long_landlord_line_keeps_the_stake_in_shanghais_deal_box():
    """At four seats the deal's facts sit in a side box of 14 cells: "Landlord Player" took
    two lines there and pushed the stake out of the box, and cut to the line it read
    "Landlord Play…": the role goes on the first line, the name whole on the next."""
    from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog

    app = BhtuiApp(Config(name="Player", language="en", bot_delay=0.0),
                   LocalSession(rules=DDZ_PRESETS["shanghai"], seed=4, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog), "the bid")
        await pilot.press("3")  # 头撂: the landlord at once, asked 摊打
        await wait_for(pilot, lambda: isinstance(app.screen, OpenDialog), "摊打")
        await pilot.press("n")
        screen = table(app)
        box = screen.query_one("#left-top")
        await wait_for(pilot, lambda: "Stake" in str(box.render()) or "Landlord" in str(
            box.render()), "the landlord's facts")
        lines = [strip.text.rstrip() for strip in strips(box)]
        assert lines[:2] == ["Landlord bid 3", "Player"], lines
        assert any("Stake" in line for line in lines), lines



@pytest.mark.parametrize("penalty, said, note", [
    (1, "Ana quit: -1 point", "Leaving now costs you 1 point (the quit penalty)."),
    (10, "Ana quit: -10 points", "Leaving now costs you 10 points (the quit penalty).")])
def test_R_AUTO_3_a_penalty_of_one_point_is_said_in_the_singular(penalty, said, note):
    """With a quit penalty of 1 the log read "Ana quit: -1 points" and the quit question
    "Leaving now costs you 1 points"."""
    from bhtui.tui.baohuang.describe import describe
    from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
    from bhtui.tui.i18n import Translator

    from helpers import rigged

    t = Translator("en")
    event = {"type": "penalty", "seat": 0, "points": -penalty, "why": "left"}
    assert describe(event, ["Ana", "Bo", "Cy", "Di", "Ed"], t) == said
    view = rigged("7H 7H 7H", "9S", "8C", "5D", "KC", quit_penalty=penalty).view(0)
    assert BAOHUANG_PARTS.leaving_note(view, t) == note
