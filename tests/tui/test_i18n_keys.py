"""Every i18n key the code asks for is defined, in both languages, and every key defined is
asked for (a gap shows the key itself on the screen; an unused entry is a translation nobody
keeps up). The code is read, not run: keys are found where a translator is called."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest

import bhtui
from bhtui.tui import i18n
from bhtui.tui.i18n import CATALOGUES, LANGUAGES, STRINGS

CODE = Path(bhtui.__file__).parent
KEY = re.compile(r"^[a-z_0-9]+(\.[A-Za-z_0-9-]+)+$")
KEY_SOURCES = ("rules/offers.py",)
"""Modules that hand the screen i18n keys (Baohuang's offers: each choice's word): every
dotted text in them is a key."""


def modules() -> Iterator[tuple[str, ast.Module]]:
    catalogues = {name.removeprefix("bhtui.").replace(".", "/") + ".py" for name in CATALOGUES}
    for path in sorted(CODE.rglob("*.py")):
        name = str(path.relative_to(CODE))
        if name not in catalogues:
            yield name, ast.parse(path.read_text(encoding="utf-8"))


def asked(node: ast.expr) -> Iterator[str | tuple[str]]:
    """The keys an argument can be: a text, either branch of a condition; a prefix (a
    1-tuple) for an f-string whose first part is text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from asked(node.body)
        yield from asked(node.orelse)
    elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        yield (str(node.values[0].value),)


def translated(call: ast.Call) -> bool:
    """``t(…)``, ``self.t(…)``, ``Translator(lang)(…)``, or a game's ``words(…)``."""
    f = call.func
    return ((isinstance(f, ast.Name) and f.id == "t")
            or (isinstance(f, ast.Attribute) and f.attr in ("t", "words"))
            or (isinstance(f, ast.Call) and isinstance(f.func, ast.Name)
                and f.func.id == "Translator"))


def keys_asked() -> list[tuple[str, str | tuple[str]]]:
    found = []
    for name, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and translated(node) and node.args:
                found += [(name, key) for key in asked(node.args[0])]
            elif (name in KEY_SOURCES and isinstance(node, ast.Constant)
                  and isinstance(node.value, str) and KEY.match(node.value)):
                found.append((name, node.value))
    return found


def texts_in_code() -> tuple[set[str], set[str]]:
    """Every text of the code outside the catalogues, and every f-string's leading text."""
    texts, prefixes = set(), set()
    for _, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.add(node.value)
            elif (isinstance(node, ast.JoinedStr) and node.values
                  and isinstance(node.values[0], ast.Constant) and node.values[0].value):
                prefixes.add(str(node.values[0].value))
    return texts, prefixes


def test_every_key_the_code_asks_for_is_defined_in_both_languages():
    found = keys_asked()
    assert len(found) > 300  # the scan finds the screens' calls
    missing = [(name, key) for name, key in found
               if (key not in STRINGS if isinstance(key, str)
                   else not any(k.startswith(key[0]) for k in STRINGS))]
    assert missing == []
    assert all(set(STRINGS[key]) == set(LANGUAGES) and all(STRINGS[key].values())
               for _, key in found if isinstance(key, str))


def test_every_key_defined_is_used():
    """Used: the key is a text somewhere in the code (passed on, chosen from), or begins
    with an f-string's text (``f"option.{name}"``); a footer's ``key.X`` is the description
    of a binding with id X."""
    texts, prefixes = texts_in_code()
    binding_ids = binding_ids_declared()
    assert "play" in binding_ids
    unused = [key for key in STRINGS
              if key not in texts
              and not (key.startswith("key.") and key.removeprefix("key.") in binding_ids)
              and not (not key.startswith("key.") and any(key.startswith(p) for p in prefixes))]
    assert unused == []


def binding_ids_declared() -> set[str]:
    """Every binding id of every screen and dialog of the app, and of its own widgets (the
    lobby's list picks with its own Enter)."""
    import importlib
    import inspect
    import pkgutil

    from textual.app import App
    from textual.screen import Screen
    from textual.widget import Widget

    import bhtui.tui

    ids: set[str] = set()
    for info in pkgutil.walk_packages(bhtui.tui.__path__, "bhtui.tui."):
        module = importlib.import_module(info.name)
        for _, c in inspect.getmembers(module, inspect.isclass):
            if issubclass(c, (Screen, App, Widget)) and c.__module__.startswith("bhtui."):
                ids |= {b.id for b in c.BINDINGS if getattr(b, "id", None)}
    return ids


def test_each_catalogue_holds_its_own_keys_once():
    """A key is defined in one catalogue only: composing two that share one is refused, so
    a game's word never silently replaces the shared screens'."""
    sizes = [len(import_module(name).STRINGS) for name in CATALOGUES]
    assert sum(sizes) == len(STRINGS)
    shared = import_module(CATALOGUES[0]).STRINGS
    with pytest.raises(ValueError, match="'pane.table' is defined by shared and feature"):
        i18n.compose([("shared", shared), ("feature", {"pane.table": {"en": "T", "zh": "桌"}})])
    with pytest.raises(ValueError, match="'new.key' of feature has \\['en'\\]"):
        i18n.compose([("feature", {"new.key": {"en": "only English"}})])
