"""Stepping through a saved game of any game: by action (a round's end before its next deal
a step of its own, ``Replay.positions``), by trick, by round; every hand for a
finished game or one nobody but its one player sat at (against bots), the host's own hand at
a table he hosted (its log names his seat), else the public view. The rules demo's commented
rounds use the same screen. The game's screen parts draw its seats and words.

A saved game's analysis (``bhtui.analysis``, issue 31) is shown as it comes: ``a`` starts
it in a worker thread (or stops it), the status line counts the decisions weighed, and once
done each of the seat's decisions shows hard's choice beside it, the mistakes marked in the
log, ``n`` jumping to the next one. ``p`` plays on from the moment shown, ``d`` plays the
deal shown once more (``tui/playon.py``)."""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer, Static

from bhtui.analysis import (
    PLAYOUTS,
    Cancelled,
    Decision,
    Review,
    analyse,
    cached,
    decisions_of,
    moves_said,
    save,
)
from bhtui.net.recall import TrickRecall
from bhtui.store.replay import Replay
from bhtui.tui import STYLES
from bhtui.tui.analysis_words import laid_order, move_words
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.games import parts_for
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.modal import follow_size
from bhtui.tui.tableview import draw_places
from bhtui.tui.widgets import (
    SCORES_CELLS,
    EveryHand,
    HandView,
    Plain,
    SeatBox,
    TableArea,
    clip,
    counter_text,
    levels_of,
    score_table,
    too_small,
    too_small_words,
)
from bhtui.wire import Event, Recall, TableSeat

STATUS_PADDING = 2
"""The status line's padding, a cell each side (``replay.tcss``)."""
FIGURES = 1
"""Places the verdict's means and cost are shown to: the cost is the difference of the means
as shown (``Decision.figures``), and a round's summary the sum of the costs as shown."""


class StepLog(ScrollView, can_focus=False):  # (keys step the game, not scroll it)
    """The replay's log: the lines up to the position shown, in groups, one a position.

    Textual's ``RichLog`` wraps a line as it is written and can only be cleared: rewritten
    whole at each step, a 14-round game's 3,800 lines took 1.5 s a step at its end. Here a
    step forward wraps its own lines, a step back drops the later groups, and a new width
    (a resize, or the first layout) wraps them all again."""

    DEFAULT_CSS = "StepLog { background: $surface; color: $foreground; overflow-y: scroll; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.groups: list[list[Text]] = []
        self.lines: list[Strip] = []
        """The groups' lines wrapped, as far as they are (none before the width is known)."""
        self._ends: list[int] = []  # how many lines once each group wrapped is in
        self._width = 0  # the width they were wrapped at

    def add(self, groups: list[list[str | Text]]) -> None:
        """The next positions' lines, at the end (where the view goes)."""
        self.groups += [[Text(line) if isinstance(line, str) else line for line in group]
                        for group in groups]
        self._wrap()

    def keep(self, groups: int) -> None:
        """Only the first ``groups`` groups (nothing at all: 0)."""
        if groups < len(self.groups):
            del self.groups[groups:], self._ends[groups:]
            del self.lines[self._ends[-1] if self._ends else 0:]
            self._wrap()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self.lines.clear()
            self._ends.clear()
            self._wrap()

    def _wrap(self) -> None:
        """Wrap the groups not yet wrapped, at the width the log has, and show the last."""
        self._width = width = self.scrollable_content_region.width
        if width > 0:
            console = self.app.console
            options = console.options.update_width(width)
            for group in self.groups[len(self._ends):]:
                for text in group:
                    plain = text.plain  # (most lines: no style, and they fit)
                    if not (text.style or text.spans or "\n" in plain) and text.cell_len <= width:
                        lines = [Strip([Segment(plain)], text.cell_len)]
                    else:
                        lines = Strip.from_lines(list(Segment.split_lines(
                            console.render(text, options)))) or [Strip.blank(width)]
                    self.lines += [line.adjust_cell_length(width) for line in lines]
                self._ends.append(len(self.lines))
        self.virtual_size = Size(width, len(self.lines))
        self.scroll_end(animate=False, immediate=False, x_axis=False)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        y += self.scroll_offset.y
        line = self.lines[y] if y < len(self.lines) else Strip.blank(width)
        return line.crop_extend(0, width, self.rich_style).apply_style(self.rich_style)


class Told:
    """What the log has told up to a position, fed its events one position after another
    (``Replay.positions``): the roles it named, the events it told (a line looks back at
    those before it), and what the table remembered then (``TrickRecall``: each seat's last
    move, the counted ranks played)."""

    def __init__(self, replay: Replay, roles_of: Callable[[Event], dict[str, Any]]) -> None:
        self.replay, self.roles_of = replay, roles_of
        self.position = -1  # (events[0] are the deal's, before any action: position 0's)
        self.recall = self._recall()
        self.roles: dict[str, Any] = {"preset": replay.preset, "options": replay.options}
        self.events: list[Event] = []
        self._deals: list[tuple[int, dict[str, Any], int]] = [(0, dict(self.roles), 0)]
        """Each deal fed: its position, and the roles and how many events were told before."""

    def _recall(self) -> TrickRecall:
        game = self.replay.played
        return TrickRecall(self.replay.seats, game.move_of, game.counted(self.replay.rules),
                           game.stand_ins)

    def feed(self, k: int) -> Iterator[Event]:
        """Position ``k``'s events fed (the next position's): yields each the log tells,
        before it joins ``events``."""
        events = self.replay.positions[k].events
        if k and any(event.get("type") == "deal" for event in events):
            self._deals.append((k, dict(self.roles), len(self.events)))
        for event in events:
            self.recall.feed(event)
            self.roles.update(self.roles_of(event))
            if "private" not in event:  # (words for one seat, "you are the guard": not told)
                yield event
                self.events.append(event)
        self.position = k

    def back_to(self, position: int) -> None:
        """Back to before the deal of ``position``'s round: the table remembers nothing from
        before a deal (``TrickRecall``), so a step back feeds only that round again."""
        at = max(0, bisect_right(self._deals, position, key=lambda deal: deal[0]) - 1)
        k, roles, told = self._deals[at]
        del self._deals[at + 1:], self.events[told:]
        self.recall, self.roles, self.position = self._recall(), dict(roles), k - 1


class ReplayScreen(Localized, Screen[None]):
    CSS_PATH = STYLES / "replay.tcss"
    SAYS_TOO_SMALL = True
    """Below 80x24 it shows why it is gone; so do the boxes about it (``RoomyDialog``)."""
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
        Binding("a", "analyse", "Analyse", id="replay.analyse"),
        Binding("n", "mistake", "Mistake", id="replay.mistake"),
        Binding("p", "play_on", "Play on", id="replay.play_on"),
        Binding("d", "again", "Deal again", id="replay.again"),
        Binding("s", "seat", show=False, id="replay.seat"),
        Binding("escape", "leave", show=False, id="replay.leave"),
    ]

    def __init__(self, replay: Replay, t: Translator, style: CardStyle,
                 show_all: bool = False, comments: dict[int, str] | None = None,
                 source: str = "replay") -> None:
        """``source``: what the texts call this screen to a game played on from it
        (``BhtuiApp.switch_session``): the demo's round is no replay to its reader."""
        super().__init__()
        self.source = source
        self.replay, self.t, self.style = replay, t, style
        self.parts = parts_for(replay.game)
        self.position = 0
        self.show_all = show_all and replay.hands_open
        self._note: tuple[str, int] | None = None
        self.comments = comments or {}
        self.seat = replay.own_seat
        """Whose decisions the analysis weighs: the player's own (what he saw, no more)."""
        self._review: Review | None = None
        self._told = Told(replay, self.parts.roles)  # what the log has told, so far
        self.analysis: str | None = None  # the analysis's state, as the status line says it
        self._stop: threading.Event | None = None
        self._round = 1  # the round shown
        self._deals = [k for k, at in enumerate(replay.positions) if at.dealt]
        """The positions of the rounds dealt after the first (``Position.dealt``)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield TableArea()
            yield StepLog(id="r-log")
            yield EveryHand(self.style, id="r-hands")
            hand = HandView(self.style, id="r-hand")
            hand.can_focus = False  # (as the log: the arrows step the game)
            yield hand
            yield Plain(id="r-status")
        yield Plain(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        t = self.t
        self.query_one("#table").border_title = t("pane.table")
        self.query_one("#r-log").border_title = t("pane.log")
        self.query_one("#r-hands").border_title = t("replay.pane.hands")
        self.query_one(HandView).sort = self.app.config.sort  # type: ignore[attr-defined]
        self._look_up()
        self.show()

    def on_resize(self, event: Resize) -> None:
        """Too small for the table: it says so, as the live table does (cut columns and a log
        of no rows were all a replay at 70×20 showed)."""
        width, height = event.size
        small = too_small(width, height)
        if not small:  # the seat boxes' moves and the status fit the width they have now;
            self.call_after_refresh(self.show)  # the log, written while hidden, 1 cell wide
        follow_size(self, small, self.query_one(Vertical))
        self.query_one("#too-small", Plain).update(too_small_words(self.t, width, height))

    def help_texts(self) -> list[str]:
        """F1 here: the replay's own keys, then the help of the game and rules replayed (a
        Dou Dizhu replay showed Baohuang's: the app took the game from a table it was not
        at)."""
        return [self.t("replay.help"),
                *self.parts.help_texts(self.t, self.replay.preset, self.style)]

    def _look_up(self) -> None:
        """The seat's analysis kept beside the log, if any (none for the demo's rounds, nor
        for a seat whose hand may not be seen: its verdicts would name its cards)."""
        self.review = None
        if self.replay.path is not None and not self.comments and self.replay.may_see(self.seat):
            self.review = cached(self.replay.path, self.replay, self.seat, PLAYOUTS)
            if self.review is not None:
                self.analysis = self._done_words(self.review)

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop.set()  # nobody to show it to: the worker stops at its next decision

    @property
    def table_meta(self) -> list[TableSeat]:
        return [{"name": n, "kind": "human", "auto": False, "connected": True, "ready": True,
                 "level": None} for n in self.replay.names]

    def show(self) -> None:
        """The replay at its position, drawn as the live table draws a view: the seat boxes
        with each seat's last move, the called card hollow in the hand, the panes' titles
        and the card counter as of this step (``TrickRecall``, fed what the host fed it)."""
        replay, t, parts = self.replay, self.t, self.parts
        match = replay.shown_at(self.position)
        mine = self.hand_shown  # (the seat's cards as it saw them)
        view = match.view("all" if self.show_all else self.seat if mine else None)
        recall = self._write_log()
        last = recall["last"]
        colours = self.app.theme_variables
        for offset, place in parts.positions(replay.seats).items():  # from the seat whose
            seat = (self.seat + offset) % replay.seats  # game it is, as played
            box = self.query_one(f"#{place}", SeatBox)
            box.show(parts.seat_lines(seat, view, self.table_meta, self.seat, t, self.style,
                                      colours=colours, width=box.size.width or 14,
                                      last=last[seat]))
        draw_places(self, parts, view, replay.names, t, self.style)
        scores = self.query_one("#scores", Static)  # as wide as the table's (``TableArea``)
        scores.update(score_table(match.history, view["totals"], self.table_meta, t,
                                  scores.size.width or SCORES_CELLS,  # (0: not laid out)
                                  levels_of(view)))
        total = view.get("rounds")  # the match's length; None: no fixed length
        scores.border_title = t(parts.words("pane.scores.of" if total else "pane.scores.at"),
                                n=view["round"], total=total)
        # The counter as the seat had it (its own cards are not out), whichever hands show.
        held = view["hand"] if mine else view["hands"][self.seat] if self.show_all else []
        self.query_one("#table").border_subtitle = counter_text(recall, held, t)
        every = self.query_one("#r-hands", EveryHand)
        every.display = self.show_all
        if self.show_all:
            every.show(replay.names, view["hands"], parts.hand_marks(view, None)[0])
        hand = self.query_one("#r-hand", HandView)
        hand.display = mine  # the public view had no hand at all: a player saw his own
        if mine:
            hand.border_title = t("pane.hand") if self.yours else t(
                "replay.pane.hand_of", name=replay.names[self.seat])
            hand.set_cards(view["hand"], *parts.hand_marks(view, self.seat))
        self._round = view["round"]
        self._show_status()

    def _write_log(self) -> Recall:
        """The log up to the position, and what the table remembered then, from the same
        events: what the log holds stays, a step writes its own lines only (a step back
        writes none: what was told is fed again from that round's deal)."""
        log, told = self.query_one(StepLog), self._told
        log.keep(self.position + 1)
        if told.position >= len(log.groups):  # (back, or the log cleared: new marks)
            told.back_to(len(log.groups) - 1)
        groups = []
        for k in range(told.position + 1, self.position + 1):
            if k < len(log.groups):
                for _ in told.feed(k):
                    pass  # (written already)
            else:
                groups.append(self._lines(told, k))
        if groups:
            log.add(groups)
        return told.recall.public(counter=True)

    def _lines(self, told: Told, k: int) -> list[str | Text]:
        """Position ``k``'s lines, its events fed to ``told``: the events, the demo's comment
        and the analysis's mark."""
        replay, t = self.replay, self.t
        at = replay.positions[k]
        bot = at.actions - 1 in replay.played_for  # (events[0]: the deal's, before any action)
        lines: list[str | Text] = []
        for event in told.feed(k):
            line = self.parts.describe(event, replay.names, t, told.roles, self.style.name,
                                       reversed(told.events))
            if line and bot and event.get("type") in self.parts.choices:
                line += t("replay.by_bot")  # 托管, or a bot while he was away: not his
            if line:
                lines.append(line)
        if at.actions in self.comments and not at.dealt:
            lines.append(Text(t.plain("» " + self.comments[at.actions]), style="italic"))
        decision = self._decision(k)
        if decision is not None and decision.marked(FIGURES):
            lines.append(Text(f"! {t('analysis.mistake')}: {self._verdict(decision)}",
                              style="bold"))
        return lines

    def _show_status(self) -> None:
        """The status lines: the demo's comment or the decision's verdict, where the replay
        stands (and the analysis), the keys or, at the step it was made at, a note.

        The status keeps to one line: where "(v: all hands)" would not fit it is left out
        (the keys' line says it too). Whether it fits is measured on the game's widest
        count (its last action and round) and without the note, so it is said at every step
        or at none: a note said at action 0 (the summary of an analysis that ended there)
        took it away there alone."""
        t = self.t
        # (the keys' line below says it too: it goes first)
        see_all = t("replay.see_all") if self.replay.hands_open else ""
        if not self.hand_shown:  # (no seat's hand is shown, or all are)
            shown, see_all = t("replay.all_hands" if self.show_all else "replay.public"), ""
        elif self.yours:
            shown = t("replay.yours")
        else:
            shown = t("replay.seat_view", name=self.replay.names[self.seat])
        tail = t.plain(" · ") + self.analysis if self.analysis else ""
        n, last_round = len(self.replay), max(self._round, len(self.replay.round_starts))
        widest = t("replay.status", hands=shown + see_all, k=n, n=n,
                   round=t(self.parts.round_key, n=last_round)) + tail
        if cell_len(widest) > self.app.size.width - STATUS_PADDING:  # one line, not two
            see_all = ""
        actions = self.replay.positions[self.position].actions
        status = t("replay.status", hands=shown + see_all, k=actions, n=n,
                   round=t(self.parts.round_key, n=self._round)) + tail
        said = [k for k in self.comments if k <= actions]
        comment = t.plain(f"» {self.comments[max(said)]}\n") if said else ""
        decision = self._decision(self.position)
        if decision is not None:
            comment += ("! " if decision.marked(FIGURES) else "") + self._verdict(decision) + "\n"
        note = self.note
        if note is None:
            self._note = None  # (said at another step: gone for good)
        keys = note or t(self.parts.words("replay.keys"))  # (Dou Dizhu's PgUp/PgDn: deals)
        self.query_one("#r-status", Static).update(comment + status + "\n" + keys)

    def _decision(self, position: int) -> Decision | None:
        """The seat's decision analysed that ``position`` shows just after it was taken (not
        the deal after it, where it ended a round)."""
        at = self.replay.positions[position]
        return None if self.review is None or at.dealt else self.review.at(at.actions)

    @property
    def review(self) -> Review | None:
        """The seat's analysis, if any: its marks are in the log."""
        return self._review

    @review.setter
    def review(self, review: Review | None) -> None:
        self._review = review
        for log in self.query(StepLog):  # (none before it is composed)
            log.keep(0)  # its marks are another's: written again at the next step

    @property
    def hand_shown(self) -> bool:
        """Whether one seat's hand is shown (not every hand): any seat's once every hand may
        be, before that only the seat its log names its keeper's (the host's own: what he
        saw). Where the log names none (a host may sit anywhere, or nowhere) a game others
        sat at that is not over shows no hand: it could be a friend's (``Replay.may_see``)."""
        return not self.show_all and self.replay.may_see(self.seat)

    @property
    def yours(self) -> bool:
        """Whether the seat shown is the one watching: his own, where it is known whose that
        is (``Replay.own_known``)."""
        return self.replay.own_known and self.seat == self.replay.own_seat

    @property
    def note(self) -> str | None:
        """A word on the last key (nothing to play on, no analysis yet…): said at the step
        it was made at, again when the screen is redrawn there (a resize), gone at the next."""
        return self._note[0] if self._note and self._note[1] == self.position else None

    @note.setter
    def note(self, text: str | None) -> None:
        self._note = (text, self.position) if text else None

    def _go(self, position: int) -> None:
        self.position = max(0, min(position, self.replay.last))
        self.show()

    def action_step(self, delta: int) -> None:
        self._go(self.position + delta)

    def action_trick(self, direction: int) -> None:
        """To the next (previous) trick's or round's end, or round's deal: the deal (the
        cards, the tribute, the throne offered) is a step of its own after a round's end,
        and ] went over it to the next round's first trick."""
        r, at = self.replay, self.position
        if direction > 0:
            self._go(min([r.next_trick(at), *(k for k in self._deals if k > at)]))
        else:
            self._go(max([r.previous_trick(at), *(k for k in self._deals if k < at)]))

    def action_round(self, direction: int) -> None:
        """To the deal of the round before or after the one shown (past the last: the end)."""
        r, number = self.replay, self._round + direction
        if number > len(r.round_starts):
            self._go(r.last)
        else:
            self._go(r.position_of(r.round_start(max(1, number))))

    def action_jump(self, where: int) -> None:
        self._go(self.replay.last if where < 0 else where)

    def action_hands(self) -> None:
        if self.replay.hands_open:
            self.show_all = not self.show_all
        else:
            self.note = self.t("replay.not_finished")
        self.show()

    def _verdict(self, d: Decision) -> str:
        """What the seat played and what hard would have, with their expected scores, the
        cards in the card style (the suits each play laid); 托管's move (``Decision.auto``)
        said to be its, not the person's. Each mean is rounded to ``FIGURES`` places first and the cost
        is the difference of the rounded means, so the three figures agree."""
        t, said = self.t, moves_said(self.replay, d)
        mean, best, cost = d.figures(FIGURES)
        played = t("analysis.unweighed") if mean is None else f"{mean:+.{FIGURES}f}"
        name = clip(self.replay.names[self.seat], 10, t.plain("…"))
        order = laid_order(self.replay.game, self.replay.preset)
        words = t("analysis.verdict", name=name + (t("analysis.auto") if d.auto else ""),
                  played=move_words(d.played, d.played_cards, t, self.style.label, said[0],
                                    order),
                  played_mean=played, best_mean=f"{best:+.{FIGURES}f}",
                  best=move_words(d.best, d.best_cards, t, self.style.label, said[1], order))
        return words + (t("analysis.cost", cost=f"{cost:.{FIGURES}f}") if cost else "")

    def _done_words(self, review: Review) -> str:
        """The mistakes found; where 托管 took every decision weighed, that none was the
        seat's own ("mistakes 0" read as if the person had played without a fault)."""
        decisions = review.decisions
        if decisions and all(d.auto for d in decisions):
            if self.yours:
                return self.t("analysis.all_auto", n=len(decisions))
            return self.t("analysis.all_auto_of", n=len(decisions),
                          name=self.replay.names[self.seat])
        return self.t("analysis.done", marked=len(review.marks(FIGURES)))

    # ----- the analysis, in a worker thread -----------------------------------------------
    def action_analyse(self) -> None:
        """Start the analysis of the seat's decisions, or stop it while it runs; one done
        before (this session or kept beside the log) is shown, not made again."""
        if self._stop is not None:
            self._stop.set()
            return
        if self._hidden():
            return
        if self.review is not None:  # done already (kept beside the log): the same again
            self.analysis = self._done_words(self.review)
            self.show()
            return
        self._stop = stop = threading.Event()
        self.analysis = self.t("analysis.running", done=0,  # (the count the worker's will be)
                               total=decisions_of(self.replay, self.seat))
        self.show()
        self.run_worker(lambda: self._analyse(stop), thread=True, group="analysis")

    def _analyse(self, stop: threading.Event) -> None:
        call = self.app.call_from_thread
        try:
            review = analyse(self.replay, self.seat, PLAYOUTS,
                             lambda done, total: call(self._progress, stop, done, total), stop)
        except Cancelled:
            call(self._finished, stop, None)
            return
        if self.replay.path is not None:
            save(self.replay.path, review)
        call(self._finished, stop, review)

    def _progress(self, stop: threading.Event, done: int, total: int) -> None:
        if stop is self._stop and not stop.is_set():
            self.analysis = self.t("analysis.running", done=done, total=total)
            self._show_status()

    def _finished(self, stop: threading.Event, review: Review | None) -> None:
        if stop is not self._stop or not self.is_mounted:
            return
        self._stop = None
        if review is None:
            self.analysis = self.t("analysis.cancelled")
        else:
            self.review, self.analysis = review, self._done_words(review)
            self.note = self.t.plain(" · ").join(self._summary(review)) or None
        self.show()

    def _summary(self, review: Review) -> list[str]:
        """"round 2: 3 decisions cost 1.8 points", for each round with a mistake."""
        return [self.t("analysis.round_one" if s.marked == 1 else "analysis.round",
                       round=s.round, marked=s.marked, cost=f"{s.cost:.1f}")
                for s in review.summary(digits=FIGURES) if s.marked]

    def action_seat(self) -> None:
        """Weigh the next seat's decisions instead: only once every hand may be shown (what
        the others held is no secret then), so a player never learns their cards this way."""
        if not self.replay.hands_open:
            self.note = self.t("replay.not_finished")
            self.show()
            return
        if self._stop is not None:
            self._stop.set()
            self._stop = None  # (what it finds is still kept, for that seat)
        self.seat = (self.seat + 1) % self.replay.seats
        self.analysis = self.t("analysis.seat", name=self.replay.names[self.seat])
        self._look_up()
        self.show()

    def action_mistake(self) -> None:
        """To the next marked decision (shown just after it was taken), round the end."""
        marks = [self.replay.position_of(d.position + 1, dealt=False)
                 for d in self.review.marks(FIGURES)] if self.review else []
        later = [k for k in marks if k > self.position] or marks
        if later:
            self._go(later[0])
        else:
            self.note = self.t("analysis.none")
            self.show()

    # ----- playing on -----------------------------------------------------------------------
    def _hidden(self) -> bool:
        """Whether the seat's hand may not be seen (``Replay.may_see``), said if so: its
        analysis and a game played on from it would show it."""
        if self.replay.may_see(self.seat):
            return False
        self.note = self.t("replay.not_finished")
        self.show()
        return True

    def action_play_on(self) -> None:
        """A local game from this very moment (at a round's end: the next deal), the seat's,
        the bots at the others."""
        if self.replay.shown_at(self.position).over:
            self.note = self.t("playon.over")
            self.show()
            return
        if not self._hidden():
            self._play_from(self.replay.positions[self.position].actions, "on")

    def action_again(self) -> None:
        """The deal shown, once more from its start (at a round's end: the round just over,
        still shown before the next deal)."""
        if not self._hidden():
            self._play_from(self.replay.round_start(self._round), "again")

    def _play_from(self, actions: int, kind: str) -> None:
        """A local game from the match after ``actions`` actions (``play_on``)."""
        from bhtui.store.gamelog import unsaved_reason, unsaved_words
        from bhtui.tui.clitexts import in_chinese
        from bhtui.tui.playon import play_on
        from bhtui.tui.sessions import LocalSession

        config = self.app.config  # type: ignore[attr-defined]
        unsaved = unsaved_reason()
        try:
            if unsaved is None:  # (its log is where the game played on is kept: a traceback)
                table = play_on(self.replay, actions, self.seat, config.name, (config.bots,),
                                config.bot_delay, config.timer or None, kind)
        except OSError as exc:  # (its log begun, the disk filled)
            unsaved = exc
        if unsaved is not None:
            line = (f"cannot play on: {unsaved_words(unsaved)}; set BHTUI_DATA_DIR to a folder "
                    "you can write")
            self.note = in_chinese(line) if self.t.language == "zh" else line
            self.show()
            return
        self.app.switch_session(  # type: ignore[attr-defined]
            LocalSession(table=table, seat=self.seat), self.source)

    def action_leave(self) -> None:
        """Back to what opened the replay (the demo); alone, there is nothing to go back to."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()

