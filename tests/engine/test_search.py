"""The ``hard`` bot: its deals agree with what its seat has seen, it reads nothing else
(R-HIDE-1), it weighs who the hidden guard is from play, and it plays whole matches of every
preset (the towns' GC, 闷, kills and bombs in its deals and playouts)."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.bots import CountingBot, make_bot
from bhtui.bots.heuristic import pick
from bhtui.bots.legal import legal_from_view
from bhtui.bots.sampling import Sampler
from bhtui.bots.search import ABDICATION, EDGE, NO_EDGE, Edge, SearchBot, passed_on
from bhtui.cards import (
    BJ,
    BJ_RANK,
    GC_RANK,
    RANK_OF,
    RANKS_WITH_GC,
    SJ_RANK,
    TWO,
    deck,
    format_cards,
    parse_card,
    parse_cards,
)
from bhtui.rules import PRESETS, Match
from bhtui.rules.mechanisms import When
from bhtui.rules.reading import Reading
from bhtui.sim import play_match

from helpers import pass_, play, reshuffled, rigged
from strategies import FAST, RULES, matches, steps


def in_play(m: Match, data: st.DataObject) -> bool:
    """Drive ``m`` with drawn actions to a drawn point of its play phase; False if it ended."""
    stop = data.draw(st.integers(0, 300), label="stop")
    for _ in steps(m, data, limit=stop):
        pass
    while not m.over and m.round.phase != "play":
        m.apply(m.to_act, m.legal_actions(m.to_act)[0])
    return not m.over


def same_when_reshuffled(m: Match, twin: Match, seat: int, seed: int, playouts: int) -> None:
    """``hard`` decides the same in ``m`` and its reshuffled ``twin``, and appraises every
    move it weighs the same (a replay's analysis)."""
    here, there = m.legal_actions(seat), twin.legal_actions(seat)
    assert SearchBot(seed, playouts=playouts).decide(here) == SearchBot(
        seed, playouts=playouts).decide(there)
    bot = SearchBot(seed)
    assert bot.appraise(here, 8) == bot.appraise(there, 8)


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_decides_the_same_when_hidden_cards_are_reshuffled(m, data, rng):
    """It cannot cheat: hands dealt anew where its view cannot tell, the same decision."""
    if not in_play(m, data):
        return
    seat = m.to_act
    twin = reshuffled(m, seat, rng)
    if twin.round.guard == seat or m.round.guard == seat:
        return  # the guard knows he is the guard: not the same view
    if seat == m.round.emperor and twin.round.solo != m.round.solo:
        return  # the emperor knows whether he holds all four
    same_when_reshuffled(m, twin, seat, data.draw(st.integers(0, 99), label="bot seed"), 40)


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_takes_or_passes_the_throne_the_same_when_hidden_cards_are_reshuffled(
        m, data, rng):
    """The throne is searched too (R-EMP-Q2..5, R-EMP-L2/3): the other hands dealt anew, the
    same answer."""
    while not m.over and m.round.phase != "play":
        offer = m.legal_actions(m.to_act)
        if offer.kinds == {"accept", "decline"}:
            if not data.draw(st.booleans(), label="pass it on"):
                break
            m.apply(m.to_act, {"type": "decline"})
        else:
            m.apply(m.to_act, offer[0])
    if m.over or m.round.phase != "throne":
        return
    twin = reshuffled(m, m.to_act, rng)
    same_when_reshuffled(m, twin, m.to_act, data.draw(st.integers(0, 99), label="bot seed"), 20)


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_calls_the_same_when_hidden_cards_are_reshuffled(m, data, rng):
    """The call is searched too (R-GUARD-1/3): the other hands dealt anew, the same call
    and the same appraisal of every call."""
    normal = CountingBot()
    while not m.over and m.round.phase not in ("call", "play"):
        m.apply(m.to_act, normal.decide(m.legal_actions(m.to_act)))
    if m.over or m.round.phase != "call":
        return
    twin = reshuffled(m, m.to_act, rng)
    same_when_reshuffled(m, twin, m.to_act, data.draw(st.integers(0, 99), label="bot seed"), 20)


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_weighs_open_guard_the_same_when_hidden_cards_are_reshuffled(m, data, rng):
    """明保 is searched too (R-GUARD-5 out of turn, R-WH-DECL-1 asked): the other hands dealt
    anew, the guard declares the same and appraises declaring the same."""
    normal = CountingBot()
    while not m.over and not m.round.first_lead_played:
        r = m.round
        if r.phase == "declare" and m.legal_actions(m.to_act).kinds == {"open_guard", "skip"}:
            break
        if r.guard is not None and "open_guard" in m.interjections(r.guard).kinds:
            break
        m.apply(m.to_act, normal.decide(m.legal_actions(m.to_act)))
    else:
        return
    seed = data.draw(st.integers(0, 99), label="bot seed")
    guard = m.round.guard
    twin = reshuffled(m, guard, rng)
    if m.round.phase == "declare":
        same_when_reshuffled(m, twin, guard, seed, 20)
    else:
        assert SearchBot(seed, playouts=20).interject(m.interjections(guard)) == SearchBot(
            seed, playouts=20).interject(twin.interjections(guard))


WEIHAI = [rules for rules in RULES if rules.rebellion_when is When.ASKED]
STEPS_SEARCHED = {
    "R-WH-DECL-2 造反 asked before play": {"rebel", "skip"},
    "R-WH-DECL-3 踢 asked before play": {"kick", "skip"},
    "R-WH-THRONE-1..5 the emperor holding both marked cards": {"accept", "abdicate", "solo"},
}


@pytest.mark.parametrize("kinds", STEPS_SEARCHED.values(), ids=STEPS_SEARCHED)
@FAST
@given(rules=st.sampled_from(WEIHAI), seed=st.integers(0, 10**6), data=st.data(),
       rng=st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_weighs_weihai_s_steps_the_same_when_hidden_cards_are_reshuffled(
        kinds, rules, seed, data, rng):
    """Weihai's 造反, 踢 and its emperor's keep, abdicate or show are searched: the other hands
    dealt anew (the guard where he was), the same choice and the same appraisal of each."""
    m, normal = Match(rules, seed, rounds=1), CountingBot()
    while not m.over and m.round.phase != "play":
        offer = m.legal_actions(m.to_act)
        if offer.kinds == kinds:
            break
        m.apply(m.to_act, normal.decide(offer))
    else:
        return
    seat = m.to_act
    same_when_reshuffled(m, reshuffled(m, seat, rng), seat,
                         data.draw(st.integers(0, 99), label="bot seed"), 20)


@FAST
@given(st.integers(0, 10**6), st.integers(0, 4), st.data(), st.randoms(use_true_random=False))
def test_R_HIDE_1_hard_grabs_the_same_when_hidden_cards_are_reshuffled(seed, seat, data, rng):
    """Baike's 抢庄 is searched (R-EMP-B5): the other hands dealt anew before any call, the
    same answer, out of turn and at the seat's own turn."""
    m = Match(PRESETS["baike"], seed, rounds=1)
    twin = reshuffled(m, seat, rng)
    bot_seed = data.draw(st.integers(0, 99), label="bot seed")
    ask = (lambda match: match.legal_actions(seat)) if m.to_act == seat else (
        lambda match: match.interjections(seat))
    asked = [SearchBot(bot_seed, playouts=20).interject(ask(match)) if m.to_act != seat
             else SearchBot(bot_seed, playouts=20).decide(ask(match)) for match in (m, twin)]
    assert asked[0] == asked[1]


def baike_grab_offer(hand: str) -> Match:
    """A baike deal whose seat 2 holds ``hand``, the rest of the deck (the emperor card, a
    BJ, aside) dealt round the others."""
    rest = [c for c in deck() if c != BJ] + [BJ] * 3
    for card in parse_cards(hand):
        rest.remove(card)
    hands = [format_cards(rest[i::4]) for i in range(4)]
    return rigged(hands[0], hands[1], hand, hands[2], hands[3], preset="baike")


class Grabber(CountingBot):
    """``normal``, but grabbing the throne at its first chance."""

    def interject(self, offer):  # type: ignore[no-untyped-def]
        return {"type": "grab"} if "grab" in offer.kinds else super().interject(offer)


def test_R_EMP_B5_hard_grabs_a_hand_that_wins_alone_and_leaves_a_plain_one():
    """抢庄 scores +40 first, else -40 (R-SCORE-B4). Seat 2's hand in baike's deal 12 is
    below ``normal``'s strength rule for a grab, yet grabbing wins it the round alone
    against four ``normal`` bots: hard grabs it (asked again, the same answer), and lets an
    ordinary hand be; with seven jokers and sixteen 2s it grabs as ``normal`` does."""
    offer = Match(PRESETS["baike"], 12, rounds=1).interjections(2)
    bot = SearchBot(3, playouts=60)
    assert bot.interject(offer) == {"type": "grab"} == bot.interject(offer)
    assert CountingBot().interject(offer) is None
    m = Match(PRESETS["baike"], 12, rounds=1)
    play_match(m, [CountingBot(s) if s != 2 else Grabber(2) for s in range(5)])
    assert m.records[0].result.scores[2] == 40
    plain = Match(PRESETS["baike"], 5, rounds=1)
    assert SearchBot(3, playouts=60).interject(plain.interjections(2)) is None
    strong = baike_grab_offer(" ".join(["SJ"] * 4 + ["BJ"] * 3 + ["2S", "2H", "2C", "2D"] * 4
                                       + ["AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD"] * 2
                                       + ["3S", "3H", "3C", "4S"]))
    assert SearchBot(3, playouts=60).interject(strong.interjections(2)) == {"type": "grab"}


@FAST
@given(matches, st.data(), st.randoms(use_true_random=False))
def test_its_deals_hold_the_right_counts_the_unplayed_cards_and_the_called_copies(m, data, rng):
    """Every other hand gets its public count; the cards dealt are the unseen ones; the
    emperor keeps his called copies (three, four in a hidden solo) and the guard the fourth —
    in Weifang the GC it became (R-WF-RANK-1); a seat stuck by 闷 keeps only held-back cards
    (R-WF-STUCK-1)."""
    if not in_play(m, data):
        return
    r, seat = m.round, m.to_act
    reading = m.reading(seat)
    sampler = Sampler(reading)
    assert r.guard in sampler.guards  # the truth is never ruled out
    played = [[0] * RANKS_WITH_GC for _ in range(5)]
    for trick in reading.tricks:
        for s, move in trick:
            for c in () if isinstance(move, str) else move:
                played[s][RANK_OF[c]] += 1
    full = [0] * RANKS_WITH_GC
    for c in deck(m.rules.deck_size):
        full[RANK_OF[c]] += 1
    promoted = r.called is not None and m.rules.tricks.promoted_guard_card and not r.open_solo
    if promoted:
        full[RANK_OF[r.called]] -= 1
        full[GC_RANK] += 1
    for _ in range(5):
        hands, guard = sampler.deal(rng)
        assert hands[seat] == r.rc[seat]
        assert [sum(h) for h in hands] == [r.count(s) for s in range(5)]
        assert [sum(h[k] for h in hands) + sum(p[k] for p in played)
                for k in range(RANKS_WITH_GC)] == full
        for stuck, _ in r.stuck:
            held = m.rules.holds_back.rank
            assert hands[stuck][held] == sum(hands[stuck])
        if r.called is not None and r.emperor != seat:
            rank = RANK_OF[r.called]
            spent = sum(1 for t in reading.tricks for s, mv in t
                        if s == r.emperor and not isinstance(mv, str) for c in mv
                        if c == r.called)
            copies = 4 if guard == r.emperor and not promoted else 3
            assert hands[r.emperor][rank] >= copies - spent
        if promoted and guard != seat and r.places[guard] is None:
            assert hands[guard][GC_RANK] == 1 - played[guard][GC_RANK]


def test_a_rebel_thinks_a_seat_that_beat_the_emperor_is_not_his_guard():
    """R-GUARD-1 guesswork: a guard does not take his emperor's tricks; rebels do."""
    m = rigged("7H 7H 7H 3S 3D 9S 9D", "7H 4S 4D 5C", "5S 5D JC QC", "6S 6D KS KD",
               "8S 8D AS AD")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "3S 3D")
    pass_(m, 1)
    play(m, 2, "5S 5D")  # seat 2 takes the emperor's trick
    sampler = Sampler(m.reading(3))
    weight = dict(zip(sampler.guards, sampler.weights, strict=True))
    assert weight[2] < weight[1] / 3 and weight[2] < weight[4] / 3
    assert weight[0] < weight[1]  # a hidden solo is possible, and unlikely


def test_R_GUARD_6_an_emperor_out_with_the_fourth_copy_unplayed_played_no_hidden_solo():
    """The fourth 7H is still in a hand, and his is empty: it is the guard's."""
    m = rigged("7H 7H 7H", "7H 4S", "8C 8D", "5D", "KC")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "7H 7H 7H BJ")  # out first; three copies shown reveal nobody
    for seat in (1, 2, 3, 4):
        pass_(m, seat)
    assert m.round.places[0] == 1 and not m.round.guard_revealed
    sampler = Sampler(m.reading(2))
    assert 0 not in sampler.guards and 1 in sampler.guards


def test_hard_goes_out_at_once_when_its_hand_is_one_set():
    m = rigged("7H 7H 7H", "7H", "8C", "5D", "KC")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    assert SearchBot(1).decide(m.legal_actions(0)) == {"type": "play", "set": "7 7 7 BJ"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_hard_plays_a_round_of_every_preset_under_a_time_limit(preset):
    """Each search stops at its deadline, within a deal if need be (not one deal done in
    time: the normal move): 5 ms takes the paths the table's second does, cheaply."""
    m = Match(PRESETS[preset], seed=len(preset), rounds=1)
    bots = [make_bot("hard", 1, seconds=0.005)] + [make_bot("normal") for _ in range(4)]
    play_match(m, bots)
    assert m.over and len(m.records) == 1


@pytest.mark.parametrize("preset", ["qingdao", "weihai", "weifang"])
def test_R_HIDE_1_hard_and_normal_decide_the_same_from_the_wire(preset):
    """A bot at a remote table reads the view off the wire (the towns' steps, stuck seats,
    the GC and all): every decision is the one it makes in process."""
    m = Match(PRESETS[preset], seed=5, rounds=1)
    here = [SearchBot(7, playouts=12)] + [CountingBot() for _ in range(4)]
    there = [SearchBot(7, playouts=12)] + [CountingBot() for _ in range(4)]
    while not m.over:
        seat = m.to_act
        action = here[seat].decide(m.legal_actions(seat))
        wire = msgpack.unpackb(msgpack.packb(m.view(seat)), raw=False, strict_map_key=False)
        assert there[seat].decide(legal_from_view(wire)) == action
        m.apply(seat, action)


# ----- the towns (docs/baohuang-towns.md) ------------------------------------------------
WF_STUCK = ("BJ 9H 9H 9H 8D 3S", "9H 4S 3H", "10S 3C", "JS 3D", "QS KS 3S")
WF_GUARDED = ("BJ 9H 9H 9H 8D", "9H 4S", "10S", "JS", "QS")


def weifang_called(*hands: str) -> Match:
    """Seat 0 (who also drew first) takes the throne and calls 9H."""
    m = rigged(*hands, preset="weifang", rounds=1)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "9H", "open": False})
    return m


def test_R_WF_RANK_1_hard_deals_the_GC_to_the_guard_it_supposes_and_three_9s_to_the_emperor():
    m = weifang_called(*WF_GUARDED)
    sampler, rng = Sampler(m.reading(2)), random.Random(0)
    guards = set()
    for _ in range(40):
        hands, guard = sampler.deal(rng)
        guards.add(guard)
        assert hands[0][RANK_OF[parse_card("9H")]] == 3
        assert [h[GC_RANK] for h in hands] == [int(s == guard) for s in range(5)]
    assert guards == {0, 1, 3, 4}  # a rebel cannot tell (the emperor: a hidden solo)


def first_throne(preset: str, dealt: bool, **options: str) -> Reading:
    """The reading of the first seat of a seeded match of ``preset`` that may pass the throne
    on, holding the emperor card as dealt (``dealt``) or handed it in the bundle."""
    normal = CountingBot()
    for seed in range(40):
        m = Match(PRESETS[preset].with_options(**options), seed, rounds=1)
        while m.round.phase in ("grab", "throne"):
            offer = m.legal_actions(m.to_act)
            if "decline" in offer.kinds and offer.reading.in_hand == dealt:
                return offer.reading
            m.apply(m.to_act, pick(offer, "decline") if "decline" in offer.kinds
                    else normal.decide(offer))
    raise AssertionError(f"no throne to pass on in 40 seeded {preset} matches")


def strong_hands(group: int) -> list[list[int]]:
    """Five hands any seat would take the throne with: 2s and jokers, and ``group`` of the
    7s (3: a callable group)."""
    hand = [0] * RANKS_WITH_GC
    hand[TWO], hand[SJ_RANK], hand[BJ_RANK], hand[RANK_OF[parse_card("7S")]] = 4, 2, 2, group
    return [list(hand) for _ in range(5)]


@pytest.mark.parametrize("preset", ["lianzhong-classic", "lianzhong-simple", "weifang"])
def test_R_EMP_L2_passing_on_a_dealt_emperor_card_takes_it_out_of_the_hand(preset):
    """The emperor card is dealt (R-EMP-L2, R-WF-EMP-2): the holder who passes it on no
    longer holds it, and the seat that takes the throne does — in the deals the throne's
    search plays, as at the table, with every card still in some hand."""
    r = first_throne(preset, dealt=True)
    hands, _ = Sampler(r).throne_deal(random.Random(1))
    dealt = sum(map(sum, hands))
    taker = passed_on(r)(hands)
    assert hands[r.me][BJ_RANK] == r.rc[BJ_RANK] - 1
    assert sum(map(sum, hands)) == dealt
    if taker is not None:
        assert hands[taker[0]][BJ_RANK] >= 1


@pytest.mark.parametrize(("preset", "options", "way"), [
    ("qingdao", {}, -1), ("lianzhong-classic", {}, -1), ("weihai", {"abdicate_mode": "tv"}, 1)])
def test_R_EMP_Q3_the_search_passes_the_throne_on_the_way_the_preset_does(preset, options, way):
    """Passed on, the throne goes to the previous seat (R-EMP-Q3, R-EMP-L2), in Weihai's tv
    mode to the next (R-WH §1.10): where every hand would take it, that seat does."""
    r = first_throne(preset, dealt=PRESETS[preset].deck.emperor_card_dealt, **options)
    assert passed_on(r)(strong_hands(3)) == ((r.me + way) % 5, RANK_OF[parse_card("7S")])


def test_R_EMP_L3_without_a_group_needed_a_strong_hand_takes_the_passed_throne():
    """lianzhong-simple needs no callable group to accept (R-EMP-L3 is classic mode's): a
    strong hand without three of a rank takes the throne passed on to it."""
    r = first_throne("lianzhong-simple", dealt=True)
    assert passed_on(r)(strong_hands(2)) == ((r.me - 1) % 5, None)
    assert passed_on(first_throne("lianzhong-classic", dealt=True))(strong_hands(2)) is None


def test_R_WF_STUCK_1_hard_deals_a_stuck_seat_nothing_but_his_3():
    m = weifang_called(*WF_STUCK)
    play(m, 0, "8D")
    pass_(m, 1)
    play(m, 2, "10S")
    pass_(m, 3)
    play(m, 4, "QS")
    pass_(m, 0)
    pass_(m, 1)  # seat 2, left with his 3, is stuck (闷)
    assert m.round.stuck == [(2, 4)] and m.to_act == 3
    sampler, rng = Sampler(m.reading(3)), random.Random(0)
    for _ in range(10):
        hands, _ = sampler.deal(rng)
        assert hands[2] == [1] + [0] * (RANKS_WITH_GC - 1)
        assert [sum(h) for h in hands] == [m.round.count(s) for s in range(5)]
    assert SearchBot(1, playouts=20).decide(m.legal_actions(3)) in m.legal_actions(3)


def test_the_search_is_deterministic_for_a_seed():
    def decisions(seed: int) -> list:
        m = Match(PRESETS["qingdao"], seed=3, rounds=1)
        bot = SearchBot(seed, playouts=30)
        out = []
        rng = random.Random(0)
        while not m.over:
            seat = m.to_act
            offer = m.legal_actions(seat)
            action = bot.decide(offer) if seat == 0 else rng.choice(offer)
            out.append(action)
            m.apply(seat, action)
        return out

    assert decisions(5) == decisions(5)


def test_R_WH_ROLE_1_hard_deals_the_weihai_emperor_the_emperor_card_he_holds():
    """The holder of the marked BJ is emperor, in everyone's view: every deal leaves him a BJ
    until he plays one; a grab (明渡) leaves the card with its holder, an ordinary joker."""
    m = rigged("BJ 7H 7S 8D 9C", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS", first=0,
               guard_card=1, preset="weihai", rounds=1)
    while m.round.phase != "play":
        m.apply(m.to_act, next(a for a in m.legal_actions(m.to_act)
                               if a["type"] in ("skip", "accept")))
    assert m.view(2)["taken"] == ["BJ"]
    sampler, rng = Sampler(m.reading(2)), random.Random(0)
    assert all(sampler.deal(rng)[0][0][BJ_RANK] >= 1 for _ in range(20))
    grabbed = rigged("BJ 7H 7S 8D 9C", "SJ 9H 9S", "10H 10S", "JH JS", "QH QS", first=0,
                     guard_card=1, preset="weihai", rounds=1)
    grabbed.apply(0, {"type": "skip"})  # the grab round asks the holder first
    grabbed.apply(4, {"type": "grab"})
    assert grabbed.round.emperor == 4 and grabbed.view(3)["taken"] == []


def holding_both() -> Match:
    """A seeded Weihai round, ``normal`` bots, at the emperor's offer holding both marked
    cards: keep, abdicate or show (R-WH-THRONE-1..5)."""
    normal = CountingBot()
    for seed in range(60):
        m = Match(PRESETS["weihai"], seed, rounds=1)
        while not m.over and m.round.phase != "play":
            seat = m.to_act
            assert seat is not None
            offer = m.legal_actions(seat)
            if offer.kinds == ABDICATION:
                return m
            m.apply(seat, normal.decide(offer))
    raise AssertionError("no holder of both marked cards in 60 seeded Weihai rounds")


def test_R_WH_THRONE_3_hard_weighs_keeping_abdicating_or_showing_as_it_plays_each_role(
        monkeypatch):
    """The playouts play my seat as ``normal`` would; ``EDGE`` adds what ``hard`` makes of the
    role beyond that: kept or shown, a solo's edge; abdicated, the guard's (R-WH-THRONE-3) —
    on the very same deals, so each choice moves by exactly its role's edge."""
    m = holding_both()
    offer = m.legal_actions(m.to_act)
    bot = SearchBot(seed=3, playouts=24)
    monkeypatch.setitem(EDGE, "weihai", NO_EDGE)
    plain = {a.action["type"]: a.mean for a in bot.appraise(offer)}
    monkeypatch.setitem(EDGE, "weihai", Edge(emperor=0.5, guard=1.0, rebel=0.25, solo=5.0))
    weighed = {a.action["type"]: a.mean for a in bot.appraise(offer)}
    assert weighed["accept"] - plain["accept"] == pytest.approx(5.0)
    assert weighed["solo"] - plain["solo"] == pytest.approx(5.0)
    assert weighed["abdicate"] - plain["abdicate"] == pytest.approx(1.0)
