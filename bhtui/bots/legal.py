"""Legal actions computed from a seat's view alone, for bots playing over the wire."""

from __future__ import annotations

from typing import Any

from bhtui.cards import parse_card
from bhtui.rules import Action, format_set, legal_sets
from bhtui.rules.presets import rules_of
from bhtui.rules.sets import set_of_cards


def legal_from_view(view: dict[str, Any]) -> list[Action]:
    """What the viewing seat may do now, in the engine's order: the sets it may play (worked
    out from its hand and the table's rules), then the view's other decisions."""
    if view.get("viewer") is None:
        return []
    others: list[Action] = view.get("actions", [])
    if view["phase"] != "play" or view["to_act"] != view["viewer"]:
        return list(others)
    if view.get("again") and view["viewer"] not in view["again"]:
        return list(others)
    top = view.get("top")
    top_set = set_of_cards(parse_card(c) for c in top["cards"]) if top else None
    plays: list[Action] = [{"type": "play", "set": format_set(s)}
                           for s in legal_sets(view.get("hand", []), top_set, rules_of(view))]
    return plays + others


def solo_calls(view: dict[str, Any], legal: list[Action]) -> set[str]:
    """The callable cards the viewing seat holds all four of: calling one is a solo (hidden
    unless shown). Shown calls are offered only for those (qingdao, baike, the emperor card
    counting in baike); lianzhong offers none (its open solo is declared), so its hand says."""
    hand = view.get("hand", [])
    return {a["card"] for a in legal if a["type"] == "call"
            and (a["open"] or hand.count(a["card"]) >= 4)}
