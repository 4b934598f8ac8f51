"""What the log says happened, and why, in the game's own words (Pilot): a throne passed on
for want of a group, the last seat placed holding cards."""

from __future__ import annotations

import pytest

from helpers import deal_of
from tui_helpers import SHORT_DEAL, make_app, my_play_turn, table, wait_for


@pytest.mark.parametrize("language, said", [
    ("en", "Ana cannot call (no three identical cards, jokers and 2s aside); the card goes on "
           "to the 上家, Chen"),
    ("zh", "Ana 无牌可叫（没有三张同点数同花色的牌，王和 2 不算），皇牌传给上家 Chen")])
async def test_R_EMP_Q2_a_throne_passed_on_by_itself_says_why(first_deal, language, said):
    """"Player cannot call; the card goes on to the 上家, Chen" said not why: a candidate
    without a callable group — three or more identical cards, jokers and 2s aside — declines
    by himself (R-EMP-Q2, R-GUARD-1). Ana, offered the card first, holds three 2♥ and a
    pair."""
    first_deal(deal_of("2H 2H 2H 9S 9S", "7H 7H 7H 3S", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: any("Ana" in line and "Chen" in line
                                          for line in screen.log_lines), "Ana's decline")
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
    assert said.format(name=names[left[0]["seat"]], place=t.place(left[0]["place"])) \
        in screen.log_lines
    assert all(t("log.out", name=names[e["seat"]], place=t.place(e["place"])) in screen.log_lines
               for e, _ in outs if e is not left[0])  # each who went out is said to be out
