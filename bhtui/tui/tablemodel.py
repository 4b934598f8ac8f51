"""What the table screen shows, worked out from the client's state without Textual: whose turn
it is, what may be pressed, the status line, the footer's keys, which dialog is open or due.

The screen (``tui/table.py``) hands each message from the host to this model and draws what
it says; every rule of what is shown lives here, so it is tested as plain code
(``tests/tui/test_table_model.py``) while the screen's own tests only drive a table.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, cast

from rich.cells import cell_len, set_cell_size

from bhtui.tui.i18n import Reworded, Translator
from bhtui.tui.parts import TableParts
from bhtui.tui.prose import wide
from bhtui.wire import Asked, Event, Recall, TableSeat, View

NOTE_SECONDS = 5.0
STATUS_CELLS = 78
"""The status line's room at the least width a table is drawn in: 80 less its padding."""
PLAYS_LISTED = 4  # what a bot played for me while I was away, named; beyond it, counted
ASIDE = re.compile(r" \(|（|: |：|; |；")
"""Where a log line's words go on to an aside: the status line may end it there."""
BOT_MARK = "\x00"
"""My name in a line the bot's choice for me is told in, to be taken out: "bids 1"."""
HAND_KEYS = ("pick", "unpick", "clear", "cursor", "toggle_at_cursor", "sort")
Showing = Literal["decision", "declaration", "result", "end"]


def glued(line: str, words: str) -> str:
    """A log line with ``words`` (the bot's, in my name's place) put to its verb as Chinese
    sets them: the lines space a name off its verb ("Li 叫 方块5"), but the bot's words
    are one phrase with it ("机器人替你叫 方块5"; my role tag "（地主）" may come between).
    English keeps its space: "A bot for you calls"."""
    if not wide(words[-1]):
        return line
    return re.sub(f"({re.escape(words)}(?:（[^）]*）)?) (?=\\S)",
                  lambda found: found[1] if wide(line[found.end()]) else found[0], line)


def continued(line: str, names: Sequence[str], language: str) -> str:
    """A log line going on a sentence (after the welcome's colon, or a semicolon): in
    English its first letter in lower case ("While you were away: a bot for you bids 1"),
    unless it begins with a seat's name, which keeps its capital."""
    if language != "en" or any(re.match(re.escape(name) + r"(?!\w)", line) for name in names):
        return line
    return line[:1].lower() + line[1:]


class TableState(Protocol):
    """What the model reads of the client (``net.client.Client`` is one)."""

    seat: int | None
    view: View | None
    table: list[TableSeat]
    asked: Asked | None
    asked_until: float | None
    seq: int
    recall: Recall
    deadline: tuple[int, float, float] | None
    away: list[tuple[int, int]]
    returned: tuple[int, int] | None

    @property
    def events(self) -> Sequence[tuple[int, Event]]: ...

    @property
    def last_seq(self) -> int | None: ...

    @property
    def my_turn(self) -> bool: ...


class DecisionFlow:
    """A decision is asked once, its answer remembered until the host's next view, and asked
    again when the host refuses the answer (or the link that carried it went down)."""

    def __init__(self) -> None:
        self.showing: Showing | None = None  # the dialog open over the table, if any
        self.asked: tuple[Any, ...] = ()  # what the open decision was opened for
        self.answered: tuple[int, tuple[Any, ...]] | None = None  # (view seq, what) answered

    def may_ask(self, seq: int, key: tuple[Any, ...]) -> bool:
        return self.showing is None and (seq, key) != self.answered

    def open(self, showing: Showing, key: tuple[Any, ...] = ()) -> None:
        self.showing, self.asked = showing, key

    def close(self) -> None:
        self.showing = None

    def answer(self, seq: int) -> None:
        """The open decision was answered on view ``seq``: not asked again on that view."""
        self.showing, self.answered = None, (seq, self.asked)

    def forget(self) -> bool:
        """The answer may not have reached the table (refused, link lost): ask again. True
        when there was one."""
        had, self.answered = self.answered is not None, None
        return had

    def waiting(self, seq: int, key: tuple[Any, ...]) -> bool:
        """My answer to this very question is on its way: the line says so."""
        return self.showing is None and self.answered == (seq, key)


class TableModel:
    """The table as this viewer sees it; the screen keeps only its widgets."""

    def __init__(self, state: TableState, parts: TableParts[Any], t: Translator,
                 round_end: str, clock: Callable[[], float] | None = None) -> None:
        self.state, self.parts, self.t = state, parts, t
        self.clock = clock or (lambda: time.monotonic())  # the module's clock at each call
        self.round_end = round_end  # the event that carries a round's result
        self.flow = DecisionFlow()
        self.logged_seq = 0  # the last event in the log
        self.pending_results: list[Event] = []  # several may end during one look
        self.results_shown: list[int] = []  # the rounds whose result has been shown
        self.match_end_shown = False
        self.link_lost: str | None = None  # why the link is down (reconnecting)
        self.silent_host: str | None = None  # the address of a host that does not answer
        self.small = False  # the terminal is too small to show the table
        self._note: tuple[str, float] | None = None
        self._auto_note: str | None = None  # an auto-pass told: it goes once the trick moves on
        self._was_my_turn = False
        self._auto_wanted = False  # 托管 as I asked for it; on without asking: timed out
        self._auto_seen = False
        self._passing = False  # I pressed p (any other pass of mine was the auto-pass)
        self._present: list[bool] | None = None  # each seat's person here, at the last view
        self._closed = False  # the host closed the table: its next welcome reopens it
        self._welcomed: tuple[int, int] | None = None  # the absence whose end was told
        self._welcome_note: str | None = None  # the note that told it
        self._held: list[str] | None = None
        """The log's lines from the first deal inside the absence the welcome will tell on,
        kept to be written after it (``_in_order``)."""
        self._told: list[tuple[int, str, str]] = []
        """My seat's events while I was away that the welcome back tells (``TableParts.told``):
        (seq, the log's line, the line the status line's "A bot for you: …" takes)."""
        self._trick_over = False  # a trick ended, and no one has led the next one yet
        self._roles: dict[str, Any] = {}
        """The roles the events logged since the latest deal settled (``TableParts.roles``):
        a round's last events are logged after the next deal's view has come, and labelled
        by its roles Weihai's last rebel out was the next emperor, "Liu (emperor) plays 6 6"."""
        self.new_trick = False
        """The latest event is another seat's lead after a trick ended: cards picked before
        it were for the trick gone."""

    # ----- what the client holds -------------------------------------------------------------
    def names(self) -> list[str]:
        view, table = self.state.view, self.state.table
        seats = len(view["seats"]) if view is not None else 0
        return [table[s]["name"] if s < len(table) else f"#{s}"
                for s in range(max(seats, len(table)))]

    def my_actions(self) -> list[str]:
        view = self.state.view
        return [a["type"] for a in view.get("actions", [])] if view is not None else []

    def over(self) -> bool:
        return self.state.view is not None and self.state.view["phase"] == "over"

    def on_auto(self) -> bool:
        me, table = self.state.seat, self.state.table
        return me is not None and me < len(table) and bool(table[me].get("auto"))

    def auto_stays(self) -> bool:
        me, view = self.state.seat, self.state.view
        return me is not None and view is not None and self.parts.auto_stays(view, me)

    def my_play_turn(self) -> bool:
        view = self.state.view
        return bool(self.state.my_turn and view and view["phase"] == "play" and not self.on_auto())

    def may_pass(self) -> bool:
        """My turn to play, on a set I may pass on (the leader must play)."""
        return self.my_play_turn() and "pass" in self.my_actions()

    def seconds(self, seat: int | None = None) -> int | None:
        """Whole seconds left on the turn timer (of ``seat``, when given)."""
        deadline = self.state.deadline
        if deadline is None or (seat is not None and deadline[0] != seat):
            return None
        return max(0, round(deadline[1] - self.clock()))

    def awaited(self) -> str:
        """What waits on me — my turn (a decision, whose dialog waits until the terminal is
        large enough), or a declaration the bots wait for — with the seconds its timer has left, for where the
        table cannot be seen (the "too small" message: the countdown ran on unseen there, and
        the bot took the turn). The timer is not held: the others wait on it."""
        state, t = self.state, self.t
        if state.seat is None or state.view is None or self.over():
            return ""
        if self.on_auto():  # the timer ran out, or I asked: a bot plays, and t stops it
            return self.auto_line()
        if state.my_turn:  # a decision: its dialog waits for the terminal to grow again
            deciding = state.view["phase"] != "play"
            words = t("small.decide") if deciding else t("small.turn")
            seconds = self.seconds(state.seat)
        elif state.asked is not None:
            words = t("small.asked")
            left = self.asked_left()
            seconds = None if left is None else round(left)
        else:
            return ""
        return words + (t.plain(" · ") + t("timer.left", n=seconds) if seconds is not None
                        else "")

    def asked_left(self) -> float | None:
        """Seconds left of the host's wait for my declaration (None: not asked, or untimed),
        counted to the deadline the client keeps: its dialog may open long after the view
        that asked said how long (the terminal grown again, a result closed)."""
        until = self.state.asked_until
        if self.state.asked is None or until is None:
            return None
        return max(0.0, until - self.clock())

    def decision_key(self) -> tuple[Any, ...]:
        """What a decision dialog was opened for: a change makes it stale."""
        return self.parts.decision_key(self.state.view or {})

    # ----- the status note ---------------------------------------------------------------------
    @property
    def note(self) -> str | None:
        """A message for the status line: it stays a few seconds, or until the selection
        changes."""
        if self._note is None or self.clock() > self._note[1]:
            return None
        return self._note[0]

    @note.setter
    def note(self, note: str | None) -> None:
        self._note = None if note is None else (note, self.clock() + NOTE_SECONDS)

    def note_expired(self) -> bool:
        """A note had its time: the line is drawn again without it."""
        if self._note is not None and self.note is None:
            self._note = None
            return True
        return False

    # ----- what the host said ------------------------------------------------------------------
    def event(self, seq: int, event: Event, logged: bool,
              label: Callable[[str], str] = str, live: bool = True) -> list[str]:
        """An event in the log (once: those logged when the screen opened are skipped); the
        lines to write. ``logged``: the log shows something already; ``live``: it comes as it
        happens, not among those the screen found when it opened (whose passes of mine may
        have been pressed: only a live one is known to be the auto-pass)."""
        self.new_trick = False
        if seq <= self.logged_seq:
            return []
        self.logged_seq = seq
        lines = []
        kind = event.get("type")
        if kind == "deal":
            self._roles = {}
        self._roles.update(self.parts.roles(event))
        view: Any = {**(self.state.view or {}), **self._roles}
        if kind in ("trick", "play"):
            self.new_trick = (kind == "play" and self._trick_over
                              and event.get("seat") != self.state.seat)
            self._trick_over = kind == "trick"
        if kind == "deal" and event["round"] == 1 and not event["redeal"] and logged:
            lines.append(self.t("log.new_match"))
            self.match_end_shown = False
        names = self.names()
        me = self.state.seat
        bot = me is not None and me < len(names) and self.played_for_me(seq, event)
        mine = me is not None and event.get("seat") == me
        t = Reworded(self.t, self.parts.bot_words if bot else self.parts.you_words) \
            if mine else self.t

        def said(name: str) -> str | None:
            if bot:
                names[cast(int, me)] = name
            earlier = (e for s, e in reversed(self.state.events) if s < seq)
            line = self.parts.describe(event, names, t, view, label, earlier)
            return glued(line, name) if bot and line else line
        line = said(self.t("log.away.bot"))  # "A bot for you plays 2 2", not "Li plays"
        if line and event.get("seat") == me and kind in self.parts.told and self._away_at(seq):
            line = line.replace("\n", " ")
            short = (said(BOT_MARK) or "").replace("\n", " ") if bot else line
            if not (short.startswith(BOT_MARK) and short.count(BOT_MARK) == 1):
                short = line  # (my name further on too: "… to Bo: Li is his guard")
            self._told.append((seq, line, short.removeprefix(BOT_MARK).strip()))
        if kind != "pass" and self._auto_note is not None:
            if self.note == self._auto_note:
                self.note = None  # the trick moved on past the set my hand could not beat
            self._auto_note = None
        if kind == self.round_end:
            if self.state.seat is None:  # a watcher's table waits for nobody: the latest
                self.pending_results.clear()  # result alone is news
            self.pending_results.append(event)
        elif kind == "pass" and event.get("seat") == self.state.seat:
            auto = (live and not self._passing and not self.on_auto()
                    and not self.played_for_me(seq, event))
            if auto and line:  # in the log too: the note goes as the trick moves on, often
                line += self.t("log.auto_passed")  # unseen (a play came at once)
            if (auto and view.get("top") and not self._welcoming()
                    and self._only_passes_since(seq)):  # the top shown is the one passed on
                self.note = self._auto_note = self.t("status.auto_passed",
                                                     set=self.parts.top_words(view, self.t))
            self._passing = False
        return self._in_order(seq, kind, [*lines, line] if line else lines)

    def _in_order(self, seq: int, kind: Any, lines: list[str]) -> list[str]:
        """The lines to write now: from the first deal inside the absence the welcome
        will tell, the lines wait for it, and it is read where the deal I left ended (after
        the next deal's header, "Welcome back" seemed to be about a deal hardly begun)."""
        span = self.state.returned
        if self._held is None:
            if (kind != "deal" or span is None or span == self._welcomed
                    or not span[0] < seq <= span[1]):
                return lines
            self._held = []
        self._held += lines
        return self.welcome_back()

    def _only_passes_since(self, seq: int) -> bool:
        """Nothing but passes came after event ``seq``: the client's state (which may already
        be newer than the event being logged) still shows the table as it was then."""
        for later, event in reversed(self.state.events):
            if later <= seq:
                return True
            if event.get("type") != "pass":
                return False
        return True

    def played_for_me(self, seq: int, event: Event) -> bool:
        """My seat's own choice (a play, a pass, a bid …) made while I was away: the bot's."""
        return (event.get("seat") == self.state.seat and event.get("type") in self.parts.choices
                and self._away_at(seq))

    def _away_at(self, seq: int) -> bool:
        """Event ``seq`` came while I was away (a bot played my seat)."""
        return any(after < seq <= until for after, until in self.state.away)

    def welcome_back(self) -> list[str]:
        """Back at the table after an absence the host counted, once the events it missed
        are in the log: that I am back, what the bot decided for me (a bid, the landlord,
        the throne …: the log's own lines, said again) and what it played, said once in the
        log, and in a note short enough for the status line at 80 columns (the plays
        counted, the decisions the latest that fit). Not on my turn: its prompt is on the
        status line then (the welcome hid "Your turn" for seconds), the log keeps it.
        The lines held for it (``_in_order``) follow it."""
        span, me, t = self.state.returned, self.state.seat, self.t
        if span is None or span == self._welcomed:
            held, self._held = self._held or [], None  # (back again, from another absence:
            return held  # the lines held for the first one's welcome go on unwelcomed)
        if self.logged_seq < span[1]:
            return []
        self._welcomed = span
        view: Any = self.state.view or {}
        names = self.names()
        told = [(continued(line, names, t.language), continued(short, names, t.language))
                for seq, line, short in self._told if span[0] < seq <= span[1]]
        moves = [words for seq, event in self.state.events
                 if span[0] < seq <= span[1] and event.get("seat") == me
                 and (words := self.parts.move_words(event, view, t)) is not None]
        plays = [words for words in moves if words]  # the cards gone from my hand
        passes = len(moves) - len(plays)
        said = ""
        if not plays and passes:
            said = t("log.away.passed", n=passes)
        elif plays:
            said = (t("log.away.many", n=len(plays)) if len(plays) > PLAYS_LISTED
                    else t("log.away.plays", sets=t.join(plays, clauses=True)))
            said += t("log.away.passes", n=passes) if passes else ""
        if told:
            lines = [line for line, _ in told]
            line = t("log.away.decided", told=t("log.away.and").join(
                [*lines, said] if said else lines))
        else:
            line = t("log.away.back", said=said) if said else t("log.away.nothing")
        played, passed = (t(key, n=n) if n else "" for key, n in (
            ("status.away.played", len(plays)), ("status.away.passed", passes)))
        counted = (t("status.away.both", played=played, passed=passed) if played and passed
                   else played or passed)
        note = self._welcome_words([short for _, short in told], counted, bool(plays)) \
            if told or moves else line
        if not self.state.my_turn or self.on_auto():
            self.note = self._welcome_note = note
        held, self._held = self._held or [], None
        return [line, *held]

    def _welcome_words(self, told: list[str], counted: str, listed: bool) -> str:
        """The status line's welcome: the moves alone counted in a sentence ("A bot played
        2× for you"); else "A bot for you: " and what it did: the decisions whole if they
        fit, else each up to its first aside ("Joe is the landlord at 1", not its 头撂's
        why), the latest that fit (an ellipsis for those left out, the latest cut short if
        even it does not fit); then the moves counted (never "passed 0×"). The log lists
        the plays: said where there is room."""
        t, sep, cut = self.t, self.t("log.away.and"), self.t.plain("…")
        listing = t("status.away.listed")
        if not told:
            said = t("status.away.counted", counted=counted, listed=listing if listed else "")
            return said if cell_len(said) <= STATUS_CELLS else t(
                "status.away.counted", counted=counted, listed="")

        def line(said: list[str]) -> str:
            return t("status.away.bot", text=sep.join(said))
        tail = [counted] if counted else []
        if listed and cell_len(line([*told, counted])) + cell_len(listing) <= STATUS_CELLS:
            tail = [counted + listing]
        heads = [ASIDE.split(words, maxsplit=1)[0] for words in told]
        for shown in (told, *(heads[start:] for start in range(len(heads)))):
            left_out = cut if len(shown) < len(told) else ""
            said = line([left_out + shown[0], *shown[1:], *tail])
            if cell_len(said) <= STATUS_CELLS:
                return said
        left_out = cut * (len(told) > 1)
        room = STATUS_CELLS - cell_len(line([left_out + cut, *tail]))
        return line([left_out + set_cell_size(heads[-1], max(room, 0)).rstrip() + cut, *tail])

    def _welcoming(self) -> bool:
        """The status line says what the bot did for me while I was away: back, an
        auto-pass may come at once, and the welcome is read first (the log scrolls on as
        the bots play); my turn's prompt is read before it."""
        return self._welcome_note is not None and self.note == self._welcome_note

    def timed_out(self) -> bool:
        """托管 switched on without my asking: my turn timer ran out (R-AUTO-1)."""
        auto = self.on_auto()
        timed_out = auto and not self._auto_seen and not self._auto_wanted
        if timed_out:
            self.note = self.t("status.timed_out")
        if not auto:
            self._auto_wanted = False
        self._auto_seen = auto
        return timed_out

    def comings_and_goings(self) -> list[str]:
        """Log lines for the seats whose person left the table or came back since the last
        view (the seat box's "away" alone went unseen: a bot playing the seat on looked like
        the player): nothing for the first view, nor for bot seats."""
        table = self.state.table
        present = [bool(s.get("connected", True)) for s in table]
        before, self._present = self._present, present
        if before is None or len(before) != len(present):
            return []
        names = self.names()
        return [self.t("log.back" if here else "log.left", name=names[seat])
                for seat, (was, here) in enumerate(zip(before, present, strict=True))
                if was != here and table[seat].get("kind") != "bot"]

    def closed(self) -> str:
        """The host closed the table (its ``bye``): the log says so, and that it reopened
        once it welcomes us again (``reopened``)."""
        self._closed = True
        return self.t("log.closed")

    def reopened(self) -> list[str]:
        """The table welcomed us again: after the host closed it, its reopening said. Its
        people come back one by one (the host's own screen too, after his friends'): who is
        here counts from its first view, so nobody is said to have left it to a bot."""
        if not self._closed:
            return []
        self._closed, self._present = False, None
        return [self.t("log.reopened")]

    def turn_came(self) -> bool:
        """The turn became mine with this view (the bell rings); a note gives way to it, the
        welcome back too (it is in the log)."""
        mine = self.my_play_turn()
        came = mine and not self._was_my_turn
        if came and not self._passing:
            self.note = None
        self._was_my_turn = mine
        return came

    def refused(self, reason: str) -> bool:
        """The host refused what I sent; True when a decision is to be asked again."""
        self.note = self.t("status.refused", reason=reason)
        return self.flow.forget()

    def lost(self, reason: str | None) -> None:
        """The link went down (a reason) or came back (None: an answer sent as it went down
        may be lost, so the decision is asked again)."""
        self.link_lost = reason
        if reason is None:
            self.flow.forget()

    # ----- what I do ---------------------------------------------------------------------------
    def passing(self) -> None:
        self._passing = True

    def wants_auto(self, on: bool) -> None:
        self._auto_wanted = on

    def stale(self) -> bool:
        """The open dialog's moment has passed (someone grabbed the throne, the round moved
        on, 再来一局 began, a later round's result came for a watcher)."""
        showing, state = self.flow.showing, self.state
        if showing == "end":
            return not self.over()
        if showing == "result":  # a watcher's, once a later round has ended
            return self.state.seat is None and bool(self.pending_results)
        if showing == "declaration":
            return state.asked is None or self.flow.asked != self.decision_key()
        if showing == "decision":
            return not state.my_turn or self.on_auto() or (
                self.flow.asked[:-1] != self.decision_key()[:-1])
        return False

    def due(self, active: bool, results: bool = True) -> Showing | None:
        """Which dialog to open now, if any: ``active``, the table is the screen on top;
        ``results``, a round's result waiting may be shown (a view came, a dialog closed)."""
        state, view = self.state, self.state.view
        if view is None or self.flow.showing is not None or not active:
            return None
        if self.pending_results and results:
            return "result"
        if self.small or self.logged_seq < (state.last_seq or 0):
            return None  # events still on their way here (a round's result?): their view asks
        if view["phase"] == "over":
            return "end" if not self.match_end_shown and not self.pending_results else None
        if self.on_auto() or not self.flow.may_ask(state.seq, self.decision_key()):
            return None
        if state.asked is not None and not state.my_turn:
            return "declaration"
        return "decision" if state.my_turn else None

    # ----- the footer and the status line ------------------------------------------------------
    def keys(self) -> tuple[Any, ...]:
        """What the footer's keys depend on: rebuilt only when this changes."""
        watching = self.state.seat is None
        if self.over():
            return (watching, "over")
        if self.on_auto():  # the bot plays: the keys stay as they are until I take over
            return (watching, "auto")
        return (watching, self.my_play_turn(), self.state.my_turn, tuple(self.my_actions()))

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key is offered (None: shown dimmed). Only what this viewer can do is: a
        watcher has no hand, no turn, no 托管; Play and Pass dim while it is not my turn, and
        Pass while I lead."""
        if self.small:  # nothing blind: the table is not shown (the app's keys still work);
            return action == "auto" and self.on_auto() and not self.over()  # 托管 stops, as said
        watching, over = self.state.seat is None, self.over()
        if action == "standings":
            return over  # after the match Enter shows the standings (and 再来一局) again
        if over and (action in ("play", "pass_turn", "hint", "auto", "declare", "run")
                     or action in HAND_KEYS):
            return False  # nothing left to play
        if action == "declare":
            view = self.state.view
            solo = (self.parts.emperor(view) if view is not None else None) == self.state.seat
            if parameters[0] == "open_guard" and solo != (len(parameters) > 1):
                return False  # m says 明独 to the emperor and 明保 to anyone else
            return not watching and not self.on_auto() and parameters[0] in self.my_actions()
        if action in ("play", "pass_turn", "hint") and not watching and self.link_lost:
            return None  # the link is down: a press would reach nobody
        if action == "why":  # a dimmed Play or Pass pressed: said why, unless it is plain
            return not (watching or over or self.on_auto() or self.link_lost)
        if action == "pass_turn" and self.my_play_turn() and not self.may_pass():
            return None  # the leader must play: Pass dims while I lead
        if action in ("play", "pass_turn"):
            return None if not watching and not self.my_play_turn() else not watching
        if action == "hint":
            return None if not watching and not self.state.my_turn else not watching
        if action == "run":
            return not watching and self.parts.run_key
        if action == "pick":  # x is Weifang's GC in Baohuang, the run key in Dou Dizhu
            return not watching and parameters[0] in self.parts.ranks
        if action == "auto" or action in HAND_KEYS:
            return not watching
        return True

    def reading(self) -> list[str]:
        """Whom the table waits for to close a round's result, me aside: people at it (bots
        never keep it) whose seat is not ``ready`` again."""
        names = self.names()
        return [names[i] for i, s in enumerate(self.state.table)
                if i != self.state.seat and s.get("connected") and not s.get("ready", True)]

    def status(self, selection: list[str], label: Callable[[str], str] = str) -> str:
        """The status line, for the cards selected now."""
        view, me, t = self.state.view, self.state.seat, self.t
        if self.link_lost is not None:  # stays until the table takes us back
            return t("status.link_lost", reason=self.link_lost)
        if self.note:
            return self.note
        if view is None:
            return ""
        if view["phase"] == "over":  # (the standings up: Enter is theirs, it says what it does)
            if self.flow.showing == "end":
                return t("status.match_over_shown")
            return t("status.match_over" if me is not None else "status.match_over_watching")
        seconds = self.seconds()
        clock = t.plain(" · ") + t("timer.left", n=seconds) if seconds is not None else ""
        to_act = view["to_act"]
        reading = self.reading()
        waiting = (t("status.reading", names=t.join(reading)) if reading  # not the next deal's
                   else t("status.waiting", name=self.names()[to_act]) if to_act is not None
                   else t("status.held"))  # (the host holds the table: my "read" on its way)
        if me is None:
            return t("status.watching") + t.plain(" — ") + waiting + clock
        if self.on_auto():
            return self.auto_line()
        if self.flow.showing == "result":  # the table behind may be the next deal already
            return t("status.result_open")
        declare = self.declare_words()
        if to_act != me:
            return waiting + declare + clock
        if view["phase"] != "play":
            return self.deciding() + clock
        if selection:
            problem = self.parts.selection_problem(selection, view, t)
            shown = self.parts.selection_words(selection, view, label)
            why = problem or self.parts.selection_note(selection, view, t)
            tail = (t.plain(" — ") + why if why else "") + clock
            room = STATUS_CELLS - cell_len(t("status.selected", set="") + tail)
            if cell_len(shown) > room:  # the cards cut short, not the reason after them
                mark = t.plain("…")
                shown = set_cell_size(shown, max(room - cell_len(mark), 0)).rstrip() + mark
            return t("status.selected", set=shown) + tail
        if view.get("top"):
            words = self.parts.top_words(view, t)
            line = t("status.again" if view.get("again") else "status.your_turn", set=words)
            if "yield" in self.my_actions():
                line += t.plain(" · ") + t("status.yield")
            return line + declare + clock
        return t(self.parts.words("status.your_lead")) + declare + clock

    def auto_line(self) -> str:
        """On 托管: that a bot plays for me and the key that stops it, or what the rules'
        托管 brings (R-AUTO-2)."""
        view, me = self.state.view, self.state.seat
        words = self.parts.auto_words(view, me, self.names(), self.t) \
            if view is not None and me is not None else ""
        return words or self.t("status.auto_on")

    def deciding(self) -> str:
        """My turn at a decision, not a play: the dialog asks it (with the declarations open
        to me), or my answer is on its way."""
        if self.flow.waiting(self.state.seq, self.decision_key()):
            return self.t("status.answered")  # the dialog has closed: not "see the dialog"
        return self.t("status.decide") + self.declare_words()

    def silence(self) -> str:
        """What the table says while the host does not answer (until it speaks again), on
        a line of its own: on the status line it stood over "Your turn", and the keys still
        work then (what is sent meanwhile is applied once the host runs)."""
        if self.silent_host is None:
            return ""
        return self.t("status.unanswered", address=self.silent_host)

    def declare_words(self) -> str:
        """The declarations open to me right now, with their keys, and what 托管 brings."""
        view: Any = self.state.view or {}
        me = self.state.seat
        words = self.parts.declare_words(view, self.my_actions(), me, self.t)
        auto = self.parts.auto_words(view, me, self.names(), self.t) if me is not None else ""
        return words + (self.t.plain(" · ") + auto if auto else "")
