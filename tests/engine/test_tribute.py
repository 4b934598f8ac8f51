"""R-TRIB-1..5: tribute from the previous round's result, and R-MATCH-1 totals."""

from bhtui.cards import counts, parse_cards
from bhtui.rules import PRESETS, Match
from bhtui.rules.scoring import RoundResult
from bhtui.rules.tribute import tribute_transfers

from helpers import pass_, play, rigged

HANDS = [counts(parse_cards(h)) for h in (
    "BJ SJ 2S 3D", "2H AS 3C", "SJ KD 4C", "AH QD 5C", "2D 10S 6C",
)]


def result(emperor, guard, places, winner, solo=False, open_solo=False):
    return RoundResult(emperor, guard, solo, open_solo, tuple(places), (0,) * 5, winner)


def named(transfers):
    return [(f, t, parse_cards([c])[0]) for f, t, c in transfers]


def test_R_TRIB_1_rebels_pay_the_winning_emperor_side_guard_takes_the_middle():
    prev = result(emperor=0, guard=1, places=[1, 4, 2, 3, 5], winner="emperor")
    got = tribute_transfers(prev, HANDS)
    # rebels give their highest: seat 2 SJ, seat 3 AH, seat 4 2D; the middle (2D) to the guard
    assert got == named([(2, 0, "SJ"), (3, 0, "AH"), (4, 1, "2D")])


def test_R_TRIB_2_a_losing_emperor_gives_two_the_guard_one_rebels_take_in_place_order():
    prev = result(emperor=0, guard=1, places=[4, 5, 3, 1, 2], winner="rebels")
    got = tribute_transfers(prev, HANDS)
    # given: BJ, SJ (emperor), 2H (guard); 头科 seat 3 takes BJ, seat 4 SJ, seat 2 the 2H
    assert got == named([(0, 3, "BJ"), (0, 4, "SJ"), (1, 2, "2H")])


def test_R_TRIB_3_solo_won_each_rebel_gives_one_to_the_emperor():
    prev = result(emperor=4, guard=4, places=[2, 3, 4, 5, 1], winner="emperor", solo=True)
    assert tribute_transfers(prev, HANDS) == named(
        [(0, 4, "BJ"), (1, 4, "2H"), (2, 4, "SJ"), (3, 4, "AH")])


def test_R_TRIB_3_solo_lost_the_emperor_gives_four_highest_to_the_best_placed():
    prev = result(emperor=0, guard=0, places=[5, 4, 1, 3, 2], winner="rebels", solo=True)
    assert tribute_transfers(prev, HANDS) == named(
        [(0, 2, "BJ"), (0, 4, "SJ"), (0, 3, "2S"), (0, 1, "3D")])


def test_R_TRIB_4_after_an_open_solo_every_count_doubles():
    prev = result(emperor=4, guard=4, places=[2, 3, 4, 5, 1], winner="emperor",
                  solo=True, open_solo=True)
    got = tribute_transfers(prev, HANDS)
    assert len(got) == 8 and {t for _, t, _ in got} == {4}
    lost = result(emperor=0, guard=0, places=[5, 4, 1, 3, 2], winner="rebels",
                  solo=True, open_solo=True)
    bigger = [counts(parse_cards("BJ BJ SJ SJ 2S 2S AS AS KS"))] + HANDS[1:]
    got = tribute_transfers(lost, bigger)
    assert [t for _, t, _ in got] == [2, 2, 4, 4, 3, 3, 1, 1]  # two each, best placed first


def test_R_TRIB_5_a_draw_pays_nothing():
    prev = result(emperor=0, guard=1, places=[3, 1, 4, 2, 5], winner=None)
    assert tribute_transfers(prev, HANDS) == []


def _finish_small_round(m: Match) -> None:
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "7H 7H 7H BJ")  # emperor out first
    for s in (1, 2, 3, 4):
        pass_(m, s)
    play(m, 1, "7H")  # guard out second: emperor side +6
    for s in (2, 3, 4):
        pass_(m, s)
    play(m, 2, "8C")
    for s in (3, 4):
        pass_(m, s)
    play(m, 3, "9C")


def test_R_TRIB_1_is_paid_at_the_start_of_the_next_round_and_is_public():
    m = rigged("7H 7H 7H", "7H", "8C", "9C", "KC", first=0, rounds=2)
    _finish_small_round(m)
    assert m.records[0].result.scores == (6, 6, -6, -6, -6)
    tribute = m.round.tribute
    assert m.round.number == 2 and len(tribute) == 3
    assert {f for f, _, _ in tribute} == {2, 3, 4} and sorted(t for _, t, _ in tribute) == [0, 0, 1]
    counts_now = [s["count"] for s in m.view(None)["seats"]]
    assert counts_now == [45, 44, 42, 42, 42]
    assert m.view(None)["tribute"] == m.view(3)["tribute"] != []


def test_R_MATCH_1_fixed_rounds_keep_running_totals():
    m = rigged("7H 7H 7H", "7H", "8C", "9C", "KC", first=0, rounds=1)
    _finish_small_round(m)
    assert m.over and m.to_act is None and m.legal_actions(0) == []
    assert m.totals == [6, 6, -6, -6, -6] and m.history[0]["scores"] == m.totals


def test_R_MATCH_1_a_target_score_ends_the_match():
    m = Match(PRESETS["qingdao"], seed=0, first_deal=rigged(
        "7H 7H 7H", "7H", "8C", "9C", "KC").first_deal, target=5)
    _finish_small_round(m)
    assert m.over
    m = Match(PRESETS["qingdao"], seed=0, first_deal=m.first_deal, target=7)
    _finish_small_round(m)
    assert not m.over and m.round.number == 2
