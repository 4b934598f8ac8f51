"""A match's applied actions, as both engines keep them: (seat, action) pairs read from two
flat lists, all of them or, at a table, only the latest (its game log on disk holds them all).

A pair per action would be a tuple holding a dict, which the garbage collector follows for
the whole match (CPython stops tracking a tuple only when it holds no container): ever more
of them to walk at every collection, 10–15 % of a random-bot sim. The seats and the action
dicts (text and numbers: untracked) add nothing to walk; the pairs are made when read — a
replay, a demo, a test.

An endless match kept every action, some 44 KiB a round: 135 MB by round 2,396 at a host.
``keep_last(n)`` bounds it: the log then holds at most 2n actions, dropping the older half
at a time (so dropping costs nothing per action); it still counts every action and reads
the latest by their place in the match, and an older one asked for is an IndexError that
says where it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from bhtui.wire import Action


class ActionLog(Sequence[tuple[int, Action]]):
    """Every applied action in order, or the latest ones; ``len`` counts them all."""

    __slots__ = ("_seats", "_moves", "_dropped", "_keep")

    def __init__(self) -> None:
        self._seats: list[int] = []
        self._moves: list[Action] = []
        self._dropped = 0  # actions no longer kept: those before the first kept
        self._keep: int | None = None

    def append(self, seat: int, action: Action) -> None:
        self._seats.append(seat)
        self._moves.append(action)
        keep = self._keep
        if keep is not None and len(self._seats) > 2 * keep:
            gone = len(self._seats) - keep
            del self._seats[:gone], self._moves[:gone]
            self._dropped += gone

    def keep_last(self, n: int) -> None:
        """From now on keep only about the last ``n`` actions (at least n, at most 2n)."""
        self._keep = max(1, n)

    @property
    def dropped(self) -> int:
        """How many of the first actions are no longer kept (0 when all are)."""
        return self._dropped

    def __len__(self) -> int:
        return self._dropped + len(self._seats)

    @overload
    def __getitem__(self, i: int) -> tuple[int, Action]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[int, Action]]: ...

    def __getitem__(self, i: int | slice) -> tuple[int, Action] | list[tuple[int, Action]]:
        d = self._dropped
        if isinstance(i, slice):
            wanted = range(*i.indices(len(self)))
            if not wanted:
                return []
            if min(wanted[0], wanted[-1]) < d:
                raise IndexError(self._gone(min(wanted[0], wanted[-1])))
            if wanted.step == 1:
                return list(zip(self._seats[wanted.start - d:wanted.stop - d],
                                self._moves[wanted.start - d:wanted.stop - d], strict=True))
            return [(self._seats[k - d], self._moves[k - d]) for k in wanted]
        at = i + len(self) if i < 0 else i
        if 0 <= at < d:
            raise IndexError(self._gone(at))
        if not 0 <= at < len(self):
            raise IndexError("action index out of range")
        return self._seats[at - d], self._moves[at - d]

    def _gone(self, at: int) -> str:
        return (f"action {at} is no longer kept in memory (only from {self._dropped} on): "
                f"the game log has it")

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        """The kept actions (all of them unless :meth:`keep_last` was asked)."""
        return zip(self._seats, self._moves, strict=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # it grows, like a list

    def __repr__(self) -> str:
        return f"ActionLog({list(self)!r})"
