"""R-PLAY-1's literal reading, option ``joker_sets=false`` (qingdao, baike): a set holds N ≥ 1
natural cards, jokers go only beside them, and a hand of jokers alone plays them all at once
as its last set."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.bots import SearchBot, make_bot
from bhtui.cards import RANKS_WITH_GC
from bhtui.rules import IllegalAction, Match, get_preset, legal_sets, parse_set
from bhtui.rules.choices import LeadSets
from bhtui.rules.sets import sets_from_rank_counts

from helpers import fingerprint, rigged
from strategies import FAST

LITERAL = [get_preset(n).with_options(joker_sets=False) for n in ("qingdao", "baike")]


def texts(sets) -> list[str]:
    return [str(s) for s in sets]


@pytest.mark.parametrize("rules", LITERAL, ids=lambda r: r.name)
def test_R_PLAY_1_jokers_go_only_beside_natural_cards(rules):
    hand = ["9H", "SJ", "BJ"]
    assert texts(legal_sets(hand, None, rules)) == [
        "9", "9 BJ", "9 SJ", "9 SJ BJ"]
    assert "SJ BJ" in texts(legal_sets(hand))  # the preset's own reading: a set
    assert texts(legal_sets(hand, parse_set("7"), rules)) == ["9"]
    assert texts(legal_sets(hand, parse_set("7"))) == ["9", "SJ", "BJ"]


@pytest.mark.parametrize("rules", LITERAL, ids=lambda r: r.name)
def test_R_PLAY_1_a_hand_of_jokers_alone_plays_them_all_as_its_last_set(rules):
    assert texts(legal_sets(["SJ", "BJ"], None, rules)) == ["SJ BJ"]
    assert texts(legal_sets(["SJ", "BJ"], parse_set("K K"), rules)) == ["SJ BJ"]
    assert legal_sets(["SJ", "BJ", "BJ"], parse_set("K"), rules) == []  # not one of them
    assert texts(legal_sets(["BJ"], parse_set("2"), rules)) == ["BJ"]


@FAST
@given(st.lists(st.integers(0, 3), min_size=15, max_size=15), st.sampled_from(LITERAL))
def test_R_PLAY_1_a_lead_offer_lists_exactly_the_engines_leads(counts, rules):
    rc = counts + [0] * (RANKS_WITH_GC - 15)
    leads = LeadSets(rc, alone=False)
    expected = sets_from_rank_counts(rc, None, rules)
    assert list(leads) == expected
    for i, s in enumerate(expected):
        assert leads.index(s) == i
    for s in sets_from_rank_counts(rc, None, None):
        assert (s in leads) == (s in expected)


def test_R_PLAY_1_the_round_refuses_jokers_alone_that_do_not_empty_the_hand():
    m = rigged("7H 7H 7H 9S SJ", "10H SJ BJ", "8H 7H", "JH", "QH", joker_sets=False)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    before = fingerprint(m)
    for cards in (["SJ"], ["BJ", "SJ"]):
        with pytest.raises(IllegalAction, match="joker_sets=false"):
            m.apply(0, {"type": "play", "cards": cards})
        assert fingerprint(m) == before
    m.apply(0, {"type": "play", "cards": ["9S", "SJ"]})  # beside a natural card: a set
    with pytest.raises(IllegalAction, match="joker_sets=false"):
        m.apply(1, {"type": "play", "set": "SJ BJ"})  # his 10H is still in hand
    m.apply(1, {"type": "play", "set": "10 BJ"})


@pytest.mark.parametrize("rules", LITERAL, ids=lambda r: r.name)
@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "normal", "hard"])
def test_R_PLAY_1_no_bot_plays_jokers_alone_but_as_its_last_set(rules, level):
    """Every bot, hard's playouts included, plays under the option: a set of jokers alone
    only as the hand's last."""
    rounds = 1 if level == "hard" else 3
    m = Match(rules, 21, rounds=rounds)
    bots = [SearchBot(seat, playouts=24) if level == "hard" else make_bot(level, seat)
            for seat in range(5)]
    while not m.over:
        seat = m.to_act
        left = sum(m.round.rc[seat])
        events = m.apply(seat, bots[seat].decide(m.legal_actions(seat)))
        for e in events:
            if e["type"] == "play" and e["seat"] == seat:
                if not any(c not in ("SJ", "BJ") for c in e["cards"]):
                    assert len(e["cards"]) == left  # the last set
    assert m.over


@pytest.mark.parametrize("command", ["sim", "tournament"])
def test_R_PLAY_1_R_AUTO_2_R_AUTO_3_the_options_head_a_sim_and_a_tournament(command, cli):
    """The report says the rules it was played under, the new options among them."""
    extra = ("--bots", "normal,heuristic,easy,random,random", "--match-rounds", "1",
             "--jobs", "1") if command == "tournament" else ("--bots", "normal")
    for preset, option, value in (("qingdao", "joker_sets=false", False),
                                  ("lianzhong-simple", "strict_auto=true", True)):
        out = cli(command, "--preset", preset, "--option", option, "--option",
                  "quit_penalty=15", "--rounds", "5", "--seed", "4", "--json", *extra)
        assert out.returncode == 0, out.stderr
        options = json.loads(out.stdout)["options"]
        assert options[option.split("=")[0]] is value and options["quit_penalty"] == 15

