"""`bhtui sim`: bots play a whole match on the real engine; a report for people or JSON."""

from __future__ import annotations

import time
from typing import Any

from bhtui.bots import Bot, make_bot
from bhtui.bots.moments import Moments
from bhtui.rules import RULES_VERSION, SEATS, Match, RuleSet


def parse_bots(spec: str) -> list[str]:
    """One bot name for every seat, or five names separated by commas."""
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        names *= SEATS
    if len(names) != SEATS:
        raise ValueError(f"--bots takes one name or {SEATS} names, got {len(names)}")
    return names


def play_match(match: Match, bots: list[Bot]) -> int:
    """Let the bots play the match to its end; returns the number of decisions taken."""
    decisions = 0
    asked = Moments()
    declarations = match.rules.declarations
    while not match.over:
        if declarations and offer_declarations(match, bots, asked):
            decisions += 1
            continue
        seat = match.to_act
        assert seat is not None
        action = bots[seat].decide(match.legal_actions(seat))
        match.apply(seat, action)
        decisions += 1
    return decisions


def offer_declarations(match: Match, bots: list[Bot], asked: Moments) -> bool:
    """Offer each bot its out-of-turn declarations once per moment; True if one was made."""
    if not match.interjecting:
        return False
    moment = match.moment
    if asked.all_asked(moment, len(bots)):
        return False
    for seat, bot in enumerate(bots):
        if not asked.due(moment, seat):
            continue
        legal = match.interjections(seat)
        if legal:
            action = bot.interject(legal)
            if action is not None:
                match.apply(seat, action)
                return True
    return False


def simulate(preset: str | RuleSet, seed: int, rounds: int, bot_names: list[str]) -> dict[str, Any]:
    """Play one match of ``rounds`` rounds; the report of the sim's --json output."""
    bots = [make_bot(name, seed * SEATS + seat) for seat, name in enumerate(bot_names)]
    match = Match(preset, seed, rounds=rounds)
    started = time.perf_counter()
    decisions = play_match(match, bots)
    elapsed = time.perf_counter() - started
    return {
        "preset": match.rules.name,
        "rules_version": RULES_VERSION,
        "options": match.rules.options(),
        "kao": match.rules.kao,
        "bie6": match.rules.bie6,
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


PLACE_EN = ("1st", "2nd", "3rd", "4th", "5th")


def summary(report: dict[str, Any]) -> str:
    """The readable report: one line per round, then totals and speed."""
    lines = [f"bhtui sim — preset {report['preset']}, seed {report['seed']}, "
             f"bots {', '.join(report['bots'])}"]
    lines.append("round  emperor guard  called  places (seat 0..4)        scores")
    for r in report["rounds"]:
        guard = "solo" if r["solo"] else str(r["guard"])
        if r["open_solo"]:
            guard = "open"
        if r["grab"]:
            guard = "grab"
        places = " ".join(PLACE_EN[p - 1] if p else "  - " for p in r["places"])
        scores = " ".join(f"{s:+3d}" for s in r["scores"])
        notes = (["open guard"] if r["open_guard"] else []) + (
            [f"rebels {','.join(map(str, r['rebels']))}"] if r["rebels"] else []) + (
            ["abdicated"] if r["abdicated"] else []) + (
            [f"kicks {r['kicks']}"] if r["kicks"] else []) + (
            [f"bombs {r['bombs']}"] if r["bombs"] else []) + (
            [f"×{r['multiplier']}"] if r["multiplier"] != 1 else []) + (
            [f"闷 {','.join(str(x['seat']) + '←' + str(x['by']) for x in r['stuck'])}"]
            if r["stuck"] else [])
        lines.append(
            f"{r['round']:>5}  {r['emperor']:>7} {guard:>5}  {r['called'] or '-':>6}  "
            f"{places:<24}  {scores}" + (f"  ({'; '.join(notes)})" if notes else "")
        )
    lines.append("totals: " + "  ".join(f"seat {i}: {t:+d}" for i, t in enumerate(report["totals"])))
    st = report["stats"]
    lines.append(f"{len(report['rounds'])} rounds, {st['decisions']} decisions, "
                 f"{st['redeals']} redeals in {st['seconds']:.2f} s "
                 f"({st['rounds_per_second']} rounds/s)")
    return "\n".join(lines)
