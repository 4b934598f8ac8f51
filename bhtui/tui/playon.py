"""Playing on from a replay (issue 31): a local game that starts exactly where the replay
stands — the same rules, seed and actions so far, so the same hands and history — with the
person in the replayed seat and bots in the others. It is a game of its own: a new log,
written before the table opens (the header, then the actions so far), and resumed like any
log; the log replayed is only read. "Same deal again" is playing on from a deal's start.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bhtui.net.host import Table
from bhtui.net.seats import Seat, bot_seat
from bhtui.store.gamelog import GameLog, new_log_path
from bhtui.store.replay import Replay

TABLE_NAME = "local"


KINDS = ("on", "again")
"""How a game left a replay, in its log's name: played on from a moment (``p``) or its deal
dealt again from the start (``d``), so the games list tells the two apart."""


def branch_path(kind: str = "on") -> Path:
    """A new log's name that says how the game left its replay (two played on within a
    second get two files: ``GameLog.start``)."""
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not one of {KINDS}")
    return new_log_path(f"{TABLE_NAME}-{kind}")


def play_on(replay: Replay, position: int, seat: int, name: str, levels: Sequence[str],
            bot_delay: float, timer: float | None = None, kind: str = "on") -> Table:
    """The local table of ``replay`` as it stood after ``position`` actions, ``name`` at
    ``seat`` and bots of ``levels`` (one for all, or one per bot seat in order) at the
    others; its log is new (``branch_path(kind)``). The OSError of a log that could not be
    written whole (a full disk): resumed from what was, the game began at another moment."""
    game, size = replay.played, replay.seats
    if not 0 <= seat < size:
        raise ValueError(f"seat {seat} is not at this table (seats 0 to {size - 1})")
    position = max(0, min(position, len(replay)))
    wanted = list(levels) * (size - 1) if len(levels) <= 1 else list(levels)
    bots = iter(wanted)
    seats = [Seat(name=name, taken=True) if s == seat else bot_seat(game, next(bots, None), s)
             for s in range(size)]
    draft = Table(replay.rules, seats, game=game, name=TABLE_NAME, seed=replay.seed,
                  rounds=replay.rounds)
    log = GameLog(branch_path(kind))
    log.start(draft.header())
    for k, (acted, action) in enumerate(replay.actions[:position]):
        log.append(acted, action, played_for=k in replay.played_for)
    log.close()
    if log.lost is not None:
        log.path.unlink(missing_ok=True)  # (no game was played from it)
        raise log.lost
    return Table.resume(GameLog.load(log.path), bot_delay=bot_delay, timer=timer, counter=True)
