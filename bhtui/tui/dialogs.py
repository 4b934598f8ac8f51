"""The dialogs every game's table shares: the decision frame, a round's result frame, the
match's end, the score sheet, the previous trick, help, quit and chat. Each game's decisions and result build
on them (``tui/baohuang/dialogs.py``, ``tui/doudizhu/dialogs.py``); none knows a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import Option

from bhtui.net.client import Client
from bhtui.net.protocol import MAX_CHAT
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator
from bhtui.tui.modal import Dialog, RoomyDialog
from bhtui.tui.widgets import Field, Plain, Prose, apart, levels_of
from bhtui.wire import HistoryRow, TrickMove, ViewHead

END_ROUNDS = 5  # the match's end shows the latest rounds that leave its keys on an 80×24
#                screen (eight pushed the totals and the keys off it); v shows them all
TYPED_AHEAD = 0.6
"""Seconds after a result closes in which a decision's dialog drops keys: pressed to close the
result (as it went by itself, or a second time), they would answer it (a throne taken by the
Enter meant for the result)."""
TAKE_OVER = {"type": "托管"}  # a decision dialog's answer "let my bot decide this and what follows"


class DecisionDialog(Dialog):
    """A decision of mine, in any game. ``t`` answers as it does at the table: 托管 takes this
    decision and the rest (the footer under the dialog offers it).

    A button answers as its key does, Enter on it or a click alike: a choice that asks for
    its key to be pressed again (``confirmed``) asks there too. Enter on the focused button
    is one keypress, as easily typed ahead as the key; and a click is not always meant
    either — the click that brings a terminal window (or the browser's, ``serve-web``) to
    the front reaches the app in many terminals, and lands where the box is. The question's
    footer keys take a click, so the mouse alone still says yes. Where a dialog offers a
    choice that risks nothing (no grab, no 明保 or 造反, no bid, playing closed), the focus
    starts on it (``AUTO_FOCUS``): Enter pressed at once never raises the stakes, nor asks
    whether to. The throne is not one of them: taking it (y, the default button) is the
    round's ordinary answer, and so is passing it on, each one key; an Enter typed to close
    the result before it is dropped (``TYPED_AHEAD``)."""

    BINDINGS = [Binding("t", "take_over", "托管", id="dialog.auto")]
    UNUSED_KEY = "dialog.must"
    """Esc, or a letter none of this decision's keys is (q), says that the table waits for
    the choice and where its keys are: a decision cannot be put aside."""

    def action_take_over(self) -> None:
        self.dismiss(TAKE_OVER)


class ConfirmKey(Dialog[bool]):
    """"Press g again to grab": what the choice does, then its ``key`` once more says yes and
    any other key no (nothing was sent); ``words``, what it does."""

    UNUSED_KEY = None  # every key answers it

    def __init__(self, t: Translator, key: str, words: str) -> None:
        super().__init__(t)
        self.key, self.words = key, words
        # The footer says it too (it was empty); ``on_key`` answers every key first.
        self._bindings.bind(self.key, "answer(True)", t("confirm.yes"))
        self._bindings.bind("escape", "answer(False)", t("confirm.no"))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.words, classes="title")
            # (Enter named as every other text names it: "Press enter again" was the key's id)
            press = self.t("confirm.enter") if self.key == "enter" else self.key
            yield Plain(self.t("confirm.keys", press=press))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.key == self.key)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def confirmed(screen: Screen[Any], t: Translator, key: str | None, then: Callable[[], None],
              words: str = "") -> None:
    """``then()`` at once, or for a choice that cannot be taken back (a ``key`` to press
    again: Baohuang's ``WEIGHTY`` declarations, Dou Dizhu's 摊打) once that key is pressed
    again, ``words`` having said what it does."""
    if key is None:
        then()
        return

    # The asking dialog's box steps aside meanwhile: the shorter question drawn over it left
    # its buttons' edges showing below, a box on a box. Hidden, it loses the focus, which
    # came back to its first button (Keep, after Abdicate was asked again): it is put back.
    asking = screen.query(Vertical).first() if isinstance(screen, Dialog) else None
    focused = screen.focused
    if asking is not None:
        asking.display = False

    def answer(yes: bool | None) -> None:
        if asking is not None:
            asking.display = True
            if focused is not None:
                screen.set_focus(focused)
        if yes:
            then()

    screen.app.push_screen(ConfirmKey(t, key, words), answer)


class ResultScreen(RoomyDialog):
    """A round's result, of any game and any number of seats: the game's lines (``body``)
    over the line that goes on, which stays in sight while they scroll (Shanghai's last
    deal, four seats and held hands over two lines, cut it off at 80x24). Under 托管 it goes
    on by itself after ``auto_close`` seconds, counted down."""

    BINDINGS = [Binding("enter", "close", "Continue", id="result.continue"),
                Binding("escape", "close", show=False),
                Binding("t", "take_back", "托管 off", id="result.take_back")]
    AUTO_KEY = "result.auto"
    """The countdown's words under 托管 ("Next round in 3 s"; Dou Dizhu's deal)."""

    def __init__(self, t: Translator, names: list[str], last: bool,
                 auto_close: float | None = None) -> None:
        super().__init__(t)
        self.names, self.last, self.auto_close = names, last, auto_close
        self.on_auto = False
        """My seat is on 托管 (the table sets it): ``t`` takes it back here too — with the
        bots at full speed a result is up most of the time, and the key did nothing."""
        self.take_back: Callable[[], None] = lambda: None
        """What ``t`` does besides (the table sets it: 托管 off)."""
        self.watching = False
        """A watcher's (the table sets it): the count only closes the result, and so does
        Enter — the next round comes when the players go on, not sooner."""
        # Kept, not queried: the countdown may tick while the app is closing and the box's
        # widgets were never mounted.
        self.continue_line = Plain(Text(t("result.continue"), style="bold"), id="result-continue")

    def body(self) -> ComposeResult:
        """The game's lines: who won, each seat's row, what comes next."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="result-body"):
                yield from self.body()
            yield self.continue_line

    def held(self, hands: list[list[str]],
             words: Callable[[list[str], Callable[[str], str]], str]) -> ComposeResult:
        """Every hand still held, shown once the round is over, one seat a line (``words``
        writes one in the card style's symbols)."""
        held = [(seat, hand) for seat, hand in enumerate(hands) if hand]
        if held:
            yield Plain(self.t("result.hands"))
            for seat, hand in held:  # a long hand wraps under its cards, not its name
                grid = RichTable.grid(padding=(0, 1, 0, 0))
                grid.add_column(no_wrap=True)
                grid.add_column(ratio=1)
                grid.add_row(Text(f" {apart(self.names, 10, self.t.plain('…'))[seat]}:",
                                  style="bold"), words(hand, self.t.plain))
                yield Plain(grid, classes="held")

    def on_mount(self) -> None:
        self._left: float | None = None
        if self.auto_close is not None:
            self._left = self.auto_close
            self._tick()
            self.set_interval(0.1, self._tick)

    def _tick(self) -> None:
        """托管: show the seconds left, then go on as if Enter had been pressed; the count
        waits while help or the quit prompt is open over the result, and while the terminal
        is too small to show it (it closed unseen)."""
        if not self.is_active or self._left is None or self.has_class("small"):
            return
        if self._left <= 0:
            self._left = None  # once: the interval may fire again before the pop is done
            self.action_close()
            return
        key = ("result.auto_last" if self.last  # (none after the last)
               else "result.auto_watch" if self.watching else self.AUTO_KEY)
        words = self.t(key, n=max(1, round(self._left)))
        self.continue_line.update(Text(words, style="bold"))
        self._left -= 0.1

    def action_close(self) -> None:
        """Closed by itself or by a key: a key pressed again (Enter twice, or as it went by
        itself) would fall on what comes next — a throne taken unseen."""
        hold = getattr(self.app, "hold_keys", None)  # (bhtui's app: not a test's host)
        if hold is not None:
            hold(TYPED_AHEAD)
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return super().check_action(action, parameters) and (
            self.on_auto if action == "take_back" else True)

    def action_take_back(self) -> None:
        """托管 off at once; the result stays up till Enter, its countdown having been
        托管's (it went on by itself, and the next round's dialog came before it was read)."""
        self.take_back()
        self.on_auto, self._left = False, None
        self.continue_line.update(Text(self.t("result.continue"), style="bold"))
        self.refresh_bindings()


def rounds_table(rows: Sequence[HistoryRow], totals: list[int], names: list[str],
                 cut: bool = False, head: bool = True, body: bool = True,
                 plain: Callable[[str], str] = str,
                 levels: tuple[str, Sequence[int]] | None = None) -> RichTable:
    """Finished rounds, one a row with a column a seat, over the totals (Σ) and, where the
    game keeps them, a row of ``levels`` (its label, then Shanghai's 级分 totals); ``cut``:
    rounds before these are left out, which a "…" row says. Columns are as wide as all of
    it needs, so the names alone (``body=False``) stand over the rows alone (``head=False``):
    the score sheet keeps them in sight while its rows scroll. ``plain``: the card style's
    symbols."""
    names = apart(names, 8, plain("…"))
    numbers = [[f"{x:+d}" for x in r["scores"]] for r in rows]
    below = [[f"{x:+d}" for x in totals]] + ([[f"{x:+d}" for x in levels[1]]] if levels else [])
    table = RichTable(box=None, padding=(0, 1), show_header=head)
    table.add_column("#", justify="right", width=max([1, *(len(str(r["round"])) for r in rows),
                                                      cell_len(levels[0]) if levels else 1]))
    for seat, name in enumerate(names):
        cells = [cell_len(name), *(len(n[seat]) for n in numbers + below)]
        table.add_column(Text(name), justify="right", width=max(cells))
    if not body:
        return table
    if cut:
        table.add_row(plain("…"), *[""] * len(totals))
    for record, row in zip(rows, numbers, strict=True):
        table.add_row(str(record["round"]), *row)
    table.add_row(Text(plain("Σ"), style="bold"), *(Text(x, style="bold") for x in below[0]))
    if levels:
        table.add_row(Text(levels[0], style="bold"), *below[1])
    return table


class MatchEndScreen(RoomyDialog):
    """The match is over: standings, the latest rounds' scores, and 再来一局 (same seats)."""

    BINDINGS = [Binding("enter", "again", "Play again", id="end.again"),
                Binding("v", "scores", "Scores", id="end.scores"),
                Binding("escape", "close", "Table", id="end.close")]

    def __init__(self, t: Translator, view: ViewHead, names: list[str],
                 can_restart: bool, client: Client, words: Callable[[str], str]) -> None:
        super().__init__(t)
        self.view, self.names, self.can_restart = view, names, can_restart
        self.client, self.words = client, words

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        totals = view["totals"]
        seats = range(len(totals))
        order = sorted(seats, key=lambda s: (-totals[s], s))
        standings = RichTable(box=None, padding=(0, 1))
        for key in ("end.place", "result.seat", "result.total"):
            standings.add_column(t(key))
        levels = levels_of(view)
        if levels is not None:
            standings.add_column(t("ddz.result.levels"))
        for seat in order:  # equal totals share a place: 1, 1, 3
            place = 1 + sum(totals[s] > totals[seat] for s in order)
            standings.add_row(str(place), Text(apart(self.names, 16, t.plain("…"))[seat]),
                              f"{totals[seat]:+d}",
                              *([f"{levels[seat]:+d}"] if levels is not None else []))
        history = self.client.history
        shown = history[-END_ROUNDS:]
        rounds = rounds_table(shown, totals, self.names, cut=len(history) > len(shown),
                              plain=t.plain)
        with Vertical():
            yield Plain(t("end.title"), classes="title")
            yield Plain(standings)
            yield Plain(rounds)
            # (a headless host has nobody to start 再来一局: it closes the table instead)
            keys = "end.keys" if self.can_restart else (
                "end.closes" if self.client.server.get("headless") else "end.wait")
            yield Plain(Text(t(keys), style="bold"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return super().check_action(action, parameters) and (
            action != "again" or self.can_restart)

    def action_again(self) -> None:
        if self.can_restart:
            self.dismiss(True)

    def action_scores(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.t, self.client, self.names, self.words))

    def action_close(self) -> None:
        self.dismiss(False)


class ScoreSheetScreen(Dialog):
    """Every finished round's scores over the totals (R-MATCH-1), a key away at the table:
    the scores pane has room for the latest few only. A client that joined late or came
    back holds the latest page of rounds (the host sends ``HISTORY_PAGE`` at a time); the
    sheet asks for the page before the first round it holds, page after page, until it
    holds the match from round 1, and draws each page as it comes."""

    ASIDE = True

    BINDINGS = [Binding("escape,v,enter", "close", "Close", id="scores.close")]

    def __init__(self, t: Translator, client: Client, names: list[str],
                 words: Callable[[str], str]) -> None:
        super().__init__(t)
        self.client, self.names = client, names
        self.words = words  # the game's own words: Dou Dizhu's deals, not rounds
        self.asked: set[int] = set()  # pages asked for, by their "before": each once
        self.drawn: tuple[Any, ...] | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t(self.words("scores.title")), classes="title")
            yield Plain(id="names")
            with VerticalScroll():
                yield Plain(id="sheet")
            yield Plain(self.t(self.words("scores.none")), id="none")
            yield Plain(self.t("scores.close"))

    def on_mount(self) -> None:  # (Dialog's own runs too: Textual calls each class's)
        self.client.listen(self._heard)
        self.draw()

    def on_unmount(self) -> None:
        self.client.unlisten(self._heard)

    def _heard(self, message: dict[str, Any]) -> None:
        if message["type"] in ("history", "view"):  # a page, a round's end, new totals
            self.draw()

    def draw(self) -> None:
        """The rounds held from the latest back to the first gap, and the page before them
        asked for if round 1 is not among them (a match of one page asks nothing)."""
        client = self.client
        held, first = client.rounds, None
        if held:
            first = max(held)
            while first - 1 in held:
                first -= 1
        if first is not None and first > 1 and first not in self.asked:
            self.asked.add(first)
            client.ask_history(before=first)
        rows = [held[n] for n in range(first, max(held) + 1)] if first is not None else []
        totals = client.view["totals"] if client.view is not None else [0] * len(self.names)
        levels = levels_of(client.view)
        labelled = (self.t("ddz.levels_short"), levels) if levels is not None else None
        drawn = (first, len(rows), tuple(totals), tuple(levels or ()))
        if drawn != self.drawn:  # a view comes with every move; most change none of it
            self.drawn = drawn
            cut = first is not None and first > 1
            self.query_one("#none", Plain).display = not rows
            self.query_one("#names", Plain).update(
                rounds_table(rows, totals, self.names, cut, body=False, plain=self.t.plain,
                             levels=labelled))
            self.query_one("#sheet", Plain).update(
                rounds_table(rows, totals, self.names, cut, head=False, plain=self.t.plain,
                             levels=labelled))

    def action_close(self) -> None:
        self.dismiss(None)


class PreviousTrickScreen(Dialog):
    """The trick before this one, every move in order (a key away, as in the apps)."""

    ASIDE = True

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
                line = Text(f"{apart(self.names, 14, self.style.ellipsis)[entry['seat']]}: ",
                            style="bold")
                if isinstance(move, str):  # "pass" or "yield"
                    line.append(t(move), style="dim")
                else:
                    line.append_text(self.style.text(self.shown(move), self.colours))
                yield Plain(line)
            yield Plain(t("trick.close"))

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(Dialog):
    """Keys and rules of the game being played (``texts``, shown in turn: a replay's own
    keys, then its game's help)."""

    ASIDE = True

    BINDINGS = [Binding("escape", "close", "Close", id="help.close")]
    TITLE, CLOSE = "help.title", "help.close"
    UNUSED_KEY = "help.no_key"
    """Not the table's "? lists the keys": this page lists them, and ? closes it."""

    def __init__(self, t: Translator, texts: Sequence[str]) -> None:
        super().__init__(t)
        self.texts = texts

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t(self.TITLE, n=len(self.texts)), classes="title")
            with VerticalScroll():
                yield Prose("\n\n".join(self.texts))
            yield Plain(self.t(self.CLOSE))

    def action_close(self) -> None:
        self.dismiss(None)


class ProblemsScreen(HelpScreen):
    """Every problem found with the settings at start (the file's values, a key, a theme),
    each in full, scrolling as help does: at 80x24 a toast apiece went off the screen and the
    rest were only counted."""

    TITLE, CLOSE = "warnings.title", "warnings.close"
    UNUSED_KEY = "status.no_key"  # (it lists problems, and ? opens the help over it)


class QuitScreen(Dialog):
    """Quit? With what leaving now means at this table (``note``: Dou Dizhu's escape).

    Yes calls ``quit_`` and stays on top while the app closes: were it dismissed, the screen
    under it would resume and open what waited behind the prompt on a closing app."""

    ASIDE = True
    KEYS_WHILE_AWAY = True

    BINDINGS = [Binding("y", "answer(True)", "Quit", id="quit.yes"),
                Binding("n,escape", "answer(False)", "Stay", id="quit.no")]
    YES = "quit.yes"
    """The yes button's words."""

    def __init__(self, t: Translator, quit_: Callable[[], None], note: str | None = None,
                 question: str = "quit.question",
                 words: Mapping[str, str] | None = None) -> None:
        super().__init__(t)
        self.quit, self.note, self.question = quit_, note, question
        self.words = dict(words or {})  # (how far a lost log was saved: ``{saved}``)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.t(self.question, **self.words), classes="title")
            if self.note:
                yield Plain(self.note, id="quit-note")
            with Horizontal():
                yield Button(self.t(self.YES), id="yes", variant="error")
                yield Button(self.t("quit.no"), id="no", variant="primary")

    def action_answer(self, quit_: bool) -> None:
        if quit_:
            self.quit()
        else:
            self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")


PHRASES = {
    "en": ["Help!", "Hurry up!", "Nice play", "Pass to me", "Sorry", "Good game"],
    "zh": ["求助", "快点吧", "打得好", "让我来", "抱歉", "好牌局"],
}


class ChatPrompt(Dialog):
    """A short message, or one of the preset phrases (Tab, then the arrows). ``watchers``:
    only watchers read it, the sender seeing every hand at an open table (R-HIDE-3), which
    the title says. A phrase picked after something was typed goes after it in the field,
    sent with it by Enter: it went alone, and the typed words were gone without a word."""

    ASIDE = True

    BINDINGS = [Binding("escape", "close", "Close", id="chat.close")]

    def __init__(self, t: Translator, watchers: bool = False, typed: str = "") -> None:
        """``typed``: words typed in the waiting room's box as the match began."""
        super().__init__(t)
        self.watchers, self.typed = watchers, typed

    def compose(self) -> ComposeResult:
        phrases = PHRASES[self.t.language]
        with Vertical():
            yield Plain(self.t("chat.title_watchers" if self.watchers else "chat.title"),
                        classes="title")
            # Not selected on focus: the first key typed replaced the words carried from the
            # room, or those before a phrase, as the field took the focus back.
            yield Field(self.typed, placeholder=self.t("chat.placeholder"), max_length=MAX_CHAT,
                        select_on_focus=False)
            yield OptionList(*[Option(Text(p), id=str(i)) for i, p in enumerate(phrases)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        phrase = PHRASES[self.t.language][int(event.option.id or 0)]
        field = self.query_one(Field)
        if not field.value.strip():
            self.dismiss(phrase)
            return
        field.action_end()
        field.insert_text_at_cursor(" " + phrase)
        field.focus()

    def action_close(self) -> None:
        self.dismiss(None)
