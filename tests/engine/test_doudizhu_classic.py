"""Classic Dou Dizhu on the real engine: deal, bidding, play and scoring (C-DEAL-*, C-BID-*,
C-PLAY-*, C-SCORE-*, C-SEAT-1), through Match's actions, events and views."""

from __future__ import annotations

from collections import Counter

import msgpack
import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.doudizhu import IllegalAction, Match, event_for, legal_hands, parse_hand

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
)


def types(events):
    return [e["type"] for e in events]


def test_C_DEAL_1_seventeen_each_and_a_kitty_of_three_from_one_seeded_deck():
    m = Match(DDZ_PRESETS["classic"], seed=5)
    r = m.round
    assert [sum(rc) for rc in r.rc] == [17, 17, 17] and len(r.kitty) == 3
    total = Counter(r.kitty)
    for rc in r.rc:
        total.update({rank: k for rank, k in enumerate(rc) if k})
    assert total == Counter({**{rank: 4 for rank in range(13)}, 13: 1, 14: 1})
    again = Match(DDZ_PRESETS["classic"], seed=5)
    assert again.round.rc == r.rc and again.round.kitty == r.kitty
    assert any(Match(DDZ_PRESETS["classic"], seed=s).round.rc != r.rc for s in range(6, 9))
    assert m.initial_events() == [{"type": "deal", "round": 1, "redeal": 0,
                                   "first_bidder": r.first_bidder, "counts": [17, 17, 17],
                                   "kitty": 3, "huangfan": False, "mark": None}]


def test_C_BID_1_first_bidder_drawn_then_the_next_seat_every_deal_redeals_too():
    firsts = {Match(DDZ_PRESETS["classic"], seed=s).round.first_bidder for s in range(30)}
    assert firsts == {0, 1, 2}
    m = Match(DDZ_PRESETS["classic"], seed=3)
    first = m.round.first_bidder
    for s in range(3):  # all pass: a redeal
        bid(m, (first + s) % 3, 0)
    assert (m.round.number, m.round.redeal) == (1, 1)
    assert m.round.first_bidder == (first + 1) % 3
    bid(m, m.to_act, 3)
    goes_out(m, m.round.landlord)
    assert m.round.number == 2 and m.round.first_bidder == (first + 2) % 3


def test_C_BID_2_one_turn_each_higher_bids_a_3_ends_at_once_C_SEAT_1_in_seat_order():
    m = rigged(first=1)
    assert m.to_act == 1
    assert m.legal_actions(1) == [{"type": "bid", "points": p} for p in (1, 2, 3)] + [
        {"type": "pass"}]
    assert m.legal_actions(2) == []
    bid(m, 1, 2)
    assert m.to_act == 2  # C-SEAT-1: seat i, then i+1 mod 3
    before = fingerprint(m)
    for wrong in ({"type": "bid", "points": 2}, {"type": "bid", "points": 1},
                  {"type": "bid", "points": 4}, {"type": "bid", "points": True},
                  {"type": "play", "hand": "3"}):
        with pytest.raises(IllegalAction):
            m.apply(2, wrong)
    assert fingerprint(m) == before
    bid(m, 2, 0)
    events = bid(m, 0, 0)
    assert types(events) == ["bid", "landlord", "kitty"]
    assert (m.round.landlord, m.round.bid) == (1, 2)
    m2 = rigged(first=0)
    events = bid(m2, 0, 3)
    assert types(events) == ["bid", "landlord", "kitty"] and m2.round.bids == [3, None, None]


def test_C_BID_3_a_void_deal_is_dealt_again_and_the_third_is_kept_at_1_point():
    m = Match(DDZ_PRESETS["classic"], seed=11)
    for void in range(3):
        first = m.round.first_bidder
        events = []
        for s in range(3):
            events += bid(m, (first + s) % 3, 0)
        if void < 2:
            assert types(events)[-2:] == ["void", "deal"]
            assert m.records == [] and m.totals == [0, 0, 0]  # a void deal scores nothing
            assert (m.round.number, m.round.redeal) == (1, void + 1)
    assert types(events)[-2:] == ["landlord", "kitty"]
    assert events[-2] == {"type": "landlord", "seat": first, "bid": 1, "toulia": False,
                          "forced": True}
    assert m.round.redeal == 2 and m.round.phase == "play"


def test_C_BID_4_the_kitty_is_shown_to_all_and_joins_the_landlords_hand():
    m = rigged(hands=("", "", ""), kitty="SJ BJ 2", first=2)
    events = bid(m, 2, 3)
    kitty = next(e for e in events if e["type"] == "kitty")
    assert kitty == {"type": "kitty", "seat": 2, "cards": ["2", "SJ", "BJ"]}
    for viewer in (0, 1, 2, None):
        assert event_for(kitty, viewer) == kitty
        assert m.view(viewer)["kitty"] == ["2", "SJ", "BJ"]
    assert m.view(0)["seats"][2]["count"] == 20
    assert m.view(2)["hand"][-3:] == ["2", "SJ", "BJ"]


def test_C_PLAY_1_the_landlord_leads_and_a_lead_is_never_a_pass():
    m = rigged(first=0)
    bid(m, 0, 0)
    bid(m, 1, 1)
    bid(m, 2, 0)
    assert m.to_act == 1 and m.round.leader == 1
    assert {"type": "pass"} not in m.legal_actions(1)
    with pytest.raises(IllegalAction, match="lead"):
        pass_(m, 1)


def test_C_PLAY_2_a_player_may_pass_when_he_could_beat_and_two_passes_give_the_lead_back():
    m = rigged(hands=("3 4 5 6 7", "8 9 10 J Q", ""), first=0)
    bid(m, 0, 3)
    play(m, 0, "3 4 5 6 7")
    assert {"type": "play", "hand": "8 9 10 J Q"} in m.legal_actions(1)
    pass_(m, 1)
    events = pass_(m, 2)
    assert events[-1] == {"type": "trick", "seat": 0}
    assert m.to_act == 0 and m.view(1)["top"] is None


def test_C_PLAY_3_legal_actions_are_exactly_the_hands_that_lead_or_beat_the_top():
    m = Match(DDZ_PRESETS["classic"], seed=4)
    bid(m, m.to_act, 3)
    for _ in range(12):
        if m.round.phase != "play":
            break
        seat = m.to_act
        hand = " ".join(m.view(seat)["hand"])
        top = m.view(seat)["top"]
        plays = [a["hand"] for a in m.legal_actions(seat) if a["type"] == "play"]
        assert plays == legal_hands(hand, top["hand"] if top else None)
        assert ({"type": "pass"} in m.legal_actions(seat)) == (top is not None)
        m.apply(seat, m.legal_actions(seat)[0])


def test_C_PLAY_4_the_landlord_going_out_wins_and_a_farmer_going_out_wins_for_both():
    m = rigged(first=0, rounds=2)
    bid(m, 0, 1)
    bid(m, 1, 0)
    bid(m, 2, 0)
    events = goes_out(m, 0)
    result = next(e for e in events if e["type"] == "result")
    assert result["winner"] == "landlord" and result["scores"][0] > 0
    auction(m, 1)
    events = farmers_win(m)
    result = next(e for e in events if e["type"] == "result")
    assert result["winner"] == "farmers"
    assert [s > 0 for s in result["scores"]] == [s != result["landlord"] for s in range(3)]
    assert m.over and types(events)[-1] == "match_end"


def test_C_PLAY_5_bids_kitty_plays_counts_and_the_multiplier_are_public():
    m = rigged(hands=("3 3 3 3 4", "", ""), first=0)
    bid(m, 0, 2)
    bid(m, 1, 0)
    bid(m, 2, 0)
    play(m, 0, "3 3 3 3")
    spectator = m.view(None)
    assert [s["bid"] for s in spectator["seats"]] == [2, 0, 0]
    assert spectator["kitty"] is not None and spectator["top"]["hand"] == "3 3 3 3"
    assert [s["count"] for s in spectator["seats"]] == [16, 17, 17]
    assert spectator["factors"] == {"bombs": "2"} and spectator["stake"] == 4
    assert "hand" not in spectator and "hands" not in spectator
    assert m.view("all")["hands"][1] == m.view(1)["hand"]


def test_C_SCORE_1_spring_when_no_farmer_played_and_anti_spring_after_one_landlord_hand():
    m = rigged(first=0, rounds=2)
    bid(m, 0, 1)
    bid(m, 1, 0)
    bid(m, 2, 0)
    goes_out(m, 0)
    spring = m.records[0].result
    assert spring.spring == "spring" and spring.factors == {"spring": 2}
    assert spring.scores == [4, -2, -2]
    auction(m, 1)
    farmers_win(m)
    anti = m.records[1].result
    assert anti.spring == "anti_spring" and anti.winner == "farmers"
    assert anti.scores[anti.landlord] == -4


def test_C_SCORE_2_landlord_wins_2S_farmers_S_and_the_scores_sum_to_zero():
    m = rigged(first=1)
    bid(m, 1, 3)
    play(m, 1, m.round.hand(1)[0])
    play(m, 2, m.round.hand(2)[-2])
    others_pass(m)
    play(m, 2, m.round.hand(2)[0])
    pass_(m, 0)
    play(m, 1, m.round.hand(1)[-1])
    others_pass(m)
    goes_out(m, 1)
    r = m.records[0].result
    assert r.winner == "landlord" and r.spring is None and r.factors == {}
    assert r.stake == 3 and r.scores == [-3, 6, -3] and m.totals == [-3, 6, -3]


def test_C_SCORE_3_every_bomb_and_rocket_doubles_without_cap_and_four_two_does_not():
    m = rigged(hands=("3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 SJ", "BJ", ""), kitty="7 8 9",
               first=0)
    bid(m, 0, 1)
    bid(m, 1, 0)
    bid(m, 2, 0)
    for bomb in ("3 3 3 3", "4 4 4 4", "5 5 5 5"):
        play(m, 0, bomb)
        others_pass(m)
    play(m, 0, "6 6 6 6 7 8")  # four + two: no doubling
    others_pass(m)
    assert m.view(1)["factors"] == {"bombs": "8"}
    play(m, 0, "9")
    play(m, 1, "BJ")
    others_pass(m)
    play(m, 1, m.round.hand(1)[0])
    play(m, 2, m.round.hand(2)[-1])
    others_pass(m)
    goes_out(m, 2)
    r = m.records[0].result
    assert r.bombs == 3 and r.winner == "farmers" and r.factors == {"bombs": 8}
    assert r.scores == [-16, 8, 8]
    m2 = rigged(hands=("SJ BJ 2 2 2 2",), first=0)
    bid(m2, 0, 1)
    bid(m2, 1, 0)
    bid(m2, 2, 0)
    play(m2, 0, "SJ BJ")
    others_pass(m2)
    play(m2, 0, "2 2 2 2")
    assert m2.view(0)["factors"] == {"bombs": "4"} and m2.view(0)["stake"] == 4


def test_C_SCORE_4_bids_and_multipliers_replace_RLCards_payoffs_and_its_fixed_landlord():
    landlords = set()
    for seed in range(12):
        m = Match(DDZ_PRESETS["classic"], seed=seed)
        landlords.add(auction(m, 2))
        goes_out(m, m.round.landlord)
        assert m.records[0].result.scores[m.records[0].result.landlord] == 2 * 2 * 2  # spring
    assert landlords == {0, 1, 2}


def test_C_PLAY_5_views_and_events_cross_msgpack_as_they_are():
    m = Match(DDZ_PRESETS["classic"], seed=9, rounds=1)
    events = m.initial_events()
    while not m.over:
        events += m.apply(m.to_act, m.legal_actions(m.to_act)[-1])
    for viewer in (0, 1, 2, None, "all"):
        assert msgpack.unpackb(msgpack.packb(m.view(viewer))) == m.view(viewer)
    assert msgpack.unpackb(msgpack.packb(events)) == events
    result = next(e for e in events if e["type"] == "result")
    assert sum(len(h) for h in result["hands"]) > 0  # every hand left is shown at the end
    assert parse_hand(next(e for e in events if e["type"] == "play")["hand"])
