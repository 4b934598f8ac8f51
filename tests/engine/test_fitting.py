"""The deals ``hard`` fits to the moves it has seen (``bots/fitting.py``): they keep every
count and known card the sampler's do (tested with them in ``test_search.py``), and come
closer to the hands really held."""

from __future__ import annotations

import random
import statistics

from bhtui.bots import make_bot
from bhtui.bots.fitting import FIT_FROM, fitter
from bhtui.bots.sampling import Sampler
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.sim import play_match

Seen = tuple[Reading, list[list[int]]]


class Keeper:
    """A ``normal`` bot that keeps, at each of its plays past the first lead with fewer than
    FIT_FROM cards, its reading and the true hands."""

    def __init__(self, seed: int, match: Match) -> None:
        self.bot = make_bot("normal", seed)
        self.match = match
        self.seen: list[Seen] = []

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        if r.phase == "play" and r.tricks and r.counts[r.me] < FIT_FROM:
            self.seen.append((r, [list(rc) for rc in self.match.round.rc]))
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


def test_fitted_deals_come_closer_to_the_true_hands():
    """Over a round's late decisions, the other hands of fitted deals differ from the true
    ones by fewer cards (rank counts, L1) than the sampler's."""
    off: dict[str, list[float]] = {"sampled": [], "fitted": []}
    for r, true in decisions(201) + decisions(202):
        sampler = Sampler(r)
        fit = fitter(sampler)
        if fit is None:
            continue  # fewer than two other hands left to deal
        rng = random.Random(1)
        for _ in range(8):
            for way, hands in (("sampled", sampler.deal(rng)[0]),
                               ("fitted", fit.position(rng).rc)):
                off[way].append(statistics.fmean(
                    sum(abs(a - b) for a, b in zip(hands[s], true[s], strict=True))
                    for s in sampler.others))
    assert len(off["fitted"]) >= 80
    assert statistics.fmean(off["fitted"]) < statistics.fmean(off["sampled"])


def test_no_fit_while_the_seat_holds_many_cards():
    """Early in the round knowing the hands buys nothing (``bench/knowing.py``): the
    sampler's deals as they are."""
    match = Match(PRESETS["qingdao"], 5, rounds=1)
    while match.round.phase != "play" or not match.reading(match.to_act).tricks:
        seat = match.to_act
        match.apply(seat, make_bot("normal", seat).decide(match.legal_actions(seat)))
    r = match.reading(match.to_act)
    assert r.counts[r.me] >= FIT_FROM
    assert fitter(Sampler(r)) is None
