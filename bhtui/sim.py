"""`bhtui sim`: bots play a whole match on the real engine; a report for people or JSON.

It knows the game only through the contract: the game's bots decide, its declarations out of
turn are offered once per moment, and its finished rounds are the report's rounds.
"""

from __future__ import annotations

import time
from typing import Any

from bhtui.games import Game, GameMatch, Rules, game_for, get_game
from bhtui.games.moments import Moments


def parse_bots(spec: str, seats: int = 5, game: Game | str | None = None) -> list[str]:
    """One bot name for every seat, or one per seat separated by commas; ValueError names a
    bot the game does not have."""
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(f"--bots takes one name or {seats} names, got {len(names)}")
    played = get_game(game)
    for name in names:
        if name not in played.bot_names:
            raise ValueError(f"unknown bot {name!r}; known: {', '.join(played.bot_names)}")
    return names


def play_match(match: GameMatch, bots: list[Any], game: Game | str | None = None) -> int:
    """Let the bots play the match to its end; returns the number of decisions taken. The
    game is found from the match's rules when left out."""
    played = get_game(game) if game is not None else game_for(match.rules)
    decisions = 0
    asked = Moments()
    declarations = played.declares(match.rules)
    interjecting, decide, apply = played.interjecting, played.decide, match.apply
    while not match.over:
        decisions += 1
        if declarations and interjecting(match) and offer_declarations(  # (cheap test first)
                played, match, bots, asked):
            continue
        seat = match.to_act
        assert seat is not None
        apply(seat, decide(bots[seat], match, seat))
    return decisions


def offer_declarations(game: Game, match: GameMatch, bots: list[Any], asked: Moments) -> bool:
    """Offer each bot its out-of-turn declarations once per moment; True if one was made."""
    if not game.interjecting(match):
        return False
    moment = game.moment(match)
    if asked.all_asked(moment, len(bots)):
        return False
    for seat, bot in enumerate(bots):
        if not asked.due(moment, seat):
            continue
        action = game.interject(bot, match, seat)
        if action is not None:
            match.apply(seat, action)
            return True
    return False


def simulate(rules: Rules, seed: int, rounds: int, bot_names: list[str]) -> dict[str, Any]:
    """Play one match of ``rounds`` rounds under ``rules`` (resolved: the rules say the
    game); the report of the sim's --json output."""
    played = game_for(rules)
    seats = played.seats(rules)
    bots = [played.make_bot(name, seed * seats + seat) for seat, name in enumerate(bot_names)]
    match = played.new_match(rules, seed, rounds)
    started = time.perf_counter()
    decisions = play_match(match, bots, played)
    elapsed = time.perf_counter() - started
    return {
        "game": played.name,
        "preset": rules.name,
        **played.sim_facts(rules),
        "options": rules.options(),
        "seed": seed,
        "bots": bot_names,
        "rounds": [rec.as_dict() for rec in match.records],
        "totals": list(match.totals),
        "stats": {
            "seconds": round(elapsed, 4),
            "rounds_per_second": round(rounds / elapsed, 1) if elapsed else None,
            "decisions": decisions,
            "redeals": sum(rec.redeals for rec in match.records),
        },
    }


def summary(report: dict[str, Any]) -> str:
    """The readable report: one line per round, then totals and speed."""
    game = get_game(report.get("game"))
    lines = [f"bhtui sim — {game.name} preset {report['preset']}, seed {report['seed']}, "
             f"bots {', '.join(report['bots'])}", game.record_columns]
    lines += [game.record_line(r) for r in report["rounds"]]
    lines.append("totals: " + "  ".join(f"seat {i}: {t:+d}" for i, t in enumerate(report["totals"])))
    st = report["stats"]
    lines.append(f"{len(report['rounds'])} rounds, {st['decisions']} decisions, "
                 f"{st['redeals']} redeals in {st['seconds']:.2f} s "
                 f"({st['rounds_per_second']} rounds/s)")
    return "\n".join(lines)
