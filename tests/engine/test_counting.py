"""The ``normal`` bot counts cards: sets nobody can beat any more win a hand that is all such
sets but one (R-TRICK-1..3: each comes back to its player, and a lead of the last set goes
out). What may beat a set is the preset's: Weifang's GC, kills and bombs too."""

from __future__ import annotations

from bhtui.bots import CountingBot, HeuristicBot
from bhtui.bots.counting import unbeatable, unseen_ranks
from bhtui.cards import GC_RANK, RANKS_WITH_GC, TWO, parse_card, rank_of
from bhtui.rules import get_preset, parse_set
from bhtui.sim import play_match

from helpers import play, rigged

FOURS = "4S 4S 4S 4S 4H 4H 4H 4H 4D"


def test_what_is_still_out_is_the_deck_less_my_hand_and_every_card_played():
    m = rigged("7H 7H 7H 3S 5S", "7H 9S", "8C 8D", "5D", "KC")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "3S")
    play(m, 1, "9S")
    unseen = unseen_ranks(m.reading(2))
    assert unseen[0] == 15 and unseen[6] == 15 and unseen[5] == 14  # 3s, 9s, 8s (mine)
    assert unseen[14] == 4  # the emperor card too: it is in the emperor's hand
    qingdao, kao = m.rules, get_preset("lianzhong-classic").with_options(kao=True)
    assert unbeatable(parse_set("8 8"), unseen, longest=1, rules=qingdao)  # nobody holds two
    assert not unbeatable(parse_set("8 8"), unseen, longest=2, rules=qingdao)
    assert unbeatable(parse_set("SJ BJ"), unseen, longest=9, rules=qingdao)
    assert not unbeatable(parse_set("SJ BJ"), unseen, longest=9, rules=kao)  # R-PLAY-5


def test_R_TRICK_1_normal_leads_its_unbeatable_groups_first_and_goes_out_first():
    hands = ("7H 7H 7H 3S 9S 9S 9S 9S", "7H 4S", "8C 8D", "5D", "KC")
    m = rigged(*hands, rounds=1)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    assert HeuristicBot().decide(m.legal_actions(0)) == {"type": "play", "set": "3"}
    assert CountingBot().decide(m.legal_actions(0)) == {"type": "play", "set": "7 7 7"}
    play_match(m, [CountingBot()] + [HeuristicBot() for _ in range(4)])
    assert m.records[0].result.places[0] == 1


def test_R_TRICK_3_normal_spends_two_big_jokers_when_the_rest_of_its_hand_then_goes_out():
    m = rigged("7H 7H 7H 5S 5S 6S 6S 6S 6S 6S", "8C 8C 9D", f"BJ BJ {FOURS}", "10S 10S", "7H 3S")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "5S 5S")
    play(m, 1, "8C 8C")  # seat 1: a rebel or the guard, for all seat 2 knows
    assert HeuristicBot().decide(m.legal_actions(2)) == {"type": "pass"}
    assert CountingBot().decide(m.legal_actions(2)) == {"type": "play", "set": "BJ BJ"}


def test_R_WF_RANK_1_from_the_call_on_the_fourth_copy_is_counted_as_the_GC():
    m = rigged("BJ 9H 9H 9H 8D", "9H 4S", "10S", "JS", "QS", preset="weifang", rounds=1)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "9H", "open": False})
    nine = rank_of(parse_card("9H"))
    rebel, guard = unseen_ranks(m.reading(2)), unseen_ranks(m.reading(1))
    assert rebel[GC_RANK] == 1 and rebel[nine] == 16 - 1
    assert guard[GC_RANK] == 0 and guard[nine] == 16 - 1  # the guard holds the GC himself


def test_R_WF_PLAY_1_2_R_WF_BOMB_1_a_set_is_unbeatable_only_when_no_GC_kill_or_bomb_is_out():
    weifang = get_preset("weifang")
    unseen = [0] * RANKS_WITH_GC
    unseen[GC_RANK] = 1
    assert not unbeatable(parse_set("BJ"), unseen, longest=5, rules=weifang)  # GC over BJ
    unseen[GC_RANK], unseen[TWO] = 0, 3
    assert not unbeatable(parse_set("BJ"), unseen, longest=5, rules=weifang)  # 2 2 2 kills it
    assert unbeatable(parse_set("BJ"), unseen, longest=5,
                      rules=weifang.with_options(two_kill="off"))
    unseen[TWO] = 2
    assert unbeatable(parse_set("BJ"), unseen, longest=5, rules=weifang)
    bombs = weifang.with_options(bombs="rank4plus")
    unseen[rank_of(parse_card("5S"))] = 4
    assert not unbeatable(parse_set("SJ BJ"), unseen, longest=4, rules=bombs)  # 5 5 5 5
    assert unbeatable(parse_set("SJ BJ"), unseen, longest=3, rules=bombs)  # nobody holds four
