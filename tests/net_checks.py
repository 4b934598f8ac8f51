"""Checking what a connection received against the game itself: every event and view in its
bytes must be exactly the per-viewer projection (``event_for``, ``view``) of the game the log
records, at the moment (sequence number) it was sent. Together with the properties that a view
does not change when hidden cards are reshuffled, this says the bytes carry no hidden card."""

from __future__ import annotations

from typing import Any

from bhtui.games import Game
from bhtui.net.protocol import FrameDecoder


def decoded(chunks: list[bytes]) -> list[dict[str, Any]]:
    decoder = FrameDecoder()
    return [m for chunk in chunks for m in decoder.feed(chunk)]


def projection_problems(messages: list[dict[str, Any]], viewer: int | str | None, game: Game,
                        rules: Any, seed: int | str, actions: list, rounds: int | None) -> list[str]:
    """What in ``messages`` (all a connection received) is not the viewer's projection of the
    game replayed from ``seed`` and ``actions``; empty when everything is."""
    match = game.new_match(rules, seed, rounds)
    events = list(match.initial_events())
    views = {len(events): match.view(viewer)}  # the state at each sequence number reached
    for seat, action in actions:
        events += match.apply(seat, action)
        views[len(events)] = match.view(viewer)
    problems = []
    for m in messages:
        pairs = []
        if m["type"] == "event":
            pairs = [(m["seq"], m["event"])]
        elif m["type"] == "catchup":
            pairs = [(seq, event) for seq, event in m["events"]]
        for seq, event in pairs:
            if event != game.event_for(events[seq - 1], viewer):
                problems.append(f"event {seq}: {event!r:.80}")
        if m["type"] == "view" and m["view"] not in _sendable(views.get(m["seq"])):
            problems.append(f"view at {m['seq']} is not the viewer's view")
    return problems


def _sendable(view: dict[str, Any] | None) -> list[dict[str, Any] | None]:
    """The viewer's view as the host may send it: as it is, or held while a round's result
    is read (nobody named to act, no actions: docs/protocol.md), which hides nothing more."""
    if view is None or view.get("to_act") is None:
        return [view]
    return [view, {**view, "to_act": None, **({"actions": []} if "actions" in view else {})}]
