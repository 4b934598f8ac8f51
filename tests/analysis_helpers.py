"""Saved games for the analysis tests: bots play a match (seat 0 as if a person sat there)
and the log is written as a table writes it."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bhtui.games import Action, rules_named
from bhtui.store.gamelog import GameLog, rules_header


def played_log(folder: Path, preset: str, game: str, seed: int, rounds: int = 1,
               level: str = "normal", mine: Callable[[Any, int], Action | None] | None = None,
               people: tuple[int, ...] = (0,), limit: int | None = None,
               names: dict[int, str] | None = None,
               options: dict[str, Any] | None = None, tuoguan: bool = False,
               keeper: int | None = None) -> Path:
    """A finished match of ``level`` bots saved as ``folder/NAME.bhlog``; ``mine(match,
    seat)`` may choose seat 0's action instead (None: the bot's); ``names``: seats' names
    other than P0, P1 …; ``options``: the preset's rule options; ``tuoguan``: seat 0 on
    托管 throughout (R-AUTO-1), each of its actions logged as played for the person;
    ``keeper``: the seat the header names the host's (none: as logs before it was kept)."""
    played, rules = rules_named(preset, game, options)
    size = played.seats(rules)
    log = GameLog(folder / f"{game}-{preset}-{seed}.bhlog")
    log.start({**rules_header(rules), "seed": seed, "rounds": rounds, "name": "local",
               "id": secrets.token_hex(8),
               "seats": [{"name": (names or {}).get(s, f"P{s}"),
                          "bot": None if s in people else level,
                          "token": secrets.token_hex(8)} for s in range(size)],
               **({} if keeper is None else {"keeper": keeper})})
    match = played.new_match(rules, seed, rounds)
    bots = [played.make_bot(level, s) for s in range(size)]
    while not match.over and match.to_act is not None and len(match.actions) != limit:
        seat = match.to_act
        action = (mine(match, seat) if mine is not None and seat == 0 else None) \
            or played.decide(bots[seat], match, seat)
        match.apply(seat, action)
        log.append(seat, action, played_for=tuoguan and seat == 0)
    log.close()
    return log.path


def strict_log(folder: Path, limit: int = 70, at: int = 20) -> Path:
    """Lianzhong's rules with ``strict_auto`` (R-AUTO-2): seat 0 takes its first decisions
    itself, then the table puts it on 托管 (logged as the table's ``auto`` action) and the
    rule's auto-player plays it."""
    def tuoguan(match: Any, seat: int) -> Action | None:
        if len(match.actions) >= at and not match.view(0)["strict_auto"]["on"][0]:
            return {"type": "auto", "on": True}
        return None

    return played_log(folder, "lianzhong-classic", "baohuang", 1, mine=tuoguan, limit=limit,
                      options={"strict_auto": True})
