"""A seat's legal actions as the engine offers them: made lazily, recognised when applied.

A bot, the sim, 托管 and the host's bot seats ask for the legal actions and hand one back.
Listing a leader's 250 sets as dicts and parsing the chosen one back would cost more than the
choice itself, so :class:`Choices` is a sequence whose play dicts are made only when read,
whose leading sets are computed from their index (a random choice never lists them), and which
remembers the dicts it handed out: the round applies one of those without re-parsing or
re-checking it (``recognise``). Anything else — a dict from the wire, a log, a copy — takes the
checked path.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from typing import Any, overload

from bhtui.cards import BJ_RANK, GC_RANK, SJ_RANK, TWO
from bhtui.rules.reading import Reading
from bhtui.rules.sets import NO_RANK, CardSet, format_set
from bhtui.wire import Action

Combo = tuple[int, int, int]
"""Small jokers, big jokers and Weifang's guard cards added to a set."""


class LeadSets(Sequence[CardSet]):
    """Every set a hand may lead, in ``sets_from_rank_counts`` order, without listing them:
    ``n`` natural cards of a rank with each joker combination (SJ, BJ, and Weifang's GC), then
    jokers alone — all of them at once only, and only from a hand of jokers alone, unless
    ``alone`` (R-PLAY-1's ``joker_sets``)."""

    __slots__ = ("_combos", "_ends", "_sj", "_bj", "_gc", "_len", "_alone")

    def __init__(self, rc: Sequence[int], alone: bool = True) -> None:
        self._sj, self._bj, self._gc = rc[SJ_RANK], rc[BJ_RANK], rc[GC_RANK]
        self._combos = _joker_combos(self._sj, self._bj, self._gc)
        self._ends = list(accumulate(rc[: TWO + 1]))  # natural cards held up to each rank
        self._alone = alone
        naturals = self._ends[-1]
        if alone:
            self._len = (naturals + 1) * len(self._combos) - 1
        else:  # jokers alone only as a hand's last set
            self._len = naturals * len(self._combos) or int(len(self._combos) > 1)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> CardSet: ...
    @overload
    def __getitem__(self, i: slice) -> list[CardSet]: ...

    def __getitem__(self, i: int | slice) -> CardSet | list[CardSet]:
        if type(i) is not int and isinstance(i, slice):  # (ints first: they are asked)
            return [self[k] for k in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        natural, combo = divmod(i, len(self._combos))
        if natural >= self._ends[-1]:  # jokers alone, the empty combination skipped
            x, y, z = self._combos[combo + 1 if self._alone else -1]
            return tuple.__new__(CardSet, (NO_RANK, 0, x, y, z, 0))
        rank = bisect_right(self._ends, natural)
        n = natural - (self._ends[rank - 1] if rank else 0) + 1
        x, y, z = self._combos[combo]
        return tuple.__new__(CardSet, (rank, n, x, y, z, 0))

    def parts(self) -> tuple[list[tuple[int, int]], tuple[Combo, ...], tuple[Combo, ...]]:
        """What the sets are made of, for whoever takes them all at once (the learning
        environment's mask): every natural part ``(rank, n)``, each led with every joker
        combination ``(sj, bj, gc)`` of the second list, then the combinations of the third
        led as jokers alone."""
        naturals: list[tuple[int, int]] = []
        below = 0
        for rank, end in enumerate(self._ends):
            naturals += [(rank, n) for n in range(1, end - below + 1)]
            below = end
        if self._alone:
            alone = self._combos[1:]
        else:  # (all of them, and only from a hand of jokers alone)
            alone = self._combos[-1:] if not below and len(self._combos) > 1 else ()
        return naturals, self._combos, alone

    def __contains__(self, s: object) -> bool:
        try:
            self.index(s)
        except (ValueError, TypeError):
            return False
        return True

    def index(self, s: Any, start: int = 0, stop: int | None = None) -> int:
        """Where ``s`` stands, by arithmetic (ValueError when the hand cannot lead it)."""
        rank, n, x, y, z, twos = s
        if twos or not (0 <= x <= self._sj and 0 <= y <= self._bj and 0 <= z <= self._gc):
            raise ValueError(f"{format_set(s)} cannot be led from this hand")
        combo = (x * (self._bj + 1) + y) * (self._gc + 1) + z
        if n == 0:
            if rank != NO_RANK or combo == 0 or not (self._alone or (
                    self._ends[-1] == 0 and combo == len(self._combos) - 1)):
                raise ValueError(f"{format_set(s)} cannot be led from this hand")
            natural, combo = self._ends[-1], (combo - 1 if self._alone else 0)
        else:
            if not 0 <= rank <= TWO or n < 0:
                raise ValueError(f"{format_set(s)} cannot be led from this hand")
            below = self._ends[rank - 1] if rank else 0
            natural = below + n - 1
            if n > self._ends[rank] - below:
                raise ValueError(f"{format_set(s)} cannot be led from this hand")
        return natural * len(self._combos) + combo


@functools.cache
def _joker_combos(sj: int, bj: int, gc: int) -> tuple[Combo, ...]:
    """Every (SJ, BJ, GC) combination a hand holding these jokers can add to a set."""
    return tuple((x, y, z) for x in range(sj + 1) for y in range(bj + 1) for z in range(gc + 1))


class Choices(Sequence[Action]):
    """The plays (from ``sets``, as ``{"type": "play", "set": text}``) then ``rest``, and the
    seat's :class:`Reading` for whoever decides among them."""

    __slots__ = ("_sets", "_rest", "_plays", "_len", "_read", "_reading", "_made")

    def __init__(self, sets: Sequence[CardSet], rest: list[Action],
                 read: Callable[[], Reading] | None = None) -> None:
        self._sets = sets
        self._rest = rest
        self._plays = plays = len(sets)
        self._len = plays + len(rest)
        self._read = read
        self._reading: Reading | None = None
        self._made: dict[int, tuple[Action, CardSet]] | None = None
        """Index → the play dict handed out for it and its set (made when first asked: a
        pass or a random lead asks for none, or one)."""

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if type(i) is not int and isinstance(i, slice):  # (ints first: they are asked)
            return [self[k] for k in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
            if i < 0:
                raise IndexError("choice index out of range")
        plays = self._plays
        if i >= plays:
            return self._rest[i - plays]
        made = self._made
        if made is None:
            made = self._made = {}
        known = made.get(i)
        if known is None:
            s = self._sets[i]
            known = made[i] = ({"type": "play", "set": format_set(s)}, s)
        return known[0]

    def __iter__(self) -> Iterator[Action]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable-looking, like a list

    def __repr__(self) -> str:
        return f"Choices({list(self)!r})"

    @property
    def reading(self) -> Reading:
        """What the deciding seat knows (made when first asked: a random bot never is)."""
        if self._reading is None:
            if self._read is None:
                raise ValueError("these choices came without a reading of the seat")
            self._reading = self._read()
        return self._reading

    @property
    def rest(self) -> list[Action]:
        """The actions that are not plays: pass, yield, throne and call choices, declarations."""
        return self._rest

    @property
    def kinds(self) -> set[str]:
        """The action types on offer (without making the play dicts)."""
        return {a["type"] for a in self._rest} | ({"play"} if self._sets else set())

    @property
    def sets(self) -> Sequence[CardSet]:
        """The sets the plays name, in order (a bot reads these instead of the texts)."""
        return self._sets

    def play(self, s: CardSet) -> Action:
        """The offered play of ``s`` (so the round recognises it when it comes back)."""
        try:
            return self[self._sets.index(s)]
        except ValueError:
            raise ValueError(f"{format_set(s)} is not among the offered plays") from None

    def recognise(self, action: object) -> CardSet | bool:
        """What ``action`` is if it is one of the dicts this offer handed out (the very
        object): the set of a play, True for another action; False for anything else."""
        if self._made is not None:
            for play, s in self._made.values():  # mostly one: the play chosen
                if play is action:
                    return s
        for offered in self._rest:
            if offered is action:
                return True
        return False

    def set_of(self, action: object) -> CardSet | None:
        """The set of a play this offer handed out (the very object), else None."""
        found = self.recognise(action)
        return found if isinstance(found, CardSet) else None

