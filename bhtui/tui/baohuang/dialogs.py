"""Baohuang's dialogs: the throne, the call, 抢, the steps before play (Weihai), a
declaration out of turn, the key pressed twice for a weighty one, and a round's result. They
build on the shared frames of ``tui/dialogs.py``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList
from textual.widgets.button import ButtonVariant
from textual.widgets.option_list import Option

from bhtui.bots.legal import solo_calls
from bhtui.cards import counts, parse_cards
from bhtui.rules import offers
from bhtui.rules.presets import rules_of
from bhtui.rules.scoring import multiplier
from bhtui.tui.baohuang.describe import transfers
from bhtui.tui.cardstyle import rank_counts_words
from bhtui.tui.dialogs import DecisionDialog, ResultScreen, confirmed
from bhtui.tui.i18n import Reworded, Translator
from bhtui.tui.modal import LIST_CURSOR
from bhtui.tui.widgets import Packed, Plain, apart
from bhtui.wire import Action, BaohuangView, Event, Transfer

WEIGHTY = {"grab": "g", "rebel": "r", "open_guard": "m", "kick": "k", "abdicate": "a",
           "solo": "m"}
"""Declarations that take the throne, double the stakes or play one against four (Weihai's
abdication is public, ×2; its open solo ±24), and cannot be taken back: their key acts only
when pressed again (``ConfirmKey``), so a key pressed by mistake sends nothing — and so does
their button, pressed by Enter or a click."""


def stakes(view: BaohuangView) -> int:
    """What the round's scores are multiplied by now (N2: 明保, a successful 造反, each
    踢, each bomb where it counts), as its result will say."""
    return multiplier(rules_of(view), view["open_solo"], view["open_guard"],
                      len(view.get("rebels", ())) >= 2, view.get("kicks", 0),
                      view.get("bombs", 0))


def question(t: Translator, kind: str, view: BaohuangView, names: Sequence[str] = (),
             solo: bool = False) -> str:
    """What a ``WEIGHTY`` key pressed again does, as things stand: 明渡 where the marked cards
    are dealt (R-WH-GRAB-1); 造反 as the first or the second declaration, or a mere mark
    (R-TRICK-7, R-WH-DECL-2); 明保 doubling the tribute too (R-WF-TRIB-5) or open to 踢
    (R-WH-DECL-3); ``solo``: the emperor's ``m``, 明独."""
    if kind == "grab" and offers.grab_help(view) == "grab.help_marked":
        return t("confirm.grab_marked")
    if kind == "rebel":
        return rebel_question(t, view, names)
    if kind == "open_guard" and solo:
        return t("confirm.open_solo")
    if kind == "open_guard" and rules_of(view).tributes.doubled_by_open_guard:
        return t("confirm.open_guard.tribute")
    if kind == "open_guard" and rules_of(view).declare.kick:
        return t("confirm.open_guard.kick")
    return t(f"confirm.{kind}")


def rebel_question(t: Translator, view: BaohuangView, names: Sequence[str]) -> str:
    """造反 asked again: the first (a second one shows the guard), the second (it shows him
    now), or one that only marks me (the guard open, a solo declared, the rebellion done). It
    said "with a second rebel" even to the second, whose press showed the guard at once."""
    rebels = view.get("rebels", [])
    if view["open_guard"] or view["open_solo"] or len(rebels) >= 2:
        return t("confirm.rebel.mark")
    if rebels:
        return t("confirm.rebel.second", names=t.join(seat_name(s, names) for s in rebels))
    return t("confirm.rebel")


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    """A seat's name, or its number where the names do not reach it."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else str(seat)


class ChoiceDialog(DecisionDialog):
    """A dialog whose keys and buttons answer with ``{"type": choice}``; keys for choices
    this decision does not offer do nothing and stay out of the footer. A ``WEIGHTY``
    choice asks for its key to be pressed again (``question``), whether its key, Enter on
    its button or a click chose it (``DecisionDialog``)."""

    def __init__(self, t: Translator, view: BaohuangView, choices: list[str] | tuple[str, ...],
                 names: Sequence[str] = ()) -> None:
        super().__init__(t)
        self.view, self.choices, self.names = view, list(choices), list(names)

    def action_answer(self, choice: str, words: str = "") -> None:
        """``words``: which of the choice's bindings (and words) the key was."""
        if choice in self.choices:
            confirmed(self, self.t, WEIGHTY.get(choice), lambda: self.dismiss({"type": choice}),
                      question(self.t, choice, self.view, self.names))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        if len(parameters) > 1 and parameters[1] != offers.words(self.view, str(parameters[0])):
            return False  # another rule set's (or step's) word for this choice
        return super().check_action(action, parameters) and (
            action != "answer" or parameters[0] in self.choices)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "")


class ThroneDialog(ChoiceDialog):
    """The throne's decision in the rules' words (``rules.offers``): accept, or pass the card on
    (放弃 in qingdao, 让 where it is handed on, 拒绝 an abdication); 抢独 when allowed; in Weihai
    keep the throne, abdicate to the seat after next, or show both marked cards. The notes say
    where passing sends the card — "your 上家, Wang" — or that it ends the passing."""

    # A choice the rules word differently (放弃, 让庄, 拒绝; 坐稳) has a binding per word, so
    # the footer says what the button says: ``answer(kind, words)``.
    BINDINGS = [Binding("y", "answer('accept', 'throne.accept')", "Accept", id="throne.accept"),
                Binding("y", "answer('accept', 'throne.keep')", "Keep", id="throne.keep"),
                Binding("n", "answer('decline', 'throne.decline')", "Decline", id="throne.decline"),
                Binding("n", "answer('decline', 'throne.yield')", "Yield", id="throne.yield"),
                Binding("n", "answer('decline', 'throne.refuse')", "Refuse", id="throne.refuse"),
                Binding("g", "answer('grab')", "Grab", id="throne.grab"),
                Binding("a", "answer('abdicate')", "Abdicate", id="throne.abdicate"),
                Binding("m", "answer('solo')", "Solo", id="throne.solo")]

    def __init__(self, t: Translator, view: BaohuangView, legal: list[str],
                 names: list[str] | None = None, label: Any = str, mark: str = "†") -> None:
        """``mark``: the marked SJ's glyph as the hand draws it (a card style's)."""
        super().__init__(t, view, legal, names or [])
        self.label, self.mark = label, mark

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        title = offers.title(view)
        with Vertical():
            abdicator = view.get("abdicator")
            by = seat_name(abdicator, self.names) if abdicator is not None else ""
            yield Plain(t(title, name=by), classes="title")  # 让位: who handed it
            if title != "throne.keep_title":
                yield Plain(bundle_words(t, view["bundle"], self.label))
            if abdicator is not None:  # what taking it means (R-WH-THRONE-3, -5)
                yield Plain(t("throne.abdicated_help", name=by))
            if view.get("guard_card") and title in GUARD_CARD_NOTES:  # what I am, first
                yield Plain(t(GUARD_CARD_NOTES[title], mark=self.mark))
                yield Plain(t("throne.hidden_solo_stakes", **solo_stakes(view, hidden=True)))
            for line in throne_notes(t, view, self.choices, self.names, self.label):
                yield Plain(line)
            if "solo" in self.choices:
                yield Plain(t("throne.show_solo_stakes", **solo_stakes(view, hidden=False)))
            with Horizontal():
                for kind in self.choices:
                    yield Button(t(offers.words(view, kind)), id=kind,
                                 variant=BUTTON_VARIANTS.get(kind, "default"))


GUARD_CARD_NOTES = {"throne.title": "throne.guard_card", "throne.keep_title": "throne.guard_card_keep"}
"""What the throne means to the holder of the marked SJ (侍卫牌): taken (lianzhong-simple,
R-GUARD-4) or kept (Weihai, R-WH-ROLE-2), he is his own guard and plays a hidden solo — said
as qingdao's call says "hidden solo (you hold four)". Not to one handed the throne (让位):
the abdicator guards him."""


def solo_stakes(view: BaohuangView, hidden: bool) -> dict[str, str]:
    """What a solo scores the emperor (R-SCORE-L2, R-WH-SCORE-2), as the grab dialog says
    明渡's "1st +24, else -24": 1st, 2nd and lower, hidden or open."""
    table = rules_of(view).scoring.hidden_solo if hidden else rules_of(view).scoring.open_solo
    return {"first": signed(table[0][0]), "second": signed(table[1][0]),
            "lower": signed(table[-1][0])}


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


BUTTON_VARIANTS: dict[str, ButtonVariant] = {"accept": "primary", "grab": "warning", "solo": "warning"}


def bundle_words(t: Translator, bundle: list[str], label: Any = str) -> str:
    """"皇牌：大王；随皇牌附带：红桃2": the emperor card (the bundle's first), then what was
    added to it on the way (R-EMP-Q3, R-EMP-L2), which goes to whoever takes it."""
    card, added = label(bundle[0]), " ".join(label(c) for c in bundle[1:])
    return t("throne.bundle", card=card, cards=added) if added else t("throne.card", card=card)


def throne_notes(t: Translator, view: BaohuangView, choices: list[str],
                 names: list[str], label: Any = str) -> list[str]:
    """What a candidate should know before choosing, as the rules say it (``offers``): where
    the card goes and what passing it on costs him; who loses when all refuse an abdication
    (R-WH-THRONE-4)."""
    lines = []
    for key, values in offers.throne_notes(view, choices):
        if "seat" in values:
            values = {"name": seat_name(values["seat"], names)}
        elif "seats" in values:
            values = {"names": t.join(seat_name(s, names) for s in values["seats"])}
        elif "card" in values:
            values = {**values, "card": label(values["card"])}
        elif key == "throne.chain_lost":
            values = {"abdicator": seat_name(view.get("abdicator"), names)}
        lines.append(t(key, **values))
    return lines


MARKED_GRAB = {"grab.grab": "grab.grab_marked", "grab.skip": "grab.skip_marked",
               "key.grab.grab": "key.grab.grab_marked", "key.grab.skip": "key.grab.skip_marked"}
"""The grab's buttons and footer keys where the marked cards are dealt: the step is 明渡
(R-WH-GRAB-1), as its title says, not 抢."""


class GrabDialog(ChoiceDialog):
    BINDINGS = [Binding("g", "answer('grab')", "Grab", id="grab.grab"),
                Binding("s", "answer('skip')", "Skip", id="grab.skip")]
    AUTO_FOCUS = "#skip"  # (``DecisionDialog``: the focus starts on what risks nothing)

    def __init__(self, t: Translator, view: BaohuangView) -> None:
        self.marked = offers.grab_help(view) == "grab.help_marked"
        super().__init__(Reworded(t, MARKED_GRAB) if self.marked else t, view, ["grab", "skip"])

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("grab.title_marked" if self.marked else "grab.title"),
                        classes="title")
            yield Plain(self.t(offers.grab_help(self.view)))
            with Horizontal():
                yield Button(self.t("grab.grab"), id="grab")
                yield Button(self.t("grab.skip"), id="skip", variant="primary")


class CallDialog(ChoiceDialog):
    """Pick among the callable groups; four held offer a hidden or an open solo, and in
    lianzhong 明独保 is declared without a call (R-GUARD-3). In baike the call takes the throne
    (叫庄), so 让庄 and 抢庄 sit beside the groups, with where a 让庄 sends the card."""

    # Enter calls the highlighted group: said in the footer (the list's own Enter is not), and
    # a priority so the footer shows it over the list's; on a focused button it presses that.
    BINDINGS = [*LIST_CURSOR,
                Binding("enter", "call", "Call", id="call.pick", priority=True),
                Binding("n", "answer('decline')", "Yield", id="call.decline"),
                Binding("g", "answer('grab')", "Grab", id="call.grab")]

    def __init__(self, t: Translator, view: BaohuangView, label: Any,
                 others: tuple[str, ...] = (), names: list[str] | None = None) -> None:
        super().__init__(t, view, others, names or [])
        self.actions = [a for a in view.get("actions", []) if a["type"] in ("call", "solo")]
        self.label = label
        self.partnered: int | None = None
        """The first call that gives the emperor a guard: the list starts there, so Enter
        pressed at once never makes him play alone (four held were listed first, as a
        hidden solo)."""
        self.forced = bool(view.get("forced"))

    def compose(self) -> ComposeResult:
        held_four = solo_calls(counts(parse_cards(self.view.get("hand", []))), self.actions)
        options = []
        for i, a in enumerate(self.actions):
            if a["type"] == "solo":
                options.append(Option(Text(self.t("call.declare_solo")), id=str(i)))
                continue
            card = self.label(a["card"])
            if a["open"]:
                text = self.t("call.open", card=card)
            elif a["card"] in held_four:
                text = self.t("call.hidden", card=card)
            else:
                text = self.t("call.three", card=card)
                if self.partnered is None:
                    self.partnered = len(options)
            options.append(Option(Text(text), id=str(i)))
        throne = bool(self.choices) or self.forced
        with Vertical():
            yield Plain(self.t("throne.call_title" if throne else "call.title"), classes="title")
            yield Plain(self.t("throne.call_help" if throne else call_help(self.view)))
            if self.forced:
                yield Plain(self.t("throne.forced_call"))
            elif "decline" in self.choices:
                yield from (Plain(line) for line in
                            throne_notes(self.t, self.view, self.choices, self.names,
                                         self.label))
            if options:
                yield OptionList(*options)
                # the list's keys (the footer has Enter alone); one call has nothing to choose
                yield Plain(self.t("call.keys" if len(options) > 1 else "call.key"))
            with Horizontal():
                if "decline" in self.choices:  # baike's word, 让庄 (lianzhong's is 让位)
                    yield Button(self.t("call.yield"), id="decline")
                if "grab" in self.choices:
                    yield Button(self.t("throne.grab"), id="grab", variant="warning")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.call(self.actions[int(event.option.id or 0)])

    def call(self, action: Action) -> None:
        """The call picked in the list. Four shown (qingdao, baike) or lianzhong's 明独保 is
        明独, one against four with the scores doubled: asked again with the table's ``m``
        for it, like every ``WEIGHTY`` choice (one Enter on its line declared it)."""
        solo = action["type"] == "solo" or bool(action.get("open"))
        confirmed(self, self.t, WEIGHTY["solo"] if solo else None, lambda: self.dismiss(action),
                  self.t("confirm.open_solo"))

    def on_mount(self) -> None:
        if self.partnered is not None:
            self.query_one(OptionList).highlighted = self.partnered

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return super().check_action(action, parameters) and (
            action != "call" or bool(self.actions))

    def action_call(self) -> None:
        if isinstance(self.focused, Button):
            self.focused.press()
            return
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.call(self.actions[int(options.get_option_at_index(options.highlighted).id
                                       or 0)])


def call_help(view: BaohuangView) -> str:
    """The call's meaning: the fourth card's holder guards; in Weifang that card becomes the
    GC, above the big joker (R-WF-RANK-1), which the call dialog had not said."""
    return "call.help_promoted" if rules_of(view).tricks.promoted_guard_card else "call.help"


class StepDialog(ChoiceDialog):
    """A declaration asked in turn before play (R-WH-DECL-1): 明保, 造反 or 踢 — or no. Every
    seat is asked alike; what it may say depends on its own cards only."""

    # n has a binding per step, so the footer says what the button and the log say: 不明保,
    # 不造反, 不踢, 不反踢.
    BINDINGS = [Binding("m", "answer('open_guard')", "明保", id="step.open_guard"),
                Binding("r", "answer('rebel')", "造反", id="step.rebel"),
                Binding("k", "answer('kick')", "踢", id="step.kick"),
                *(Binding("n", f"answer('skip', 'step.{step}.skip')", "No",
                          id=f"step.{step}.skip")
                  for step in ("open_guard", "rebel", "kick", "rekick"))]
    AUTO_FOCUS = "#skip"

    def __init__(self, t: Translator, view: BaohuangView, legal: list[str],
                 names: Sequence[str] = ()) -> None:
        super().__init__(t, view, legal, names)

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        stake = stakes(view)
        with Vertical():
            yield Plain(t(offers.title(view)), classes="title")
            yield Plain(t(f"step.{view['step']}.note"))
            if view["step"] == "rebel" and view.get("rebels"):  # who said 造反 before me
                yield Plain(t("step.rebel.declared",
                              names=t.join(seat_name(s, self.names) for s in view["rebels"])))
            yield Plain(t("step.asked"))
            yield Plain(t("step.stake", n=stake))
            with Horizontal():
                for kind in self.choices:
                    yield Button(t(offers.words(view, kind)), id=kind,
                                 variant="default" if kind == "skip" else "warning")


class DeclareDialog(DecisionDialog):
    """The table waits for me: a declaration I may make now (抢庄/抢独 while the throne is
    offered to someone else, 明保 before the first lead), or none. Every person asked at the
    same moment sees this dialog, whatever he may declare, so being asked tells nothing.
    ``t`` hands this and what follows to 托管: the host stops waiting for a seat on 托管, and
    its bot weighs the declaration instead."""

    BINDINGS = [Binding("g", "declare('grab')", "Grab", id="ask.grab"),
                Binding("m", "declare('open_guard')", "明保", id="ask.open_guard"),
                Binding("n,enter,escape", "declare('none')", "Not now", id="ask.none")]

    def __init__(self, t: Translator, view: BaohuangView, kinds: list[str], context: str,
                 left: Callable[[], float | None] = lambda: None) -> None:
        """``left()``: the seconds the table's wait has left now (None: untimed), read at
        each tick from its deadline: a dialog opened again once the terminal grew counted
        from what the view said when it came, seconds too many."""
        super().__init__(t)
        self.view, self.kinds, self.context, self.left = view, kinds, context, left
        self.none_line = Plain(t("ask.none"), id="ask-none")  # kept: the count may tick unmounted

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t("ask.title"), classes="title")
            yield Plain(self.context)
            for kind in self.kinds:
                yield Plain(t(f"ask.{kind}"))
            yield self.none_line

    def on_mount(self) -> None:
        if self.left() is not None:
            self._tick()
            self.set_interval(1, self._tick)

    def _tick(self) -> None:
        left = self.left()
        if not self.is_active or left is None:
            return
        self.none_line.update(
            self.t("ask.none") + self.t.plain(" — ") + self.t("timer.left", n=round(left)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return super().check_action(action, parameters) and (
            action != "declare" or parameters[0] == "none" or parameters[0] in self.kinds)

    def action_declare(self, kind: str) -> None:
        if kind == "none" or kind in self.kinds:
            confirmed(self, self.t, WEIGHTY.get(kind), lambda: self.dismiss({"type": kind}),
                      question(self.t, kind, self.view))


def causes(t: Translator, end: Event) -> str:
    """What multiplied a round's scores (N2), in words: 明保 or 造反, 踢, bombs."""
    words = []
    if end.get("open_guard"):
        words.append(t("cause.rebellion" if len(end.get("rebels", ())) >= 2 else
                       "cause.open_guard"))
    elif len(end.get("rebels", ())) >= 2:
        words.append(t("cause.rebellion"))
    words += [t("cause.kick")] * end.get("kicks", 0)
    words += [t("cause.bomb")] * end.get("bombs", 0)
    return " ".join(words)


class RoundResultScreen(ResultScreen):
    """Places, roles revealed, scores, the hands still held, and the tribute the next round
    carries (or why there is none)."""

    def __init__(self, t: Translator, end: Event, names: list[str],
                 totals: list[int], tribute: list[Transfer], last: bool,
                 label: Any = str, has_tribute: bool = True,
                 auto_close: float | None = None, last_words: str = "result.last") -> None:
        super().__init__(t, names, last, auto_close)
        self.last_words = last_words  # why there is no next round
        self.end, self.totals, self.tribute = end, totals, tribute
        self.label, self.has_tribute = label, has_tribute

    def body(self) -> ComposeResult:
        t, end = self.t, self.end
        grid = RichTable(box=None, padding=(0, 1))
        for key in ("result.seat", "result.role", "result.place", "result.score", "result.total"):
            grid.add_column(t(key))
        for seat in range(len(end["scores"])):
            if seat == end["emperor"]:  # a solo: 明独 (shown, declared or grabbed) or 暗独
                open_solo = end["open_solo"] or end["grab"]
                solo = t("role.solo.open" if open_solo else "role.solo.hidden")
                role = t("role.emperor") + (solo if end["solo"] else "")
            elif seat == end["guard"]:
                role = t("role.guard")
            else:
                role = t("role.rebel")
            if seat in end.get("rebels", ()):
                role += t.plain(" · ") + t("role.rebel_mark")
            if any(stuck[0] == seat for stuck in end.get("stuck", ())):
                role += t.plain(" · ") + t("role.stuck_mark")
            grid.add_row(Text(apart(self.names, 14, t.plain("…"))[seat]), role, t.place(end["places"][seat]),
                         f"{end['scores'][seat]:+d}", f"{self.totals[seat]:+d}")
        winner = end.get("winner")
        yield Plain(t("result.title", n=end["round"]), classes="title")
        yield Plain(t(f"result.winner.{winner}") if winner else t("result.draw"))
        if end.get("unscored"):  # R-AUTO-2: every seat was on 托管
            yield Plain(Text(t("result.unscored"), style="bold"))
        if end.get("multiplier", 1) != 1:
            yield Plain(t("result.multiplier", n=end["multiplier"], causes=causes(t, end)))
        yield Plain(grid)
        yield from self.held(self.end.get("hands", []), rank_counts_words)
        if self.last:
            yield Plain(t(self.last_words))
        elif self.tribute:
            yield Plain(Packed(t, "result.tribute",
                               transfers(self.tribute, self.names, self.label, t.plain("→"))))
        elif not self.has_tribute:
            yield Plain(t("result.no_tribute_rules"))
        else:
            yield Plain(t("result.no_tribute"))

