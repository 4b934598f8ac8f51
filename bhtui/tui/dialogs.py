"""Modal screens: the shared dialog frame, Baohuang's decisions (throne, call, grab) and round
result, the match's end, help, quit. Dou Dizhu's decisions build on ``Dialog`` and
``ResultScreen`` in ``tui/doudizhu/dialogs.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList
from textual.widgets.button import ButtonVariant
from textual.widgets.option_list import Option

from bhtui.bots.legal import solo_calls
from bhtui.cards import counts, parse_cards
from bhtui.rules import offers
from bhtui.rules.presets import rules_of
from bhtui.rules.scoring import multiplier
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.describe import rank_counts_words, tribute_words
from bhtui.tui.i18n import Translator
from bhtui.tui.modal import Dialog
from bhtui.tui.widgets import Plain, apart, reflow
from bhtui.wire import BaohuangView, Event, HistoryRow, Transfer, TrickMove, ViewHead

TAKE_OVER = {"type": "托管"}  # a decision dialog's answer "let my bot decide this and what follows"


class DecisionDialog(Dialog):
    """A decision of mine, in any game. ``t`` answers as it does at the table: 托管 takes this
    decision and the rest (the footer under the dialog offers it)."""

    BINDINGS = [Binding("t", "take_over", "托管", id="dialog.auto")]

    def action_take_over(self) -> None:
        self.dismiss(TAKE_OVER)


WEIGHTY = {"grab": "g", "rebel": "r", "open_guard": "m", "kick": "k"}
"""Declarations that take the throne or double the stakes, and cannot be taken back: their
key acts only when pressed again (``ConfirmKey``), so a key pressed by mistake sends nothing."""


class ConfirmKey(Dialog[bool]):
    """"Press g again to grab": what the declaration does, then its key once more says yes
    and any other key no (nothing was sent). ``kind`` a ``WEIGHTY`` declaration; ``words``
    the i18n key saying what it does (明独 for a solo emperor's ``m``)."""

    def __init__(self, t: Translator, kind: str, words: str | None = None) -> None:
        super().__init__(t)
        self.key, self.words = WEIGHTY[kind], words or f"confirm.{kind}"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t(self.words), classes="title")
            yield Plain(self.t("confirm.keys", press=self.key))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.key == self.key)


def confirmed(screen: Screen[Any], t: Translator, kind: str, then: Callable[[], None],
              words: str | None = None) -> None:
    """``then()`` at once, or for a ``WEIGHTY`` declaration once its key is pressed again."""
    if kind not in WEIGHTY:
        then()
        return

    def answer(yes: bool | None) -> None:
        if yes:
            then()

    screen.app.push_screen(ConfirmKey(t, kind, words), answer)


class ChoiceDialog(DecisionDialog):
    """A dialog whose keys and buttons answer with ``{"type": choice}``; keys for choices
    this decision does not offer do nothing and stay out of the footer. A ``WEIGHTY``
    choice's key asks to be pressed again; its button (a deliberate click) does not."""

    def __init__(self, t: Translator, choices: list[str] | tuple[str, ...]) -> None:
        super().__init__(t)
        self.choices = list(choices)

    def action_answer(self, choice: str, words: str = "") -> None:
        """``words``: which of the choice's bindings (and words) the key was."""
        if choice in self.choices:
            confirmed(self, self.t, choice, lambda: self.dismiss({"type": choice}))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action != "answer" or parameters[0] in self.choices

    def on_button_pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id or ""
        if choice in self.choices:
            self.dismiss({"type": choice})


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
                Binding("s", "answer('solo')", "Solo", id="throne.solo")]

    def __init__(self, t: Translator, view: BaohuangView, legal: list[str],
                 names: list[str] | None = None, label: Any = str) -> None:
        super().__init__(t, legal)
        self.view, self.names, self.label = view, names or [], label

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        if len(parameters) > 1 and parameters[1] != offers.words(self.view, str(parameters[0])):
            return False  # another rule set's word for this choice
        return super().check_action(action, parameters)

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        title = offers.title(view)
        with Vertical():
            yield Plain(t(title), classes="title")
            if title != "throne.keep_title":
                yield Plain(t("throne.bundle", cards=" ".join(self.label(c) for c in view["bundle"])))
            for line in throne_notes(t, view, self.choices, self.names, self.label):
                yield Plain(line)
            with Horizontal():
                for kind in self.choices:
                    yield Button(t(offers.words(view, kind)), id=kind,
                                 variant=BUTTON_VARIANTS.get(kind, "default"))


BUTTON_VARIANTS: dict[str, ButtonVariant] = {"accept": "primary", "grab": "warning", "solo": "warning"}


def throne_notes(t: Translator, view: BaohuangView, choices: list[str],
                 names: list[str], label: Any = str) -> list[str]:
    """What a candidate should know before choosing, as the rules say it (``offers``): where
    the card goes and what passing it on costs him."""
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)

    lines = []
    for key, values in offers.throne_notes(view, choices):
        if "seat" in values:
            values = {"name": name(values["seat"])}
        elif "seats" in values:
            values = {"names": ", ".join(name(s) for s in values["seats"])}
        elif "card" in values:
            values = {**values, "card": label(values["card"])}
        lines.append(t(key, **values))
    return lines


class GrabDialog(ChoiceDialog):
    BINDINGS = [Binding("g", "answer('grab')", "Grab", id="grab.grab"),
                Binding("s", "answer('skip')", "Skip", id="grab.skip")]

    def __init__(self, t: Translator, view: BaohuangView) -> None:
        super().__init__(t, ["grab", "skip"])
        self.view = view

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("grab.title"), classes="title")
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
    BINDINGS = [Binding("enter", "call", "Call", id="call.pick", priority=True),
                Binding("n", "answer('decline')", "Yield", id="call.decline"),
                Binding("g", "answer('grab')", "Grab", id="call.grab")]

    def __init__(self, t: Translator, view: BaohuangView, label: Any,
                 others: tuple[str, ...] = (), names: list[str] | None = None) -> None:
        super().__init__(t, others)
        self.view = view
        self.actions = [a for a in view.get("actions", []) if a["type"] in ("call", "solo")]
        self.label = label
        self.forced = bool(view.get("forced"))
        self.names = names or []

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
            options.append(Option(Text(text), id=str(i)))
        throne = bool(self.choices) or self.forced
        with Vertical():
            yield Plain(self.t("throne.call_title" if throne else "call.title"), classes="title")
            yield Plain(self.t("throne.call_help" if throne else "call.help"))
            if self.forced:
                yield Plain(self.t("throne.forced_call"))
            elif "decline" in self.choices:
                yield from (Plain(line) for line in
                            throne_notes(self.t, self.view, self.choices, self.names,
                                         self.label))
            if options:
                yield OptionList(*options)
            with Horizontal():
                if "decline" in self.choices:
                    yield Button(self.t(offers.words(self.view, "decline")), id="decline")
                if "grab" in self.choices:
                    yield Button(self.t("throne.grab"), id="grab", variant="warning")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.actions[int(event.option.id or 0)])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action == "call":
            return bool(self.actions)
        return super().check_action(action, parameters)

    def action_call(self) -> None:
        if isinstance(self.focused, Button):
            self.focused.press()
            return
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.dismiss(self.actions[int(options.get_option_at_index(options.highlighted).id
                                          or 0)])


class StepDialog(ChoiceDialog):
    """A declaration asked in turn before play (R-WH-DECL-1): 明保, 造反 or 踢 — or no. Every
    seat is asked alike; what it may say depends on its own cards only."""

    BINDINGS = [Binding("m", "answer('open_guard')", "明保", id="step.open_guard"),
                Binding("r", "answer('rebel')", "造反", id="step.rebel"),
                Binding("k", "answer('kick')", "踢", id="step.kick"),
                Binding("n", "answer('skip')", "No", id="step.skip")]

    def __init__(self, t: Translator, view: BaohuangView, legal: list[str]) -> None:
        super().__init__(t, legal)
        self.view = view

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        rules = rules_of(view)
        stake = multiplier(rules, view["open_solo"], view["open_guard"],
                           len(view.get("rebels", ())) >= 2, view.get("kicks", 0),
                           view.get("bombs", 0))
        with Vertical():
            yield Plain(t(offers.title(view)), classes="title")
            yield Plain(t(f"step.{view['step']}.note"))
            yield Plain(t("step.asked"))
            yield Plain(t("step.stake", n=stake))
            with Horizontal():
                for kind in self.choices:
                    yield Button(t(offers.words(view, kind)), id=kind,
                                 variant="default" if kind == "skip" else "warning")


class ResultScreen(Dialog):
    """Places, roles revealed, scores, the hands still held, and the tribute the next round
    carries. Under 托管 it goes on by itself after ``auto_close`` seconds, counted down."""

    BINDINGS = [Binding("enter", "close", "Continue", id="result.continue"),
                Binding("escape", "close", show=False)]

    def __init__(self, t: Translator, end: Event, names: list[str],
                 totals: list[int], tribute: list[Transfer], last: bool,
                 label: Any = str, has_tribute: bool = True,
                 auto_close: float | None = None, last_words: str = "result.last") -> None:
        super().__init__(t)
        self.last_words = last_words  # why there is no next round
        self.end, self.names, self.totals, self.tribute, self.last = end, names, totals, tribute, last
        self.label, self.has_tribute = label, has_tribute
        self.auto_close = auto_close
        # Kept, not queried: the countdown may tick while the app is closing and the box's
        # widgets were never mounted.
        self.continue_line = Plain(Text(t("result.continue"), style="bold"), id="result-continue")

    def compose(self) -> ComposeResult:
        t, end = self.t, self.end
        grid = RichTable(box=None, padding=(0, 1))
        for key in ("result.seat", "result.role", "result.place", "result.score", "result.total"):
            grid.add_column(t(key))
        for seat in range(5):
            if seat == end["emperor"]:
                role = t("role.emperor") + (f" ({t('role.solo')})" if end["solo"] else "")
            elif seat == end["guard"]:
                role = t("role.guard")
            else:
                role = t("role.rebel")
            if seat in end.get("rebels", ()):
                role += f" · {t('role.rebel_mark')}"
            if any(stuck[0] == seat for stuck in end.get("stuck", ())):
                role += f" · {t('role.stuck_mark')}"
            grid.add_row(Text(apart(self.names, 14)[seat]), role, t.place(end["places"][seat]),
                         f"{end['scores'][seat]:+d}", f"{self.totals[seat]:+d}")
        winner = end.get("winner")
        with Vertical():
            yield Plain(t("result.title", n=end["round"]), classes="title")
            yield Plain(t(f"result.winner.{winner}") if winner else t("result.draw"))
            if end.get("unscored"):  # R-AUTO-2: every seat was on 托管
                yield Plain(Text(t("result.unscored"), style="bold"))
            if end.get("multiplier", 1) != 1:
                yield Plain(t("result.multiplier", n=end["multiplier"], causes=causes(t, end)))
            yield Plain(grid)
            held = [(seat, hand) for seat, hand in enumerate(end.get("hands", [])) if hand]
            if held:  # every hand still held is shown once the round is over
                yield Plain(t("result.hands"))
                for seat, hand in held:
                    yield Plain(Text.assemble((f" {apart(self.names, 10)[seat]}: ", "bold"),
                                              rank_counts_words(hand)), classes="held")
            if self.last:
                yield Plain(t(self.last_words))
            elif self.tribute:
                yield Plain(t("result.tribute",
                                items=tribute_words(self.tribute, self.names, self.label)))
            elif not self.has_tribute:
                yield Plain(t("result.no_tribute_rules"))
            else:
                yield Plain(t("result.no_tribute"))
            yield self.continue_line

    def on_mount(self) -> None:
        self._left: float | None = None
        if self.auto_close is not None:
            self._left = self.auto_close
            self._tick()
            self.set_interval(0.1, self._tick)

    def _tick(self) -> None:
        """托管: show the seconds left, then go on as if Enter had been pressed; the count
        waits while help or the quit prompt is open over the result."""
        if not self.is_active or self._left is None:
            return
        if self._left <= 0:
            self._left = None  # once: the interval may fire again before the pop is done
            self.dismiss(None)
            return
        key = "result.auto_last" if self.last else "result.auto"  # no next round after the last
        words = self.t(key, n=max(1, round(self._left)))
        self.continue_line.update(Text(words, style="bold"))
        self._left -= 0.1

    def action_close(self) -> None:
        self.dismiss(None)


class MatchEndScreen(Dialog):
    """The match is over: standings, every round's scores, and 再来一局 (same seats)."""

    BINDINGS = [Binding("enter", "again", "Play again", id="end.again"),
                Binding("escape", "close", "Table", id="end.close")]

    def __init__(self, t: Translator, view: ViewHead, names: list[str],
                 can_restart: bool, history: list[HistoryRow]) -> None:
        super().__init__(t)
        self.view, self.names, self.can_restart = view, names, can_restart
        self.history = history

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        totals = view["totals"]
        seats = range(len(totals))
        order = sorted(seats, key=lambda s: (-totals[s], s))
        standings = RichTable(box=None, padding=(0, 1))
        for key in ("end.place", "result.seat", "result.total"):
            standings.add_column(t(key))
        for seat in order:  # equal totals share a place: 1, 1, 3
            place = 1 + sum(totals[s] > totals[seat] for s in order)
            standings.add_row(str(place), Text(apart(self.names, 16)[seat]), f"{totals[seat]:+d}")
        rounds = RichTable(box=None, padding=(0, 1))
        rounds.add_column("#", justify="right")
        for seat in seats:
            rounds.add_column(Text(apart(self.names, 6)[seat]), justify="right")
        history = self.history
        shown = history[-8:]  # the latest rounds; older ones are in the replay
        if len(history) > len(shown):
            rounds.add_row("…", *[""] * len(seats))
        for record in shown:
            rounds.add_row(str(record["round"]), *(f"{x:+d}" for x in record["scores"]))
        rounds.add_row(Text("Σ", style="bold"), *(Text(f"{x:+d}", style="bold") for x in totals))
        with Vertical():
            yield Plain(t("end.title"), classes="title")
            yield Plain(standings)
            yield Plain(rounds)
            yield Plain(Text(t("end.keys" if self.can_restart else "end.wait"), style="bold"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action != "again" or self.can_restart

    def action_again(self) -> None:
        if self.can_restart:
            self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)


class PreviousTrickScreen(Dialog):
    """The trick before this one, every move in order (a key away, as in the apps)."""

    BINDINGS = [Binding("escape,l,enter", "close", "Close", id="trick.close")]

    def __init__(self, t: Translator, moves: list[TrickMove], names: list[str],
                 style: CardStyle, colours: dict[str, str],
                 shown: Callable[[list[str]], list[str]] = list) -> None:
        super().__init__(t)
        self.moves, self.names, self.style, self.colours = moves, names, style, colours
        self.shown = shown  # a set's cards in the game's order (Dou Dizhu's 9 9 9 + 3)

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t("trick.previous"), classes="title")
            if not self.moves:
                yield Plain(t("trick.none"))
            for entry in self.moves:
                move = entry["move"]
                line = Text(f"{apart(self.names, 14)[entry['seat']]}: ", style="bold")
                if isinstance(move, str):  # "pass" or "yield"
                    line.append(t(move), style="dim")
                else:
                    line.append_text(self.style.text(self.shown(move), self.colours))
                yield Plain(line)
            yield Plain(t("trick.close"))

    def action_close(self) -> None:
        self.dismiss(None)


class DeclareDialog(DecisionDialog):
    """The table waits for me: a declaration I may make now (抢庄/抢独 while the throne is
    offered to someone else, 明保 before the first lead), or none. Every person asked at the
    same moment sees this dialog, whatever he may declare, so being asked tells nothing.
    ``t`` hands this and what follows to 托管: the host stops waiting for a seat on 托管, and
    its bot weighs the declaration instead."""

    BINDINGS = [Binding("g", "declare('grab')", "Grab", id="ask.grab"),
                Binding("m", "declare('open_guard')", "明保", id="ask.open_guard"),
                Binding("n,enter,escape", "declare('none')", "Not now", id="ask.none")]

    def __init__(self, t: Translator, kinds: list[str], context: str,
                 seconds: float | None = None) -> None:
        super().__init__(t)
        self.kinds, self.context, self.seconds = kinds, context, seconds
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
        if self.seconds is not None:
            self._left = self.seconds
            self._tick()
            self.set_interval(1, self._tick)

    def _tick(self) -> None:
        if not self.is_active:
            return
        self.none_line.update(
            self.t("ask.none") + " — " + self.t("timer.left", n=max(0, round(self._left))))
        self._left -= 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action != "declare" or parameters[0] == "none" or parameters[0] in self.kinds

    def action_declare(self, kind: str) -> None:
        if kind == "none" or kind in self.kinds:
            confirmed(self, self.t, kind, lambda: self.dismiss({"type": kind}))


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


class HelpScreen(Dialog):
    """Keys and rules of the game being played (``body``: its i18n key)."""

    BINDINGS = [Binding("escape", "close", "Close", id="help.close")]

    def __init__(self, t: Translator, body: str = "help.body") -> None:
        super().__init__(t)
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("help.title"), classes="title")
            with VerticalScroll():
                yield Plain(reflow(self.t(self.body)))
            yield Plain(self.t("help.close"))

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(Dialog):
    """Quit? With what leaving now means at this table (``note``: Dou Dizhu's escape).

    Yes calls ``quit_`` and stays on top while the app closes: were it dismissed, the screen
    under it would resume and open what waited behind the prompt on a closing app."""

    BINDINGS = [Binding("y", "answer(True)", "Quit", id="quit.yes"),
                Binding("n,escape", "answer(False)", "Stay", id="quit.no")]

    def __init__(self, t: Translator, quit_: Callable[[], None], note: str | None = None,
                 question: str = "quit.question") -> None:
        super().__init__(t)
        self.quit, self.note, self.question = quit_, note, question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t(self.question), classes="title")
            if self.note:
                yield Plain(self.note, id="quit-note")
            with Horizontal():
                yield Button(self.t("quit.yes"), id="yes", variant="error")
                yield Button(self.t("quit.no"), id="no", variant="primary")

    def action_answer(self, quit_: bool) -> None:
        if quit_:
            self.quit()
        else:
            self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")


PHRASES = {
    "en": ["Help!", "I'll take the lead (接风)", "Nice play", "Pass to me", "Sorry", "Good game"],
    "zh": ["求助", "我来接风", "打得好", "让我来", "抱歉", "好牌局"],
}


class ChatPrompt(Dialog):
    """A short message, or one of the preset phrases (1-6)."""

    BINDINGS = [Binding("escape", "close", "Close", id="chat.close")]

    def compose(self) -> ComposeResult:
        phrases = PHRASES[self.t.language]
        with Vertical():
            yield Plain(self.t("chat.title"), classes="title")
            yield Input(placeholder=self.t("chat.placeholder"), max_length=200)
            yield OptionList(*[Option(Text(p), id=str(i)) for i, p in enumerate(phrases)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(PHRASES[self.t.language][int(event.option.id or 0)])

    def action_close(self) -> None:
        self.dismiss(None)
