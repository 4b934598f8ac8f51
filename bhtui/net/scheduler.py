"""What happens at a table when nobody sends anything: bots move, declarations are offered,
turn timers run out, and the wait after a round ends.

One timer at a time, re-armed by the table after every change that matters (an action, a seat
coming or going, 托管 switched, a result seen). Every callback checks that the table is still
where it was when the timer was armed (``seq``), so a late timer never acts twice.

A bot that searches (``thinks``) starts deciding as soon as it is to act, in a worker thread —
a ``hard`` bot takes up to a second, and the table (and a local game's screen) must go on
meanwhile — and its move is applied once both its decision and the table's bot delay are
done. It decides from its offer and reading made on the loop beforehand (the game's
``decision``), never from the live match. Quick bots decide on the loop when their delay is
over, as ever.

A part of the host, like its door, waiting room and commands: it asks of its table only what
:class:`SchedulerTable` names, and counts who is here in the outbox.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bhtui.games import Action
from bhtui.games.moments import Moments
from bhtui.net.outbox import Outbox
from bhtui.net.state import TableState

READY_WAIT = 60.0  # after a round: how long others wait for one who has not seen the result
TIMEOUT_LIMIT = 5  # S-SCORE-5: auto-played this many times for running out of time
AWAY_LIMIT = 180.0  # S-SCORE-5: disconnected this long, a player has abandoned the game
RETURN_WAIT = 30.0  # a resumed table waits this long for its people before bots play their seats
logger = logging.getLogger(__name__)


@dataclass
class Thought:
    """A bot deciding for ``seat`` at the table's ``seq``; ``due`` once its delay is over."""

    seat: int
    seq: int
    future: asyncio.Future[Action]
    due: bool = False


class SchedulerTable(TableState, Protocol):
    """What the scheduler needs of its table: where the match is, who plays each seat, and
    the ways a timer changes it."""

    @property
    def timer(self) -> float | None: ...
    @property
    def bot_delay(self) -> float: ...
    @property
    def watched_delay(self) -> float: ...
    @property
    def abandoning(self) -> Mapping[int, str]: ...
    @property
    def abandoned(self) -> Mapping[int, str]: ...

    def played_by_bot(self, seat: int) -> bool: ...
    def unready(self) -> list[int]: ...
    def set_auto(self, seat: int, on: bool) -> None: ...
    def abandon(self, seat: int, why: str) -> None: ...
    def all_ready(self) -> None: ...


class Scheduler:
    """Bots, 托管 and the timers of one table."""

    def __init__(self, table: SchedulerTable, outbox: Outbox) -> None:
        self.table = table
        self.outbox = outbox
        self.timeouts: Counter[int] = Counter()  # turn timers run out, per seat, this match
        self._timer: asyncio.TimerHandle | None = None
        self._declarations: asyncio.Handle | None = None
        self._assistants: dict[str, Any] = {}  # 托管 and absent players, by level
        self._thought: Thought | None = None
        self._weighing: asyncio.Future[Action | None] | None = None
        """A searching bot weighing a declaration out of turn in a worker thread: bots'
        moves wait for it, as they wait for people asked to declare."""
        self._offered = Moments()  # bots' declarations, once per moment
        self._deadline: tuple[Any, float] | None = None  # what the running timer is for, and when
        self.aside: set[Any] = set()
        """The connections whose person has help or settings open (``hold``): a connection,
        not a seat, so one that drops (or a seat taken by someone else) holds nothing."""
        self._held: tuple[Any, float] | None = None
        """A lone person's turn timer while he reads help or settings: what it is for, and
        the seconds it had left (``hold``)."""
        self._due: tuple[Any, float] | None = None  # the same for a bot's move, an auto-pass, the ready wait
        self._answered: tuple[Any, set[int]] = (None, set())  # people done declaring, per moment
        self._away: dict[int, asyncio.TimerHandle] = {}  # seats whose player dropped, by seat
        self.returning: set[int] = set()  # a resumed table's people not back yet: not played
        self._return_wait: asyncio.TimerHandle | None = None

    def cancel(self) -> None:
        for handle in (self._timer, self._declarations):
            if handle is not None:
                handle.cancel()
        self._timer = self._declarations = None

    def arm(self) -> None:
        """Arm the one pending timer: the end of the wait for people to see a result, the time
        people get to declare while the bots wait for them, a bot's move, an auto-pass, or a
        person's turn timer; and let bots consider their declarations."""
        self.cancel()
        table, match = self.table, self.table.match
        if table.closed or match is None or match.to_act is None:
            self._deadline = None
            return
        seat = match.to_act
        loop = asyncio.get_running_loop()
        self._await_return(loop)
        if table.unready():
            self._deadline = None
            if self.watched_by_others():  # alone at a table, take all the time you like
                delay = self._keep(("ready", table.seq), READY_WAIT)
                self._timer = loop.call_later(delay, self._ready_timeout, table.seq)
            return
        if table.played_by_bot(seat) and self.asked():  # bots wait for people's declarations
            if table.timer is not None:
                moment = table.game.moment(match)
                delay = self._arm_deadline(("asked", moment))
                self._timer = loop.call_later(delay, self.answer_all, moment)
            else:
                self._deadline = None
        elif table.played_by_bot(seat):
            self._deadline = None
            if thinks(self.bot_for(seat)):
                self._think(seat, table.seq)  # at once: its delay runs meanwhile
            delay = self._keep(("move", table.seq, seat), self.pace())
            self._timer = loop.call_later(delay, self._bot_move, seat, table.seq)
        elif self.nothing_beats(seat):
            self._deadline = None
            delay = self._keep(("move", table.seq, seat), self.pace())
            self._timer = loop.call_later(delay, self._auto_pass, seat, table.seq)
        elif table.timer is not None:
            what = ("turn", table.seq, seat)
            if table.seats[seat].conn in self.aside and not self.watched_by_others():
                if self._held is None or self._held[0] != what:  # the seconds it has now
                    running = self._deadline is not None and self._deadline[0] == what
                    self._held = (what, (self.time_left() or 0.0) if running else table.timer)
                self._deadline = None  # held: no time runs out, and no view shows a countdown
            else:
                self._release(what)
                delay = self._arm_deadline(what)
                self._timer = loop.call_later(delay, self._time_out, seat, table.seq)
        else:
            self._deadline = None
        self._declarations = loop.call_soon(self._bot_declarations, table.seq)

    def pace(self) -> float:
        """How long a bot waits before its move: the table's bot delay, but at least its
        ``watched_delay`` while someone is here and nobody plays his own seat himself. Bots
        at full speed outran every screen: a headless table of bots at --fast played 360
        rounds in 30 s, its watcher hundreds of rounds behind, then dropped as too slow."""
        table = self.table
        if self.outbox.viewers and not self.people():
            return max(table.bot_delay, table.watched_delay)
        return table.bot_delay

    # ----- declarations people may make while bots act (抢庄, 抢独, 明保) ------------------
    def people(self) -> list[int]:
        """Seats with a person present who plays them himself (not on 托管)."""
        return [i for i, s in enumerate(self.table.seats)
                if s.bot is None and s.conn is not None and not s.auto]

    def watched_by_others(self) -> bool:
        """More than one person here, or anyone watching: a wait must end."""
        people = sum(1 for s in self.table.seats if s.bot is None and s.conn is not None)
        return people > 1 or len(self.outbox.viewers) > people

    def asked(self) -> set[int]:
        """The people the bots wait for at this moment (a bot is to act): those the game says
        may declare something now (Baohuang: 抢庄/抢独 while the throne is offered, 明保
        before the first lead, R-HIDE-2's everyone when others look on)."""
        table, match = self.table, self.table.match
        if (match is None or match.over or match.to_act is None or table.closed
                or table.unready()):  # a result is being read: nobody declares meanwhile
            return set()
        if not table.game.declares(table.rules) or not table.played_by_bot(match.to_act):
            return set()  # a person decides: nobody waits on anyone else's declaration
        moment, answered = self._answered
        done = answered if moment == table.game.moment(match) else set()
        people = self.people()
        return table.game.waits_for(match, [s for s in people if s not in done], people,
                                    self.outbox.spectators())

    def answer(self, seat: int) -> None:
        """``seat`` acted or declined at this moment: the bots wait for him no longer."""
        match = self.table.match
        assert match is not None
        moment, answered = self._answered
        now = self.table.game.moment(match)
        if moment != now:
            self._answered = (now, set())
        self._answered[1].add(seat)

    def answer_all(self, moment: Any) -> None:
        """The table's timer ran out on the people asked to declare: they declare nothing."""
        match = self.table.match
        if match is not None and self.table.game.moment(match) == moment:
            for seat in self.asked():
                self.answer(seat)
            self.table.publish()

    def nothing_beats(self, seat: int) -> bool:
        """Auto-pass is on for this person and passing is all his turn offers."""
        match = self.table.match
        if match is None or not self.table.seats[seat].auto_pass:
            return False
        out_of_turn = self.table.game.out_of_turn
        turn = [a["type"] for a in match.legal_actions(seat) if a["type"] not in out_of_turn]
        return turn == ["pass"]

    # ----- players away (S-SCORE-5) ----------------------------------------------------------
    def went_away(self, seat: int) -> None:
        """A seated person's connection dropped mid-match: past AWAY_LIMIT he has abandoned
        the game, where the rules count that (once per absence)."""
        table = self.table
        if (not table.closed and table.game.abandons(table.rules, "disconnected")
                and seat not in self._away
                and seat not in table.abandoned and seat not in table.abandoning):
            self._away[seat] = asyncio.get_running_loop().call_later(
                AWAY_LIMIT, self._gone_too_long, seat)

    def back(self, seat: int) -> None:
        self.returning.discard(seat)
        away = self._away.pop(seat, None)
        if away is not None:
            away.cancel()

    def cancel_absences(self) -> None:
        for handle in self._away.values():
            handle.cancel()
        self._away.clear()
        if self._return_wait is not None:
            self._return_wait.cancel()

    def expect(self, seats: list[int]) -> None:
        """A resumed table: these people's clients are on their way back (by themselves after
        a crash, and after the host's ``bye`` too). Their seats are not played until they
        are back or RETURN_WAIT has passed; their absence counts (S-SCORE-5) from the start."""
        self.returning = set(seats)

    def _await_return(self, loop: asyncio.AbstractEventLoop) -> None:
        """Once the resumed table runs: the wait for its people, and their absence clocks."""
        if not self.returning or self._return_wait is not None:
            return
        self._return_wait = loop.call_later(RETURN_WAIT, self._return_over)
        for seat in self.returning:
            self.went_away(seat)

    def _return_over(self) -> None:
        self.returning.clear()
        self.arm()

    def _gone_too_long(self, seat: int) -> None:
        self._away.pop(seat, None)
        if self.table.seats[seat].conn is None:
            self.table.abandon(seat, "disconnected")

    def _arm_deadline(self, what: Any) -> float:
        """Seconds left on the timer for ``what``: a new one starts at the table's timer, the
        same one re-armed (someone joined, someone declined to declare) keeps its deadline."""
        timer = self.table.timer
        assert timer is not None
        self._deadline, left = _kept(self._deadline, what, timer)
        return left

    def _keep(self, what: Any, delay: float) -> float:
        """Seconds left before a bot's (or an auto-pass's) move, or the end of the ready wait,
        for ``what``: re-arming for the same seat at the same point keeps its time, so a
        stream of harmless commands (waive, ready, prefs, reconnects) never holds bots back."""
        self._due, left = _kept(self._due, what, delay)
        return left

    def hold(self, conn: Any, on: bool) -> bool:
        """A seated person (``conn``) opened help, settings or another screen beside the game
        (``on``) or closed the last of them: alone at the table, with nobody watching, his
        turn timer waits meanwhile (a turn timed out puts him on 托管, and with Dou Dizhu's
        escape option the fifth is an escape, S-SCORE-5), then goes on with the time it had;
        a screen opened while the bots play holds the turn that comes next. Where others are
        here the table cannot wait on one person's reading, and the timer runs on. True when
        this changed anything (the table then re-arms its timers and publishes)."""
        live = {s.conn for s in self.table.seats if s.conn is not None}
        self.aside &= live  # (connections gone since hold nothing)
        if on == (conn in self.aside):
            return False  # said twice: nothing to publish
        if on:
            self.aside.add(conn)
        else:
            self.aside.discard(conn)
        return True

    def _release(self, what: Any) -> None:
        """A held timer for ``what`` goes on with the time it had left; one held for another
        turn is forgotten."""
        if self._held is not None and self._held[0] == what:
            self._deadline = (what, asyncio.get_running_loop().time() + self._held[1])
        self._held = None

    def running(self) -> str | None:
        """Which timer a view may show: a person's "turn", or people "asked" to declare."""
        return self._deadline[0][0] if self._deadline is not None else None

    def time_left(self) -> float | None:
        if self._deadline is None:
            return None
        return round(max(0.0, self._deadline[1] - asyncio.get_running_loop().time()), 1)

    def _current(self, at_seq: int) -> bool:
        table = self.table
        return not table.closed and table.match is not None and table.seq == at_seq

    def bot_for(self, seat: int) -> Any:
        """Who plays ``seat``: its bot, or for a person on 托管 (or away) the bot of the level
        he chose."""
        s, game = self.table.seats[seat], self.table.game
        if s.bot is not None:
            return s.bot
        by_rule = game.auto_player(self.table.rules)
        if by_rule is not None and s.auto:  # R-AUTO-2: the rules' auto-player, no level
            return by_rule
        level = game.level(s.assist)
        bot = self._assistants.get(level)
        if bot is None:
            bot = self._assistants[level] = game.table_bot(level, seat)
        return bot

    def _bot_declarations(self, at_seq: int) -> None:
        """Bots and seats on 托管 consider their out-of-turn declarations once per moment."""
        self._declarations = None
        table, match = self.table, self.table.match
        if (not self._current(at_seq) or match is None or not table.game.declares(table.rules)
                or not table.game.interjecting(match)):
            return
        if self._weighing is not None:
            return  # one at a time: when it is weighed, the others are asked
        moment = table.game.moment(match)
        for seat in range(len(table.seats)):
            if not table.played_by_bot(seat) or not self._offered.due(moment, seat):
                continue
            bot = self.bot_for(seat)
            if thinks(bot):
                self._weigh(seat, table.game.interjection(bot, match, seat), at_seq)
                return
            action = table.game.interject(bot, match, seat)
            if action is not None:
                table.apply(seat, action)
                return

    def _weigh(self, seat: int, interjection: Callable[[], Action | None], at_seq: int) -> None:
        """A searching bot weighs its declaration (明保: a search) off the loop."""
        future = asyncio.get_running_loop().run_in_executor(None, interjection)
        self._weighing = future
        future.add_done_callback(lambda _: self._weighed(seat, future, at_seq))

    def _weighed(self, seat: int, future: asyncio.Future[Action | None], at_seq: int) -> None:
        """Its declaration is made if the table is still where it was; either way the bots
        go on (and the others are asked)."""
        self._weighing = None
        table, action = self.table, None
        if not future.cancelled() and self._current(at_seq):  # else too late to declare
            error = future.exception()
            if error is not None:  # a bot's bug must not stop the table: it declares nothing
                logger.error("bot at seat %d failed to weigh a declaration", seat,
                             exc_info=error)
            else:
                action = future.result()
        if action is not None and table.played_by_bot(seat):
            table.apply(seat, action)  # (which arms the table again)
        else:
            self.arm()

    def _think(self, seat: int, at_seq: int) -> Thought:
        """A searching bot's decision for ``seat`` at ``at_seq``, started in a worker thread
        unless it already is (a re-armed timer keeps the thought it had)."""
        thought = self._thought
        if thought is not None and (thought.seat, thought.seq) == (seat, at_seq):
            return thought
        match = self.table.match
        assert match is not None
        decision = self.table.game.decision(self.bot_for(seat), match, seat)
        future = asyncio.get_running_loop().run_in_executor(None, decision)
        thought = self._thought = Thought(seat, at_seq, future)
        future.add_done_callback(lambda _: self._play(thought))
        return thought

    def _bot_move(self, seat: int, at_seq: int) -> None:
        """The bot's delay is over: a quick bot decides now, a searching one's move goes as
        soon as it is decided."""
        self._timer = None
        match = self.table.match
        if (not self._current(at_seq) or match is None or match.to_act != seat
                or not self.table.played_by_bot(seat)):
            return
        if self._weighing is not None:
            return  # a bot is weighing a declaration: armed again once it has
        bot = self.bot_for(seat)
        if not thinks(bot):
            self.table.apply(seat, self.table.game.decide(bot, match, seat))
            return
        thought = self._think(seat, at_seq)
        thought.due = True
        if thought.future.done():
            self._play(thought)

    def _play(self, thought: Thought) -> None:
        """A searching bot's move, once both its delay and its decision are done (whichever
        comes last plays it, once), if the table is still where it was."""
        if not (thought.due and thought.future.done()) or self._weighing is not None:
            return
        thought.due = False
        if self._thought is thought:
            self._thought = None
        table, match, seat = self.table, self.table.match, thought.seat
        if (not self._current(thought.seq) or match is None or match.to_act != seat
                or not table.played_by_bot(seat) or thought.future.cancelled()):
            return
        error = thought.future.exception()
        if error is not None:  # a bot's bug must not stop the table: the standard bot plays
            logger.error("bot at seat %d failed", seat, exc_info=error)
            standard = table.game.make_bot(table.game.standard_bot, seat)
            action = table.game.decide(standard, match, seat)
        else:
            action = thought.future.result()
        table.apply(seat, action)

    def _auto_pass(self, seat: int, at_seq: int) -> None:
        """Passing is all this person's turn offers and he asked for it to be done for him:
        his own move by his own setting, logged as his (a replay said "a bot, for the
        player" beside it, as for 托管's)."""
        self._timer = None
        match = self.table.match
        if (self._current(at_seq) and match is not None and match.to_act == seat
                and self.nothing_beats(seat)):
            self.table.apply(seat, {"type": "pass"}, chosen=True)

    def _ready_timeout(self, at_seq: int) -> None:
        """Someone left the result screen open: the table goes on without waiting longer."""
        self._timer = None
        if self._current(at_seq):
            self.table.all_ready()

    def _time_out(self, seat: int, at_seq: int) -> None:
        """R-AUTO-1: a turn timer running out switches the seat to 托管."""
        self._timer = None
        match = self.table.match
        if self._current(at_seq) and match is not None and match.to_act == seat:
            self.timeouts[seat] += 1
            if self.timeouts[seat] == TIMEOUT_LIMIT:  # S-SCORE-5
                self.table.abandon(seat, "timeouts")
            self.table.set_auto(seat, True)


def _kept(running: tuple[Any, float] | None, what: Any,
          delay: float) -> tuple[tuple[Any, float], float]:
    """The deadline for ``what`` (kept if ``running`` is already for it, else ``delay`` from
    now) and the seconds left until it."""
    now = asyncio.get_running_loop().time()
    if running is None or running[0] != what:
        running = (what, now + delay)
    return running, max(0.0, running[1] - now)


def thinks(bot: Any) -> bool:
    """A bot whose decisions take long enough to leave the loop for (a search)."""
    return bool(getattr(bot, "thinks", False))
