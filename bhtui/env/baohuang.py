"""Baohuang's observation and action space (``bhtui.rules`` underneath; docs/env.md).

An observation is the seat's :class:`~bhtui.rules.reading.Reading` — the numbers of exactly
what its view shows, kept equal to the view by the engine's own property test — plus every set
played this round, from the public play events; seats are counted from the observer in play
order (0: itself, 1: 下家, …, 4: 上家).

An action is an index: the sets first, a composition ``(rank, n, sj, bj, gc, twos)`` each
(R-PLAY-1; ``gc`` is Weifang's promoted guard card, ``twos`` the 2s that kill jokers beside
another rank), then the decisions besides plays, then each call of a card. The engine's offer
is behind every mask: an index is allowed exactly when the engine offers its action, and the
action applied is the offer's own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bhtui.cards import BJ, BJ_RANK, CARD_TEXT, NUM_CARDS, RANK_OF, RANKS_WITH_GC, SJ_RANK, TWO
from bhtui.env.layout import Layout
from bhtui.env.played import Played
from bhtui.games import Action, GameMatch, get_game
from bhtui.rules import SEATS, CardSet, RuleSet, format_set
from bhtui.rules.choices import Choices, Combo, LeadSets
from bhtui.rules.declare import STEPS
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK

RANK_SLOTS = 14
"""A set's rank: none (jokers alone) or one of the 13 natural ranks."""
N_SLOTS = 17
"""Natural cards of the rank in a set: 0..16 (four decks)."""
JOKER_SLOTS = 5
"""Small or big jokers in a set: 0..4."""
BLOCK = RANK_SLOTS * N_SLOTS * JOKER_SLOTS * JOKER_SLOTS
"""Indices of the plain sets: (rank + 1, n, sj, bj) in mixed radix."""
KINDS = ("pass", "yield", "accept", "decline", "solo", "grab", "open_guard", "rebel", "skip",
         "kick", "abdicate")
"""The decisions besides plays and calls, one index each, in this order."""
WAIVE = "waive"
"""Asked out of turn, declare nothing now (the environment's, like the table's ``waive``)."""
CALLABLE = BJ + 1
"""Card codes a call may name: the 52 naturals and both jokers (baike calls jokers)."""
PHASES = ("throne", "call", "grab", "declare", "play", "over")
ROLES = ("emperor", "guard", "rebel")


def kill_groups(rules: RuleSet) -> tuple[int, ...]:
    """How many 2s an answer may hold beside another rank to kill jokers (R-WF-PLAY-2):
    three for each BJ killed, ``two_kill_gc`` for the GC; 0 first (no kill)."""
    if rules.two_kill == "off":
        return (0,)
    gcs = (0, 1) if rules.tricks.promoted_guard_card else (0,)
    used = {3 * bj + rules.two_kill_gc * gc for bj in range(JOKER_SLOTS) for gc in gcs}
    return tuple(sorted(u for u in used if u <= 4 * 4))


def observation_layout() -> Layout:
    """Every field of a Baohuang observation (the same for every preset)."""
    lay = Layout()
    lay.add("phase", len(PHASES), 1, "one-hot: " + ", ".join(PHASES) + " (the round is scored)")
    lay.add("asked", 1, 1, "1 when asked out of turn for a declaration (抢庄/抢独, 明保, 造反): "
            "the mask holds those and `waive`")
    lay.add("hand", NUM_CARDS, 4, "my cards by code (`rank * 4 + suit`, SJ 52, BJ 53, GC 54)")
    lay.add("ranks", RANKS_WITH_GC, 16, "my cards by rank (3 … 2, SJ, BJ, GC)")
    lay.add("counts", SEATS, 64, "cards in each seat's hand, by seat from me in play order")
    lay.add("places", SEATS, SEATS, "each seat's finishing place, 0 while it plays")
    lay.add("roles", SEATS * len(ROLES), 1, "per seat, 1 for each role I know it has: "
            "emperor, guard, rebel (mine always; others' once public)")
    lay.add("flags", 4, 1, "a solo as far as I know, an open solo, a grabbed throne, 明保 made")
    lay.add("called", NUM_CARDS, 1, "one-hot: the called card, once called")
    lay.add("in_hand", 1, 1, "the throne's emperor card is in my hand (R-EMP-1)")
    lay.add("bundle", RANKS_WITH_GC, 16, "throne phase: the cards on offer, by rank")
    lay.add("taken", RANKS_WITH_GC, 16, "what the emperor took with the throne, by rank")
    lay.add("played", SEATS * RANKS_WITH_GC, 16, "per seat, every card it played this round, "
            "by rank")
    lay.add("top", RANKS_WITH_GC, 16, "the set to beat, by rank (2s that kill count as 2s)")
    lay.add("top_seat", SEATS, 1, "one-hot: who played the set to beat")
    lay.add("trick", SEATS * 3, 1, "per seat in the current trick: played, passed, yielded (让牌)")
    lay.add("again", SEATS, 1, "seats asked again in 让牌's second circle (R-TRICK-5)")
    lay.add("step", len(STEPS), 1, "one-hot: the declaration step asked in turn (Weihai): "
            + ", ".join(STEPS))
    lay.add("kicks", 1, 8, "踢 made (Weihai)")
    lay.add("bombs", 1, 64, "bombs played this round (Weifang)")
    lay.add("stuck", SEATS, 1, "seats stuck out of play (闷, 逼死)")
    lay.add("dealer", SEATS, 1, "one-hot: who drew first (Weifang's first lead)")
    lay.add("tribute", SEATS * 2, 16, "per seat, cards it gave and received as tribute")
    lay.add("bought", SEATS * 2, 16, "per seat, 3s it sold and bought (买3, Weifang)")
    return lay


LAYOUT = observation_layout()
_AT = {f.name: f.start for f in LAYOUT.fields}
_PHASE = {**{phase: i for i, phase in enumerate(PHASES)},
          **dict.fromkeys(("done", "void", "refused"), PHASES.index("over"))}
"""A round's phase (or the match's ``over``) → its entry: a scored or void round is over."""


class _Index(dict[CardSet, int]):
    """A set's index, worked out when first asked (compositions are few and shared)."""

    def __init__(self, twos: tuple[int, ...], gcs: int) -> None:
        super().__init__()
        self.twos, self.gcs = {t: i for i, t in enumerate(twos)}, gcs

    def __missing__(self, s: CardSet) -> int:
        rank, n, sj, bj, gc, twos = s
        block = self.twos[twos] * self.gcs + gc
        index = self[s] = (block * BLOCK + (((rank + 1) * N_SLOTS + n) * JOKER_SLOTS + sj)
                           * JOKER_SLOTS + bj)
        return index


class BaohuangCodec:
    """Observations and the action space of one Baohuang table's rules."""

    def __init__(self, rules: RuleSet) -> None:
        self.game = get_game("baohuang")
        self.rules = rules
        self.layout = LAYOUT
        self.twos = kill_groups(rules)
        self.gcs = 2 if rules.tricks.promoted_guard_card else 1
        self.plays = BLOCK * self.gcs * len(self.twos)
        self.kind_at = {kind: self.plays + i for i, kind in enumerate((*KINDS, WAIVE))}
        self.calls = self.plays + len(KINDS) + 1
        self.size = self.calls + 2 * CALLABLE
        self._index = _Index(self.twos, self.gcs)
        self._natural_at = [[self._index[CardSet(rank, n, 0, 0)] for n in range(N_SLOTS)]
                            for rank in range(RANK_SLOTS - 1)]
        """The index of ``n`` natural cards of a rank alone (a lead's natural parts)."""
        self._combos_at: dict[tuple[Combo, ...], np.ndarray] = {}
        self._orders = [[(seat + k) % SEATS for k in range(SEATS)] for seat in range(SEATS)]
        """Per observer, the seats from it in play order."""
        self._positions = [{s: k for k, s in enumerate(order)} for order in self._orders]
        self._rest: dict[int, Action | None] = {}
        """The last mask's actions besides plays, by index (None: waive)."""
        self._choices: Choices | None = None

    # ----- the action space -------------------------------------------------------------
    def index_of(self, action: Action | CardSet) -> int:
        """The index of a set, or of a decision or call as the engine writes it."""
        if isinstance(action, tuple):
            return self._index[action]
        kind = action["type"]
        if kind == "call":
            card = CARD_TEXT.index(action["card"])
            return self.calls + 2 * card + bool(action["open"])
        return self.kind_at[kind]

    def set_at(self, index: int) -> CardSet:
        """The composition at a play index (the inverse of :meth:`index_of`)."""
        block, rest = divmod(index, BLOCK)
        twos, gc = divmod(block, self.gcs)
        rank_n, jokers = divmod(rest, JOKER_SLOTS * JOKER_SLOTS)
        rank, n = divmod(rank_n, N_SLOTS)
        sj, bj = divmod(jokers, JOKER_SLOTS)
        return CardSet(rank - 1, n, sj, bj, gc, self.twos[twos])

    def words(self, index: int) -> str:
        if not 0 <= index < self.size:
            return f"no action {index} (0..{self.size - 1})"
        if index < self.plays:
            s = self.set_at(index)
            return f"play {format_set(s)}" if s.size else "play nothing"
        if index >= self.calls:
            card, shown = divmod(index - self.calls, 2)
            return f"call {CARD_TEXT[card]}" + (" (open solo)" if shown else "")
        return (*KINDS, WAIVE)[index - self.plays]

    def mask(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        offer: Choices = (self.game.declarations(match, seat) if polled  # type: ignore[assignment]
                          else match.legal_actions(seat))
        mask = np.zeros(self.size, np.int8)
        sets = offer.sets
        if isinstance(sets, LeadSets):  # a lead: indexed from its parts, never listed
            naturals, combos, alone = sets.parts()
            natural_at = self._natural_at
            mask[(np.array([natural_at[rank][n] for rank, n in naturals], np.intp)[:, None]
                  + self._jokers_at(combos)).ravel()] = 1
            mask[self._jokers_at(alone)] = 1
        elif sets:
            mask[list(map(self._index.__getitem__, sets))] = 1
        rest: dict[int, Action | None] = {self.index_of(a): a for a in offer.rest}
        if polled:
            rest[self.kind_at[WAIVE]] = None
        mask[list(rest)] = 1
        self._rest, self._choices = rest, offer
        return mask

    def _jokers_at(self, combos: tuple[Combo, ...]) -> np.ndarray:
        """The index of each joker combination led alone, which is also what it adds to a
        natural part's index (an index is mixed radix: the sum of its parts')."""
        known = self._combos_at.get(combos)
        if known is None:
            known = self._combos_at[combos] = np.array(
                [self._index[CardSet(NO_RANK, 0, x, y, z)] for x, y, z in combos], np.intp)
        return known

    def action(self, index: int) -> Action | None:
        if index in self._rest:
            return self._rest[index]
        if 0 <= index < self.plays and self._choices is not None:
            try:  # the offer's own dict: applied unchecked
                return self._choices.play(self.set_at(index))
            except ValueError:
                pass
        held = len(self._rest) + (len(self._choices.sets) if self._choices else 0)
        raise ValueError(f"action {index} ({self.words(index)}) is not allowed now: "
                         f"the mask holds {held} actions")

    # ----- observations -----------------------------------------------------------------
    def reset(self, match: GameMatch) -> None:
        self.played = Played(SEATS, RANKS_WITH_GC, _play_ranks)
        self._rest, self._choices = {}, None
        self.played.follow(match.initial_events())

    def follow(self, events: list[Any]) -> None:
        self.played.follow(events)

    def observe(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        r: Reading = match.reading(seat)  # type: ignore[attr-defined]
        order = self._orders[seat]
        pos = self._positions[seat]
        obs = bytearray(LAYOUT.size)  # (every entry a small count: bytes, then floats)
        obs[_AT["phase"] + _PHASE[r.phase]] = 1
        obs[_AT["asked"]] = polled
        obs[_AT["hand"]:_AT["hand"] + NUM_CARDS] = r.hand
        obs[_AT["ranks"]:_AT["ranks"] + RANKS_WITH_GC] = r.rc
        counts, places, played = _AT["counts"], _AT["places"], _AT["played"]
        rows = self.played.rows
        for k, s in enumerate(order):
            obs[counts + k] = r.counts[s]
            obs[places + k] = r.places[s] or 0
            obs[played + RANKS_WITH_GC * k:played + RANKS_WITH_GC * (k + 1)] = rows[s]
        roles = _AT["roles"]
        known = [(seat, r.role), (r.emperor, "emperor"), (r.guard, "guard")]
        known += [(s, "rebel") for s in r.rebels]
        for who, role in known:
            if who is not None and role in ROLES:
                obs[roles + pos[who] * len(ROLES) + ROLES.index(role)] = 1
        obs[_AT["flags"]:_AT["flags"] + 4] = (r.solo, r.open_solo, r.grabbed, r.open_guard)
        if r.called is not None:
            obs[_AT["called"] + r.called] = 1
        obs[_AT["in_hand"]] = r.in_hand
        for start, cards in ((_AT["bundle"], r.bundle), (_AT["taken"], r.taken)):
            for card in cards:
                obs[start + RANK_OF[card]] += 1
        if r.top is not None and r.top_seat is not None:
            obs[_AT["top"]:_AT["top"] + RANKS_WITH_GC] = _ranks_of_set(r.top)
            obs[_AT["top_seat"] + pos[r.top_seat]] = 1
        if r.tricks:
            trick = _AT["trick"]
            for s, move in r.tricks[-1]:
                what = 1 if move == "pass" else 2 if move == "yield" else 0
                obs[trick + 3 * pos[s] + what] = 1
        for s in r.again:
            obs[_AT["again"] + pos[s]] = 1
        if r.step is not None:
            obs[_AT["step"] + STEPS.index(r.step)] = 1
        obs[_AT["kicks"]] = r.kicks
        obs[_AT["bombs"]] = r.bombs
        for s, _by in r.stuck:
            obs[_AT["stuck"] + pos[s]] = 1
        obs[_AT["dealer"] + pos[r.dealer]] = 1
        for giver, receiver, _card in r.tribute:
            obs[_AT["tribute"] + 2 * pos[giver]] += 1
            obs[_AT["tribute"] + 2 * pos[receiver] + 1] += 1
        for seller, buyer, *_paid in r.bought:
            obs[_AT["bought"] + 2 * pos[seller]] += 1
            obs[_AT["bought"] + 2 * pos[buyer] + 1] += 1
        return np.frombuffer(obs, np.uint8).astype(np.float32)

    # ----- for people -------------------------------------------------------------------
    def table_text(self, match: GameMatch, names: list[str]) -> str:
        view: Any = match.view("all")
        lines = [f"{self.rules.name} · round {view['round']} · {view['phase']}"
                 + (f" · called {view['called']}" if view["called"] else "")]
        for s, seat in enumerate(view["seats"]):
            move = seat["move"]
            last = " ".join(move) if isinstance(move, list) else move or ""
            place = f" · out {seat['place']}" if seat["place"] else ""
            lines.append(f"{names[s]:<22} {seat['role'] or '?':<8} {seat['count']:>2} cards"
                         f"{place}  last: {last or '-'}")
            lines.append("    " + " ".join(view["hands"][s]))
        top = view["top"]
        lines.append("to beat: " + (" ".join(top["cards"]) + f" ({names[top['seat']]})"
                                    if top else "nothing (a lead)"))
        return "\n".join(lines)


_RANK_OF_TEXT = {CARD_TEXT[c]: RANK_OF[c] for c in range(NUM_CARDS)}


def _play_ranks(event: Any) -> list[tuple[int, int]]:
    """A play event's cards (R-CARD-2 text) as (rank, 1) each."""
    return [(_RANK_OF_TEXT[text], 1) for text in event["cards"]]


def _ranks_of_set(s: CardSet) -> list[int]:
    ranks = [0] * RANKS_WITH_GC
    if s.n:
        ranks[s.rank] += s.n
    ranks[TWO] += s.twos
    ranks[SJ_RANK] += s.sj
    ranks[BJ_RANK] += s.bj
    ranks[RANKS_WITH_GC - 1] += s.gc
    return ranks
