"""Every message of the table protocol, with its declared shape: the one place a reader sees it.

``docs/protocol.md`` says what each message and field means; this module says what each holds,
so mypy checks every reader. The shapes are TypedDicts: on the wire and in the log a message
stays the plain dict msgpack carries (nothing is encoded or decoded for them), and typing is
not validation — a frame from another machine is checked where it arrives (``net/protocol.py``,
the host's handlers; at a client, against these very shapes, with the marks below saying which
values are cards and seats) before any code trusts these shapes.

It sits below both engines (they build the views), beside ``bhtui.cards``, and imports nothing
of the project: each game's view is shaped here, the part both games share (:class:`ViewHead`)
and what is each game's (:class:`BaohuangView`, :class:`DoudizhuView`); a history row is
each game's too. :class:`Event` is one shape for both games' events, every field either sends
declared (which type carries which is in docs/protocol.md). ``tests/project/test_wire.py`` keeps
this module, the document and what the engines really send in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, NotRequired, Required, TypedDict, TypeVar

Viewer = int | str | None
"""A seat, None for a spectator, "all" for the open table (every hand shown)."""

# ----- what a value stands for ---------------------------------------------------------------
# Marks on the fields that hold cards or seats: mypy sees the plain type; a client checks each
# marked value against its game and table (``bhtui.games.shapes``) before a screen reads it.
CARD, HAND, SEAT, EACH_SEAT = "card", "hand", "seat", "each seat"
CardText = Annotated[str, CARD]
"""A card as its game writes it: ``10H`` in Baohuang (R-CARD-2), its rank in Dou Dizhu."""
Cards = list[CardText]
HandText = Annotated[str, HAND]
"""Cards as one text: Baohuang's set (``9 9 9 SJ``), Dou Dizhu's hand (``3 3 3 4``)."""
Seat = Annotated[int, SEAT]
"""A seat of the table: 0 up to the number its rules deal to."""
_Entry = TypeVar("_Entry")
PerSeat = Annotated[list[_Entry], EACH_SEAT]
"""One entry for each seat of the table, by seat (totals, scores, hands)."""


class Action(TypedDict, total=False):
    """A move or decision a seat sends (``action`` command); each type keeps only its own
    fields (the game's ``action_fields``)."""

    type: Required[str]
    card: CardText
    open: bool
    cards: Cards
    set: HandText
    points: int
    groups: list[HandText]
    fight: bool
    hand: HandText
    why: str
    on: bool


# ``from`` is a keyword, so these two take the functional form.
Transfer = TypedDict("Transfer", {"from": Seat, "to": Seat, "card": CardText})
"""A card handed on: tribute and its return."""
Purchase = TypedDict("Purchase", {"from": Seat, "to": Seat, "card": CardText,
                                   "paid": CardText | None})
"""买3: the 3 that changed hands and the card paid for it."""


class Escape(TypedDict):
    """S-SCORE-5: the seat that escaped a deal, and why (``left``, ``timeouts`` …)."""

    seat: Seat
    why: str


Event = TypedDict("Event", {
    "type": Required[str], "private": Seat, "seat": Seat,
    # the deal, the match
    "round": int, "redeal": int, "counts": PerSeat[int], "first_candidate": Seat | None,
    "first_bidder": Seat, "huangfan": bool, "mark": CardText | None, "kitty": int | Cards,
    "totals": PerSeat[int], "levels": PerSeat[int] | None,
    # Baohuang: tribute and 买3, the throne and the call, declarations
    "items": list[Transfer] | list[Purchase], "second": bool, "forced": bool, "bundle": Cards,
    "grab": bool, "auto": bool, "added": CardText | None, "to": Seat | None, "card": CardText,
    "open": bool, "shown": Cards, "role": str | None, "by": str | Seat | None, "solo": bool,
    "step": str | None, "seats": list[Seat], "side": str, "kicks": int,
    # Baohuang: 托管 by rule (R-AUTO-2)
    "on": bool, "times": int, "stays": bool, "unscored": bool,
    # plays and tricks (both games)
    "cards": Cards, "set": HandText, "hand": HandText, "kind": str, "left": int,
    "jiefeng": bool, "from": Seat, "kou": bool, "bomb": bool, "place": int | None,
    # Dou Dizhu: bids, 摊打, 报到, escape
    "points": int, "bid": int | None, "toulia": bool, "decision": str,
    "groups": list[HandText], "fight": bool | None, "why": str,
    # a round's or deal's result
    "emperor": Seat | None, "guard": Seat | None, "open_solo": bool, "open_guard": bool,
    "rebels": list[Seat], "called": CardText | None, "places": PerSeat[int | None],
    "scores": PerSeat[int], "winner": str | None, "multiplier": int, "bombs": int,
    "stuck": list[list[Seat]], "hands": PerSeat[Cards], "landlord": Seat, "stake": int,
    "factors": dict[str, str], "spring": str | None, "reports": list[HandText],
    "escape": Escape | None,
}, total=False)
"""Something that happened at the table, in either game: ``type`` names it and the rest of
its fields are that type's (docs/protocol.md, *Events*, lists which); ``private`` is the one
seat that may see it (everyone else gets ``{"type": "hidden"}``). One shape for both games
with every field declared, so a typo or a wrong type in a reader is caught; which fields a
type carries is the engine's and the doc's."""


# ----- views -------------------------------------------------------------------------------


class ViewHead(TypedDict):
    """What every game's view holds: the rules, who is looking, where the match is, the
    seats and totals. A screen shared by the games reads only these."""

    preset: str
    options: dict[str, Any]
    viewer: Viewer
    round: int
    redeal: int
    rounds: int | None
    phase: str
    to_act: Seat | None
    totals: PerSeat[int]
    hand: NotRequired[Cards]
    """A seat's own cards (its view only)."""
    actions: NotRequired[list[Action]]
    """A seat's decisions now but the plays (which follow from the hand and the rules)."""
    hands: NotRequired[PerSeat[Cards]]
    """Every hand: the open table's view only."""


class Top(TypedDict):
    """Baohuang's set to beat and who played it."""

    seat: Seat
    cards: Cards


class BaohuangSeat(TypedDict):
    seat: Seat
    count: int
    place: int | None
    role: str | None
    move: Cards | str | None


class BaohuangView(ViewHead):
    """A Baohuang seat's, spectator's or the open table's view (R-HIDE-*)."""

    seats: PerSeat[BaohuangSeat]
    emperor: Seat | None
    guard: Seat | None
    solo: bool
    open_solo: bool
    grabbed: bool
    called: CardText | None
    first_candidate: Seat | None
    candidate: Seat | None
    second_chance: bool
    forced: bool
    bundle: Cards
    passes_to: Seat | None
    in_hand: bool
    grabs: list[Seat]
    open_guard: bool
    rebels: list[Seat]
    again: list[Seat]
    moment: int
    leader: Seat | None
    top: Top | None
    tribute: list[Transfer]
    bought: list[Purchase]
    dealer: Seat
    step: str | None
    asking: list[Seat]
    kickers: list[Seat]
    kicks: int
    abdicator: Seat | None
    bombs: int
    stuck: list[list[Seat]]
    taken: Cards
    tricks: list[list[list[Any]]]
    guard_card: NotRequired[bool]
    strict_auto: NotRequired[StrictAuto]


class StrictAuto(TypedDict):
    """R-AUTO-2 (option ``strict_auto``): who is on 托管 and how often each seat was put on
    it this round (more than three times: it stays on)."""

    on: PerSeat[bool]
    times: PerSeat[int]


class DoudizhuSeat(TypedDict):
    seat: Seat
    count: int
    role: str | None
    bid: int | None
    bombs: int
    bomb_limit: int | None
    move: str | None
    shown: Cards
    played: Cards


class DoudizhuTop(TypedDict):
    seat: Seat | None
    hand: HandText
    kind: str


class DoudizhuView(ViewHead):
    """A Dou Dizhu seat's, spectator's or the open table's view."""

    game: Literal["doudizhu"]
    seats: PerSeat[DoudizhuSeat]
    first_bidder: Seat
    high: int
    landlord: Seat | None
    bid: int | None
    forced: bool
    huangfan: bool
    mark: CardText | None
    toulia: bool
    open_hand: bool
    reports: list[HandText]
    fight: bool | None
    locked: list[HandText]
    kitty: Cards | None
    kitty_size: int
    leader: Seat | None
    top: DoudizhuTop | None
    bombs: int
    factors: dict[str, str]
    stake: int | None
    levels: PerSeat[int] | None


View = BaohuangView | DoudizhuView
"""A view of either game; a screen shared by both reads its :class:`ViewHead`."""


class DoudizhuResult(TypedDict):
    """A scored Dou Dizhu deal: in the ``result`` event and, with ``round``, ``redeals`` and
    ``totals``, a ``history`` row."""

    landlord: Seat
    bid: int
    winner: str
    scores: PerSeat[int]
    stake: int
    factors: dict[str, str]
    bombs: int
    spring: str | None
    levels: PerSeat[int] | None
    reports: list[HandText]
    fight: bool | None
    escape: Escape | None


class DoudizhuDealEnd(DoudizhuResult):
    """Dou Dizhu's ``result`` event: the scored deal with every hand left and the kitty."""

    type: Literal["result"]
    round: int
    hands: PerSeat[Cards]
    kitty: Cards


def view_head(preset: str, options: dict[str, Any], viewer: Viewer, round: int, redeal: int,
              rounds: int | None, over: bool, phase: str, to_act: int | None,
              totals: list[int]) -> ViewHead:
    """The part of a view every game builds alike (phase ``over`` once the match is)."""
    return {"preset": preset, "options": options, "viewer": viewer, "round": round,
            "redeal": redeal, "rounds": rounds, "phase": "over" if over else phase,
            "to_act": None if over else to_act, "totals": list(totals)}


# ----- what travels beside the view --------------------------------------------------------


class TableSeat(TypedDict):
    """A seat in a ``view`` frame's ``table``."""

    name: str
    kind: Literal["human", "bot"]
    auto: bool
    ready: bool
    connected: bool
    level: str | None


class LastMove(TypedDict):
    move: Cards | str
    old: bool


class TrickMove(TypedDict):
    seat: Seat
    move: Cards | str


class Recall(TypedDict, total=False):
    """What follows from public events, for the screen (``net/recall.py``); a client has
    none before its first view."""

    last: PerSeat[LastMove | None]
    previous: list[TrickMove]
    played: dict[str, int]
    deck: dict[str, int]


class Timer(TypedDict):
    seat: Seat
    left: float
    total: float


class Asked(TypedDict):
    left: float | None


class RoomSeat(TypedDict):
    name: str
    kind: Literal["human", "bot"]
    ready: bool
    taken: bool
    connected: bool
    auto: bool
    level: str | None


class Room(TypedDict):
    """The waiting room before the match."""

    table: str
    game: str
    preset: str
    options: dict[str, Any]
    counter: bool
    timer: NotRequired[float | None]  # seconds a turn, None: none (absent from older hosts)
    seats: list[RoomSeat]
    spectators: int
    watchers: NotRequired[list[str]]  # the first few spectators' names (hosts since stop 56)
    waiting_for: NotRequired[list[int]]  # people the host tried to start over, not ready


class StuckSeat(TypedDict):
    """闷: a seat left holding only held-back cards, who stuck it, the place it got."""

    seat: Seat
    by: Seat
    place: int


class BaohuangRow(TypedDict):
    """A finished Baohuang round, a row of the score table (``history``): enough to
    recompute its scores, with the totals after it."""

    round: int
    redeals: int
    emperor: Seat | None
    guard: Seat | None
    solo: bool
    open_solo: bool
    open_guard: bool
    grab: bool
    rebels: list[Seat]
    called: CardText | None
    places: PerSeat[int | None]
    scores: PerSeat[int]
    winner: str | None
    tribute: list[Transfer]
    bought: list[Purchase]
    abdicated: bool
    kicks: int
    bombs: int
    multiplier: int
    stuck: list[StuckSeat]
    scored: bool
    penalties: list[Penalty]
    totals: PerSeat[int]


class Penalty(TypedDict):
    """R-AUTO-3: points a seat lost at once for quitting a running round."""

    seat: Seat
    points: int


class DoudizhuRow(DoudizhuResult):
    """A finished Dou Dizhu deal, a row of the score table: its result, numbered, with the
    totals after it."""

    round: int
    redeals: int
    totals: PerSeat[int]


HistoryRow = BaohuangRow | DoudizhuRow
"""A row of either game's score table: both have ``round``, ``redeals``, ``scores`` and
``totals``, all a shared screen reads."""


# ----- host → client -----------------------------------------------------------------------


class HostHello(TypedDict):
    type: Literal["hello"]
    proto: list[int]
    app: str
    id: str
    code: bool
    table: str
    game: str
    preset: str
    options: dict[str, Any]
    headless: NotRequired[bool]  # nobody hosts it from a screen: no 再来一局 after the match


class PakeMessage(TypedDict):
    type: Literal["pake"]
    pake: str
    confirm: str


class Welcome(TypedDict):
    type: Literal["welcome"]
    role: str
    """``player`` or ``spectator``, as granted."""
    seat: int | None
    token: str | None
    last_cid: int
    seq: int
    away: list[tuple[int, int]]
    """This seat's latest absences, as event spans (after, until]: the bot played it then.
    One ending at ``seq`` is the absence this welcome ends."""


class Catchup(TypedDict):
    type: Literal["catchup"]
    events: list[tuple[int, Event]]


class EventFrame(TypedDict):
    type: Literal["event"]
    seq: int
    event: Event


class ViewFrame(TypedDict):
    type: Literal["view"]
    seq: int
    view: View
    table: list[TableSeat]
    recall: Recall
    timer: NotRequired[Timer]
    asked: NotRequired[Asked]


class History(TypedDict):
    type: Literal["history"]
    rounds: Sequence[HistoryRow]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str
    reason: str
    cid: NotRequired[int | None]
    why: NotRequired[str]
    """Which case of its ``code`` a refusal is (``full``: ``seats``, ``spectators``,
    ``address``; ``code``: ``needed``, ``wrong``; ``cooldown``: ``codes``; ``open``: ``open``;
    ``sit``: ``seat``, ``watcher``, ``started``, ``range``, ``taken``),
    so a client says it in its player's language; ``reason`` is the host's English."""
    seconds: NotRequired[int]
    """A ``cooldown``'s wait."""


class HintAnswer(TypedDict):
    type: Literal["hint"]
    cid: int
    action: Action


class ChatLine(TypedDict):
    type: Literal["chat"]
    seat: int | None
    name: str
    text: str


class RoomFrame(TypedDict):
    type: Literal["room"]
    room: Room


class Bye(TypedDict):
    """The host is closing the table on purpose: the link ends after this, for good."""

    type: Literal["bye"]
    reason: Literal["closed"]


class Unsaved(TypedDict):
    """The table's log can no longer be written (a full disk, its folder gone): the game goes
    on unsaved from here. ``reason``: the system's words, never the host's path."""

    type: Literal["unsaved"]
    reason: str


class Ping(TypedDict):
    """Are you there? (sent by either end to the other, silent for a while:
    ``net/liveness.py``)"""

    type: Literal["ping"]


# ----- client → host -----------------------------------------------------------------------


class ClientHello(TypedDict):
    type: Literal["hello"]
    proto: list[int]
    app: str
    role: Literal["player", "spectator"]
    name: str
    token: NotRequired[str]
    last_seq: NotRequired[int]
    pake: NotRequired[str]


class Proof(TypedDict):
    type: Literal["proof"]
    confirm: str


class ActionCommand(TypedDict):
    type: Literal["action"]
    cid: int
    seq: int
    action: Action


class HintRequest(TypedDict):
    type: Literal["hint"]
    cid: int


class Auto(TypedDict):
    type: Literal["auto"]
    on: bool


class Hold(TypedDict):
    type: Literal["hold"]
    on: bool


class Say(TypedDict):
    type: Literal["chat"]
    text: str


class HistoryRequest(TypedDict):
    type: Literal["history"]
    before: int | None


class Waive(TypedDict):
    type: Literal["waive"]


class Leave(TypedDict):
    type: Literal["leave"]


class Prefs(TypedDict, total=False):
    type: Required[Literal["prefs"]]
    auto_pass: bool
    assist: str | None


class Ready(TypedDict):
    type: Literal["ready"]


class Pong(TypedDict):
    """Here (the answer to ``ping``, either way)."""

    type: Literal["pong"]


class Admin(TypedDict, total=False):
    type: Required[Literal["admin"]]
    op: Required[str]
    seat: int
    to: int
    preset: str
    options: dict[str, Any]
    level: str


class Sit(TypedDict):
    """A person takes another seat in the waiting room (protocol 3.3)."""

    type: Literal["sit"]
    seat: int


HostMessage = (HostHello | PakeMessage | Welcome | Catchup | EventFrame | ViewFrame | History
               | ErrorMessage | HintAnswer | ChatLine | RoomFrame | Bye | Unsaved | Ping | Pong)
"""What a host sends, each named by its ``type`` (docs/protocol.md, *Host → client*)."""
ClientMessage = (ClientHello | Proof | ActionCommand | HintRequest | Auto | Hold | Say
                 | HistoryRequest | Waive | Leave | Prefs | Ready | Admin | Sit | Ping
                 | Pong)
"""What a client sends (docs/protocol.md, *Client → host*)."""
