"""R-CARD-1..3: the decks and the card notation."""

from collections import Counter

import pytest

from bhtui.cards import (
    BJ,
    NUM_RANKS,
    SJ,
    card_text,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    rank_texts,
    sort_key,
    suit_of,
)


def test_R_CARD_1_four_decks_of_216_with_four_copies_of_each_card():
    cards = deck(216)
    assert len(cards) == 216
    counts = Counter(cards)
    assert len(counts) == 54 and set(counts.values()) == {4}
    assert counts[SJ] == 4 and counts[BJ] == 4


def test_R_CARD_1_the_168_card_deck_has_no_3_4_5():
    cards = deck(168)
    assert len(cards) == 168
    assert {card_text(c)[:-1] for c in cards if c < SJ}.isdisjoint({"3", "4", "5"})
    with pytest.raises(ValueError):
        deck(100)


def test_R_CARD_1_rank_order_runs_3_to_2_then_small_then_big_joker():
    order = parse_cards("3S 4S 10S JS QS KS AS 2S SJ BJ")
    assert [rank_of(c) for c in order] == sorted(rank_of(c) for c in order)
    assert len({rank_of(c) for c in order}) == len(order)


def test_R_CARD_2_notation_round_trips_and_accepts_T_for_10():
    assert format_cards(parse_cards("10H AS 2D SJ BJ 7C")) == "10H AS 2D SJ BJ 7C"
    assert parse_cards("TH") == parse_cards("10H")
    assert parse_card("as") == parse_card("AS")


@pytest.mark.parametrize("token", ["1H", "10X", "ZZ", "J", "11S", ""])
def test_R_CARD_2_a_bad_token_raises_naming_it(token):
    with pytest.raises(ValueError, match=repr(token) if token else "not a card"):
        parse_cards([token])


def test_R_CARD_3_identical_means_same_rank_and_same_suit():
    a, b, c = parse_cards("7H 7H 7S")
    assert a == b and a != c
    assert suit_of(a) != suit_of(c) and rank_of(a) == rank_of(c)
    assert suit_of(SJ) is None
    assert sorted(parse_cards("BJ 7S 7H SJ 3D"), key=sort_key) == parse_cards("3D 7S 7H SJ BJ")


def test_rank_texts_write_a_count_vector_low_to_high_and_hand_out_a_list_of_their_own():
    """The texts are cached: a caller that edits its list (a view, a bot) must not change
    what the next caller gets."""
    counts = [0] * NUM_RANKS
    counts[0], counts[1], counts[-1] = 1, 2, 1
    first = rank_texts(counts)
    assert first == ["3", "4", "4", "BJ"]
    first.append("2")
    assert rank_texts(counts) == ["3", "4", "4", "BJ"]
