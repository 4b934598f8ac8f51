"""Drawing the table's top half and hand from the client's state: the seat boxes, the places
no seat takes, the line of shown cards, the score sheet, the card counter and the hand. Only
what changed is drawn again (``Plain.update`` skips the same words; the score sheet is drawn
only when a score or a name changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widget import Widget
from textual.widgets import Static

from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator
from bhtui.tui.parts import PLACES, TableParts
from bhtui.tui.widgets import (
    SCORES_CELLS,
    EveryHand,
    HandView,
    Plain,
    SeatBox,
    counter_text,
    levels_of,
    score_table,
)
from bhtui.wire import View

if TYPE_CHECKING:
    from bhtui.tui.table import TableScreen


def draw_seats(screen: TableScreen) -> None:
    """Each seat's box, counted from the viewer in play order (its countdown too)."""
    client, parts, model = screen.client, screen.parts, screen.model
    view, me = client.view, client.seat
    assert view is not None
    base = me if me is not None else 0
    colours = screen.app.theme_variables
    seats = len(view["seats"])
    last = client.recall.get("last") or [None] * seats
    for offset, position in parts.positions(seats).items():
        seat = (base + offset) % seats
        box = screen.query_one(f"#{position}", SeatBox)
        box.show(parts.seat_lines(seat, view, client.table, me, screen.t, screen.style,
                                  colours=colours, width=box.size.width or 14,
                                  last=last[seat] if seat < len(last) else None,
                                  seconds=model.seconds(seat)))


def draw_places(root: Widget, parts: TableParts[Any], view: View, names: list[str],
                t: Translator, style: CardStyle) -> None:
    """The places no seat takes, filled with the game's facts as wide as the boxes are."""
    taken = set(parts.positions(len(view["seats"])).values())
    free = [root.query_one(f"#{place}", SeatBox) for place in PLACES if place not in taken]
    boxes = parts.boxes(view, names, t, style, width=free[0].size.width or 14)
    for box in free:
        box.update(boxes.get(box.id or "", ""))


def draw_table(screen: TableScreen) -> None:
    """Everything a view changes but the status line."""
    client, parts, t, style = screen.client, screen.parts, screen.t, screen.style
    view = client.view
    assert view is not None
    names = screen.model.names()
    draw_seats(screen)
    draw_places(screen, parts, view, names, t, style)
    notes = parts.notes(view, names, t, style)
    shown = screen.query_one("#shown", Plain)
    shown.display = notes is not None
    shown.update(notes or "")
    hands = view.get("hands")  # only an open table's watcher is sent them (R-HIDE-3)
    every = screen.query_one("#hands", EveryHand)
    every.display = hands is not None
    if hands is not None:  # (with suits, as the replay's ``v``)
        every.show(names, hands, parts.hand_marks(view, None)[0])
    history, totals, table = client.history, view["totals"], client.table
    pane = screen.query_one("#scores", Static)
    width = pane.size.width or SCORES_CELLS  # (0 until it is laid out)
    levels = levels_of(view)
    scores = (list(history), list(totals), levels, [seat["name"] for seat in table], width)
    if scores != screen.scores_drawn:  # a table is drawn anew each time: only when it changed
        screen.scores_drawn = scores
        pane.update(score_table(history, totals, table, t, width, levels))
    total = view.get("rounds")  # the match's length; None: no fixed length
    pane.border_title = t(parts.words("pane.scores.of" if total else "pane.scores.at"),
                          n=view["round"], total=total)
    recall = client.recall
    screen.query_one("#table").border_subtitle = (
        counter_text(recall, view.get("hand", []), t) if "played" in recall else "")
    screen.query_one(HandView).set_cards(view.get("hand", []), *parts.hand_marks(view, client.seat))
