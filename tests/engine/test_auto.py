"""Seed 002's 托管 rules (R-AUTO-2, option ``strict_auto``) and its penalty for quitting
(R-AUTO-3, option ``quit_penalty``), as the match plays them: the table applies ``auto`` and
``quit`` for a seat, and the match scores what follows."""

from __future__ import annotations

import random

import pytest

from bhtui.bots import make_bot
from bhtui.rules import IllegalAction, Match, get_preset, replay
from bhtui.rules.auto import AUTO_LIMIT
from bhtui.rules.sets import parse_set

from helpers import fingerprint

STRICT = [get_preset(n).with_options(strict_auto=True)
          for n in ("lianzhong-classic", "lianzhong-simple")]


def on(m: Match, seat: int, value: bool = True) -> list:
    return m.apply(seat, {"type": "auto", "on": value})


def play_on(m: Match, bots: dict[int, object] | None = None) -> None:
    """Play the match out: seats on 托管 take the one move offered, the others a bot's."""
    bots = bots or {}
    heuristic = make_bot("heuristic", 0)
    while not m.over:
        seat = m.to_act
        offer = m.legal_actions(seat)
        m.apply(seat, offer[0] if m.auto.on[seat] else bots.get(seat, heuristic).decide(offer))


@pytest.mark.parametrize("rules", STRICT, ids=lambda r: r.name)
@pytest.mark.parametrize("seed", range(6))
def test_R_AUTO_2_the_auto_player_passes_the_throne_on_leads_its_lowest_single_and_passes(
        rules, seed):
    """Every decision of a seat on 托管 is the rule's, the one move offered: the throne passed
    on (accepted only where passing would void the deal), no declaration, the lowest single
    as a lead, a pass when following."""
    m = Match(rules, seed, rounds=2)
    for s in range(5):
        on(m, s)
    while not m.over:
        seat, r = m.to_act, m.round
        offer = m.legal_actions(seat)
        assert len(offer) == 1 and not m.interjections((seat + 1) % 5)
        action = offer[0]
        kinds = {a["type"] for a in r.legal_actions(seat).rest}
        if r.phase == "throne" and "decline" in kinds and action["type"] != "decline":
            assert action["type"] == "accept" and m._keeps_deal()
        elif r.phase == "play" and r.top is not None:
            assert action == {"type": "pass"}
        elif r.phase == "play":
            led = parse_set(action["set"])
            rc = r.rc[seat]
            naturals = [k for k in range(13) if rc[k]]
            if naturals and (not rules.holds_back or rc[rules.holds_back.rank] < sum(
                    rc[:13])):
                assert led.size == 1 and led.rank == min(
                    k for k in naturals if not rules.holds_back
                    or k != rules.holds_back.rank)
        assert action["type"] not in ("grab", "open_guard", "rebel", "solo")
        m.apply(seat, action)


@pytest.mark.parametrize("rules", STRICT, ids=lambda r: r.name)
def test_R_AUTO_2_a_round_ending_with_every_seat_on_tuoguan_is_not_scored(rules):
    m = Match(rules, 11, rounds=4)
    for s in range(5):
        on(m, s)
    events: list = []
    while not m.over:
        seat = m.to_act
        events += m.apply(seat, m.legal_actions(seat)[0])
    end = next(e for e in events if e["type"] == "round_end")
    assert end["unscored"] and end["scores"] == [0] * 5
    assert m.totals == [0] * 5 and m.history[-1]["scored"] is False
    assert events[-1] == {"type": "match_end", "totals": [0] * 5, "why": "auto"}
    assert len(m.records) == 1  # and the match ends with it


@pytest.mark.parametrize("rules", STRICT, ids=lambda r: r.name)
def test_R_AUTO_2_a_round_ending_with_a_seat_on_tuoguan_is_scored_and_ends_the_match(rules):
    m = Match(rules, 5, rounds=4)
    on(m, 2)
    play_on(m)
    assert len(m.records) == 1 and m.records[0].scored
    assert m.totals == list(m.records[0].result.scores)
    assert m.history[0]["scored"] and m.history[-1]["totals"] == m.totals


@pytest.mark.parametrize("rules", STRICT, ids=lambda r: r.name)
def test_R_AUTO_2_tuoguan_taken_back_before_the_round_ends_lets_the_match_go_on(rules):
    m = Match(rules, 5, rounds=2)
    on(m, 2)
    on(m, 2, False)
    play_on(m)
    assert len(m.records) == 2


@pytest.mark.parametrize("rules", STRICT, ids=lambda r: r.name)
def test_R_AUTO_2_put_on_tuoguan_more_than_three_times_a_round_the_seat_stays_on(rules):
    m = Match(rules, 8, rounds=3)
    for _ in range(AUTO_LIMIT):
        assert on(m, 1)[0]["stays"] is False
        on(m, 1, False)
    fourth = on(m, 1)[0]
    assert fourth == {"type": "auto", "seat": 1, "on": True, "times": 4, "stays": True}
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="R-AUTO-2"):
        on(m, 1, False)
    assert fingerprint(m) == before and m.auto.on[1]
    play_on(m)  # it stayed on to the round's end, so the match ended with it
    assert len(m.records) == 1


def test_R_AUTO_2_a_seat_on_tuoguan_may_not_play_or_declare_otherwise():
    m = Match(STRICT[1], 3, rounds=1)
    seat = m.to_act
    on(m, seat)
    offer = m.round.legal_actions(seat)
    other = next(a for a in offer if a != m.legal_actions(seat)[0])
    with pytest.raises(IllegalAction, match="托管 plays by rule"):
        m.apply(seat, other)
    other_seat = (seat + 1) % 5
    on(m, other_seat)
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="declares nothing"):
        m.apply(other_seat, {"type": "grab"})
    assert fingerprint(m) == before


@pytest.mark.parametrize("name", ["qingdao", "baike", "lianzhong-classic", "weihai"])
def test_R_AUTO_2_without_strict_auto_the_match_refuses_the_tables_tuoguan(name):
    m = Match(get_preset(name), 1)
    with pytest.raises(IllegalAction, match="strict_auto is off"):
        on(m, 0)
    assert not m.actions


def test_R_AUTO_2_strict_auto_is_lianzhongs_alone():
    with pytest.raises(ValueError, match="unknown option 'strict_auto'"):
        get_preset("qingdao").with_options(strict_auto=True)


@pytest.mark.parametrize("name", ["qingdao", "baike", "lianzhong-classic", "lianzhong-simple",
                                  "weihai", "weifang"])
def test_R_AUTO_3_a_quitter_loses_the_penalty_at_once_and_his_seat_is_scored_as_usual(name):
    rules = get_preset(name).with_options(quit_penalty=10)
    m = Match(rules, 4, rounds=2)
    for _ in range(7):
        m.apply(m.to_act, m.legal_actions(m.to_act)[0])
    events = m.apply(3, {"type": "quit", "why": "left"})
    assert events == [{"type": "penalty", "seat": 3, "points": -10, "why": "left",
                       "totals": [0, 0, 0, -10, 0]}]
    assert m.view(0)["totals"] == [0, 0, 0, -10, 0]
    play_on(m)  # the bot playing his seat plays the round out
    first = m.history[0]
    assert first["penalties"] == [{"seat": 3, "points": -10}]
    scores = [sum(row["scores"][s] for row in m.history) for s in range(5)]
    assert m.totals == [t - (10 if s == 3 else 0) for s, t in enumerate(scores)]
    assert m.history[1]["penalties"] == []
    again = replay(rules, 4, m.actions, rounds=2)  # R-SEED-1: logged, replayed alike
    assert again.totals == m.totals and again.history == m.history


@pytest.mark.parametrize("action", [{"type": "quit", "why": "bored"}, {"type": "quit"}])
def test_R_AUTO_3_a_quit_needs_its_reason(action):
    m = Match(get_preset("qingdao").with_options(quit_penalty=5), 1)
    with pytest.raises(IllegalAction, match="why"):
        m.apply(0, action)
    assert m.totals == [0] * 5


def test_R_AUTO_3_without_a_penalty_quitting_costs_nothing():
    m = Match(get_preset("lianzhong-simple"), 1)
    with pytest.raises(IllegalAction, match="quit_penalty is 0"):
        m.apply(0, {"type": "quit", "why": "left"})
    with pytest.raises(ValueError, match="whole number 0..999"):
        get_preset("qingdao").with_options(quit_penalty=-1)


def test_R_AUTO_2_R_AUTO_3_matches_with_both_replay_from_their_actions():
    """R-SEED-1 with the table's actions in the log."""
    rules = STRICT[0].with_options(quit_penalty=20)
    rng = random.Random(2)
    m = Match(rules, 9, rounds=3)
    m.apply(4, {"type": "quit", "why": "removed"})
    while not m.over:
        seat = m.to_act
        if rng.randrange(15) == 0 and not m.auto.stays(seat):
            on(m, seat, not m.auto.on[seat])
            continue
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    again = replay(rules, 9, m.actions, rounds=3)
    assert again.totals == m.totals and again.history == m.history
    assert m.totals[4] == sum(r["scores"][4] for r in m.history) - 20

