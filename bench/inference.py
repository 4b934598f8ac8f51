"""How close ``hard``'s deals come to the hands really held, with the plays read
(``bots/inference.py``) and without; printed, never asserted (issue 25: deals weighted by how
likely they make the plays seen).

    python bench/inference.py [--preset qingdao] [--seeds 201,202] [--deals 30] [--reps 5]

The decisions are every play of one seat (rotated by seed) among five ``normal`` bots in a
two-round match per seed, after the first lead. At each, the sampler deals ``--deals`` times
with the plays read and as many times without (the uniform deal that agrees with the view);
the figure is the mean over the other hands of the cards by which a dealt hand differs from
the true one (rank counts, L1), overall and late in the round (under 60 cards in hands),
and how many of the caps read the true hands break (natural ranks and jokers apart).
How well the deals fit the play: on the first ``FITTED`` deals of each decision the round is
replayed from the first lead with the playout policy (``normal``'s play, to 98 % in qingdao
with the true hands) and the other seats' moves it would not have made are counted, beside
the count for the true hands — the misses show what the plays read still leave out.
Where the guard is hidden to the seat (a rebel, or the emperor who does not know him), it
also prints the weight the sampler puts on the true guard, and how often its likeliest guess
is right. The cost is a deal's, the sampler's reading of the view included, interleaved, as
the median (min..max) of ``--reps`` runs, and as a ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bhtui.bots import make_bot
from bhtui.bots.inference import NO_CAP
from bhtui.bots.position import Position
from bhtui.bots.rollout import choose
from bhtui.bots.sampling import Sampler
from bhtui.cards import BJ_RANK, RANK_OF, SJ_RANK
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.rules.reading import Reading
from bhtui.rules.scoring import SEATS
from bhtui.rules.sets import CardSet, set_of_cards
from bhtui.sim import play_match

LATE = 60
FITTED = 5
Seen = tuple[Reading, list[list[int]], int | None]
"""A decision: the seat's reading, every seat's true rank counts, the true guard."""


class Watcher:
    """A ``normal`` bot that keeps, at each of its plays, its reading and the true hands."""

    def __init__(self, seed: int, match: Match) -> None:
        self.bot = make_bot("normal", seed)
        self.match = match
        self.seen: list[Seen] = []

    def decide(self, offer: Choices) -> Action:
        r = offer.reading
        if r.phase == "play" and r.tricks:
            rnd = self.match.round
            self.seen.append((r, [list(rc) for rc in rnd.rc], rnd.guard))
        return self.bot.decide(offer)

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def decisions(preset: str, seeds: list[int]) -> list[Seen]:
    out = []
    for seed in seeds:
        match = Match(PRESETS[preset], seed, rounds=2)
        watcher = Watcher(seed, match)
        bots = [make_bot("normal", seed * 5 + s) for s in range(5)]
        bots[seed % 5] = watcher  # type: ignore[call-overload]
        play_match(match, bots)
        out += watcher.seen
    return out


def distances(seen: list[Seen], deals: int, read: bool) -> tuple[list[float], list[float]]:
    """Each deal's mean L1 distance to the truth over the other hands, and the late ones."""
    every, late = [], []
    for k, (r, true, _) in enumerate(seen):
        sampler = Sampler(r, plays=read)
        rng = random.Random(k)
        for _ in range(deals):
            hands, _ = sampler.deal(rng)
            d = statistics.fmean(sum(abs(a - b) for a, b in zip(hands[o], true[o], strict=True))
                                 for o in sampler.others)
            every.append(d)
            if sum(r.counts) < LATE:
                late.append(d)
    return every, late


def broken(seen: list[Seen]) -> dict[str, tuple[int, int]]:
    """The caps the plays read put on other seats, natural ranks and jokers apart: how many
    were read over the decisions, and how many the true hand holds more than."""
    tally = {"natural": [0, 0], "joker": [0, 0]}
    for r, true, _ in seen:
        for seat, cap in Sampler(r).caps.items():
            for rank, most in enumerate(cap):
                if most < NO_CAP:
                    kind = tally["joker" if rank in (SJ_RANK, BJ_RANK) else "natural"]
                    kind[0] += 1
                    kind[1] += true[seat][rank] > most
    return {kind: (read, over) for kind, (read, over) in tally.items()}


def misses(r: Reading, hands: list[list[int]], guard: int) -> int:
    """The other seats' moves this round the playout policy would not have made had these
    been the hands (rank counts now; what each played is added back) and ``guard`` the
    guard: the round replayed from the first lead, forced to the table's turns, the guard
    shown once he plays the called card (a solo emperor: its fourth copy, R-GUARD-6)."""
    assert r.emperor is not None
    first = next((trick[0][0] for trick in r.tricks if trick), None)
    if first is None:
        return 0
    kills = r.rules.two_kill != "off"
    start = [list(h) for h in hands]
    for trick in r.tricks:
        for seat, move in trick:
            for card in () if isinstance(move, str) else move:
                start[seat][RANK_OF[card]] += 1
    pos = Position(r.rules, start, (None,) * SEATS, r.emperor, guard, first,
                   open_solo=r.open_solo, grabbed=r.grabbed, open_guard=r.open_guard,
                   kicks=r.kicks, hidden=not (r.open_solo or r.open_guard))
    missed = by_emperor = 0
    for trick in r.tricks:
        pos.top = pos.top_seat = None
        pos.responses, pos.yielders, pos.again = 0, [], []
        for seat, cards in trick:
            move: CardSet | str = cards if isinstance(cards, str) else set_of_cards(cards, kills)
            if pos.scores is not None or pos.places[seat] is not None or (
                    pos.top is None and isinstance(move, str)):
                return missed  # out of step with the table (a stuck seat): counted so far
            pos.turn = seat
            missed += seat != r.me and choose(pos) != move
            pos.play(move)
            called = 0 if isinstance(cards, str) else cards.count(r.called)  # type: ignore[arg-type]
            by_emperor += called if seat == r.emperor else 0
            if called and (seat != r.emperor or by_emperor >= 4):
                pos.hidden = False
    return missed


def moves(r: Reading) -> int:
    """The other seats' moves this round."""
    return sum(seat != r.me for trick in r.tricks for seat, _ in trick)


def fits(seen: list[Seen], read: bool | None) -> float:
    """The mean misses of the first FITTED deals of each decision (None: the true hands)."""
    out = []
    for k, (r, true, guard) in enumerate(seen):
        assert r.emperor is not None
        if read is None:
            out.append(misses(r, true, guard if guard is not None else r.emperor))
            continue
        sampler, rng = Sampler(r, plays=read), random.Random(k)
        for _ in range(FITTED):
            hands, drawn = sampler.deal(rng)
            out.append(misses(r, hands, drawn if drawn >= 0 else r.emperor))
    return statistics.fmean(out)


def guesses(seen: list[Seen], read: bool) -> tuple[list[float], list[bool]]:
    """Where the guard is hidden to the seat: the weight on the true guard, and whether the
    likeliest guess is he."""
    weights, right = [], []
    for r, _, guard in seen:
        if r.guard is not None or r.role not in ("rebel", "emperor") or r.open_solo:
            continue
        sampler = Sampler(r, plays=read)
        weight = dict(zip(sampler.guards, sampler.weights, strict=True))
        if len(weight) > 1 and guard is not None:
            weights.append(weight.get(guard, 0.0) / sum(weight.values()))
            right.append(max(weight, key=lambda g: weight[g]) == guard)
    return weights, right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="qingdao", choices=list(PRESETS))
    parser.add_argument("--seeds", default="201,202")
    parser.add_argument("--deals", type=int, default=30, help="deals per decision and way")
    parser.add_argument("--reps", type=int, default=5, help="timed runs of each way")
    args = parser.parse_args()
    seen = decisions(args.preset, [int(s) for s in args.seeds.split(",")])
    if not seen:
        sys.exit("no decision to measure")
    times: dict[bool, list[float]] = {True: [], False: []}
    found: dict[bool, tuple[list[float], list[float]]] = {}
    for _ in range(args.reps):
        for read in (False, True):
            started = time.perf_counter()
            found[read] = distances(seen, args.deals, read)
            times[read].append((time.perf_counter() - started) / (len(seen) * args.deals))
    count = len(found[True][0])
    if count != len(seen) * args.deals or count != len(found[False][0]):
        sys.exit(f"dealt {count} times, not {len(seen) * args.deals}")
    print(f"{args.preset}: {len(seen)} decisions of seeds {args.seeds}, {args.deals} deals "
          f"each way; cards a dealt hand differs from the true one (L1), mean")
    for read, name in ((False, "uniform deals "), (True, "plays read    ")):
        every, late = found[read]
        ts = sorted(t * 1e6 for t in times[read])
        tail = statistics.fmean(late) if late else 0.0
        print(f"  {name} all {statistics.fmean(every):6.2f}   late {tail:6.2f}"
              f"   {statistics.median(ts):5.0f} µs a deal ({ts[0]:.0f}..{ts[-1]:.0f})")
    for read, name in ((False, "uniform deals "), (True, "plays read    ")):
        weights, right = guesses(seen, read)
        if weights:
            print(f"  {name} the hidden guard ({len(weights)} decisions): weight on the true one "
                  f"{statistics.fmean(weights):.3f}, likeliest guess right "
                  f"{statistics.fmean(right):.0%}")
    caps = ", ".join(f"{kind} {over} of {read}" for kind, (read, over) in broken(seen).items())
    print(f"  caps read that the true hands break: {caps}")
    print(f"  other seats' moves a replay misses: true hands {fits(seen, None):.2f}, "
          f"uniform deals {fits(seen, False):.2f}, plays read {fits(seen, True):.2f} "
          f"(of {statistics.fmean(moves(r) for r, _, _ in seen):.0f} a decision)")
    ratios = sorted(a / b for a, b in zip(times[True], times[False], strict=True))
    print(f"  the plays read cost {statistics.median(ratios):.2f}× a uniform deal "
          f"({ratios[0]:.2f}..{ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
