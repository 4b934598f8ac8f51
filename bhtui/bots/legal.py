"""Legal actions computed from a seat's view alone, for bots playing over the wire."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bhtui.cards import parse_card
from bhtui.rules import Action, legal_sets
from bhtui.rules.choices import Choices
from bhtui.rules.presets import rules_of
from bhtui.rules.reading import reading_of_view
from bhtui.rules.sets import set_of_cards
from bhtui.wire import BaohuangView


def legal_from_view(view: BaohuangView) -> Choices:
    """What the viewing seat may do now, in the engine's order: the sets it may play (worked
    out from its hand and the table's rules), then the view's other decisions; with the
    seat's reading of the view."""
    if view.get("viewer") is None:
        return Choices([], [])
    read = partial(reading_of_view, view)
    others: list[Action] = list(view.get("actions", []))
    if view["phase"] != "play" or view["to_act"] != view["viewer"]:
        return Choices([], others, read)
    if view.get("again") and view["viewer"] not in view["again"]:
        return Choices([], others, read)
    top = view.get("top")
    top_set = set_of_cards((parse_card(c) for c in top["cards"]), kills=True) if top else None
    return Choices(legal_sets(view.get("hand", []), top_set, rules_of(view)), others, read)


def solo_calls(hand: Sequence[int], legal: list[Action]) -> set[str]:
    """The callable cards a hand (counts by card code) holds all four of: calling one is a
    solo (hidden unless shown). Shown calls are offered only for those (qingdao, baike, the
    emperor card counting in baike); lianzhong offers none (its open solo is declared), so
    its hand says."""
    return {a["card"] for a in legal if a["type"] == "call"
            and (a["open"] or hand[parse_card(a["card"])] >= 4)}
