"""The player's own keys (the settings' [keys] table), checked before Textual's keymap takes
them: an id no binding has rebinds nothing, and a key no terminal sends ("nosuchkey",
"ctrl+f99") would leave its action with no key at all — a player who could no longer pass.
Each such entry is named in a warning and left out, so that action keeps its own keys."""

from __future__ import annotations

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


def binding_ids() -> set[str]:
    """The ids of every binding the app's screens and dialogs have (those a keymap rebinds);
    the games' own screens found by name (``games.KEYED``), as the app finds them."""
    from bhtui.tui import app, dialogs, preferences, replay, room, settings, table
    from bhtui.tui.games import KEYED

    modules: list[ModuleType] = [app, dialogs, preferences, replay, room, settings, table,
                                 *map(import_module, KEYED)]
    return {binding.id for module in modules for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module.__name__
            for binding in getattr(value, "BINDINGS", ())
            if isinstance(binding, Binding) and binding.id}


def words(keys: dict[str, str]) -> dict[str, str]:
    """What the texts call each rebound key they name ("pass ({key_pass})"): its first key,
    as the footer writes it."""
    return {f"key_{name}": format_key(listed.split(",")[0].strip())
            for name, listed in keys.items() if f"key_{name}" in KEY_WORDS}


def checked(keys: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The entries of ``keys`` a keymap may take, and a warning for each one it may not. The
    ids are gathered only when there are keys to check: that imports every game's screens
    (some 50 ms), which a start without a [keys] table does not wait for."""
    kept: dict[str, str] = {}
    problems = []
    ids = binding_ids() if keys else set()
    for name, listed in keys.items():
        bad = [key.strip() for key in listed.split(",") if not is_key(key)]
        if name not in ids:
            problems.append(f"keys.{name}: no key has that id (the README lists them); ignored")
        elif bad:
            problems.append(f"keys.{name} = {listed!r}: {', '.join(bad)} is no key a terminal "
                            "sends; its own keys are kept")
        else:
            kept[name] = listed
            if name in EXPLAINED:  # the key that says why, when dimmed, moves with it
                kept[f"why.{name}"] = listed
    return kept, problems
