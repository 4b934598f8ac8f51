"""The weifang preset (docs/baohuang-towns.md §2), one test per rule on rigged deals of the real
engine: the 205-card deck, 买3, the throne to 上家 with 2s, the promoted guard card (GC), 2s
that kill jokers, 憋3 and 闷, bombs, the first lead, 闷供 and 落供, scoring."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.cards import BJ_RANK, GC_RANK, SJ_RANK, TWO, card_text, counts, deck, parse_cards
from bhtui.rules import PRESETS, IllegalAction, Match, beats, parse_set
from bhtui.rules.deal import shuffled_deal
from bhtui.rules.scoring import RoundResult, score_round
from bhtui.rules.sets import NO_RANK, CardSet, sets_from_rank_counts
from bhtui.rules.tribute import tribute_transfers

from helpers import fingerprint, pass_, play, rigged, to_second_round, types

WEIFANG = PRESETS["weifang"]


def weifang(*hands: str, first: int = 0, rounds: int | None = 1, **options: object) -> Match:
    """A weifang match on these hands (``first`` holds the emperor card, a BJ; seat 0 drew
    first)."""
    return rigged(*hands, first=first, preset="weifang", rounds=rounds, **options)


def kinds(m: Match, seat: int) -> list[str]:
    return [a["type"] for a in m.legal_actions(seat)]


def crowned(*hands: str, call: str = "9H", **options: object) -> Match:
    """Seat 0 takes the throne and calls ``call``."""
    m = weifang(*hands, **options)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": call, "open": False})
    return m


# ----- cards and deal -------------------------------------------------------------------------
def test_R_WF_DECK_1_205_cards_with_five_3s():
    cards = Counter(card_text(c) for c in deck(205))
    assert sum(cards.values()) == 205
    assert {k: v for k, v in cards.items() if k[:-1] == "3"} == {"3S": 2, "3H": 1, "3C": 1,
                                                                  "3D": 1}
    for rank in ("4", "9", "2"):
        assert sum(v for k, v in cards.items() if k[:-1] == rank) == 16
    assert cards["SJ"] == cards["BJ"] == 4


def test_R_WF_DECK_2_R_WF_DEAL_1_41_each_one_marked_BJ_dealt_from_a_seeded_seat():
    deals = [shuffled_deal(WEIFANG, seed, 1, 0, None) for seed in range(12)]
    for deal in deals:
        assert [len(h) for h in deal.hands] == [41] * 5
        assert 53 in deal.hands[deal.first_candidate] and deal.guard_card is None
    assert len({d.dealer for d in deals}) > 1


def test_R_WF_DEAL_1_R_WF_MATCH_1_later_deals_start_at_the_previous_emperor():
    m = to_second_round(WEIFANG, 2)
    assert m.round.dealer == m.records[0].result.emperor
    first = Match(WEIFANG, seed=2, rounds=2)
    assert first.round.tribute == []  # round 1 pays no tribute (R-WF-MATCH-1)


# ----- 买3 ---------------------------------------------------------------------------------
BUY = ("3S 3H BJ 7H 7H 7H", "2S 2H 9C", "3C 3D 3S", "4D", "5D")


def test_R_WF_BUY3_1_2_each_seat_ends_with_one_3_bought_for_a_2_or_free():
    """R-WF-BUY3-1, R-WF-BUY3-2: buyers in play order from the first drawer."""
    m = weifang(*BUY)
    items = m.view(None)["bought"]
    assert items == [
        {"from": 2, "to": 1, "card": "3S", "paid": "2S"},  # nearest holder of two; ♠ first
        {"from": 0, "to": 3, "card": "3S", "paid": None},  # no 2: free
        {"from": 2, "to": 4, "card": "3C", "paid": None},
    ]
    assert [m.round.rc[s][0] for s in range(5)] == [1] * 5
    assert "buy3" in types(m.initial_events())


def test_R_WF_BUY3_3_buying_comes_before_tribute():
    m = next(m for m in (to_second_round(WEIFANG, seed) for seed in range(20))
             if m.round.bought and m.round.tribute)
    order = [e["type"] for e in m.round.events]
    assert order.index("buy3") < order.index("tribute") < order.index("offer")


# ----- the throne (R-WF-EMP-*) ---------------------------------------------------------------
def test_R_WF_EMP_1_ascending_needs_three_identical_cards_else_the_card_moves_on():
    m = weifang("BJ 7H 7S", "9H 9H 9H", "", "", "", first=0)
    declines = [e for e in m.initial_events() if e["type"] == "decline"]
    assert [(e["seat"], e["auto"], e["to"]) for e in declines] == [
        (0, True, 4), (4, True, 3), (3, True, 2), (2, True, 1)]
    assert m.to_act == 1 and kinds(m, 1) == ["accept", "decline"]  # he may yield of his own


def test_R_WF_EMP_2_the_card_goes_to_the_previous_seat_with_a_2_from_the_second_yielder_on():
    m = weifang("BJ 7H 7H 7H", "9H 9H 9H", "10H 10H 10H 2D", "JH JH JH 2C", "QH QH QH 2S")
    events = m.apply(0, {"type": "decline"})
    assert events[0]["to"] == 4 and events[0]["added"] is None  # the first yielder adds nothing
    events = m.apply(4, {"type": "decline"})
    assert events[0]["to"] == 3 and events[0]["added"] == "2S"
    assert m.view(3)["bundle"] == ["BJ", "2S"]


@pytest.mark.parametrize("fallback, added", [("nothing", None), ("lowest_joker", "SJ"),
                                             ("highest", "QH")])
def test_R_WF_EMP_2_a_yielder_without_a_2_adds_what_the_option_says(fallback, added):
    m = weifang("BJ 7H 7H 7H", "9H 9H 9H", "", "", "QH QH QH SJ BJ",
                yield_fallback=fallback)
    m.apply(0, {"type": "decline"})
    assert m.apply(4, {"type": "decline"})[0]["added"] == added


def test_R_WF_EMP_3_after_a_circle_the_first_holder_must_ascend_if_he_can_else_void():
    m = weifang("BJ 7H 7H 7H", "9H 9H 9H", "10H 10H 10H", "JH JH JH", "QH QH QH")
    for seat in (0, 4, 3, 2, 1):
        m.apply(seat, {"type": "decline"})
    assert m.to_act == 0 and kinds(m, 0) == ["accept"]
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="逼位"):
        m.apply(0, {"type": "decline"})
    assert fingerprint(m) == before
    m = weifang("BJ 7H 7S", "9H 9H 9H", "", "", "")
    assert m.to_act == 1
    events = m.apply(1, {"type": "decline"})
    assert "void" in types(events) and m.round.redeal == 1


def test_R_WF_EMP_4_the_emperor_takes_the_bundle():
    m = weifang("BJ 7H 7H 7H", "9H 9H 9H 2D", "10H 10H 10H", "JH JH JH", "QH QH QH 2S")
    m.apply(0, {"type": "decline"})
    m.apply(4, {"type": "decline"})  # adds 2S
    m.apply(3, {"type": "accept"})
    assert sorted(m.view(3)["hand"]) == sorted("2S BJ JH JH JH".split())


# ----- the guard and the GC (R-WF-GUARD-*, R-WF-RANK-1) ---------------------------------------
GUARDED = ("BJ 9H 9H 9H 8D", "9H 4S", "10S", "JS", "QS")


def test_R_WF_GUARD_1_R_WF_RANK_1_the_fourth_copy_is_a_secret_guard_card_above_BJ():
    m = crowned(*GUARDED)
    assert (m.round.emperor, m.round.guard) == (0, 1)
    assert m.view(1)["hand"] == ["4S", "GC"]  # the 9H is a GC now
    assert m.view(2)["guard"] is None and m.view(0)["hand"].count("9H") == 3
    assert beats(parse_set("GC"), parse_set("BJ"), WEIFANG)
    assert not beats(parse_set("BJ"), parse_set("GC"), WEIFANG)


def test_R_WF_GUARD_1_an_emperor_holding_the_fourth_copy_plays_a_hidden_solo_with_the_GC():
    m = crowned("BJ 9H 9H 9H 9H 8D", "4S", "10S", "JS", "QS")
    assert m.round.solo and not m.round.open_solo
    assert sorted(m.view(0)["hand"]) == sorted("8D 9H 9H 9H BJ GC".split())
    assert not m.view(2)["solo"]


def test_R_WF_GUARD_2_showing_four_is_an_open_solo_with_no_guard_card():
    m = weifang("BJ 9H 9H 9H 9H 8D", "4S", "10S", "JS", "QS")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "9H", "open": True})
    assert m.round.open_solo and "GC" not in m.view(0)["hand"] and m.view(3)["solo"]


def test_R_WF_GUARD_3_open_guard_before_the_first_lead_doubles_score_and_tribute():
    m = crowned(*GUARDED)
    assert m.interjections(1) == [{"type": "open_guard"}]
    m.apply(1, {"type": "open_guard"})
    assert m.view(3)["guard"] == 1
    scores, _ = score_round(WEIFANG, 0, 1, False, [1, 2, 3, 4, 5], open_guard=True)
    assert scores == (12, 12, -12, -12, -12)
    prev = RoundResult(0, 1, False, False, (1, 2, 3, 4, 5), scores, "emperor", open_guard=True)
    hands = [counts(parse_cards(h)) for h in ("", "", "2S 2H", "2C 2D", "2S 2D")]
    assert len(tribute_transfers(prev, hands, WEIFANG)) == 6  # each rebel 1 × 2


def test_R_WF_GUARD_4_playing_the_GC_shows_the_guard():
    m = crowned(*GUARDED)
    play(m, 0, "8D")
    events = play(m, 1, "GC")
    assert {"type": "reveal", "seat": 1, "solo": False, "by": "play"} in events
    assert m.view(2)["guard"] == 1


# ----- comparison (R-WF-PLAY-*) ----------------------------------------------------------------
def _literal(new: CardSet, old: CardSet) -> bool:
    """R-WF-PLAY-1 as written: same size, card by card strictly higher (GC > BJ > SJ > 2 …)."""
    def cards(s: CardSet) -> list[int]:
        return sorted([GC_RANK] * s.gc + [BJ_RANK] * s.bj + [SJ_RANK] * s.sj + [s.rank] * s.n
                      + [TWO] * s.twos, reverse=True)
    a, b = cards(old), cards(new)
    return len(a) == len(b) and all(x > y for x, y in zip(b, a, strict=True))


tier_sets = st.builds(
    lambda rank, n, x, y, z: CardSet(rank if n else NO_RANK, n, x, y, z),
    st.integers(0, TWO), st.integers(0, 4), st.integers(0, 2), st.integers(0, 2),
    st.integers(0, 2),
).filter(lambda s: s.size > 0)


@given(tier_sets, tier_sets)
def test_R_WF_PLAY_1_the_three_tier_closed_form_is_the_card_by_card_rule(new, old):
    assert beats(new, old, WEIFANG.with_options(two_kill="off")) == _literal(new, old)


@pytest.mark.parametrize("new, old", [
    ("2 2 2", "BJ"), ("2 2 2 2", "GC"), ("A A 2 2 2", "K K BJ"), ("A A GC", "K K BJ"),
    ("SJ SJ 2 2 2", "2 2 BJ"), ("10 10 10 BJ", "9 9 9 SJ"), ("2 2 2 2 2", "K K BJ"),
])
def test_R_WF_PLAY_2_2s_kill_jokers(new, old):
    assert beats(parse_set(new, kills=True), parse_set(old, kills=True), WEIFANG)


@pytest.mark.parametrize("new, old", [
    ("2 2 2", "SJ"),  # no kill unit beats an SJ
    ("2 2 2", "GC"),  # a GC takes four
    ("A A 2 2 2", "K K SJ"),
    ("K K 2 2 2", "K K BJ"),  # the rest must beat the rest
])
def test_R_WF_PLAY_2_what_2s_do_not_kill(new, old):
    assert not beats(parse_set(new, kills=True), parse_set(old, kills=True), WEIFANG)


def test_R_WF_PLAY_2_options_singles_off_and_five_2s_for_a_GC():
    singles = WEIFANG.with_options(two_kill="singles")
    assert beats(parse_set("2 2 2"), parse_set("BJ"), singles)
    assert not beats(parse_set("A A 2 2 2", kills=True), parse_set("K K BJ"), singles)
    assert not beats(parse_set("2 2 2"), parse_set("BJ"), WEIFANG.with_options(two_kill="off"))
    five = WEIFANG.with_options(two_kill_gc=5)
    assert not beats(parse_set("2 2 2 2"), parse_set("GC"), five)
    assert beats(parse_set("2 2 2 2 2"), parse_set("GC"), five)


def test_R_WF_PLAY_2_kill_groups_only_answer_never_lead():
    m = crowned("BJ 9H 9H 9H AS AS 2D 2D 2D", "9H 4S", "10S", "JS", "QS")
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="never in a lead"):
        play(m, 0, "AS AS 2D 2D 2D")
    assert fingerprint(m) == before


def test_R_WF_PLAY_2_a_kill_answer_is_offered_and_played():
    m = crowned("BJ 9H 9H 9H KD KD 8D", "9H 4S", "2S 2S 2S AH AH 5D", "JS", "QS")
    play(m, 0, "KD KD BJ")
    pass_(m, 1)
    assert {"type": "play", "set": "A A 2 2 2"} in m.legal_actions(2)
    events = play(m, 2, "AH AH 2S 2S 2S")
    assert events[0]["set"] == "A A 2 2 2" and m.round.top_seat == 2


def _brute(rc: list[int], top: CardSet, rules) -> set[CardSet]:
    out = set()
    for rank, n, x, y, z, t in product(range(TWO + 1), range(6), range(3), range(3), range(3),
                                       range(0, 9)):
        if n > rc[rank] or x > rc[SJ_RANK] or y > rc[BJ_RANK] or z > rc[GC_RANK]:
            continue
        if t and (rank == TWO or not n or t > rc[TWO]):
            continue
        s = CardSet(rank if n else NO_RANK, n, x, y, z, t)
        if s.size and beats(s, top, rules):
            out.add(s)
    return out


hands_st = st.tuples(st.lists(st.integers(0, 5), min_size=13, max_size=13),
                     st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)).map(
    lambda t: t[0] + [t[1], t[2], t[3]])


@given(hands_st, tier_sets, st.sampled_from(["full", "singles"]), st.sampled_from(["off", "rank4plus"]))
def test_R_WF_PLAY_2_R_WF_BOMB_1_listed_answers_are_exactly_what_beats_allows(rc, top, kill, bombs):
    """The answers the engine lists (kills, GC tier, bombs) are exactly the compositions of
    the hand that ``beats`` accepts, one at a time."""
    rules = WEIFANG.with_options(two_kill=kill, bombs=bombs)
    rc = [0] + rc[1:]  # no 3: 憋3 holds nothing back
    listed = sets_from_rank_counts(rc, top, rules)
    assert len(listed) == len(set(listed))
    assert set(listed) == _brute(rc, top, rules)


def test_R_WF_PLAY_3_jokers_go_on_2s():
    assert beats(parse_set("2 2 BJ"), parse_set("A A SJ"), WEIFANG)


# ----- 憋3 and 闷 (R-WF-BIE3-1, R-WF-STUCK-1) ---------------------------------------------------
def test_R_WF_BIE3_1_the_3_is_the_very_last_card_played_alone():
    m = crowned("BJ 9H 9H 9H 3S 8D", "9H 4S 3H", "10S 3C", "JS 3D", "QS 3S")
    leads = {a.get("set") for a in m.legal_actions(0)}
    assert not any(s and s.split()[0] == "3" for s in leads)  # no 3 while other cards remain
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="憋3"):
        play(m, 0, "3S")
    assert fingerprint(m) == before
    m = crowned("BJ 9H 9H 9H 3S", "9H 4S 3H", "10S 3C", "JS 3D", "QS 3S")
    play(m, 0, "9H 9H 9H BJ")
    for seat in (1, 2, 3, 4):
        pass_(m, seat)
    assert [a.get("set") for a in m.legal_actions(0)] == ["3"]  # alone, last


STUCK = ("BJ 9H 9H 9H 8D 3S", "9H 4S 3H", "10S 3C", "JS 3D", "QS KS 3S")


def test_R_WF_STUCK_1_a_3_alone_facing_a_set_is_stuck_at_the_bottom_by_whoever_beat_him():
    m = crowned(*STUCK)
    play(m, 0, "8D")
    pass_(m, 1)
    play(m, 2, "10S")  # seat 2 has only his 3 now
    pass_(m, 3)
    play(m, 4, "QS")  # directly on top of seat 2's last set
    pass_(m, 0)
    events = pass_(m, 1)
    assert {"type": "stuck", "seat": 2, "by": 4, "place": 5} in events  # 大落
    assert m.round.places[2] == 5 and m.to_act == 3
    assert m.view(None)["stuck"] == [[2, 4]]


def test_R_WF_END_1_places_fill_from_the_top_and_from_the_bottom_until_one_is_left():
    m = crowned("BJ 9H 9H 9H 3S", "9H 3H", "3C", "3D", "3S")
    play(m, 0, "9H 9H 9H BJ")
    events = pass_(m, 1)  # seats 2, 3 and 4 hold only their 3 now: stuck, 5th, 4th, 3rd
    assert [(e["seat"], e["place"]) for e in events if e["type"] == "stuck"] == [
        (2, 5), (3, 4), (4, 3)]
    assert m.to_act == 0  # nobody is left to answer: the trick is his
    play(m, 0, "3S")
    result = m.records[0].result
    assert result.places == (1, 2, 5, 4, 3)  # the last one holding cards takes the place left
    assert result.stuck == ((2, 0), (3, 0), (4, 0))
    assert result.scores == (6, 6, -6, -6, -6)


def test_R_WF_TRIB_2_stuck_pays_whoever_stuck_him_a_BJ_else_SJ_else_a_2_never_the_emperor_card():
    prev = RoundResult(0, 1, False, False, (1, 2, 3, 4, 5), (0,) * 5, None,
                       stuck=((4, 2), (3, 0)))
    hands = [counts(parse_cards(h)) for h in ("", "", "", "SJ 2H 2S", "BJ BJ SJ")]
    keep = [[0] * 55 for _ in range(5)]
    keep[4][53] = 1  # seat 4 holds the emperor card: one of his BJs never goes
    transfers = tribute_transfers(prev, hands, WEIFANG, keep)
    assert [(f, t, card_text(c)) for f, t, c in transfers] == [(4, 2, "BJ"), (3, 0, "SJ")]


@pytest.mark.parametrize("winner, paid", [
    ("emperor", [(2, 0, "2S"), (3, 1, "2H"), (4, 0, "2D")]),  # the guard takes the middle
    ("rebels", [(0, 3, "2S"), (0, 4, "2H"), (1, 2, "2C")]),  # best-placed rebel first
])
def test_R_WF_TRIB_3_the_losing_side_pays_in_2s(winner, paid):
    places = (1, 2, 4, 3, 5) if winner == "emperor" else (4, 5, 3, 1, 2)
    prev = RoundResult(0, 1, False, False, places, (0,) * 5, winner)
    hands = [counts(parse_cards(h)) for h in ("2S 2H AS", "2C KS", "2S AH", "2H", "2D BJ")]
    assert [(f, t, card_text(c)) for f, t, c in tribute_transfers(prev, hands, WEIFANG)] == paid


def test_R_WF_TRIB_3_too_few_2s_gives_what_there_is():
    prev = RoundResult(0, 1, False, False, (4, 5, 3, 1, 2), (0,) * 5, "rebels")
    hands = [counts(parse_cards(h)) for h in ("2S AS BJ", "KS", "", "", "")]
    assert [card_text(c) for _, _, c in tribute_transfers(prev, hands, WEIFANG)] == ["2S"]


def test_R_WF_TRIB_4_solo_lost_gives_four_won_takes_one_from_each():
    lost = RoundResult(0, 0, True, False, (5, 1, 2, 3, 4), (0,) * 5, "rebels")
    hands = [counts(parse_cards("2S 2H 2C 2D 2S")), *[counts([]) for _ in range(4)]]
    assert [t for _, t, _ in tribute_transfers(lost, hands, WEIFANG)] == [1, 2, 3, 4]
    won = RoundResult(0, 0, True, False, (1, 2, 3, 4, 5), (0,) * 5, "emperor")
    hands = [counts([])] + [counts(parse_cards("2S 2H")) for _ in range(4)]
    assert [(f, t) for f, t, _ in tribute_transfers(won, hands, WEIFANG)] == [
        (1, 0), (2, 0), (3, 0), (4, 0)]


def test_R_WF_TRIB_5_open_guard_and_open_solo_double_every_count_stuck_included():
    prev = RoundResult(0, 0, True, True, (1, 2, 3, 4, 5), (0,) * 5, "emperor", stuck=((4, 0),))
    hands = [counts([])] + [counts(parse_cards("2S 2H 2C")) for _ in range(3)] + [
        counts(parse_cards("2S 2H 2C SJ"))]
    transfers = tribute_transfers(prev, hands, WEIFANG)
    assert [(f, card_text(c)) for f, _, c in transfers if f == 4] == [
        (4, "SJ"), (4, "2S"), (4, "2H"), (4, "2C")]  # 闷供 ×2, then 落供 ×2


def test_R_WF_TRIB_6_a_draw_pays_no_落供_but_still_闷供():
    prev = RoundResult(0, 1, False, False, (2, 4, 1, 3, 5), (0,) * 5, None, stuck=((4, 3),))
    hands = [counts(parse_cards("2S 2H"))] * 4 + [counts(parse_cards("2D"))]
    assert [(f, t) for f, t, _ in tribute_transfers(prev, hands, WEIFANG)] == [(4, 3)]


def test_R_WF_TRIB_1_stuck_tribute_comes_before_the_losers_tribute():
    prev = RoundResult(0, 1, False, False, (1, 2, 3, 4, 5), (0,) * 5, "emperor",
                       stuck=((4, 2),))
    hands = [counts(parse_cards(h)) for h in ("", "", "2H", "2S", "2C")]
    transfers = [(f, t, card_text(c)) for f, t, c in tribute_transfers(prev, hands, WEIFANG)]
    assert transfers[0] == (4, 2, "2C")  # 闷供 first: seat 4 has nothing left for 落供
    assert sorted(f for f, _, _ in transfers[1:]) == [2, 3]


# ----- bombs (R-WF-BOMB-1, R-YY-BOMB-1) ---------------------------------------------------------
def test_R_WF_BOMB_1_four_naturals_beat_anything_but_a_bigger_bomb_under_the_option():
    bombs = WEIFANG.with_options(bombs="rank4plus")
    assert not beats(parse_set("4 4 4 4"), parse_set("A BJ"), WEIFANG)
    assert beats(parse_set("4 4 4 4"), parse_set("A BJ"), bombs)
    assert beats(parse_set("4 4 4 4"), parse_set("GC GC"), bombs)
    assert beats(parse_set("4 4 4 4 4"), parse_set("K K K K"), bombs)  # more cards
    assert beats(parse_set("5 5 5 5"), parse_set("4 4 4 4"), bombs)  # as many, higher
    assert not beats(parse_set("SJ SJ SJ SJ"), parse_set("4 4 4 4"), bombs)
    assert not beats(parse_set("2 2 2 2"), parse_set("4 4 4 4 4"), bombs)  # kills do not


def test_R_YY_BOMB_1_each_bomb_doubles_the_score_under_bomb_multiplier():
    rules = WEIFANG.with_options(bombs="rank4plus", bomb_multiplier=True)
    assert score_round(rules, 0, 1, False, [1, 2, 3, 4, 5], bombs=2)[0] == (
        24, 24, -24, -24, -24)
    m = crowned("BJ 9H 9H 9H 7D 7D 7D 7D 8D", "9H 4S", "10S", "JS", "QS",
                bombs="rank4plus", bomb_multiplier=True)
    events = play(m, 0, "7D 7D 7D 7D")
    assert events[0]["bomb"] and m.round.bombs == 1


# ----- first lead, scores ----------------------------------------------------------------------
def test_R_WF_LEAD_1_the_first_drawer_leads_not_the_emperor_unless_the_option():
    hands = ("8D 9H", "BJ 7H 7H 7H 4S", "7H", "JS", "QS")
    m = weifang(*hands, first=1)
    m.apply(1, {"type": "accept"})
    m.apply(1, {"type": "call", "card": "7H", "open": False})
    assert m.round.emperor == 1 and m.to_act == 0  # seat 0 drew first
    m = weifang(*hands, first=1, emperor_leads=True)
    m.apply(1, {"type": "accept"})
    m.apply(1, {"type": "call", "card": "7H", "open": False})
    assert m.to_act == 1


def test_R_WF_LEAD_1_later_rounds_are_led_by_the_previous_emperor():
    m = to_second_round(WEIFANG, 3)
    from bhtui.bots import make_bot

    bot = make_bot("heuristic")
    while m.round.phase != "play":
        m.apply(m.to_act, bot.decide(m.legal_actions(m.to_act)))
    assert m.round.leader == m.records[0].result.emperor


@pytest.mark.parametrize("royal, result", [
    ((1, 2), "emperor"), ((1, 3), "emperor"), ((1, 4), "emperor"), ((2, 3), "emperor"),
    ((1, 5), None), ((2, 4), None),
    ((2, 5), "rebels"), ((3, 4), "rebels"), ((3, 5), "rebels"), ((4, 5), "rebels"),
])
def test_R_WF_SCORE_1_the_royal_places_decide_win_draw_or_loss(royal, result):
    places = list(royal) + [p for p in range(1, 6) if p not in royal]
    scores, winner = score_round(WEIFANG, 0, 1, False, places)
    assert winner == result
    total = (4, 2, 0, -2, -4)[royal[0] - 1] + (4, 2, 0, -2, -4)[royal[1] - 1]
    assert scores == (total, total, -total, -total, -total)  # Q1: each gets his side's total


def test_R_WF_SCORE_1_a_solo_is_scored_by_Q1_and_an_open_one_doubled():
    assert score_round(WEIFANG, 0, 0, False, [2, 1, 3, 4, 5])[0] == (2, -2, -2, -2, -2)
    assert score_round(WEIFANG, 0, 0, True, [2, 1, 3, 4, 5])[0] == (4, -4, -4, -4, -4)
