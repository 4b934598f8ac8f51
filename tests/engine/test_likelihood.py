"""How likely ``hard`` finds a deal from the moves it has seen (``bots/likelihood.py``): the
hands really held explain the moves, the sampler's guesses less, and weighed by it the
guesses come closer to the truth."""

from __future__ import annotations

import random
import statistics

from bhtui.bots import make_bot
from bhtui.bots.likelihood import FROM, likelihood
from bhtui.bots.position import Position
from bhtui.bots.sampling import Sampler
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.sim import play_match

Seen = tuple[Reading, list[list[int]], int]


class Keeper:
    """A ``normal`` bot that keeps, at each of its plays past the first lead with fewer than
    FROM cards, its reading, the true hands and the true guard."""

    def __init__(self, seed: int, match: Match) -> None:
        self.bot = make_bot("normal", seed)
        self.match = match
        self.seen: list[Seen] = []

    def decide(self, offer: Choices) -> Action:
        r, rnd = offer.reading, self.match.round
        if r.phase == "play" and r.tricks and r.counts[r.me] < FROM:
            self.seen.append((r, [list(rc) for rc in rnd.rc], rnd.guard))
        return self.bot.decide(offer)

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def decisions(seed: int) -> list[Seen]:
    """One seat's late plays in a seeded qingdao round among ``normal`` bots."""
    match = Match(PRESETS["qingdao"], seed, rounds=1)
    keeper = Keeper(seed, match)
    bots = [make_bot("normal", seed * 5 + s) for s in range(5)]
    bots[seed % 5] = keeper  # type: ignore[call-overload]
    play_match(match, bots)
    return keeper.seen[::3]


def test_the_true_hands_explain_the_moves_better_than_the_sampler_s_deals():
    """The other seats are ``normal`` bots, whose moves the playout policy makes from their
    true hands: those weigh near 1, the sampler's deals far less; and weighed, the deals'
    hands come closer to the true ones (rank counts, L1) than counted alike."""
    true_weights, dealt_weights, plain, weighed = [], [], [], []
    for r, true, guard in decisions(201) + decisions(202):
        sampler = Sampler(r)
        weigh = likelihood(sampler)
        if weigh is None:
            continue  # no other seat's moves to replay
        assert r.emperor is not None
        truth = Position(r.rules, true, r.places, r.emperor, guard, r.me)
        true_weights.append(weigh.weight(truth))
        rng, off, weights = random.Random(1), [], []
        for _ in range(30):
            deal = sampler.position(rng)
            weights.append(weigh.weight(deal))
            off.append(statistics.fmean(sum(abs(a - b) for a, b in zip(
                deal.rc[s], true[s], strict=True)) for s in sampler.others))
        dealt_weights.append(statistics.fmean(weights))
        plain.append(statistics.fmean(off))
        weighed.append(sum(w * d for w, d in zip(weights, off, strict=True)) / sum(weights))
    assert len(true_weights) >= 10
    assert statistics.fmean(true_weights) > 0.8
    assert statistics.fmean(dealt_weights) < statistics.fmean(true_weights) / 2
    assert statistics.fmean(weighed) < statistics.fmean(plain)


def test_no_weighing_while_the_seat_holds_many_cards():
    """Early in the round knowing the hands buys nothing (``bench/knowing.py``): every deal
    counts alike there."""
    match = Match(PRESETS["qingdao"], 5, rounds=1)
    while match.round.phase != "play" or not match.reading(match.to_act).tricks:
        seat = match.to_act
        match.apply(seat, make_bot("normal", seat).decide(match.legal_actions(seat)))
    r = match.reading(match.to_act)
    assert r.counts[r.me] >= FROM
    assert likelihood(Sampler(r)) is None
