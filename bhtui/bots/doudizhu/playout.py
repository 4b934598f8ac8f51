"""The search's playouts: a lean Dou Dizhu deal (rank counts, the trick, bombs and S-BID-7's
limits, 报到's locked groups) played to its end by a fast policy, and scored by the engine's
own scoring (C-SCORE-*, S-SCORE-*).

The rules of play are the engine's — its move generator (``playable``) and comparison — so a
playout never makes a move the table would refuse; ``tests/engine/test_doudizhu_search.py``
plays the lean deal and the real ``Match`` side by side. The policy is the heuristic's
(``choose``), leads and answers: it is how ``normal`` plays whenever its counting finds no
won line, so the playouts play the table's other seats as they will be played (a cheaper
lead, the lowest unit of the hand's plan, made ``normal``'s lead in 44 % of classic's early
leads, and the search valued its moves against opponents that do not exist). In small hands
(``COUNTED``) it plays ``normal``'s won lines too, counted from the hands it knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bhtui.bots.doudizhu.counting import Rival, won_line
from bhtui.bots.doudizhu.heuristic import URGENT, choose
from bhtui.bots.doudizhu.knowledge import may_bomb
from bhtui.doudizhu import Hand, Rules, parse_hand, scoring
from bhtui.doudizhu.hands import hand_of_counts
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.round import lay


class Position:
    """One deal from some point of its play phase on, every hand known (a sampled deal)."""

    __slots__ = ("rules", "preset", "n", "rc", "left", "landlord", "turn", "top", "top_seat",
                 "passes", "limit", "bombs_by", "bombs", "hands_played", "locked", "bid",
                 "facts", "landlord_won")

    def __init__(self, rules: Rules, hands: Sequence[Sequence[int]], landlord: int,
                 turn: int, *, bid: int = 1, facts: scoring.Shanghai | None = None,
                 top: Hand | None = None, top_seat: int | None = None, passes: int = 0,
                 limit: Sequence[int | None] | None = None,
                 bombs_by: Sequence[int] | None = None, bombs: int = 0,
                 hands_played: Sequence[int] | None = None,
                 locked: Sequence[Hand] = ()) -> None:
        n = rules.seats
        self.rules, self.preset, self.n = rules, rules.name, n
        self.rc = [list(h) for h in hands]
        self.left = [sum(h) for h in hands]
        self.landlord, self.turn = landlord, turn
        self.top, self.top_seat, self.passes = top, top_seat, passes
        self.limit = list(limit) if limit is not None else [None] * n
        self.bombs_by = list(bombs_by) if bombs_by is not None else [0] * n
        self.bombs = bombs
        self.hands_played = list(hands_played) if hands_played is not None else [0] * n
        self.locked = list(locked)
        self.bid = bid
        self.facts = facts or scoring.Shanghai()
        self.landlord_won: bool | None = None

    def bomb_ok(self, seat: int) -> bool:
        limit = self.limit[seat]
        return limit is None or self.bombs_by[seat] < limit

    def moves(self) -> list[Hand]:
        """The hands the seat to act may play (the engine's ``playable``)."""
        seat = self.turn
        locked = self.locked if seat == self.landlord else ()
        return [parse_hand(t, self.preset) for t in playable(
            self.preset, self.rc[seat], self.top, self.bomb_ok(seat), locked)]

    def play(self, hand: Hand | None) -> None:
        """The seat to act plays ``hand`` (None: passes)."""
        seat = self.turn
        if hand is None:
            self.passes += 1
            if self.passes == self.n - 1:
                assert self.top_seat is not None  # a pass always answers a play
                self.turn, self.top, self.top_seat, self.passes = self.top_seat, None, None, 0
            else:
                self.turn = (seat + 1) % self.n
            return
        lay(self, seat, hand)
        if self.left[seat] == 0:
            self.landlord_won = seat == self.landlord
        else:
            self.turn = (seat + 1) % self.n

    def scores(self, bid: int | None = None, facts: scoring.Shanghai | None = None,
               won: bool | None = None) -> list[int]:
        """Each seat's score of the finished deal (at another bid or with other facts: the
        bidding's and 报到's candidates share one playout; with the other side winning:
        what the search's calibration weighs)."""
        if won is None:
            won = self.landlord_won
        assert won is not None, "the deal is not over"
        bid = self.bid if bid is None else bid
        base, n, landlord = self.rules.base, self.n, self.landlord
        if self.rules.specials:
            stake, _ = scoring.shanghai_stake(facts or self.facts, won, base, bid)
        else:
            spring = None
            if won and all(self.hands_played[s] == 0 for s in range(n) if s != landlord):
                spring = "spring"
            elif not won and self.hands_played[landlord] == 1:
                spring = "anti_spring"
            stake = scoring.stake_of(scoring.classic_factors(self.bombs, spring), base, bid)
        return scoring.side_scores(n, landlord, won, stake)


def policy(pos: Position) -> Hand | None:
    """The playouts' move for the seat to act (None: pass). Without 报到's locks it depends
    only on the hand, the trick, whether the seat may bomb and whom it plays for (in a
    small hand also on the cards out), so it is cached on those (a decision's playouts meet
    the same hands again and again)."""
    seat, preset = pos.turn, pos.preset
    rc = pos.rc[seat]
    landlord = pos.landlord
    if pos.locked and seat == landlord:
        if pos.top is None:
            whole = hand_of_counts(rc, preset)
            if whole is not None and (not whole.is_bomb or pos.bomb_ok(seat)) and any(
                    g.need == whole.need for g in pos.locked):
                return whole
            return choose(preset, rc, pos.moves(), None, False, False)
        plays = pos.moves()
        return choose(preset, rc, plays, pos.top, False, _hurry(pos)) if plays else None
    partner = pos.top is not None and seat != landlord and pos.top_seat != landlord
    if pos.left[seat] <= COUNTED[preset]:
        won = won_line(preset, tuple(rc), pos.top, pos.bomb_ok(seat), partner, _rivals(pos))
        if won is not None:
            return won
    if pos.top is None:
        return _lead(preset, tuple(rc), pos.bomb_ok(seat), _hurry(pos))
    return _answer(preset, tuple(rc), pos.top, pos.bomb_ok(seat), partner,
                   False if partner else _hurry(pos))  # a partner's hand stands anyway


COUNTED = {"classic": 6, "shanghai": 0}
"""By preset, a seat holding this many cards or fewer plays ``normal``'s won lines in a
playout. Counting in every hand, the policy would make every move ``normal`` makes in
classic, but a playout would cost 13×; from six cards down it makes 90 % of ``normal``'s
late leads and 99 % of its late answers. Measured at the table in classic; Shanghai's
playouts count nowhere (0) until they are measured there."""


def _rivals(pos: Position) -> tuple[Rival, ...]:
    """The opponents of the seat to act as ``normal`` counts them (``counting.rivals``): the
    cards out are the other hands (every hand is known in a playout), and 摊打 shows the
    landlord's."""
    seat, landlord, rc = pos.turn, pos.landlord, pos.rc
    out = tuple(map(sum, zip(*(rc[s] for s in range(pos.n) if s != seat), strict=True)))
    rivals = []
    for s in range(pos.n):
        if s != seat and (seat == landlord or s == landlord):
            held = pos.left[s]
            pool = tuple(rc[s]) if s == landlord and pos.facts.open_hand else out
            rivals.append((pool, held, may_bomb(pos.preset, held, pos.bomb_ok(s), pool)))
    return tuple(rivals)


def _hurry(pos: Position) -> bool:
    """Whether an opponent of the seat to act is about to go out (the heuristic's URGENT)."""
    seat, landlord = pos.turn, pos.landlord
    return min(pos.left[s] for s in range(pos.n)
               if s != seat and (seat == landlord or s == landlord)) <= URGENT[pos.preset]


@lru_cache(maxsize=1 << 16)
def _lead(preset: str, rc: tuple[int, ...], bomb_ok: bool, hurry: bool) -> Hand:
    """The policy's lead: the heuristic's, among every lead the hand has (``hurry``: an
    opponent is about to go out)."""
    cards = list(rc)
    found = choose(preset, cards, _plays(preset, cards, None, bomb_ok), None, False, hurry)
    assert found is not None  # a lead is never a pass
    return found


@lru_cache(maxsize=1 << 16)
def _answer(preset: str, rc: tuple[int, ...], top: Hand, bomb_ok: bool, partner: bool,
            hurry: bool) -> Hand | None:
    """The policy's answer to ``top``: the heuristic's among the beating hands."""
    cards = list(rc)
    plays = _plays(preset, cards, top, bomb_ok)
    return choose(preset, cards, plays, top, partner, hurry) if plays else None


def _plays(preset: str, rc: list[int], top: Hand | None, bomb_ok: bool) -> list[Hand]:
    return [parse_hand(t, preset) for t in playable(preset, rc, top, bomb_ok)]


def play_out(pos: Position) -> Position:
    """Play the deal to its end with the policy (the position is changed)."""
    while pos.landlord_won is None:
        pos.play(policy(pos))
    return pos

