"""A value from another machine against its declared shape in ``bhtui.wire``: each field of
its type, and each card and seat as its game reads them.

A client checks the host's views and events with it before any screen reads them (a host in
the LAN lobby may be hostile, or broken): the screens index seats by the numbers they get,
parse cards, and read a field a TypedDict declares without asking whether it is there. The
shapes are the ones mypy checks the engines against, so what is checked is what is sent; the
marks on them (``wire.CARD``, ``wire.HAND``, ``wire.SEAT``, ``wire.EACH_SEAT``) say which
texts are cards, which numbers seats and which lists hold one entry a seat, and each game and
table says what those are (:class:`Mark`).
"""

from __future__ import annotations

import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Mark(NamedTuple):
    """What a marked value must be in one game at one table."""

    fits: Callable[[Any], bool]
    """Whether a value (already of its plain type) is one of the kind."""
    most: int
    """How many of them a list may hold (the deck's cards, the table's seats)."""


Marks = Mapping[str, Mark]
Check = Callable[[Any, Marks], str | None]
"""A compiled shape: None when the value fits, else where it does not ("" for the value
itself, ``.field`` or ``[i]`` below it)."""


def reads(parse: Callable[[str], object], longest: int) -> Callable[[str], bool]:
    """A mark's ``fits`` for a text an engine's parser must read (a set's, a hand's): no
    ValueError, and no more than ``longest`` characters handed to it."""
    def fits(text: str) -> bool:
        if len(text) > longest:
            return False
        try:
            parse(text)
        except ValueError:
            return False
        return True
    return fits


def fault(value: Any, shape: Any, marks: Marks, name: str) -> str | None:
    """Where ``value`` (called ``name``) breaks ``shape``, as ``view.seats[2].move``; None
    when it fits. ``marks`` says what each mark on the shape means here."""
    where = _compiled(shape)(value, marks)
    return None if where is None else name + where


def _fits(value: Any, marks: Marks) -> str | None:
    return None


def _exactly(kind: type) -> Check:
    """Of type ``kind`` exactly: a bool is not a whole number here (as at the host)."""
    return lambda value, marks: None if type(value) is kind else ""


def _number(value: Any, marks: Marks) -> str | None:
    """A float field may hold a whole number; round() of NaN or infinity raises."""
    return None if type(value) in (int, float) and math.isfinite(value) else ""


@functools.cache
def _compiled(shape: Any) -> Check:
    """A shape made into nested checks, once (views come many times a second)."""
    if shape is Any:
        return _fits
    if shape is None or shape is type(None):
        return lambda value, marks: None if value is None else ""
    if shape is float:
        return _number
    if typing.is_typeddict(shape):
        return _fields(shape)
    if isinstance(shape, type):
        return _exactly(shape)
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if origin is typing.Annotated:
        return _marked(_compiled(args[0]), shape.__metadata__[0])
    if origin is typing.Literal:
        return lambda value, marks: None if any(
            type(value) is type(a) and value == a for a in args) else ""
    if origin is typing.Union or origin is types.UnionType:
        return _union(args)
    if origin is list:
        return _list(args[0])
    if origin is dict:
        return _dict(_compiled(args[0]), _compiled(args[1]))
    raise TypeError(f"no check for the shape {shape!r}")


def _union(arms: tuple[Any, ...]) -> Check:
    """One of ``arms``: mostly a type or None (``Seat | None``), checked as such."""
    if all(arm in (str, int, bool, type(None)) for arm in arms):
        return lambda value, marks: None if type(value) in arms else ""
    checks = [_compiled(arm) for arm in arms if arm is not type(None)]
    optional = len(checks) < len(arms)
    if len(checks) == 1:  # where below it, when it is not None
        only = checks[0]
        return lambda value, marks: None if optional and value is None else only(value, marks)
    return lambda value, marks: None if optional and value is None or any(
        check(value, marks) is None for check in checks) else ""


def _marked(plain: Check, mark: str) -> Check:
    def check(value: Any, marks: Marks) -> str | None:
        where = plain(value, marks)
        if where is not None:
            return where
        return None if marks[mark].fits(value) else ""
    return check


def _list(item: Any) -> Check:
    """A list; of marked items (cards, seats), no more than the mark allows. Items of a plain
    type, marked or not, are checked in one pass (a hand is a list of cards)."""
    mark = None
    plain = item
    if typing.get_origin(item) is typing.Annotated:
        plain, mark = typing.get_args(item)[0], item.__metadata__[0]
    each = _compiled(item)
    if plain is Any:
        return lambda value, marks: None if type(value) is list else ""

    def check(value: Any, marks: Marks) -> str | None:
        if type(value) is not list:
            return ""
        if mark is not None:
            if len(value) > marks[mark].most:
                return ""
            if plain in (str, int):
                fits = marks[mark].fits
                if all(type(v) is plain and fits(v) for v in value):
                    return None
        elif plain in (str, int, bool) and all(type(v) is plain for v in value):
            return None
        for i, v in enumerate(value):
            where = each(v, marks)
            if where is not None:
                return f"[{i}]{where}"
        return None
    return check


def _dict(key: Check, item: Check) -> Check:
    def check(value: Any, marks: Marks) -> str | None:
        if type(value) is not dict:
            return ""
        for k, v in value.items():
            where = key(k, marks)
            if where is None:
                where = item(v, marks)
            if where is not None:
                return f"[{k!r:.20}]{where}"
        return None
    return check


def _fields(shape: Any) -> Check:
    """A TypedDict: its fields there unless NotRequired (or the dict not total), each of its
    type; others it may have are nobody's business (a newer host's)."""
    total = getattr(shape, "__total__", True)
    fields: dict[str, Check] = {}
    required: list[str] = []
    for name, hint in typing.get_type_hints(shape, include_extras=True).items():
        wrapper = typing.get_origin(hint)
        if wrapper is typing.Required or (total and wrapper is not typing.NotRequired):
            required.append(name)
        if wrapper in (typing.Required, typing.NotRequired):
            hint = typing.get_args(hint)[0]
        fields[name] = _compiled(hint)

    def check(value: Any, marks: Marks) -> str | None:
        if type(value) is not dict:
            return ""
        for name in required:
            if name not in value:
                return f".{name}"
        for name, v in value.items():
            field = fields.get(name)
            if field is not None:
                where = field(v, marks)
                if where is not None:
                    return f".{name}{where}"
        return None
    return check
