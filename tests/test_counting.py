"""The ``normal`` bot counts cards: sets nobody can beat any more win a hand that is all such
sets but one (R-TRICK-1..3: each comes back to its player, and a lead of the last set goes
out)."""

from __future__ import annotations

from bhtui.bots import CountingBot, HeuristicBot
from bhtui.bots.counting import unbeatable, unseen_ranks
from bhtui.rules import parse_set
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
    assert unbeatable(parse_set("8 8"), unseen, longest=1, kao=False)  # nobody holds two
    assert not unbeatable(parse_set("8 8"), unseen, longest=2, kao=False)
    assert unbeatable(parse_set("SJ BJ"), unseen, longest=9, kao=False)
    assert not unbeatable(parse_set("SJ BJ"), unseen, longest=9, kao=True)  # R-PLAY-5


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
