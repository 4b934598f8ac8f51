"""Dou Dizhu's levels: ``hard`` reads nothing but its view (R-HIDE: the same decision and
appraisal when the cards it cannot see are dealt anew, for the bidding, 摊打, 报到 and the
plays), its deals agree with what the rules showed, its playouts play by the engine's rules,
``normal`` counts cards, and every level plays whole matches of both presets."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.bots.doudizhu import CountingBot, SearchBot, make_bot
from bhtui.bots.doudizhu.counting import winning_play
from bhtui.bots.doudizhu.knowledge import deck_counts, seen_of
from bhtui.bots.doudizhu.playout import COUNTED, Position, play_out, policy
from bhtui.bots.doudizhu.sampling import Sampler
from bhtui.bots.doudizhu.search import bomb_limits, position, scored
from bhtui.bots.doudizhu.selfplay import play_match
from bhtui.doudizhu import PRESETS, Match, parse_hand
from bhtui.doudizhu.hands import counts_of_text
from bhtui.doudizhu.offer import offer_of_view
from bhtui.games import get_game

from doudizhu_helpers import bid, play, reshuffled, rigged
from strategies import chooser, examples

FAST = examples(30)
matches = st.builds(lambda preset, seed: Match(PRESETS[preset], seed, rounds=1),
                    st.sampled_from(["classic", "shanghai"]), st.integers(0, 10**6))


def drive(m: Match, data: st.DataObject) -> bool:
    """Play ``m`` with drawn actions to a drawn decision; False if the deal ended."""
    rng = chooser(data)
    for _ in range(data.draw(st.integers(0, 60), label="stop")):
        if m.over:
            return False
        m.apply(m.to_act, rng.choice(m.legal_actions(m.to_act)))
    return not m.over


def same_decision(m: Match, rng: random.Random, seed: int) -> None:
    seat = m.to_act
    twin = reshuffled(m, seat, rng)
    assert twin.view(seat) == m.view(seat)
    here = SearchBot(seed, playouts=16).decide(m.legal_actions(seat))
    there = SearchBot(seed, playouts=16).decide(twin.legal_actions(seat))
    assert here == there and here in m.legal_actions(seat)
    assert (SearchBot(seed).appraise(m.legal_actions(seat), 3)
            == SearchBot(seed).appraise(twin.legal_actions(seat), 3))


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_hard_bids_and_plays_the_same_when_hidden_cards_are_reshuffled(m, data, rng):
    """It cannot cheat: the other hands (and the kitty while nobody has taken it) dealt anew
    where its view cannot tell, the same bid or play, and the same appraisal of it."""
    if drive(m, data):
        same_decision(m, rng, data.draw(st.integers(0, 99), label="bot seed"))


@pytest.mark.parametrize("hands, phase", [
    (("SJ SJ BJ 2 2 2 2 A A A K K",), "open"),  # 头撂: bid 3 first, then 摊打 or not
    (("SJ SJ BJ BJ 9 9 9 9 9 9 9 5 6",), "report"),  # 报到's 4 jokers and seven 9s
])
def test_S_BID_5_S_BID_6_hard_opens_and_reports_the_same_whatever_the_hidden_cards(hands,
                                                                                  phase):
    m = rigged("shanghai", hands=hands, kitty="3", mark="3")
    for seat, points in ((0, 3),) if phase == "open" else ((0, 2), (1, 0), (2, 0), (3, 0)):
        bid(m, seat, points)
    assert m.round.phase == phase
    for seed in range(3):
        same_decision(m, random.Random(seed), seed)


@FAST
@given(matches, st.data())
def test_its_deals_keep_every_count_and_what_the_rules_showed(m, data):
    """Each other seat holds its count, shown cards stay where they are, the cards dealt are
    the deck less the seat's hand and every card played; the landlord holds the classic kitty
    and Shanghai's mark card as far as he has not played them (C-BID-4, S-DEAL-1)."""
    if not drive(m, data):
        return
    view = m.view(m.to_act)
    seen = seen_of(view)
    hands, kitty = Sampler(seen).deal(random.Random(data.draw(st.integers(0, 99))))
    assert hands[seen.me] == seen.rc
    deck = deck_counts(m.rules)
    for r in range(15):
        assert sum(h[r] for h in hands) + kitty[r] + sum(p[r] for p in seen.played) == deck[r]
    for s in range(m.seats):
        assert sum(hands[s]) == seen.counts[s]
        assert all(h >= k for h, k in zip(hands[s], seen.shown[s], strict=True))
    landlord = seen.landlord
    if landlord is None:
        assert sum(kitty) == m.rules.kitty_size
        if view["mark"] is not None:
            assert kitty[counts_of_text(view["mark"]).index(1)] >= 1
    elif landlord != seen.me:
        shown = view["kitty"] or [view["mark"]]
        for r, k in enumerate(counts_of_text(" ".join(shown))):
            assert hands[landlord][r] >= k - seen.played[landlord][r]


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_C_PLAY_3_a_playout_moves_as_the_engine_allows_and_scores_as_it_does(preset):
    """From the first lead of real deals, the lean deal and the real match side by side:
    the same hands on offer at every turn, the same scores at the end."""
    for seed in range(6):
        m = Match(PRESETS[preset], seed, rounds=1)
        while m.round.phase != "play" and not m.over:
            m.apply(m.to_act, CountingBot().decide(m.legal_actions(m.to_act)))
        if m.over:
            continue
        r = m.round
        pos = position(seen_of(m.view(r.landlord)), [list(h) for h in r.rc])
        while not m.over:
            seat = m.to_act
            assert pos.turn == seat
            offered = {a["hand"] for a in m.legal_actions(seat) if a["type"] == "play"}
            assert {h.text for h in pos.moves()} == offered
            move = policy(pos)
            m.apply(seat, {"type": "pass"} if move is None else {"type": "play",
                                                                  "hand": move.text})
            pos.play(move)
        assert pos.scores() == m.records[-1].result.scores


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_C_PLAY_3_the_playouts_play_every_seat_as_normal_does_but_long_won_lines(
        preset, monkeypatch):
    """The playouts model the table's other seats, which ``normal`` plays: given the true
    hands, the policy makes ``normal``'s move — its leads, its answers, and from ``COUNTED``
    cards down (six: classic's; Shanghai's is off until measured, but the same code serves
    it) the lines its counting finds to win by force — everywhere but such a line of a
    bigger hand."""
    gate = 6
    monkeypatch.setitem(COUNTED, preset, gate)
    compared = counted = 0
    for seed in range(6):
        m = Match(PRESETS[preset], seed, rounds=1)
        while not m.over:
            seat = m.to_act
            offer = m.legal_actions(seat)
            action = CountingBot(seed).decide(offer)
            if m.round.phase == "play" and len(offer) > 1:
                seen = seen_of(m.view(seat))
                plays = [parse_hand(a["hand"], preset) for a in offer if a["type"] == "play"]
                won = winning_play(seen, plays) is not None
                if not won or sum(seen.rc) <= gate:
                    move = policy(position(seen, [list(h) for h in m.round.rc]))
                    assert (action["type"] == "pass") if move is None else (
                        action.get("hand") == move.text)
                    compared += 1
                    counted += won
            m.apply(seat, action)
    assert compared > 40 and counted > 0


def test_S_BID_7_a_farmer_past_his_bomb_limit_does_not_go_out_with_a_bomb_in_a_playout():
    """His last four aces are a bomb he may no longer play: the playout leads three of them
    (the engine's offer), not the four at once — which won the farmers deals they lose."""
    hands = [[0] * 15 for _ in range(4)]
    hands[0][0], hands[0][1], hands[1][11] = 8, 2, 4
    pos = Position(PRESETS["shanghai"], hands, 0, 1, limit=[None, 1, 1, 1],
                   bombs_by=[0, 1, 0, 0])
    move = policy(pos)
    assert move is not None and move in pos.moves() and not move.is_bomb


def test_C_HAND_1_a_playout_leads_no_low_single_to_a_landlord_holding_one_card():
    """The farmer to lead holds 3, 5 5 and 9 9 and the landlord one card: the playout
    leads a pair, as the heuristic would (its lowest group, the 3, handed the landlord the
    deal in the playouts, so they valued such positions as the landlord's)."""
    hands = [[0] * 15 for _ in range(3)]
    hands[0][10] = 1
    hands[1][0], hands[1][2], hands[1][6] = 1, 2, 2
    hands[2][4] = 5
    pos = Position(PRESETS["classic"], hands, 0, 1)
    move = policy(pos)
    assert move is not None and move.kind == "pair"


def test_S_BID_7_the_bidding_playouts_limit_the_farmers_as_the_bidding_would():
    """Bidding 1 or 2, every other seat still has a turn (passing: one bomb); a 3 ends the
    bidding, so the seats after it keep every bomb; a seat that bid 2 keeps two."""
    m = Match(PRESETS["shanghai"], seed=1, rounds=1)
    first = seen_of(m.view(0))
    assert bomb_limits(first, 0, 1) == [None, 1, 1, 1]
    assert bomb_limits(first, 0, 3) == [None, None, None, None]
    bid(m, 0, 2)
    second = seen_of(m.view(1))
    assert bomb_limits(second, 1, 3) == [2, None, None, None]
    assert bomb_limits(second, 2, 3) == [2, 1, None, None]
    assert bomb_limits(second, 0, 2) == [None, 1, 1, 1]


def test_a_playout_ends_with_someone_out():
    m = Match(PRESETS["classic"], 3, rounds=1)
    while m.round.phase != "play":
        m.apply(m.to_act, CountingBot().decide(m.legal_actions(m.to_act)))
    seen = seen_of(m.view(m.to_act))
    done = play_out(position(seen, Sampler(seen).deal(random.Random(1))[0]))
    assert done.landlord_won is not None and 0 in done.left


def test_C_SCORE_1_C_SCORE_2_the_bidding_counts_what_hard_wins_beyond_its_playouts():
    """The playouts play hard's seat as the cheap policy does; a measured edge in win rate
    counts that share of what winning instead of losing is worth on each playout. The
    landlord's spring at 1 is +4 (+5 with the win's stake) against -5 lost (anti-spring):
    an edge of 0.15 adds 1.5; a farmer's -3 against +3 adds 0.9; at 3 the stakes triple."""
    hands = [[0] * 15 for _ in range(3)]
    hands[0][0], hands[1][5], hands[2][6], hands[2][7] = 1, 17, 4, 13
    done = play_out(Position(PRESETS["classic"], hands, 0, 0))
    assert done.landlord_won and done.scores() == [4, -2, -2]
    assert scored(done, 0) == 5.0 and scored(done, 0, edge=0.15) == 6.5
    assert scored(done, 1, edge=0.15) == pytest.approx(-2.1)
    assert scored(done, 0, bid=3, edge=0.1) == 18.0


def test_normal_leads_the_hand_nobody_can_beat_when_the_rest_goes_out_after_it():
    """Card counting: the jokers and every 2 played, its A is the highest single still out;
    it leads the A and goes out with the pair, where the heuristic sheds its low pair first.
    (A position from later in a deal: every other card of the landlord's is played, and the
    farmers' jokers and 2s.)"""
    m = rigged(hands=("A 4 4", "SJ BJ 2 3 5", ""), kitty="6 7 8", first=0)
    for seat, points in ((0, 1), (1, 0), (2, 0)):
        bid(m, seat, points)
    r = m.round
    keep = {0: {1: 2, 11: 1}, 1: {}, 2: {}}
    for seat in range(3):
        for rank in range(15):
            k = r.rc[seat][rank] - keep[seat].get(rank, 0) if seat == 0 or rank >= 12 else 0
            r.rc[seat][rank] -= k
            r.played[seat][rank] += k
            r.left[seat] -= k
    assert r.hand(0) == ["4", "4", "A"]
    assert CountingBot().decide(m.legal_actions(0)) == {"type": "play", "hand": "A"}
    assert make_bot("heuristic").decide(m.legal_actions(0)) == {"type": "play", "hand": "4 4"}


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_R_HIDE_hard_decides_the_same_from_the_wire(preset):
    """A bot at a remote table reads the view off the wire: every decision is the one it
    makes in process."""
    m = Match(PRESETS[preset], seed=5, rounds=1)
    here = [SearchBot(7, playouts=12)] + [CountingBot() for _ in range(m.seats - 1)]
    there = [SearchBot(7, playouts=12)] + [CountingBot() for _ in range(m.seats - 1)]
    while not m.over:
        seat = m.to_act
        action = here[seat].decide(m.legal_actions(seat))
        wire = msgpack.unpackb(msgpack.packb(m.view(seat)), raw=False, strict_map_key=False)
        assert there[seat].decide(offer_of_view(wire)) == action
        m.apply(seat, action)


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_every_level_plays_whole_matches_with_legal_actions(preset):
    seats = PRESETS[preset].seats
    m = Match(PRESETS[preset], seed=11, rounds=2)
    bots = [make_bot(name, s, seconds=0.005 if name == "hard" else None)
            for s, name in enumerate(["hard", "easy", "normal", "hard"][:seats])]
    play_match(m, bots)
    assert m.over and len(m.records) == 2


def test_the_search_is_deterministic_for_a_seed():
    m = rigged(hands=("3 3 4 5 6 7 9 10 J Q K A 2 2",), kitty="8 8 8", first=0)
    bid(m, 0, 1)
    bid(m, 1, 0)
    bid(m, 2, 0)
    play(m, 0, "3 3")
    picks = {str(SearchBot(4, playouts=30).decide(m.legal_actions(1))) for _ in range(3)}
    assert len(picks) == 1


def test_R_AUTO_1_the_hint_and_托管_use_the_level_asked_for():
    """Dou Dizhu's game gives a hint from the player's level (hard's search, within the
    hint's time) and prepares a bot's decision from the offer with the seat's view."""
    game = get_game("doudizhu")
    m = Match(PRESETS["classic"], seed=2, rounds=1)
    seat = m.to_act
    legal = m.legal_actions(seat)
    assert game.hint(m, seat, "hard") in legal and game.hint(m, seat, None) in legal
    decision = game.decision(game.table_bot("hard", 1), m, seat)
    assert decision() in legal
