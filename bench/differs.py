"""Where ``hard`` plays otherwise than ``normal`` would, by role and what is answered: printed,
never asserted (issue 25).

    python bench/differs.py [--preset qingdao] [--seeds 100:130] [--playouts 640] [--jobs 2]

Each seeded one-round match is played by ``hard`` in one seat (``seed % 5``) and ``normal``
in the others; at each of ``hard``'s plays with a choice ``normal`` is asked too. Printed: how
often each pair (``normal``'s move → ``hard``'s) falls, by the seat's role and whose set it
faces (its emperor's, as his guard; the emperor's, as a rebel; another's) — how ``hard``
plays its own seat unlike the playouts, which play it as ``normal`` does.
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bhtui.bots import make_bot
from bhtui.bots.counting import CountingBot
from bhtui.bots.search import SearchBot
from bhtui.rules import PRESETS, Action, Match
from bhtui.rules.choices import Choices
from bhtui.sim import play_match


def kind(offer: Choices, action: Action) -> str:
    """A lead by its size, an answer, or the action's type (a pass)."""
    played = offer.set_of(action)
    if played is None:
        return action["type"]
    return f"lead {played.size}" if offer.reading.top is None else "answer"


def facing(offer: Choices) -> str:
    """Whose set the seat faces, as it knows the sides."""
    r = offer.reading
    if r.top is None:
        return "a lead"
    if r.top_seat == r.emperor and r.me != r.emperor:
        return "its emperor's set" if r.role == "guard" else "the emperor's set"
    return "another's set"


class Watch:
    """``hard`` in its seat, noting ``normal``'s move beside each of its plays."""

    def __init__(self, seed: int, playouts: int) -> None:
        self.bot = SearchBot(seed, playouts=playouts)
        self.seen: Counter[tuple[str, str, str, str]] = Counter()

    def decide(self, offer: Choices) -> Action:
        chosen = self.bot.decide(offer)
        r = offer.reading
        if r.phase == "play" and len(offer.sets) + len(offer.rest) > 1:
            plain = CountingBot().decide(offer)
            was, now = kind(offer, plain), kind(offer, chosen)
            if now == was and chosen != plain:
                now = f"another {now}"
            self.seen[(r.role or "?", facing(offer), was, now)] += 1
        return chosen

    def interject(self, offer: Choices) -> Action | None:
        return self.bot.interject(offer)


def watch(job: tuple[str, int, int]) -> Counter[tuple[str, str, str, str]]:
    preset, seed, playouts = job
    match = Match(PRESETS[preset], seed, rounds=1)
    watcher = Watch(seed, playouts)
    bots: list[Any] = [make_bot("normal", seed * 5 + s) for s in range(5)]
    bots[seed % 5] = watcher
    play_match(match, bots)
    return watcher.seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="qingdao", choices=sorted(PRESETS))
    parser.add_argument("--seeds", default="100:130")
    parser.add_argument("--playouts", type=int, default=640)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    seen: Counter[tuple[str, str, str, str]] = Counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for found in pool.map(watch, [(args.preset, s, args.playouts) for s in range(first, end)]):
            seen.update(found)
    print(f"{args.preset}: seeds {args.seeds}, {args.playouts} playouts, "
          f"{sum(seen.values())} plays with a choice")
    for role in sorted({k[0] for k in seen}):
        for where in sorted({k[1] for k in seen if k[0] == role}):
            cell = {(k[2], k[3]): n for k, n in seen.items() if k[:2] == (role, where)}
            alike = sum(n for (a, b), n in cell.items() if a == b)
            unlike = ", ".join(f"{a}→{b} {n}" for (a, b), n in sorted(
                cell.items(), key=lambda kv: -kv[1]) if a != b)
            print(f"  {role:<8} facing {where:<18} {alike:>4} as normal  {unlike or '-'}")


if __name__ == "__main__":
    main()
