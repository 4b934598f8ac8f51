"""Why a selection cannot be played, said before anything is sent."""

from __future__ import annotations

from typing import Any

from bhtui.cards import parse_card
from bhtui.rules import beats
from bhtui.rules.sets import set_of_cards
from bhtui.tui.describe import set_words
from bhtui.tui.i18n import Translator


def selection_problem(cards: list[str], view: dict[str, Any], t: Translator) -> str | None:
    """None when ``cards`` may be played now, else the reason in the player's language."""
    if not cards:
        return t("status.nothing")
    try:
        chosen = set_of_cards(parse_card(c) for c in cards)
    except ValueError:
        return t("status.not_set")
    top = view.get("top")
    if top:
        old = set_of_cards(parse_card(c) for c in top["cards"])
        if chosen.size != old.size:
            return t("status.need_n", n=old.size)
        if not beats(chosen, old, view["preset"]):
            return t("status.must_beat", set=set_words(top["cards"]))
    return None


def callable_calls(hand: list[str]) -> list[dict[str, Any]]:
    """The call actions a hand allows (R-EMP-Q2 groups; four held also offer an open solo)."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    out: list[dict[str, Any]] = []
    for card, n in counts.items():
        if n >= 3 and card not in ("SJ", "BJ") and not card.startswith("2"):
            out.append({"type": "call", "card": card, "open": False})
            if n == 4:
                out.append({"type": "call", "card": card, "open": True})
    return out
