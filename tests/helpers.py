"""Small builders for engine tests: rigged deals on the real engine, state fingerprints, the
CLI in a subprocess."""

from __future__ import annotations

import pickle
import random
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import msgpack

from bhtui.bots import make_bot
from bhtui.cards import GC, NUM_CARDS, RANKS_WITH_GC, parse_cards, rank_of
from bhtui.rules import PRESETS, Deal, Event, Match


def deal_of(*hands: str, first: int = 0, guard_card: int | None = None) -> Deal:
    """A deal from five hands in card notation (empty string for an empty hand)."""
    assert len(hands) == 5
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), first, guard_card)


def rigged(*hands: str, first: int = 0, rounds: int | None = None, preset: str = "qingdao",
           guard_card: int | None = None, **options: bool) -> Match:
    """A match of ``preset`` whose first deal is these hands (lianzhong: ``first`` must hold
    a BJ, the emperor card; lianzhong-simple: ``guard_card`` is the seat of the marked SJ)."""
    rules = PRESETS[preset].with_options(**options)
    deal = deal_of(*hands, first=first, guard_card=guard_card)
    return Match(rules, seed=0, rounds=rounds, first_deal=deal)


def play(match: Match, seat: int, cards: str) -> list[Event]:
    return match.apply(seat, {"type": "play", "cards": cards.split()})


def pass_(match: Match, seat: int) -> list[Event]:
    return match.apply(seat, {"type": "pass"})


def fingerprint(match: Match) -> bytes:
    """Everything the match holds, for 'nothing changed' checks."""
    return pickle.dumps(
        (match.round, match.totals, match.records, match.actions, match.over, match.auto)
    )


def random_actions(match: Match, rng: random.Random, limit: int = 10_000) -> int:
    """Play uniformly random legal actions until the match is over (or ``limit`` actions)."""
    done = 0
    while not match.over and done < limit:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        done += 1
    return done


def assert_refused(match, attempts, fingerprint, error: type[Exception]) -> None:
    """Each (seat, action) of ``attempts`` raises ``error`` with a reason and leaves the match
    as it was (``fingerprint`` of either engine)."""
    before = fingerprint(match)
    for seat, action in attempts:
        try:
            match.apply(seat, action)
        except error as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{action!r} by {seat} was accepted")
        assert fingerprint(match) == before


def assert_replays(match, replay, fingerprint) -> None:
    """R-SEED-1 for either engine: its seed and actions, replayed by ``replay``, rebuild the
    match — the same state, the same bytes of the full view."""
    again = replay(match.rules, match.seed, match.actions, rounds=match.rounds)
    assert fingerprint(again) == fingerprint(match)
    assert msgpack.packb(again.view("all")) == msgpack.packb(match.view("all"))


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def set_hands(m: Match, hands: list[list[int]]) -> None:
    r = m.round
    r.hands = hands
    r.rc = [[0] * RANKS_WITH_GC for _ in range(5)]
    for s in range(5):
        for c in range(NUM_CARDS):
            r.rc[s][rank_of(c)] += hands[s][c]


def copy_of(match):
    """An independent copy of either engine's match, made as the replay's checkpoints make
    theirs (pickle): what ``copy.deepcopy`` makes (``__getstate__`` drops the same caches) at
    a tenth of its cost, for checks that copy the match at every step."""
    return pickle.loads(pickle.dumps(match, pickle.HIGHEST_PROTOCOL))


def reshuffled(m: Match, viewer: int, rng: random.Random) -> Match:
    """The same public state with every hidden card of the other seats dealt anew among them.

    The emperor's three shown copies of the called card stay with him (they are public);
    the guard, or a hidden solo, follows the fourth copy (Weifang: the GC) wherever it lands.
    """
    twin = copy_of(m)
    r = twin.round
    others = [s for s in range(5) if s != viewer]
    kept = [[0] * NUM_CARDS for _ in range(5)]
    if r.called is not None and r.emperor != viewer and not r.guard_revealed:
        kept[r.emperor][r.called] = min(3, r.hands[r.emperor][r.called])
    if r.guard_revealed:
        return twin  # the guard is public: nothing left to hide about him
    pool = [c for s in others for c in range(NUM_CARDS)
            for _ in range(r.hands[s][c] - kept[s][c])]
    rng.shuffle(pool)
    hands = [list(h) for h in r.hands]
    for s in others:
        need = sum(r.hands[s]) - sum(kept[s])
        hands[s] = list(kept[s])
        for c in pool[:need]:
            hands[s][c] += 1
        del pool[:need]
    set_hands(twin, hands)
    if r.called is not None:
        token = guard_token(r)
        holders = [s for s in range(5) if s != r.emperor and hands[s][token]]
        r.guard = holders[0] if holders else r.emperor
        r.solo = not holders
    return twin


def guard_token(r) -> int:
    """The card whose holder is the guard: the called card, or Weifang's GC once promoted."""
    return GC if any(h[GC] for h in r.hands) else r.called


def to_second_round(rules, seed: int) -> Match:
    """A match of heuristic bots played until its second round is dealt (tribute, dealer)."""
    bot = make_bot("heuristic")
    m = Match(rules, seed=seed, rounds=2)
    while m.round.number == 1:
        m.apply(m.to_act, bot.decide(m.legal_actions(m.to_act)))
    return m


def bhtui(*args: str) -> subprocess.CompletedProcess:
    """``bhtui ARGS`` as a person runs it (output captured)."""
    return subprocess.run([sys.executable, "-m", "bhtui", *args], capture_output=True,
                          text=True, timeout=120)


@contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """No regular file this process writes may grow past ``size`` bytes until the block ends:
    the kernel refuses the write that would (EFBIG, SIGXFSZ ignored), as a full disk does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)
