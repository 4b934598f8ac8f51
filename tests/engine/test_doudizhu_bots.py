"""Dou Dizhu bots: the random bot, the heuristic's bidding and play, and whole deals played by
bots with their summaries (what the sim reports)."""

from __future__ import annotations

import pytest

from bhtui.bots.doudizhu import HeuristicBot, RandomBot, make_bot
from bhtui.bots.doudizhu.heuristic import choose
from bhtui.bots.doudizhu.selfplay import play_deal, play_match
from bhtui.doudizhu import PRESETS, Match, parse_hand
from bhtui.doudizhu.hands import counts_of_text
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.offer import Offer

from doudizhu_helpers import bid, play, rigged, to_play


def decide(m: Match, seat: int):
    return HeuristicBot().decide(m.legal_actions(seat))


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_the_heuristic_beats_random_bots_in_every_seat(preset):
    """C-SCORE-2 / S-SCORE-1 totals over fixed seeds (deterministic, so never flaky)."""
    seats = Match(PRESETS[preset]).seats
    for seat in range(seats):
        m = Match(PRESETS[preset], seed=100 + seat, rounds=30)
        bots = [make_bot("heuristic" if s == seat else "random", s) for s in range(seats)]
        play_match(m, bots)
        assert m.totals[seat] > 0 and m.totals[seat] == max(m.totals), (seat, m.totals)


def test_C_BID_2_the_heuristic_bids_from_hand_strength():
    strong = rigged(hands=("SJ BJ 2 2 2 A A K K K Q Q J",), first=0)
    assert decide(strong, 0) == {"type": "bid", "points": 3}
    weak = rigged(hands=("3 3 4 5 6 8 9 10 J",), first=0)
    assert decide(weak, 0) == {"type": "pass"}


def test_C_HAND_18_the_heuristic_keeps_its_bomb_while_a_plain_answer_will_do():
    m = rigged(hands=("4", "8 8 8 8 9 5 6 Q"), kitty="3 7 10", first=0)
    for seat, points in ((0, 1), (1, 0), (2, 0)):
        bid(m, seat, points)
    play(m, 0, "4")
    assert any(a.get("hand") == "8 8 8 8" for a in m.legal_actions(1))
    chosen = decide(m, 1)
    assert chosen["type"] == "play" and "8" not in chosen["hand"].split()  # bomb kept whole


def test_C_HAND_6_the_heuristic_leads_a_chain_rather_than_its_low_single():
    m = rigged(hands=("3 4 5 6 7 9 9 K",), kitty="J J Q", first=0)
    for seat, points in ((0, 1), (1, 0), (2, 0)):
        bid(m, seat, points)
    action = decide(m, 0)
    assert parse_hand(action["hand"]).kind in ("straight", "pair_run", "airplane")


def test_S_PLAY_1_a_farmer_lets_his_partners_winning_hand_stand():
    m = rigged("shanghai", hands=("3", "4 5", "", ""), kitty="3", mark="3")
    for seat, points in ((0, 1), (1, 0), (2, 0), (3, 0)):
        bid(m, seat, points)
    to_play(m)
    play(m, 0, "3")
    play(m, 1, "4")
    assert any(a["type"] == "play" for a in m.legal_actions(2))
    assert decide(m, 2) == {"type": "pass"}
    classic = rigged(hands=("3", "4 5"), first=0)
    for seat, points in ((0, 1), (1, 0), (2, 0)):
        bid(classic, seat, points)
    play(classic, 0, "3")
    play(classic, 1, "4")
    assert decide(classic, 2) == {"type": "pass"}


def test_S_BID_6_the_heuristic_reports_every_group_and_takes_the_sure_win():
    m = rigged("shanghai", hands=("SJ SJ BJ BJ 9 9 9 9 9 9 9",), kitty="3", mark="3")
    for seat, points in ((0, 2), (1, 0), (2, 0), (3, 0)):
        bid(m, seat, points)
    groups = m.round.report_groups()
    assert len(groups) == 2
    assert decide(m, 0) == {"type": "report", "groups": groups, "fight": False}


def test_the_random_bot_is_seeded_and_needs_no_view():
    legal = Offer([{"type": "bid", "points": p} for p in (1, 2, 3)] + [{"type": "pass"}])
    picks = [RandomBot(5).decide(legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    assert {str(RandomBot(s).decide(legal)) for s in range(30)} == {str(a) for a in legal}
    with pytest.raises(ValueError, match="heuristic"):
        make_bot("clever")


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_play_deal_returns_the_sims_summary(preset):
    m = Match(PRESETS[preset], seed=3)
    bots = [make_bot("heuristic", s) for s in range(m.seats)]
    summary = play_deal(m, bots)
    r = m.records[0].result
    assert summary["game"] == "doudizhu" and summary["preset"] == preset
    assert (summary["landlord"], summary["bid"], summary["winner"]) == (
        r.landlord, r.bid, r.winner)
    assert summary["scores"] == r.scores and summary["bombs"] == r.bombs
    assert summary["spring"] == r.spring and set(summary["factors"]) == set(r.factors)
    assert summary["decisions"] >= m.seats and m.round.number == 2
    with pytest.raises(ValueError, match="bots"):
        play_deal(m, bots[:2])


def test_a_heuristic_hint_is_always_legal_over_whole_matches():
    for preset in ("classic", "shanghai"):
        m = Match(PRESETS[preset], seed=42, rounds=3)
        bot = HeuristicBot()
        while not m.over:
            seat = m.to_act
            legal = m.legal_actions(seat)
            action = bot.decide(legal)
            assert action in legal
            m.apply(seat, action)


def _answer(preset: str, hand: str, top: str):
    """The heuristic's answer to ``top`` from ``hand``, with no opponent about to go out."""
    rc = counts_of_text(hand)
    plays = [parse_hand(t, preset) for t in playable(preset, rc, parse_hand(top, preset), True)]
    chosen = choose(preset, rc, plays, parse_hand(top, preset), False, False)
    return None if chosen is None else chosen.text


@pytest.mark.parametrize("hand, answer", [
    ("9 9 9 9 K K K K 3 4 6 7 8 10", "9 9 9 9"),  # two bombs: the lower one takes the lead
    ("9 9 9 9 3 4 6 7 8 10 J", None),             # the only bomb is kept for later
])
def test_S_HAND_1_S_BID_7_a_shanghai_hand_with_a_spare_bomb_spends_it(hand, answer):
    """Shanghai's two decks deal many bombs, and a landlord kept them all while farmers went
    out: seeded normal-against-normal deals lost half of a landlord's lost deals with a bomb
    in hand. A spare bomb answers a set nothing else beats; the last one is still kept."""
    assert _answer("shanghai", hand, "Q Q") == answer


def test_C_HAND_18_a_classic_hand_keeps_both_its_bombs_when_nobody_is_near_out():
    """In classic a second bomb is rare, and spending one early measured no better."""
    assert _answer("classic", "9 9 9 9 K K K K 3 4 6 7 8", "Q Q") is None
