"""The rules of the baike and lianzhong presets (§5.2, §5.3, §6, §7, §8 and §3's options), one
test per rule on rigged deals of the real engine."""

from __future__ import annotations

import random

import msgpack
import pytest

from bhtui.cards import rank_of
from bhtui.rules import PRESETS, IllegalAction, Match, beats, legal_sets, parse_set
from bhtui.rules.deal import shuffled_deal
from bhtui.rules.mechanisms import PassTo
from bhtui.rules.scoring import score_round

from helpers import fingerprint, pass_, play, rigged, types

BAIKE = PRESETS["baike"]
CLASSIC = PRESETS["lianzhong-classic"]
SIMPLE = PRESETS["lianzhong-simple"]
KAO = CLASSIC.with_options(kao=True)
GRAB = {"type": "grab"}


def kinds(m: Match, seat: int) -> list[str]:
    return [a["type"] for a in m.legal_actions(seat)]


# ----- R-SEAT-1: the emperor card travels against the play, in every preset ----------------

@pytest.mark.parametrize("preset", [name for name, rules in PRESETS.items()
                                    if rules.throne.passes_to is PassTo.PREVIOUS])
def test_R_SEAT_1_the_emperor_card_goes_to_the_previous_seat_while_play_goes_to_the_next(preset):
    """In every preset whose throne is passed on (Weihai's goes to the seat after next,
    R-WH-THRONE-2)."""
    hands = [f"{rank}H {rank}H {rank}H QS KS" for rank in ("6", "7", "8", "9", "10")]
    hands[4] += " 6H"  # the fourth 6H: seat 0's guard
    if PRESETS[preset].deck.emperor_card_dealt:
        hands[2] += " BJ"  # the emperor card is dealt (R-EMP-L1)
    m = rigged(*hands, first=2, preset=preset, guard_card=4)
    holders = []
    for _ in range(2):
        holders.append(m.to_act)
        assert m.view(None)["passes_to"] == (m.to_act - 1) % 5
        m.apply(m.to_act, {"type": "decline"})
    assert holders == [2, 1] and m.to_act == 0  # 2 → 1 → 0: each to his 上家
    if preset == "baike":
        m.apply(0, {"type": "call", "card": "6H", "open": False})
    else:
        m.apply(0, {"type": "accept"})
        if m.round.phase == "call":
            m.apply(0, {"type": "call", "card": "6H", "open": False})
    assert m.round.emperor == 0 and m.round.phase == "play"
    play(m, 0, "QS")
    assert m.to_act == 1  # play goes to the next seat (下家)
    pass_(m, 1)
    assert m.to_act == 2


# ----- baike: choosing the emperor (§5.2) --------------------------------------------------

def test_R_EMP_B1_the_holder_calls_three_identical_cards_jokers_and_2s_included():
    m = rigged("7H 7H 7H 3S", "2C KC", "BJ 4D", "BJ BJ 2C 2C 2C", "9S", first=0, preset="baike")
    assert {"type": "call", "card": "7H", "open": False} in m.legal_actions(0)
    m.apply(0, {"type": "decline"})
    assert kinds(m, 4) == ["decline", "grab"]  # no group, no call
    m.apply(4, {"type": "decline"})
    calls = {a["card"] for a in m.legal_actions(3) if a["type"] == "call"}
    assert calls == {"BJ", "2C"}  # two BJ and the emperor card make three
    m.apply(3, {"type": "call", "card": "BJ", "open": False})
    assert m.round.emperor == 3 and m.round.guard == 2  # the fourth BJ
    assert m.view(3)["hand"].count("BJ") == 3


def test_R_EMP_B2_yielding_passes_the_emperor_card_to_the_previous_seat():
    m = rigged("7H 7H 7H", "8H 8H 8H", "", "", "", first=3, preset="baike")
    assert m.view(0)["passes_to"] == 2
    events = m.apply(3, {"type": "decline"})
    assert events[0]["to"] == 2  # 上家 (R-SEAT-1), while play goes 3 → 4
    assert events[-1] == {"type": "offer", "seat": 2, "second": False, "forced": False,
                          "bundle": ["BJ"]}
    assert m.to_act == 2 and m.view(2)["bundle"] == ["BJ"]  # nothing is attached in baike


def test_R_EMP_B3_when_all_yield_the_first_with_exactly_three_towards_previous_seats_must_call():
    m = rigged("7H 7H 7H 7H", "4S", "5D 5D 5D", "9C 9C 9C", "5D 7H 9C", first=1, preset="baike")
    for seat in (1, 0, 4, 3, 2):
        m.apply(seat, {"type": "decline"})
    # from seat 1 towards previous seats: 1 nothing, 0 holds four, 4 no group, 3 exactly three
    # (seat 2 holds three too, but comes after 3 in the card's direction)
    assert m.to_act == 3 and m.view(3)["forced"]
    assert m.legal_actions(3) == [{"type": "call", "card": "9C", "open": False}, GRAB]
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="逼庄"):
        m.apply(3, {"type": "decline"})
    assert fingerprint(m) == before
    m.apply(3, {"type": "call", "card": "9C", "open": False})
    assert m.round.emperor == 3 and m.round.guard == 4


def test_R_EMP_B4_nobody_with_three_identical_cards_voids_the_deal():
    m = rigged("7H 7H 3S", "4S", "5D", "9C", "KC", first=0, preset="baike")
    for seat in (0, 4, 3, 2, 1):
        events = m.apply(seat, {"type": "decline"})
    assert "void" in types(events) and m.round.redeal == 1  # 黄庄: dealt again


def test_R_EMP_B5_any_seat_grabs_out_of_turn_and_plays_one_against_four():
    m = rigged("7H 7H 7H 3S", "4S", "5D", "AS", "KC", first=0, preset="baike")
    assert m.to_act == 0 and m.interjections(3) == [GRAB]
    m.apply(3, GRAB)  # seat 0 is still deciding
    r = m.round
    assert (r.emperor, r.guard, r.grabbed, m.to_act) == (3, 3, True, 3)
    assert m.view(1)["solo"] and m.view(1)["seats"][3]["role"] == "emperor"
    assert all(m.interjections(s) == [] for s in range(5))  # the throne is settled
    # R-SCORE-B4 and R-END-1: the grabber out first wins 40, the round ends at once
    play(m, 3, "AS BJ")
    rec = m.records[-1].result
    assert rec.scores == (-10, -10, -10, 40, -10) and rec.places == (None, None, None, 1, None)


def test_R_SCORE_B4_a_grabber_beaten_to_the_first_place_loses_40():
    m = rigged("7H 7H 7H", "4S", "5D", "3S 4S", "KS", first=0, preset="baike")
    m.apply(3, GRAB)
    play(m, 3, "3S")
    play(m, 4, "KS")  # seat 4 is out first: the grab has failed, nothing more can change
    assert m.records[-1].result.scores == (10, 10, 10, -40, 10)


def test_R_EMP_B5_no_grab_after_a_call():
    m = rigged("7H 7H 7H 3S", "7H", "5D", "AS", "KC", first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    before = fingerprint(m)
    with pytest.raises(IllegalAction):
        m.apply(3, GRAB)
    assert fingerprint(m) == before


# ----- baike: the guard, 明保, 让牌 (§6, §7) -------------------------------------------------

def test_R_GUARD_2_three_shown_finds_the_guard_four_shown_is_an_open_solo():
    hands = ("7H 7H 7H 7H 3S", "4S", "5D", "AS", "KC")
    m = rigged(*hands, first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})  # holds the fourth: hidden solo
    assert m.round.solo and not m.view(1)["solo"] and m.view(0)["solo"]
    m = rigged(*hands, first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": True})
    assert m.round.open_solo and m.view(1)["solo"]


def test_R_GUARD_5_the_guard_may_open_himself_out_of_turn_before_the_first_lead():
    hands = ("7H 7H 7H 3S 4S", "9S", "7H 4D", "AS", "KC")
    m = rigged(*hands, first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    assert m.interjections(2) == [{"type": "open_guard"}]
    assert all(m.interjections(s) == [] for s in (0, 1, 3, 4))  # nobody else learns a thing
    assert "open_guard" not in [a["type"] for a in m.view(1)["actions"]]
    m.apply(2, {"type": "open_guard"})
    assert m.view(1)["guard"] == 2 and m.view(None)["open_guard"]
    m = rigged(*hands, first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "3S")
    assert m.interjections(2) == []  # too late once the first set is down


def test_R_TRICK_5_yielders_are_asked_again_and_only_they():
    hands = ("7H 7H 7H 3S KS", "7H 5S 9S", "4S 8S", "6S QS", "5S AS")
    m = rigged(*hands, first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "3S")
    m.apply(1, {"type": "yield"})
    pass_(m, 2)
    m.apply(3, {"type": "yield"})
    events = pass_(m, 4)
    assert events[-1] == {"type": "again", "seats": [1, 3]} and m.to_act == 1
    assert "yield" not in kinds(m, 1)  # once only
    pass_(m, 1)
    assert m.to_act == 3 and m.legal_actions(2) == []
    twin = rigged(*hands, first=0, preset="baike")
    for seat, action in m.actions:
        twin.apply(seat, action)
    play(twin, 3, "QS")  # asked again, he beats it: a new first circle
    assert twin.to_act == 4 and "yield" in kinds(twin, 4)
    events = pass_(m, 3)  # 扣牌: still nobody, the set wins the trick
    assert {"type": "trick", "seat": 0, "kou": True} in events and m.to_act == 0


def test_R_SCORE_B1_the_emperor_gets_two_thirds_the_guard_one_third():
    scores, winner = score_round(BAIKE, 0, 1, False, [1, 2, 3, 4, 5])
    assert scores == (6, 3, -3, -3, -3) and winner == "emperor"  # side total 6 + 3
    scores, _ = score_round(BAIKE, 0, 1, False, [1, 2, 3, 4, 5], open_guard=True)
    assert scores == (12, 6, -6, -6, -6)
    scores, winner = score_round(BAIKE, 0, 1, False, [4, 5, 1, 2, 3])
    assert scores == (-6, -3, 3, 3, 3) and winner == "rebels"


def test_R_SCORE_B2_a_solo_emperor_gets_his_points_each_rebel_pays_a_quarter():
    assert score_round(BAIKE, 2, 2, False, [2, 3, 1, 4, 5])[0] == (-4, -4, 16, -4, -4)
    assert score_round(BAIKE, 2, 2, True, [2, 3, 1, 4, 5])[0] == (-8, -8, 32, -8, -8)
    assert score_round(BAIKE, 2, 2, False, [1, 3, 2, 4, 5])[0] == (-1, -1, 4, -1, -1)
    assert score_round(BAIKE, 2, 2, False, [1, 2, 5, 3, 4])[0] == (4, 4, -16, 4, 4)


# ----- lianzhong: dealing and choosing the emperor (§5.3) ----------------------------------

def test_R_EMP_L1_168_cards_without_3_4_5_dealt_from_the_dealer_34_34_34_33_33():
    deal = shuffled_deal(CLASSIC, seed=5, number=1, redeal=0, dealer=3)
    assert [len(h) for h in deal.hands] == [34, 33, 33, 34, 34]
    cards = [c for h in deal.hands for c in h]
    assert len(cards) == 168 and min(rank_of(c) for c in cards) == 3  # 6 is the lowest
    assert 53 in deal.hands[deal.first_candidate]  # the emperor card is dealt like any card
    m = Match(CLASSIC, seed=5, rounds=2)
    rng = random.Random(1)
    while not m.records:
        seat = m.to_act
        m.apply(seat, rng.choice([a for a in m.legal_actions(seat) if a["type"] != "grab"]))
    emperor = m.records[0].result.emperor
    assert [m.round.count((emperor + k) % 5) for k in range(5)] == [34, 34, 34, 33, 33]


def test_R_EMP_L2_the_card_goes_to_the_previous_seat_simple_mode_attaches_a_2_or_the_highest():
    m = rigged("BJ 7H", "JS", "QS 4D", "KS 9S", "2S 9S", first=0, preset="lianzhong-simple",
               guard_card=1)
    m.apply(0, {"type": "decline"})
    assert m.to_act == 4 and m.view(4)["bundle"] == ["BJ"] and "BJ" not in m.view(0)["hand"]
    m.apply(4, {"type": "decline"})  # attaches his 2
    m.apply(3, {"type": "decline"})  # no 2: his highest card
    assert m.view(2)["bundle"] == ["BJ", "2S", "KS"]
    m.apply(2, {"type": "accept"})  # no group needed in simple mode
    assert sorted(m.view(2)["hand"]) == sorted(["QS", "4D", "BJ", "2S", "KS"])
    m = rigged("BJ 7H 7H 7H", "", "", "", "2S 9S 9S 9S", first=0, preset="lianzhong-classic")
    m.apply(0, {"type": "decline"})
    m.apply(4, {"type": "decline"})
    assert m.view(4)["hand"].count("2S") == 1  # classic: nothing is attached


def test_R_EMP_L3_classic_accepting_needs_a_group_and_the_first_holder_must_after_a_circle():
    m = rigged("BJ 7H 7H 7H", "JS", "10S 10S 10S", "9S", "8S 8S 8S 2S", first=0,
               preset="lianzhong-classic")
    m.apply(0, {"type": "decline"})
    events = m.apply(4, {"type": "decline"})
    assert {"type": "decline", "seat": 3, "auto": True, "added": None, "to": 2} in events
    assert m.to_act == 2
    m.apply(2, {"type": "decline"})  # seat 1 has no group either: back to the first holder
    assert m.to_act == 0 and m.legal_actions(0) == [{"type": "accept"}]
    assert m.view(0)["second_chance"]  # the card has been round once
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="R-EMP-L3"):
        m.apply(0, {"type": "decline"})
    assert fingerprint(m) == before


@pytest.mark.parametrize("four", ["7H 7H 7H 7H", "SJ SJ SJ SJ"])
def test_R_EMP_L3_a_first_holder_with_four_identical_cards_may_yield_again(four):
    """Seed 002: 除非沒有能力登基或者有4張同色同點的牌 (R-CARD-3: jokers of a kind too)."""
    m = rigged(f"BJ 8H 8H 8H {four}", "JS", "10S 10S 10S", "9S", "QS", first=0,
               preset="lianzhong-classic")
    m.apply(0, {"type": "decline"})
    m.apply(2, {"type": "decline"})  # 4, 3 and 1 cannot call
    assert m.to_act == 0 and m.legal_actions(0) == [{"type": "accept"}, {"type": "decline"}]
    m.apply(0, {"type": "decline"})  # the second circle: on to his 上家 again
    assert m.to_act == 2 and not m.round.phase == "void"


def test_R_EMP_L4_two_circles_without_an_emperor_void_the_deal():
    m = rigged("BJ 7H 8H", "JS QS", "10S KS", "9S AS", "8S 6S", first=0,
               preset="lianzhong-simple", guard_card=1)
    seat = 0
    for _ in range(9):
        m.apply(seat, {"type": "decline"})
        seat = (seat - 1) % 5
    assert m.round.redeal == 0 and m.to_act == 1
    events = m.apply(1, {"type": "decline"})
    assert "void" in types(events) and m.round.redeal == 1


def test_R_EMP_L5_grab_solo_the_holder_s_own_declaration_wins():
    m = rigged("BJ 7H 7H 7H", "JS", "10S", "9S", "8S", first=0, preset="lianzhong-classic",
               grab_solo=True)
    m.apply(2, GRAB)
    assert m.legal_actions(0) == [{"type": "decline"}, GRAB]  # no plain accept now
    with pytest.raises(IllegalAction, match="抢独"):
        m.apply(0, {"type": "accept"})
    m.apply(0, GRAB)
    assert (m.round.emperor, m.round.open_solo) == (0, True)


def test_R_EMP_L5_grab_solo_of_several_grabbers_the_nearest_towards_the_previous_seat_wins():
    m = rigged("BJ 7H 7H 7H", "JS", "10S", "9S", "8S", first=0, preset="lianzhong-classic",
               grab_solo=True)
    m.apply(2, GRAB)
    m.apply(3, GRAB)
    m.apply(0, {"type": "decline"})  # the holder lets them stand
    r = m.round
    assert (r.emperor, r.guard, r.open_solo, m.to_act) == (3, 3, True, 3)
    assert "BJ" in m.view(3)["hand"] and "BJ" not in m.view(0)["hand"]


# ----- lianzhong: the guard and the tricks (§6, §7) -----------------------------------------

def test_R_GUARD_4_the_marked_small_joker_makes_its_holder_the_guard():
    m = rigged("BJ 7H", "SJ 8S", "9S", "10S", "JS", first=0, preset="lianzhong-simple",
               guard_card=1)
    events = m.apply(0, {"type": "accept"})
    assert m.round.guard == 1
    assert {"type": "role", "seat": 1, "private": 1, "role": "guard", "by": "card"} in events
    assert m.view(2)["guard"] is None and m.view(2)["seats"][1]["role"] is None


def test_R_GUARD_4_the_emperor_holding_it_plays_a_hidden_solo_unless_he_declares_it():
    m = rigged("BJ SJ 7H", "8S", "9S", "10S", "JS", first=0, preset="lianzhong-simple",
               guard_card=0)
    m.apply(0, {"type": "accept"})
    assert m.view(0)["solo"] and not m.view(2)["solo"]
    assert {"type": "open_guard"} in m.legal_actions(0)
    m.apply(0, {"type": "open_guard"})
    assert m.round.open_solo and m.view(2)["solo"]


def test_R_GUARD_3_classic_chooses_a_group_of_three_of_four_or_an_open_solo_without_a_call():
    m = rigged("BJ 7H 7H 7H 7H 8H 8H 8H 3S", "8H", "9S", "10S", "JS", first=0,
               preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    assert m.round.phase == "call"
    assert m.legal_actions(0) == [
        {"type": "call", "card": "7H", "open": False},  # all four: 暗独保
        {"type": "call", "card": "8H", "open": False},  # three: a guard, 2 v 3
        {"type": "solo"},  # 明独保: declared, nothing shown
    ]
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="declared"):
        m.apply(0, {"type": "call", "card": "7H", "open": True})  # shown four: not here
    assert fingerprint(m) == before
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    assert m.round.solo and not m.round.open_solo and not m.view(1)["solo"]


def test_R_GUARD_3_classic_open_solo_needs_no_four_of_a_kind():
    m = rigged("BJ 7H 7H 7H 3S", "7H 8S", "9S", "10S", "JS", first=0, preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    events = m.apply(0, {"type": "solo"})
    assert {"type": "solo", "seat": 0} in events and "call" not in types(events)
    r = m.round
    assert (r.emperor, r.guard, r.solo, r.open_solo, r.called) == (0, 0, True, True, None)
    assert m.view(1)["solo"] and m.view(1)["guard"] == 0  # everyone knows it is 1 v 4
    assert m.view(1)["seats"][1]["role"] == "rebel"  # the 4th 7H makes nobody a guard
    play(m, 0, "3S")
    pass_(m, 1)
    pass_(m, 2)
    pass_(m, 3)
    play(m, 4, "JS")  # a rebel out first ends the open solo (R-END-1, R-SCORE-L2)
    assert m.records[0].result.scores == (-24, 6, 6, 6, 6)


def test_R_GUARD_3_qingdao_and_baike_show_four_for_an_open_solo_and_never_declare_one():
    for preset in ("qingdao", "baike"):
        m = rigged("7H 7H 7H 7H 3S", "8S", "9S", "10S", "JS", first=0, preset=preset)
        if preset == "qingdao":
            m.apply(0, {"type": "accept"})
        assert {"type": "call", "card": "7H", "open": True} in m.legal_actions(0)
        assert {"type": "solo"} not in m.legal_actions(0)
        before = fingerprint(m)
        with pytest.raises(IllegalAction):
            m.apply(0, {"type": "solo"})
        assert fingerprint(m) == before


def test_R_GUARD_6_classic_the_fourth_called_card_reveals_the_guard():
    m = rigged("BJ 7H 7H 7H 6S", "7H 8S", "9S", "10S", "JS", first=0, preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "6S")
    events = play(m, 1, "7H")
    assert {"type": "reveal", "seat": 1, "solo": False, "by": "play"} in events


def rebellious(*hands: str, guard_card: int = 1) -> Match:
    """lianzhong-simple with 造反 on; seat 0 holds the emperor card and accepts it."""
    m = rigged(*hands, first=0, preset="lianzhong-simple", guard_card=guard_card,
               rebellion=True)
    m.apply(0, {"type": "accept"})
    return m


def emperor_goes_out(m: Match, *sets: str) -> None:
    """Seat 0 leads ``sets`` one after another, every other seat passing all but the last."""
    for cards in sets[:-1]:
        play(m, 0, cards)
        for seat in range(1, 5):
            pass_(m, seat)
    play(m, 0, sets[-1])


def test_R_TRICK_7_only_rebels_are_offered_it_never_the_guard_nor_the_emperor():
    m = rebellious("BJ 7H", "SJ 8S", "9S", "10S", "JS")
    assert not PRESETS["lianzhong-simple"].rebellion  # an option, off unless chosen
    assert m.interjections(0) == []  # the emperor
    assert m.interjections(1) == [{"type": "open_guard"}]  # the guard: 明保 only
    assert all(m.interjections(s) == [{"type": "rebel"}] for s in (2, 3, 4))
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="not possible for you"):
        m.apply(1, {"type": "rebel"})  # the guard may not bluff
    assert fingerprint(m) == before
    m.apply(3, {"type": "rebel"})
    with pytest.raises(IllegalAction):
        m.apply(3, {"type": "rebel"})  # once
    assert m.interjections(3) == []


def test_R_TRICK_7_the_offer_tells_no_other_seat_who_the_guard_is():
    """R-HIDE-2: the same public position with the guard card at seat 1 or at seat 2 gives
    every other seat and a spectator the same bytes, though only rebels are offered 造反."""
    hands = ("BJ 7H", "SJ 8S", "SJ 9S", "10S", "JS")
    as_guard = {g: rebellious(*hands, guard_card=g) for g in (1, 2)}
    for m in as_guard.values():
        m.apply(3, {"type": "rebel"})
    for viewer in (0, 3, 4, None):
        views = {msgpack.packb(m.view(viewer)) for m in as_guard.values()}
        assert len(views) == 1, viewer
    assert {"type": "rebel"} in as_guard[1].view(2)["actions"]  # his own view is his
    assert {"type": "rebel"} not in as_guard[2].view(2)["actions"]


def test_R_TRICK_7_a_lone_declaration_only_marks_the_declarer():
    m = rebellious("BJ 7H", "SJ", "9S", "10S", "JS")
    events = m.apply(3, {"type": "rebel"})
    assert events == [{"type": "rebel", "seat": 3}]
    assert m.view(2)["rebels"] == [3] and m.view(2)["guard"] is None
    emperor_goes_out(m, "BJ", "7H")
    play(m, 1, "SJ")  # so does the guard: the emperor side is all out
    result = m.records[-1].result
    assert result.rebels == (3,) and not result.open_guard
    assert result.scores == (6, 3, -3, -3, -3)  # not doubled


def test_R_TRICK_7_two_rebels_reveal_the_guard_who_counts_as_open_doubled_whoever_wins():
    m = rebellious("BJ 7H", "SJ", "9S", "10S", "JS")
    m.apply(3, {"type": "rebel"})
    events = m.apply(2, {"type": "rebel"})
    assert {"type": "reveal", "seat": 1, "solo": False, "by": "rebellion"} in events
    assert m.view(4)["guard"] == 1 and m.view(4)["open_guard"]  # 造反成功
    assert m.interjections(4) == [{"type": "rebel"}]  # the third may still mark himself
    emperor_goes_out(m, "BJ", "7H")
    play(m, 1, "SJ")
    result = m.records[-1].result
    assert result.open_guard and result.rebels == (3, 2)
    assert result.scores == (12, 6, -6, -6, -6)  # the bet lost: the rebels pay double


def test_R_TRICK_7_a_rebel_who_is_out_may_still_declare():
    m = rebellious("BJ 7H 7H", "SJ 8S 8S", "9S 9S", "10S", "JS 6S")
    play(m, 0, "7H")
    pass_(m, 1)
    pass_(m, 2)
    play(m, 3, "10S")  # seat 3 is out first
    assert m.round.places[3] == 1 and m.interjections(3) == [{"type": "rebel"}]


def test_R_SCORE_L1_open_guard_and_a_successful_rebellion_double_once_not_twice():
    m = rigged("BJ 7H", "SJ", "9S", "10S", "JS", first=0, preset="lianzhong-simple",
               guard_card=1, rebellion=True)
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "open_guard"})  # 明保 before the first lead
    m.apply(3, {"type": "rebel"})
    events = m.apply(2, {"type": "rebel"})
    assert "reveal" not in types(events)  # nothing left to reveal
    emperor_goes_out(m, "BJ", "7H")
    play(m, 1, "SJ")
    assert m.records[-1].result.scores == (12, 6, -6, -6, -6)  # ×2, not ×4
    assert score_round(SIMPLE, 0, 1, False, [1, 2, 3, 4, 5], open_guard=True,
                       rebellion=True)[0] == (12, 6, -6, -6, -6)
    assert score_round(SIMPLE, 0, 1, False, [4, 5, 1, 2, 3], rebellion=True)[0] == (
        -12, -6, 6, 6, 6)


def test_R_SCORE_L2_a_hidden_solo_revealed_by_rebellion_scores_double():
    m = rebellious("BJ SJ 7H", "8S", "9S", "10S", "JS", guard_card=0)
    assert m.round.solo and not m.view(2)["solo"]
    m.apply(1, {"type": "rebel"})  # everyone else is a rebel in a solo
    events = m.apply(4, {"type": "rebel"})
    assert {"type": "reveal", "seat": 0, "solo": True, "by": "rebellion"} in events
    assert m.view(2)["solo"] and not m.view(2)["open_solo"]
    emperor_goes_out(m, "BJ", "SJ", "7H")  # out first, a hidden solo's round is over
    result = m.records[-1].result
    assert not result.open_solo and not result.open_guard
    assert result.scores == (24, -6, -6, -6, -6)  # 12 / -3, doubled


def test_R_SCORE_L2_an_open_solo_is_never_doubled_again():
    m = rebellious("BJ SJ 7H", "8S", "9S", "10S", "JS", guard_card=0)
    m.apply(0, {"type": "open_guard"})  # the emperor declares his solo (R-GUARD-4)
    m.apply(1, {"type": "rebel"})
    events = m.apply(4, {"type": "rebel"})
    assert "reveal" not in types(events)
    emperor_goes_out(m, "BJ", "SJ", "7H")
    assert m.records[-1].result.scores == (24, -6, -6, -6, -6)
    assert score_round(SIMPLE, 2, 2, True, [None, None, 1, None, None], rebellion=True)[0] == (
        -6, -6, 24, -6, -6)


def test_R_END_1_lianzhong_two_against_three_ends_when_one_side_is_all_out():
    m = rigged("BJ 7H", "8H", "9S 9S", "10S", "JS", first=0, preset="lianzhong-simple",
               guard_card=1)
    m.apply(0, {"type": "accept"})
    play(m, 0, "7H")
    play(m, 1, "8H")  # the guard is out first
    for seat in (2, 3, 4):
        pass_(m, seat)
    play(m, 0, "BJ")  # and the emperor second: nothing can change any more
    rec = m.records[-1].result
    assert rec.places == (2, 1, None, None, None) and rec.scores == (6, 3, -3, -3, -3)


# ----- options of §3: 烤牌 and 憋6 -------------------------------------------------------------

@pytest.mark.parametrize("new, old", [
    ("BJ BJ 8 8 8 8", "BJ 7 7 7 7"),
    ("BJ BJ BJ SJ 8 8", "BJ SJ 7 7 7"),
    ("BJ BJ SJ SJ", "BJ SJ"),
    ("BJ BJ SJ SJ SJ", "BJ BJ"),
    ("BJ SJ SJ", "SJ SJ"),
])
def test_R_PLAY_5_kao_the_seed_examples_roast_their_sets(new, old):
    assert beats(parse_set(new), parse_set(old), KAO)
    assert not beats(parse_set(new), parse_set(old), CLASSIC)  # only with the option
    hand = new.split() + ["6", "Q"]
    assert parse_set(new) in legal_sets([f"{c}S" if c not in ("SJ", "BJ") else c for c in hand],
                                        parse_set(old), KAO)


def test_R_PLAY_5_kao_a_roast_needs_every_joker_beaten_and_the_rest_to_beat_the_rest():
    assert not beats(parse_set("BJ 8 8 8 8"), parse_set("BJ 7 7 7 7"), KAO)  # 1 BJ < 2 needed
    assert not beats(parse_set("BJ BJ 7 7 7 7"), parse_set("BJ 7 7 7 7"), KAO)  # 7s tie
    assert not beats(parse_set("BJ BJ 8 8 8"), parse_set("BJ 7 7 7 7"), KAO)  # rest too short
    assert not beats(parse_set("BJ BJ BJ"), parse_set("SJ"), KAO)  # no unit is 3 BJ > 1 SJ
    assert beats(parse_set("SJ SJ SJ"), parse_set("BJ"), KAO)


def test_R_PLAY_5_kao_a_roasting_answer_is_played_in_a_round():
    m = rigged("BJ 7H 7H 7H BJ 7S", "7H 8S 8S 8S 8S BJ BJ", "9S", "10S", "JS", first=0,
               preset="lianzhong-classic", kao=True)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "7H 7H 7H 7S BJ")
    assert {"type": "play", "set": "8 8 8 8 BJ BJ"} in m.legal_actions(1)
    play(m, 1, "8S 8S 8S 8S BJ BJ")
    assert m.round.top == parse_set("8 8 8 8 BJ BJ")


def test_R_PLAY_6_bie6_sixes_only_all_together_in_the_last_set():
    rules = CLASSIC.with_options(bie6=True)
    sets = {str(s) for s in legal_sets(["6S", "6H", "8S"], None, rules)}
    assert sets == {"8"}
    sets = {str(s) for s in legal_sets(["6S", "6H", "SJ"], None, rules)}
    assert sets == {"SJ", "6 6 SJ"}
    m = rigged("BJ 7H 6S 6S", "8S", "9S", "10S", "JS", first=0, preset="lianzhong-simple",
               guard_card=1, bie6=True)
    m.apply(0, {"type": "accept"})
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="憋6"):
        play(m, 0, "6S")
    assert fingerprint(m) == before


def test_R_EMP_L5_a_declared_solo_stands_even_when_the_first_holder_would_be_forced():
    """R-EMP-L3 forces the first holder's accept after a circle; a 抢独 outranks it
    (found by the hypothesis properties)."""
    m = rigged("BJ 7H 7H 7H", "JS", "10S", "9S", "8S", first=0, preset="lianzhong-classic",
               grab_solo=True)
    m.apply(0, {"type": "decline"})  # the others cannot call: back to seat 0, who must accept
    assert m.to_act == 0 and m.legal_actions(0) == [{"type": "accept"}, GRAB]
    m.apply(3, GRAB)
    assert m.legal_actions(0) == [{"type": "decline"}, GRAB]
    m.apply(0, {"type": "decline"})
    assert (m.round.emperor, m.round.open_solo) == (3, True)


def test_a_rule_set_pickles_to_itself_options_and_all():
    """A replay's checkpoints pickle the match, rules and all: a preset with any options comes
    back equal (by preset and options, as one shared instance), and rules that are more than
    a preset's options (a test's, a future one's) come back field for field."""
    import dataclasses
    import pickle

    from strategies import RULES

    for rules in RULES:
        again = pickle.loads(pickle.dumps(rules))
        assert again == rules and again.options() == rules.options()
    odd = dataclasses.replace(PRESETS["qingdao"], throne=PRESETS["baike"].throne)
    again = pickle.loads(pickle.dumps(odd))
    assert again == odd and again.throne == PRESETS["baike"].throne
