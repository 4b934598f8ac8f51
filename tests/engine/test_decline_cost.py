"""The throne dialog's word on what passing the card on costs is the engine's own (R-EMP-Q3,
R-EMP-L2, R-WF-EMP-2): every candidate who declines adds exactly the card his view said."""

import pytest

from bhtui.cards import TWO, parse_cards, rank_of
from bhtui.rules import PRESETS, Match
from bhtui.rules.offers import decline_cost


@pytest.mark.parametrize("preset", ["qingdao", "lianzhong-simple", "weifang"])
def test_R_EMP_Q3_L2_WF_EMP_2_every_decliner_adds_the_card_his_dialog_named(preset):
    said_two = said_card = said_nothing = 0
    for seed in range(12):
        m = Match(PRESETS[preset], seed)
        while m.round.phase == "throne":
            seat = m.round.to_act
            view = m.view(seat)
            if "decline" not in [a["type"] for a in view["actions"]]:
                break
            notes = decline_cost(view)
            events = m.apply(seat, {"type": "decline"})
            added = next(e["added"] for e in events if e["type"] == "decline")
            (key, values), = notes
            twos = sum(rank_of(c) == TWO for c in parse_cards(view["hand"]))
            if key == "throne.costs_two":
                assert values == {"card": added, "twos": twos} and twos > 0
                said_two += 1
            elif key == "throne.costs_card":
                assert values == {"card": added} and twos == 0
                said_card += 1
            else:
                assert key == "throne.costs_nothing" and added is None
                assert values == {"twos": twos}
                said_nothing += 1
            if any(e["type"] in ("void", "deal") for e in events):
                break
    assert said_two and said_nothing  # a 2 and nothing were both seen (the first candidate)
    assert bool(said_card) == (preset == "lianzhong-simple")  # no 2: his highest card goes


def test_a_rule_set_that_adds_nothing_says_nothing_about_it():
    m = Match(PRESETS["baike"], 1)
    assert decline_cost(m.view(m.round.to_act)) == []
