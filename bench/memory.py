"""A host's memory over an endless match, printed (never asserted).

    python bench/memory.py [--rounds 1000] [--at 100,500,1000] [--game baohuang]

One `Table` as `bhtui host --headless --bots 5` builds it (no end, its game log on disk, bots
at every seat, no delay), played in this process on its own loop; at each round of --at
the resident memory (VmRSS, after a garbage collection) is printed with its growth since
round --at's first. At the end the log is read back twice, as `bhtui host --resume` and
`bhtui replay` read it, and both must rebuild the live match exactly: the same totals after
the same number of actions, and the same next view.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

from bhtui.games import get_game
from bhtui.net.host import Seat, Table, bot_seat
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay


def rss_mb() -> float:
    gc.collect()
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


async def play(game_name: str, bots: str | None, marks: list[int], folder: Path) -> tuple[Table, Path]:
    game = get_game(game_name)
    rules = game.rules(game.default_preset, {})
    path = folder / "endless.bhlog"
    seats = [Seat(name=f"B{s}", bot=game.make_bot(bots, s), ready=True) if bots
             else bot_seat(game, None, s) for s in range(game.seats(rules))]
    table = Table(rules, seats, game=game, seed=2027, rounds=None, bot_delay=0.0,
                  log=GameLog(path))
    done = asyncio.get_running_loop().create_future()
    todo = list(marks)
    first: list[float] = []
    start = time.perf_counter()

    def check(t: Table) -> None:
        assert t.match is not None
        if todo and len(t.match.history) >= todo[0]:
            mark = todo.pop(0)
            rss = rss_mb()
            first[:1] = first[:1] or [rss]
            print(f"round {mark:5}: host RSS {rss:6.1f} MB ({rss - first[0]:+5.1f} MB since round "
                  f"{marks[0]}), {len(t.match.actions)} actions, "
                  f"{time.perf_counter() - start:5.1f} s", flush=True)
            if not todo:
                t.close()
                done.set_result(None)

    table.listeners.append(check)
    table.start()
    await done
    assert table.log is not None
    table.log.close()
    return table, path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", default="1,100,500,1000")
    parser.add_argument("--game", default="baohuang")
    parser.add_argument("--bots", default="random",
                        help="a bot name for every seat ('' : the table's own, 5x slower)")
    args = parser.parse_args()
    marks = sorted(int(m) for m in args.at.split(","))
    print(f"{sys.version.split()[0]}, {args.game}, an endless table of {args.bots or 'table'} "
          f"bots; rounds {marks}")
    with tempfile.TemporaryDirectory() as folder:
        table, path = asyncio.run(play(args.game, args.bots or None, marks, Path(folder)))
        live = table.match
        assert live is not None
        resumed = Table.resume(GameLog.load(path), bot_delay=0.0)
        assert resumed.log is not None
        resumed.log.close()
        replay = Replay.from_log(GameLog.load(path))
        again = replay.match_at(len(replay))
        same = [m.totals == live.totals and len(m.actions) == len(live.actions)
                and m.view("all") == live.view("all") for m in (resumed.match, again)]
        print(f"log of {path.stat().st_size / 2**20:.1f} MiB, {len(replay)} actions: "
              f"--resume exact: {same[0]}, replay exact: {same[1]} "
              f"(RSS {rss_mb():.0f} MB with both)")
        if not all(same):
            sys.exit("bhtui: the log did not rebuild the live match")


if __name__ == "__main__":
    main()
