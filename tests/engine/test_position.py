"""The searching bot's lean simulator (bots/position.py) against the engine: from random
positions of every preset, random moves on both agree move by move on whose turn it is, what
may be played (R-PLAY-3..6, R-TRICK-1..6, R-WF-PLAY-*, R-WF-BOMB-1), who is stuck
(R-WF-STUCK-1, R-WH-STUCK-1), the places and the scores (R-END-1, §8, R-WH-SCORE-*,
R-WF-SCORE-*)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bhtui.bots import make_bot
from bhtui.bots.position import PASS, YIELD, Position
from bhtui.bots.rollout import choose
from bhtui.cards import RANK_OF, RANKS_WITH_GC, parse_card
from bhtui.rules import PRESETS, Match
from bhtui.rules.round import Round
from bhtui.rules.sets import CardSet

from helpers import play, rigged
from strategies import FAST, RULES, chooser, steps


def position_of(r: Round) -> Position:
    """The engine's round as the simulator sees it: every hand open."""
    assert r.emperor is not None and r.guard is not None and r.turn is not None
    return Position(r.rules, r.rc, r.places, r.emperor, r.guard, r.turn, top=r.top,
                    top_seat=r.top_seat, responses=r.responses, yielders=r.yielders,
                    again=r.again, open_solo=r.open_solo, grabbed=r.grabbed,
                    open_guard=r.open_guard, rebellion=r.rebellion, kicks=len(r.kicks),
                    bombs=r.bombs, stuck=r.stuck, beaten_by=r.beaten_by,
                    hidden=not r.guard_revealed)


def engine_moves(m: Match, seat: int) -> list:
    offer = m.legal_actions(seat)
    kinds = {a["type"] for a in offer.rest}
    return list(offer.sets) + [k for k in (PASS, YIELD) if k in kinds]


# 托管 by rule (R-AUTO-2) plays a person's seat at the table; the simulator plays bots' seats.
BOTS_PLAY = [rules for rules in RULES if not rules.strict_auto]


@FAST
@given(st.sampled_from(BOTS_PLAY), st.integers(0, 10**6), st.booleans(), st.data())
def test_R_TRICK_the_lean_simulator_plays_exactly_as_the_engine(rules, seed, policy, data):
    """Random moves, or the playout policy's (which must be legal), on both."""
    m = Match(rules, seed, rounds=1)
    start = chooser(data)
    for _ in steps(m, data, limit=data.draw(st.integers(0, 250), label="stop")):
        if m.round.phase == "play" and start.randrange(4) == 0:
            break
    while m.round.phase != "play" and not m.over:  # on into the play phase
        m.apply(m.to_act, m.legal_actions(m.to_act)[0])
    if m.over:
        return
    pos = position_of(m.round)
    rng = random.Random(seed)
    while not m.over:
        seat = m.to_act
        assert pos.turn == seat
        legal = pos.legal()
        assert legal == engine_moves(m, seat)
        move = choose(pos) if policy else rng.choice(legal)
        assert move in legal
        offer = m.legal_actions(seat)
        m.apply(seat, offer.play(move) if not isinstance(move, str)
                else next(a for a in offer.rest if a["type"] == move))
        pos.play(move)
    assert pos.turn is None
    result = m.records[-1].result
    assert tuple(pos.places) == result.places
    assert pos.scores == result.scores


def test_R_GUARD_3_in_an_open_solo_the_playout_policy_backs_a_fellow_rebel():
    """The emperor plays alone, shown: the other four are one side. A rebel facing
    another rebel's pair passes it, as ``normal`` does, with pairs of 9s and queens in hand
    that would beat it — a playout that beat it would misjudge every open solo."""
    m = rigged("7H 7H 7H 7H 3S 3D 8S 8D 8C JC JD QC QD KC 2C 2D",
               "4C 4D 5C 5D 6C 6D 10C 10D JH JS AC", "4S 5S 9S 9D 10S JH QH QS AS 2S 2H SJ",
               "3C 4S 5H 6S 7S 8H 9C 10H QH KH AD", "3H 4H 5H 6H 7C 9H JS QC KS KD AC 2C BJ")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H", "open": True})
    play(m, 0, "3S 3D")
    play(m, 1, "4C 4D")
    offer = m.legal_actions(2)
    assert offer.set_of(normal := make_bot("normal", 1).decide(offer)) is None, normal
    assert choose(position_of(m.round)) == PASS


def test_R_WH_STUCK_1_the_playout_policy_does_not_answer_into_being_stuck():
    """Weihai with ``stuck`` on (R-WH-STUCK-1): holding 6 6 9 against the emperor's single 8,
    the playout policy passes, as ``normal`` does; beating it with the 9 would leave only the
    held-back 6s (憋6, R-WH-PLAY-2) and the seat stuck. Without the option it beats it."""
    six, eight, nine = (RANK_OF[parse_card(c)] for c in ("6S", "8S", "9S"))
    hands = [[0] * RANKS_WITH_GC for _ in range(5)]
    for seat in (0, 2, 3, 4):
        hands[seat][RANK_OF[parse_card("KS")]] = 5
    hands[1][six], hands[1][nine] = 2, 1
    single_eight = CardSet(eight, 1, 0, 0)

    def policy(**options: bool) -> object:
        rules = PRESETS["weihai"].with_options(**options)
        return choose(Position(rules, hands, [None] * 5, 0, 2, 1, top=single_eight, top_seat=0))

    assert policy(stuck=True) == PASS
    assert policy() == CardSet(nine, 1, 0, 0)
