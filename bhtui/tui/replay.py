"""Stepping through a saved game of any game: by action, by trick, by round; public view by
default, every hand for a finished game or one nobody but its one player sat at (against
bots). The rules demo's commented rounds use the same screen. The game's screen parts draw
its seats and words."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from bhtui.store.replay import Replay
from bhtui.tui import STYLES
from bhtui.tui.cardstyle import CardStyle, rank_counts_words
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.parts import PLACES
from bhtui.tui.widgets import Plain, SeatBox, TableArea, clip, score_table
from bhtui.wire import TableSeat


class ReplayScreen(Localized, Screen[None]):
    CSS_PATH = STYLES / "replay.tcss"
    BINDINGS = [
        Binding("right", "step(1)", "Next", id="replay.next"),
        Binding("left", "step(-1)", "Back", id="replay.prev"),
        Binding("right_square_bracket", "trick(1)", show=False, id="replay.trick_next"),
        Binding("left_square_bracket", "trick(-1)", show=False, id="replay.trick_prev"),
        Binding("pagedown", "round(1)", show=False, id="replay.round_next"),
        Binding("pageup", "round(-1)", show=False, id="replay.round_prev"),
        Binding("home", "jump(0)", show=False, id="replay.home"),
        Binding("end", "jump(-1)", show=False, id="replay.end"),
        Binding("v", "hands", "Hands", id="replay.hands"),
        Binding("escape", "leave", show=False, id="replay.leave"),
    ]

    def __init__(self, replay: Replay, t: Translator, style: CardStyle,
                 show_all: bool = False, comments: dict[int, str] | None = None) -> None:
        super().__init__()
        self.replay, self.t, self.style = replay, t, style
        self.parts = parts_for(replay.game)
        self.position = 0
        self.show_all = show_all and replay.hands_open
        self.note: str | None = None
        self.comments = comments or {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield TableArea()
            log = RichLog(id="r-log", wrap=True, markup=False)
            log.can_focus = False  # keys step the game; they must not scroll the log
            yield log
            yield Plain(id="r-hands")
            yield Plain(id="r-status")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    @property
    def table_meta(self) -> list[TableSeat]:
        return [{"name": n, "kind": "human", "auto": False, "connected": True, "ready": True,
                 "level": None} for n in self.replay.names]

    def show(self) -> None:
        replay, t = self.replay, self.t
        match = replay.match_at(self.position)
        view = match.view("all" if self.show_all else None)
        positions = self.parts.positions(replay.seats)
        for offset, place in positions.items():
            lines = self.parts.seat_lines(offset, view, self.table_meta, None, t, self.style)
            self.query_one(f"#{place}", SeatBox).show(lines)
        boxes = self.parts.boxes(view, replay.names, t, self.style)
        for place in PLACES:
            if place not in positions.values():
                self.query_one(f"#{place}", SeatBox).update(boxes.get(place, ""))
        scores = score_table(match.history, view["totals"], self.table_meta, t)
        self.query_one("#scores", Static).update(scores)
        log = self.query_one("#r-log", RichLog)
        log.clear()
        roles: dict[str, Any] = {"preset": replay.preset}  # and who held which role when
        for k, events in enumerate(replay.events[:self.position + 1]):
            for event in events:
                roles.update(self.parts.roles(event))
                if "private" in event:
                    continue  # words for one seat ("you are the guard"), not for a replay
                line = self.parts.describe(event, replay.names, t, roles, self.style.name)
                if line:
                    log.write(line)
            if k in self.comments:
                log.write(Text("» " + self.comments[k], style="italic"))
        hands = self.query_one("#r-hands", Static)
        hands.display = self.show_all
        if self.show_all:  # one line a seat: ranks with counts fit 80 columns
            rows = [Text.assemble((f"{clip(replay.names[s], 10):<10} ", "bold"),
                                  rank_counts_words(view["hands"][s], self.style.times), no_wrap=True)
                    for s in range(replay.seats)]
            hands.update(Text("\n").join(rows))
        shown = t("replay.all_hands") if self.show_all else t("replay.public")
        status = t("replay.status", k=self.position, n=len(replay), round=view["round"], hands=shown)
        if self.note:
            status, self.note = f"{status} — {self.note}", None
        said = [k for k in self.comments if k <= self.position]
        comment = f"» {self.comments[max(said)]}\n" if said else ""
        self.query_one("#r-status", Static).update(comment + status + "\n" + t("replay.keys"))

    def _go(self, position: int) -> None:
        self.position = max(0, min(position, len(self.replay)))
        self.show()

    def action_step(self, delta: int) -> None:
        self._go(self.position + delta)

    def action_trick(self, direction: int) -> None:
        r = self.replay
        self._go(r.next_trick(self.position) if direction > 0 else r.previous_trick(self.position))

    def action_round(self, direction: int) -> None:
        number = self.replay.match_at(self.position).view(None)["round"] + direction
        if number > len(self.replay.round_starts):
            self._go(len(self.replay))
        else:
            self._go(self.replay.round_start(max(1, number)))

    def action_jump(self, where: int) -> None:
        self._go(len(self.replay) if where < 0 else where)

    def action_hands(self) -> None:
        if self.replay.hands_open:
            self.show_all = not self.show_all
        else:
            self.note = self.t("replay.not_finished")
        self.show()

    def action_leave(self) -> None:
        """Back to what opened the replay (the demo); alone, there is nothing to go back to."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()

