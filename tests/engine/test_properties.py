"""Hypothesis properties over whole rounds of every preset: conservation, turn order, illegal
actions, replay (R-SEED-1), scoring (R-SCORE-Q1, zero-sum elsewhere) and no leaks in the
msgpack bytes of views (R-HIDE-2)."""

from __future__ import annotations

import copy

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.cards import NUM_CARDS
from bhtui.rules import IllegalAction, Match, replay
from bhtui.rules.mechanisms import Ascent, GuardBy
from bhtui.rules.reading import reading_of_view
from bhtui.rules.round import OUT_OF_TURN

from helpers import assert_refused, assert_replays, fingerprint, guard_token, reshuffled, set_hands
from strategies import FAST, RULES, chooser, examples, matches, steps

# Hypothesis plays whole matches of every preset and option: the engine's slowest tests.
pytestmark = pytest.mark.slow


def total_cards(m: Match) -> int:
    r = m.round
    in_hands = sum(sum(h) for h in r.hands)
    played = sum(len(move) for trick in (*r.past_tricks, r.trick) for _, move in trick
                 if not isinstance(move, str))  # (a pass or a yield is text)
    return in_hands + played + len(r.bundle)  # the bundle holds the emperor card set aside


@examples(20)  # checked at every step of two whole rounds: thousands of states
@given(matches, st.data())
def test_cards_are_conserved_and_exactly_one_seat_must_act(m, data):
    for _ in steps(m, data):
        assert total_cards(m) == m.rules.deck_size
        if not m.over:
            in_turn = [s for s in range(5)
                       if any(a["type"] not in OUT_OF_TURN for a in m.legal_actions(s))]
            assert in_turn == [m.to_act]
            for s in range(5):  # the others may only declare
                assert all(a["type"] in OUT_OF_TURN
                           for a in m.legal_actions(s) if s != m.to_act)
            assert all(m.view(s)["to_act"] == m.to_act for s in range(5))


ILLEGAL = [
    {"type": "play", "cards": ["BJ", "BJ", "BJ", "BJ", "BJ"]},
    {"type": "play", "cards": ["3S", "4S"]},
    {"type": "play", "set": " ".join(["2"] * 17)},  # the deck has sixteen
    {"type": "call", "card": "2S"},
    {"type": "call", "card": "SJ", "open": True},
    {"type": "nonsense"},
    {"type": "play", "cards": "3S"},
    {"type": "play", "cards": [3]},
    {},
]


@examples(15)  # nine refusals at each of 150 steps
@given(matches, st.data())
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(m, data):
    rng = chooser(data)
    for _ in steps(m, data, limit=150):
        if m.over:
            return
        wrong_seat = (m.to_act + rng.randint(1, 4)) % 5
        legal = m.legal_actions(m.to_act)
        in_turn = next(a for a in legal if a["type"] not in OUT_OF_TURN)
        assert_refused(m, [(wrong_seat, in_turn)] + [
            (m.to_act, a) for a in ILLEGAL if {"open": False, **a} not in legal
        ], fingerprint, IllegalAction)  # (a baike seat may really hold three 2S to call)


@FAST
@given(matches, st.data())
def test_R_SCORE_Q1_scores_follow_the_places_and_sides(m, data):
    """R-SCORE-Q1 where each member gets his side's total (qingdao; weifang with its doublings,
    R-WF-SCORE-1); every other preset's scores sum to zero and have the winner's sign
    (R-SCORE-W); early ends leave only settled places open (R-END-1)."""
    for _ in steps(m, data, limit=2000):
        pass
    points = (4, 2, 0, -2, -4)
    for rec in m.records:
        r = rec.result
        if not rec.scored:  # R-AUTO-2: every seat on 托管 at its end
            assert m.rules.strict_auto and r.scores == (0,) * 5
            continue
        if m.rules.scoring.thirds:
            penalties = 0 if not m.rules.stuck_penalty else len(r.stuck)
            if not penalties:
                assert sum(r.scores) == 0
            sign = (r.scores[r.emperor] > 0) - (r.scores[r.emperor] < 0)
            assert penalties or {1: "emperor", -1: "rebels", 0: None}[sign] == r.winner
            placed = sorted(p for p in r.places if p is not None)
            assert placed == list(range(1, len(placed) + 1)) or r.stuck or r.abdicated
            continue
        side = {r.emperor, r.guard}
        emperor_pts = sum(points[r.places[s] - 1] for s in side)
        factor = (2 if r.open_solo else 1) * (2 if r.open_guard else 1) * (
            2 ** r.bombs if m.rules.bomb_multiplier else 1)
        for s in range(5):
            expected = emperor_pts if s in side else -emperor_pts
            assert r.scores[s] == factor * expected
        if None in r.places:
            assert r.open_solo and r.places[r.emperor] == 1
        else:
            assert sorted(r.places) == [1, 2, 3, 4, 5]
    lost = [sum(p["points"] for p in m.auto.penalties if p["seat"] == s) for s in range(5)]
    assert m.totals == [sum(rec.result.scores[s] + sum(p["points"] for p in rec.penalties
                                                        if p["seat"] == s)
                            for rec in m.records) + lost[s] for s in range(5)]  # R-AUTO-3


# ----- R-HIDE-2: nothing in a view depends on what the viewer may not know ---------------

def packed_view(m: Match, viewer) -> bytes:
    return msgpack.packb(m.view(viewer))


@examples(20)
@given(matches, st.data())
def test_R_HIDE_1_a_view_built_as_the_round_goes_equals_one_built_afresh(m, data):
    """The round keeps each finished trick as views show it, rendered when a view first shows
    it: views built after every action (as a host does) say what a copy's first views say."""
    for _ in steps(m, data, limit=data.draw(st.integers(0, 300), label="stop")):
        m.view(None)
    fresh = copy.deepcopy(m)  # (the copy keeps no rendered tricks: the round's caches stay)
    for viewer in (*range(5), None, "all"):
        assert packed_view(m, viewer) == packed_view(fresh, viewer)


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_2_a_seat_view_is_byte_identical_when_hidden_cards_are_reshuffled(m, data, rng):
    for _ in steps(m, data, limit=data.draw(st.integers(0, 300), label="stop")):
        pass
    for viewer in range(5):
        twin = reshuffled(m, viewer, rng)
        if twin.round.guard == viewer or m.round.guard == viewer:
            continue  # the guard knows he is the guard
        if viewer == m.round.emperor and twin.round.solo != m.round.solo:
            continue  # the emperor knows whether he holds all four
        assert packed_view(twin, viewer) == packed_view(m, viewer)
        assert packed_view(twin, None) == packed_view(m, None)  # R-HIDE-3: spectators too


@FAST
@given(matches, st.data())
def test_R_HIDE_2_moving_the_secret_guard_changes_no_other_view(m, data):
    for _ in steps(m, data, limit=data.draw(st.integers(0, 250), label="stop")):
        if m.round.phase == "play" and m.round.called is not None:
            break
    r = m.round
    if r.phase != "play" or r.called is None or r.guard_revealed:
        return
    # A seat that is neither emperor nor guard, holding some card to swap for the called one.
    candidates = [s for s in range(5) if s not in (r.emperor, r.guard) and sum(r.hands[s])]
    if not candidates:
        return
    target = data.draw(st.sampled_from(candidates), label="new guard")
    twin = copy.deepcopy(m)
    hands = [list(h) for h in r.hands]
    token = guard_token(r)  # the called card, or the GC it became (R-WF-RANK-1)
    give = next(c for c in range(NUM_CARDS) if hands[target][c] and c not in (r.called, token))
    hands[target][give] -= 1
    hands[target][token] += 1
    hands[r.guard][token] -= 1
    hands[r.guard][give] += 1
    set_hands(twin, hands)
    twin.round.guard, twin.round.solo = target, False
    for viewer in [s for s in range(5) if s not in (r.guard, target)] + [None]:
        if viewer == r.emperor and r.solo:
            continue  # a hidden-solo emperor knows he holds all four
        assert packed_view(twin, viewer) == packed_view(m, viewer), viewer


card_guard_matches = st.builds(
    lambda rules, seed: Match(rules, seed, rounds=2),
    st.sampled_from([r for r in RULES if r.guard.by is GuardBy.MARKED_CARD]),
    st.integers(0, 10**6),
)


@FAST
@given(card_guard_matches, st.data())
def test_R_HIDE_2_R_GUARD_4_who_holds_the_guard_card_shows_in_no_other_view(m, data):
    """From the moment the guard is known to himself: in play, and in Weihai already at the
    emperor's decision and the declarations asked before play (R-WH-ROLE-1, R-WH-DECL-1)."""
    for _ in steps(m, data, limit=data.draw(st.integers(0, 250), label="stop")):
        pass
    r = m.round
    if r.phase not in ("throne", "declare", "play") or r.guard is None or r.guard_revealed:
        return
    target = data.draw(st.sampled_from([s for s in range(5) if s != r.emperor]), label="guard")
    twin = copy.deepcopy(m)
    twin.round.guard = twin.round.guard_card = target
    twin.round.solo = False
    for viewer in [s for s in range(5) if s not in (r.guard, target, r.emperor)] + [None]:
        assert packed_view(twin, viewer) == packed_view(m, viewer), viewer


def test_R_HIDE_1_a_seat_sees_its_hand_all_counts_played_sets_and_announcements():
    from helpers import play, rigged

    m = rigged("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "3S")
    v = m.view(2)
    assert v["hand"] == ["4D", "8C", "8C"] and "hands" not in v
    assert [s["count"] for s in v["seats"]] == [4, 2, 3, 2, 2]
    assert v["top"] == {"seat": 0, "cards": ["3S"]} and v["seats"][0]["move"] == ["3S"]
    assert v["emperor"] == 0 and v["called"] == "7H" and v["seats"][2]["role"] == "rebel"
    assert "seed" not in msgpack.packb(v).decode("latin-1")


def test_R_HIDE_3_spectators_see_public_facts_and_open_spectating_sees_all_hands():
    from helpers import rigged

    m = rigged("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    spectator, open_table = m.view(None), m.view("all")
    assert "hand" not in spectator and "hands" not in spectator and spectator["guard"] is None
    assert all(s["role"] in (None, "emperor") for s in spectator["seats"])
    assert sorted(open_table["hands"][1]) == ["7H", "9S"]
    assert open_table["guard"] == 1
    assert "hands" not in m.view(1)  # a player never gets open spectating


@FAST
@given(matches, st.data())
def test_R_HIDE_2_every_viewer_gets_the_same_number_of_events_private_ones_as_placeholders(m, data):
    from bhtui.rules import PLACEHOLDER, event_for

    stream = m.initial_events()
    rng = chooser(data)
    for _ in range(data.draw(st.integers(0, 400), label="actions")):
        if m.over:
            break
        seat = m.to_act
        stream += m.apply(seat, rng.choice(m.legal_actions(seat)))
    for viewer in [0, 1, 2, 3, 4, None]:
        seen = [event_for(e, viewer) for e in stream]
        assert len(seen) == len(stream)
        for original, shown in zip(stream, seen, strict=False):
            owner = original.get("private")
            if owner is not None and owner != viewer:
                assert shown == PLACEHOLDER
            else:
                assert shown == original


@FAST
@given(matches, st.data())
def test_R_SEAT_1_R_TRICK_7_the_card_goes_to_the_previous_seat_and_only_rebels_rebel(m, data):
    """In every preset a decline sends the emperor card to the decliner's 上家 (Weihai's W3
    ring: to the next seat, R-WH §1.10), whose offer follows at once (or the passing ends:
    void, 逼庄, or with abdicate_chain the round, R-WH-THRONE-4); 造反 comes from rebels only."""
    throne = m.rules.throne
    stream = m.initial_events()
    for _, role, events in steps(m, data):
        if any(e["type"] == "rebel" for e in events):
            assert role == "rebel"
        stream += events
    dealt = 0
    for i, event in enumerate(stream):
        dealt = i if event["type"] == "deal" else dealt
        if event["type"] != "decline":
            continue
        if event["to"] is None:
            after = stream[i + 1]["type"]
            if after == "round_end":  # R-WH-THRONE-4 abdicate_chain: all four refused
                assert m.rules.abdicate_chain
                assert not any(e["type"] == "play" for e in stream[dealt:i])
                continue
            assert after in ("void", "offer")  # void, or 逼庄's forced offer
            assert after == "void" or stream[i + 1]["forced"]
        else:
            if throne.ascent is not Ascent.BY_HOLDING:  # refused abdications go seat by seat
                assert event["to"] == (event["seat"] + throne.passes_to.value) % 5
            assert stream[i + 1]["type"] == "offer" and stream[i + 1]["seat"] == event["to"]


@FAST
@given(matches, st.data())
def test_R_SEED_1_seed_and_actions_replay_and_offered_plays_make_the_match_checked_copies_do(
        m, data):
    """The seed and the actions replay to the same state and the same bytes of the full view;
    and the fast path (a play this very offer handed out) and the checked path (the same
    action as a fresh dict, as from the wire or a log) make identical matches: events, state,
    scores. (One played match for both: the play is most of the cost.)"""
    events = []
    for _, _, happened in steps(m, data):
        events.extend(happened)
    assert_replays(m, replay, fingerprint)
    checked = Match(m.rules, m.seed, rounds=2)
    replayed = list(checked.initial_events())
    for seat, action in m.actions:
        replayed.extend(checked.apply(seat, copy.deepcopy(action)))
    assert replayed == m.initial_events() + events
    assert fingerprint(checked) == fingerprint(m)


@examples(20)  # five seats at each of 150 steps
@given(matches, st.data())
def test_R_HIDE_1_a_seats_reading_is_exactly_what_its_view_says(m, data):
    """Bots at the table read numbers, not the view: those numbers are the view's, so an
    in-process bot knows nothing a remote one (or a person) could not."""
    for _ in steps(m, data, limit=150):
        for seat in range(5):
            assert m.reading(seat) == reading_of_view(m.view(seat))


@examples(20)  # five held readings at each of 80 steps
@given(matches, st.data())
def test_R_HIDE_1_a_reading_held_while_the_match_moves_on_shows_the_moment_it_was_made(m, data):
    """A reading handed out and held while an action is applied (a bot thinking in another
    thread, the fast path or the checked one) still says what the seat's view said when it
    was handed out, not what came after."""
    rng = chooser(data)
    for _ in steps(m, data, limit=80):
        if m.over:
            return
        held = [m.legal_actions(seat).reading for seat in range(5)]
        views = [m.view(seat) for seat in range(5)]
        seat = m.to_act
        action = rng.choice(m.legal_actions(seat))
        if rng.randrange(2):  # the checked path
            action = copy.deepcopy(action)
        m.apply(seat, action)
        assert held == [reading_of_view(view) for view in views]
