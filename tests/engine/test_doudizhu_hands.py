"""Dou Dizhu hands: what cards make a hand, which hand beats which (C-HAND-*, S-HAND-*), the
notation (C-CARD-2), and the move generator against brute force."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.cards import deck, rank_of
from bhtui.doudizhu import beats, format_hand, legal_hands, parse_hand
from bhtui.doudizhu.hands import BEATS, counts_of_text, hand_of_counts, merged, text_of

from strategies import examples

FULL_CLASSIC = " ".join(["3 4 5 6 7 8 9 10 J Q K A 2"] * 4 + ["SJ BJ"])
FULL_SHANGHAI = " ".join([FULL_CLASSIC] * 2)


def kind(text: str, preset: str = "classic") -> str | None:
    try:
        return parse_hand(text, preset).kind
    except ValueError:
        return None


def test_C_CARD_1_one_deck_and_S_CARD_1_two_decks():
    for size, copies in ((54, 1), (108, 2)):
        ranks = Counter(rank_of(c) for c in deck(size))
        assert len(ranks) == 15
        assert all(ranks[r] == 4 * copies for r in range(13))
        assert ranks[13] == ranks[14] == copies
    with pytest.raises(ValueError, match="5 of|only 4"):
        legal_hands("3 3 3 3 3")
    assert legal_hands("3 3 3 3 3", preset="shanghai")[-1] == "3 3 3 3 3"


def test_C_CARD_2_canonical_text_sorted_low_to_high_and_T_is_10():
    assert format_hand("K 3 T 3") == "3 3 10 K"
    assert format_hand("bj 2 sj a") == "A 2 SJ BJ"
    assert parse_hand("4 3 3 3").text == "3 3 3 4"
    assert parse_hand("T J Q K A").text == "10 J Q K A"
    assert format_hand([14, 0, 7]) == "3 10 BJ"
    with pytest.raises(ValueError, match="'X'"):
        parse_hand("3 X")


@pytest.mark.parametrize("text, expected", [
    ("BJ", "single"), ("3", "single"),  # C-HAND-1
    ("7 7", "pair"), ("SJ BJ", "rocket"),  # C-HAND-2: SJ BJ is no pair
    ("9 9 9", "trio"),  # C-HAND-3
    ("3 3 3 4", "trio_single"), ("3 3 3 BJ", "trio_single"), ("3 3 3 3", "bomb"),  # C-HAND-4
    ("3 3 3 4 4", "trio_pair"), ("5 5 5 2 2", "trio_pair"), ("3 3 3 SJ BJ", None),  # C-HAND-5
    ("3 4 5 6 7", "straight"), ("3 4 5 6 7 8 9 10 J Q K A", "straight"),  # C-HAND-6
    ("J Q K A 2", None), ("A 2 3 4 5", None), ("3 4 5 6", None),
    ("3 3 4 4 5 5", "pair_run"), ("Q Q K K A A", "pair_run"), ("K K A A 2 2", None),  # C-HAND-7
    ("3 3 4 4", None),
    ("3 3 3 4 4 4", "airplane"), ("A A A 2 2 2", None),  # C-HAND-8
    ("3 3 3 3 4 4 4 5", None),  # C-HAND-9 (a)
    ("3 3 3 4 4 4 5 5", "airplane_singles"),  # (b)
    ("3 3 3 4 4 4 5 5 5 7 7 7", "airplane_singles"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 8 8 8 8", None), ("3 3 3 4 4 4 SJ BJ", None),  # (c)
    ("3 3 3 4 4 4 5 SJ", "airplane_singles"),
    ("3 3 3 4 4 4 5 5 5 6 6 6", "airplane"),  # (d)
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9", None),
    ("Q Q Q K K K A A A 2 2 2", "airplane_singles"),
    ("3 3 3 4 4 4 5 5 6 6", "airplane_pairs"), ("3 3 3 4 4 4 5 5 5 5", None),  # C-HAND-10
    ("3 3 3 3 5 5", "four_two"), ("3 3 3 3 5 SJ", "four_two"),  # C-HAND-11
    ("3 3 3 3 5 6", "four_two"), ("3 3 3 3 SJ BJ", None),
    ("3 3 3 3 4 4 5 5", "four_two_pairs"), ("3 3 3 3 4 4 4 4", None),  # C-HAND-12
    ("8 8 8 8", "bomb"),  # C-HAND-13
])
def test_C_HAND_1_to_14_types_and_the_spec_examples(text, expected):
    """C-HAND-1 .. C-HAND-14, with every example the spec gives."""
    assert kind(text) == expected


def test_C_HAND_15_no_hand_has_more_than_20_cards_and_the_longest_of_each_run():
    lengths = Counter()
    for text in legal_hands(FULL_CLASSIC):
        h = parse_hand(text)
        lengths[h.kind] = max(lengths[h.kind], h.size)
    assert max(lengths.values()) == 20
    assert lengths["straight"] == 12 and lengths["pair_run"] == 20
    assert lengths["airplane"] == 18 and lengths["airplane_singles"] == 20
    assert lengths["airplane_pairs"] == 20
    assert kind("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9") is None  # 7 trios: 21 cards


# RLCard 1.2.0's action space by type (games/doudizhu/jsondata/type_card.json), named ours.
RLCARD_SPACE = {
    "single": 15, "pair": 13, "trio": 13, "trio_single": 182, "trio_pair": 156,
    "straight": 36, "pair_run": 52, "airplane": 45, "airplane_singles": 21822,
    "airplane_pairs": 2939, "four_two": 1326, "four_two_pairs": 858, "bomb": 13, "rocket": 1,
}


def test_C_HAND_16_the_hand_space_matches_RLCards_27471_type_for_type():
    hands = legal_hands(FULL_CLASSIC)
    assert len(hands) == len(set(hands)) == 27471 == sum(RLCARD_SPACE.values())
    assert Counter(parse_hand(t).kind for t in hands) == RLCARD_SPACE


def test_C_HAND_16_main_rank_is_the_group_or_the_lowest_of_the_run_never_a_wing():
    assert parse_hand("3 4 4 4").main == parse_hand("4 4 4 K").main == 1
    assert parse_hand("9 10 J Q K").main == 6
    assert parse_hand("3 3 3 4 4 4 A 2").main == 0
    assert parse_hand("Q Q Q K K K A A A 2 2 2").main == 9
    assert parse_hand("5 5 2 2 2 2").main == 12


@pytest.mark.parametrize("a, b, wins", [
    ("SJ BJ", "2 2 2 2", True), ("2 2 2 2", "SJ BJ", False),  # C-HAND-17
    ("3 3 3 3", "A A A A K K", True), ("3 3 3 3", "4 4 4 4", False),  # C-HAND-18
    ("5 5 5 5", "4 4 4 4", True), ("3 3 3 3", "3 4 5 6 7 8 9 10 J Q K A", True),
    ("3 4 4 4", "3 3 3 K", True),  # C-HAND-19
    ("4 5 6 7 8", "3 4 5 6 7", True), ("4 5 6 7 8", "3 4 5 6 7 8", False),
    ("4 4 4 5 5 5 6 7", "3 3 3 4 4 4 A 2", True),
    ("4 4 4 5 5 5 6 7", "3 3 3 4 4 4 5 5 6 6", False),
    ("BJ", "SJ", True), ("SJ", "2", True), ("2", "SJ", False), ("4 4", "3 3 3", False),
])
def test_C_HAND_17_to_19_comparison(a, b, wins):
    assert beats(a, b) is wins


@pytest.mark.parametrize("text, expected", [
    ("SJ SJ BJ BJ", "joker_bomb"), ("7 7 7 7", "bomb"), ("7 7 7 7 7 7 7 7", "bomb"),
    ("9", "single"), ("SJ BJ", "pair"), ("BJ BJ SJ", "trio"),
    ("3 3 3 4 4", "trio_pair"), ("SJ BJ BJ 5 5", "trio_pair"), ("5 5 5 SJ BJ", "trio_pair"),
    ("3 3 3 4", None),  # no triple + single
    ("A 2 3 4 5", "straight"), ("10 J Q K A", "straight"), ("J Q K A 2", None),
    ("A 2 3 4 5 6 7 8 9 10 J Q K A", "straight"), ("3 4 5 6 SJ", None),
    ("A A 2 2 3 3", "pair_run"), ("Q Q K K A A", "pair_run"), ("3 3 4 4", None),
    ("A A A 2 2 2", "airplane"), ("K K K A A A", "airplane"),
    ("3 3 3 4 4 4 7 7 8 8", "airplane_pairs"), ("3 3 3 4 4 4 7 7 9 9", None),
    ("3 3 3 4 4 4 3 3 4 4", None),  # the pairs are of other ranks (Project decision)
    ("3 3 3 3 5 5", None),  # no four + two in Shanghai
])
def test_S_HAND_1_types(text, expected):
    assert kind(text, "shanghai") == expected


def test_S_HAND_2_A_at_either_end_and_the_highest_straight():
    low, high = parse_hand("A 2 3 4 5", "shanghai"), parse_hand("10 J Q K A", "shanghai")
    assert low.main == 4 and high.main == 13
    assert beats("2 3 4 5 6", "A 2 3 4 5", "shanghai")
    assert beats("10 J Q K A", "9 10 J Q K", "shanghai")
    top = "A 2 3 4 5 6 7 8 9 10 J Q K A"
    assert parse_hand(top, "shanghai").main == 13
    assert [t for t in legal_hands(top, preset="shanghai") if len(t.split()) == 14] == [
        top]  # written as it runs (S-HAND-2)
    assert beats("3 4 5 6 7 8 9 10 J Q K A", "A 2 3 4 5 6 7 8 9 10 J Q", "shanghai")
    # 13 ranks with one A read both ways: the higher reading counts (Project decision)
    assert parse_hand("A 2 3 4 5 6 7 8 9 10 J Q K", "shanghai").main == 13
    assert kind("K K A A 2 2", "shanghai") is None  # K A 2 is no run: 2 sits below 3


@pytest.mark.parametrize("typed, written", [
    ("3 3 A A 2 2", "A A 2 2 3 3"), ("5 4 3 2 A", "A 2 3 4 5"), ("2 2 2 A A A", "A A A 2 2 2"),
    ("A 2 3 4 5 6 7 8 9 10 J Q K", "2 3 4 5 6 7 8 9 10 J Q K A"),  # the higher reading
    ("K K K A A A 3 3 2 2", "2 2 3 3 K K K A A A"), ("Q Q A A A 2 2 2 K K", "A A A 2 2 2 Q Q K K"),
    ("A A K K Q Q", "Q Q K K A A"), ("A 2 3 4 5 6 7 8 9 10 J Q K A", "A 2 3 4 5 6 7 8 9 10 J Q K A"),
])
def test_S_HAND_2_a_run_is_written_in_straight_order_a_low_A_and_2_first(typed, written):
    """S-HAND-2: in runs A may stand below 2 and 2 below 3, and the run's text follows the
    order it runs in (each of type 10's two runs likewise); input may come in any order."""
    assert parse_hand(typed, "shanghai").text == written
    assert written in legal_hands(typed, preset="shanghai")
    assert parse_hand(written, "shanghai") == parse_hand(typed, "shanghai")


def test_S_HAND_2_beating_a_low_run_lists_the_higher_runs_as_they_run():
    assert legal_hands("A A 2 2 3 3 4 4 K", "3 3 A A 2 2", "shanghai") == ["2 2 3 3 4 4"]
    assert legal_hands("A A 2 2 3 3 4 4 K", "Q Q K K A A", "shanghai") == []


def test_S_HAND_3_bombs_more_cards_then_rank_four_jokers_top():
    p = "shanghai"
    assert beats("3 3 3 3", "A 2 3 4 5 6 7 8 9 10 J Q K A", p)
    assert beats("3 3 3 3 3", "2 2 2 2", p) and not beats("2 2 2 2", "3 3 3 3 3", p)
    assert beats("4 4 4 4 4", "3 3 3 3 3", p)
    assert beats("SJ SJ BJ BJ", "2 2 2 2 2 2 2 2", p)
    assert not beats("2 2 2 2 2 2 2 2", "SJ SJ BJ BJ", p)


def test_S_HAND_4_same_type_and_size_triples_only_count_and_S_CARD_1_jokers_equal():
    p = "shanghai"
    assert beats("4 4 4 3 3", "3 3 3 2 2", p)
    assert not beats("3 3 3 2 2", "3 3 3 4 4", p)
    assert beats("4 4 4 5 5 5 6 6 7 7", "3 3 3 4 4 4 9 9 10 10", p)
    assert not beats("4 5 6 7 8", "3 4 5 6 7 8", p) and not beats("4 4", "3 3 3", p)
    assert not beats("BJ", "SJ", p) and not beats("SJ", "BJ", p)  # S-CARD-1
    assert beats("SJ", "2", p) and beats("SJ SJ", "2 2", p)
    assert not beats("BJ BJ", "SJ BJ", p)


def test_S_CARD_1_jokers_listed_once_per_count_small_first():
    assert legal_hands("SJ BJ BJ 3", preset="shanghai") == [
        "3", "SJ", "SJ BJ", "SJ BJ BJ"]
    assert legal_hands("BJ BJ", "2 2", "shanghai") == ["BJ BJ"]


# ----- the move generator against brute force ------------------------------------------------
def brute_force(rc: list[int], previous: str | None, preset: str) -> set[tuple]:
    """Every sub-multiset of the cards that is a hand (and beats ``previous``), as hand values:
    in Shanghai the jokers are one rank, so hands differing only in which jokers count once."""
    top = parse_hand(previous, preset) if previous else None
    out = set()
    for sub in itertools.product(*(range(k + 1) for k in rc)):
        h = hand_of_counts(list(sub), preset)
        if h is not None and (top is None or BEATS[preset](h, top)):
            out.add(value(h, preset))
    return out


def value(h, preset: str) -> tuple:
    rc = [0] * 15
    for r, k in h.need:
        rc[r] += k
    return (h.kind, h.main, h.size, tuple(merged(rc) if preset == "shanghai" else rc))


def small_hand(preset: str, most: int) -> st.SearchStrategy[str]:
    """Up to ``most`` cards, often from a few neighbouring ranks so that trios, runs,
    airplanes and bombs are common."""
    full = (FULL_SHANGHAI if preset == "shanghai" else FULL_CLASSIC).split()

    def pool(lo: int, width: int, jokers: bool) -> list[str]:
        names = set(FULL_CLASSIC.split()[lo:lo + width]) | ({"SJ", "BJ"} if jokers else set())
        return [c for c in full if c in names]

    narrow = st.builds(pool, st.integers(0, 12), st.integers(2, 6), st.booleans())
    return st.one_of(st.just(full), narrow).flatmap(
        lambda cards: st.lists(st.sampled_from(range(len(cards))), min_size=1,
                               max_size=most, unique=True).map(
            lambda idx: " ".join(cards[i] for i in idx)))


@st.composite
def hand_and_previous(draw, preset: str, most: int):
    cards = draw(small_hand(preset, most))
    previous = None
    if draw(st.booleans()):
        other = draw(small_hand(preset, most))
        previous = draw(st.sampled_from(legal_hands(other, preset=preset)))
    return cards, previous


@examples(150)
@given(st.sampled_from(["classic", "shanghai"]).flatmap(
    lambda p: st.tuples(st.just(p), hand_and_previous(p, 13))))
def test_C_PLAY_3_legal_hands_agree_with_brute_force(case):
    """C-PLAY-3 (and S-PLAY-1): the generator lists exactly the hands a brute-force search over
    every subset finds, once each, each one held and classified as listed."""
    preset, (cards, previous) = case
    listed = legal_hands(cards, previous, preset)
    assert len(listed) == len(set(listed))
    have = Counter(cards.split())
    for text in listed:
        assert not Counter(text.split()) - have
        assert parse_hand(text, preset).text == text  # the generator writes as parsing does
    assert {value(parse_hand(t, preset), preset) for t in listed} == brute_force(
        counts_of_text(cards), previous, preset)


def test_C_HAND_16_every_hand_reads_back_as_itself():
    for preset, full in (("classic", FULL_CLASSIC), ("shanghai", FULL_SHANGHAI)):
        for text in legal_hands(full, preset=preset):
            h = parse_hand(text, preset)
            assert h.text == text and Counter(text.split()) == Counter(text_of(h.need).split())
