"""A table client: handshake, the latest view or waiting room, the numbered event log and the
finished rounds.

Used by the screen, by tests and by bots over the wire alike. Transport-agnostic: any
``Link`` will do (``write(bytes)``, ``async read() -> bytes`` with b"" at the end, and
whether it is ``private`` and its ``channel``). The same client object survives reconnects:
``run`` may be called again on a new link and resumes from the last event number it saw. A
host that has said nothing for a while is asked whether it runs, and its listeners told when
it has answered nothing for long (``unanswered``). Every text a host sends is stripped of
control characters before anyone (a screen) sees it, and every message it sends has the
fields the client and the screens shared by the games read, of their types
(``HOST_MESSAGES``), and its views, events, history and hints are of its game's shapes,
cards and seats (``Game.sent_fault``), or the client leaves, saying the host broke the
protocol: the host may be hostile too (any table in the LAN lobby).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Literal, Protocol, cast

from bhtui.games import DEFAULT_GAME, GAMES
from bhtui.net.joincode import CodeProver, WrongCode, seat_proof
from bhtui.net.liveness import HOSTS_ANSWER, Liveness, answers_pings
from bhtui.net.protocol import (
    AWAY_SPANS,
    MAX_DEPTH,
    MAX_NAME,
    PROTOCOL,
    SEATS_CHOSEN,
    FrameDecoder,
    Message,
    ProtocolError,
    clean_name,
    client_hello,
    encode,
    speaks,
    too_deep,
)
from bhtui.store.tokens import SeatTokens
from bhtui.text import clean_text
from bhtui.wire import (
    Action,
    Admin,
    Asked,
    ClientMessage,
    Event,
    HistoryRow,
    Prefs,
    Recall,
    Room,
    TableSeat,
    View,
)

KEEP_EVENTS = 4096  # the events a client holds (a log pane shows far fewer)
# Errors that end our stay even once admitted: our seat was taken over by another window or
# machine with its token — reconnecting would only push that one out in turn; the host broke
# the protocol (``malformed``, the client's own) — it would only do so again; the host that
# answers now speaks in clear, asks for no code where ours did, or speaks another protocol
# (``clear``, ``codeless``, ``version``, the client's own) — every reconnect would meet it
# again, and its person must choose.
FINAL = frozenset({"replaced", "malformed", "clear", "codeless", "version"})
PASSING = frozenset({"busy", "cooldown"})
"""Refusals at the door that waiting cures: a door crowded for a moment, a table cooling
down after others' wrong codes. One who was in before tries again after them; every other
refusal at the door (a code the table no longer takes, no room) would meet him at every try,
and each try with a wrong code spent one of the table's guesses, so he stops and is told."""


class Link(Protocol):
    """A way to the host: ``private`` when nobody else can read it (TLS, or in process);
    ``channel`` what the join code's proof is bound to (the host's certificate's digest)."""

    private: bool
    channel: bytes

    def write(self, data: bytes) -> None: ...
    async def read(self) -> bytes: ...
    def disconnect(self) -> None: ...


Listener = Callable[[Message], None]


class Client:
    """One viewer of a table: a seat or a spectator."""

    def __init__(self, link: Link, name: str, role: Literal["player", "spectator"] = "player",
                 token: str | None = None, code: str | None = None,
                 tokens: SeatTokens | None = None, liveness: Liveness | None = None) -> None:
        self.link = link
        self.name = name
        self.role = role
        self.token = token
        self.code = code
        self.tokens = tokens  # where seat tokens are kept between runs (None: nowhere)
        # What the host sent, as the protocol shapes it (bhtui.wire); a screen reading a
        # game's fields asks that game's parts, which know the game's view.
        self.server: Message = {}  # the host's hello
        self.seat: int | None = None
        self.view: View | None = None
        self.room: Room | None = None
        self.table: list[TableSeat] = []
        self.recall: Recall = {}  # last moves, previous trick, the card counter
        self.deadline: tuple[int, float, float] | None = None  # seat, monotonic end, total
        self.asked: Asked | None = None  # the table waits for my declaration
        self.asked_until: float | None = None  # monotonic end of the wait for it, if timed
        self.away: list[tuple[int, int]] = []
        """My latest absences, as event spans (after, until]: my seat's moves in them were
        the bot's (the welcome says)."""
        self.returned: tuple[int, int] | None = None
        """The absence the latest welcome ended, if it ended one: I am back."""
        self.seq = 0
        self.events: deque[tuple[int, Event]] = deque(maxlen=KEEP_EVENTS)
        self.rounds: dict[int, HistoryRow] = {}  # finished rounds by number
        self.gaps = 0
        self.closed: str | None = None
        self.refused: dict[str, Any] | None = None  # what ended our stay: an error, a bye
        self.welcomes = 0  # how often a table let us in: a link that did is a link that works
        self.let_in = False  # the table let us in on the link that runs now
        self.patience = 0
        """Refusals of a busy door before we are in to take quietly (``stay_connected`` tries
        again): a door full of newcomers lets us in a few seconds later."""
        self.liveness = liveness or Liveness()
        """Pings a host we have heard nothing from (one whose hello said 3.2 or later)."""
        self.unanswered = False
        """The host has answered nothing for ``liveness.deaf`` seconds — its program stopped,
        its machine hung, its network gone while the link stays up: the listeners were told
        (``unanswered``), and are told when it speaks again. The link is kept meanwhile."""
        self._host = _Host(self)
        self.leaving = False
        """I left on purpose: the host closes the link once it has sent what my leave did,
        and ``stay_connected`` does not take the seat back (the bot plays it)."""
        self.ended = asyncio.Event()
        """Set while no link runs (``run`` returned): what a leaving screen waits for."""
        self.ended.set()
        self._cid = 0
        self._prover: CodeProver | None = None
        self._listeners: list[Listener] = []
        self._holding = False  # a screen beside the game is open here (``hold``)
        self._prefs: Prefs | None = None  # my seat's settings, as last sent

    def listen(self, listener: Listener) -> None:
        """Called with every message after the client's own state is updated."""
        self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    @property
    def last_seq(self) -> int | None:
        return self.events[-1][0] if self.events else None

    @property
    def history(self) -> list[HistoryRow]:
        """The finished rounds this client has been sent, in order (the score table)."""
        return [self.rounds[n] for n in sorted(self.rounds)]

    async def run(self, link: Link | None = None) -> None:
        """Read frames until the link ends (the host speaks first), then hang up our end: a
        link the host closed (a refusal, a ``bye``) would otherwise sit in CLOSE-WAIT, one
        more for every slow retry, until the program exits."""
        if link is not None:
            self.link = link
        self.closed = None
        self.let_in = False
        self.ended.clear()
        try:
            await self._read()
        finally:
            self.ended.set()

    async def _read(self) -> None:
        decoder = host_decoder()
        while True:
            data = await self.link.read()
            if data:
                self._heard()
            messages, broken = _received(decoder, data)
            for message in messages:
                fault = self._game_fault(message)
                if fault is not None:
                    broken = fault
                    break
                self._dispatch(message)
            if broken is not None:  # we leave: a host that did it would only do it again
                self.closed = broken
                self.fail("malformed", broken)
            if broken is not None or not data:
                self.liveness.forget(self._host)
                self._say_unanswered(False)  # (``closed`` says why, next)
                self.link.disconnect()
                self._dispatch({"type": "closed", "reason": self.closed or "connection closed"})
                return

    def _heard(self) -> None:
        """Bytes came from the host: it runs. Listeners told it did not are told it does,
        and it is watched again (given up on, it no longer was)."""
        self.liveness.heard(self._host)
        if self.unanswered:
            self._say_unanswered(False)
            self.liveness.watch(self._host)

    def _say_unanswered(self, on: bool) -> None:
        """Tell the listeners the host has answered nothing for a while (``on``), or no
        longer: it speaks again, or the link ended."""
        if on != self.unanswered:
            self.unanswered = on
            self._dispatch({"type": "unanswered", "on": on})

    @property
    def closed_by_host(self) -> bool:
        """The host said ``bye``: we wait for the same table to reopen (``--resume``)."""
        return self.refused is not None and self.refused.get("type") == "bye"

    @property
    def admitted(self) -> bool:
        """The table let us in (a seat, a view or the waiting room): an error now answers
        something we sent, unless it is FINAL."""
        return self.seat is not None or self.view is not None or self.room is not None

    def _turned_away(self, error: Message) -> bool:
        """Whether ``error`` is the table's door refusing us, for good: said before this
        link's welcome, to a newcomer whatever it says, to one who was in (a reconnect)
        unless waiting cures it (``PASSING``). Once in, an error answers something we sent.
        (A reconnect's refusal judged by ``admitted``, true from the view before, was never
        final: a watcher whose code a resumed table no longer took retried for ever.)"""
        if self.let_in:
            return False
        return not self.admitted or error["code"] not in PASSING

    def fail(self, code: str, reason: str, **detail: str) -> None:
        """The table cannot be reached, or its host broke the protocol: say so to the
        listeners, as the host's refusals are."""
        self._dispatch({"type": "error", "code": code, "reason": reason, **detail})

    def _game_fault(self, message: Message) -> str | None:
        """What in ``message`` breaks its game's shapes, said as ``_checked`` says the rest;
        checked as it comes, against the table the client knows by then (the rules its
        events are of). None too for a game this bhtui does not play: its screens say so."""
        game = GAMES.get(self.game)
        where = None if game is None else game.sent_fault(
            message, self.view or self.room or self.server)
        if where is None:
            return None
        return f"a {message['type']!r} message without a valid {where!r}"

    def _send_hello(self, server: Message) -> None:
        if self.closed_by_host and server.get("id") != self.server.get("id"):
            # Another table on the host's port, not ours reopened: keep waiting for ours.
            self.closed = "another table answers there"
            self.link.disconnect()
            return
        self.server = server
        if not self.link.private:  # an older bhtui: our name and token would go in clear
            app = str(server.get("app") or "?")[:MAX_NAME]  # (cleaned: ``_cleaned``)
            self.fail("clear", f"this host runs bhtui {app}, which does not encrypt its tables: "
                               "it needs the same version as yours", app=app)
            self.link.disconnect()
            return
        proto = server.get("proto")
        if (isinstance(proto, list) and len(proto) == 2 and all(type(p) is int for p in proto)
                and proto[0] != PROTOCOL[0]):
            # Said before our hello: its refusal would be in its words, and our name unasked.
            app = str(server.get("app") or "?")[:MAX_NAME]
            theirs = f"{proto[0]}.{proto[1]}, this bhtui's {PROTOCOL[0]}.{PROTOCOL[1]}"
            self.fail("version", f"this host runs bhtui {app}, whose protocol ({theirs}) differs: "
                                 "you both need the same version", app=app, protocols=theirs)
            self.link.disconnect()
            return
        if self.code and not server.get("code"):
            # We were given a code, so we expect a table that asks for it: one that does not
            # may be a machine posing as it (a code proves both ends), or its host turned the
            # code off. Either way, not our name unasked: the person chooses to go on.
            self.fail("codeless", "this table asks for no join code, but you have one: it may "
                                  "not be the table you were invited to; if you trust it, "
                                  "join it without the code")
            self.link.disconnect()
            return
        table_id = server.get("id")
        if self.token is None and self.role == "player" and self.tokens and isinstance(table_id, str):
            self.token = self.tokens.get(table_id)
        proof = seat_proof(self.token, self.link.channel) if self.token else None
        hello = client_hello(self.name, self.role, proof)
        if self.last_seq is not None:
            hello["last_seq"] = self.last_seq
        if server.get("code") and self.code:
            self._prover = CodeProver(self.code, self.link.channel)
            hello["pake"] = self._prover.message.hex()
        self.link.write(encode(hello))

    def _answer_pake(self, message: Message) -> None:
        """The host's half of the join-code exchange: prove we know the code too. A host that
        does not know it gets an empty proof and refuses us itself, saying why."""
        confirm = b""
        try:
            if self._prover is None:
                raise WrongCode("no code to prove")
            confirm = self._prover.answer(bytes.fromhex(str(message.get("pake"))),
                                          bytes.fromhex(str(message.get("confirm"))))
        except (WrongCode, ValueError):
            pass
        self._send({"type": "proof", "confirm": confirm.hex()})

    def _dispatch(self, message: Message) -> None:
        kind = message["type"]
        if kind in ("ping", "pong"):  # (nothing for the screens)
            if kind == "ping":
                self._send({"type": "pong"})
            return
        if kind == "hello":
            self._send_hello(message)
        elif kind == "pake":
            self._answer_pake(message)
        elif kind == "welcome":
            if self.closed_by_host:
                self.refused = None  # the table we were told is closed is back (resumed)
            self.welcomes += 1
            self.let_in = True
            if answers_pings(self.server, HOSTS_ANSWER):  # (ask no older one: it would
                self.liveness.watch(self._host)  #       close the link on a ping)
            self.seat = message.get("seat")
            self.away = [(after, until) for after, until in (message.get("away") or [])[
                -AWAY_SPANS:]]  # (a host sends no more: a hostile one's thousands are cut)
            self.returned = self.away[-1] if self.away and self.away[-1][1] == message.get(
                "seq") else None
            if self._holding:  # said again to the table that (re)admits us
                self._send({"type": "hold", "on": True})
            if self._prefs is not None and self.seat is not None:  # a resumed table's
                self._send(self._prefs)  # seat starts without them: auto-pass was off
            self.token = message.get("token") or self.token
            self._cid = max(self._cid, message.get("last_cid") or 0)  # ids go on after a rejoin
            table_id = self.server.get("id")
            if self.tokens and self.token and self.seat is not None and isinstance(table_id, str):
                self.tokens.put(table_id, self.token)
        elif kind == "catchup":
            self._catch_up(message["events"])
            return
        elif kind == "event":
            seq = message["seq"]
            if self.events and seq <= self.events[-1][0]:
                return  # already seen (a replay after reconnecting)
            if self.events and seq != self.events[-1][0] + 1:
                self.gaps += 1
            self.events.append((seq, message["event"]))
            if _starts_a_match(message["event"]):
                self.rounds.clear()  # 再来一局: the score table starts again with the match
        elif kind == "history":
            for record in message["rounds"]:
                self.rounds[record["round"]] = cast(HistoryRow, record)
        elif kind == "view":
            self.view = message["view"]
            self.table = message.get("table") or []
            self.seq = message["seq"]
            recall: Recall = message.get("recall") or {}
            if "previous" not in recall:  # unchanged since the last frame: keep ours
                recall = {**recall, "previous": self.recall.get("previous", [])}
            self.recall = recall
            self.asked = message.get("asked")
            left = (self.asked or {}).get("left")
            self.asked_until = None if left is None else time.monotonic() + left
            timer = message.get("timer")
            self.deadline = None
            if timer is not None:
                # Seconds left as the host sent them, counted down on this machine's clock.
                self.deadline = (timer["seat"], time.monotonic() + timer["left"],
                                 timer.get("total") or timer["left"])
        elif kind == "room":
            self.room = message["room"]
        elif kind == "error" and message["code"] == "busy" and self.patience \
                and not self.admitted:
            self.patience -= 1
            return  # (our caller tries again; the listeners hear only if it stays busy)
        elif kind == "error" and (message["code"] in FINAL or self._turned_away(message)):
            self.refused = message
        elif kind == "bye":  # the host closed the table (the seat token is kept): we wait for
            #                  it to reopen, quietly, until the person leaves
            self.refused = message
        elif kind == "closed":
            self.closed = message["reason"]
        for listener in list(self._listeners):
            listener(message)

    def _catch_up(self, events: list[list[Any]]) -> None:
        """What we missed, as one frame: each event goes to the listeners as if it had come
        alone. Events before the first were summarised by the view (a late joiner), so a
        jump there is no gap."""
        fresh = [e for e in events if self.last_seq is None or e[0] > self.last_seq]
        if fresh and self.last_seq is not None and fresh[0][0] != self.last_seq + 1:
            self.events.clear()  # what came before the jump is no longer continuous with it
            self.rounds.clear()  # it may hide a new match's start: the history page after
            #                      the catch-up (always sent) gives the score table back
        for seq, event in fresh:
            self._dispatch({"type": "event", "seq": seq, "event": event})

    def _send(self, message: ClientMessage) -> None:
        self.link.write(encode(message))

    def _next_cid(self) -> int:
        self._cid += 1
        return self._cid

    def act(self, action: Action) -> int:
        """Send an action answering the latest view; returns its command id."""
        cid = self._next_cid()
        self._send({"type": "action", "cid": cid, "seq": self.seq, "action": action})
        return cid

    def ask_hint(self) -> int:
        cid = self._next_cid()
        self._send({"type": "hint", "cid": cid})
        return cid

    def ask_history(self, before: int | None = None) -> None:
        """The finished rounds before round ``before`` (a page; None: the latest)."""
        self._send({"type": "history", "before": before})

    def set_auto(self, on: bool) -> None:
        self._send({"type": "auto", "on": on})

    def hold(self, on: bool) -> None:
        """Help, settings or another screen beside the game is open (or the last one closed):
        alone at the table, my turn timer waits meanwhile. Kept, and said again to a table
        that welcomes us back (a link that drops loses what was sent)."""
        if on == self._holding:
            return  # (said already)
        self._holding = on
        if self.link is not None and self.seat is not None:  # (still connecting: at welcome)
            self._send({"type": "hold", "on": on})

    def waive(self) -> None:
        """Nothing to declare at this moment: the bots need not wait for me."""
        self._send({"type": "waive"})

    def set_prefs(self, auto_pass: bool, assist: str | None = None) -> None:
        """My seat's settings: auto-pass, and the level of my 托管 and hints (where the game
        has levels)."""
        self._prefs = {"type": "prefs", "auto_pass": auto_pass, "assist": assist}
        self._send(self._prefs)

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text})

    def leave(self) -> None:
        """I quit on purpose (what the rules make of it, e.g. Dou Dizhu's escape): the host
        sends what it did, then closes the link (``ended``)."""
        self.leaving = True
        self._send({"type": "leave"})

    def ready(self) -> None:
        self._send({"type": "ready"})

    @property
    def chooses_seat(self) -> bool:
        """The host takes ``sit`` (its hello says 3.3 or later): an older one would close
        the link on it."""
        return speaks(self.server, SEATS_CHOSEN)

    def sit(self, seat: int) -> bool:
        """Ask for another seat in the waiting room; False, sending nothing, to a host
        that does not know the message."""
        if not self.chooses_seat:
            return False
        self._send({"type": "sit", "seat": seat})
        return True

    def admin(self, op: str, **fields: Any) -> None:
        self._send(cast(Admin, {"type": "admin", "op": op, **fields}))

    @property
    def game(self) -> str:
        """The game the table plays, as the host's hello names it."""
        name = self.server.get("game")
        return name if isinstance(name, str) else DEFAULT_GAME

    @property
    def renamed(self) -> str | None:
        """The name the table gives my seat when another person there has mine: mine with a
        number after it (``Li 2``, cut to fit as the host cuts it). None when the seat is
        called by my name (trimmed, as the host keeps it), while I watch, before the table
        says, or when the seat shows another's name (moved by the host, the room not yet
        told)."""
        seats: list[Any] = self.table if self.view is not None else (
            self.room["seats"] if self.room is not None else [])
        if self.seat is None or self.seat >= len(seats):
            return None
        called, mine = seats[self.seat]["name"], clean_name(self.name)
        head, _, number = called.rpartition(" ")
        numbered = number.isascii() and number.isdigit() and bool(head)
        return called if numbered and called != mine and mine.startswith(head) else None

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.seat is not None and self.view["to_act"] == self.seat


class _Host:
    """The host as its client's liveness sees it: pinged over the client's link, and given
    up on only in that its person is told (``Client.unanswered``): the link is kept, so a
    host let run again reads the pings, answers, and the table goes on where it was."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def send_frame(self, frame: bytes) -> None:
        self.client.link.write(frame)

    def drop(self, reason: str) -> None:
        self.client._say_unanswered(True)


def _starts_a_match(event: Event) -> bool:
    """The first deal of a match (either game), which a later "history" message follows."""
    return event.get("type") == "deal" and event.get("round") == 1 and event.get("redeal") == 0


# ----- the host's messages, checked before anyone reads them ----------------------------------

Check = Callable[[Any], bool]


def _is(*kinds: type) -> Check:
    """Of one of ``kinds`` exactly: a bool is not a whole number here (as at the host)."""
    return lambda value: type(value) in kinds


def _maybe(check: Check) -> Check:
    """Absent or null, or as ``check`` says (the client reads these with ``get``)."""
    return lambda value: value is None or check(value)


def _list_of(check: Check) -> Check:
    return lambda value: type(value) is list and all(map(check, value))


def _fields(**checks: Check) -> Check:
    """A map whose fields pass their checks (others it may have are nobody's business)."""
    return lambda value: type(value) is dict and all(
        check(value.get(name)) for name, check in checks.items())


def _seconds(value: Any) -> bool:
    """A time the host counts down: round() of NaN or infinity raises, on a screen's tick."""
    return type(value) in (int, float) and math.isfinite(value) and value >= 0


TEXT, WHOLE, FLAG, MAP, LIST = _is(str), _is(int), _is(bool), _is(dict), _is(list)
MOST_SEATS = 5
"""The most seats a table of either game has: a seat number is below it."""


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < MOST_SEATS


def _span(value: Any) -> bool:
    """Event numbers (after, until], as a welcome's absences are."""
    return type(value) is list and len(value) == 2 and all(map(WHOLE, value)) \
        and 0 <= value[0] <= value[1]


def _view_frame(message: Message) -> bool:
    """A view's seat numbers name seats it has (the screens index the seats by them)."""
    seats = len(message["view"]["seats"])
    timer = message.get("timer") or {}
    return 0 < seats <= MOST_SEATS and all(
        n is None or n < seats for n in (message["view"].get("to_act"), timer.get("seat")))


_EVENT = _fields(type=TEXT)
HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {"id": _maybe(TEXT), "code": _maybe(FLAG), "game": _maybe(TEXT),
              "headless": _maybe(FLAG)},
    "pake": {"pake": TEXT, "confirm": TEXT},
    "ping": {},
    "pong": {},
    "welcome": {"seat": _maybe(_seat), "token": _maybe(TEXT), "last_cid": _maybe(WHOLE),
                "seq": _maybe(WHOLE), "away": _maybe(_list_of(_span))},
    "catchup": {"events": _list_of(lambda pair: type(pair) is list and len(pair) == 2
                                   and WHOLE(pair[0]) and _EVENT(pair[1]))},
    "event": {"seq": WHOLE, "event": _EVENT},
    "history": {"rounds": _list_of(_fields(round=WHOLE, redeals=WHOLE, scores=_list_of(WHOLE),
                                           totals=_list_of(WHOLE)))},
    "view": {
        "seq": WHOLE,
        # The ViewHead, and the seats both games have: what the screens shared by the
        # games read; the rest is each game's.
        "view": _fields(preset=TEXT, options=MAP, viewer=_maybe(_is(int, str)), round=WHOLE,
                        redeal=WHOLE, rounds=_maybe(WHOLE), phase=TEXT, to_act=_maybe(_seat),
                        totals=_list_of(WHOLE), hand=_maybe(_list_of(TEXT)),
                        actions=_maybe(_list_of(_fields(type=TEXT))),
                        hands=_maybe(_list_of(_list_of(TEXT))),
                        seats=_list_of(_fields(count=WHOLE))),
        "table": _maybe(_list_of(_fields(name=TEXT, kind=_maybe(TEXT), auto=_maybe(FLAG)))),
        "recall": _maybe(_fields(last=_maybe(_list_of(_maybe(MAP))),
                                 previous=_maybe(_list_of(MAP)), played=_maybe(MAP),
                                 deck=_maybe(MAP))),
        "timer": _maybe(_fields(seat=_seat, left=_seconds, total=_maybe(_seconds))),
        "asked": _maybe(_fields(left=_maybe(_seconds))),
    },
    "room": {"room": _fields(
        table=TEXT, game=_maybe(TEXT), preset=TEXT, options=MAP, counter=_maybe(FLAG),
        timer=_maybe(_seconds),
        spectators=WHOLE, watchers=_maybe(LIST), waiting_for=_maybe(_list_of(WHOLE)),
        seats=_list_of(_fields(name=TEXT, kind=TEXT, ready=FLAG, taken=FLAG,
                               level=_maybe(TEXT))))},
    "error": {"code": TEXT, "reason": TEXT, "cid": _maybe(WHOLE)},
    "hint": {"cid": WHOLE, "action": _fields(type=TEXT)},
    "chat": {"seat": _maybe(WHOLE), "name": TEXT, "text": TEXT},
    "bye": {},
    "unsaved": {"reason": TEXT},
}
"""What the client, its listeners and the screens shared by the games read of each message a
host sends, by type: the field and the check its value passes (docs/protocol.md says what
each means, ``bhtui.wire`` declares them all)."""


def host_decoder() -> FrameDecoder:
    """A decoder of a host's frames that takes control characters out of every text in them
    (``_cleaned``), as the client reads them all."""
    return FrameDecoder(walk=_cleaned)


def _received(decoder: FrameDecoder, data: bytes) -> tuple[list[Message], str | None]:
    """The messages in ``data`` that the client knows, in order, up to the first frame or
    message with which the host broke the protocol; and what that was (None: nothing)."""
    messages: list[Message] = []
    try:
        for message in decoder.feed(data):
            if _checked(message) is not None:
                messages.append(message)
    except ProtocolError as exc:
        return messages, str(exc)
    return messages, None


def _checked(message: Message) -> Message | None:
    """``message`` when it has every field ``HOST_MESSAGES`` names for its type, of its
    type; None for a type the client does not know (a newer host's, or one only the client
    makes: ``closed``); a ProtocolError naming the first field that is wrong. Nothing of a
    message is used before it passes. What is checked is what the client and the screens
    both games share read; the fields of one game (its events' and hands' contents) are its
    own to check (``Client._game_fault``)."""
    kind = message["type"]
    fields = HOST_MESSAGES.get(kind)
    if fields is None:
        return None
    for name, check in fields.items():
        if not check(message.get(name)):
            raise ProtocolError(f"a {kind!r} message without a valid {name!r}")
    if kind == "view" and not _view_frame(message):
        raise ProtocolError("a 'view' message naming a seat it does not have")
    return message


_PLAIN = frozenset({int, float, bool, type(None)})


def _cleaned(value: Any, room: int = MAX_DEPTH) -> Any:
    """``value`` with control characters taken out of every text in it; a ProtocolError if
    it nests deeper than ``room`` lists and maps (the client's decoder walks every message
    with this instead of ``within_depth``: one walk of a large view, not two). A message is
    mostly numbers and printable ASCII words: those are kept without a call, since every
    client cleans every frame it gets (this walk cost a client more than decoding the
    frame). Other text goes through ``clean_text``: printable is not enough, as a pile of
    combining marks is printable."""
    kind = type(value)
    if kind is str:
        return value if _plain_text(value) else clean_text(value)
    if kind is not list and kind is not dict:
        return value
    if room == 0:
        raise too_deep()
    inner = room - 1
    if kind is list:
        return [v if type(v) in _PLAIN or (type(v) is str and _plain_text(v))
                else _cleaned(v, inner) for v in value]
    return {(k if type(k) is str and _plain_text(k) else _cleaned(k, inner)):
            (v if type(v) in _PLAIN or (type(v) is str and _plain_text(v)) else _cleaned(v, inner))
            for k, v in value.items()}


def _plain_text(text: str) -> bool:
    """Text ``clean_text`` would keep as it is, known without walking it: printable ASCII
    (which holds no control character and no combining mark)."""
    return text.isascii() and text.isprintable()
