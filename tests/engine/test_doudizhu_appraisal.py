"""Dou Dizhu ``hard``'s appraisal of a decision (what a replay's analysis shows): every choice
it weighs — the bids (头撂 with them), 摊打, 报到 and the plays —, each played out on the
same deals the same number of times, best first."""

from __future__ import annotations

import pytest

from bhtui.bots.doudizhu import CountingBot, SearchBot, search
from bhtui.doudizhu import PRESETS, Match

from doudizhu_helpers import bid, rigged


def offers(preset: str, seed: int = 3):
    """Every offer of a deal of ``preset`` played by ``normal`` bots."""
    m = Match(PRESETS[preset], seed=seed, rounds=1)
    bot = CountingBot()
    while not m.over:
        offer = m.legal_actions(m.to_act)
        yield offer
        m.apply(m.to_act, bot.decide(offer))


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_R_HIDE_every_searched_decision_appraised_on_the_same_deals_best_first(preset):
    """Each appraisal is one of the offer's actions, each once, every one with the playouts
    asked, best mean first, and among them what ``normal`` and what ``hard`` choose; the
    bidding is appraised too."""
    searched, phases = 0, set()
    for offer in offers(preset):
        found = SearchBot(1).appraise(offer, 4)
        if not found:
            continue
        searched += 1
        phases.add(offer.reading["phase"])
        actions = [a.action for a in found]
        assert all(a in offer for a in actions)
        assert len({repr(a) for a in actions}) == len(actions)
        assert {a.playouts for a in found} == {4}
        assert [a.mean for a in found] == sorted((a.mean for a in found), reverse=True)
        assert CountingBot().decide(offer) in actions
        assert SearchBot(1, playouts=12).decide(offer) in actions
        if searched == 6:
            break
    assert searched == 6 and "bid" in phases


@pytest.mark.parametrize("hands, phase, choices", [
    (("SJ SJ BJ 2 2 2 2 A A A K K",), "open", [{"type": "open"}, {"type": "skip"}]),
    (("SJ SJ BJ BJ 9 9 9 9 9 9 9 5 6",), "report", None),
])
def test_S_BID_5_S_BID_6_摊打_and_报到_are_appraised_choice_by_choice(hands, phase, choices):
    m = rigged("shanghai", hands=hands, kitty="3", mark="3")
    for seat, points in ((0, 3),) if phase == "open" else ((0, 2), (1, 0), (2, 0), (3, 0)):
        bid(m, seat, points)
    assert m.round.phase == phase
    offer = m.legal_actions(0)
    found = SearchBot(2).appraise(offer, 3)
    actions = [a.action for a in found]
    if choices is not None:
        assert sorted(map(repr, actions)) == sorted(map(repr, choices))
    else:  # skip, 打 and 不打 with every group reported
        assert len(actions) == 3 and {"type": "skip"} in actions
        assert {a["fight"] for a in actions if a["type"] == "report"} == {True, False}


def test_an_appraisal_is_the_same_for_a_seed_whatever_the_bot_decided_before():
    searched = [offer for offer in offers("classic") if SearchBot(2).appraise(offer, 1)][:5]
    bot = SearchBot(2)
    first = bot.appraise(searched[-1], 5)
    for offer in searched[:4]:
        bot.decide(offer)
    assert bot.appraise(searched[-1], 5) == first == SearchBot(2).appraise(searched[-1], 5)


def late(keep: dict[int, dict[int, int]]) -> Match:
    """A classic deal late in its play: seat 0 the landlord, each seat holding only the rank
    counts ``keep`` gives it (the rest played), seat 0 to lead."""
    m = rigged(hands=("3 3", "4 5", "6 7"), kitty="8 9 10", first=0)
    bid(m, 0, 3)
    r = m.round
    for seat in range(3):
        for rank in range(15):
            k = r.rc[seat][rank] - keep[seat].get(rank, 0)
            r.rc[seat][rank] -= k
            r.played[seat][rank] += k
            r.left[seat] -= k
    return m


def test_no_appraisal_where_hard_does_not_search():
    """Going out at once (nothing beats it) and a lone legal action (a farmer's pass with
    nothing to beat a pair) are not searched; a lead of one of several singles is."""
    out = late({0: {0: 2}, 1: {1: 1, 2: 1}, 2: {3: 1, 4: 1}})
    assert SearchBot(1).appraise(out.legal_actions(0), 4) == []  # 3 3 goes out
    m = late({0: {0: 2, 5: 1, 7: 1}, 1: {1: 1, 2: 1}, 2: {3: 1, 4: 1}})
    assert len(SearchBot(1).appraise(m.legal_actions(0), 4)) > 1
    m.apply(0, {"type": "play", "hand": "3 3"})
    assert len(m.legal_actions(1)) == 1
    assert SearchBot(1).appraise(m.legal_actions(1), 4) == []


def test_C_BID_2_a_bid_is_appraised_with_the_edge_hard_bids_by(monkeypatch):
    """The analysis shows what ``decide`` weighs: each bid's worth counts ``hard``'s
    measured edge over its playouts (``EDGE``), so without the edge every bid is worth
    less on the same deals — the bare playouts undervalue the landlord's seat."""
    offer = next(offers("classic"))
    assert offer.reading["phase"] == "bid"
    with_edge = {repr(a.action): a.mean for a in SearchBot(1).appraise(offer, 8)}
    monkeypatch.setitem(search.EDGE, "classic", search.Edge(0.0, 0.0))
    bare = {repr(a.action): a.mean for a in SearchBot(1).appraise(offer, 8)}
    bids = [a for a in offer if a["type"] == "bid"]
    assert bids and all(with_edge[repr(a)] > bare[repr(a)] for a in bids)
