"""What the heuristic's bets pay, measured on the real engine (tests never rely on these).

    python bench/bets.py [DEALS]

1. 明独保 (R-GUARD-3, lianzhong-classic): every deal is played twice from the call on, once
   with the emperor declaring an open solo and once with his own call; by the strength of
   his hand, how often the solo went out first and what each choice scored him.
   ``DECLARED_SOLO_AT`` in bots/heuristic.py should sit where the solo nearly always wins.
2. 造反 (R-TRICK-7, lianzhong-simple, nobody rebelling): at every trick, each rebel's
   ``rebel_expectation`` against the score he really got. Only above ``EMPEROR_EDGE`` should
   the real score be positive: there doubling pays.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from bhtui.bots import make_bot
from bhtui.bots.bets import EMPEROR_EDGE, rebel_expectation
from bhtui.bots.heuristic import DECLARED_SOLO_AT
from bhtui.bots.strength import strength
from bhtui.games import get_game
from bhtui.games.moments import Moments
from bhtui.rules import PRESETS, Action, Match
from bhtui.sim import offer_declarations

BOTS = [make_bot("heuristic", s) for s in range(5)]
BAOHUANG = get_game("baohuang")


def play_out(m: Match, at_call: Any = None, at_trick: Any = None) -> None:
    """Heuristic bots play the round; ``at_call(m, seat)`` may choose the call instead and
    ``at_trick(m)`` looks at every new trick."""
    asked, last = Moments(), None
    while not m.over:
        if at_trick is not None and m.round.phase == "play" and m.moment != last:
            last = m.moment
            at_trick(m)
        if offer_declarations(BAOHUANG, m, BOTS, asked):
            continue
        seat = m.to_act
        assert seat is not None
        legal = m.legal_actions(seat)
        action: Action | None = at_call(m, seat) if at_call and m.round.phase == "call" else None
        m.apply(seat, action or BOTS[seat].decide(legal))


def solo_table(deals: int) -> None:
    rows: dict[int, list[float]] = defaultdict(lambda: [0, 0, 0.0, 0.0])
    for seed in range(deals):
        seen: dict[str, Any] = {}

        def solo(m: Match, seat: int) -> Action:
            seen["strength"] = strength(m.reading(seat).rc)
            return {"type": "solo"}

        m = Match(PRESETS["lianzhong-classic"], seed, rounds=1)
        play_out(m, at_call=solo)
        if "strength" not in seen:
            continue  # the deal went void
        alone = m.records[0].result
        called = Match(PRESETS["lianzhong-classic"], seed, rounds=1)
        play_out(called)
        row = rows[min(int(seen["strength"] // 2) * 2, 20)]
        row[0] += 1
        row[1] += alone.places[alone.emperor] == 1
        row[2] += alone.scores[alone.emperor]
        row[3] += called.records[0].result.scores[called.records[0].result.emperor]
    print(f"明独保 (lianzhong-classic, {deals} deals; the bot declares at {DECLARED_SOLO_AT:g})")
    print("strength  deals  solo out first  emperor's score: solo  own call")
    for key in sorted(rows):
        n, first, solo_score, call_score = rows[key]
        print(f"{key:>5}+   {n:>6}  {first / n:>14.0%}  {solo_score / n:>22.1f}  "
              f"{call_score / n:>8.1f}")


def rebel_table(deals: int) -> None:
    rows: dict[float, list[float]] = defaultdict(lambda: [0, 0.0])
    for seed in range(deals):
        samples: list[tuple[int, float]] = []

        def look(m: Match) -> None:
            r = m.round
            for s in range(5):
                if r.role_of(s) == "rebel" and not r.guard_revealed:
                    samples.append((s, rebel_expectation(m.reading(s))))

        m = Match(PRESETS["lianzhong-simple"], seed, rounds=1)
        play_out(m, at_trick=look)
        scores = m.records[0].result.scores
        for seat, expected in samples:
            row = rows[round(expected * 2) / 2]
            row[0] += 1
            row[1] += scores[seat]
    print(f"\n造反 (lianzhong-simple, {deals} deals, nobody rebels; the bot bets above "
          f"{EMPEROR_EDGE:g})")
    print("rebel_expectation  moments  rebel's real score")
    for key in sorted(rows):
        n, total = rows[key]
        print(f"{key:>17.1f}  {n:>7}  {total / n:>18.2f}")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    solo_table(deals)
    rebel_table(deals)


if __name__ == "__main__":
    main()
