"""Hypothesis properties over whole Dou Dizhu deals of both presets: hidden information in the
msgpack bytes of views and events, refused actions, replay (R-SEED-1), legal actions that
apply, conservation of cards and the scores' sums (C-SCORE-2, S-SCORE-1)."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import PRESETS, IllegalAction, Match, event_for, replay

from doudizhu_helpers import fingerprint, reshuffled
from helpers import assert_refused, assert_replays, copy_of
from strategies import chooser, examples

# Hypothesis plays whole Dou Dizhu matches of both presets.
pytestmark = pytest.mark.slow

RULES = [PRESETS[p].with_options(escape=escape, base=base)
         for p in ("classic", "shanghai") for escape in (False, True) for base in (1, 3)]
matches = st.builds(lambda rules, seed: Match(rules, seed, rounds=2),
                    st.sampled_from(RULES), st.integers(0, 10**6))
FAST = examples(40)
ESCAPES = [{"type": "escape", "why": why} for why in ("left", "disconnected", "timeouts")]


def steps(m: Match, data: st.DataObject, limit: int = 300):
    """Drive the match with choices hypothesis draws, now and then an escape sent for any
    seat when the table allows it; yields the events of every action."""
    rng = chooser(data)
    for _ in range(limit):
        if m.over:
            return
        seat = m.to_act
        if m.rules.escape and m.round.landlord is not None and rng.randrange(41) == 0:
            yield m.apply(rng.randrange(m.seats), rng.choice(ESCAPES))
            continue
        yield m.apply(seat, rng.choice(m.legal_actions(seat)))


def cards_in_play(m: Match) -> int:
    r = m.round
    held = sum(r.left)
    return held + (len(r.kitty) if r.landlord is None else 0)


@FAST
@given(matches, st.data())
def test_C_DEAL_1_S_DEAL_1_cards_are_conserved_and_exactly_one_seat_may_act(m, data):
    deck = 54 * m.rules.decks
    for _ in steps(m, data):
        r = m.round
        if m.over:
            break
        played = deck - cards_in_play(m)
        assert played >= 0
        assert [s for s in range(m.seats) if m.legal_actions(s)] == [m.to_act]
        assert all(m.view(s)["to_act"] == m.to_act for s in range(m.seats))
        if r.phase == "bid":
            assert played == 0


@FAST
@given(matches, st.data())
def test_R_HIDE_view_bytes_do_not_change_when_hidden_cards_and_the_kitty_are_reshuffled(m, data):
    """C-PLAY-5, S-BID-4: what a seat or a spectator receives does not depend on any card it
    may not see (other hands, the kitty; the open hand and reported groups are public)."""
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    for n, _ in enumerate(steps(m, data, limit=120)):
        if n % 4:
            continue
        for viewer in [*range(m.seats), None]:
            mine = msgpack.packb(m.view(viewer))
            theirs = msgpack.packb(reshuffled(m, viewer, rng).view(viewer))
            assert mine == theirs, viewer


@FAST
@given(matches, st.data())
def test_S_BID_4_a_private_event_reaches_only_its_seat(m, data):
    for events in steps(m, data):
        for e in events:
            if e["type"] == "kitty":
                assert ("private" in e) == (m.rules.name == "shanghai")
            owner = e.get("private")
            for viewer in [*range(m.seats), None]:
                shown = e if owner is None or owner == viewer else {"type": "hidden"}
                assert event_for(e, viewer) == shown


def illegal_actions(m: Match) -> list[tuple[int, object]]:
    seat = m.to_act
    wrong_seat = (seat + 1) % m.seats
    legal = m.legal_actions(seat)
    out: list[tuple[int, object]] = [(wrong_seat, a) for a in legal if a["type"] != "escape"]
    out += [(seat, a) for a in (
        {"type": "play", "hand": "3 3 3 3 3 3 3 3 3"}, {"type": "play", "hand": 5},
        {"type": "play", "hand": "x" * 1000}, {"type": "play", "hand": "3 4"},
        {"type": "bid", "points": True}, {"type": "bid", "points": 4}, {"type": "bid"},
        {"type": "report", "groups": ["3"], "fight": True}, {"type": "open"},
        {"type": "escape", "why": "bored"}, {"type": "nonsense"}, {}, "play", None,
    ) if a not in legal]
    if m.round.phase == "play" and m.round.top is None:
        out.append((seat, {"type": "pass"}))
    held = m.view(seat)["hand"]
    missing = next((r for r in RANK_NAMES if r not in held), None)
    if m.round.phase == "play" and missing:
        out.append((seat, {"type": "play", "hand": missing}))
    return out


@examples(20)  # every refusal at each of 150 steps
@given(matches, st.data())
def test_a_refused_action_raises_with_a_reason_and_changes_nothing(m, data):
    for _ in steps(m, data, limit=150):
        if m.over:
            return
        assert_refused(m, illegal_actions(m), fingerprint, IllegalAction)


@FAST
@given(matches, st.data())
def test_R_SEED_1_the_seed_and_actions_replay_to_the_same_state(m, data):
    for _ in steps(m, data):
        pass
    assert_replays(m, replay, fingerprint)
    fresh = Match(m.rules, m.seed)
    assert fingerprint(fresh) == fingerprint(Match(m.rules, m.seed))


@examples(25)
@given(matches, st.data())
def test_every_legal_action_applies(m, data):
    for n, _ in enumerate(steps(m, data, limit=120)):
        if m.over or n % 3:
            continue
        legal = m.legal_actions(m.to_act)
        for action in legal[:: max(1, len(legal) // 25)]:
            copy_of(m).apply(m.to_act, action)


@FAST
@given(matches, st.data())
def test_C_SCORE_2_S_SCORE_1_scores_sum_to_zero_but_for_a_deliberate_escape(m, data):
    for _ in steps(m, data, limit=2000):
        pass
    for record in m.records:
        r = record.result
        if r.escape and r.escape["why"] == "left":
            assert sum(r.scores) < 0
        else:
            assert sum(r.scores) == 0
        assert (r.scores[r.landlord] > 0) == (r.winner == "landlord") or r.stake == 0
        if r.levels is not None and not r.escape:
            assert r.levels[r.landlord] == (3 if r.winner == "landlord" else -3)
