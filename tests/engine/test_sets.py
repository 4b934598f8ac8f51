"""R-PLAY-1..4: what a set is and what beats what; legal_sets against brute force."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.cards import BJ_RANK, SJ_RANK, TWO, counts, parse_cards
from bhtui.rules import PRESETS, CardSet, beats, format_set, legal_sets, parse_set
from bhtui.rules.choices import LeadSets
from bhtui.rules.mechanisms import SIX, HeldBack
from bhtui.rules.sets import NO_RANK, held_back_allows, pick_cards, sets_from_rank_counts


def test_R_PLAY_1_a_set_is_one_rank_plus_jokers():
    assert parse_set("9 9 9 SJ SJ") == CardSet(6, 3, 2, 0)
    assert parse_set("9S 9H 9D SJ BJ") == CardSet(6, 3, 1, 1)
    assert parse_set("SJ BJ BJ") == CardSet(NO_RANK, 0, 1, 2)  # jokers alone are a set


@pytest.mark.parametrize("text, why", [
    ("9 10", "mixed ranks"), ("3 4 5 6 7", "mixed ranks"), ("", "at least one card"),
    ("9 X", "not a card or rank"),
])
def test_R_PLAY_1_anything_else_is_refused_with_the_reason(text, why):
    with pytest.raises(ValueError, match=why):
        parse_set(text)


def test_R_PLAY_2_twos_are_never_fillers_but_take_jokers():
    with pytest.raises(ValueError, match="mixed ranks"):
        parse_set("9 9 2")
    assert parse_set("2 2 SJ BJ") == CardSet(TWO, 2, 1, 1)


def test_format_set_is_canonical():
    assert format_set(parse_set("BJ 9 SJ 9")) == "9 9 SJ BJ"
    assert format_set(parse_set("10H T 10")) == "10 10 10"


R_PLAY_4_BEATS = [
    ("J J J BJ BJ", "9 9 9 SJ SJ"),
    ("J J BJ BJ BJ", "9 9 9 SJ SJ"),
    ("SJ SJ SJ BJ", "A A A A"),
    ("7 7 7 SJ", "6 6 6 6"),
    ("6 6 6 6 BJ", "5 5 5 5 SJ"),
    ("BJ", "SJ"),
]
R_PLAY_4_DOES_NOT_BEAT = [
    ("9 9 9 9", "8 8 8 SJ"),
    ("9 9 9 SJ", "8 8 8 SJ"),
]


@pytest.mark.parametrize("new, old", R_PLAY_4_BEATS)
def test_R_PLAY_4_cases_that_beat(new, old):
    assert beats(parse_set(new), parse_set(old))
    assert not beats(parse_set(old), parse_set(new))


@pytest.mark.parametrize("new, old", R_PLAY_4_DOES_NOT_BEAT)
def test_R_PLAY_4_cases_that_do_not_beat(new, old):
    assert not beats(parse_set(new), parse_set(old))


def test_R_PLAY_4_nothing_beats_a_set_with_a_big_joker():
    top = parse_set("3 3 BJ")
    everything = sets_from_rank_counts([4] * 13 + [4, 4, 0])
    assert not [s for s in everything if beats(s, top)]


def _literal_beats(new: CardSet, old: CardSet) -> bool:
    """R-PLAY-3 as written: same size, and position by position strictly higher."""
    def cards(s):
        return sorted([BJ_RANK] * s.bj + [SJ_RANK] * s.sj + [s.rank] * s.n, reverse=True)
    a, b = cards(old), cards(new)
    return len(a) == len(b) and all(x > y for x, y in zip(b, a, strict=True))


sets = st.builds(
    lambda rank, n, x, y: CardSet(rank if n else NO_RANK, n, x, y),
    st.integers(0, TWO), st.integers(0, 5), st.integers(0, 3), st.integers(0, 3),
).filter(lambda s: s.size > 0)


@given(sets, sets)
def test_R_PLAY_3_closed_form_equals_the_step_by_step_rule(new, old):
    assert beats(new, old) == _literal_beats(new, old)


def _brute_force(rc, top, beaten_by=_literal_beats, allowed=lambda s: True):
    out = set()
    for rank, n, x, y in product(range(TWO + 1), range(0, 9), range(5), range(5)):
        if n > rc[rank] or x > rc[SJ_RANK] or y > rc[BJ_RANK] or n + x + y == 0:
            continue
        s = CardSet(rank if n else NO_RANK, n, x, y)
        if (top is None or beaten_by(s, top)) and allowed(s):
            out.add(s)
    return out


rank_counts_st = st.lists(st.integers(0, 8), min_size=13, max_size=13).flatmap(
    lambda nat: st.tuples(st.integers(0, 4), st.integers(0, 4)).map(lambda j: nat + list(j) + [0])
)


@given(rank_counts_st, st.none() | sets)
def test_R_PLAY_3_legal_sets_lists_exactly_the_playable_sets(rc, top):
    got = sets_from_rank_counts(rc, top)
    assert len(got) == len(set(got)), "no duplicates"
    assert set(got) == _brute_force(rc, top)


@given(rank_counts_st, st.none() | sets)
def test_R_PLAY_5_R_PLAY_6_legal_sets_under_kao_and_bie6_list_exactly_the_playable_sets(rc, top):
    """The roasting answers (R-PLAY-5) are added and held-back 6s (R-PLAY-6) left out, exactly
    as ``beats`` and ``held_back_allows`` judge one set at a time."""
    from bhtui.rules import PRESETS

    rules = PRESETS["lianzhong-classic"].with_options(kao=True, bie6=True)
    got = sets_from_rank_counts(rc, top, rules)
    assert len(got) == len(set(got)), "no duplicates"
    assert set(got) == _brute_force(rc, top, lambda s, t: beats(s, t, rules),
                                    lambda s: held_back_allows(s, rc, HeldBack(SIX)))


def test_legal_sets_takes_a_list_of_cards_and_a_top():
    hand = parse_cards("9S 9H 9D SJ BJ 3C")
    following = legal_sets(hand, parse_set("8 8 8 SJ"))
    assert {format_set(s) for s in following} == {"9 9 9 BJ", "9 9 SJ BJ"}
    assert CardSet(NO_RANK, 0, 1, 1) in legal_sets(["SJ", "BJ"])


def test_pick_cards_keeps_an_avoided_card_back_while_it_can():
    hand = counts(parse_cards("7H 7S 7S 7D 9C"))
    picked = pick_cards(hand, CardSet(4, 2, 0, 0), avoid=parse_cards("7H")[0])
    assert parse_cards("7H")[0] not in picked and len(picked) == 2
    with pytest.raises(ValueError, match="do not hold"):
        pick_cards(hand, CardSet(4, 5, 0, 0))


@given(st.lists(st.integers(0, 16), min_size=13, max_size=13), st.integers(0, 4),
       st.integers(0, 4))
def test_R_PLAY_1_lead_sets_by_index_are_the_listed_lead_sets(naturals, sj, bj):
    """A lead is offered without listing it (LeadSets): by index, by position and by length it
    is exactly sets_from_rank_counts' list of R-PLAY-1 sets."""
    rc = naturals + [sj, bj, 0]
    listed = sets_from_rank_counts(rc)
    lazy = LeadSets(rc)
    assert len(lazy) == len(listed) and list(lazy) == listed
    for i, s in enumerate(listed):
        assert lazy.index(s) == i
    with pytest.raises(ValueError):
        lazy.index(CardSet(12, rc[12] + 1, 0, 0))


@given(st.lists(st.integers(0, 4), min_size=13, max_size=13), st.integers(0, 4),
       st.integers(0, 4), st.integers(0, 2), st.booleans())
def test_R_PLAY_1_a_leads_parts_make_exactly_its_sets(naturals, sj, bj, gc, alone):
    """What the learning environment's mask is built from (``LeadSets.parts``): each natural
    part with each joker combination, and the jokers alone, are the lead's sets, once each."""
    lazy = LeadSets(naturals + [sj, bj, gc], alone)
    parts, combos, jokers = lazy.parts()
    made = [CardSet(rank, n, x, y, z) for rank, n in parts for x, y, z in combos]
    made += [CardSet(NO_RANK, 0, x, y, z) for x, y, z in jokers]
    assert sorted(made) == sorted(lazy)


@given(st.lists(st.integers(0, 16), min_size=13, max_size=13), st.integers(0, 4),
       st.integers(0, 4))
def test_R_PLAY_6_bie6_leads_are_the_leads_that_bie6_allows(naturals, sj, bj):
    """Under 憋6 a lead holds no 6s unless it is the whole hand, all of them (R-PLAY-6): the
    shortcut that leads as if the 6s were not there lists exactly what the rule allows."""
    rc = naturals + [sj, bj, 0]
    if not any(rc):
        return
    allowed = [s for s in sets_from_rank_counts(rc) if held_back_allows(s, rc, HeldBack(SIX))]
    assert sets_from_rank_counts(rc, None, PRESETS["lianzhong-classic"].with_options(bie6=True)) \
        == allowed
