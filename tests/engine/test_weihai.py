"""The weihai preset (docs/baohuang-towns.md §1), one test per rule on rigged deals of the real
engine: the 165-card deck, the marked cards, 明渡, abdication, 明保 / 造反 / 踢 before play,
pure 憋6, 逼死, scoring with its multiplier."""

from __future__ import annotations

from collections import Counter

import pytest

from bhtui.cards import SJ, card_text, deck
from bhtui.rules import PRESETS, IllegalAction, Match
from bhtui.rules.deal import shuffled_deal
from bhtui.rules.scoring import score_round

from helpers import fingerprint, pass_, play, rigged, to_second_round, types

WEIHAI = PRESETS["weihai"]
SKIP = {"type": "skip"}


def weihai(*hands: str, first: int = 0, guard: int = 1, rounds: int | None = 1,
           **options: object) -> Match:
    """A weihai match on these hands: ``first`` holds the emperor card (a BJ), ``guard`` the
    marked SJ."""
    return rigged(*hands, first=first, guard_card=guard, preset="weihai", rounds=rounds,
                  **options)


def no_grabs(m: Match) -> None:
    for _ in range(5):
        m.apply(m.to_act, SKIP)


def asked(m: Match) -> list[int]:
    """Answer every step before play with a skip; the seats asked, in order."""
    seats = []
    while m.round.phase == "declare":
        seats.append(m.to_act)
        m.apply(m.to_act, SKIP)
    return seats


def kinds(m: Match, seat: int) -> list[str]:
    return [a["type"] for a in m.legal_actions(seat)]


HANDS = ("BJ 7H 7S 8D", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS")  # 0 emperor, 1 guard


# ----- cards and deal -------------------------------------------------------------------------
def test_R_WH_DECK_1_165_cards_no_3_4_5_and_three_6s_fewer():
    cards = Counter(card_text(c) for c in deck(165))
    assert sum(cards.values()) == 165
    sixes = {k: v for k, v in cards.items() if k.startswith("6")}
    assert sixes == {"6S": 3, "6H": 3, "6C": 3, "6D": 4}  # 13 sixes
    for rank in ("7", "10", "K", "2"):
        assert sum(v for k, v in cards.items() if k[:-1] == rank) == 16
    assert cards["SJ"] == cards["BJ"] == 4
    assert not any(k[:-1] in ("3", "4", "5") for k in cards)


def test_R_WH_DEAL_1_all_165_dealt_33_each_from_a_seeded_seat():
    deals = [shuffled_deal(WEIHAI, seed, 1, 0, None) for seed in range(12)]
    for deal in deals:
        assert [len(h) for h in deal.hands] == [33] * 5
        assert 53 in deal.hands[deal.first_candidate]  # the emperor card, dealt like any card
        assert deal.guard_card is not None and SJ in deal.hands[deal.guard_card]
    assert len({d.dealer for d in deals}) > 1  # the start seat comes from the seed


def test_R_WH_DECK_2_R_WH_ROLE_1_the_holders_of_the_marked_cards_are_emperor_and_secret_guard():
    m = weihai(*HANDS)
    r = m.round
    assert (r.emperor, r.guard) == (0, 1)  # from the deal, no call (R-WH-ROLE-3)
    assert m.view(None)["emperor"] == 0 and m.view(None)["guard"] is None
    assert m.view(1)["seats"][1]["role"] == "guard"
    assert all(m.view(s)["seats"][1]["role"] is None for s in (0, 2, 3, 4))
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    # in play the marked cards are an ordinary BJ and SJ (R-WH-DECK-2): the SJ shows nobody
    play(m, 0, "8D")
    play(m, 1, "SJ")
    assert m.view(None)["guard"] is None


def test_R_WH_ROLE_3_nobody_calls_a_group():
    m = weihai(*HANDS)
    no_grabs(m)
    assert kinds(m, 0) == ["accept"]  # keep the throne: no call follows
    m.apply(0, {"type": "accept"})
    assert m.round.phase == "declare" and m.round.called is None


def test_R_WH_DIR_1_play_goes_to_the_next_seat():
    m = weihai(*HANDS)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    play(m, 0, "8D")
    assert m.to_act == 1


# ----- 明渡 (R-WH-GRAB-1) ------------------------------------------------------------------
def test_R_WH_GRAB_1_a_grab_before_anything_else_makes_an_open_solo_and_voids_the_marks():
    m = weihai(*HANDS)
    assert m.round.phase == "grab" and kinds(m, 0) == ["grab", "skip"]
    m.apply(0, SKIP)
    assert m.to_act == 4  # asked from the holder in the order of R-EMP-Q6 (Project decision)
    events = m.apply(4, {"type": "grab"})
    r = m.round
    assert (r.emperor, r.guard, r.open_solo, r.grabbed) == (4, 4, True, True)
    assert m.view(0)["hand"].count("BJ") == 1  # the emperor card stays: an ordinary joker
    assert [e["role"] for e in events if e["type"] == "role"] == ["rebel"] * 4 + ["emperor"]
    assert r.phase == "play" and m.to_act == 4  # no 造反 or 踢 (R-WH-DECL-4); he leads


# ----- the throne (R-WH-THRONE-*) ----------------------------------------------------------
BOTH = ("BJ SJ 7H 7S 8D", "9H 9S", "10H 10S", "JH JS", "QH QS")  # seat 0 holds both


def test_R_WH_THRONE_1_only_a_holder_of_both_marked_cards_may_abdicate():
    m = weihai(*HANDS)
    no_grabs(m)
    before = fingerprint(m)
    with pytest.raises(IllegalAction):
        m.apply(0, {"type": "abdicate"})
    assert fingerprint(m) == before
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    assert kinds(m, 0) == ["accept", "abdicate", "solo"]


def test_R_WH_THRONE_2_3_5_abdication_goes_to_the_seat_after_next_whose_guard_is_public():
    """R-WH-THRONE-2, R-WH-THRONE-3, R-WH-THRONE-5."""
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    assert m.view(3)["passes_to"] == 2  # 隔一个的下家
    events = m.apply(0, {"type": "abdicate"})
    r = m.round
    assert ("abdicate", 0, 2) in [(e["type"], e.get("seat"), e.get("to")) for e in events]
    assert (r.emperor, r.guard, r.solo) == (2, 0, False)  # 2 v 3 (R-WH-THRONE-3)
    assert m.view(2)["hand"].count("BJ") == 1 and m.view(0)["hand"].count("SJ") == 1
    assert m.view(4)["guard"] == 0 and r.open_guard  # the 明保 state (R-WH-THRONE-5)
    assert r.phase == "declare" and r.step == "kick"  # no 明保 or 造反 left to ask


def test_R_WH_THRONE_4_the_receiver_may_not_pass_again():
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    m.apply(0, {"type": "abdicate"})
    assert m.round.emperor == 2 and "decline" not in kinds(m, 2)


def test_R_WH_THRONE_4_abdicate_chain_moves_on_and_all_refusing_loses_for_the_abdicator():
    m = weihai(*BOTH, guard=0, abdicate_chain=True)
    no_grabs(m)
    m.apply(0, {"type": "abdicate"})
    assert m.to_act == 2 and kinds(m, 2) == ["accept", "decline"]
    order = []
    while not m.over:
        order.append(m.to_act)
        m.apply(m.to_act, {"type": "decline"})
    assert order == [2, 3, 4, 1]  # one seat at a time, past the abdicator
    result = m.records[0].result
    assert result.scores == (-12, 3, 3, 3, 3)  # a lost hidden solo (Decision, §8.2)
    assert result.abdicated and result.winner == "rebels"


def test_R_WH_THRONE_4_abdicate_chain_a_receiver_who_accepts_is_emperor():
    m = weihai(*BOTH, guard=0, abdicate_chain=True)
    no_grabs(m)
    m.apply(0, {"type": "abdicate"})
    m.apply(2, {"type": "decline"})
    m.apply(3, {"type": "accept"})
    assert (m.round.emperor, m.round.guard) == (3, 0)


def test_R_WH_THRONE_6_the_holder_of_the_emperor_card_is_always_emperor():
    m = weihai(*HANDS)
    no_grabs(m)
    assert kinds(m, 0) == ["accept"]  # no passing, no 逼位, no void deal
    before = fingerprint(m)
    with pytest.raises(IllegalAction):
        m.apply(0, {"type": "decline"})
    assert fingerprint(m) == before


def test_R_WH_ROLE_2_a_holder_of_both_plays_a_hidden_solo_or_shows_the_guard_card():
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    assert m.round.solo and not m.round.open_solo
    assert not m.view(3)["solo"]  # hidden: the others are not told
    assert asked(m) == [1, 2, 3, 4, 1, 2, 3, 4]  # 明保 and 造反 asked as in any round
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    m.apply(0, {"type": "solo"})  # shows the guard card: an open solo (Decision)
    assert m.round.open_solo and m.view(3)["solo"] and m.round.phase == "play"


# ----- the abdicate_mode = tv ring (§1.10) -------------------------------------------------
def test_R_WH_THRONE_1_tv_mode_any_emperor_passes_to_the_next_seat_and_five_refusals_force():
    m = weihai(*HANDS, abdicate_mode="tv")
    no_grabs(m)
    assert m.round.phase == "throne" and kinds(m, 0) == ["accept", "decline"]
    order = []
    for _ in range(5):
        order.append(m.to_act)
        m.apply(m.to_act, {"type": "decline"})
    assert order == [0, 1, 2, 3, 4] and m.to_act == 0
    assert kinds(m, 0) == ["accept"]  # 逼位: the first holder must ascend
    m.apply(0, {"type": "accept"})
    assert (m.round.emperor, m.round.guard) == (0, 1)


def test_R_WH_ROLE_2_tv_mode_a_holder_of_both_may_not_pass_but_the_guard_card_holder_may():
    m = weihai(*BOTH, guard=0, abdicate_mode="tv")
    no_grabs(m)
    assert kinds(m, 0) == ["accept", "solo"]  # 独保
    m = weihai(*HANDS, abdicate_mode="tv")
    no_grabs(m)
    m.apply(0, {"type": "decline"})
    assert kinds(m, 1) == ["accept", "decline", "solo"]  # 让独: ascend alone, or pass on
    m.apply(1, {"type": "accept"})
    assert m.round.solo and m.round.emperor == 1


# ----- declarations before play (R-WH-DECL-*) ----------------------------------------------
def test_R_WH_DECL_1_grab_then_throne_then_open_guard_rebellion_and_kick_in_that_order():
    m = weihai(*HANDS)
    assert m.round.phase == "grab"
    no_grabs(m)
    assert m.round.phase == "throne"
    m.apply(0, {"type": "accept"})
    r = m.round
    assert (r.phase, r.step, m.to_act) == ("declare", "open_guard", 1)
    # every other seat is asked, in play order from the emperor's next: only the guard may 明保
    assert [kinds(m, s) for s in range(5)] == [[], ["open_guard", "skip"], [], [], []]
    for seat in (1, 2, 3, 4):
        assert m.to_act == seat
        m.apply(seat, SKIP)
    assert r.step == "rebel" and m.to_act == 1 and kinds(m, 1) == ["skip"]
    m.apply(1, SKIP)
    assert kinds(m, 2) == ["rebel", "skip"]
    for seat in (2, 3, 4):
        m.apply(seat, SKIP)
    assert r.phase == "play" and m.to_act == 0  # nobody opened or rebelled: no kick (R-WH-TRICK-1)


def test_R_WH_DECL_1_open_guard_ends_its_step_and_the_rebels_may_kick():
    m = weihai(*HANDS)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "open_guard"})
    r = m.round
    assert r.open_guard and m.view(3)["guard"] == 1
    assert r.step == "kick" and r.asking == [2, 3, 4]  # 造反 needs a hidden guard: skipped


def to_rebellion(m: Match) -> Match:
    """Past the grab round, the emperor's decision and the 明保 step: 造反 is asked."""
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    for seat in (1, 2, 3, 4):
        m.apply(seat, SKIP)
    return m


def test_R_WH_DECL_2_two_rebels_reveal_the_guard_one_changes_nothing():
    m = to_rebellion(weihai(*HANDS))
    m.apply(1, SKIP)
    m.apply(2, {"type": "rebel"})
    assert not m.round.guard_revealed and m.view(4)["rebels"] == [2]  # a lone one is public
    events = m.apply(3, {"type": "rebel"})
    assert {"type": "reveal", "seat": 1, "solo": False, "by": "rebellion"} in events
    assert m.round.open_guard and m.view(4)["guard"] == 1


def test_R_WH_DECL_2_the_step_ends_once_the_rebellion_has_shown_the_guard():
    """Rebels declare "while the guard is still hidden": once two have, nobody after them is
    asked (seat 4 was, a third rebel declaring for nothing, and the shown guard before him
    in another order); the kicks come next."""
    m = to_rebellion(weihai(*HANDS))
    m.apply(1, SKIP)
    m.apply(2, {"type": "rebel"})
    m.apply(3, {"type": "rebel"})
    assert m.round.step == "kick" and 4 not in m.round.asking and kinds(m, 4) == []


def test_R_WH_DECL_2_a_hidden_solo_exposed_by_rebels_is_shown_to_be_a_solo():
    m = to_rebellion(weihai(*BOTH, guard=0))
    m.apply(1, {"type": "rebel"})
    m.apply(2, {"type": "rebel"})
    assert m.view(3)["solo"] and m.view(3)["guard"] == 0


def _to_kick(m: Match) -> None:
    to_rebellion(m)
    m.apply(1, SKIP)
    m.apply(2, {"type": "rebel"})
    m.apply(3, {"type": "rebel"})


def test_R_WH_DECL_3_after_a_rebellion_one_royal_kick_is_enough():
    m = weihai(*HANDS)
    _to_kick(m)
    r = m.round
    assert r.step == "kick" and r.asking == [1, 0]  # the emperor and the guard, in play order
    m.apply(1, {"type": "kick"})
    m.apply(0, SKIP)
    assert r.kicks == ["royals"] and r.phase == "play"


def test_R_WH_DECL_3_after_open_guard_two_rebels_must_kick():
    m = weihai(*HANDS)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "open_guard"})
    m.apply(2, {"type": "kick"})
    m.apply(3, SKIP)
    m.apply(4, SKIP)
    assert m.round.kicks == []  # one rebel is not enough (Decision)
    m = weihai(*HANDS)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "open_guard"})
    m.apply(2, {"type": "kick"})
    m.apply(3, {"type": "kick"})
    m.apply(4, SKIP)
    assert m.round.kicks == ["rebels"] and m.round.phase == "play"


def test_R_WH_DECL_3_one_kick_a_round_unless_rekick_lets_the_other_side_answer():
    m = weihai(*HANDS)
    _to_kick(m)
    m.apply(1, {"type": "kick"})
    m.apply(0, SKIP)
    assert m.round.phase == "play"  # no 反踢 by default
    m = weihai(*HANDS, rekick=True)
    _to_kick(m)
    m.apply(1, {"type": "kick"})
    m.apply(0, SKIP)
    r = m.round
    assert r.step == "rekick" and r.asking == [2, 3, 4]
    m.apply(2, {"type": "kick"})
    m.apply(3, {"type": "kick"})
    m.apply(4, SKIP)
    assert r.kicks == ["royals", "rebels"] and r.phase == "play"


def test_R_WH_DECL_4_an_open_solo_has_no_rebellion_and_no_kick():
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    m.apply(0, {"type": "solo"})
    assert m.round.phase == "play" and m.round.step is None


# ----- sets and play --------------------------------------------------------------------------
def test_R_WH_PLAY_1_sets_compare_card_by_card_and_there_are_no_bombs():
    from bhtui.rules import beats, parse_set

    assert beats(parse_set("J J J SJ"), parse_set("9 9 9 9"), WEIHAI)  # W3's example
    assert beats(parse_set("A A A BJ"), parse_set("J J J SJ"), WEIHAI)
    assert not beats(parse_set("10 10 10 10 10"), parse_set("9 9 9 9"), WEIHAI)
    assert beats(parse_set("2 2 BJ"), parse_set("A A SJ"), WEIHAI)  # jokers go on 2s


def test_R_WH_PLAY_2_sixes_go_out_last_all_of_them_and_nothing_else():
    m = weihai("BJ 6S 6H 8D", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS")
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    leads = {a.get("set") for a in m.legal_actions(0)}
    assert leads == {"8", "BJ", "8 BJ"}  # no 6s while other cards remain
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="憋6"):
        play(m, 0, "6S 6H")
    assert fingerprint(m) == before
    play(m, 0, "8D")
    for seat in (1, 2, 3, 4):
        pass_(m, seat)
    assert {a.get("set") for a in m.legal_actions(0)} == {"BJ"}  # not 6 6 BJ: pure (W6)
    m = weihai("BJ 6S 6H", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS", bie6_pure=False)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    assert {a.get("set") for a in m.legal_actions(0)} == {"BJ", "6 6 BJ"}


STUCK_HANDS = ("BJ 8D AS", "SJ 9H", "6H 6S KD", "JH JS", "QH QS")


def _stuck_round(**options: object) -> tuple[Match, list[dict]]:
    m = weihai(*STUCK_HANDS, **options)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    play(m, 0, "8D")
    pass_(m, 1)
    assert "stuck" not in types(play(m, 2, "KD"))  # 6 6 left, his own set on top
    pass_(m, 3)
    pass_(m, 4)
    play(m, 0, "AS")
    return m, pass_(m, 1)


def test_R_WH_STUCK_1_a_hand_of_6s_facing_a_set_is_stuck_at_the_bottom_under_the_option():
    m, events = _stuck_round(stuck=True)
    assert {"type": "stuck", "seat": 2, "by": 0, "place": 5} in events
    assert m.round.places[2] == 5 and m.to_act == 3
    pass_(m, 3)
    pass_(m, 4)
    play(m, 0, "BJ")  # 1st
    for seat in (1, 3, 4):
        pass_(m, seat)
    play(m, 1, "9H")  # 接风
    pass_(m, 3)
    pass_(m, 4)
    play(m, 1, "SJ")  # 2nd: the emperor's side is out (R-WH-END-1)
    result = m.records[0].result
    assert result.places == (1, 2, 5, None, None) and result.stuck == ((2, 0),)
    assert result.scores == (6, 3, -3, -3, -3)  # no penalty unless chosen


def test_R_WH_STUCK_1_stuck_penalty_the_stuck_player_pays_whoever_stuck_him():
    m, _ = _stuck_round(stuck=True, stuck_penalty=True)
    for seat in (3, 4):
        pass_(m, seat)
    play(m, 0, "BJ")
    for seat in (1, 3, 4):
        pass_(m, seat)
    play(m, 1, "9H")
    pass_(m, 3)
    pass_(m, 4)
    play(m, 1, "SJ")
    assert m.records[0].result.scores == (6 + 3, 3, -3 - 3, -3, -3)  # Project decision


def test_R_WH_STUCK_1_without_the_option_a_hand_of_6s_keeps_passing():
    hands = ("BJ 8D AS AH", "SJ 9H 9S", "6H 6S KD", "JH JS", "QH QS")
    m = weihai(*hands)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    play(m, 0, "8D")
    pass_(m, 1)
    play(m, 2, "KD")  # 6 6 left
    pass_(m, 3)
    pass_(m, 4)
    play(m, 0, "AS")
    pass_(m, 1)
    assert m.to_act == 2 and m.round.places[2] is None and kinds(m, 2) == ["pass"]


# ----- tricks, end, scores ---------------------------------------------------------------------
def test_R_WH_TRICK_1_the_emperor_leads_after_an_abdication_the_new_one():
    m = weihai(*HANDS)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    assert m.to_act == 0 and m.round.leader == 0
    m = weihai(*BOTH, guard=0)
    no_grabs(m)
    m.apply(0, {"type": "abdicate"})
    asked(m)
    assert m.to_act == 2  # the receiver leads (W5)


def _crowned(*hands: str, guard: int = 1, **options: object) -> Match:
    m = weihai(*hands, guard=guard, **options)
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    asked(m)
    return m


def test_R_WH_END_1_R_WH_SCORE_1_a_side_all_out_ends_the_round_scored_6_3_0():
    m = _crowned("BJ", "SJ", "10H 10S", "JH JS", "QH QS")
    play(m, 0, "BJ")
    for seat in (1, 2, 3, 4):
        pass_(m, seat)
    play(m, 1, "SJ")  # 接风; the emperor's side is all out: ended early
    result = m.records[0].result
    assert result.places == (1, 2, None, None, None)
    # points 6 + 3 = 9: the emperor 2/3, the guard 1/3, each rebel a third of −9
    assert result.scores == (6, 3, -3, -3, -3) and sum(result.scores) == 0


@pytest.mark.parametrize("emperor_place, guard_place, emperor, guard, rebel", [
    (1, 2, 6, 3, -3), (1, 5, 0, 0, 0), (2, 4, 0, 0, 0), (3, 4, -2, -1, 1), (4, 5, -6, -3, 3),
])
def test_R_WH_SCORE_1_place_points_6_3_0_shared_two_thirds_one_third(emperor_place, guard_place,
                                                                      emperor, guard, rebel):
    places = [emperor_place, guard_place] + [p for p in range(1, 6)
                                             if p not in (emperor_place, guard_place)]
    scores, winner = score_round(WEIHAI, 0, 1, False, places)
    assert scores == (emperor, guard, rebel, rebel, rebel)
    assert winner == ("emperor" if emperor > 0 else "rebels" if emperor < 0 else None)


@pytest.mark.parametrize("place, open_solo, emperor, rebel", [
    (1, False, 12, -3), (2, False, 0, 0), (3, False, -12, 3), (5, False, -12, 3),
    (1, True, 24, -6), (2, True, -24, 6),
])
def test_R_WH_SCORE_2_a_hidden_solo_wins_first_draws_second_an_open_one_only_wins_first(
        place, open_solo, emperor, rebel):
    places = [place] + [p for p in range(1, 6) if p != place]
    scores, _ = score_round(WEIHAI, 0, 0, open_solo, places)
    assert scores == (emperor, rebel, rebel, rebel, rebel)


def test_R_WH_END_1_a_hidden_solo_ends_once_the_emperors_place_is_settled():
    m = _crowned("BJ SJ 8D", "9H", "10H", "JH", "QH", guard=0)
    play(m, 0, "8D")
    play(m, 1, "9H")  # 1st
    assert not m.over
    play(m, 2, "10H")  # 2nd: the emperor can be 3rd at best
    result = m.records[0].result
    assert result.places == (None, 1, 2, None, None)
    assert result.scores == (-12, 3, 3, 3, 3)


def test_R_WH_END_1_an_open_solo_ends_when_anyone_is_out():
    m = weihai("BJ SJ 8D", "9H", "10H", "JH", "QH", guard=0)
    no_grabs(m)
    m.apply(0, {"type": "solo"})
    play(m, 0, "8D")
    play(m, 1, "9H")
    assert m.records[0].result.scores == (-24, 6, 6, 6, 6)


# ----- the multiplier (R-WH-MULT-1) ---------------------------------------------------------
def test_R_WH_MULT_1_open_guard_doubles_a_kick_doubles_again_at_most_four():
    assert score_round(WEIHAI, 0, 1, False, [1, 2, 3, 4, 5], open_guard=True)[0] == (
        12, 6, -6, -6, -6)
    assert score_round(WEIHAI, 0, 1, False, [1, 2, 3, 4, 5], open_guard=True, kicks=1)[0] == (
        24, 12, -12, -12, -12)
    # a hidden solo exposed by 造反 takes ×2 too; an open solo nothing beyond its table
    assert score_round(WEIHAI, 0, 0, False, [1, 2, 3, 4, 5], rebellion=True)[0][0] == 24
    assert score_round(WEIHAI, 0, 0, True, [1, 2, 3, 4, 5], rebellion=True, kicks=1)[0][0] == 24


def test_R_WH_MULT_1_a_kicked_round_is_scored_four_times_whoever_wins():
    m = weihai("BJ", "SJ 9H", "10H 10S", "JH JS", "QH QS")
    no_grabs(m)
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "open_guard"})  # ×2
    m.apply(2, {"type": "kick"})
    m.apply(3, {"type": "kick"})  # ×2 more
    m.apply(4, SKIP)
    play(m, 0, "BJ")
    for seat in (1, 2, 3, 4):
        pass_(m, seat)
    play(m, 1, "9H")
    for seat in (2, 3, 4):
        pass_(m, seat)
    play(m, 1, "SJ")
    record = m.records[0]
    assert record.result.multiplier == 4 and record.result.scores == (24, 12, -12, -12, -12)
    assert record.as_dict()["kicks"] == 1 and record.as_dict()["open_guard"]


# ----- tribute and match ----------------------------------------------------------------------
def test_R_WH_TRIB_1_no_tribute_unless_the_option_and_then_never_a_marked_card():
    assert not WEIHAI.tribute and to_second_round(WEIHAI, 4).round.tribute == []
    rules = WEIHAI.with_options(tribute=True)
    paid = [m for m in (to_second_round(rules, seed) for seed in range(12)) if m.round.tribute]
    assert paid  # spec §9: the losers' highest cards
    for m in paid:
        r = m.round
        assert r.hands[r.first_candidate][53] >= 1  # the emperor card stayed with its holder
        assert r.guard_card is not None and r.hands[r.guard_card][52] >= 1  # the guard card too
        assert (r.emperor, r.guard) == (r.first_candidate, r.guard_card)


def test_R_WH_MATCH_1_totals_add_up_the_rounds():
    from bhtui.bots import make_bot
    from bhtui.sim import play_match

    m = Match(WEIHAI, seed=8, rounds=3)
    play_match(m, [make_bot("heuristic") for _ in range(5)])
    assert len(m.records) == 3 and m.over
    assert m.totals == [sum(r.result.scores[s] for r in m.records) for s in range(5)]


def test_R_HIDE_2_R_WH_ROLE_2_a_hidden_solo_is_not_told_by_the_throne_or_the_steps():
    """Two deals alike but for who holds the marked SJ (the emperor himself, or seat 1):
    through the grab round, the emperor's decision and every step asked before play, seats
    2, 3, 4 and spectators receive the same bytes."""
    import msgpack

    hands = ("BJ SJ 7H 7S 8D", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS")
    solo, guarded = weihai(*hands, guard=0), weihai(*hands, guard=1)
    for _ in range(40):
        for viewer in (2, 3, 4, None):
            assert msgpack.packb(solo.view(viewer)) == msgpack.packb(guarded.view(viewer))
        if solo.round.phase == "play":
            break
        assert solo.to_act == guarded.to_act
        seat = solo.to_act
        answer = {"type": "accept"} if solo.round.phase == "throne" else SKIP
        solo.apply(seat, answer)
        guarded.apply(seat, dict(answer))
    assert solo.round.phase == guarded.round.phase == "play"
