"""Dou Dizhu's observation and action space (``bhtui.doudizhu`` underneath; docs/env.md).

An observation is what the seat's view shows — its hand, the bids, the landlord, the kitty
when the rules show it, the hand to beat and each seat's move in the trick, every hand played
this deal, Shanghai's mark card, 摊打's open hand and 报到's groups, the bomb limits — read
from the round fields the view is made of, without making the view (its texts cost more than
the rest of a step): ``bhtui.doudizhu.views`` decides what the rules show (``kitty_seen``,
``shown``) for both. Seats are counted from the observer in play order (0: itself, 1: the
next, …).

An action is an index: first every hand of the game's hand space (classic: the 27,471 hands
of C-HAND-16, RLCard's space; Shanghai: its own), in the engine's generator order over a full
deck, then pass, the bids, 摊打's open and skip, then 报到's reports by their place in the
engine's offer. An index is allowed exactly when the engine offers its action.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from bhtui.cards import NUM_RANKS, RANK_NAMES
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.presets import Rules
from bhtui.doudizhu.round import REPORT_SIZE, Round
from bhtui.doudizhu.views import kitty_seen
from bhtui.doudizhu.views import shown as shown_cards
from bhtui.env.layout import Layout
from bhtui.games import Action, GameMatch, get_game

PHASES = ("bid", "open", "report", "play", "over")
KINDS = ("pass", "bid_1", "bid_2", "bid_3", "open", "skip")
"""The decisions besides plays and reports, one index each, in this order (a pass in the
bidding and in play is the same index)."""
BIDS = ("none", "pass", "1", "2", "3")
_PHASE = {phase: i for i, phase in enumerate(PHASES)}
_OVER = _PHASE["over"]
_RANK = {name: i for i, name in enumerate(RANK_NAMES)}


@functools.cache
def hand_space(rules: Rules) -> tuple[str, ...]:
    """Every hand the rules know, as the engine writes it: what a full deck may lead, with
    each number of small and big jokers (Shanghai's jokers are one rank, and a hand is
    written with the jokers it holds: ``SJ BJ`` and ``BJ BJ`` are two hands)."""
    naturals = [4 * rules.decks] * (NUM_RANKS - 2)
    jokers = range(rules.decks + 1)
    space = dict.fromkeys(text for sj in jokers for bj in jokers
                          for text in playable(rules.name, [*naturals, sj, bj], None, True, ()))
    return tuple(space)


def report_slots(rules: Rules) -> int:
    """报到's reports a landlord may be offered at most (S-BID-6): every choice of his groups
    — the four jokers, each rank he holds seven or more of — played on (打) or not."""
    if not rules.specials:
        return 0
    groups = 1 + (rules.hand_size + rules.kitty_size - 4) // REPORT_SIZE
    return 2 * (2 ** groups - 1)


def observation_layout(rules: Rules) -> Layout:
    """Every field of a Dou Dizhu observation under these rules (S seats)."""
    n, most = rules.seats, 4 * rules.decks
    held = rules.hand_size + rules.kitty_size
    lay = Layout()
    lay.add("phase", len(PHASES), 1, "one-hot: " + ", ".join(PHASES) + " (the deal is scored)")
    lay.add("hand", NUM_RANKS, most, "my cards by rank (3 … 2, SJ, BJ)")
    lay.add("counts", n, held, "cards in each seat's hand, by seat from me in play order")
    lay.add("bids", n * len(BIDS), 1, "per seat, one-hot: " + ", ".join(BIDS))
    lay.add("high", 1, 3, "the highest bid so far")
    lay.add("landlord", n, 1, "one-hot: the landlord, once there is one")
    lay.add("kitty", NUM_RANKS, most, "the kitty by rank, when I may see it (classic: everyone "
            "once there is a landlord; Shanghai: the landlord)")
    lay.add("top", NUM_RANKS, most, "the hand to beat, by rank")
    lay.add("top_seat", n, 1, "one-hot: who played the hand to beat")
    lay.add("passed", n, 1, "seats that passed in the current trick")
    lay.add("played", n * NUM_RANKS, most, "per seat, every card it played this deal, by rank")
    lay.add("bombs", 1, 64, "bombs and rockets played this deal")
    lay.add("mark", NUM_RANKS, 1, "one-hot: Shanghai's mark card (S-DEAL-1)")
    lay.add("flags", 4, 1, "荒番 (S-BID-2), 头撂 (S-BID-3), 摊打 (S-BID-5), a forced landlord "
            "(C-BID-3)")
    lay.add("shown", n * NUM_RANKS, most, "per seat, its cards every seat sees: 摊打's open "
            "hand, 报到's groups (and every hand once the deal is scored)")
    lay.add("bomb_limit", n, 2, "per seat, the bombs it may play (S-BID-7), 0 for no limit")
    lay.add("bombs_by", n, 64, "per seat, the bombs it played")
    return lay


class DoudizhuCodec:
    """Observations and the action space of one Dou Dizhu table's rules."""

    def __init__(self, rules: Rules) -> None:
        self.game = get_game("doudizhu")
        self.rules = rules
        self.seats = rules.seats
        self.layout = observation_layout(rules)
        self.hands = hand_space(rules)
        self._hand_at = {text: i for i, text in enumerate(self.hands)}
        self.kind_at = {kind: len(self.hands) + i for i, kind in enumerate(KINDS)}
        self.reports = len(self.hands) + len(KINDS)
        self.size = self.reports + report_slots(rules)
        self._at = {f.name: f.start for f in self.layout.fields}
        self._orders = [[(seat + k) % self.seats for k in range(self.seats)]
                        for seat in range(self.seats)]
        self._offer: dict[int, Action] = {}

    # ----- the action space -------------------------------------------------------------
    def index_of(self, action: Action, position: int = 0) -> int:
        """The index of one of the engine's actions (a report: by its ``position`` among
        the reports offered)."""
        kind = action["type"]
        if kind == "play":
            return self._hand_at[action["hand"]]
        if kind == "bid":
            return self.kind_at[f"bid_{action['points']}"]
        if kind == "report":
            return self.reports + position
        return self.kind_at[kind]

    def words(self, index: int) -> str:
        if not 0 <= index < self.size:
            return f"no action {index} (0..{self.size - 1})"
        if index < len(self.hands):
            return f"play {self.hands[index]}"
        if index >= self.reports:
            return f"report #{index - self.reports} (报到, in the engine's order)"
        return KINDS[index - len(self.hands)].replace("_", " ")

    def mask(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        hand_at = self._hand_at
        found: dict[int, Action] = {}
        reports = 0
        for action in match.legal_actions(seat):
            kind = action["type"]
            if kind == "play":
                found[hand_at[action["hand"]]] = action  # type: ignore[typeddict-item]
            elif kind == "report":
                found[self.reports + reports] = action
                reports += 1
            else:
                found[self.index_of(action)] = action
        mask = np.zeros(self.size, np.int8)
        mask[list(found)] = 1
        self._offer = found
        return mask

    def action(self, index: int) -> Action | None:
        try:
            return self._offer[index]
        except KeyError:
            raise ValueError(f"action {index} ({self.words(index)}) is not allowed now: the "
                             f"mask holds {len(self._offer)} actions") from None

    # ----- observations -----------------------------------------------------------------
    def reset(self, match: GameMatch) -> None:
        self._offer = {}

    def follow(self, events: list[Any]) -> None:
        """Nothing to keep: the round counts every hand played (its view shows them)."""

    def observe(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        r: Round = match.round  # type: ignore[attr-defined]
        n, at, rank = self.seats, self._at, _RANK
        obs = bytearray(self.layout.size)  # (every entry a small count: bytes, then floats)
        obs[at["phase"] + (_OVER if match.over else _PHASE.get(r.phase, _OVER))] = 1
        hand = at["hand"]
        obs[hand:hand + NUM_RANKS] = r.rc[seat]
        counts, bids, passed = at["counts"], at["bids"], at["passed"]
        limit, bombs_by, shown, played = at["bomb_limit"], at["bombs_by"], at["shown"], \
            at["played"]
        for k, x in enumerate(self._orders[seat]):
            obs[counts + k] = r.left[x]
            bid = r.bids[x]
            obs[bids + len(BIDS) * k + (0 if bid is None else bid + 1)] = 1
            if r.moves[x] == "pass":
                obs[passed + k] = 1
            obs[limit + k] = r.bomb_limit[x] or 0
            obs[bombs_by + k] = r.bombs_by[x]
            for name in shown_cards(r, x):
                obs[shown + NUM_RANKS * k + rank[name]] += 1
            obs[played + NUM_RANKS * k:played + NUM_RANKS * (k + 1)] = r.played[x]
        obs[at["high"]] = r.high
        if r.landlord is not None:
            obs[at["landlord"] + (r.landlord - seat) % n] = 1
        if kitty_seen(r, seat):
            for k in r.kitty:
                obs[at["kitty"] + k] += 1
        if r.top is not None:
            for k, copies in _counts(r.top.text):
                obs[at["top"] + k] = copies
            obs[at["top_seat"] + (r.top_seat - seat) % n] = 1  # type: ignore[operator]
        obs[at["bombs"]] = r.bombs
        if r.mark is not None:
            obs[at["mark"] + r.mark] = 1
        flags = at["flags"]
        obs[flags:flags + 4] = (r.huangfan, r.toulia, r.open_hand, r.forced)
        return np.frombuffer(obs, np.uint8).astype(np.float32)

    # ----- for people -------------------------------------------------------------------
    def table_text(self, match: GameMatch, names: list[str]) -> str:
        view: Any = match.view("all")
        lines = [f"{self.rules.name} · deal {view['round']} · {view['phase']}"
                 + (f" · bid {view['bid']}" if view["bid"] else "")]
        for s, seat in enumerate(view["seats"]):
            lines.append(f"{names[s]:<22} {seat['role'] or '?':<8} {seat['count']:>2} cards"
                         f"  last: {seat['move'] or '-'}")
            lines.append("    " + " ".join(view["hands"][s]))
        if view["kitty"]:
            lines.append("kitty: " + " ".join(view["kitty"]))
        top = view["top"]
        lines.append("to beat: " + (f"{top['hand']} ({names[top['seat']]})" if top
                                    else "nothing (a lead)"))
        return "\n".join(lines)


@functools.lru_cache(maxsize=4096)
def _counts(text: str) -> tuple[tuple[int, int], ...]:
    """A hand's text as (rank, copies) pairs (texts are the engine's: a finite space)."""
    ranks: dict[int, int] = {}
    for name in text.split():
        ranks[_RANK[name]] = ranks.get(_RANK[name], 0) + 1
    return tuple(ranks.items())
