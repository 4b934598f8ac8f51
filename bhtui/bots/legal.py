"""Legal actions computed from a seat's view alone, for bots playing over the wire."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bhtui.cards import parse_card
from bhtui.rules import Action, format_set, legal_sets
from bhtui.rules.sets import set_of_cards


def legal_from_view(view: dict[str, Any]) -> list[Action]:
    """What the viewing seat may do now (empty when it is not its turn)."""
    if view.get("viewer") is None or view["to_act"] != view["viewer"]:
        return []
    phase, hand = view["phase"], view.get("hand", [])
    if phase == "grab":
        return [{"type": "grab"}, {"type": "skip"}]
    if phase == "throne":
        forced = view["second_chance"] and view["options"].get("force_first")
        return [{"type": "accept"}] if forced else [{"type": "accept"}, {"type": "decline"}]
    if phase == "call":
        out: list[Action] = []
        for card, n in sorted(Counter(hand).items()):
            if n >= 3 and card not in ("SJ", "BJ") and not card.startswith("2"):
                out.append({"type": "call", "card": card, "open": False})
                if n == 4:
                    out.append({"type": "call", "card": card, "open": True})
        return out
    if phase != "play":
        return []
    top = view.get("top")
    top_set = set_of_cards(parse_card(c) for c in top["cards"]) if top else None
    actions: list[Action] = [{"type": "play", "set": format_set(s)}
                             for s in legal_sets(hand, top_set, view["preset"])]
    if top_set is not None:
        actions.append({"type": "pass"})
    return actions
