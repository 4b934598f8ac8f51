"""Events in words for the log pane: "Li (emperor) plays 9 9 9 + SJ"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

from bhtui.cards import RANK_NAMES, parse_card
from bhtui.rules import CardSet
from bhtui.rules.sets import set_of_cards
from bhtui.tui.cardstyle import joker_word
from bhtui.tui.i18n import Translator
from bhtui.tui.prose import closed_up
from bhtui.wire import Event, Purchase, Transfer


def set_words(cards: list[str], language: str = "en") -> str:
    """A played set's cards in words, as :func:`composition_words` says its set (cards that
    make no set, which only a broken frame could carry, are shown as they came)."""
    try:
        return composition_words(set_of_cards((parse_card(c) for c in cards), kills=True),
                                 language)
    except ValueError:
        return " ".join(cards)


def composition_words(s: CardSet, language: str = "en") -> str:
    """A set by ranks, jokers after a plus: ``9 9 9 + SJ``, in Chinese ``9 9 9 + 小王`` (the
    dialogs' word: a set in a sentence is words, not the letters of a card drawn)."""
    natural = " ".join([RANK_NAMES[s.rank]] * s.n + ["2"] * s.twos)
    jokers = " ".join(joker_word(j, language) for j in ["SJ"] * s.sj + ["BJ"] * s.bj + ["GC"] * s.gc)
    return " + ".join(part for part in (natural, jokers) if part)


def describe(event: Event, names: list[str], t: Translator,
             emperor: int | None = None, label: Callable[[str], str] = str,
             declines: str = "log.decline", deals: str = "log.deal") -> str | None:
    """One log line for an event, or None for events the log does not show; ``declines``:
    the rules' word for passing the throne on (放弃, 让位, 让庄, 拒绝); ``deals``: what a
    deal hands the throne to (its first candidate, or Weihai's holder of the card)."""
    kind = event.get("type")

    def cards(items: list[str]) -> str:
        return " ".join(label(c) for c in items)

    def name(key: str = "seat") -> str:
        seat = event.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if kind == "deal":
        redeal = t("log.redeal", n=event["redeal"]) if event["redeal"] else ""
        return t(deals, round=event["round"], redeal=redeal, name=name("first_candidate"))
    if kind == "offer":
        if event.get("forced"):
            return t("log.forced", name=name())
        return t("log.offer", name=name(), bundle=cards(event["bundle"]))
    if kind == "decline":
        text = t("log.decline_auto" if event["auto"] else declines, name=name())
        added = event.get("added")
        text += t("log.adds", card=label(added)) if added else ""
        return text + (t("log.passes_to", name=name("to")) if event.get("to") is not None else "")
    if kind == "emperor" and event.get("grab"):
        return t("log.grab", name=name())
    if kind == "emperor":
        return t("log.emperor", name=name(), bundle=cards(event["bundle"]))
    if kind == "solo":
        return t("log.solo", name=name())
    if kind == "call":
        return t("log.call_open" if event["open"] else "log.call", name=name(),
                 card=label(event["card"]))
    if kind == "role":
        if event["role"] == "guard" and event.get("by") == "card":
            return t("log.role.guard_card")
        return t(f"log.role.{event['role']}")
    if kind == "lead":
        return t("log.jiefeng" if event.get("jiefeng") else "log.lead", name=name())
    if kind == "play":
        role = t("log.emperor_tag", role=t("role.emperor")) if event["seat"] == emperor else ""
        bomb = t("log.bomb") if event.get("bomb") else ""
        return closed_up(t("log.play", name=name(), role=role,
                           set=set_words(event["cards"], t.language))) + bomb
    if kind == "pass":
        return t("log.pass", name=name())
    if kind == "trick":
        return t("log.kou" if event.get("kou") else "log.trick", name=name())
    if kind == "yield":
        return t("log.yield", name=name())
    if kind == "again":
        return t("log.again", names=t.join(names[s] for s in event["seats"]))
    if kind == "open_guard":
        return t("log.open_solo" if event["solo"] else "log.open_guard", name=name())
    if kind == "rebel":
        return t("log.rebel", name=name())
    if kind == "out":
        return t("log.out", name=name(), place=t.place(event["place"]))
    if kind == "reveal" and event.get("by") == "abdication":
        return t("log.abdication", name=name())
    if kind == "reveal" and event.get("by") == "rebellion":
        return t("log.rebellion_solo" if event["solo"] else "log.rebellion", name=name())
    if kind == "reveal":
        return t("log.reveal_solo" if event["solo"] else "log.reveal", name=name())
    if kind == "void":
        return t("log.void")
    if kind == "tribute":
        return t("log.tribute", items=tribute_words(t, event["items"], names, label))
    if kind == "round_end":
        result = t(f"log.result.{event.get('winner') or 'draw'}")
        return t("log.round_end", round=event["round"], result=result)
    if kind == "match_end":
        return t("log.match_end_auto" if event.get("why") == "auto" else "log.match_end")
    if kind == "auto":  # R-AUTO-2: the table told the match
        if not event["on"]:
            return t("log.auto_off", name=name())
        return t("log.auto_stays" if event["stays"] else "log.auto_on", name=name(),
                 n=event["times"])
    if kind == "penalty":  # R-AUTO-3
        points = event["points"]
        return t("log.penalty_one" if abs(points) == 1 else "log.penalty", name=name(),
                 points=points, why=t(f"log.penalty.{event['why']}"))
    if kind == "grab":
        return t("log.grab_declared", name=name())
    if kind == "skip":
        return t(f"log.skip.{event.get('step', 'grab')}", name=name())
    if kind == "abdicate":
        return t("log.abdicate", name=name(), to=name("to"))
    if kind == "kick":
        return t("log.kick", name=name())
    if kind == "kicked":
        return t("log.kicked")
    if kind == "stuck":
        return t("log.stuck", name=name(), by=name("by"), place=t.place(event["place"]))
    if kind == "buy3":
        bought = cast(list[Purchase], event["items"])
        return t("log.buy3", items=t.join((purchase_words(t, item, names, label)
                                           for item in bought), clauses=True))
    return None


KICK_STEPS = ("kick", "rekick")


def lone_kick(event: Event, earlier: Iterable[Event], emperor: int | None) -> tuple[str, int] | None:
    """R-WH-DECL-3: ``event`` is the last answer of the rebels' 踢 (or 反踢) step and one rebel
    alone kicked, which needs a second: the step ends with no ``kicked``, and the log said
    nothing of it (the stakes simply stayed). The step and who kicked; else None. ``earlier``
    (the latest first) goes back to the step's ``ask``, which names the seats asked; the
    royals' step (the emperor among them) needs one kick, which always counts."""
    if event.get("type") != "kick" and not (
            event.get("type") == "skip" and event.get("step") in KICK_STEPS):
        return None
    answers = [event]
    for before in earlier:
        if before.get("type") == "ask":
            break
        answers.append(before)
    else:
        return None  # (the step's start is no longer held)
    step, seats = before.get("step"), before.get("seats", [])
    if step not in KICK_STEPS or emperor is None or emperor in seats:
        return None
    answered = [e for e in answers if e.get("type") in ("kick", "skip") and e.get("seat") in seats]
    kickers = [e["seat"] for e in answered if e["type"] == "kick"]
    if len(answered) != len(seats) or len(kickers) != 1:
        return None
    return str(step), kickers[0]


def purchase_words(t: Translator, item: Purchase, names: list[str],
                   label: Callable[[str], str] = str) -> str:
    """One 买3 (R-WF-BUY3-1): who bought which 3 from whom, and the 2 he paid — or that he
    took it free, having none (the log had shown the 3 alone, as if given)."""
    words = {"buyer": names[item["to"]], "seller": names[item["from"]], "card": label(item["card"])}
    paid = item["paid"]
    return t("log.buy3.paid", paid=label(paid), **words) if paid else t("log.buy3.free", **words)


def tribute_words(t: Translator, items: Sequence[Transfer], names: list[str],
                  label: Callable[[str], str] = str) -> str:
    return t.join(transfers(items, names, label, t.plain("→")), clauses=True)


def transfers(items: Sequence[Transfer], names: list[str],
              label: Callable[[str], str] = str, arrow: str = "→") -> list[str]:
    """Each card of a tribute as "Liu → Wang BJ" (the arrow in the card style's symbols)."""
    return [f"{names[i['from']]} {arrow} {names[i['to']]} {label(i['card'])}" for i in items]
