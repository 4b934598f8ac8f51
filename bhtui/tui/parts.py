"""What the shared screens ask of a game: its table's layout, seat boxes, log words, hand
marks, selection checks, decision dialogs and result screen.

The table screen (`table.py`), the replay screen and the help are written against
:class:`TableParts`; each game brings one (`tui/baohuang/`, `tui/doudizhu/`), found by the
game's name (`tui/games.py`), the same name the host's hello, the room and the log carry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.text import Text

from bhtui.cards import RANK_NAMES
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator
from bhtui.wire import Action, Event, HistoryRow, LastMove, TableSeat, ViewHead

if TYPE_CHECKING:
    from bhtui.tui.modal import Dialog

Label = Callable[[str], str]
V = TypeVar("V", bound=ViewHead)
"""The view of the game a part is for (``BaohuangView``, ``DoudizhuView``)."""

# Seat boxes around the table, counted from the viewer in play order: play goes from the
# bottom to the right and round (↺). The table's six places are a 3×2 grid.
PLACES = ("left-top", "center", "right-top", "left-bottom", "bottom", "right-bottom")
POSITIONS: dict[int, dict[int, str]] = {
    5: {0: "bottom", 1: "right-bottom", 2: "right-top", 3: "left-top", 4: "left-bottom"},
    4: {0: "bottom", 1: "right-bottom", 2: "center", 3: "left-bottom"},
    3: {0: "bottom", 1: "right-top", 2: "left-top"},
}


class TableParts(ABC, Generic[V]):
    """One game's pieces of the shared screens. Every method reads a view (or an event) as
    the host sent it; none keeps state. A table plays one game, so the shared screens hold
    their game's parts as ``TableParts[Any]`` and hand them the views the host sends; each
    game's parts read them as that game's view, which mypy checks."""

    game: str
    help_key = "help.body"
    """The i18n key of the help screen's keys (and, unless ``help_texts`` says more, rules)."""
    round_key = "round"
    """The i18n key naming a round of this game ("Round 2"; Dou Dizhu's "Deal 2")."""
    run_key = False
    """Whether the hand's run key (select a straight from the lowest picked rank) applies."""
    ranks: frozenset[str] = frozenset(RANK_NAMES)
    """The ranks a hand may hold, which the rank keys pick."""

    choices: frozenset[str] = frozenset()
    """The events a seat's own choice makes (a play, a pass, a bid …): those a bot made for
    my seat while I was away are written in my log as the bot's, not as mine."""

    told: frozenset[str] = frozenset()
    """The events of my seat while I was away that change my part in the round (a bid, the
    landlord, the throne, a declaration …): back at the table, their log lines are said
    again in the welcome, which had counted plays and passes alone and said "nothing was
    played for you" to a player a bot had made the landlord."""

    bot_words: dict[str, str] = {}
    """The log's words (i18n keys) for a choice a bot made for my seat, where the line's own
    would read as the bot's part, not mine ("A bot for you is emperor"): said "A bot for you
    takes the throne" instead. Every other choice reads as the bot's act ("… bids 1")."""

    you_words: dict[str, str] = {}
    """The log's words (i18n keys) for my seat's own acts, said to me: "You pass", not
    "Li passes" (my own screen names me in the second person; a watcher's names everyone)."""

    words_of: dict[str, str] = {}
    """The game's own words for a shared screen's text (i18n keys): Dou Dizhu leads a hand,
    not a set."""

    def help_texts(self, t: Translator, preset: str | None, style: CardStyle) -> list[str]:
        """The help screen's texts for a table of ``preset`` (None: not known)."""
        return [t(self.help_key)]

    def watcher_help(self, t: Translator, texts: list[str]) -> list[str]:
        """``help_texts`` as a watcher reads them: the keys (the first text's, up to its
        first blank line) are a watcher's — he picks no cards, plays, passes nor hands a seat
        to 托管, and the help listed those keys to him; what it says of the table stays."""
        _, gap, rest = texts[0].partition("\n\n")
        return [t("help.watch") + gap + rest, *texts[1:]]

    def words(self, key: str) -> str:
        return self.words_of.get(key, key)

    # ----- the table ---------------------------------------------------------------------
    def positions(self, seats: int) -> dict[int, str]:
        """Which place of the table each seat takes, by its distance from the viewer."""
        return POSITIONS[seats]

    @abstractmethod
    def boxes(self, view: V, names: list[str], t: Translator,
              style: CardStyle, width: int = 14) -> dict[str, Text]:
        """What the places no seat takes show (the round, the called card, the kitty …), in
        boxes ``width`` cells wide."""

    def notes(self, view: V, names: list[str], t: Translator,
              style: CardStyle) -> Text | None:
        """A line above the hand for cards the rules show to everyone (None: hidden)."""
        return None

    @abstractmethod
    def seat_lines(self, seat: int, view: V, table: list[TableSeat],
                   me: int | None, t: Translator, style: CardStyle, *,
                   colours: dict[str, str] | None = None, width: int = 14,
                   last: LastMove | None = None, seconds: int | None = None) -> list[Text]:
        """The four lines of one seat's box."""

    @abstractmethod
    def describe(self, event: Event, names: list[str], t: Translator,
                 view: Mapping[str, Any], label: Label,
                 earlier: Iterable[Event] = ()) -> str | None:
        """One log line for an event (or lines, one under the other), or None for events the
        log does not show. ``view`` may be the roles so far (:meth:`roles`) instead of a
        whole view; ``earlier``: the events before this one, the latest first (an event may
        close what they began: Baohuang's lone 踢)."""

    @abstractmethod
    def move_words(self, event: Event, view: Mapping[str, Any], t: Translator) -> str | None:
        """A play's cards in words as the log writes them, "" for a move that plays none (a
        pass, 让牌), None for any other event: what a bot played for me while I was away,
        said when I am back."""

    def roles(self, event: Event) -> dict[str, Any]:
        """The roles an event settles, as view fields (the replay's log tracks them)."""
        return {}

    # ----- the hand and my turn -------------------------------------------------------------
    def hand_marks(self, view: V, me: int | None) -> tuple[str | None, str | None,
                                                                        bool]:
        """(the card drawn hollow, the card picked last, whether an SJ is marked)."""
        return None, None, False

    @abstractmethod
    def top_words(self, view: V, t: Translator) -> str:
        """The hand to beat, in words of ``t``'s language ("" when I lead)."""

    @abstractmethod
    def selection_problem(self, cards: list[str], view: V,
                          t: Translator) -> str | None:
        """None when ``cards`` may be played now, else why not (said before anything is sent)."""

    def shown_cards(self, cards: list[str], view: V) -> list[str]:
        """A played set's cards in the order the screen shows them (seat boxes, the previous
        trick): as the wire has them, unless the game shows them otherwise."""
        return cards

    def selection_words(self, cards: list[str], view: V, label: Label) -> str:
        """The selected cards as the status line writes them: in the hand's order."""
        return " ".join(label(c) for c in cards)

    def selection_note(self, cards: list[str], view: V, t: Translator) -> str | None:
        """A word about a playable selection (Baohuang's roasts)."""
        return None

    @abstractmethod
    def play_action(self, cards: list[str], view: V) -> Action:
        """The action that plays the selected cards."""

    @abstractmethod
    def hint_cards(self, action: Action, hand: list[str],
                   view: V) -> list[str]:
        """The cards of my hand a hinted play is made of; none that it does not hold (a
        hint that comes after the hand changed, or a hostile host's)."""

    def hint_plays(self, view: V) -> list[Action]:
        """The plays h steps through after the host's hint, in the order it takes them (the
        cheapest way to play each rank, lowest first, as a player leafs through them)."""
        return []

    @abstractmethod
    def can_beat(self, view: V) -> bool:
        """Whether my hand holds anything that beats the top (a hint to pass says so)."""

    def run_order(self, view: V) -> list[int]:
        """Ranks in the order a run goes up (the run key), from the lowest; empty: no runs."""
        return []

    def run_to_beat(self, view: V) -> dict[int, int]:
        """The run on the table to beat, as {cards a rank: ranks} (empty: none)."""
        return {}

    def leaving_note(self, view: V, t: Translator) -> str | None:
        """What the rules make of my leaving now (the quit prompt says it), if anything:
        asked only while no leave of mine is counted this match (``left_before``)."""
        return None

    def leaving_question(self, view: V) -> str | None:
        """The quit question's key where my leaving now changes what a match saved to play
        on holds (a Dou Dizhu escape scores the deal: play on starts the next), if it does;
        asked as ``leaving_note`` is."""
        return None

    def leave_ends_match(self, view: V) -> bool:
        """Whether my leaving now ends the match, as far as my view shows (a joiner's: the
        host's table decides); asked only while no leave of mine is counted this match."""
        return False

    def left_before(self, view: V, seat: int, rows: Sequence[HistoryRow],
                    since: Sequence[int]) -> bool:
        """Whether the host has counted a leave of ``seat`` this match, as a joiner's view
        shows it: the finished rounds he was sent (``rows``) and what the totals hold of the
        round under way (``since``). The host counts one a match, so leaving again neither
        costs nor ends anything, and a joiner who came back was told it did."""
        return False

    # ----- decisions and results ------------------------------------------------------------
    @abstractmethod
    def decision(self, view: V, kinds: list[str], names: list[str], t: Translator,
                 style: CardStyle) -> Dialog[Any] | None:
        """The dialog for my decision now (None: nothing to ask, e.g. it is play)."""

    def declaration(self, view: V, kinds: list[str], names: list[str], t: Translator,
                    left: Callable[[], float | None]) -> Dialog[Any] | None:
        """The dialog while the table waits for my declaration out of turn (the host's
        ``asked``), ``left()`` the seconds its wait has left now (None: untimed); games
        without declarations are never asked."""
        return None

    def emperor(self, view: V) -> int | None:
        """The seat whose declarations are a solo's (Baohuang's emperor: m is 明独 to him),
        if the game has one."""
        return None

    def declare_words(self, view: V, kinds: list[str], me: int | None,
                      t: Translator) -> str:
        """The declarations open to me now, for the status line."""
        return ""

    def auto_words(self, view: V, me: int, names: list[str], t: Translator) -> str:
        """What 托管 means at this table, said before it happens (R-AUTO-2's consequences),
        for the status line; empty where 托管 only plays for the person (R-AUTO-1)."""
        return ""

    def auto_stays(self, view: V, me: int) -> bool:
        """My seat is on 托管 till the round ends (R-AUTO-2): t cannot take it off."""
        return False

    def decision_key(self, view: V) -> tuple[Any, ...]:
        """What a decision dialog was opened for: a change makes it stale. The last item is
        the moment a declaration belongs to (a turn's dialog ignores it)."""
        return (view.get("round"), view.get("redeal"), view.get("phase"), view.get("to_act"),
                None)

    @abstractmethod
    def result_screen(self, t: Translator, end: Event, names: list[str],
                      totals: list[int], view: V, following: HistoryRow | None,
                      style: CardStyle, auto_close: float | None) -> Dialog[Any]:
        """The round's result (``end`` is the game's round-end event)."""
