"""The game contract: what a game gives everything above its engine.

The host, its scheduler, the game log and resume, the lobby and waiting room, the sim and the
replay know a game only through a :class:`Game`: its name and presets, the seats of a preset,
a match it makes, and the few questions about that match which differ from game to game (its
bots, its declarations out of turn, its hint, the moves its events show). Each game's engine
stays in its own package (``bhtui.rules`` is Baohuang's, ``bhtui.doudizhu`` Dou Dizhu's); a
game's adapter (``bhtui.games.baohuang``, ``bhtui.games.doudizhu``) is the only place both
the contract and that engine meet. Screens get a game's widgets from
``bhtui.tui.parts`` (this module, like the whole core, never imports a UI library).

Everything that crosses the wire or goes into a log is a plain dict of str/int/bool/list:
actions, events, views and finished-round records, each with its declared shape in
``bhtui.wire``.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from bhtui.games.shapes import Mark, fault
from bhtui.wire import EACH_SEAT, SEAT, Action, Event, HistoryRow, Recall, View, Viewer

Move = list[str] | str
TRUTH = {"yes": "true", "on": "true", "1": "true", "no": "false", "off": "false", "0": "false"}
"""Other ways to write true and false on a command line."""
"""What a seat did, as the screen shows it: the cards of a play, or "pass" (or "yield")."""


class Rules(Protocol):
    """One table's rules: a preset and its options, rebuilt from ``options()`` on any machine."""

    @property
    def name(self) -> str: ...
    def options(self) -> dict[str, Any]: ...
    def with_options(self, **options: Any) -> Any: ...


class Offer(Protocol):
    """A seat's legal actions, with what the seat knows (``reading``) made when first read."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Action: ...
    def __iter__(self) -> Iterator[Action]: ...
    @property
    def reading(self) -> Any: ...


class GameMatch(Protocol):
    """A running match: a pure state machine whose seed and actions replay it (R-SEED-1)."""

    @property
    def rules(self) -> Any: ...
    @property
    def over(self) -> bool: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def history(self) -> Sequence[HistoryRow]:
        """Finished rounds as plain dicts, each with at least ``round``, ``scores`` and
        ``totals`` (the totals after it); the host sends each once when it ends."""
    @property
    def records(self) -> Sequence[Any]:
        """Finished rounds as the engine keeps them; ``as_dict()`` is the sim's JSON."""
    @property
    def actions(self) -> Sequence[tuple[int, Action]]: ...
    def keep_last(self, n: int) -> None:
        """Keep only about the last ``n`` actions in memory (``len(actions)`` still counts
        them all): a table's match, whose game log holds them all."""
    @property
    def to_act(self) -> int | None: ...
    def legal_actions(self, seat: int) -> Offer: ...
    def apply(self, seat: int, action: Action) -> list[Event]: ...
    def view(self, viewer: Viewer) -> View: ...
    def initial_events(self) -> list[Event]: ...


M = TypeVar("M", bound=GameMatch)
"""The match type of a game (its engine's ``Match``)."""


class Game(ABC, Generic[M]):
    """One game: its presets, seats, matches, bots and the per-game questions a table asks.

    A subclass sets the class attributes and implements the abstract methods; the rest is
    shared. Every method is pure or asks the match; none keeps state.
    """

    name: str
    """``"baohuang"`` or ``"doudizhu"``: in the room, the lobby's TXT record, the log header
    and the sim's JSON."""
    presets: Mapping[str, Any]
    """Preset name → its rules (a :class:`Rules`)."""
    default_preset: str
    edition: int
    """The rules edition a log names (``rules_version``): a log of another one is refused."""
    out_of_turn: frozenset[str] = frozenset()
    """Action types any seat may send whoever is to act (declarations). None in Dou Dizhu."""
    host_only: frozenset[str] = frozenset()
    """Action types only the table itself applies (Dou Dizhu's escape): refused from the wire."""
    action_fields: Mapping[str, tuple[str, ...]] = {}
    """The fields each action type carries besides ``type``: everything else a client sends
    is dropped before the action is applied and logged."""
    bot_names: tuple[str, ...] = ("random", "heuristic")
    """Its bots by level, weakest first."""
    standard_bot: str = "heuristic"
    """The bot that fills empty seats and plays a seat on 托管 when nobody chose a level."""
    levels: tuple[str, ...] = ()
    """The bots a player chooses from — for a bot seat, for his 托管 and his hints — weakest
    first (``bot_names`` may hold baselines besides). None: the standard bot alone."""
    round_end: str
    """The event type that ends a round with its result (the screen shows the result then)."""
    illegal: type[Exception]
    """The one error the engine raises for a refused action; its ``reason`` is for people
    and the match is unchanged."""

    # ----- presets and seats ----------------------------------------------------------------
    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> Any:
        """The rules of a preset with options; ValueError names the known presets or the
        bad option."""
        name = self.default_preset if preset is None else preset
        if name not in self.presets:
            raise ValueError(f"unknown preset {name!r}; known: {', '.join(self.presets)} "
                             f"(the presets of {self.name})")
        return self.presets[name].with_options(**dict(options or {}))

    @abstractmethod
    def seats(self, rules: Any) -> int:
        """How many seats the preset deals to."""

    def option_values(self, rules: Any, name: str) -> tuple[Any, ...]:
        """The values option ``name`` may take, in the order a settings screen steps
        through them (on/off unless a game says otherwise)."""
        return (False, True)

    def with_parsed(self, rules: Any, pairs: Sequence[str]) -> Any:
        """A copy of ``rules`` with the command line's ``NAME=VALUE`` options; ValueError
        says why. A value is one of the option's values as text (``true``, ``rank4plus``,
        ``5``; true and false also as yes/no, on/off, 1/0), or any whole number for an
        option that is a number (Dou Dizhu's base score)."""
        current = rules.options()
        options: dict[str, Any] = {}
        for pair in pairs:
            name, sep, text = (part.strip() for part in pair.partition("="))
            if not sep:
                raise ValueError(f"option {pair!r}: write NAME=VALUE, e.g. NAME=true")
            if name not in current:
                valid = ", ".join(current) or "none"
                raise ValueError(f"unknown option {name!r} for {rules.name}; valid: {valid}")
            values = self.option_values(rules, name)
            word = TRUTH.get(text.lower(), text.lower()) if values == (False, True) \
                else text.lower()
            found = [v for v in values if str(v).lower() == word]
            number = isinstance(current[name], int) and not isinstance(current[name], bool)
            if found:
                options[name] = found[0]
            elif number and word.lstrip("-").isdigit():
                options[name] = int(word)
            else:
                shown = f"{name}=NUMBER" if number else " or ".join(
                    f"{name}={str(v).lower()}" for v in values)
                raise ValueError(f"option {name}={text!r}: write {shown}")
        return rules.with_options(**options)

    def changed_options(self, rules: Any) -> dict[str, Any]:
        """The options ``rules`` set otherwise than their preset does (what a lobby lists)."""
        default = self.presets[rules.name].options()
        return {k: v for k, v in rules.options().items() if default.get(k) != v}

    def owns(self, rules: Any) -> bool:
        """Whether ``rules`` are this game's (a rules object, not a name)."""
        return any(type(rules) is type(r) for r in self.presets.values())

    # ----- matches --------------------------------------------------------------------------
    match_type: Callable[..., GameMatch]
    """The engine's match: ``match_type(rules, seed, rounds=...)``."""

    def new_match(self, rules: Any, seed: int | str, rounds: int | None = None) -> GameMatch:
        """A match of ``rounds`` rounds (None: no limit), dealt from ``seed``."""
        return self.match_type(rules, seed, rounds=rounds)

    def replay(self, rules: Any, seed: int | str, actions: Sequence[tuple[int, Action]],
               rounds: int | None = None) -> GameMatch:
        """The match rebuilt from its seed and actions; the engine's error when one is
        refused (a damaged log)."""
        match = self.new_match(rules, seed, rounds)
        for seat, action in actions:
            match.apply(seat, action)
        return match

    event_for: Callable[[Event, Viewer], Event]
    """The event as ``viewer`` may see it (R-HIDE-*): a placeholder when it is private (the
    engine's own function, as a static method)."""

    # ----- bots -----------------------------------------------------------------------------
    make_bot: Callable[..., Any]
    """A bot of the game by name (``bot_names``) and seed; ValueError lists the names. The
    table holds it and hands it back to :meth:`decide` and :meth:`interject` (the engine's
    own factory, as a static method)."""

    def level(self, wanted: str | None) -> str:
        """The bot for the level a player chose: that one where the game has it, else the
        standard bot."""
        return wanted if wanted is not None and wanted in self.levels else self.standard_bot

    def table_bot(self, name: str, seed: int = 0) -> Any:
        """A bot for a seat at a table or a person's 托管, where people wait on it (a bot that
        searches gets a time limit there)."""
        return self.make_bot(name, seed)

    # One bot interface for both games: a bot gets the seat's offer — its legal actions, with
    # ``offer.reading`` what the seat knows (Baohuang's ``Reading``, Dou Dizhu's view) — and
    # returns one of them. The table, the sim, 托管, the hint and a remote bot all hand it one.
    hint_of: Callable[[Any, str], Action]
    """The hint for an offer at a level (the engine-side ``hint``, as a static method)."""
    offer_of_view: Callable[[View], Sequence[Action]]
    """A seat's offer as its view tells it (a bot at a remote table; a static method)."""

    def offer(self, match: M, seat: int) -> Offer:
        """The seat's offer with its reading made now: a snapshot a bot may read in another
        thread while the match moves on."""
        offer = match.legal_actions(seat)
        _ = offer.reading
        return offer

    def decision(self, bot: Any, match: M, seat: int) -> Callable[[], Action]:
        """The bot's decision for the seat to act, prepared from the match as it stands:
        calling it decides without reading the match again, so a bot that thinks long
        (``thinks``) may decide in a worker thread while the table goes on."""
        return partial(bot.decide, self.offer(match, seat))

    def decide(self, bot: Any, match: M, seat: int) -> Action:
        """The bot's action for the seat to act (decided at once, so the offer's reading is
        made only if the bot reads it)."""
        action: Action = bot.decide(match.legal_actions(seat))
        return action

    def hinting(self, match: M, seat: int, level: str | None = None
                ) -> Callable[[], Action]:
        """The hint a player who asks is offered (the choice of the bot of his level, within
        a short time), prepared like :meth:`decision`."""
        return partial(self.hint_of, self.offer(match, seat), self.level(level))

    def hint(self, match: M, seat: int, level: str | None = None) -> Action:
        return self.hinting(match, seat, level)()

    def remote_decide(self, bot: Any, view: View) -> Action:
        """The bot's action from its seat's view alone (a bot at a remote table)."""
        action: Action = bot.decide(self.offer_of_view(view))
        return action

    # ----- declarations out of turn (none unless a game has them) ------------------------
    def declares(self, rules: Any) -> bool:
        """Whether any seat may ever act out of turn under these rules (if not, nobody is
        ever offered a declaration: the sim and the table skip asking)."""
        return bool(self.out_of_turn)

    def declarations(self, match: M, seat: int) -> Sequence[Action]:
        """What ``seat`` may declare out of turn now."""
        return ()

    def interject(self, bot: Any, match: M, seat: int) -> Action | None:
        """The bot's declaration out of turn, or None."""
        return self.interjection(bot, match, seat)()

    def interjection(self, bot: Any, match: M, seat: int) -> Callable[[], Action | None]:
        """The bot's declaration out of turn, prepared from the match as it stands like
        :meth:`decision`, so a bot that weighs it by searching may do so in a worker thread."""
        return lambda: None

    def remote_interject(self, bot: Any, view: View) -> Action | None:
        return None

    def abandons(self, rules: Any, why: str | None = None) -> bool:
        """Whether these rules make anything of a person abandoning the game (for reason
        ``why``; None: for any)."""
        return False

    def abandon(self, match: M, seat: int, why: str) -> Action | None:
        """What the table applies when a person abandons the game (``why``: ``left`` on
        purpose, ``removed`` by the host, ``disconnected`` too long, ``timeouts``), or None
        while the rules make nothing of it yet (Dou Dizhu before a landlord is known)."""
        return None

    def auto_player(self, rules: Any) -> Any | None:
        """The auto-player the rules themselves prescribe for a person's seat on 托管, the
        match then being told who is on it (Baohuang's ``strict_auto``, R-AUTO-2); None: a
        bot of the person's chosen level plays it, and the match knows nothing of it."""
        return None

    interjecting: Callable[[M], bool] = staticmethod(lambda match: False)
    """Whether any seat may declare out of turn now (cheap): when not, nobody is asked. A
    function of the match, not a method: Baohuang's is the match's own property getter."""

    def moment(self, match: M) -> Hashable:
        """Changes whenever a declaration may be wanted: bots are asked once per moment."""
        return None

    def view_moment(self, view: View) -> Hashable:
        """The same moment as a seat's view tells it (a remote bot)."""
        return None

    def waits_for(self, match: M, candidates: list[int], people: list[int],
                  spectators: int) -> set[int]:
        """Of ``candidates`` (people here who have not answered this moment), those a bot to
        act waits for before it moves; ``people`` are all persons playing their own seats."""
        return set()

    # ----- what the screen remembers (public events only) ---------------------------------
    @abstractmethod
    def move_of(self, event: Event) -> tuple[int, Move] | None:
        """The seat and its move when ``event`` is a play or a pass (the seat boxes' last
        move, the previous trick, the card counter)."""

    def stand_ins(self, event: Event) -> dict[str, str]:
        """Cards that a public event makes count as another card for the counter (Weifang's
        GC as the called card); none unless a game has such cards."""
        return {}

    @abstractmethod
    def counted(self, rules: Any) -> dict[str, int]:
        """The card counter (记牌器): the ranks it follows, highest first, and how many of
        each the deck holds."""

    # ----- what a client is sent: checked before a screen reads it --------------------------
    view_shape: Any
    """The game's view (``wire.BaohuangView``, ``wire.DoudizhuView``)."""
    row_shape: Any
    """A finished round of its score table (``wire.BaohuangRow``, ``wire.DoudizhuRow``)."""
    event_fields: Mapping[str, tuple[str, ...]]
    """The fields each of its event types always carries (docs/protocol.md): the screens
    read them without asking. What else an event has is checked against ``wire.Event``."""

    @abstractmethod
    def card_marks(self, rules: Any) -> dict[str, Mark]:
        """What a card (``wire.CARD``) and a hand's text (``wire.HAND``) are under these
        rules, and how many a list may hold (the deck)."""

    def view_fault(self, view: Any, rules: Any) -> str | None:
        """What in a view of the right shape still makes no sense of this game (a set to
        beat that is none): where, or None."""
        return None

    def sent_fault(self, message: Mapping[str, Any], table: Mapping[str, Any]) -> str | None:
        """What in a host's view, event, catch-up, history or hint breaks this game's shapes
        (``wire``) or its cards and seats: the path of the first value that does
        (``view.seats[2].move``); None when it is sound, or a message of no game. ``table``
        is the latest view, room or hello the client has: the rules its events are of."""
        kind = message["type"]
        if kind not in ("view", "event", "catchup", "history", "hint"):
            return None
        named = message["view"] if kind == "view" else table
        try:
            rules, marks = _table_marks(self, named.get("preset"),
                                        tuple(sorted(dict(named.get("options") or {}).items())))
        except (TypeError, ValueError):
            if kind == "view":
                preset = named.get("preset")
                known = isinstance(preset, str) and preset in self.presets
                return "view.options" if known else "view.preset"
            rules, marks = _table_marks(self, None, ())  # the view that follows says why
        if kind == "view":
            return (fault(message["view"], self.view_shape, marks, "view")
                    or fault(message.get("recall") or {}, Recall, marks, "recall")
                    or self.view_fault(message["view"], rules))
        if kind == "event":
            return self._event_fault(message["event"], marks, "event")
        if kind == "catchup":
            return next(filter(None, (self._event_fault(event, marks, f"events[{i}][1]")
                                      for i, (_, event) in enumerate(message["events"]))), None)
        if kind == "history":
            return next(filter(None, (fault(row, self.row_shape, marks, f"rounds[{i}]")
                                      for i, row in enumerate(message["rounds"]))), None)
        return fault(message["action"], Action, marks, "action")

    def _event_fault(self, event: Event, marks: Mapping[str, Mark], name: str) -> str | None:
        """``event`` of ``wire.Event``'s shape, with the fields its type always has."""
        where = fault(event, Event, marks, name)
        if where is not None:
            return where
        missing = [f for f in self.event_fields.get(event["type"], ()) if f not in event]
        return f"{name}.{missing[0]}" if missing else None

    # ----- the sim's report ---------------------------------------------------------------
    def sim_facts(self, rules: Any) -> dict[str, Any]:
        """Extra top-level facts of the sim's JSON."""
        return {}

    @abstractmethod
    def record_line(self, record: dict[str, Any]) -> str:
        """One finished round of the readable sim report (under ``record_columns``)."""

    record_columns: str = ""


@functools.lru_cache(maxsize=16)
def _table_marks(game: Game[Any], preset: str | None, options: tuple[tuple[str, Any], ...]
                 ) -> tuple[Any, dict[str, Mark]]:
    """A table's rules and what its cards and seats are (views come many times a second
    with the same few rules); ValueError or TypeError when they are not the game's."""
    rules = game.rules(preset, dict(options))
    seats = game.seats(rules)
    return rules, {**game.card_marks(rules), SEAT: Mark(lambda n: 0 <= n < seats, seats),
                   EACH_SEAT: Mark(lambda items: len(items) == seats, seats)}
