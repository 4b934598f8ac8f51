"""Dou Dizhu (斗地主) behind the game contract: its engine is ``bhtui.doudizhu``, its bots
``bhtui.bots.doudizhu``. It has no declarations out of turn, so the contract's defaults for
them stand."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import partial
from typing import Any, cast

from bhtui.bots.doudizhu import LEVELS, hint, make_bot, table_bot
from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import PRESETS, IllegalAction, Match, event_for, parse_hand
from bhtui.doudizhu.offer import offer_of_view
from bhtui.doudizhu.scoring import ESCAPE_REASONS
from bhtui.games.contract import Action, Event, Game, Move
from bhtui.games.shapes import Mark, reads
from bhtui.wire import CARD, HAND, DoudizhuRow, DoudizhuView

BASES = (1, 2, 3, 5, 10)
"""The base scores (底分) the settings screen offers; any 1..1000 on the command line."""
EDITION = 1
"""Raise when the same preset, seed and actions would play another Dou Dizhu game."""


FACTOR = re.compile(r"[1-9][0-9]{0,5}(/[1-9][0-9]{0,5})?")
"""A factor's text as the engine writes it (``factor_texts``): ``4`` or ``4/3``."""

class DouDizhu(Game[Match]):
    name = "doudizhu"
    presets = PRESETS
    default_preset = "classic"
    edition = EDITION
    host_only = frozenset({"escape"})  # S-SCORE-5: the table decides who escaped, not a seat
    action_fields = {"bid": ("points",), "play": ("hand",), "report": ("groups", "fight")}
    round_end = "result"
    illegal = IllegalAction
    match_type = Match
    event_for = staticmethod(event_for)
    make_bot = staticmethod(make_bot)
    hint_of = staticmethod(hint)
    offer_of_view = staticmethod(lambda view: offer_of_view(cast(DoudizhuView, view)))
    bot_names = ("random", "easy", "heuristic", "normal", "hard")
    levels = LEVELS
    standard_bot = "normal"
    record_columns = "deal  landlord bid  winner    bombs  spring       factors      scores"
    view_shape = DoudizhuView
    row_shape = DoudizhuRow
    event_fields = {
        "deal": ("round", "redeal", "first_bidder", "counts", "kitty", "huangfan", "mark"),
        "bid": ("seat", "points"), "void": ("round", "redeal"),
        "landlord": ("seat", "bid", "toulia", "forced"), "kitty": ("seat", "cards"),
        "open": ("seat", "cards"), "skip": ("seat", "decision"),
        "report": ("seat", "groups", "fight"), "play": ("seat", "hand", "kind", "left"),
        "pass": ("seat",), "trick": ("seat",), "escape": ("seat", "why"),
        "result": ("round", "landlord", "bid", "winner", "scores", "stake", "factors", "bombs",
                   "spring", "levels", "reports", "fight", "escape", "hands", "kitty"),
        "totals": ("totals", "levels"), "match_end": ("totals",),
    }

    def option_values(self, rules: Any, name: str) -> tuple[Any, ...]:
        """The base score steps through the usual tables' values; escape is on or off."""
        return BASES if name == "base" else (False, True)

    def seats(self, rules: Any) -> int:
        return int(rules.seats)

    def table_bot(self, name: str, seed: int = 0) -> Any:
        return table_bot(name, seed)

    def abandons(self, rules: Any, why: str | None = None) -> bool:
        """S-SCORE-5 names leaving, dropping and running out of time: the host's removing
        a person is none of them, so his seat passes to a bot at no cost."""
        return bool(rules.escape) and (why is None or why in ESCAPE_REASONS)

    def abandon(self, match: Match, seat: int, why: str) -> Action | None:
        """S-SCORE-5, when the table has the escape option: once there is a landlord and
        until the deal is scored, the seat escapes and pays."""
        r = match.round
        if not match.rules.escape or r.landlord is None or r.result is not None:
            return None
        return {"type": "escape", "why": why}

    def move_of(self, event: Event) -> tuple[int, Move] | None:
        kind = event.get("type")
        if kind == "play":
            return event["seat"], event["hand"].split()
        if kind == "pass":
            return event["seat"], "pass"
        return None

    def counted(self, rules: Any) -> dict[str, int]:
        """Jokers, 2s and aces of one deck (C-CARD-1) or two (S-CARD-1)."""
        decks = int(rules.decks)
        return {"BJ": decks, "SJ": decks, "2": 4 * decks, "A": 4 * decks}

    def card_marks(self, rules: Any) -> dict[str, Mark]:
        """A card is its rank (C-CARD-1); a hand's text is a hand of the preset's (the
        screens compare it with what is selected)."""
        deck = 54 * int(rules.decks)
        a_hand = reads(partial(parse_hand, preset=rules.name), 3 * deck)  # "10 " the longest
        return {CARD: Mark(RANKS.__contains__, deck), HAND: Mark(a_hand, deck)}

    def view_fault(self, view: Any, rules: Any) -> str | None:
        """The factors are what the stake is divided by on the screen: each a fraction
        above 0."""
        for name, value in view["factors"].items():
            # (read as a fraction only once it looks like one: Fraction("1e999999999")
            # would work for hours, a hostile host's way to freeze the screen)
            if FACTOR.fullmatch(value) and Fraction(value) > 0:
                continue
            return f"view.factors[{name!r:.20}]"
        return None

    def sim_facts(self, rules: Any) -> dict[str, Any]:
        return {"rules_version": EDITION}

    def record_line(self, r: dict[str, Any]) -> str:
        factors = " ".join(f"{k}×{v}" for k, v in r["factors"].items()) or "-"
        scores = " ".join(f"{s:+4d}" for s in r["scores"])
        notes = ([f"报到 {'打' if r['fight'] else '不打'}"] if r["reports"] else []) + (
            [f"escape {r['escape']['seat']} ({r['escape']['why']})"] if r["escape"] else []) + (
            [f"{r['redeals']} redeals"] if r["redeals"] else [])
        return (f"{r['round']:>4}  {r['landlord']:>8} {r['bid']:>3}  {r['winner']:<8}  "
                f"{r['bombs']:>5}  {r['spring'] or '-':<11}  {factors:<11}  {scores}"
                + (f"  ({'; '.join(notes)})" if notes else ""))


RANKS = frozenset(RANK_NAMES)
DOUDIZHU = DouDizhu()
