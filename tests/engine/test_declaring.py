"""What ``hard`` takes Weihai's steps before play to come to in a deal (R-WH-DECL-1..3): the
answers after its own are ``normal``'s, counted as the engine counts them."""

from __future__ import annotations

from bhtui.bots.declaring import Declared, asking, see_through
from bhtui.cards import BJ_RANK, RANKS_WITH_GC, SJ_RANK
from bhtui.rules import Match

from helpers import rigged

WEAK, STRONG = [0] * RANKS_WITH_GC, [0] * RANKS_WITH_GC
WEAK[0] = 10
STRONG[BJ_RANK], STRONG[SJ_RANK] = 4, 2  # strength 16: normal rebels and kicks from 14


def asked(seat: int, kinds: set[str], **options: bool) -> Match:
    """Weihai, seat 0 emperor (the marked BJ), seat 1 his hidden guard (the marked SJ),
    everyone keeping or saying no until ``seat`` is offered ``kinds``."""
    m = rigged("BJ 7H 7S 8D", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS", first=0,
               guard_card=1, preset="weihai", rounds=1, **options)
    while m.to_act != seat or m.legal_actions(seat).kinds != kinds:
        m.apply(m.to_act, next(a for a in m.legal_actions(m.to_act)
                               if a["type"] in ("skip", "accept")))
    return m


def at_seat_2s_rebellion() -> Match:
    """Nobody showed the guard: the 造反 step asks seat 1 (no), then seat 2."""
    return asked(2, {"rebel", "skip"})


def test_R_WH_DECL_2_a_second_rebel_makes_the_rebellion_and_a_royal_kicks_it():
    """Seat 3 would declare too: declaring makes two (the guard shown, 明保's doubling), and
    the emperor's strong hand kicks (after a rebellion one royal is enough, R-WH-DECL-3)."""
    r = at_seat_2s_rebellion().reading(2)
    hands = [STRONG, WEAK, WEAK, STRONG, WEAK]
    assert see_through(r.rules, hands, 1, asking(r), "rebel") == Declared(True, True, True, 1)
    assert see_through(r.rules, hands, 1, asking(r), "skip") == Declared(False, False, False, 0)


def test_R_WH_DECL_2_a_lone_rebel_changes_nothing_and_the_guard_never_rebels():
    """Only seat 1, the guard, holds a strong hand: he is not asked to rebel, so seat 2's
    declaration stays alone and the guard stays hidden."""
    r = at_seat_2s_rebellion().reading(2)
    hands = [WEAK, STRONG, WEAK, WEAK, WEAK]
    assert see_through(r.rules, hands, 1, asking(r), "rebel") == Declared(False, False, False, 0)


def test_R_WH_DECL_4_a_hidden_solo_shown_by_rebels_is_no_open_guard():
    """In a deal where the emperor holds the guard card himself, seat 3 and I show his
    solo: a rebellion (its own doubling), no 明保, and no royal strong enough to kick."""
    r = at_seat_2s_rebellion().reading(2)
    hands = [WEAK, WEAK, WEAK, STRONG, WEAK]
    assert see_through(r.rules, hands, 0, asking(r), "rebel") == Declared(True, False, True, 0)


def test_R_WH_DECL_3_a_shown_guard_is_kicked_and_under_rekick_kicks_back_by_his_hand():
    """Seat 1, the guard, weighs 明保: shown, the rebels' two strong hands kick (two are
    needed), and under ``rekick`` his own strong hand kicks back (one royal is enough) —
    at that later step his answer is ``normal``'s, not the 明保 he is weighing. Not shown,
    the same two rebels rebel, he kicks (a royal kick, his hand) and they kick back."""
    r = asked(1, {"open_guard", "skip"}, rekick=True).reading(1)
    hands = [WEAK, STRONG, STRONG, STRONG, WEAK]
    assert see_through(r.rules, hands, 1, asking(r), "open_guard") == Declared(True, True,
                                                                                False, 2)
    assert see_through(r.rules, hands, 1, asking(r), "skip") == Declared(True, True, True, 2)
