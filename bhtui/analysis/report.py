"""`bhtui analyse`'s output: the review of a seat (from the cache beside the log, else made and
kept there), as lines a person reads or as JSON."""

from __future__ import annotations

import json
import sys

from bhtui.analysis.cache import cached, save
from bhtui.analysis.review import MARK_AT, Review, action_text, analyse
from bhtui.store.replay import Replay


def review_of(replay: Replay, seat: int, playouts: int, show_progress: bool = False) -> Review:
    """The seat's review: kept beside the log, or made now (and kept)."""
    review = cached(replay.path, replay, seat, playouts) if replay.path else None
    if review is not None:
        return review

    def progress(done: int, total: int) -> None:
        print(f"\ranalysing: {done}/{total} decisions", end="", file=sys.stderr, flush=True)

    review = analyse(replay, seat, playouts, progress if show_progress else None)
    if show_progress:
        print(file=sys.stderr)
    if replay.path is not None:
        save(replay.path, review)
    return review


def report(replay: Replay, seat: int, playouts: int, as_json: bool = False,
           show_progress: bool = False) -> str:
    """The review as lines, or as JSON (ASCII: nothing from the log reaches a terminal as it
    is)."""
    review = review_of(replay, seat, playouts, show_progress)
    if as_json:
        return json.dumps({
            "game": replay.game, "preset": replay.preset, "seat": seat,
            "name": replay.names[seat], "mark_at": MARK_AT, **review.as_dict(),
            "marked": [d.position for d in review.marks()],
            "summary": [vars(r) for r in review.summary()],
        }, indent=1)
    lines = [f"{replay.game} {replay.preset}, seat {seat} ({replay.names[seat]}): "
             f"{len(review.decisions)} decisions weighed by hard, {playouts} deals each; "
             f"marked (!) when they cost more than {MARK_AT:g} point"]
    summaries = {s.round: s for s in review.summary()}
    shown = None
    for d in review.decisions:
        if d.round != shown:
            shown = d.round
            lines.append(f"round {d.round}")
        played = "?" if d.played_mean is None else f"{d.played_mean:+.2f}"
        cost = "" if d.cost is None else f"  cost {d.cost:.2f}"
        lines.append(f" {'!' if d.marked() else ' '} #{d.position + 1:<5} "
                     f"played {action_text(d.played):<14} {played:>6}   "
                     f"hard {action_text(d.best):<14} {d.best_mean:+.2f}{cost}")
    lines += [_summary_line(s.round, s.marked, s.cost, s.analysed)
              for s in summaries.values()]
    per_round = review.seconds / review.rounds if review.rounds else 0.0
    lines.append(f"analysed {review.rounds} rounds in {review.seconds:.1f} s: "
                 f"{per_round:.1f} s a round (one core)")
    return "\n".join(lines)


def _summary_line(number: int, marked: int, cost: float, analysed: int) -> str:
    plays = "1 play" if marked == 1 else f"{marked} plays"
    return f"round {number}: {plays} cost {cost:.1f} points (of {analysed} weighed)"
