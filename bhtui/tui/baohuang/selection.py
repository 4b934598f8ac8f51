"""Why a selection cannot be played, said before anything is sent."""

from __future__ import annotations

from bhtui.cards import parse_card
from bhtui.rules import CardSet, RuleSet, beats
from bhtui.rules.mechanisms import SIX
from bhtui.rules.presets import rules_of
from bhtui.rules.sets import held_back_allows, is_bomb, jokers_attached, rank_counts, set_of_cards
from bhtui.tui.baohuang.describe import set_words
from bhtui.tui.i18n import Translator
from bhtui.wire import BaohuangView


def beat_problem(new: CardSet, old: CardSet, rules: RuleSet) -> str | None:
    """Why ``new`` does not beat ``old`` (None when it does), for the status line and the
    demo alike: ``roast`` (jokers on top are answered by a roast, R-PLAY-5), ``size`` (same
    number of cards, R-PLAY-3), ``big`` (a big joker on top), ``jokers`` (a big joker for each
    small one), ``rank``."""
    if beats(new, old, rules):
        return None
    if rules.kao and (old.sj or old.bj):
        return "roast"
    if new.size != old.size:
        return "size"
    if old.bj:
        return "big"
    if new.bj < old.sj:
        return "jokers"
    return "rank"


def selection_problem(cards: list[str], view: BaohuangView, t: Translator) -> str | None:
    """None when ``cards`` may be played now, else the reason in the player's language."""
    if not cards:
        return t("status.nothing")
    rules = rules_of(view)
    top = view.get("top")
    try:
        chosen = set_of_cards((parse_card(c) for c in cards),
                              kills=bool(top) and rules.two_kill != "off")
    except ValueError:
        return t("status.not_set")
    if top:
        old = set_of_cards((parse_card(c) for c in top["cards"]), kills=True)
        problem = beat_problem(chosen, old, rules)
        if problem == "roast":
            return t("status.no_roast", set=set_words(top["cards"], t.language))
        if problem == "size":
            return t("status.need_one" if old.size == 1 else "status.need_n", n=old.size)
        if problem:
            return t("status.must_beat", set=set_words(top["cards"], t.language))
    held = rules.holds_back
    hand = rank_counts(parse_card(c) for c in view.get("hand", []))
    if held and not held_back_allows(chosen, hand, held):
        return t("status.bie6" if held.rank == SIX else "status.bie3")
    if not rules.joker_sets and not jokers_attached(chosen, hand):  # R-PLAY-1
        return t("status.jokers_attached")
    return None


def selection_note(cards: list[str], view: BaohuangView, t: Translator) -> str | None:
    """Why a playable selection of another size is fine: it roasts the top set (R-PLAY-5),
    kills its jokers with 2s (R-WF-PLAY-2) or is a bomb (R-WF-BOMB-1)."""
    top = view.get("top")
    if not top or len(cards) == len(top["cards"]):
        return None
    rules = rules_of(view)
    chosen = set_of_cards((parse_card(c) for c in cards), kills=rules.two_kill != "off")
    if rules.bombs != "off" and is_bomb(chosen):
        return t("status.bomb", set=set_words(top["cards"], t.language))
    if rules.kao:
        return t("status.roasts", set=set_words(top["cards"], t.language))
    return t("status.kills", set=set_words(top["cards"], t.language))
