"""The table screen's panes: the hand, the five seats, the score sheet."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from bhtui.cards import parse_card, rank_of
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator


def clip(text: str, cells: int) -> str:
    """``text`` cut to at most ``cells`` terminal cells (CJK counts two), "…" when cut."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > cells - 1:
            break
        out += char
    return out + "…"


def card_rank(card: str) -> int:
    return rank_of(parse_card(card))


class HandView(Widget, can_focus=True):
    """The player's cards grouped by rank with counts; selection and cursor shown."""

    cards: reactive[list[str]] = reactive(list, always_update=True)
    selected: reactive[list[int]] = reactive(list, always_update=True)
    cursor: reactive[int] = reactive(0)

    class Changed(Message):
        """The selection changed."""

    def __init__(self, style: CardStyle, **kw: Any) -> None:
        super().__init__(**kw)
        self.card_style = style
        self.called: str | None = None
        self.keep_back: str | None = None  # a secret guard's called card: picked last

    def set_cards(self, cards: list[str], called: str | None, keep_back: str | None) -> None:
        if cards != self.cards:
            self.selected = []
            self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        self.cards, self.called, self.keep_back = list(cards), called, keep_back

    def selection(self) -> list[str]:
        return [self.cards[i] for i in self.selected]

    def _changed(self) -> None:
        self.post_message(self.Changed())

    def add_rank(self, rank: int) -> bool:
        """Select one more card of ``rank``; False when the hand has no unselected one."""
        free = [i for i, c in enumerate(self.cards) if card_rank(c) == rank and i not in self.selected]
        if not free:
            return False
        free.sort(key=lambda i: (self.cards[i] == self.keep_back, i))
        self.selected = [*self.selected, free[0]]
        self._changed()
        return True

    def select_cards(self, cards: list[str]) -> None:
        """Select exactly these cards (a hint), taking copies from the hand in order."""
        chosen: list[int] = []
        for card in cards:
            idx = next((i for i, c in enumerate(self.cards) if c == card and i not in chosen), None)
            if idx is not None:
                chosen.append(idx)
        self.selected = chosen
        self._changed()

    def remove_last(self) -> None:
        self.selected = self.selected[:-1]
        self._changed()

    def clear(self) -> None:
        self.selected = []
        self._changed()

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.cards):
            return
        self.cursor = index
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
        else:
            self.selected = [*self.selected, index]
        self._changed()

    def action_toggle_card(self, index: int) -> None:
        self.toggle(index)

    def render(self) -> Text:
        colours = self.app.theme_variables
        out = Text()
        previous_rank = None
        group = 0
        for i, card in enumerate(self.cards):
            rank = card_rank(card)
            if rank != previous_rank:
                if previous_rank is not None:
                    out.append(f"{self.card_style.times}{group}", style="dim")
                    out.append("  ")
                previous_rank, group = rank, 0
            elif i:
                out.append(" ")
            group += 1
            style = Style.parse(colours.get(self.card_style.colour_variable(card), "white"))
            if i in self.selected:
                style += Style(reverse=True, bold=True)
            if i == self.cursor and self.has_focus:
                style += Style(underline=True)
            if card == self.called:
                style += Style(italic=True)
            label = self.card_style.label(card) + (
                self.card_style.called_mark if card == self.called else "")
            out.append(label, style=style + Style.from_meta({"@click": f"toggle_card({i})"}))
        if self.cards:
            out.append(f"{self.card_style.times}{group}", style="dim")
        return out


class Plain(Static):
    """A Static that never reads markup: names, chat and reasons come from other people, and
    "[/]" in a name must show as text, not break the screen. Styling goes through Text."""

    def __init__(self, content: Any = "", **kw: Any) -> None:
        kw.setdefault("markup", False)
        super().__init__(content, **kw)


class SeatBox(Plain):
    """One seat: marker, name, role badge, cards left, this trick's move, place."""

    def show(self, lines: list[Text]) -> None:
        self.update(Text("\n").join(lines))


class TableArea(Horizontal):
    """Five seats around the table (counted from the viewer in play order) and the scores."""

    DEFAULT_CSS = """
    TableArea { height: 10; }
    TableArea #table { width: 1fr; border: round $primary; border-title-color: $accent; }
    TableArea #seats { grid-size: 3 2; grid-columns: 1fr 1fr 1fr; grid-rows: 4 4; }
    TableArea SeatBox { height: 4; padding: 0 1; overflow: hidden; }
    TableArea #scores { width: 30; border: round $primary; border-title-color: $accent; }
    """
    PLACES = ("left-top", "center", "right-top", "left-bottom", "bottom", "right-bottom")

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            with Grid(id="seats"):
                for place in self.PLACES:
                    yield SeatBox(id=place)
        yield Plain(id="scores")


def seat_lines(seat: int, view: dict[str, Any], table: list[dict[str, Any]], me: int | None,
               t: Translator, style: CardStyle) -> list[Text]:
    """The text of one seat box, built from the viewer's view only."""
    info = view["seats"][seat]
    meta = table[seat] if seat < len(table) else {"name": f"#{seat}", "auto": False}
    top = view.get("top") or {}
    marker = " "
    if view["to_act"] == seat:
        marker = style.turn_marker
    elif top.get("seat") == seat:
        marker = style.trick_marker
    head = Text(f"{marker} {clip(str(meta['name']), 14)}", style="bold" if seat == me else "",
                no_wrap=True, overflow="ellipsis")
    role = info["role"]
    if role == "emperor":
        head.append(f" [{t('role.emperor')}]", style="bold")
    elif role == "guard" and (seat != me or view.get("guard") == seat):
        head.append(f" [{t('role.guard')}]")
    if seat in view.get("rebels", ()):
        head.append(f" [{t('role.rebel_mark')}]", style="bold")  # R-TRICK-7: marked win or lose
    if seat in view.get("grabs", ()):
        head.append(f" [{t('role.grabbing')}]", style="bold")
    if meta.get("auto"):
        head.append(f" {t('auto')}", style="italic")
    elif not meta.get("connected", True):
        head.append(f" {t('away')}", style="italic")
    second = Text(t("cards_left", n=info["count"]), no_wrap=True, overflow="ellipsis")
    if info["place"]:
        second.append("  " + t.place(info["place"]), style="bold")
    move = info["move"]
    if move == "pass":
        third = Text(t("pass"), style="dim")
    elif move == "yield":
        third = Text(t("yield"), style="italic")  # 让牌: asked again if nobody beats it
    elif move:
        third = style.text(move, {})
        if top.get("seat") == seat:
            third.stylize("bold")
    else:
        third = Text("")
    lines = [head, second, third]
    if seat == me and role == "guard":
        lines.append(Text(t("you.guard"), style="italic"))
    return lines


def score_table(history: list[dict[str, Any]], totals: list[int],
                table: list[dict[str, Any]], t: Translator) -> RichTable:
    """The finished rounds' scores (as many as the host sent) and the totals."""
    grid = RichTable(box=None, pad_edge=False, padding=(0, 0, 0, 1), expand=True)
    grid.add_column("#", justify="right", style="dim")
    for seat in range(5):
        name = str(table[seat]["name"]) if seat < len(table) else str(seat)
        grid.add_column(Text(clip(name, 4)), justify="right", no_wrap=True)
    for record in history:
        grid.add_row(str(record["round"]), *(f"{s:+d}" for s in record["scores"]))
    grid.add_row(Text("Σ", style="bold"), *(Text(f"{s:+d}", style="bold") for s in totals))
    return grid
