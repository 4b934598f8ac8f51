"""The table screen's panes, shared by the games: the hand, the seats, the score sheet, the
footer."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual._styles_cache import StylesCache
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets import Input, RichLog, Static
from textual.widgets._footer import FooterKey  # not exported: the footer's keys

from bhtui.cards import GC_RANK, RANK_NAMES
from bhtui.tui.cardstyle import RANKS, CardStyle, joker_word, rank_text
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import PLACES
from bhtui.tui.prose import pack, wrap
from bhtui.wire import HistoryRow, LastMove, Recall, TableSeat, View

RANK_KEYS = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "0": "10",
             "j": "J", "q": "Q", "k": "K", "a": "A", "1": "A", "2": "2", "s": "SJ", "b": "BJ"}
"""The rank each key picks: at the table, and in the demo's try-its (``kkkk`` for K K K K)."""
RANK_ORDER = {**{name: i for i, name in enumerate(RANK_NAMES)}, "GC": GC_RANK}
TAIL_RANKS = ("2", "SJ", "BJ", "GC")  # sorted by size or not, these stay at the high end
UNIT_GAP = 2
MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal a table (live or replayed) is drawn in; below it says so."""


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of this size is below MIN_WIDTH x MIN_HEIGHT."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def too_small_words(t: Translator, width: int, height: int,
                    needed: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT), awaited: str = "") -> str:
    """The "too small" message: the size of this terminal, and the size what it stands in
    for needs (a table: MIN_WIDTH x MIN_HEIGHT; a box such as help: less); below them, after
    a blank line, what waits on the player meanwhile (``TableModel.awaited``). A line each,
    and wrapped here at the terminal's width: folded by Textual, one sentence at 60 columns
    broke before its last word, and the line after began with a space."""
    words = t("small", w=width, h=height, need_w=needed[0], need_h=needed[1])
    return "\n".join(wrap(words + ("\n\n" + awaited if awaited else ""), max(width, 1)))


def clip(text: str, cells: int, mark: str = "…") -> str:
    """``text`` cut to at most ``cells`` terminal cells (CJK counts two), ending in ``mark``
    when cut (the card style's ``ellipsis``)."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > cells - cell_len(mark):
            break
        out += char
    return out + mark


class AsciiScrollBar(ScrollBarRender):
    """A scroll bar for the ascii card style: its thumb in whole cells of colour, without the
    eighth-block glyphs that place its ends finer."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


def card_rank(card: str) -> int:
    """The rank index of a card text (``10H``, or Dou Dizhu's bare ``10``)."""
    return RANK_ORDER[rank_text(card)]


class Footer(TextualFooter):
    """Textual's footer without the command palette key, and without a leak: each rebuild
    binds its new keys to the footer's ``compact`` and the old keys' watchers stay on the
    footer until ``compact`` changes, which it never does here (Textualize/textual#6666).
    Dropping the watchers of keys already removed keeps memory and rebuild time flat."""

    def __init__(self, **kw: Any) -> None:
        kw.setdefault("show_command_palette", False)
        super().__init__(**kw)
        self._shown: tuple[Any, ...] | None = None  # the keys it was last built for

    def _on_offer(self) -> tuple[Any, ...]:
        """What the footer would show: each shown binding (its key, words, action), whether
        it is enabled, its tooltip."""
        return tuple((binding, enabled, tooltip)
                     for _, binding, enabled, tooltip in self.screen.active_bindings.values()
                     if binding.show)

    async def recompose(self) -> None:
        """Rebuilt only when the keys on offer changed. Textual rebuilds the footer on every
        focus change and every dialog opened or closed over its screen, several times for one
        (each rebuild remounts every key and restyles it); most of those change nothing."""
        if not self.is_attached or self._pruning or not self._bindings_ready:
            return
        offer, shown = self._on_offer(), self._shown
        if offer == shown:
            return
        self._shown = offer
        if (shown is not None and [b for b, _, _ in offer] == [b for b, _, _ in shown]
                and self._enable(offer)):
            return  # the same keys: my turn came or went
        await super().recompose()
        # Textual holds every screen's repaint while a rebuild runs and, once it ends, tells
        # only the app's own loop: a screen under this one that changed meanwhile (the table
        # under a round's result, as t turned 托管 off there) stayed as it was drawn before
        # until its next message. Each is asked to look again now.
        for screen in self.app.screen_stack:
            if screen is not self.screen:
                screen.check_idle()

    def _enable(self, offer: tuple[Any, ...]) -> bool:
        """Each key enabled or dimmed (and its tooltip) as ``offer`` says, in place: what
        changes as turns come and go, cheaper than a rebuild of every key. False when a key
        on screen is not on offer (one of an older set still shown): rebuild instead."""
        state: dict[tuple[str, str], tuple[bool, str]] = {}
        for binding, enabled, tooltip in offer:
            state.setdefault((binding.key, binding.action), (enabled, tooltip))
        keys = list(self.query(FooterKey))
        if any((key.key, key.action) not in state for key in keys):
            return False
        for key in keys:
            enabled, tooltip = state[key.key, key.action]
            key._disabled = not enabled  # what a click on it reads
            key.set_class(not enabled, "-disabled")
            key.tooltip = tooltip or None
        return True

    def compose(self) -> ComposeResult:
        watchers = getattr(self, "__watchers", {}).get("compact")
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers
                           if node.is_attached and not node._closing]
        yield from super().compose()


def _cache_colours_not_widgets() -> None:
    """Textual's ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method: its keys
    hold the style caches of up to 1024 widgets long gone, with every line each rendered
    (Textualize/textual#6665). Every dialog, result and footer key of a long 托管 evening
    stayed until a thousand more had come. The two colours it works out need no widget, so
    they are cached by the colours alone (a Textual that no longer caches so is left as is)."""
    cached = StylesCache.__dict__.get("get_inner_outer")
    work_out = getattr(cached, "__wrapped__", None)
    if work_out is None or not hasattr(cached, "cache_clear"):
        return
    by_colours = lru_cache(1024)(lambda base, background: work_out(None, base, background))

    def get_inner_outer(_cache: StylesCache, base: Any, background: Any) -> Any:
        return by_colours(base, background)

    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[assignment]


_cache_colours_not_widgets()


def hand_units(cards: list[str], sort: str = "rank", called: str | None = None) -> list[
        tuple[str, list[int]]]:
    """The hand as units of one rank each: ``(rank, indices into cards)``. Copies of the
    called card come last in their unit; ``sort="size"`` orders units by how many cards they
    hold, 2s and jokers always at the high end."""
    groups: dict[str, list[int]] = {}
    for i, card in enumerate(cards):
        groups.setdefault(rank_text(card), []).append(i)
    for indices in groups.values():
        indices.sort(key=lambda i: (cards[i] == called, i))
    ranks = sorted(groups, key=RANK_ORDER.__getitem__)
    if sort == "size":
        tail = [r for r in ranks if r in TAIL_RANKS]
        rest = sorted((r for r in ranks if r not in TAIL_RANKS),
                      key=lambda r: (len(groups[r]), RANK_ORDER[r]))
        ranks = rest + tail
    return [(rank, groups[rank]) for rank in ranks]


class HandView(Widget, can_focus=True):
    """The player's cards, one unit per rank: ``8×5`` over its suits ``♠♥♣♣♦``. A unit is
    never split across lines; the cursor card has the accent background, selected cards are
    reversed, the called card's copies are hollow (♤) and the marked SJ is a dagger (†)."""

    DEFAULT_CSS = "HandView { height: auto; }"

    cards: reactive[list[str]] = reactive(list, always_update=True, layout=True)
    selected: reactive[list[int]] = reactive(list, always_update=True)
    cursor: reactive[int] = reactive(0)
    sort: reactive[str] = reactive("rank", layout=True)

    class Changed(Message):
        """The selection changed (its ``change``-th change)."""

        def __init__(self, change: int) -> None:
            super().__init__()
            self.change = change

    def __init__(self, style: CardStyle, **kw: Any) -> None:
        super().__init__(**kw)
        self.card_style = style
        self.called: str | None = None
        self.keep_back: str | None = None  # a secret guard's called card: picked last
        self.marked = False  # lianzhong-simple: one of my SJs is the guard card (侍卫牌)
        self._hits: list[tuple[int, int, int, int | str]] = []  # line, x0, x1, card or rank
        self.changes = 0  # how often the selection changed (``Changed`` says which time)

    def set_cards(self, cards: list[str], called: str | None, keep_back: str | None,
                  marked: bool = False) -> None:
        """A view that changes neither the cards nor their marks changes nothing here (the
        hand's height follows its cards: a new layout only when they change)."""
        marks = (called, keep_back, marked)
        if marks != (self.called, self.keep_back, self.marked):
            self.called, self.keep_back, self.marked = marks
            self.refresh()
        if cards != self.cards:
            self.selected = []
            self.cursor = min(self.cursor, max(len(cards) - 1, 0))
            self.cards = list(cards)

    @property
    def units(self) -> list[tuple[str, list[int]]]:
        return hand_units(self.cards, self.sort, self.called)

    @property
    def order(self) -> list[int]:
        """Card indices in the order they are shown (the cursor walks this)."""
        return [i for _, indices in self.units for i in indices]

    def selection(self) -> list[str]:
        return [self.cards[i] for i in self.selected]

    def _changed(self) -> None:
        self.changes += 1
        self.post_message(self.Changed(self.changes))

    def holds(self, rank: int) -> bool:
        return any(card_rank(c) == rank for c in self.cards)

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
        self.select(chosen)

    def run_from(self, order: list[int], lengths: dict[int, int] | None = None) -> list[int]:
        """The cards of a run from the lowest picked rank (by ``order``, the ranks a run goes
        up through): as many of each following rank as are picked of that one, as far as the
        hand has them, or as the run to beat is long (``lengths``: ranks by cards a rank, when
        following one) — those of the lowest picked rank alone when the hand does not go on
        (whether it is long enough is the game's to say). Empty when nothing is picked or the
        lowest picked rank starts no run."""
        picked = {card_rank(self.cards[i]) for i in self.selected}
        start = next((k for k, r in enumerate(order) if r in picked), None)
        if start is None:
            return []
        low = order[start]
        width = min(3, sum(1 for i in self.selected if card_rank(self.cards[i]) == low))
        held: dict[int, list[int]] = {}
        for i, card in enumerate(self.cards):
            held.setdefault(card_rank(card), []).append(i)
        most = (lengths or {}).get(width, len(order))
        run: list[int] = []
        for rank in order[start:start + most]:  # Shanghai's A may come twice (low and high)
            free = [i for i in held.get(rank, ()) if i not in run]
            if len(free) < width:
                break
            run += free[:width]
        return run

    def select(self, indices: list[int]) -> None:
        """Select exactly the cards at ``indices`` (a run)."""
        self.selected = list(indices)
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

    def cursor_card(self) -> int | None:
        order = self.order
        return order[self.cursor] if 0 <= self.cursor < len(order) else None

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.cards):
            return
        self.cursor = self.order.index(index)
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
        else:
            self.selected = [*self.selected, index]
        self._changed()

    def on_click(self, event: events.Click) -> None:
        """A click on a suit toggles that card; on a unit's rank, adds one card of it."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, x0, x1, target in self._hits:
            if line == offset.y and x0 <= offset.x < x1:
                if isinstance(target, int):
                    self.toggle(target)
                else:
                    self.add_rank(RANK_ORDER[target])
                return

    def _marked_index(self) -> int | None:
        if not self.marked:
            return None
        jokers = [i for i, c in enumerate(self.cards) if c == "SJ"]
        return jokers[-1] if jokers else None

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._lines(width)))

    def render(self) -> Text:
        lines = self._lines(self.size.width)
        return Text("\n", no_wrap=True).join(lines) if lines else Text(self.card_style.plain("—"))

    def _lines(self, width: int) -> list[Text]:
        """Two lines per row of units (ranks, then suits); also records where each card is
        for clicks."""
        colours = self.app.theme_variables
        style, width = self.card_style, max(width, 8)
        accent = colours.get("accent", "yellow")
        cursor = self.cursor_card() if self.has_focus else None
        marked = self._marked_index()
        rows: list[list[tuple[Text, Text, int, str, list[int]]]] = [[]]
        used = 0
        for rank, indices in self.units:
            head = Text(rank, style="bold")
            head.append(f"{style.times}{len(indices)}", style="dim")
            glyphs = Text()
            for i in indices:
                card = self.cards[i]
                look = style.colour(card, colours)
                if i in self.selected:
                    look += Style(reverse=True, bold=True)
                if i == cursor:
                    look += Style(underline=True, bold=True)
                    if i not in self.selected:
                        look += Style(bgcolor=accent, color=colours.get("background", "black"))
                glyphs.append(style.glyph(card, card == self.called, i == marked), style=look)
            unit = max(cell_len(head.plain), len(indices))
            if rows[-1] and used + UNIT_GAP + unit > width:
                rows.append([])
                used = 0
            used += (UNIT_GAP if rows[-1] else 0) + unit
            rows[-1].append((head, glyphs, unit, rank, indices))
        lines: list[Text] = []
        self._hits = []
        for row in rows:
            top, bottom, x = Text(no_wrap=True), Text(no_wrap=True), 0
            for head, glyphs, unit, rank, indices in row:
                if x:
                    top.append(" " * UNIT_GAP)
                    bottom.append(" " * UNIT_GAP)
                    x += UNIT_GAP
                self._hits.append((len(lines), x, x + cell_len(head.plain), rank))
                for k, i in enumerate(indices):
                    self._hits.append((len(lines) + 1, x + k, x + k + 1, i))
                top.append_text(head)
                top.append(" " * (unit - cell_len(head.plain)))
                bottom.append_text(glyphs)
                bottom.append(" " * (unit - len(indices)))
                x += unit
            lines += [top, bottom]
        return lines if self.cards else []


class Plain(Static):
    """A Static that never reads markup: names, chat and reasons come from other people, and
    "[/]" in a name must show as text, not break the screen. Styling goes through Text."""

    def __init__(self, content: Any = "", **kw: Any) -> None:
        kw.setdefault("markup", False)
        super().__init__(content, **kw)

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """The table updates its panes on every view, and most views change one or two of
        them: the same words again change nothing on screen, and new words in a box whose size
        the stylesheet fixes need a repaint of that box, not a new layout of the screen."""
        if _same(content, self.content):
            return
        styles = self.styles
        sized_by_content = not styles.height or styles.height.is_auto or (
            styles.width is not None and styles.width.is_auto)
        super().update(content, layout=layout and sized_by_content)


class Field(Input):
    """A text field with a most length (``max_length``) that says when it is reached: Textual
    takes no key past it and a paste that would pass it not at all, without a word — a
    300-character chat went as its first 200, the sender never told. The part that fits is
    taken, and ``Full`` is posted once each time the field fills (its screen says so)."""

    class Full(Message):
        """The field took no more: ``most`` characters is all it holds."""

        def __init__(self, most: int) -> None:
            super().__init__()
            self.most = most

    _told = False  # Full posted, and the field still full

    def replace(self, text: str, start: int, end: int) -> None:
        most, value = self.max_length or 0, self.value
        low, high = sorted((max(0, start), min(len(value), end)))
        room = most - (len(value) - (high - low)) if most else len(text)
        super().replace(text[:max(0, room)], start, end)
        if len(text) > room and not self._told:
            self.post_message(self.Full(most))
        self._told = len(text) > room or (self._told and len(self.value) >= most)


class TableLog(RichLog):
    """The table's log, kept at its end as its pane changes size until the player scrolls it
    up, and again once he scrolls back down: a write scrolls to the end, a resize did not,
    and a pane grown to hold every line and shrunk again showed its first, "Round 1 dealt",
    from then on. Textual's anchor keeps a widget at its end; a scroll view's own scroll
    watcher leaves out the widget's step that anchors it again at the end."""

    def on_mount(self) -> None:
        self.anchor()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._check_anchor()


class Prose(Plain):
    """Paragraphs wrapped here (``prose.wrap``) at the widget's own width, again on each
    resize: Chinese breaks only where its type allows, a key list wraps under its words."""

    def __init__(self, text: str = "", cards: CardStyle | None = None, **kw: Any) -> None:
        """``cards``: the card style whose colours the cards named in the text are drawn in
        (the demo's), as the table draws them; None leaves the text one colour."""
        super().__init__(text, **kw)
        self.text, self.cards = text, cards

    def on_mount(self) -> None:
        if self.cards is not None:  # (the cards' colours are the theme's)
            self.app.theme_changed_signal.subscribe(self, lambda _: self._wrap())

    def show(self, text: str) -> None:
        self.text = text
        self._wrap()

    def on_resize(self) -> None:
        self._wrap()
        # The layout again once the resize is handled: asked for while handling it, it was
        # lost, and lines more than Textual's own wrap made (a long path) went off the box.
        self.call_after_refresh(self.refresh, layout=True)

    def _wrap(self) -> None:
        width = self.size.width
        if width > 0:
            text = Text("\n".join(wrap(self.text, width)))
            if self.cards is not None:
                self.cards.paint(text, self.app.theme_variables)
            self.update(text)


class Packed:
    """Clauses after a head, wrapped between clauses only, at the width they are drawn at
    (``prose.pack``): a round's tribute never reads "Liu →" / "Wang BJ" (Rich breaks at any
    space, and Chinese between any two characters), and is never drawn unwrapped first."""

    def __init__(self, t: Translator, key: str, clauses: Sequence[str]) -> None:
        """``key``'s text with its ``{items}`` the clauses, as ``t.join`` sets them."""
        self.head, _, self.tail = t(key, items="\0").partition("\0")
        self.clauses = [*clauses[:-1], clauses[-1] + self.tail] if clauses else [self.tail]
        self.separator = t.separator(clauses=True)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(pack(self.head, self.clauses, self.separator, options.max_width)))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = cell_len(self.head + self.separator.join(self.clauses))
        return Measurement(min(whole, max(map(cell_len, [self.head, *self.clauses]))), whole)


class StatusLine(Plain):
    """A line bound to a screen's text (``data_bind``): redrawn only when its words change."""

    text = reactive("", layout=False)

    def watch_text(self, text: str) -> None:
        self.update(text)


def _same(a: Any, b: Any) -> bool:
    """Two contents that show the same: equal strings, or texts with the same characters,
    styles and layout (rich compares a text's characters and spans only)."""
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if isinstance(a, Text) and isinstance(b, Text):
        return a == b and (a.style, a.justify, a.overflow, a.no_wrap, a.end) == (
            b.style, b.justify, b.overflow, b.no_wrap, b.end)
    return False


SEAT_ROWS = 4
"""A seat box's lines, and those of the places beside the seats (TableArea's CSS)."""
_MEASURE = Console(file=io.StringIO(), width=500, color_system=None)


def rows(lines: Sequence[Text], width: int) -> int:
    """How many rows ``lines`` take in a box ``width`` cells wide, wrapped as Textual draws
    them (rich keeps a no-break space's words together, Textual breaks there)."""
    return sum(len(Content.from_rich_text(line, _MEASURE).wrap(max(1, width)))
               for line in lines)


class SeatBox(Plain):
    """One seat: marker, name, badges; cards left or place, 上家/下家; the last set; the
    countdown or the viewer's own secret role."""

    def show(self, lines: list[Text]) -> None:
        self.update(Text("\n").join(lines))


class TableArea(Horizontal):
    """The seats around the table (counted from the viewer in play order), the places the
    game fills with its own facts, and the scores. The middle column (my own seat, under the
    round's facts) is a cell wider than the side ones: at 80 columns it holds my role and 托管
    whole ("you: guard 托管", "你是保皇派 托管": 15 cells), the side seats keeping their 14 —
    the scores pane gave the table that cell. Wider, the scores pane takes a third of the
    width for more rounds beside the names (at 120 columns it stayed 29, the latest rounds
    only, beside a table with room to spare)."""

    DEFAULT_CSS = """
    TableArea { height: 10; }
    TableArea #table { width: 1fr; border: round $primary; border-title-color: $accent;
                       border-subtitle-color: $accent; }
    TableArea #seats { grid-size: 3 2; grid-columns: 16fr 17fr 16fr; grid-rows: 4 4; }
    TableArea SeatBox { height: 4; padding: 0 1; overflow: hidden; }
    TableArea #scores { width: 36%; min-width: 29; border: round $primary;
                        border-title-color: $accent; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            with Grid(id="seats"):
                for place in PLACES:
                    yield SeatBox(id=place)
        yield Plain(id="scores")


def seat_lines(seat: int, view: View, table: list[TableSeat], me: int | None,
               t: Translator, style: CardStyle, *, colours: dict[str, str] | None = None,
               width: int = 14, last: LastMove | None = None,
               seconds: int | None = None, badges: Text | None = None,
               shown: Callable[[list[str]], list[str]] = list) -> list[Text]:
    """The four lines of one seat box in ``width`` cells, from the viewer's view only: the
    name; cards left (or the place) and 上家/下家 for the neighbours; the last move, kept
    until the seat acts again (``last``); the game's ``badges`` (roles), 托管 or away, and the
    turn timer (``seconds``); ``shown`` puts a set's cards in the order the game shows them."""
    colours = colours or {}
    # A seat and the top of either game: both have a seat, a count and a move; Baohuang's
    # seat a place too.
    info: Mapping[str, Any] = view["seats"][seat]
    meta: Mapping[str, Any] = table[seat] if seat < len(table) else {"name": f"#{seat}",
                                                                     "auto": False}
    top: Mapping[str, Any] = view.get("top") or {}
    marker = " "
    if view["to_act"] == seat:
        marker = style.turn_marker
    elif top.get("seat") == seat:
        marker = style.trick_marker
    head = Text(f"{marker} {clip(str(meta['name']), max(3, width - 2), style.ellipsis)}",
                style="bold" if seat == me else "", no_wrap=True, overflow="ellipsis")
    if info.get("place"):
        second = Text(t.place(info["place"]), style="bold", no_wrap=True, overflow="ellipsis")
    else:
        key = "cards_left_one" if info["count"] == 1 else "cards_left"
        second = Text(t(key, n=info["count"]), no_wrap=True, overflow="ellipsis")
    if me is not None and seat != me:
        step, seats = (seat - me) % len(view["seats"]), len(view["seats"])
        if step in (1, seats - 1):  # the neighbours: play goes to 下家 (and Baohuang's
            # emperor card to 上家)
            second.append(" " + t("next_seat" if step == 1 else "previous_seat"), style="bold")
    if last is None:
        move, old = info["move"], False
    else:
        move, old = last["move"], last.get("old", False)
    if move == "pass":
        third = Text(t("pass"), style="dim")
    elif move == "yield":
        third = Text(t("yield"), style="italic")  # 让牌: asked again if nobody beats it
    elif move:
        cards = shown(move.split() if isinstance(move, str) else move)
        called = view.get("called")  # (Baohuang's: Dou Dizhu calls no card)
        third = style.set_text(cards, colours, width, called if isinstance(called, str) else None)
        if top.get("seat") == seat:
            third.stylize("bold")
    else:
        third = Text("")
    if old:
        third.stylize("dim")  # from an earlier trick: kept until the seat acts again
    state = Text()
    if meta.get("auto"):
        state.append(t("auto"), style="italic")
    elif not meta.get("connected", True):
        state.append(t("away"), style="italic")
    if seconds is not None:
        if state:
            state.append(" ")
        state.append(t("timer.short", n=seconds), style="bold reverse" if seconds <= 5 else "bold")
    lines = [head, second, third]
    for line in lines:  # cut here in the style's ellipsis: Rich's own is always "…"
        style.cut(line, width)
    return [*lines, _roles_and_state(badges, state, width, style)]


def _roles_and_state(badges: Text | None, state: Text, width: int, style: CardStyle) -> Text:
    """A seat box's last line: the game's badges (roles), then the seat's state whole — 托管
    or away, and the turn timer. At 80 columns "[emperor] " before it cut 托管 to "托……",
    which said nothing; the badges give way instead, cut or, in a box too narrow for any of
    them beside the state, left out."""
    out = badges.copy() if badges is not None else Text(no_wrap=True, overflow="ellipsis")
    out.rstrip()  # (each badge ends in a space)
    if state:
        room = width - cell_len(state.plain) - 1  # a cell between them
        if cell_len(out.plain) > room:
            if room > cell_len(style.ellipsis):
                style.cut(out, room)
            else:
                out = Text(no_wrap=True, overflow="ellipsis")
        if out:
            out.append(" ")
        out.append_text(state)
    style.cut(out, width)  # (the state alone wider than the box)
    return out


SCORES_CELLS = 27  # inside the scores pane's border at 80 columns (TableArea)


def score_table(history: Sequence[HistoryRow], totals: list[int],
                table: list[TableSeat], t: Translator, width: int = SCORES_CELLS,
                levels: Sequence[int] | None = None) -> RichTable:
    """A row per seat: the name, as many of the latest finished rounds as fit beside it (the
    round numbers above), and, always, the total. Names come first: at 80×24 five names
    four cells wide ("Zha…") told nobody who was who; they get what they need, cut only to
    leave the total and the latest round (two 13-character CJK names left only Σ, no round
    at all), and a cut keeps two names apart. The result screens show every round.
    ``levels``: Shanghai's level points so far (the view's), a column after Σ once a deal
    has ended."""
    latest_cells, total = (_round_cells(history[-1]) if history else 0), t.plain("Σ")
    levels = levels if history else None  # (all 0 before a deal ends: names keep the room)
    level_cells = _cells(levels, t("ddz.levels_short")) if levels is not None else 0
    names = apart([str(table[s]["name"]) if s < len(table) else str(s)
                   for s in range(len(totals))],
                  max(3, width - 1 - _cells(totals, total) - level_cells - latest_cells),
                  t.plain("…"))
    name_cells = 1 + max(cell_len(n) for n in names) if names else 0  # 1: off the border
    room, shown = width - name_cells - _cells(totals, total) - level_cells, 0
    while shown < len(history) and _round_cells(history[-1 - shown]) <= room:
        room -= _round_cells(history[-1 - shown])
        shown += 1
    latest = list(history[len(history) - shown:])
    grid = RichTable(box=None, padding=(0, 0, 0, 1), expand=True)
    grid.add_column(no_wrap=True)
    for record in latest:
        grid.add_column(Text(str(record["round"]), style="dim"), justify="right", no_wrap=True)
    grid.add_column(Text(total, style="bold"), justify="right", no_wrap=True)
    if levels is not None:
        grid.add_column(Text(t("ddz.levels_short"), style="bold"), justify="right", no_wrap=True)
    for seat, name in enumerate(names):
        grid.add_row(Text(name), *(f"{r['scores'][seat]:+d}" for r in latest),
                     Text(f"{totals[seat]:+d}", style="bold"),
                     *([f"{levels[seat]:+d}"] if levels is not None else []))
    return grid


def levels_of(view: View | Mapping[str, Any] | None) -> list[int] | None:
    """The match's level points so far (Shanghai's 级分, S-LEVEL-1), as its view carries
    them; None in a game without them."""
    return None if view is None else cast(Mapping[str, Any], view).get("levels")


def _cells(values: Sequence[int], head: str) -> int:
    """A right-aligned column of these numbers under ``head``, with its one cell of gap."""
    return max([cell_len(head), *(len(f"{v:+d}") for v in values)]) + 1


def _round_cells(record: HistoryRow) -> int:
    return _cells(record["scores"], str(record["round"]))


def apart(names: list[str], cells: int, mark: str = "…") -> list[str]:
    """Each name cut to ``cells`` cells; names a plain cut would make alike keep their ends
    too ("Wang X…ing 1", "Wang X…ing 2"), so the table never shows two seats as one."""
    cut = [clip(name, cells, mark) for name in names]
    return [clip_middle(name, cells, mark) if any(c == cut[i] and names[j] != name
                                                  for j, c in enumerate(cut)) else cut[i]
            for i, name in enumerate(names)]


def clip_middle(text: str, cells: int, mark: str = "…") -> str:
    """``text`` in at most ``cells`` cells, its start and its end kept around ``mark``."""
    if cell_len(text) <= cells:
        return text
    tail = ""
    for char in reversed(text):
        if cell_len(char + tail) > (cells - cell_len(mark)) // 2:
            break
        tail = char + tail
    return clip(text, cells - cell_len(tail), mark) + tail


NAME_CELLS = 11
"""A seat's name in the every-hand view, cut to 10 cells and a gap."""


class EveryHand(Widget):
    """Every seat's hand — a replay's ``v``, an open table's watcher (``--open-spectating``)
    — a line a seat: each rank with the suits of its cards, the
    called card's copies hollow (``10♠♥♡``), as the table and the replay's own hand draw
    them. A whole Baohuang hand takes 75 cells or so: at 120 columns every suit fits; at 80
    the pane has 65 beside the names, and two lines a hand (or hands wrapped) left the log
    no row of 24. There a seat's ranks of most cards are counted instead, biggest first
    (``6×5`` in 3 cells, ``6♠♥♣♦♦`` in 6) until the line fits, the called card's rank last:
    a full hand reads ``3×5 4♣♣ 5×3 … Q♠♣♣♧♧``, suits wherever they fit, the guard's copies
    in sight, and each hand shows every suit once it is down to 30 cards or so. Cards
    without a suit (Dou Dizhu's) and jokers (their glyph says no more than their name) are
    counted."""

    DEFAULT_CSS = "EveryHand { height: auto; }"

    def __init__(self, style: CardStyle, **kw: Any) -> None:
        super().__init__(**kw)
        self.card_style = style
        self.hands: list[tuple[str, list[str]]] = []
        self.called: str | None = None

    def show(self, names: list[str], hands: list[list[str]], called: str | None) -> None:
        self.hands, self.called = list(zip(names, hands, strict=False)), called
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.hands))

    def render(self) -> Text:
        style = self.card_style
        rows = []
        for name, hand in self.hands:
            cut = clip(name, NAME_CELLS - 1, style.ellipsis)
            row = Text(cut + " " * (NAME_CELLS - cell_len(cut)), style="bold", no_wrap=True)
            rows.append(row.append_text(self._line(hand, self.size.width - NAME_CELLS)))
        return Text("\n", no_wrap=True).join(rows)

    def _line(self, hand: list[str], width: int) -> Text:
        """The hand in ``width`` cells if it can be: its ranks of most cards counted first."""
        style, colours, called = self.card_style, self.app.theme_variables, self.called
        units = hand_units(hand, called=called)
        if not units:
            return Text(style.plain("—"))
        counted = {rank for rank, indices in units if all(hand[i] in RANKS for i in indices)}

        def cells(rank: str, n: int) -> int:  # a unit and the gap before it
            return 1 + cell_len(rank) + (1 + len(str(n)) if rank in counted else n)

        over = sum(cells(rank, len(indices)) for rank, indices in units) - 1 - width
        for rank, indices in sorted(units, key=lambda u: (any(hand[i] == called for i in u[1]),
                                                          -len(u[1]))):
            if over <= 0:
                break
            if len(indices) > 2 and rank not in counted:  # (one or two: a count is no shorter)
                over -= len(indices) - 1 - len(str(len(indices)))
                counted.add(rank)
        out = Text(no_wrap=True)
        for rank, indices in units:
            if out:
                out.append(" ")
            out.append(style.plain(rank), style="bold")
            if rank in counted:
                out.append(f"{style.times}{len(indices)}", style="dim")
                continue
            for i in indices:
                card = hand[i]
                out.append(style.glyph(card, card == called), style=style.colour(card, colours))
        return out


def counter_text(recall: Recall, hand: list[str], t: Translator) -> str:
    """记牌器: of the ranks the game counts (jokers, 2s and aces), how many are still out in
    other hands: the deck's, less those played and those in my hand (in Chinese the jokers
    in words, 大王×2, as every dialog names them)."""
    played, deck = recall.get("played") or {}, recall.get("deck") or {}
    mine = dict.fromkeys(deck, 0)
    for card in hand:
        rank = rank_text(card)
        if rank in mine:
            mine[rank] += 1
    times = t.plain("×")
    parts = [f"{joker_word(rank, t.language)}{times}{deck[rank] - played.get(rank, 0) - mine[rank]}"
             for rank in deck]
    return t("counter", items=t.plain(" · ").join(parts))
