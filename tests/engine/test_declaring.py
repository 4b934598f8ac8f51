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


def kick_step(seat: int, answers: dict[int, str]) -> Match:
    """As ``asked``, each seat in ``answers`` saying that when it can, until ``seat`` is
    offered 踢."""
    m = asked(1, {"open_guard", "skip"})
    while m.to_act != seat or m.legal_actions(seat).kinds != {"kick", "skip"}:
        offer = m.legal_actions(m.to_act)
        say = answers.get(m.to_act, "skip")
        m.apply(m.to_act, next((a for a in offer if a["type"] == say),
                               next(a for a in offer if a["type"] in ("skip", "accept"))))
    return m


def test_R_WH_DECL_3_a_rebel_kicks_with_the_one_who_kicked_before_him():
    """The guard showed himself; seat 2 said 踢 in the open, so seat 3's 踢 is the second a
    rebels' kick needs whatever seat 2's dealt hand — and without it seat 4 would have to
    hold a hand ``normal`` kicks with."""
    r = kick_step(3, {1: "open_guard", 2: "kick"}).reading(3)
    assert r.kickers == [2]
    weak = [WEAK] * 5
    assert see_through(r.rules, weak, 1, asking(r), "kick") == Declared(True, True, False, 1)
    assert see_through(r.rules, weak, 1, asking(r), "skip") == Declared(True, True, False, 0)
    r = kick_step(3, {1: "open_guard"}).reading(3)
    assert see_through(r.rules, [STRONG] * 3 + [WEAK] * 2, 1, asking(r), "kick").kicks == 0
    assert see_through(r.rules, [WEAK] * 4 + [STRONG], 1, asking(r), "kick").kicks == 1


def test_R_WH_DECL_3_the_emperor_asked_last_after_a_rebellion_kicks_alone():
    """Two rebels showed the hidden guard: the royals' 踢 asks the guard, then the emperor,
    and one is enough. The guard said no in the open, so only the emperor's own answer
    counts, however strong the guard's dealt hand."""
    m = kick_step(0, {2: "rebel", 3: "rebel"})
    r = m.reading(0)
    assert r.rebels == [2, 3] and r.kickers == []
    hands = [WEAK, STRONG, WEAK, WEAK, WEAK]
    assert see_through(r.rules, hands, 1, asking(r), "kick") == Declared(True, True, True, 1)
    assert see_through(r.rules, hands, 1, asking(r), "skip") == Declared(True, True, True, 0)
