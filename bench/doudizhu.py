"""Dou Dizhu engine speed beside RLCard 1.2.0's raw ``DoudizhuGame``, printed (tests never time).

    python -m venv /work/venv-bench14
    /work/venv-bench14/bin/pip install rlcard==1.2.0 -e .
    /work/venv-bench14/bin/python bench/doudizhu.py

RLCard is only a yardstick: it is not a bhtui dependency, and without it the bench prints our
figures alone and says so. Each repetition runs both engines in the same process, one after
the other (the order alternates), so a busy machine slows both alike; the figures are the
median and min..max of the repetitions, and the ratio of the medians.

- games/s and decisions/s: classic deals with uniformly random bots choosing among the legal
  actions, as in RLCard's random agent. Ours include the bidding (RLCard has none: its seat 0
  is always landlord, C-SCORE-4), so our decision count holds the bids too.
- lead-move generation for a 20-card hand (the landlord's after the kitty): our
  ``classic_hands`` against RLCard's ``DoudizhuJudger.playable_cards_from_hand``, both from
  scratch.
"""

from __future__ import annotations

import random
import statistics
import time
import timeit
from collections.abc import Callable

from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import Match
from bhtui.doudizhu.bots import RandomBot
from bhtui.doudizhu.moves import classic_hands
from bhtui.doudizhu.selfplay import play_match

REPS = 5
GAMES = 300
LEAD_CALLS = 2000
RLCARD_LETTER = {"10": "T", "SJ": "B", "BJ": "R"}

try:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import ID_2_ACTION
except ImportError:
    DoudizhuGame = None


def ours_games(rep: int) -> tuple[float, float]:
    """(games/s, decisions/s) of GAMES classic deals with random bots."""
    match = Match("classic", seed=rep, rounds=GAMES)
    bots = [RandomBot(rep * 3 + s) for s in range(3)]
    started = time.perf_counter()
    decisions = sum(d["decisions"] for d in play_match(match, bots))
    elapsed = time.perf_counter() - started
    return GAMES / elapsed, decisions / elapsed


def rlcard_games(rep: int) -> tuple[float, float]:
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(rep)
    rng = random.Random(rep)
    decisions = 0
    started = time.perf_counter()
    for _ in range(GAMES):
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            decisions += 1
    elapsed = time.perf_counter() - started
    return GAMES / elapsed, decisions / elapsed


def landlord_hand() -> list[int]:
    """Rank counts of a 20-card hand: seat 0 of a fixed deal plus the kitty."""
    match = Match("classic", seed=2024)
    rc = list(match.round.rc[0])
    for r in match.round.kitty:
        rc[r] += 1
    return rc


def lead_times(rc: list[int]) -> tuple[Callable[[], float], Callable[[], float] | None,
                                        int, int | None]:
    text = "".join(RLCARD_LETTER.get(RANK_NAMES[r], RANK_NAMES[r])
                   for r, k in enumerate(rc) for _ in range(k))

    def ours() -> float:
        return timeit.timeit(lambda: classic_hands(rc), number=LEAD_CALLS) / LEAD_CALLS

    if DoudizhuGame is None:
        return ours, None, len(classic_hands(rc)), None

    def theirs() -> float:
        return timeit.timeit(lambda: DoudizhuJudger.playable_cards_from_hand(text),
                             number=LEAD_CALLS // 10) / (LEAD_CALLS // 10)

    return ours, theirs, len(classic_hands(rc)), len(
        DoudizhuJudger.playable_cards_from_hand(text))


def spread(values: list[float], scale: float = 1.0, fmt: str = "{:,.0f}") -> str:
    v = [x * scale for x in values]
    return (f"{fmt.format(statistics.median(v))} "
            f"({fmt.format(min(v))}..{fmt.format(max(v))})")


def same_hand_space() -> str:
    """Our classic hands from a full deck against RLCard's action space (C-HAND-16)."""
    ours = set(classic_hands([4] * 13 + [1, 1]))
    theirs = {" ".join(RANK_NAMES["3456789TJQKA2BR".index(c)] for c in a)
              for a in ID_2_ACTION if a != "pass"}
    verdict = "identical" if ours == theirs else f"DIFFER by {len(ours ^ theirs)}"
    return f"hand space: ours {len(ours):,}, RLCard {len(theirs):,}: {verdict}"


def main() -> None:
    if DoudizhuGame is None:
        print("rlcard is not installed here: our figures only. For the comparison:\n"
              "  python -m venv /work/venv-bench14 && "
              "/work/venv-bench14/bin/pip install rlcard==1.2.0 -e .")
    else:
        print(same_hand_space())
    print(f"{REPS} interleaved repetitions, {GAMES} classic deals each, random bots")
    ours_g: list[float] = []
    ours_d: list[float] = []
    their_g: list[float] = []
    their_d: list[float] = []
    rc = landlord_hand()
    ours_lead, their_lead, n_ours, n_theirs = lead_times(rc)
    ours_l: list[float] = []
    their_l: list[float] = []
    for rep in range(REPS):
        runs = [(ours_games, ours_g, ours_d), (rlcard_games, their_g, their_d)]
        if DoudizhuGame is None:
            runs = runs[:1]
        for run, games, decisions in (runs if rep % 2 == 0 else runs[::-1]):
            g, d = run(rep)
            games.append(g)
            decisions.append(d)
        ours_l.append(ours_lead())
        if their_lead is not None:
            their_l.append(their_lead())
    print(f"  bhtui   games/s {spread(ours_g)}   decisions/s {spread(ours_d)}")
    if their_g:
        print(f"  RLCard  games/s {spread(their_g)}   decisions/s {spread(their_d)}")
        print(f"  ratio   games/s {statistics.median(ours_g) / statistics.median(their_g):.1f}×"
              f"   decisions/s {statistics.median(ours_d) / statistics.median(their_d):.1f}×"
              "   (goal: decisions/s ≥ 3×)")
    print(f"lead moves of a 20-card hand ({n_ours} hands):")
    print(f"  bhtui   {spread(ours_l, 1e6, '{:.1f}')} µs")
    if their_l:
        print(f"  RLCard  {spread(their_l, 1e6, '{:.1f}')} µs ({n_theirs} hands)")
        print(f"  ratio   {statistics.median(their_l) / statistics.median(ours_l):.1f}× faster")


if __name__ == "__main__":
    main()
