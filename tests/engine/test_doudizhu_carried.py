"""What a hand carries (三带一, 飞机带翅膀, 四带二), split off for the screen's "9 9 9 + 3": the
carrying part is the trios or four the hand was read by (C-HAND-7..10, S-HAND-1), the rest
its wings, and nothing is lost or added."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.doudizhu import legal_hands, parse_hand
from bhtui.doudizhu.hands import AIRPLANE, BOMB, CARRIERS, TRIO, carried

from strategies import examples

ORDER = "3 4 5 6 7 8 9 10 J Q K A 2".split()


@st.composite
def cards(draw, preset: str) -> str:
    """Up to 16 cards from a few neighbouring ranks (and the jokers): trios and airplanes with
    wings are common."""
    lo = draw(st.integers(0, 10))
    ranks = ORDER[lo:lo + draw(st.integers(2, 5))] + ["SJ", "BJ"]
    copies = 8 if preset == "shanghai" else 4
    pool = [r for r in ranks for _ in range(2 if r in ("SJ", "BJ") and preset == "shanghai"
                                             else 1 if r in ("SJ", "BJ") else copies)]
    picked = draw(st.lists(st.sampled_from(range(len(pool))), min_size=4, max_size=16,
                           unique=True))
    return " ".join(pool[i] for i in picked)


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
@examples(100)
@given(data=st.data())
def test_C_HAND_9_a_carrying_hand_splits_into_its_trios_or_four_and_its_wings(preset, data):
    held = data.draw(cards(preset))
    for text in legal_hands(held, preset=preset):
        hand = parse_hand(text, preset)
        split = carried(hand, preset)
        if hand.kind not in CARRIERS:
            assert split is None
            continue
        assert split is not None
        core, wings = split
        assert Counter(core.split()) + Counter(wings.split()) == Counter(text.split())
        assert wings
        carrier = parse_hand(core, preset)
        if CARRIERS[hand.kind] == 4:
            assert carrier.kind == BOMB and carrier.size == 4
        else:
            assert carrier.kind in (TRIO, AIRPLANE) and carrier.size % 3 == 0


@pytest.mark.parametrize("text, preset, split", [
    ("3 9 9 9", "classic", ("9 9 9", "3")),
    ("3 3 3 4 4 4 5 5 5 9 9 9", "classic", ("3 3 3 4 4 4 5 5 5", "9 9 9")),  # a trio as wings
    ("4 4 4 4 5 6", "classic", ("4 4 4 4", "5 6")),
    ("3 3 4 4 7 7 7 8 8 8", "shanghai", ("7 7 7 8 8 8", "3 3 4 4")),
    ("5 5 SJ BJ BJ", "shanghai", ("SJ BJ BJ", "5 5")),
    ("9 9 9", "classic", None),
])
def test_C_HAND_7_the_apps_way_trio_first_then_what_it_carries(text, preset, split):
    assert carried(parse_hand(text, preset), preset) == split
