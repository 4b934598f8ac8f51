"""Per-viewer views (R-HIDE-1..3): the only engine output that may leave the host.

A view holds the viewer's own hand and role, and public facts only. Who the guard is stays
out of every view until a rule reveals it (R-GUARD-6; open solo), and a hidden solo looks
exactly like an ordinary round to everyone but the emperor.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from bhtui.cards import CARD_TEXT, card_text, cards_from_counts
from bhtui.rules.reading import Move
from bhtui.rules.round import Event, Round
from bhtui.rules.scoring import SEATS
from bhtui.rules.state import purchases_record, transfers_record
from bhtui.rules.throne import bundle_cards, passes_to
from bhtui.wire import BaohuangSeat, BaohuangView, StrictAuto, Top, Viewer, view_head

PLACEHOLDER: Event = {"type": "hidden"}


def match_view(r: Round, viewer: Viewer, *, rounds: int | None, over: bool,
               totals: list[int], auto: StrictAuto | None = None) -> BaohuangView:
    """Round ``r`` as ``viewer`` may see it, in a match of ``rounds`` (over or not) whose
    totals after the finished rounds are ``totals`` (and, under ``strict_auto``, whose seats
    are on 托管 and how often they were put on it: ``auto``): what the match knows, given,
    so this module needs nothing of ``match.py`` (which builds on it)."""
    seat = viewer if isinstance(viewer, int) else None
    sees_all = viewer == "all"
    public_guard = r.guard if r.guard_revealed else None
    public_solo = r.solo and r.guard_revealed
    seats: list[BaohuangSeat] = []
    for s in range(SEATS):
        move = r.trick_moves[s]
        if sees_all or s in (public_guard, r.emperor) or (s == seat and r.guard is not None):
            role = r.role_of(s)  # public, or the viewer's own
        else:
            role = None
        seats.append({
            "seat": s,
            "count": r.count(s),
            "place": r.places[s],
            "role": role,
            "move": move if isinstance(move, str) or move is None else [card_text(c) for c in move],
        })
    view: BaohuangView = {
        **view_head(r.rules.name, r.rules.options(), viewer, r.number, r.redeal, rounds, over,
                    r.phase, r.to_act, totals),
        "seats": seats,
        "emperor": r.emperor,
        "guard": r.guard if sees_all else public_guard,
        "solo": r.solo if sees_all or seat == r.emperor else public_solo,
        "open_solo": r.open_solo,
        "grabbed": r.grabbed,
        "called": card_text(r.called) if r.called is not None else None,
        "first_candidate": r.first_candidate,
        "candidate": r.candidate if r.phase == "throne" else None,
        "second_chance": r.second_chance,
        "forced": r.forced,
        "bundle": bundle_cards(r) if r.phase == "throne" else [],
        "passes_to": passes_to(r),
        "in_hand": r.card_in_hand,
        "grabs": list(r.grabs),
        "open_guard": r.open_guard,
        "rebels": list(r.rebels),
        "again": list(r.again),
        "moment": r.moment,
        "leader": r.leader,
        "top": _top(r),
        "tribute": transfers_record(r.tribute),
        "bought": purchases_record(r.bought),
        "dealer": r.dealer,
        "step": r.step,
        "asking": list(r.asking),
        "kickers": list(r.kickers),
        "kicks": len(r.kicks),
        "abdicator": r.abdicator,
        "bombs": r.bombs,
        "stuck": [list(pair) for pair in r.stuck],
        "taken": [CARD_TEXT[c] for c in r.taken],
        "tricks": _tricks(r),
    }  # the per-round table travels apart, once per round: the head holds only the totals
    if seat is not None:
        view["hand"] = list(_hand_text(tuple(r.hands[seat])))
        # Every decision but the sets to play (the client computes those from the hand and
        # the rules): private, since a guard's 明保 would tell who he is.
        view["actions"] = [] if over else r.decisions(seat)
        if r.rules.deck.marked_guard_card:  # the holder sees the sword (R-GUARD-4, R-WH-DECK-2)
            view["guard_card"] = r.guard_card == seat
    if auto is not None:  # R-AUTO-2: public, as who is on 托管 always is
        view["strict_auto"] = {"on": list(auto["on"]), "times": list(auto["times"])}
    if sees_all:
        view["hands"] = [list(_hand_text(tuple(counts))) for counts in r.hands]
    return view


def _tricks(r: Round) -> list[list[list[Any]]]:
    """This round's tricks as ``[seat, "9S 9H SJ"]``, ``[seat, "pass"]`` or ``[seat, "yield"]``
    moves: public, and all a bot needs to count cards and read passes. A move never changes
    once made, so each is rendered once, for every later view: the round keeps the finished
    tricks' texts and, last, the open trick's moves so far (views share the moves: nobody
    changes a view; each gets its own list of the open trick, which goes on growing)."""
    if r.leader is None:  # (none before play)
        return []
    texts, past = r.trick_texts, r.past_tricks
    if len(texts) != len(past) + 1:  # tricks closed since the last view (or none was built)
        del texts[len(texts) - 1:]  # the open trick's moves, from before it closed
        texts.extend(_trick_text(trick) for trick in past[len(texts):])
        texts.append([])
    moves, trick = texts[-1], r.trick
    if len(moves) < len(trick):
        moves.extend(_trick_text(trick[len(moves):]))
    return [*texts[:-1], moves[:]]


def _trick_text(trick: Iterable[Move]) -> list[list[Any]]:
    return [[seat, move if isinstance(move, str) else " ".join(CARD_TEXT[c] for c in move)]
            for seat, move in trick]


@lru_cache(maxsize=256)
def _hand_text(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The hand of these card counts, as views show it: a hand changes only when its seat
    plays or cards change hands, so every view of a moment and most views after it ask for
    hands already rendered (a few tables' live hands fill the cache)."""
    return tuple(CARD_TEXT[c] for c in cards_from_counts(list(counts)))


def _top(r: Round) -> Top | None:
    """The set to beat and who played it."""
    if r.top is None or r.top_seat is None:
        return None
    cards = r.trick_moves[r.top_seat]
    assert isinstance(cards, tuple)
    return {"seat": r.top_seat, "cards": [card_text(c) for c in cards]}


def event_for(event: Event, viewer: Viewer) -> Event:
    """The event as ``viewer`` may see it: a private one for someone else is a placeholder."""
    owner = event.get("private")
    if owner is None or viewer == owner or viewer == "all":
        return event
    return PLACEHOLDER
