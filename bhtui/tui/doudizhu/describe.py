"""Dou Dizhu's events in words for the log pane: "Wang (landlord) plays straight 3 4 5 6 7"."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from bhtui.doudizhu import parse_hand
from bhtui.doudizhu.hands import carried
from bhtui.doudizhu.scoring import IF_LANDLORD_WINS
from bhtui.tui.cardstyle import JOKERS, PLUS, joker_word, rank_counts_words
from bhtui.tui.i18n import Translator
from bhtui.tui.prose import closed_up
from bhtui.wire import Event


def cards_words(cards: list[str] | str, plain: Callable[[str], str] = str,
                language: str = "en") -> str:
    """Cards of ranks (a list, or a hand's text) in one short line: ``3×3 4×1`` (in the
    symbols of the card style whose ``plain`` is given); in a Chinese sentence the jokers in
    words, ``小王×2``, as the log's plays and the card counter name them (the report said
    "报到 SJ×2 BJ×2" where the log went on "出四王炸 小王 小王 大王 大王")."""
    units = rank_counts_words(cards.split() if isinstance(cards, str) else list(cards),
                              plain).split(" ")
    return " ".join(next((joker_word(joker, language) + unit.removeprefix(joker)
                          for joker in JOKERS if unit.startswith(joker)), unit)
                    for unit in units)


def multiplier(factors: dict[str, str]) -> Fraction:
    """The product of a view's or a result's factors (texts like ``"4/3"``)."""
    out = Fraction(1)
    for value in factors.values():
        out *= Fraction(value)
    return out


def shown_cards(cards: list[str], preset: str = "classic") -> list[str]:
    """A hand's cards as the apps show them: what it carries after its trios or four and a
    plus, ``9 9 9 + 3`` for the wire's canonical ``3 9 9 9`` (C-CARD-2); any other hand, or
    cards that make none, as they came."""
    try:
        split = carried(parse_hand(" ".join(cards), preset), preset)
    except ValueError:
        return list(cards)
    if split is None:
        return list(cards)
    core, wings = split
    return [*core.split(), PLUS, *wings.split()]


def hand_words(text: str, preset: str = "classic", language: str = "en") -> str:
    """A hand's text as a sentence writes it (:func:`shown_cards`): ``9 9 9 + 3``; the jokers
    in words in Chinese (``小王 大王``), as the dialogs say them."""
    return " ".join(joker_word(card, language) for card in shown_cards(text.split(), preset))


def split_factors(view: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """A view's factors as (certain, only if the landlord wins): during the deal the view
    counts 头撂 and 报到's ×2 as if he will win; once it is scored, every factor is a fact."""
    factors: dict[str, str] = view["factors"]
    if view["phase"] in ("done", "over"):
        return dict(factors), {}
    return ({k: v for k, v in factors.items() if k not in IF_LANDLORD_WINS},
            {k: v for k, v in factors.items() if k in IF_LANDLORD_WINS})


TERM = re.compile(r" \([^()]*\)$")
"""A factor's Chinese term after its English name, "first bid (头撂)": the name alone where
a box has no room for both."""


def factor_words(factors: dict[str, str], t: Translator) -> str:
    """``bombs ×4 · 头撂 ×4/3``."""
    return t.plain(" · ").join(f"{t(f'ddz.factor.{k}')} {t.plain('×')}{v}"
                               for k, v in factors.items())


def valued(name: str, value: str, t: Translator) -> str:
    """A factor's name and value as one word, ``头撂×4/3``. Where the times sign is a letter
    (the ascii style's x), the value is bracketed: "bombsx4" and "touliaox4/3" read as one
    garbled word."""
    times = t.plain("×")
    return f"{name}({times}{value})" if times.isalnum() else f"{name}{times}{value}"


def factor_units(factors: dict[str, str], t: Translator, values: bool = True,
                 termed: bool = True) -> list[str]:
    """``["opener (头撂)×4/3", "bombs×4"]`` (without ``values``: the names; without
    ``termed``, an English name without its Chinese term, "opener×4/3", for a narrow box):
    each a word no line breaks."""
    names = {k: t(f"ddz.factor.{k}") for k in factors}
    if not termed:
        names = {k: TERM.sub("", name) for k, name in names.items()}
    return [valued(names[k], v, t) if values else names[k] for k, v in factors.items()]


def escape_words(name: str, why: str, t: Translator) -> str:
    """An escape (S-SCORE-5) and what it costs: leaving on purpose pays 1.1 times what the
    others would have won (the engine's ``escape_scores``), the other reasons once."""
    key = "ddz.log.escape.left" if why == "left" else "ddz.log.escape"
    return t(key, name=name, why=t(f"ddz.why.{why}"))


def describe(event: Event, names: list[str], t: Translator,
             view: Mapping[str, Any], label: Callable[[str], str] = str) -> str | None:
    """One log line for an event, or None for events the log does not show; ``label`` names
    a card in a sentence (the mark card, the kitty's)."""
    kind = event.get("type")

    def name(key: str = "seat") -> str:
        seat = event.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if kind == "deal":
        redeal = t("ddz.redeal", n=event["redeal"]) if event["redeal"] else ""
        extra = t("ddz.log.huangfan") if event.get("huangfan") else ""
        mark = event.get("mark")
        if mark:
            extra += t("ddz.log.mark", card=label(mark))
        return t("ddz.log.deal", round=event["round"], redeal=redeal,
                 name=name("first_bidder"), extra=extra)
    if kind == "bid":
        if event["points"]:
            return t("ddz.log.bid", name=name(), n=event["points"])
        return t("ddz.log.no_bid", name=name())
    if kind == "void":
        return t("ddz.log.void")
    if kind == "landlord":
        extra = t("ddz.log.toulia") if event.get("toulia") else ""
        extra += t("ddz.log.forced") if event.get("forced") else ""
        return t("ddz.log.landlord", name=name(), bid=event["bid"], extra=extra)
    if kind == "kitty":
        return t("ddz.log.kitty", name=name(), cards=" ".join(map(label, event["cards"])))
    if kind == "open":
        return t("ddz.log.open", name=name())
    if kind == "skip":
        return t("ddz.log.skip_open" if event.get("decision") == "open"
                 else "ddz.log.skip_report", name=name())
    if kind == "report":
        groups = ", ".join(cards_words(g, t.plain, t.language) for g in event["groups"])
        return t("ddz.log.report_fight" if event["fight"] else "ddz.log.report_stop",
                 name=name(), groups=groups)
    if kind == "play":
        role = t("ddz.log.landlord_tag", role=t("ddz.role.landlord")) \
            if event["seat"] == view.get("landlord") else ""
        return closed_up(t("ddz.log.play", name=name(), role=role,
                           kind=t(f"ddz.kind.{event['kind']}"),
                           hand=hand_words(event["hand"], view.get("preset", "classic"),
                                           t.language)))
    if kind == "pass":
        return t("ddz.log.pass", name=name())
    if kind == "trick":
        return t("ddz.log.trick", name=name())
    if kind == "escape":
        return escape_words(name(), event["why"], t)
    if kind == "result":
        return t("ddz.log.result", round=event["round"],
                 winner=t(f"ddz.winner.{event['winner']}"))
    if kind == "match_end":
        return t("log.match_end")
    return None
