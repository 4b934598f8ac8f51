"""The player's own keys (the settings' [keys] table), checked before Textual's keymap takes
them: an id no binding has rebinds nothing, a key no terminal sends ("nosuchkey",
"ctrl+f99") would leave its action with no key at all — a player who could no longer pass —
and so would a key another action of the same screen has (play = "p"). Each such entry is
named in a warning and left out, so that action keeps its own keys."""

from __future__ import annotations

import re
from importlib import import_module
from types import ModuleType

from textual.binding import Binding
from textual.keys import Keys, format_key, key_to_character
from textual.keys import _character_to_key as key_of  # (no public name: how Textual names "+")

from bhtui.tui.i18n import KEY_WORDS

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
NAMED = frozenset([*(key.value.rsplit("+", 1)[-1] for key in Keys),
                   *(key_of(chr(c)) for c in range(32, 127))])
"""Keys by name without their modifiers: enter, space, pageup, f1 … f24, plus, slash."""
EXPLAINED = frozenset({"play", "pass"})
"""The table's keys that, pressed while dimmed, say why (a hidden ``why.<id>`` binding on the
same keys)."""


def is_key(key: str) -> bool:
    """Whether a terminal can send ``key``: modifiers, then one character or a key's name
    (``question_mark`` as Textual names ``?``)."""
    *modifiers, base = key.strip().split("+")
    if not base or any(m not in MODIFIERS for m in modifiers):
        return False
    return len(base) == 1 or base in NAMED or key_to_character(base) is not None


def screens() -> list[list[Binding]]:
    """Each screen's and dialog's bindings, its own and inherited, with the app's (which act
    on every screen); the games' own screens found by name (``games.KEYED``), as the app
    finds them."""
    from bhtui.tui import app, dialogs, preferences, replay, room, settings, table
    from bhtui.tui.games import KEYED

    modules: list[ModuleType] = [app, dialogs, preferences, replay, room, settings, table,
                                 *map(import_module, KEYED)]
    found = [value for module in modules for value in vars(module).values()
             if isinstance(value, type) and value.__module__ == module.__name__
             and getattr(value, "BINDINGS", None)]
    app_wide = [b for b in app.BhtuiApp.BINDINGS if isinstance(b, Binding)]
    return [[*app_wide, *(binding for cls in reversed(screen.__mro__)
                          for binding in vars(cls).get("BINDINGS", ())
                          if isinstance(binding, Binding))]
            for screen in found if screen is not app.BhtuiApp]


def binding_ids() -> set[str]:
    """The ids of every binding the app's screens and dialogs have (those a keymap rebinds)."""
    return {binding.id for bindings in screens() for binding in bindings if binding.id}


def _pressed(listed: str) -> set[str]:
    """The keys a binding's list names, as Textual names them (``?`` is ``question_mark``)."""
    out = set()
    for key in listed.split(","):
        *modifiers, base = key.strip().split("+")
        out.add("+".join([*modifiers, key_of(base) if len(base) == 1 else base]))
    return out


def _listed(binding: Binding, kept: dict[str, str]) -> str:
    """The keys ``binding`` answers to with ``kept`` (a ``why.`` binding's move with its
    action's)."""
    name = binding.id or ""
    return kept.get(name) or kept.get(name.removeprefix("why."), binding.key)


def _clashes(kept: dict[str, str], bindings: list[list[Binding]]) -> dict[str, tuple[str, str]]:
    """The rebound ids whose new keys another action of the same screen also has (its own or
    rebound): the key found and that action's id. Actions that share a key as shipped (Enter
    plays, or ends the match at its end) may go on sharing it."""
    found: dict[str, tuple[str, str]] = {}
    for screen in bindings:
        for mine in screen:
            if mine.id not in kept or mine.id.startswith("why."):
                continue
            new = _pressed(kept[mine.id])
            for other in screen:
                if other.id in (mine.id, f"why.{mine.id}"):
                    continue
                if _pressed(mine.key) & _pressed(other.key):
                    continue  # shared as shipped: the actions take turns
                both = new & _pressed(_listed(other, kept))
                if both:  # (one without an id, Tab's or a list's, named by its action)
                    found.setdefault(mine.id, (sorted(both)[0], other.id or other.action))
    return found


def words(keys: dict[str, str]) -> dict[str, str]:
    """What the texts call each rebound key they name ("pass ({key_pass})"): its first key,
    as the footer writes it, a function key as the help does (F3, not f3)."""
    return {f"key_{name}": spoken(listed.split(",")[0].strip())
            for name, listed in keys.items() if f"key_{name}" in KEY_WORDS}


def spoken(key: str) -> str:
    """``key`` as a text names it: Textual's name ("⏎", "^q"), a function key in capitals."""
    said = format_key(key)
    return said.upper() if re.fullmatch(r"f\d+", said) else said


def checked(keys: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The entries of ``keys`` a keymap may take, and a warning for each one it may not. The
    ids are gathered only when there are keys to check: that imports every game's screens
    (some 50 ms), which a start without a [keys] table does not wait for."""
    kept: dict[str, str] = {}
    problems = []
    bindings = screens() if keys else []
    ids = {binding.id for screen in bindings for binding in screen if binding.id}
    for name, listed in keys.items():
        bad = [key.strip() for key in listed.split(",") if not is_key(key)]
        if name not in ids:
            problems.append(f"keys.{name}: no key has that id (the README lists them); ignored")
        elif bad:
            problems.append(f"keys.{name} = {listed!r}: {', '.join(bad)} is no key a terminal "
                            "sends; its own keys are kept")
        else:
            kept[name] = listed
    # A key two actions of one screen answer to would leave one of them with none (play on
    # p: no pass), so such an entry is refused too — until none is left, as refusing one
    # gives its action back the keys it had.
    while clashes := _clashes(kept, bindings):
        for name, (key, other) in clashes.items():
            problems.append(f"keys.{name} = {keys[name]!r}: {format_key(key)} is already the "
                            f"key of {other}; its own keys are kept")
            del kept[name]
    for name in EXPLAINED & kept.keys():  # the key that says why, when dimmed, moves with it
        kept[f"why.{name}"] = kept[name]
    return kept, problems
