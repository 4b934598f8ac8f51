"""Baohuang (保皇) behind the game contract: its engine is ``bhtui.rules``, its bots
``bhtui.bots``. Only this module knows how a table asks them the questions of
:class:`~bhtui.games.contract.Game`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any, cast

from bhtui.bots import LEVELS, hint, make_bot, table_bot
from bhtui.bots.legal import legal_from_view
from bhtui.cards import CARD_TEXT, COPIES, SUIT_NAMES
from bhtui.games.contract import Action, Event, Game, Move
from bhtui.games.shapes import Mark, reads
from bhtui.rules import PRESETS, RULES_VERSION, SEATS, IllegalAction, Match, event_for, parse_set
from bhtui.rules.auto import QUIT_WHY, TABLE_ACTIONS, StrictAuto
from bhtui.rules.choices import Choices
from bhtui.rules.mechanisms import When
from bhtui.rules.presets import option_values
from bhtui.rules.reading import reading_of_view
from bhtui.rules.round import OUT_OF_TURN
from bhtui.wire import CARD, HAND, BaohuangRow, BaohuangView, View

PLACE_EN = ("1st", "2nd", "3rd", "4th", "5th")


class Baohuang(Game[Match]):
    name = "baohuang"
    presets = PRESETS
    default_preset = "qingdao"
    edition = RULES_VERSION
    out_of_turn = OUT_OF_TURN
    action_fields = {"play": ("cards", "set"), "call": ("card", "open")}
    round_end = "round_end"
    illegal = IllegalAction
    match_type = Match
    event_for = staticmethod(event_for)
    make_bot = staticmethod(make_bot)
    hint_of = staticmethod(hint)
    offer_of_view = staticmethod(lambda view: legal_from_view(_mine(view)))
    bot_names = ("random", "easy", "heuristic", "normal", "hard")
    levels = LEVELS
    standard_bot = "normal"
    record_columns = "round  emperor guard  called  places (seat 0..4)        scores"
    host_only = TABLE_ACTIONS  # R-AUTO-2's 托管 and R-AUTO-3's quit: the table's to apply
    view_shape = BaohuangView
    row_shape = BaohuangRow
    event_fields = {
        "deal": ("round", "redeal", "first_candidate", "counts"), "tribute": ("items",),
        "buy3": ("items",), "offer": ("seat", "second", "forced", "bundle"),
        "decline": ("seat", "auto", "added", "to"), "abdicate": ("seat", "to"),
        "grab": ("seat",), "skip": ("seat", "step"), "emperor": ("seat", "bundle", "grab"),
        "call": ("seat", "card", "open", "shown"), "solo": ("seat",),
        "role": ("seat", "role", "by"), "ask": ("step", "seats"), "open_guard": ("seat", "solo"),
        "rebel": ("seat",), "kick": ("seat",), "kicked": ("side", "kicks"),
        "lead": ("seat", "jiefeng"), "play": ("seat", "cards", "set"), "pass": ("seat",),
        "yield": ("seat",), "again": ("seats",), "trick": ("seat", "kou"),
        "out": ("seat", "place"), "stuck": ("seat", "by", "place"),
        "reveal": ("seat", "solo", "by"), "void": ("redeal",),
        "round_end": ("round", "places", "scores", "emperor", "guard", "solo", "open_solo",
                      "open_guard", "grab", "rebels", "called", "winner", "multiplier",
                      "kicks", "bombs", "stuck", "hands"),
        "totals": ("totals",), "match_end": ("totals",),
        "auto": ("seat", "on", "times", "stays"), "penalty": ("seat", "points", "why", "totals"),
    }

    def seats(self, rules: Any) -> int:
        return SEATS

    def option_values(self, rules: Any, name: str) -> tuple[Any, ...]:
        return option_values(name)

    def table_bot(self, name: str, seed: int = 0) -> Any:
        return table_bot(name, seed)

    def auto_player(self, rules: Any) -> Any | None:
        return STRICT_AUTO if rules.strict_auto else None

    def abandons(self, rules: Any, why: str | None = None) -> bool:
        """R-AUTO-3: quitting a running round, or being removed from it, costs
        ``quit_penalty`` points; staying away or running out of time costs nothing."""
        return bool(rules.quit_penalty) and (why is None or why in QUIT_WHY)

    def abandon(self, match: Match, seat: int, why: str) -> Action | None:
        if not self.abandons(match.rules, why) or match.over:
            return None
        return {"type": "quit", "why": why}

    def decide(self, bot: Any, match: Match, seat: int) -> Action:
        """The round's offer directly (the match's own only adds its end, when nobody is
        to act, and 托管 by rule, R-AUTO-2)."""
        if match.rules.strict_auto:
            action: Action = bot.decide(match.legal_actions(seat))
        else:
            action = bot.decide(match.round.legal_actions(seat))
        return action

    # ----- 抢庄, 抢独, 明保, 造反 ------------------------------------------------------------
    def declares(self, rules: Any) -> bool:
        return bool(rules.declarations)

    def declarations(self, match: Match, seat: int) -> Sequence[Action]:
        return match.interjections(seat)

    def interjection(self, bot: Any, match: Match, seat: int) -> Callable[[], Action | None]:
        legal = match.interjections(seat)
        if not legal:
            return lambda: None
        _ = legal.reading  # made now: a snapshot the bot may read in another thread
        return partial(bot.interject, legal)

    def remote_interject(self, bot: Any, view: View) -> Action | None:
        mine = _mine(view)
        declarations = [a for a in mine.get("actions", []) if a["type"] in OUT_OF_TURN]
        if not declarations:
            return None
        action: Action | None = bot.interject(
            Choices([], declarations, partial(reading_of_view, mine)))
        return action

    interjecting = staticmethod(cast(Callable[[Match], bool], vars(Match)["interjecting"].fget))
    """The match's own test, called as it is (the sim asks before every decision)."""

    def moment(self, match: Match) -> Hashable:
        return match.moment

    def view_moment(self, view: View) -> Hashable:
        return (view["round"], view["redeal"], _mine(view).get("moment", 0))

    def waits_for(self, match: Match, candidates: list[int], people: list[int],
                  spectators: int) -> set[int]:
        """Those who may grab the throne while it is offered (R-EMP-B5, R-EMP-L5), and before
        the first lead those who may reveal themselves (明保, R-GUARD-5). With anyone else
        looking on (another person or a spectator), every person but the emperor is asked
        before the first lead, so the wait never tells who the guard is (R-HIDE-2)."""
        r = match.round

        def may(seat: int, kind: str) -> bool:
            return any(a["type"] == kind for a in self.declarations(match, seat))

        if r.phase == "throne":
            return {s for s in candidates if may(s, "grab")}
        if (r.phase != "play" or match.rules.declare.open_guard is not When.BEFORE_LEAD
                or r.first_lead_played or r.guard_revealed):
            return set()
        others = [s for s in candidates if s != r.emperor]
        if len([s for s in people if s != r.emperor]) + spectators > 1:
            return set(others)
        return {s for s in others if may(s, "open_guard")}

    # ----- the screen's memory and the sim ------------------------------------------------
    def move_of(self, event: Event) -> tuple[int, Move] | None:
        kind = event.get("type")
        if kind == "play":
            return event["seat"], list(event["cards"])
        if kind in ("pass", "yield"):
            return event["seat"], str(kind)
        return None

    def stand_ins(self, event: Event) -> dict[str, str]:
        """Weifang's GC is the called card's fourth copy (R-WF-RANK-1): counted as it."""
        return {"GC": event["card"]} if event.get("type") == "call" else {}

    def counted(self, rules: Any) -> dict[str, int]:
        """Jokers, 2s and aces: four decks (R-CARD-1), 216 and 168 cards alike."""
        naturals = COPIES * len(SUIT_NAMES)
        return {"BJ": COPIES, "SJ": COPIES, "2": naturals, "A": naturals}

    def card_marks(self, rules: Any) -> dict[str, Mark]:
        """R-CARD-2's texts as the engine writes them; a set's text as ``parse_set`` reads it
        (a kill answer too, R-WF-PLAY-2)."""
        deck = rules.deck_size
        return {CARD: Mark(CARD_TEXTS.__contains__, deck), HAND: Mark(A_SET, deck)}

    def view_fault(self, view: Any, rules: Any) -> str | None:
        """The set to beat is a set: the screen words it and works out what beats it."""
        top = view["top"]
        if top is not None and not A_SET(" ".join(top["cards"])):
            return "view.top.cards"
        return None

    def sim_facts(self, rules: Any) -> dict[str, Any]:
        return {"rules_version": RULES_VERSION, "kao": rules.kao, "bie6": rules.bie6}

    def record_line(self, r: dict[str, Any]) -> str:
        guard = "solo" if r["solo"] else str(r["guard"])
        if r["open_solo"]:
            guard = "open"
        if r["grab"]:
            guard = "grab"
        places = " ".join(PLACE_EN[p - 1] if p else "  - " for p in r["places"])
        scores = " ".join(f"{s:+3d}" for s in r["scores"])
        notes = (["open guard"] if r["open_guard"] else []) + (
            [f"rebels {','.join(map(str, r['rebels']))}"] if r["rebels"] else []) + (
            ["abdicated"] if r["abdicated"] else []) + (
            [f"kicks {r['kicks']}"] if r["kicks"] else []) + (
            [f"bombs {r['bombs']}"] if r["bombs"] else []) + (
            [f"×{r['multiplier']}"] if r["multiplier"] != 1 else []) + (
            [f"闷 {','.join(str(x['seat']) + '←' + str(x['by']) for x in r['stuck'])}"]
            if r["stuck"] else [])
        return (f"{r['round']:>5}  {r['emperor']:>7} {guard:>5}  {r['called'] or '-':>6}  "
                f"{places:<24}  {scores}" + (f"  ({'; '.join(notes)})" if notes else ""))


STRICT_AUTO = StrictAuto()
CARD_TEXTS = frozenset(CARD_TEXT)
A_SET = reads(partial(parse_set, kills=True), 4 * max(r.deck_size for r in PRESETS.values()))
"""Whether a text of ranks or cards makes a set (any deck's: 3 characters and a space a card)."""


def _mine(view: View) -> BaohuangView:
    """A table plays one game: the views its bots get are this game's."""
    return cast(BaohuangView, view)


BAOHUANG = Baohuang()
