"""Modal screens: the engine's decisions (throne, call, grab), the round result, help, quit."""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import Option

from bhtui.bots.legal import solo_calls
from bhtui.cards import counts, parse_cards
from bhtui.rules.presets import rules_of
from bhtui.tui.describe import tribute_words
from bhtui.tui.widgets import Plain
from bhtui.tui.i18n import Translator


class Dialog(ModalScreen[Any]):
    """A small centred box; subclasses fill it."""

    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 64; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    Dialog .title { text-style: bold; margin-bottom: 1; }
    Dialog Horizontal { height: auto; margin-top: 1; }
    Dialog Button { margin-right: 2; }
    Dialog OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, t: Translator) -> None:
        super().__init__()
        self.t = t


class ChoiceDialog(Dialog):
    """A dialog whose keys and buttons answer with ``{"type": choice}``; keys for choices
    this decision does not offer do nothing and stay out of the footer."""

    def __init__(self, t: Translator, choices: list[str] | tuple[str, ...]) -> None:
        super().__init__(t)
        self.choices = list(choices)

    def action_answer(self, choice: str) -> None:
        if choice in self.choices:
            self.dismiss({"type": choice})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action != "answer" or parameters[0] in self.choices

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "")


class ThroneDialog(ChoiceDialog):
    """Accept or pass the throne on (放弃 in qingdao, 让庄 in lianzhong) — always to the
    candidate's 上家 (R-SEAT-1), and the dialog says to whom; 抢独 when allowed."""

    BINDINGS = [Binding("y", "answer('accept')", "Accept", id="throne.accept"),
                Binding("n", "answer('decline')", "Decline", id="throne.decline"),
                Binding("g", "answer('grab')", "Grab", id="throne.grab")]

    def __init__(self, t: Translator, view: dict[str, Any], legal: list[str],
                 names: list[str] | None = None) -> None:
        super().__init__(t, legal)
        self.view, self.names = view, names or []

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        with Vertical():
            yield Plain(t("throne.title"), classes="title")
            yield Plain(t("throne.bundle", cards=" ".join(view["bundle"])))
            for line in throne_notes(t, view, self.choices, self.names):
                yield Plain(line)
            with Horizontal():
                if "accept" in self.choices:
                    yield Button(t("throne.accept"), id="accept", variant="primary")
                if "decline" in self.choices:
                    yield Button(t(_decline_words(view)), id="decline")
                if "grab" in self.choices:
                    yield Button(t("throne.grab"), id="grab", variant="warning")


def throne_notes(t: Translator, view: dict[str, Any], choices: list[str],
                 names: list[str]) -> list[str]:
    """What a candidate should know before choosing: a 抢独 waiting (R-EMP-L5); a second
    offer or circle; a forced accept or its four-of-a-kind exception (R-EMP-Q4 逼位,
    R-EMP-L3); where passing sends the card — his 上家 (R-SEAT-1) — or that it ends the
    passing (void, 逼庄)."""
    if view.get("grabs"):
        who = ", ".join(names[s] for s in view["grabs"] if s < len(names))
        return [t("throne.grabs", names=who)]
    rules = rules_of(view)
    lianzhong = rules.emperor == "lianzhong"
    back = view["second_chance"] and view["candidate"] == view["first_candidate"]
    notes = []
    if back and not lianzhong:
        notes.append(t("throne.second"))
    elif back and rules.needs_group and "decline" in choices:
        notes.append(t("throne.circle_four"))
    elif view["second_chance"] and lianzhong:
        notes.append(t("throne.second_circle"))
    to = view.get("passes_to")
    if "decline" not in choices:
        notes.append(t("throne.circle_forced" if lianzhong else "throne.forced"))
    elif to is not None:
        notes.append(t("throne.passes_to", name=names[to] if to < len(names) else str(to)))
    elif not back:  # qingdao's second offer said so already
        notes.append(t("throne.ends.baike" if rules.emperor == "baike" else "throne.ends"))
    return notes


def _decline_words(view: dict[str, Any]) -> str:
    """放弃 where the bundle goes round (qingdao), 让庄 where the card is handed on."""
    return "throne.decline" if rules_of(view).emperor == "qingdao" else "throne.yield"


class GrabDialog(ChoiceDialog):
    BINDINGS = [Binding("g", "answer('grab')", "Grab", id="grab.grab"),
                Binding("s", "answer('skip')", "Skip", id="grab.skip")]

    def __init__(self, t: Translator) -> None:
        super().__init__(t, ["grab", "skip"])

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("grab.title"), classes="title")
            yield Plain(self.t("grab.help"))
            with Horizontal():
                yield Button(self.t("grab.grab"), id="grab")
                yield Button(self.t("grab.skip"), id="skip", variant="primary")


class CallDialog(ChoiceDialog):
    """Pick among the callable groups; four held offer a hidden or an open solo, and in
    lianzhong 明独保 is declared without a call (R-GUARD-3). In baike the call takes the throne
    (叫庄), so 让庄 and 抢庄 sit beside the groups, with where a 让庄 sends the card."""

    BINDINGS = [Binding("n", "answer('decline')", "Yield", id="call.decline"),
                Binding("g", "answer('grab')", "Grab", id="call.grab")]

    def __init__(self, t: Translator, view: dict[str, Any], label: Any,
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
                            throne_notes(self.t, self.view, self.choices, self.names))
            if options:
                yield OptionList(*options)
            with Horizontal():
                if "decline" in self.choices:
                    yield Button(self.t("throne.yield"), id="decline")
                if "grab" in self.choices:
                    yield Button(self.t("throne.grab"), id="grab", variant="warning")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.actions[int(event.option.id or 0)])


class ResultScreen(Dialog):
    """Places, roles revealed, scores and the tribute the next round carries."""

    BINDINGS = [Binding("enter", "close", "Continue", id="result.continue"),
                Binding("escape", "close", show=False)]

    def __init__(self, t: Translator, end: dict[str, Any], names: list[str],
                 totals: list[int], tribute: list[dict[str, Any]], last: bool,
                 label: Any = str, has_tribute: bool = True) -> None:
        super().__init__(t)
        self.end, self.names, self.totals, self.tribute, self.last = end, names, totals, tribute, last
        self.label, self.has_tribute = label, has_tribute

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
            grid.add_row(Text(self.names[seat]), role, t.place(end["places"][seat]),
                         f"{end['scores'][seat]:+d}", f"{self.totals[seat]:+d}")
        winner = end.get("winner")
        with Vertical():
            yield Plain(t("result.title", n=end["round"]), classes="title")
            yield Plain(t(f"result.winner.{winner}") if winner else t("result.draw"))
            yield Plain(grid)
            if self.last:
                yield Plain(t("result.last"))
            elif self.tribute:
                yield Plain(t("result.tribute",
                                items=tribute_words(self.tribute, self.names, self.label)))
            elif not self.has_tribute:
                yield Plain(t("result.no_tribute_rules"))
            else:
                yield Plain(t("result.no_tribute"))
            yield Plain(Text(t("result.continue"), style="bold"))

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(Dialog):
    BINDINGS = [Binding("escape", "close", "Close", id="help.close")]
    DEFAULT_CSS = "HelpScreen > Vertical { width: 90; height: 90%; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("help.title"), classes="title")
            with VerticalScroll():
                yield Plain(self.t("help.body"))
            yield Plain(self.t("help.close"))

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(Dialog):
    BINDINGS = [Binding("y", "answer(True)", "Quit", id="quit.yes"),
                Binding("n,escape", "answer(False)", "Stay", id="quit.no")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("quit.question"), classes="title")
            with Horizontal():
                yield Button(self.t("quit.yes"), id="yes", variant="error")
                yield Button(self.t("quit.no"), id="no", variant="primary")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


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
