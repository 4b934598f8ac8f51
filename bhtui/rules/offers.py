"""What a seat is asked, and in which words: the screen asks this module instead of testing
preset names.

A view carries the seat's decisions (``actions``); from them and the preset's mechanisms this
says which dialog a decision opens, the i18n key of each choice, and the notes a player should
read before choosing (where the card goes, what is forced). Keys are plain strings: the words
themselves live with the screen (``tui/baohuang/texts.py``), which never imports the other way.
"""

from __future__ import annotations

from typing import Any

from bhtui.cards import TWO, card_text, counts, parse_cards, rank_of
from bhtui.rules.mechanisms import AfterCircle, Ascent, Attach, PassTo
from bhtui.rules.presets import rules_of
from bhtui.rules.throne import attached_card
from bhtui.wire import BaohuangView

Note = tuple[str, dict[str, Any]]
"""An i18n key and its values; a ``seat`` or ``seats`` value is for the screen to name, and
so is a ``card`` (a card text)."""


def dialog_of(view: BaohuangView) -> str | None:
    """The dialog the viewer's turn opens: ``grab`` (the grab round), ``throne`` (accept or pass
    on; Weihai's keep or abdicate), ``call`` (name the guard; in baike the call takes the
    throne), ``declare`` (a step asked before play), or None (play, or not his turn)."""
    if view.get("to_act") != view.get("viewer") or view.get("viewer") is None:
        return None
    phase = view["phase"]
    if phase == "throne":
        return "call" if rules_of(view).throne.ascent is Ascent.BY_CALLING else "throne"
    return phase if phase in ("grab", "call", "declare") else None


def words(view: BaohuangView, kind: str) -> str:
    """The i18n key naming one choice of the viewer's decision."""
    rules = rules_of(view)
    phase = view["phase"]
    if phase == "grab":
        return f"grab.{kind}"
    if phase == "declare":
        return f"step.{view['step']}.{kind}"
    if kind == "decline":
        return rules.throne.decline_words
    if kind == "accept" and _keeps(view):
        return "throne.keep"
    if kind == "solo":
        return "throne.show_solo" if phase == "throne" else "call.declare_solo"
    return f"throne.{kind}"


def _keeps(view: BaohuangView) -> bool:
    """Weihai's emperor deciding whether to keep his throne (not a receiver of an abdication)."""
    return (rules_of(view).throne.ascent is Ascent.BY_HOLDING and view.get("abdicator") is None)


def title(view: BaohuangView) -> str:
    """The i18n key of the decision's title."""
    kind = dialog_of(view)
    if kind == "declare":
        return f"step.{view['step']}.title"
    if kind == "throne" and _keeps(view):
        return "throne.keep_title"
    if kind == "throne" and view.get("abdicator") is not None:
        return "throne.abdicated_title"
    return f"{kind}.title"


def card_direction(view: BaohuangView) -> str:
    """The i18n key naming where a passed emperor card goes: to 上家 (R-SEAT-1), or in Weihai
    to the seat after next (R-WH-THRONE-2) or, in the W3 ring, to 下家."""
    to = rules_of(view).throne.passes_to
    return {PassTo.PREVIOUS: "direction.throne", PassTo.NEXT: "direction.throne.next",
            PassTo.AFTER_NEXT: "direction.throne.after_next"}[to]


def grab_help(view: BaohuangView) -> str:
    """What grabbing means here: the set-aside emperor card and doubled scores (R-EMP-Q6), or
    the dealt marked cards counting for nothing (R-WH-GRAB-1, 明渡)."""
    return "grab.help_marked" if rules_of(view).deck.emperor_card_dealt else "grab.help"


def throne_notes(view: BaohuangView, choices: list[str]) -> list[Note]:
    """What a candidate should know before choosing: a 抢独 waiting (R-EMP-L5); a second
    offer or circle; a forced accept or its four-of-a-kind exception (R-EMP-Q4 逼位,
    R-EMP-L3, R-WH §1.10); where passing sends the card — his 上家 (R-SEAT-1), the seat after
    next (R-WH-THRONE-2) — or that it ends the passing (void, 逼庄, a lost abdication)."""
    if view.get("grabs"):
        return [("throne.grabs", {"seats": list(view["grabs"])})]
    rules = rules_of(view)
    after = rules.throne.after_circle
    to = view.get("passes_to")
    if _keeps(view):
        return [("throne.abdicate_to", {"seat": to})] if "abdicate" in choices else []
    if rules.throne.ascent is Ascent.BY_HOLDING:  # abdicate_chain: may refuse (R-WH-THRONE-4)
        return [("throne.passes_on", {"seat": to}) if to is not None else ("throne.chain_lost", {})]
    circles = after is AfterCircle.FORCED_UNLESS_FOUR
    back = view["second_chance"] and view["candidate"] == view["first_candidate"]
    notes: list[Note] = []
    if back and after is AfterCircle.SECOND_OFFER:
        notes.append(("throne.second", {}))
    elif back and circles and rules.throne.needs_group and "decline" in choices:
        notes.append(("throne.circle_four", {}))
    elif view["second_chance"] and circles:
        notes.append(("throne.second_circle", {}))
    if "decline" not in choices:
        if after is AfterCircle.FIRST_MUST_ASCEND and not view["second_chance"]:
            notes.append(("throne.both_marked", {}))  # 独保: a holder of both may not pass
        elif after in (AfterCircle.FORCED_UNLESS_FOUR, AfterCircle.FIRST_MUST_ASCEND):
            notes.append(("throne.circle_forced", {}))
        else:
            notes.append(("throne.forced", {}))
    elif to is not None:
        notes.append(("throne.passes_to" if rules.throne.passes_to.value < 0
                      else "throne.passes_on", {"seat": to}))
        notes += decline_cost(view)
    elif not (back and after is AfterCircle.SECOND_OFFER):  # the second offer said so already
        notes.append(("throne.ends.baike" if after is AfterCircle.FORCED_CALL else "throne.ends",
                      {}))
    return notes


def decline_cost(view: BaohuangView) -> list[Note]:
    """What passing the card on costs the viewer, as the engine will take it: a 2 goes with
    the card (R-EMP-Q3, R-WF-EMP-2), or in lianzhong-simple his highest card when he has no 2
    (R-EMP-L2); how many 2s he holds; or that he adds nothing this time."""
    rules = rules_of(view)
    if rules.throne.attach is Attach.NOTHING:
        return []
    hand = counts(parse_cards(view.get("hand", [])))
    twos = sum(hand[TWO * 4:TWO * 4 + 4])
    card = attached_card(rules, hand, view.get("viewer") == view["first_candidate"],
                         bool(view.get("in_hand")))
    if card is None:
        return [("throne.costs_nothing", {"twos": twos})]
    if rank_of(card) == TWO:
        return [("throne.costs_two", {"card": card_text(card), "twos": twos})]
    return [("throne.costs_card", {"card": card_text(card)})]
