"""Dou Dizhu's side of bench/engine.py: bhtui's classic engine and RLCard 1.2.0's raw
``DoudizhuGame``, the yardstick of issue 14 (run `python bench/engine.py --game doudizhu`).

RLCard is not a bhtui dependency: install it into a bench environment only (any folder;
``.venv-bench`` here), from this checkout,

    python -m venv .venv-bench
    .venv-bench/bin/pip install rlcard==1.2.0 -e .
    .venv-bench/bin/python bench/engine.py --game doudizhu

and without it engine.py prints our figures alone and says so.

- games and decisions: classic deals with uniformly random bots choosing among the legal
  actions, as in RLCard's random agent. Ours include the bidding (RLCard has none: its seat 0
  is always landlord, C-SCORE-4), so our decision count holds the bids too.
- lead-move generation for a 20-card hand (the landlord's after the kitty): our
  ``classic_hands`` against RLCard's ``DoudizhuJudger.playable_cards_from_hand``, both from
  scratch.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bhtui.bots.doudizhu import RandomBot
from bhtui.bots.doudizhu.selfplay import play_match
from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import Match, get_preset
from bhtui.doudizhu.moves import classic_hands, shanghai_hands

RLCARD_LETTER = {"10": "T", "SJ": "B", "BJ": "R"}

try:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import ID_2_ACTION
except ImportError:
    DoudizhuGame = None

MISSING = ("rlcard is not installed here: Dou Dizhu's figures without RLCard's. For the "
           "comparison, in an environment of its own (any folder), from this checkout:\n"
           "  python -m venv .venv-bench && .venv-bench/bin/pip install rlcard==1.2.0 -e .\n"
           "  .venv-bench/bin/python bench/engine.py --game doudizhu")


def ours(games: int, seed: int) -> tuple[int, int]:
    """(games, decisions) of ``games`` classic deals with random bots."""
    match = Match(get_preset("classic"), seed=seed, rounds=games)
    bots = [RandomBot(seed * 3 + s) for s in range(3)]
    deals = play_match(match, bots)
    decisions = sum(d["decisions"] for d in deals)
    if len(deals) != games or decisions < games:
        raise SystemExit(f"bench: asked for {games} classic deals, {len(deals)} were played "
                         f"({decisions} decisions): not the figure it says")
    return games, decisions


def rlcard(games: int, seed: int) -> tuple[int, int]:
    """(games, decisions) of ``games`` of RLCard's raw game with uniformly random choices."""
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            decisions += 1
    return games, decisions


def landlord_counts() -> list[int]:
    """Rank counts of a 20-card hand: seat 0 of a fixed deal plus the kitty."""
    match = Match(get_preset("classic"), seed=2024)
    rc = list(match.round.rc[0])
    for r in match.round.kitty:
        rc[r] += 1
    return rc


def shanghai_leads() -> Callable[[], list[str]]:
    """Our lead generation for a dealt Shanghai hand (seat 0 of a fixed deal): the search's
    playouts ask it at every lead (RLCard has no Shanghai game)."""
    rc = list(Match(get_preset("shanghai"), seed=2024).round.rc[0])
    return lambda: shanghai_hands(rc)


def lead_moves(rc: list[int]) -> tuple[Callable[[], object], Callable[[], object] | None]:
    """Our lead generation for these counts, and RLCard's for the same hand (None without it)."""
    text = "".join(RLCARD_LETTER.get(RANK_NAMES[r], RANK_NAMES[r])
                   for r, k in enumerate(rc) for _ in range(k))
    theirs = None if DoudizhuGame is None else (
        lambda: DoudizhuJudger.playable_cards_from_hand(text))
    return (lambda: classic_hands(rc)), theirs


def same_hand_space() -> str:
    """Our classic hands from a full deck against RLCard's action space (C-HAND-16)."""
    mine = set(classic_hands([4] * 13 + [1, 1]))
    theirs = {" ".join(RANK_NAMES["3456789TJQKA2BR".index(c)] for c in a)
              for a in ID_2_ACTION if a != "pass"}
    verdict = "identical" if mine == theirs else f"DIFFER by {len(mine ^ theirs)}"
    return f"hand space: ours {len(mine):,}, RLCard {len(theirs):,}: {verdict}"
