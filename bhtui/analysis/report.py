"""`bhtui analyse`'s output: the review of a seat (from the cache beside the log, else made and
kept there), as lines a person reads or as JSON."""

from __future__ import annotations

import json
import sys

from bhtui.analysis.cache import cached, save
from bhtui.analysis.review import CLOSE_AT, MARK_AT, Review, RoundSummary, analyse, move_text
from bhtui.store.replay import Replay

FIGURES = 2
"""Places each figure is printed to (``Decision.figures``: the cost is the rounded means')."""


def review_of(replay: Replay, seat: int, playouts: int, show_progress: bool = False) -> Review:
    """The seat's review: kept beside the log, or made now (and kept)."""
    return _kept_or_made(replay, seat, playouts, show_progress)[0]


def _kept_or_made(replay: Replay, seat: int, playouts: int,
                  show_progress: bool) -> tuple[Review, bool]:
    """The review, and whether it was kept from an earlier run (its seconds are that run's)."""
    review = cached(replay.path, replay, seat, playouts) if replay.path else None
    if review is not None:
        return review, True

    def progress(done: int, total: int) -> None:
        print(f"\ranalysing: {done}/{total} decisions", end="", file=sys.stderr, flush=True)

    review = analyse(replay, seat, playouts, progress if show_progress else None)
    if show_progress:
        print(file=sys.stderr)
    if replay.path is not None:
        save(replay.path, review)
    return review, False


def report(replay: Replay, seat: int, playouts: int, as_json: bool = False,
           show_progress: bool = False) -> str:
    """The review as lines, its plays in the CLI's card notation (``10H``, as `bhtui sim`
    writes the called card), or as JSON (ASCII: nothing from the log reaches a terminal as it
    is). 托管's decisions (the rules', or played for the person as the log says) are listed,
    said to be 托管's, and counted nowhere."""
    review, kept = _kept_or_made(replay, seat, playouts, show_progress)
    if as_json:
        return json.dumps({
            "game": replay.game, "preset": replay.preset, "seat": seat,
            "name": replay.names[seat], "mark_at": MARK_AT, **review.as_dict(),
            "marked": [d.position for d in review.marks(FIGURES)],
            "summary": [vars(r) for r in review.summary(digits=FIGURES)],
        }, indent=1)
    auto = sum(d.auto for d in review.decisions)
    lines = [f"{replay.game} {replay.preset}, seat {seat + 1} ({replay.names[seat]}): "
             f"{len(review.decisions)} decisions weighed by hard, {playouts} deals each; "
             f"marked (!) when they cost more than {MARK_AT:g} point"
             + (f"; {auto} taken by 托管 are not counted" if auto else ""),
             "each move's figure is your expected score for the round after it, in points"]
    summaries = {s.round: s for s in review.summary(digits=FIGURES)}
    played_texts = [move_text(d.played, d.played_cards) for d in review.decisions]
    best_texts = [move_text(d.best, d.best_cards) for d in review.decisions]
    wide = max(map(len, played_texts + best_texts), default=0)  # a 15-card set keeps columns
    shown = None
    for d, played_text, best_text in zip(review.decisions, played_texts, best_texts,
                                          strict=True):
        if d.round != shown:
            shown = d.round
            lines.append(f"round {d.round}")
        mean, best, cost = d.figures(FIGURES)
        played = "?" if mean is None else f"{mean:+.{FIGURES}f}"
        lines.append(f" {'!' if d.marked(FIGURES) else ' '} #{d.position + 1:<5} "
                     f"played {played_text:<{wide}} {played:>6}   "
                     f"hard {best_text:<{wide}} {best:+.{FIGURES}f}"
                     + ("" if cost is None else f"  cost {cost:.{FIGURES}f}")
                     + ("  托管, not counted" if d.auto else ""))
    lines += [_summary_line(s) for s in summaries.values()]
    per_round = review.seconds / review.rounds if review.rounds else 0.0
    lines.append(("kept beside the log from the first analysis: " if kept else "")
                 + f"analysed {review.rounds} rounds in {review.seconds:.1f} s: "
                 f"{per_round:.1f} s a round (one core)")
    return "\n".join(lines)


def _summary_line(s: RoundSummary) -> str:
    """A round's mistakes (a call costs too, so "decisions"), and apart those just under the
    mark: a round lost by many of them read as played without a fault."""
    plays = "1 decision" if s.marked == 1 else f"{s.marked} decisions"
    line = f"round {s.round}: " + (f"{plays} cost {s.cost:.1f} points" if s.marked
                                   else "nothing marked")
    if s.close:
        more, each = " more" if s.marked else "", "" if s.close == 1 else " each"
        line += (f"; {s.close}{more} cost {CLOSE_AT:g} to {MARK_AT:g} point{each} "
                 f"({s.close_cost:.1f}{'' if s.close == 1 else ' together'})")
    auto = f"; {s.auto} by 托管 not counted" if s.auto else ""
    return f"{line} (of {s.analysed} weighed{auto})"
