"""Dou Dizhu's decisions (叫分, 摊打, 报到) and its result, built on the shared dialogs."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList
from textual.widgets.option_list import Option

from bhtui.doudizhu import get_preset
from bhtui.tui.dialogs import DecisionDialog, ResultScreen, confirmed
from bhtui.tui.doudizhu.describe import cards_words, escape_words, factor_words
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import Label
from bhtui.tui.widgets import Plain, clip
from bhtui.wire import Action, DoudizhuDealEnd, DoudizhuView


class OfferDialog(DecisionDialog):
    """A decision among the view's offered actions: one button each; a key answers with the
    action it stands for, and keys for actions not offered do nothing and stay out of the
    footer; ``t`` hands it and the rest to 托管."""

    def __init__(self, t: Translator, actions: list[Action]) -> None:
        super().__init__(t)
        self.actions = actions

    def offered(self, key: str) -> Action | None:
        return next((a for a in self.actions if self.key_of(a) == key), None)

    def key_of(self, action: Action) -> str:
        return str(action["type"])

    def action_answer(self, key: str) -> None:
        action = self.offered(key)
        if action is not None:
            self.dismiss(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return super().check_action(action, parameters) and (
            action != "answer" or self.offered(str(parameters[0])) is not None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer((event.button.id or "").removeprefix("k-"))


class BidDialog(OfferDialog):
    """叫分 (C-BID-2, S-BID-1): 1, 2 or 3 above the highest bid so far, or no bid; what a
    first bid of 3 means in Shanghai (头撂) and what a farmer's bid allows him (S-BID-7)."""

    BINDINGS = [*(Binding(str(n), f"answer('{n}')", f"Bid {n}", id=f"ddz.bid{n}")
                  for n in (1, 2, 3)),
                Binding("p,n", "answer('pass')", "No bid", id="ddz.bid_pass")]
    AUTO_FOCUS = "#k-pass"
    """(``DecisionDialog``) A bid cannot be taken back and may make me the landlord, one
    against two: Enter at once bid 1, though No bid is the button drawn as the default.
    Each bid stays one key, which names it, as in every Dou Dizhu app."""

    def __init__(self, t: Translator, view: DoudizhuView, names: list[str]) -> None:
        super().__init__(t, [a for a in view.get("actions", []) if a["type"] in ("bid", "pass")])
        self.view, self.names = view, names

    def key_of(self, action: Action) -> str:
        return str(action["points"]) if action["type"] == "bid" else "pass"

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        high = view["high"]
        bidder = next((s for s, info in enumerate(view["seats"]) if info["bid"] == high), None)
        with Vertical():
            yield Plain(t("ddz.bid.title"), classes="title")
            if high and bidder is not None:
                yield Plain(t("ddz.bid.high", n=high, name=self.names[bidder]))
            else:
                yield Plain(t("ddz.bid.none"))
            if get_preset(view["preset"]).specials:  # 头撂 and the bomb limits
                if view["viewer"] == view["first_bidder"]:
                    yield Plain(t("ddz.bid.toulia"))
                yield Plain(t("ddz.bid.limit"))
            with Horizontal():
                for action in self.actions:
                    key = self.key_of(action)
                    words = (t("ddz.bid.points", n=key) if action["type"] == "bid"
                             else t("ddz.bid.pass"))
                    yield Button(words, id=f"k-{key}",
                                 variant="primary" if key == "pass" else "default")


class OpenDialog(OfferDialog):
    """摊打 after 头撂 (S-BID-5): the whole hand shown for the deal, scores ×2. Its key acts
    when pressed again, as Baohuang's doubling keys do (one y played a hand open)."""

    BINDINGS = [Binding("y", "answer('open')", "摊打", id="ddz.open"),
                Binding("n", "answer('skip')", "Closed", id="ddz.closed")]
    AUTO_FOCUS = "#k-skip"

    def action_answer(self, key: str) -> None:
        if key != "open" or self.offered(key) is None:
            super().action_answer(key)
            return
        confirmed(self, self.t, "y", lambda: super(OpenDialog, self).action_answer(key),
                  self.t("ddz.open.confirm"))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t("ddz.open.title"), classes="title")
            yield Plain(self.t("ddz.open.help"))
            with Horizontal():
                yield Button(self.t("ddz.open.yes"), id="k-open", variant="warning")
                yield Button(self.t("ddz.open.no"), id="k-skip", variant="primary")


class ReportDialog(OfferDialog):
    """报到 (S-BID-6): which groups to show, then 不打 (the landlord wins now) or 打. 打
    doubles the deal's score if won (S-SCORE-4; lost, nobody scores) and binds the shown
    bomb to be played whole, for good; 不打 ends the deal at once. Neither can be undone, and
    the list opens on one of them: each asks for the Enter that chose it once more (it
    asked for a y never pressed, and 不打 went on one Enter). No 报到 goes at once."""

    BINDINGS = [Binding("n", "answer('skip')", "Skip", id="ddz.report_skip")]

    def words(self, action: Action) -> str:
        groups = ", ".join(cards_words(g, self.t.plain, self.t.language)
                           for g in action["groups"])
        return self.t("ddz.report.fight" if action["fight"] else "ddz.report.stop",
                      groups=groups)

    def compose(self) -> ComposeResult:
        t = self.t
        options = [Option(Text(self.words(action)), id=str(i))
                   for i, action in enumerate(self.actions) if action["type"] == "report"]
        with Vertical():
            yield Plain(t("ddz.report.title"), classes="title")
            yield Plain(t("ddz.report.help"))
            yield OptionList(*options)
            with Horizontal():
                yield Button(t("ddz.report.skip"), id="k-skip")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = self.actions[int(event.option.id or 0)]
        confirmed(self, self.t, "enter", lambda: self.dismiss(action), self.words(action))


class DealResultScreen(ResultScreen):
    """A deal's result: who won, each seat's role, score and total (and Shanghai's level
    points), the stake and what multiplied it, 报到 and an escape, the hands still held and
    the kitty. Under 托管 it goes on by itself, like Baohuang's."""

    AUTO_KEY = "ddz.result.auto"

    def __init__(self, t: Translator, end: DoudizhuDealEnd, names: list[str],
                 totals: list[int], last: bool, base: int, auto_close: float | None,
                 label: Label = str) -> None:
        super().__init__(t, names, last, auto_close)
        self.deal, self.totals, self.base, self.label = end, totals, base, label

    def body(self) -> ComposeResult:
        t, end = self.t, self.deal
        levels = end.get("levels")
        grid = RichTable(box=None, padding=(0, 1))
        for key in ("result.seat", "result.role", "result.score", "result.total"):
            grid.add_column(t(key))
        if levels is not None:
            grid.add_column(t("ddz.result.levels"))
        for seat, score in enumerate(end["scores"]):
            role = t("ddz.role.landlord" if seat == end["landlord"] else "ddz.role.farmer")
            row: list[Text | str] = [Text(clip(self.names[seat], 14, t.plain("…"))), role,
                                     f"{score:+d}",
                                     f"{self.totals[seat]:+d}"]
            if levels is not None:
                row.append(f"{levels[seat]:+d}")
            grid.add_row(*row)
        factors = factor_words(end["factors"], t)
        yield Plain(t("ddz.result.title", n=end["round"]), classes="title")
        yield Plain(t(f"ddz.winner.{end['winner']}").capitalize())
        yield Plain(grid)
        if end["stake"] == 0 and end.get("reports") and end.get("fight"):
            yield Plain(t("ddz.result.fight_lost"))  # (no product makes 0: the rule's own)
        else:
            yield Plain(t("ddz.result.stake", stake=end["stake"], base=self.base,
                          bid=end["bid"], factors=t.plain(" · ") + factors if factors else ""))
        if end.get("reports"):
            yield Plain(t("ddz.result.report",
                          groups=", ".join(cards_words(g, t.plain, t.language)
                                           for g in end["reports"]),
                          fight=t("ddz.fight" if end["fight"] else "ddz.stop")))
        escape = end.get("escape")
        if escape:
            yield Plain(escape_words(self.names[escape["seat"]], escape["why"], t))
        yield from self.held(end.get("hands", []),
                             lambda cards, plain: cards_words(cards, plain, t.language))
        yield Plain(t("ddz.result.kitty", cards=" ".join(map(self.label, end.get("kitty", [])))))
        if self.last:
            yield Plain(t("ddz.result.last"))
