"""Shanghai Dou Dizhu on the real engine: deal and mark card, bidding with 头撂, 摊打, 报到
and bomb limits, play, scoring, the escape rule and level points (S-DEAL-*, S-BID-*,
S-PLAY-*, S-SCORE-*, S-LEVEL-1)."""

from __future__ import annotations

from collections import Counter

import pytest

from bhtui.doudizhu import PLACEHOLDER, IllegalAction, Match, event_for
from bhtui.doudizhu import PRESETS as DDZ_PRESETS

from doudizhu_helpers import (
    auction,
    bid,
    farmers_win,
    fingerprint,
    goes_out,
    others_pass,
    pass_,
    play,
    rigged,
    to_play,
)

P = "shanghai"


def result_of(events):
    return next(e for e in events if e["type"] == "result")


def test_S_DEAL_1_25_each_8_in_the_kitty_and_a_kitty_card_marked_for_all():
    m = Match(DDZ_PRESETS[P], seed=8)
    r = m.round
    assert [sum(rc) for rc in r.rc] == [25] * 4 and len(r.kitty) == 8
    total = Counter(r.kitty)
    for rc in r.rc:
        total.update({rank: k for rank, k in enumerate(rc) if k})
    assert total == Counter({**{rank: 8 for rank in range(13)}, 13: 2, 14: 2})  # S-CARD-1
    assert r.mark in r.kitty
    deal = m.initial_events()[0]
    assert deal["mark"] == m.view(None)["mark"] == m.view(2)["mark"] != None  # noqa: E711
    assert all(m.view(v)["kitty"] is None for v in (0, 1, 2, 3, None))
    marks = {Match(DDZ_PRESETS[P], seed=s).view(None)["mark"] for s in range(40)}
    assert len(marks) > 5  # drawn, not a fixed position of the kitty


def test_S_BID_1_from_seat_0_each_once_higher_a_3_ends_and_the_next_round_starts_at_1():
    m = rigged(P, rounds=3)
    assert m.to_act == 0 and m.round.first_bidder == 0
    bid(m, 0, 1)
    with pytest.raises(IllegalAction, match="more than 1"):
        bid(m, 1, 1)
    bid(m, 1, 2)
    bid(m, 2, 0)
    events = bid(m, 3, 0)
    assert [e["type"] for e in events] == ["bid", "landlord", "kitty"]
    assert (m.round.landlord, m.round.bid, m.round.toulia) == (1, 2, False)
    to_play(m)
    goes_out(m, 1)
    assert m.round.first_bidder == 1 and m.to_act == 1
    bid(m, 1, 0)
    events = bid(m, 2, 3)
    assert m.round.landlord == 2 and m.round.bids == [None, 0, 3, None]


def test_S_BID_2_all_four_pass_deal_again_and_the_next_hand_is_huangfan():
    m = Match(DDZ_PRESETS[P], seed=21, rounds=2)
    events = []
    for s in range(4):
        events += bid(m, s, 0)
    assert [e["type"] for e in events[-2:]] == ["void", "deal"]
    assert events[-1]["huangfan"] is True and m.view(3)["huangfan"] is True
    assert m.records == [] and m.levels == [0, 0, 0, 0]  # S-LEVEL-1: nothing for all-pass
    assert m.round.first_bidder == 1  # the redeal moves the first bidder on
    landlord = auction(m, 1)
    to_play(m)
    goes_out(m, landlord)
    result = m.records[0].result
    assert result.factors["huangfan"] == 2
    assert m.round.huangfan is False  # only the hand after the all-pass


def test_S_BID_3_toulia_counts_4_3_when_the_landlord_wins_only():
    m = rigged(P, kitty="3", mark="3", rounds=2)
    bid(m, 0, 3)
    assert m.round.toulia and m.round.bids == [3, None, None, None]
    to_play(m)
    goes_out(m, 0)
    won = m.records[0].result
    assert won.factors == {"toulia": pytest.approx(4 / 3)} and won.stake == 4
    assert won.scores == [12, -4, -4, -4]
    bid(m, 1, 3)  # round 2: seat 1 bids first
    to_play(m)
    farmers_win(m)
    lost = m.records[1].result
    assert lost.winner == "farmers" and lost.factors == {} and lost.scores == [3, -9, 3, 3]
    m3 = rigged(P, kitty="3", mark="3")
    bid(m3, 0, 0)
    bid(m3, 1, 3)
    assert m3.round.landlord == 1 and not m3.round.toulia and m3.round.phase == "play"


def test_S_BID_4_only_the_landlord_sees_the_kitty():
    m = rigged(P, kitty="2 2 A A K K Q SJ", mark="SJ")
    bid(m, 0, 0)
    events = bid(m, 1, 3)
    kitty = next(e for e in events if e["type"] == "kitty")
    assert kitty["private"] == 1 and kitty["cards"] == ["Q", "K", "K", "A", "A", "2", "2", "SJ"]
    assert event_for(kitty, 1) == kitty and event_for(kitty, "all") == kitty
    for viewer in (0, 2, 3, None):
        assert event_for(kitty, viewer) == PLACEHOLDER
        assert m.view(viewer)["kitty"] is None
    assert m.view(1)["kitty"] == kitty["cards"] and m.view("all")["kitty"] == kitty["cards"]
    assert m.view(0)["seats"][1]["count"] == 33


def test_S_BID_5_tanda_after_toulia_shows_the_hand_to_all_and_doubles():
    m = rigged(P, kitty="3", mark="3")
    bid(m, 0, 3)
    assert m.round.phase == "open" and m.legal_actions(0) == [{"type": "open"},
                                                              {"type": "skip"}]
    events = m.apply(0, {"type": "open"})
    assert events[0]["type"] == "open" and len(events[0]["cards"]) == 33
    for viewer in (1, 2, 3, None):
        assert m.view(viewer)["seats"][0]["shown"] == m.view(0)["hand"]
        assert m.view(viewer)["factors"] == {"toulia": "4/3", "open": "2"}
    assert m.view(1)["stake"] == 8
    to_play(m)
    play(m, 0, m.round.hand(0)[0])
    assert m.view(2)["seats"][0]["shown"] == m.view(0)["hand"]
    not_toulia = rigged(P, kitty="3", mark="3")
    auction(not_toulia, 2)
    assert not_toulia.round.phase == "play"  # no 摊打 without 头撂


def reporting(**options):
    """Seat 0 holds the 4 jokers and 5 Ks, the kitty 2 more Ks: two groups after the kitty."""
    m = rigged(P, hands=("SJ SJ BJ BJ K K K K K", "K"), kitty="K K 3", mark="3", **options)
    bid(m, 0, 2)
    for s in (1, 2, 3):
        bid(m, s, 0)
    return m


def test_S_BID_6_report_after_the_kitty_and_not_playing_wins_at_once_S_SCORE_3():
    m = reporting()
    assert m.round.phase == "report" and m.to_act == 0
    groups = ["SJ SJ BJ BJ", "K K K K K K K"]
    assert m.legal_actions(0) == [
        {"type": "report", "groups": [groups[0]], "fight": True},
        {"type": "report", "groups": [groups[0]], "fight": False},
        {"type": "report", "groups": [groups[1]], "fight": True},
        {"type": "report", "groups": [groups[1]], "fight": False},
        {"type": "report", "groups": groups, "fight": True},
        {"type": "report", "groups": groups, "fight": False},
        {"type": "skip"}]
    before = fingerprint(m)
    for wrong in ({"type": "report", "groups": ["K K K K"], "fight": False},
                  {"type": "report", "groups": [groups[0], groups[0]], "fight": False},
                  {"type": "report", "groups": groups},
                  {"type": "report", "groups": [], "fight": True}):
        with pytest.raises(IllegalAction):
            m.apply(0, wrong)
    assert fingerprint(m) == before
    events = m.apply(0, {"type": "report", "groups": groups, "fight": False})
    assert events[0] == {"type": "report", "seat": 0, "groups": groups, "fight": False}
    result = result_of(events)
    assert result["winner"] == "landlord" and result["scores"] == [6, -2, -2, -2]
    assert result["factors"] == {}  # S-SCORE-3: no 报到 factor, no 摊打


def test_S_BID_6_playing_on_keeps_the_groups_whole_and_shown_S_SCORE_4_doubles():
    m = reporting()
    m.apply(0, {"type": "report", "groups": ["SJ SJ BJ BJ", "K K K K K K K"], "fight": True})
    assert m.round.phase == "play"
    leads = [a["hand"] for a in m.legal_actions(0) if a["type"] == "play"]
    assert "K K K K K K K" in leads and "SJ SJ BJ BJ" in leads
    assert not any("K" in h.split() or "SJ" in h.split() for h in leads
                   if h not in ("K K K K K K K", "SJ SJ BJ BJ"))
    for split in ("K", "K K K K", "SJ BJ"):
        with pytest.raises(IllegalAction, match="S-BID-6"):
            play(m, 0, split)
    shown = m.view(2)["seats"][0]["shown"]
    assert Counter(shown) == Counter({"K": 7, "SJ": 2, "BJ": 2})
    play(m, 0, "SJ SJ BJ BJ")
    others_pass(m)
    assert Counter(m.view(2)["seats"][0]["shown"]) == Counter({"K": 7})
    goes_out(m, 0)
    won = m.records[0].result
    assert won.factors == {"report": 4} and won.scores == [24, -8, -8, -8]  # ×2, 双报到 ×2


def test_S_SCORE_4_reported_played_on_and_lost_scores_nothing_S_LEVEL_1_still_counts():
    m = reporting()
    m.apply(0, {"type": "report", "groups": ["K K K K K K K"], "fight": True})
    farmers_win(m)
    lost = m.records[0].result
    assert lost.winner == "farmers" and lost.scores == [0, 0, 0, 0]
    assert lost.levels == [-3, 1, 1, 1] and m.levels == [-3, 1, 1, 1]


def bombs_ready():
    """Seat 0 passes (limit 1), seat 1 bids 1 (limit 1), seat 2 bids 2 (limit 2), seat 3
    bids 3 and is landlord."""
    m = rigged(P, hands=("5 5 5 5 6 6 6 6", "7 7 7 7 8 8 8 8", "9 9 9 9 10 10 10 10"),
               kitty="3", mark="3")
    for seat, points in enumerate((0, 1, 2, 3)):
        bid(m, seat, points)
    to_play(m)
    return m


def test_S_BID_7_bomb_limits_follow_each_farmers_bid():
    m = bombs_ready()
    assert [s["bomb_limit"] for s in m.view(None)["seats"]] == [1, 1, 2, None]
    early = rigged(P, kitty="3", mark="3")
    bid(early, 0, 1)
    bid(early, 1, 3)
    assert [s["bomb_limit"] for s in early.view(None)["seats"]] == [1, None, None, None]


def test_S_BID_7_a_farmer_at_his_limit_is_offered_no_bomb_and_is_refused_one():
    m = bombs_ready()
    play(m, 3, m.round.hand(3)[0])
    play(m, 0, "5 5 5 5")
    others_pass(m)
    assert m.to_act == 0
    leads = [a["hand"] for a in m.legal_actions(0) if a["type"] == "play"]
    assert "6 6 6" in leads and "6 6 6 6" not in leads
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="S-BID-7"):
        play(m, 0, "6 6 6 6")
    assert fingerprint(m) == before
    play(m, 0, "6")
    play(m, 1, "7 7 7 7")
    play(m, 2, "9 9 9 9")
    pass_(m, 3)
    pass_(m, 0)
    assert "8 8 8 8" not in [a.get("hand") for a in m.legal_actions(1)]
    pass_(m, 1)
    assert m.to_act == 2  # his second bomb is within his limit of 2
    assert "10 10 10 10" in [a["hand"] for a in m.legal_actions(2) if a["type"] == "play"]


def test_S_PLAY_1_landlord_leads_and_three_passes_give_the_lead_back():
    m = rigged(P, kitty="3", mark="3")
    landlord = auction(m, 1)
    assert m.to_act == landlord == 0 and {"type": "pass"} not in m.legal_actions(0)
    play(m, 0, m.round.hand(0)[0])
    events = others_pass(m)
    assert [e["type"] for e in events] == ["pass", "pass", "pass", "trick"]
    assert m.to_act == 0


def test_S_HAND_2_a_run_with_A_and_2_low_is_offered_played_and_shown_as_it_runs():
    """S-HAND-2: A and 2 stand below 3 in a run; the run is written low to high wherever a
    hand is written (the legal plays, the play event the log shows, the table's top hand),
    however the player typed it. The log once said "plays pair run 3 3 A A 2 2"."""
    m = rigged(P, hands=("3 3 A A 2 2 9",), kitty="4", mark="4")
    auction(m, 1)
    to_play(m)
    assert {"type": "play", "hand": "A A 2 2 3 3"} in m.legal_actions(0)
    events = play(m, 0, "3 3 A A 2 2")
    assert events[0]["hand"] == "A A 2 2 3 3" and events[0]["kind"] == "pair_run"
    assert event_for(events[0], 1)["hand"] == "A A 2 2 3 3"
    assert m.view(1)["top"]["hand"] == "A A 2 2 3 3"


def test_S_PLAY_2_any_farmer_going_out_wins_for_all_farmers():
    m = rigged(P, kitty="3", mark="3")
    auction(m, 1)
    events = farmers_win(m)
    result = result_of(events)
    assert result["winner"] == "farmers" and result["scores"] == [-3, 1, 1, 1]
    assert result["levels"] == [-3, 1, 1, 1]
    assert all(len(h) > 0 for s, h in enumerate(result["hands"]) if s != 1)


def test_S_SCORE_1_landlord_wins_3Mbd_with_the_base_and_a_joker_mark():
    m = rigged(P, kitty="SJ", mark="SJ", base=2)
    bid(m, 0, 0)
    bid(m, 1, 2)
    bid(m, 2, 0)
    bid(m, 3, 0)
    assert m.view(0)["factors"] == {"mark": "2"} and m.view(0)["stake"] == 8
    goes_out(m, 1)
    r = m.records[0].result
    assert r.factors == {"mark": 2} and r.scores == [-8, 24, -8, -8]


def test_S_SCORE_2_landlord_loses_the_same_negated_without_toulia():
    m = rigged(P, kitty="BJ", mark="BJ")
    bid(m, 0, 3)
    m.apply(0, {"type": "open"})
    farmers_win(m)
    r = m.records[0].result
    assert r.factors == {"mark": 2, "open": 2} and r.scores == [-36, 12, 12, 12]


def test_S_SCORE_3_report_not_played_drops_tanda_keeps_toulia():
    m = rigged(P, hands=("SJ SJ BJ BJ",), kitty="3", mark="3")
    bid(m, 0, 3)
    m.apply(0, {"type": "open"})
    events = m.apply(0, {"type": "report", "groups": ["SJ SJ BJ BJ"], "fight": False})
    r = result_of(events)
    assert r["factors"] == {"toulia": "4/3"} and r["scores"] == [12, -4, -4, -4]


def test_S_SCORE_5_escape_is_off_by_default_and_only_after_the_bidding():
    m = rigged(P, kitty="3", mark="3")
    with pytest.raises(IllegalAction, match="off"):
        m.apply(2, {"type": "escape", "why": "left"})
    on = rigged(P, kitty="3", mark="3", escape=True)
    with pytest.raises(IllegalAction, match="landlord"):
        on.apply(2, {"type": "escape", "why": "left"})
    auction(on, 2)
    before = fingerprint(on)
    with pytest.raises(IllegalAction, match="why"):
        on.apply(2, {"type": "escape", "why": "bored"})
    assert fingerprint(on) == before
    assert {"type": "escape", "why": "left"} not in on.legal_actions(on.to_act)


@pytest.mark.parametrize("escaper, why, scores", [
    (2, "disconnected", [6, 2, -10, 2]),  # a farmer pays the landlord 6 and each farmer 2
    (2, "timeouts", [6, 2, -10, 2]),
    (2, "left", [6, 2, -11, 2]),  # on purpose: 1.1 × 10 = 11
    (0, "left", [-7, 2, 2, 2]),  # the landlord: 1.1 × 6 = 6.6, rounded up
])
def test_S_SCORE_5_the_escaper_pays_what_the_others_would_have_won(escaper, why, scores):
    m = rigged(P, kitty="3", mark="3", escape=True)
    auction(m, 2)
    to_play(m)
    play(m, 0, m.round.hand(0)[0])
    events = m.apply(escaper, {"type": "escape", "why": why})
    assert events[0] == {"type": "escape", "seat": escaper, "why": why}
    r = result_of(events)
    assert r["scores"] == scores and r["escape"] == {"seat": escaper, "why": why}
    assert r["levels"] == [(-1 if s == escaper else 1) * (3 if s == 0 else 1)
                           for s in range(4)]
    assert m.round.number == 2  # the table goes on with the next hand


def test_S_SCORE_5_escape_in_classic_too_with_the_bombs_so_far():
    m = rigged("classic", hands=("3 3 3 3",), escape=True)
    auction(m, 1)
    play(m, 0, "3 3 3 3")
    events = m.apply(1, {"type": "escape", "why": "disconnected"})
    assert result_of(events)["scores"] == [4, -6, 2]  # S = 2: landlord 2S, the other farmer S


def test_S_LEVEL_1_level_points_add_up_over_hands():
    m = rigged(P, kitty="3", mark="3", rounds=2)
    auction(m, 1)
    goes_out(m, 0)
    auction(m, 1)
    to_play(m)
    farmers_win(m)
    landlord = m.records[1].result.landlord
    expected = [3, -1, -1, -1]
    expected = [e + (-3 if s == landlord else 1) for s, e in enumerate(expected)]
    assert m.levels == expected and m.view(None)["levels"] == expected
    classic = Match(DDZ_PRESETS["classic"], 1)
    assert classic.levels is None and classic.view(0)["levels"] is None
