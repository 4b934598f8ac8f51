"""Bots: whole matches without error, and the heuristic's judgement in plain situations."""

import random

import msgpack
import pytest

from bhtui.bots import CountingBot, HeuristicBot, RandomBot, hint, make_bot
from bhtui.bots.bets import EMPEROR_EDGE, rebel_expectation
from bhtui.bots.legal import legal_from_view
from bhtui.rules import PRESETS, Match
from bhtui.rules.choices import Choices
from bhtui.rules.presets import option_values
from bhtui.sim import play_match

from helpers import pass_, play, rigged

SEATS = range(5)


@pytest.mark.slow
def test_500_bot_rounds_play_to_the_end_without_error():
    bots_by_match = [["random"] * 5, ["heuristic"] * 5, ["heuristic", "random"] * 2 + ["random"]]
    rounds = 0
    for i in range(25):
        names = bots_by_match[i % 3]
        m = Match(PRESETS["qingdao"], seed=i, rounds=20)
        decisions = play_match(m, [make_bot(n, i * 5 + s) for s, n in enumerate(names)])
        assert m.over and len(m.records) == 20 and decisions > 20 * 100
        rounds += len(m.records)
    assert rounds == 500


@pytest.mark.parametrize("name", ["qingdao", "weihai", "weifang"])
def test_bots_see_only_their_view_a_msgpack_round_trip_changes_no_decision(name):
    """R-HIDE-1: a bot at the table decides exactly as one reading the view off the wire."""
    m = Match(PRESETS[name], seed=4, rounds=1)
    bot = HeuristicBot()
    while not m.over:
        seat = m.to_act
        action = bot.decide(m.legal_actions(seat))
        wire = msgpack.unpackb(msgpack.packb(m.view(seat)), raw=False, strict_map_key=False)
        assert bot.decide(legal_from_view(wire)) == action
        m.apply(seat, action)


def test_unknown_bot_names_list_the_known_ones():
    with pytest.raises(ValueError, match="random, heuristic"):
        make_bot("smart")


def test_random_bot_picks_uniformly_among_legal_actions():
    bot, legal = RandomBot(1), Choices([], [{"type": "accept"}, {"type": "decline"}])
    picks = [bot.decide(legal)["type"] for _ in range(400)]
    assert 150 < picks.count("accept") < 250


def decide(m: Match, seat: int):
    return HeuristicBot().decide(m.legal_actions(seat))


def test_heuristic_takes_the_throne_with_a_strong_hand_and_declines_a_weak_one():
    strong = "7H 7H 7H 2S 2S 2D 2C BJ SJ SJ AS AH"
    weak = "7H 7H 7H 3S 3D 4C 4D 5S 6H 8C 9D 10S"
    assert decide(rigged(strong, "", "", "", ""), 0) == {"type": "accept"}
    assert decide(rigged(weak, "", "", "", ""), 0) == {"type": "decline"}


def test_heuristic_calls_a_group_that_brings_a_guard_and_opens_a_solo_only_when_very_strong():
    m = rigged("7H 7H 7H 7H 9S 9S 9S 2S 2S 2D 2C BJ SJ SJ AS AH", "", "", "", "")
    m.apply(0, {"type": "accept"})
    assert decide(m, 0) == {"type": "call", "card": "9S", "open": False}
    huge = "7H 7H 7H 7H " + "2S 2S 2D 2D 2C 2C 2H 2H BJ BJ BJ SJ SJ SJ SJ AS AH AD"
    m = rigged(huge, "", "", "", "")
    m.apply(0, {"type": "accept"})
    assert decide(m, 0) == {"type": "call", "card": "7H", "open": True}


def test_heuristic_leads_its_lowest_group_whole_and_goes_out_when_it_can():
    m = rigged("7H 7H 7H 4S 4D 9C 9C KD", "7H", "8C", "5D", "KC")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    assert decide(m, 0) == {"type": "play", "set": "4 4"}
    m = rigged("7H 7H 7H", "7H", "8C", "5D", "KC")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    assert decide(m, 0) == {"type": "play", "set": "7 7 7 BJ"}


def test_heuristic_never_beats_a_known_partner_and_spends_jokers_only_when_it_matters():
    # Seat 1 is the guard and knows the emperor (seat 0) is his partner.
    m = rigged("7H 7H 7H 3S 4S", "7H 9S 9D BJ QC QD JS", "8C 8C 4D", "5D 6D", "KC 2C")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "3S")
    assert decide(m, 1) == {"type": "pass"}
    pass_(m, 1)
    play(m, 2, "4D")
    play(m, 3, "5D")  # a rebel with one card left: worth a fight
    pass_(m, 4)
    pass_(m, 0)
    assert decide(m, 1) == {"type": "play", "set": "J"}


def test_the_hint_is_the_choice_of_the_players_level(monkeypatch):
    """The hint asks the bot of the player's level (its search within HINT_SECONDS: here a
    hundredth, as on a machine ten times slower; how well it searches is test_search's)."""
    monkeypatch.setattr("bhtui.bots.HINT_SECONDS", 0.01)
    m = Match(PRESETS["qingdao"], seed=9, rounds=1)
    for _ in range(60):
        seat = m.to_act
        legal = m.legal_actions(seat)
        assert hint(legal) == CountingBot().decide(legal)  # normal unless he chose otherwise
        assert hint(legal, "easy") in legal and hint(legal, "hard") in legal
        m.apply(seat, random.Random(seat).choice(legal))


def every_option_on(name: str):
    """Every switch on (but 逼位, which only shortens), bombs on, other values the preset's."""
    base = PRESETS[name]
    return base.with_options(**{o: o != "force_first" for o in base.allowed
                                if option_values(o) == (False, True)},
                             **({"bombs": "rank4plus"} if "bombs" in base.allowed else {}))


@pytest.mark.parametrize("name", list(PRESETS))
def test_heuristic_beats_random_over_many_rounds(name):
    """With every option of the preset on: its decisions are used to the heuristic's gain
    (Weihai's abdication, 明保/造反/踢 and 逼死; Weifang's kills, bombs and 闷 too)."""
    rules = every_option_on(name)
    m = Match(rules, seed=77, rounds=60)
    play_match(m, [make_bot("heuristic")] + [make_bot("random", s) for s in range(1, 5)])
    assert m.totals[0] > max(m.totals[1:])


@pytest.mark.parametrize("rules", [
    PRESETS["qingdao"], PRESETS["baike"],
    PRESETS["lianzhong-classic"].with_options(kao=True, bie6=True, grab_solo=True),
    PRESETS["lianzhong-simple"].with_options(kao=True, bie6=True, grab_solo=True, rebellion=True),
    PRESETS["weihai"], PRESETS["weihai"].with_options(abdicate_mode="tv", stuck=True),
    PRESETS["weifang"], PRESETS["weifang"].with_options(bombs="rank4plus", two_kill="singles"),
])
def test_legal_actions_from_a_seat_view_match_the_engine(rules):
    """Every seat, in turn or not: R-PLAY-5/6 sets and the declarations come out the same."""
    for seed in range(4):
        m = Match(rules, seed=seed, rounds=1)
        rng = random.Random(seed)
        while not m.over:
            for seat in range(5):
                assert legal_from_view(m.view(seat)) == m.legal_actions(seat)
            seat = m.to_act
            m.apply(seat, rng.choice(m.legal_actions(seat)))


STRONG = "BJ BJ BJ SJ SJ SJ SJ 2S 2S 2S 2H 2H 2H 2D 2D"


def test_heuristic_grabs_the_throne_out_of_turn_only_with_a_strong_hand():
    """R-EMP-B5 抢庄 and R-EMP-L5 抢独: a bold move, for hands that can carry it."""
    bot = HeuristicBot()
    m = rigged("7H 7H 7H 3S", "4S 5S 6S", "8S", STRONG, "9S", first=0, preset="baike")
    assert bot.interject(m.interjections(3)) == {"type": "grab"}
    assert bot.interject(m.interjections(1)) is None
    m = rigged("BJ 7H 7H 7H", "8S", "9S", STRONG, "10S", first=0, preset="lianzhong-classic",
               grab_solo=True)
    assert bot.interject(m.interjections(3)) == {"type": "grab"}
    assert bot.interject(m.interjections(2)) is None


def test_heuristic_opens_as_guard_only_with_a_strong_hand():
    """R-GUARD-5 明保 doubles the stake."""
    bot = HeuristicBot()
    for guard_hand, opens in ((f"7H {STRONG}", True), ("7H 4S 5S", False)):
        m = rigged("7H 7H 7H 3S", "9S", guard_hand, "AS", "KC", first=0, preset="baike")
        m.apply(0, {"type": "call", "card": "7H", "open": False})
        decision = bot.interject(m.interjections(2))
        assert decision == ({"type": "open_guard"} if opens else None)


def test_heuristic_yields_when_its_partner_leads():
    """R-TRICK-5 让牌: the partner's set stands, and the guard keeps his chance."""
    m = rigged("7H 7H 7H 3S KS", "7H 5S 9S", "4S 8S", "6S QS", "5S AS", first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "3S")
    assert HeuristicBot().decide(m.legal_actions(1)) == {"type": "yield"}


def test_heuristic_declares_the_classic_open_solo_only_with_a_hand_that_wins_1_v_4():
    """R-GUARD-3 明独保 (lianzhong-classic): no four of a kind needed, only strength."""
    m = rigged(f"BJ 7H 7H 7H {STRONG} AS", "7H", "", "", "", preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    assert decide(m, 0) == {"type": "solo"}
    m = rigged("BJ 7H 7H 7H 2S 2S 2D AS AH 9S", "7H", "", "", "", preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    assert decide(m, 0) == {"type": "call", "card": "7H", "open": False}
    m = rigged("BJ 7H 7H 7H 7H 8H 8H 8H 2S", "8H", "", "", "", preset="lianzhong-classic")
    m.apply(0, {"type": "accept"})
    assert decide(m, 0) == {"type": "call", "card": "8H", "open": False}  # a guard, not 暗独


def test_heuristic_rebels_only_as_a_sound_bet():
    """R-TRICK-7 造反 doubles whoever wins: a rebel declares when his expected score is
    positive (two rebels out first, the emperor still in), never on an even deal."""
    bot = HeuristicBot()
    m = rigged("BJ 7H 7H", "SJ 8S 8S", "9S", "10S", "JS 6S", first=0,
               preset="lianzhong-simple", guard_card=1, rebellion=True)
    m.apply(0, {"type": "accept"})
    assert all(bot.interject(m.interjections(s)) is None for s in SEATS)
    play(m, 0, "7H")
    pass_(m, 1)
    play(m, 2, "9S")  # out first
    play(m, 3, "10S")  # out second
    assert rebel_expectation(m.reading(4)) > EMPEROR_EDGE
    assert bot.interject(m.interjections(4)) == {"type": "rebel"}
    assert bot.interject(m.interjections(2)) == {"type": "rebel"}  # out, still a rebel
    assert bot.interject(m.interjections(1)) is None  # the guard is never offered
    m.apply(4, {"type": "rebel"})
    m.apply(2, {"type": "rebel"})  # 造反成功: the doubling is on
    assert bot.interject(m.interjections(3)) is None  # nothing left to win


def test_the_rebels_expectation_weighs_every_guard_they_cannot_rule_out():
    m = rigged("BJ 7H 7H", "SJ 8S 8S", "9S", "10S", "JS 6S", first=0,
               preset="lianzhong-simple", guard_card=1, rebellion=True)
    m.apply(0, {"type": "accept"})
    # at the deal: a guard at 1, 3 or 4 scores 0 on average; a hidden solo +1.2
    assert rebel_expectation(m.reading(2)) == pytest.approx(1.2 / 4)
    assert rebel_expectation(m.reading(2)) == rebel_expectation(m.reading(3))  # the guard is hidden


# ----- the towns' decisions --------------------------------------------------------------------
def _weihai_throne(emperor_hand: str):
    m = rigged(emperor_hand, "9S 9H", "10S", "JS", "QS", first=0, guard_card=0, preset="weihai")
    for _ in range(5):
        m.apply(m.to_act, {"type": "skip"})
    return m


def test_heuristic_weihai_holder_of_both_abdicates_weak_keeps_a_fair_hand_shows_a_strong_one():
    """R-WH-THRONE-1, R-WH-ROLE-2: a partner for a weak hand, alone with a strong one."""
    bot = HeuristicBot()
    weak = _weihai_throne("BJ SJ 7H 8S 9D")
    assert bot.decide(weak.legal_actions(0)) == {"type": "abdicate"}
    fair = _weihai_throne("BJ SJ BJ SJ 2S 2H 2D 2C AS AH 7H 7S 7D 7C 7H 7S")
    assert bot.decide(fair.legal_actions(0)) == {"type": "accept"}
    strong = _weihai_throne(f"BJ SJ {STRONG}")
    assert bot.decide(strong.legal_actions(0)) == {"type": "solo"}


def test_heuristic_weihai_declares_before_play_only_with_a_strong_hand():
    """R-WH-DECL-1..3: 明保, 造反 and 踢 each double the stake."""
    bot = HeuristicBot()
    for guard_hand, says in ((f"SJ {STRONG}", "open_guard"), ("SJ 4S 5S", "skip")):
        m = rigged("BJ 7H", guard_hand, "9S", "10S", "JS", first=0, guard_card=1,
                   preset="weihai")
        for _ in range(5):
            m.apply(m.to_act, {"type": "skip"})
        m.apply(0, {"type": "accept"})
        assert m.to_act == 1 and bot.decide(m.legal_actions(1)) == {"type": says}
    m = rigged("BJ 7H", "SJ 8S", STRONG, "10S", "JS", first=0, guard_card=1, preset="weihai")
    for _ in range(5):
        m.apply(m.to_act, {"type": "skip"})
    m.apply(0, {"type": "accept"})
    m.apply(1, {"type": "skip"})
    assert bot.decide(m.legal_actions(2)) == {"type": "skip"}  # nothing to say at 明保
    for seat in (2, 3, 4, 1):
        m.apply(seat, {"type": "skip"})
    assert bot.decide(m.legal_actions(2)) == {"type": "rebel"}  # a strong rebel bets
    m.apply(2, {"type": "rebel"})
    assert bot.decide(m.legal_actions(3)) == {"type": "skip"}


def test_heuristic_weifang_keeps_a_set_that_would_leave_only_its_3_facing_the_table():
    """R-WF-STUCK-1 闷: answering with its second-to-last set strands the 3 unless that set
    holds a big joker or the GC."""
    bot = HeuristicBot()
    m = rigged("BJ 9H 9H 9H 8D 8S", "9H 4S 4D", "QS QH 3C", "KS KH 3D", "JS", first=0,
               preset="weifang")
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "9H", "open": False})
    m.apply(0, {"type": "play", "cards": ["8D", "8S"]})
    m.apply(1, {"type": "pass"})
    m.apply(2, {"type": "play", "cards": ["QS", "QH"]})
    offer = m.legal_actions(3)
    assert {"type": "play", "set": "K K"} in offer
    assert bot.decide(offer) == {"type": "pass"}  # K K would leave him alone with his 3
