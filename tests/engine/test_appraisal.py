"""``hard``'s appraisal of a decision (what a replay's analysis shows): every move it weighs,
each played out on the same deals the same number of times, best first."""

from __future__ import annotations

import pytest

from bhtui.bots import CountingBot
from bhtui.bots.search import SearchBot
from bhtui.rules import PRESETS, Match

from helpers import rigged


def offers(preset: str, seed: int = 3):
    """Every offer of a round of ``preset`` played by ``normal`` bots, with its seat."""
    m = Match(PRESETS[preset], seed=seed, rounds=1)
    bot = CountingBot()
    while not m.over:
        seat = m.to_act
        offer = m.legal_actions(seat)
        yield seat, offer
        m.apply(seat, bot.decide(offer))


@pytest.mark.parametrize("preset", ["qingdao", "weifang"])
def test_R_HIDE_1_every_searched_decision_appraised_on_the_same_deals_best_first(preset):
    """Each appraisal is one of the offer's actions, every one with the playouts asked,
    best mean first, and among them what ``normal`` and what ``hard`` choose."""
    searched = 0
    for _, offer in offers(preset):
        found = SearchBot(1).appraise(offer, 6)
        if not found:
            continue
        searched += 1
        actions = [a.action for a in found]
        assert all(a in offer for a in actions)
        assert len({repr(a) for a in actions}) == len(actions)  # each move once
        assert {a.playouts for a in found} == {6}
        assert [a.mean for a in found] == sorted((a.mean for a in found), reverse=True)
        assert CountingBot().decide(offer) in actions
        assert SearchBot(1, playouts=12).decide(offer) in actions
        if searched == 5:
            return
    raise AssertionError(f"only {searched} decisions searched in a round")


def test_an_appraisal_is_the_same_for_a_seed_whatever_the_bot_decided_before():
    searched = []
    for _, offer in offers("qingdao"):
        if len(searched) == 5:
            break
        if SearchBot(2).appraise(offer, 1):
            searched.append(offer)
    bot = SearchBot(2)
    first = bot.appraise(searched[-1], 5)
    for offer in searched[:4]:
        bot.decide(offer)
    assert bot.appraise(searched[-1], 5) == first == SearchBot(2).appraise(searched[-1], 5)


def test_no_appraisal_where_hard_does_not_search():
    """Going out at once (nothing beats it) and a lone legal action are not searched."""
    m = rigged("7H 7H 7H", "7H", "8C", "5D", "KC")
    m.apply(0, {"type": "accept"})
    assert SearchBot(1).appraise(m.legal_actions(0), 4) == []  # one call to make
    m.apply(0, {"type": "call", "card": "7H"})
    assert SearchBot(1).appraise(m.legal_actions(0), 4) == []  # 7 7 7 BJ goes out
