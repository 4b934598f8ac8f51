"""An analysis in the player's words, for the replay screen and `bhtui analyse` alike: each
move as the game's log says it (不摊打, 报到 … 打, 叫3分（头撂）, 不要), never the engine's
names, and the console's report line by line (issue 31).

No screen library: the console imports it (lazily, as it imports the console's Chinese) and
must not start Textual to print a report. Knows no game either: a move's words come from its
type and the events it caused (``bhtui.analysis.moves_said``), the words from the catalogue,
and the order a game lays a play's cards in from the game's words, found by its name
(``ORDERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module

from rich.cells import cell_len

from bhtui.analysis import (
    CLOSE_AT,
    MARK_AT,
    Decision,
    RoundSummary,
    card_of,
    kept_or_made,
    move_text,
    moves_said,
)
from bhtui.games import Action, Event
from bhtui.store.replay import Replay
from bhtui.text import clean_text
from bhtui.tui.cardstyle import PLUS, rank_counts_words
from bhtui.tui.i18n import STRINGS, Translator

FIGURES = 2
"""Places the console prints each figure to (``Decision.figures``: the cost is the rounded
means'); the screen, narrower, shows one (``tui/replay.py``)."""


Order = Callable[[list[str]], list[str]]
"""A play's cards in the order the table lays them."""


ORDERS: dict[str, tuple[str, str]] = {"doudizhu": ("bhtui.tui.doudizhu.describe", "shown_cards")}
"""Where a game lays a play's cards otherwise than as played (module, name): found by the
game's name, as its screens are (``tui/games.py``), and imported only for that game."""


def laid_order(game: str, preset: str) -> Order:
    """How the table and the log lay a play's cards: in Dou Dizhu a trio or four first and
    what it carries after a plus (``Q Q Q + 3``, the wire's canonical ``3 Q Q Q``, C-HAND-7),
    which the analysis wrote as the wire does; any other game's as they were played."""
    if game not in ORDERS:
        return list
    module, name = ORDERS[game]
    shown: Callable[[list[str], str], list[str]] = getattr(import_module(module), name)
    return lambda cards: shown(cards, preset)


def move_words(action: Action, cards: Sequence[str] | None, t: Translator,
               label: Callable[[str], str] = str, events: Sequence[Event] = (),
               order: Order = list) -> str:
    """A move in the player's language: one that lays cards as those cards (``label``: the
    card style's, or the CLI's ``10H``; ``order``: as the table lays them), a known
    decision as the log says it, worded by what it did (``events``: a skip of 摊打 is
    不摊打, a pass in the bidding 不叫), anything else as the log has it (cleaned)."""
    kind = action.get("type")
    if cards is not None:  # (the plus before what a trio carries is no card to label)
        return move_text(action, order(list(cards)),
                         lambda card: card if card == PLUS else label(card))
    said = next((e for e in events if e.get("type") == kind or (
        kind == "pass" and e.get("type") == "bid")), None)
    if said is not None:
        words = _said_words(said, events, t)
        if words is not None:
            return words
    key = f"analysis.move.{kind}_open" if kind == "call" and action.get("open") is True \
        else f"analysis.move.{kind}"
    card, points = card_of(action.get("card")), action.get("points")
    if key not in STRINGS or (kind == "call" and card is None) or (
            kind == "bid" and type(points) is not int):
        return move_text(action, cards, label)
    return t(key, card=label(card) if card else "", points=points)


def _said_words(said: Event, events: Sequence[Event], t: Translator) -> str | None:
    """The words of a move whose event tells more than its action: a bid (none, or 头撂
    where the landlord's event says so), a skip by the step it passed, a 报到 with its
    groups and whether it plays on; None for any other."""
    kind = said.get("type")
    if kind == "bid" and type(said.get("points")) is int:
        if not said["points"]:
            return t("analysis.move.no_bid")
        toulia = any(e.get("type") == "landlord" and e.get("toulia") is True for e in events)
        return t("analysis.move.bid_toulia" if toulia else "analysis.move.bid",
                 points=said["points"])
    if kind == "skip":
        # (what it passed over: Baohuang's declaring step, Dou Dizhu's 摊打 or 报到)
        key = f"analysis.move.skip.{said.get('step') or said.get('decision')}"
        return t(key) if key in STRINGS else None
    groups, fight = said.get("groups"), said.get("fight")
    if kind == "report" and isinstance(groups, list) and type(fight) is bool and all(
            isinstance(g, str) for g in groups):
        words = clean_text(", ".join(rank_counts_words(g.split(), t.plain) for g in groups))
        return t("analysis.move.report_fight" if fight else "analysis.move.report_stop",
                 groups=words)
    return None


def report(replay: Replay, seat: int, playouts: int, t: Translator,
           progress: Callable[[int, int], None] | None = None) -> str:
    """`bhtui analyse`'s lines in ``t``'s language: the seat's decisions, each with hard's
    choice, in the words of the log (the cards in the CLI's notation, ``10H``, as `bhtui
    sim` writes the called card); 托管's decisions (the rules', or played for the person as
    the log says) listed, said to be 托管's, and counted nowhere."""
    review, kept = kept_or_made(replay, seat, playouts, progress)
    auto = sum(d.auto for d in review.decisions)
    weighed = len(review.decisions)
    decisions = t("analysis.report.decisions_one" if weighed == 1
                  else "analysis.report.decisions", n=weighed)
    deals = t("analysis.report.deals_one" if playouts == 1 else "analysis.report.deals",
              n=playouts)
    lines = [t("analysis.report.head", game=_named(f"game.{replay.game}", replay.game, t),
               preset=_named(f"preset_name.{replay.preset}", replay.preset, t), seat=seat + 1,
               name=replay.names[seat], decisions=decisions, deals=deals,
               mark=f"{MARK_AT:g}")
             + (t("analysis.report.head_auto_one" if auto == 1 else "analysis.report.head_auto",
                  n=auto) if auto else ""),
             t("analysis.report.figures")]
    said = [moves_said(replay, d) for d in review.decisions]  # (each replays the game)
    order = laid_order(replay.game, replay.preset)
    played = [move_words(d.played, d.played_cards, t, events=events[0], order=order)
              for d, events in zip(review.decisions, said, strict=True)]
    best = [move_words(d.best, d.best_cards, t, events=events[1], order=order)
            for d, events in zip(review.decisions, said, strict=True)]
    wide = max(map(cell_len, played + best), default=0)  # a 15-card set keeps columns
    shown = None
    for d, played_text, best_text in zip(review.decisions, played, best, strict=True):
        if d.round != shown:
            shown = d.round
            lines.append(t("analysis.report.round", round=d.round))
        lines.append(_decision_line(d, _pad(played_text, wide), _pad(best_text, wide), t))
    lines += [_summary_line(s, t) for s in review.summary(digits=FIGURES)]
    per_round = review.seconds / review.rounds if review.rounds else 0.0
    lines.append((t("analysis.report.kept") if kept else "")
                 + t("analysis.report.seconds_one" if review.rounds == 1
                     else "analysis.report.seconds", rounds=review.rounds,
                     seconds=f"{review.seconds:.1f}", per_round=f"{per_round:.1f}"))
    return "\n".join(lines)


def _named(key: str, name: str, t: Translator) -> str:
    """A game's or a preset's name as the lobby says it (斗地主 上海: "doudizhu shanghai" in
    a Chinese report); a name this bhtui has no words for, as the log has it (cleaned)."""
    return t(key) if key in STRINGS else clean_text(name)


def _pad(text: str, width: int) -> str:
    """``text`` filled to ``width`` cells (a Chinese character takes two)."""
    return text + " " * (width - cell_len(text))


def _decision_line(d: Decision, played: str, best: str, t: Translator) -> str:
    mean, best_mean, cost = d.figures(FIGURES)
    mean_text = "?" if mean is None else f"{mean:+.{FIGURES}f}"
    return (f" {'!' if d.marked(FIGURES) else ' '} #{d.position + 1:<5} "
            + t("analysis.report.move", played=played, played_mean=f"{mean_text:>6}",
                best=best, best_mean=f"{best_mean:+.{FIGURES}f}")
            + ("" if cost is None else t("analysis.report.cost", cost=f"{cost:.{FIGURES}f}"))
            + (t("analysis.report.auto") if d.auto else ""))


def _summary_line(s: RoundSummary, t: Translator) -> str:
    """A round's mistakes (a call costs too, so "decisions"), and apart those just under the
    mark: a round lost by many of them read as played without a fault."""
    if s.marked:
        line = t("analysis.round_one" if s.marked == 1 else "analysis.round", round=s.round,
                 marked=s.marked, cost=f"{s.cost:.1f}")
    else:
        line = t("analysis.report.nothing", round=s.round)
    if s.close:
        one, more = s.close == 1, s.marked > 0
        key = ("analysis.report.close_one_more" if more else "analysis.report.close_one") \
            if one else ("analysis.report.close_more" if more else "analysis.report.close")
        line += t(key, n=s.close, low=f"{CLOSE_AT:g}", high=f"{MARK_AT:g}",
                  cost=f"{s.close_cost:.1f}")
    if s.auto:
        return line + t("analysis.report.of_auto", n=s.analysed, auto=s.auto)
    return line + t("analysis.report.of", n=s.analysed)
