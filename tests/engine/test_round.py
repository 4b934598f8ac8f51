"""The qingdao round: deal, throne, call, tricks, end and scoring, rule by rule."""

from collections import Counter

import pytest

from bhtui.cards import BJ, parse_cards
from bhtui.rules import PRESETS, IllegalAction, Match, replay
from bhtui.rules.scoring import score_round

from helpers import fingerprint, pass_, play, rigged, types

QINGDAO = PRESETS["qingdao"]

# Seat 0 can call 7H (holds three), seat 1 holds the fourth 7H, seat 3 has no callable group.
SMALL = ("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C")


def crowned(first: int = 0) -> Match:
    m = rigged(*SMALL, first=first)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    return m


def test_R_DEAL_1_43_cards_each_and_the_emperor_card_set_aside():
    m = Match(PRESETS["qingdao"], seed=5)
    hands = [m.round.hand(s) for s in range(5)]
    assert [len(h) for h in hands] == [43] * 5
    everything = Counter(c for h in hands for c in h)
    assert everything[BJ] == 3 and sum(everything.values()) == 215


def test_R_SEED_1_the_seed_fixes_the_deal_and_seed_plus_actions_replay_bit_for_bit():
    a, b, c = Match(PRESETS["qingdao"], 11), Match(PRESETS["qingdao"], 11), Match(PRESETS["qingdao"], 12)
    assert a.round.hands == b.round.hands and a.round.first_candidate == b.round.first_candidate
    assert a.round.hands != c.round.hands
    import random

    from helpers import random_actions
    a.rounds = 2
    random_actions(a, random.Random(3))
    again = replay(PRESETS["qingdao"], 11, a.actions, rounds=2)
    assert fingerprint(again) == fingerprint(a)


def test_R_EMP_Q1_the_first_candidate_is_random_and_seeded():
    firsts = Counter(Match(PRESETS["qingdao"], seed).round.first_candidate for seed in range(500))
    assert set(firsts) == set(range(5))
    assert all(60 <= n <= 140 for n in firsts.values()), firsts


def test_R_EMP_Q2_a_candidate_without_a_callable_group_declines_by_himself():
    m = rigged(*SMALL, first=3)  # seats 3, 2 (two 8C only) and 1 cannot call
    declines = [e for e in m.initial_events() if e["type"] == "decline"]
    assert [(e["seat"], e["auto"], e["to"]) for e in declines] == [
        (3, True, 2), (2, True, 1), (1, True, 0)]
    assert m.to_act == 0 and m.legal_actions(3) == []


def test_R_EMP_Q2_accepting_needs_three_identical_non_joker_non_two_cards():
    m = rigged("2S 2S 2S SJ SJ SJ 9H", "7H 7H 7H", "", "", "", first=0)
    assert m.to_act == 1, "2s and jokers are not callable groups"
    m = rigged("9H 9H 9S 9D", "7H 7H 7H", "", "", "", first=0)
    assert m.to_act == 1, "three of a rank in different suits is not a group"


def test_R_EMP_Q3_the_bundle_goes_to_the_previous_seat_and_later_decliners_add_a_2():
    m = rigged("7H 7H 7H 2S", "", "", "9C 9C 9C", "8H 8H 8H 2D 2C", first=0)
    assert m.view(2)["passes_to"] == 4  # public: where a decline would send it
    events = m.apply(0, {"type": "decline"})  # first candidate keeps his 2S
    assert events[0]["to"] == 4 and m.to_act == 4  # 上家, against the play (R-SEAT-1)
    assert m.round.bundle == parse_cards("BJ")  # the emperor card alone
    m.apply(4, {"type": "decline"})
    assert m.round.bundle == parse_cards("BJ 2C")  # one 2 (the lowest suit), not both
    assert m.to_act == 3 and m.view(3)["bundle"] == ["BJ", "2C"]
    assert m.view(2)["seats"][4]["count"] == 4
    m.apply(3, {"type": "decline"})  # seat 3 has no 2: adds nothing; 2 and 1 cannot call
    assert m.round.bundle == parse_cards("BJ 2C")
    assert m.to_act == 0 and m.round.second_chance


def test_R_EMP_Q4_after_five_declines_the_first_candidate_decides_again_then_the_deal_is_void():
    m = rigged("7H 7H 7H", "8H 8H 8H 2D", "", "", "", first=0)
    m.apply(0, {"type": "decline"})
    m.apply(1, {"type": "decline"})  # seats 2-4 cannot accept: auto-declines
    assert m.to_act == 0 and m.round.second_chance
    assert m.view(0)["bundle"] == ["BJ", "2D"]
    events = m.apply(0, {"type": "decline"})
    assert "void" in types(events) and "deal" in types(events)
    assert m.round.redeal == 1 and m.round.number == 1


def test_R_EMP_Q4_force_first_makes_the_second_offer_compulsory():
    m = rigged("7H 7H 7H", "", "", "", "", first=0, force_first=True)
    m.apply(0, {"type": "decline"})
    assert m.to_act == 0 and m.legal_actions(0) == [{"type": "accept"}]
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="逼位"):
        m.apply(0, {"type": "decline"})
    assert fingerprint(m) == before


def test_R_EMP_Q5_the_emperor_takes_the_bundle_into_his_hand():
    m = rigged("7H 7H 7H", "8H 8H 8H 2D", "", "", "", first=1)
    m.apply(1, {"type": "decline"})  # the first candidate adds nothing
    m.apply(0, {"type": "accept"})
    assert m.round.emperor == 0
    assert sorted(m.view(0)["hand"]) == sorted(["7H", "7H", "7H", "BJ"])
    m = rigged("7H 7H 7H", "8H 8H 8H 2D", "", "", "", first=0)
    m.apply(0, {"type": "decline"})
    m.apply(1, {"type": "decline"})
    m.apply(0, {"type": "accept"})  # second offer: the bundle carries seat 1's 2D
    assert sorted(m.view(0)["hand"]) == sorted(["7H", "7H", "7H", "BJ", "2D"])


def test_R_EMP_Q6_grab_solo_asks_in_the_bundle_s_order_and_a_grab_is_an_open_solo():
    m = rigged(*SMALL, first=2, grab_solo=True)
    assert m.round.phase == "grab" and m.to_act == 2
    m.apply(2, {"type": "skip"})
    assert m.to_act == 1  # from the first candidate towards previous seats
    events = m.apply(1, {"type": "grab"})
    assert m.round.emperor == 1 and m.round.open_solo and m.round.phase == "play"
    assert m.to_act == 1 and "call" not in types(events)
    assert m.view(0)["solo"] and m.view(0)["guard"] == 1


def test_R_EMP_Q6_when_nobody_grabs_the_first_candidate_decides():
    m = rigged(*SMALL, first=2, grab_solo=True)
    order = []
    for _ in range(5):
        order.append(m.to_act)
        m.apply(m.to_act, {"type": "skip"})
    assert order == [2, 1, 0, 4, 3]
    assert m.round.phase == "throne"  # seat 2 cannot call: on to 1, then 0 decides
    assert m.to_act == 0


def test_R_EMP_Q6_grab_solo_off_by_default():
    assert rigged(*SMALL).round.phase == "throne"


def test_R_GUARD_1_the_holder_of_the_fourth_card_is_the_secret_guard():
    m = crowned()
    assert m.round.guard == 1
    assert m.view(1)["seats"][1]["role"] == "guard"
    assert all(m.view(v)["guard"] is None for v in (0, 2, 3, 4, None))
    assert m.view(2)["seats"][1]["role"] is None


def test_R_GUARD_1_calling_all_four_is_a_hidden_solo():
    m = rigged("7H 7H 7H 7H 3S", "9S", "8C", "5D", "KC", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    assert m.round.solo and not m.round.open_solo and m.round.guard == 0
    assert m.view(0)["solo"] is True
    assert m.view(2)["solo"] is False and m.view(2)["guard"] is None


def test_R_GUARD_1_only_a_held_group_can_be_called():
    m = rigged(*SMALL)
    m.apply(0, {"type": "accept"})
    before = fingerprint(m)
    for card in ("9S", "3S", "BJ", "nonsense"):
        with pytest.raises(IllegalAction):
            m.apply(0, {"type": "call", "card": card})
    assert fingerprint(m) == before


def test_R_GUARD_3_an_open_solo_shows_four_and_doubles_the_score():
    m = rigged("7H 7H 7H 7H", "9S 9S", "8C", "5D", "KC", first=0, rounds=1)
    m.apply(0, {"type": "accept"})
    events = m.apply(0, {"type": "call", "card": "7H", "open": True})
    call = next(e for e in events if e["type"] == "call")
    assert call["shown"] == ["7H"] * 4
    assert m.view(3)["solo"] and m.view(3)["guard"] == 0
    play(m, 0, "7H 7H 7H 7H BJ")  # unbeatable; out first: the round ends (R-END-1)
    assert m.over and m.records[0].result.scores == (8, -8, -8, -8, -8)


def test_R_GUARD_3_open_needs_four():
    m = rigged(*SMALL)
    m.apply(0, {"type": "accept"})
    with pytest.raises(IllegalAction, match="four identical"):
        m.apply(0, {"type": "call", "card": "7H", "open": True})


def test_R_ROLE_1_emperor_public_guard_secret_rebels_the_rest():
    m = crowned()
    assert [m.view(s)["seats"][s]["role"] for s in range(5)] == [
        "emperor", "guard", "rebel", "rebel", "rebel"]
    assert all(m.view(v)["seats"][0]["role"] == "emperor" for v in (1, 2, None))


def test_a_whole_small_round_R_TRICK_1_2_3_4_6_R_GUARD_6_R_END_1_R_SCORE_Q1():
    m = crowned()
    assert m.to_act == 0  # R-TRICK-1: the emperor leads
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="leader must play"):
        pass_(m, 0)
    assert fingerprint(m) == before
    play(m, 0, "3S")
    pass_(m, 1)
    play(m, 2, "4D")
    play(m, 3, "5D")
    pass_(m, 4)
    pass_(m, 0)
    play(m, 1, "9S")  # R-TRICK-2: seat 1 passed the 3, may still beat the 5
    pass_(m, 2)
    pass_(m, 3)
    play(m, 4, "KC")
    for s in (0, 1, 2, 3):
        events = pass_(m, s)
    assert types(events)[-2:] == ["trick", "lead"] and m.to_act == 4  # R-TRICK-3
    events = play(m, 4, "2C")
    assert {"type": "out", "seat": 4, "place": 1} in events  # R-TRICK-6: 头科
    for s in (0, 1, 2, 3):
        events = pass_(m, s)
    lead = events[-1]
    assert lead == {"type": "lead", "seat": 0, "jiefeng": True, "from": 4}  # R-TRICK-4 接风
    play(m, 0, "7H 7H 7H BJ")  # R-CARD-4: the emperor card plays as a big joker
    for s in (1, 2, 3):
        events = pass_(m, s)
    assert events[-1]["seat"] == 1 and events[-1]["jiefeng"]
    assert m.view(3)["guard"] is None
    events = play(m, 1, "7H")  # R-GUARD-6: the fourth 7H reveals its player
    assert {"type": "reveal", "seat": 1, "solo": False, "by": "play"} in events
    assert m.view(3)["guard"] == 1 and m.view(3)["seats"][1]["role"] == "guard"
    pass_(m, 2)
    events = pass_(m, 3)
    assert events[-1]["seat"] == 2
    events = play(m, 2, "8C 8C")  # only seat 3 still holds cards: the round ends (R-END-1)
    end = next(e for e in events if e["type"] == "round_end")
    assert end["places"] == [2, 3, 4, 5, 1]
    # R-SCORE-Q1: emperor 2nd (+2) and guard 3rd (0) = +2; rebels 4 - 2 - 4 = -2
    assert end["scores"] == [2, 2, -2, -2, -2] and end["winner"] == "emperor"
    assert m.totals == [2, 2, -2, -2, -2]


def test_R_SEAT_1_next_skips_seats_that_are_out():
    m = crowned()
    play(m, 0, "3S")
    for s in (1, 2, 3):
        pass_(m, s)
    play(m, 4, "KC")
    for s in (0, 1, 2, 3):
        pass_(m, s)
    play(m, 4, "2C")  # seat 4 is out: after seat 3 comes seat 0
    pass_(m, 0)
    pass_(m, 1)
    pass_(m, 2)
    assert m.to_act == 3
    pass_(m, 3)
    assert m.to_act == 0


def test_R_SCORE_Q1_the_rule_example_and_side_totals():
    scores, winner = score_round(QINGDAO, emperor=0, guard=1, open_solo=False,
                                 places=[1, 4, 2, 3, 5])
    assert scores == (2, 2, -2, -2, -2) and winner == "emperor"
    scores, winner = score_round(QINGDAO, 0, 0, False, [3, 1, 2, 4, 5])
    assert scores == (0,) * 5 and winner is None  # R-SCORE-W: a draw
    scores, winner = score_round(QINGDAO, 2, 2, True, [1, 2, 4, 3, 5])  # open solo, 4th
    assert scores == (4, 4, -4, 4, 4) and winner == "rebels"


def test_illegal_plays_are_refused_with_a_reason_and_change_nothing():
    m = crowned()
    play(m, 0, "3S")
    before = fingerprint(m)
    cases = [
        (2, {"type": "play", "cards": ["8C"]}, "not seat 2's turn"),
        (1, {"type": "play", "cards": ["8C"]}, "do not hold"),
        (1, {"type": "play", "cards": ["7H", "9S"]}, "mixed ranks"),
        (1, {"type": "play", "cards": ["Q"]}, "not a card"),
        (1, {"type": "play", "cards": []}, "list of cards"),
        (1, {"type": "play", "set": "9 9"}, "do not hold"),
        (1, {"type": "fly"}, "not possible now"),
        (1, "pass", "not possible now"),
        (7, {"type": "pass"}, "no seat"),
    ]
    for seat, action, why in cases:
        with pytest.raises(IllegalAction, match=why):
            m.apply(seat, action)
        assert fingerprint(m) == before
    play(m, 1, "9S")
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="4 does not beat 9"):
        play(m, 2, "4D")
    assert fingerprint(m) == before and m.to_act == 2


def test_R_EMP_Q4_a_deal_nobody_can_call_on_is_void_and_dealt_again_at_once():
    m = rigged("2S 2S 9H", "8H 8S", "", "", "", first=0)  # no callable group anywhere
    events = m.initial_events()
    assert "void" in types(events) and types(events).count("deal") == 2
    assert m.round.redeal == 1 and m.to_act is not None and m.legal_actions(m.to_act)
