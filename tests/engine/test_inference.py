"""What ``hard`` reads from the plays it has seen (``bots/inference.py``): a seat that led a
group held nothing lower, a seat that answered held no cheaper answer, a seat that passed a
set it would have beaten held no cheap answer — and its deals agree, softly."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest

from bhtui.bots import make_bot
from bhtui.bots.inference import NO_CAP, caps, emperor_passes, read
from bhtui.bots.sampling import Sampler
from bhtui.cards import BJ_RANK, RANK_OF, RANKS_WITH_GC, SJ_RANK, parse_card
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.sim import play_match

from helpers import pass_, play, rigged

SIX, NINE, ACE = RANK_OF[parse_card("6S")], RANK_OF[parse_card("9S")], RANK_OF[parse_card("AS")]


def seven_called(*hands: str, **options: bool) -> Match:
    """A qingdao deal of these hands where seat 0 took the throne and called 7H: seat 1
    holds the fourth 7H, the hidden guard."""
    m = rigged(*hands, **options)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    return m


def kings_then_nines(**options: bool) -> Match:
    """Seat 0 (emperor, guard hidden) leads 3s; seat 2 answers with kings, the others pass;
    seat 2 leads 9s."""
    m = seven_called("7H 7H 7H 3S 3D 8S 8D 8C JC JD QC QD KC 2C 2D",
                     "7H 4C 4D 5C 5D 6C 6D 10C 10D JH JS AC",
                     "KS KD 9S 9D 4S 10S 10H JH QH QS AS AH 2S 2H SJ",
                     "3C 4S 5S 6S 7S 8H 9C 10H QH KH AD",
                     "3H 4H 5H 6H 7C 8C 9H JS QC KD AC 2C BJ", **options)
    play(m, 0, "3S 3D")
    pass_(m, 1)
    play(m, 2, "KS KD")
    for seat in (3, 4, 0, 1):
        pass_(m, seat)
    play(m, 2, "9S 9D")
    return m


def held(sampler: Sampler, seat: int, ranks: list[int], deals: int = 300) -> list[int]:
    """How many cards of ``ranks`` the sampler deals ``seat``, deal by deal."""
    rng = random.Random(7)
    return [sum(sampler.deal(rng)[0][seat][k] for k in ranks) for _ in range(deals)]


def test_R_PLAY_3_a_seat_that_answered_3s_with_kings_held_no_cheaper_pair():
    """Kings cost more than any pair of 4s to 6s broken out of a bigger group: the bots
    would have answered with those, so seat 2 held fewer than two of each."""
    sampler = Sampler(kings_then_nines().reading(3))
    cap = sampler.caps[2]
    assert all(cap[k] <= 1 for k in range(1, SIX + 1))
    assert cap[RANK_OF[parse_card("QS")]] == NO_CAP  # a queen pair costs as much as kings


def test_a_seat_that_led_9s_is_dealt_nothing_lower_and_no_more_9s():
    """A lead is the hand's lowest group, whole: the deals give seat 2 almost no 3s to 9s,
    where uniform deals of its 11 cards give it about half of them."""
    reading = kings_then_nines().reading(3)
    sampler = Sampler(reading)
    assert sampler.caps[2][:NINE + 1] == [0] * (NINE + 1)
    low = list(range(NINE + 1))
    read = statistics.fmean(held(sampler, 2, low))
    uniform = statistics.fmean(held(Sampler(reading, plays=False), 2, low))
    assert read < uniform / 5


def test_a_rebel_passing_a_pair_of_kings_is_dealt_fewer_than_two_aces():
    """Seat 4 passed seat 2's kings, which it had no reason to back: it held no pair of aces
    (a cheap answer), and the deals seldom give it two."""
    reading = kings_then_nines().reading(3)
    sampler = Sampler(reading)
    assert sampler.caps[4][ACE] == 1
    read = sum(n >= 2 for n in held(sampler, 4, [ACE]))
    assert read < sum(n >= 2 for n in held(Sampler(reading, plays=False), 4, [ACE])) / 4


def test_R_GUARD_1_a_pass_on_the_emperors_set_says_nothing_while_the_guard_is_hidden():
    """Seat 1 passed the emperor's 3s: it may be the guard, backing him, so nothing is read
    of it — while its pass on seat 2's kings, and the emperor's own, are read."""
    sampler = Sampler(kings_then_nines().reading(3))
    assert sampler.caps[1][1:ACE] == [NO_CAP] * (ACE - 1)  # (its pass on the kings: aces)
    assert sampler.caps[0][ACE] == 1


def test_a_lead_that_later_plays_contradict_is_not_read():
    """Seat 2 led 9s, then played a 4: it did not lead its lowest group, so no cap from
    that lead says it holds no 4s or 5s."""
    m = kings_then_nines()
    for seat in (3, 4, 0, 1):
        pass_(m, seat)
    play(m, 2, "4S")
    cap = Sampler(m.reading(3)).caps.get(2, [NO_CAP] * RANKS_WITH_GC)
    assert cap[RANK_OF[parse_card("5S")]] > 0


def a_single_four(joker_sets: bool = True) -> Match:
    """After kings_then_nines' 9s go round, seat 2 leads a single 4S: seat 3 (11 cards, no
    joker) passes it, seat 4 passes, the emperor (13 cards) answers with a 2."""
    m = kings_then_nines(joker_sets=joker_sets)
    for seat in (3, 4, 0, 1):
        pass_(m, seat)
    play(m, 2, "4S")
    pass_(m, 3)
    pass_(m, 4)
    play(m, 0, "2C")
    return m


def test_R_PLAY_1_a_seat_that_passed_a_single_held_no_joker_nor_one_that_answered_a_2():
    """A joker alone beats any single cheaply: seat 3 passed seat 2's 4 (a set it had no
    reason to back), so it held none, and the emperor, who paid a 2 for it, none either —
    the deals seldom give them one. Where jokers make no set alone, neither says so."""
    reading = a_single_four().reading(1)
    sampler = Sampler(reading)
    for seat in (3, 0):
        assert sampler.caps[seat][SJ_RANK] == sampler.caps[seat][BJ_RANK] == 0
    jokers = [SJ_RANK, BJ_RANK]
    uniform = Sampler(reading, plays=False)
    assert statistics.fmean(held(sampler, 3, jokers)) < statistics.fmean(
        held(uniform, 3, jokers)) / 2
    plain = Sampler(a_single_four(joker_sets=False).reading(1)).caps
    assert plain[3][SJ_RANK] == plain[0][BJ_RANK] == NO_CAP


def passed_the_emperors_kings() -> Match:
    """The emperor (seat 0) leads kings; seat 1 passes, seat 2 beats them with 2s, seats 3 and
    4 pass; later seat 1 plays a pair of aces — it held them when it passed."""
    m = seven_called("7H 7H 7H KS KD 3S 3D 8S 8D 8C JC JD QC QD 4C",
                     "7H AS AD 4C 4D 5C 5D 6C 6D 10C 10D JH JS 9C",
                     "2S 2D 6S 6H 9S 9D 10S 10H JH QH QS SJ 3H 4H",
                     "3C 4S 5S 6S 7S 8H 9C 10H QH KH AD 5H 9H 8C",
                     "3H 4H 5H 6H 7C 8C 9H JS QC KC AC 2C BJ 4S")
    play(m, 0, "KS KD")
    pass_(m, 1)
    play(m, 2, "2S 2D")
    for seat in (3, 4, 0, 1):
        pass_(m, seat)
    play(m, 2, "6S 6H")
    for seat in (3, 4, 0):
        pass_(m, seat)
    play(m, 1, "AS AD")
    pass_(m, 2)
    return m


def test_R_GUARD_1_a_seat_that_passed_the_emperors_kings_holding_aces_is_likely_his_guard():
    """A rebel answers the emperor's set when he can; the guard passes it whatever he holds.
    Seat 1 passed the kings with a pair of aces in hand, seat 4 never faced them: seat 1 is
    weighed far likelier the guard, and seat 2, who beat them, least."""
    sampler = Sampler(passed_the_emperors_kings().reading(3))
    weight = dict(zip(sampler.guards, sampler.weights, strict=True))
    assert weight[1] > 3 * weight[4] > 3 * weight[2]


def test_a_seat_that_passed_the_emperors_kings_is_dealt_no_aces_pair_unless_the_guard():
    """In the deals where seat 4 is a rebel, its pass says it had no pair of aces."""
    sampler = Sampler(passed_the_emperors_kings().reading(3))
    rng = random.Random(3)
    rebel = [hands[4][ACE] for hands, guard in (sampler.deal(rng) for _ in range(400))
             if guard != 4]
    assert len(rebel) > 100 and sum(n >= 2 for n in rebel) < len(rebel) / 10


def test_R_PLAY_6_a_pass_on_the_emperors_4s_says_nothing_of_held_back_6s():
    """Under 憋6 the 6s go only in a hand's last set: a rebel holding 666 and nothing else
    above the emperor's 4s must pass, so the pass caps every rank above but the 6s."""
    m = rigged("BJ 7H 7H 7H 4S 4D 8S 8D 8C JC JD QC QD KC 2C 2D",
               "7H 9C 9D 5C 5D 10C 10D JH JS AC 3D 3H",
               "6S 6D 6H 3C 5H 7S 8H 9H 10H JD QH KS AH",
               "3S 4C 5S 7C 8C 9S 10S QS KH AD 2S 2H",
               "3H 4H 5D 7D 9D 10D JS QC KD AS 2D SJ",
               preset="lianzhong-classic", bie6=True)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    play(m, 0, "4S 4D")
    pass_(m, 1)
    pass_(m, 2)
    reading = m.reading(3)
    found = dict(emperor_passes(reading, read(reading, [0, 1, 2, 4])))[2]
    ranks = {rank for rank, _ in found}
    assert SIX not in ranks and RANK_OF[parse_card("7S")] in ranks


def passes_round_the_table(m: Match) -> Match:
    """The emperor (seat 0) leads 3s, seats 1 to 3 pass; seat 4 beats them with kings and
    everyone passes those."""
    play(m, 0, "3S 3D")
    for seat in (1, 2, 3):
        pass_(m, seat)
    play(m, 4, "KS KD")
    for seat in (0, 1, 2, 3):
        pass_(m, seat)
    return m


REST = ("4C 4D 5C 5D 6C 6D 10C 10D JH JS AC", "4S 5S 9S 9D 10S JH QH QS AS 2S 2H SJ",
        "3C 4S 5H 6S 7S 8H 9C 10H QH KH AD", "3H 4H 5H 6H 7C 9H JS QC KS KD AC 2C BJ")
EMPEROR = "7H 7H 7H 3S 3D 8S 8D 8C JC JD QC QD KC 2C 2D"


def hidden_guard() -> Match:
    """qingdao: seat 1 holds the fourth 7H the emperor called, unknown to the others."""
    return passes_round_the_table(seven_called(EMPEROR, "7H " + REST[0], *REST[1:]))


def open_guard() -> Match:
    """baike: seat 1, the guard, showed himself (明保, R-GUARD-5) before the first lead."""
    m = rigged(EMPEROR, "7H " + REST[0], *REST[1:], first=0, preset="baike")
    m.apply(0, {"type": "call", "card": "7H", "open": False})
    m.apply(1, {"type": "open_guard"})
    return passes_round_the_table(m)


def open_solo() -> Match:
    """qingdao: the emperor holds all four 7H and plays alone, shown (R-GUARD-3)."""
    m = rigged("7H " + EMPEROR, *REST)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H", "open": True})
    return passes_round_the_table(m)


@pytest.mark.parametrize(("situation", "reader", "read_passes"), [
    (hidden_guard, 3, {(0, 4), (1, 4), (2, 4)}),
    (hidden_guard, 1, {(2, 0), (3, 0), (0, 4), (2, 4), (3, 4)}),
    (open_guard, 3, {(2, 0), (0, 4), (1, 4)}),
    (open_solo, 3, {(1, 0), (2, 0), (0, 4)}),
])
def test_R_GUARD_1_a_pass_is_read_only_on_a_set_the_passer_would_have_beaten(
        situation: Callable[[], Match], reader: int, read_passes: set[tuple[int, int]]) -> None:
    """Which passes say "no cheap answer", as far as the reader knows the sides: a rebel
    reads no pass on the emperor's set while the guard is hidden (it may be his guard's),
    the hidden guard reads the rebels' passes on it (he knows they are rebels); once the
    guard is shown nobody reads a pass on a partner's set, and in an open solo the rebels
    are all partners. The passes: seats 1-3 on the emperor's 3s, the rest on seat 4's
    kings."""
    r = situation().reading(reader)
    plays = read(r, [s for s in range(5) if s != reader])
    passes = {(seat, top_seat) for seat, played, _, top_seat, _ in plays if played is None}
    assert passes == {(s, 0) for s in (1, 2, 3) if s != reader} | {
        (s, 4) for s in (0, 1, 2, 3) if s != reader}
    read_now = {(seat, top_seat) for seat, top_seat in passes if caps(r, [
        p for p in plays if p[0] == seat and p[1] is None and p[3] == top_seat])}
    assert read_now == read_passes


class RebellionWatcher:
    """A ``normal`` bot keeping its readings of play where 造反 was declared and the guard
    is still hidden to it."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("normal", seed)
        self.seen: list[Reading] = []

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        if r.phase == "play" and r.rebels and r.guard is None and r.role != "guard":
            self.seen.append(r)
        return self.bot.decide(offer)

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def test_R_TRICK_7_a_declared_rebel_is_never_weighed_as_the_guard():
    """The guard is never offered 造反, so a seat that declared it is a rebel for sure —
    however it passed the emperor's sets."""
    rules = PRESETS["lianzhong-simple"].with_options(rebellion=True)
    seen: list[Reading] = []
    for seed in range(1, 10):
        bots = [RebellionWatcher(seed * 5 + s) for s in range(5)]
        play_match(Match(rules, seed, rounds=2), bots)
        seen += [r for bot in bots for r in bot.seen]
    assert len(seen) > 10
    for r in seen:
        assert not set(r.rebels) & set(Sampler(r).guards)


def paid_tribute() -> tuple[Reading, int, int, list[list[int]]]:
    """The first play of a seeded qingdao match's later round, among ``normal`` bots, whose
    reader sees another seat that paid tribute below a BJ: the reading, that giver, the rank
    of what he paid and the true hands."""
    for seed in range(40):
        m = Match(PRESETS["qingdao"], seed, rounds=3)
        bots = [make_bot("normal", seat) for seat in range(5)]
        while not m.over:
            seat = m.to_act
            assert seat is not None
            offer = m.legal_actions(seat)
            r = offer.reading
            if r.phase == "play":
                paid = {giver: RANK_OF[card] for giver, _, card in r.tribute
                        if giver != seat and RANK_OF[card] < BJ_RANK}
                if paid:
                    giver, rank = min(paid.items())
                    return r, giver, rank, [list(rc) for rc in m.round.rc]
            m.apply(seat, bots[seat].decide(offer))
    raise AssertionError("no tribute below a BJ in 40 seeded matches")


def test_R_TRIB_1_a_seat_that_paid_tribute_is_dealt_nothing_above_what_it_paid():
    """Tribute is the giver's highest card (R-TRIB-1..5), so he held nothing above it: the
    rule, not a habit — the true hand agrees — and the deals seldom give him more."""
    r, giver, rank, truth = paid_tribute()
    sampler = Sampler(r)
    above = list(range(rank + 1, BJ_RANK + 1))
    taken = [0] * RANKS_WITH_GC
    if giver == r.emperor:
        for card in r.taken:
            taken[RANK_OF[card]] += 1
    cap = sampler.caps.get(giver, [NO_CAP] * RANKS_WITH_GC)
    assert all(cap[k] <= taken[k] for k in above)
    assert all(truth[giver][k] <= cap[k] for k in above)
    unseen = [sum(held(sampler, seat, above, deals=1)) for seat in sampler.others]
    share = sum(unseen) / sum(r.counts[s] for s in sampler.others)  # a uniform deal's rate
    dealt = statistics.fmean(held(sampler, giver, above)) - sum(taken[k] for k in above)
    assert dealt < share * r.counts[giver] / 10
