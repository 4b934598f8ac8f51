"""Every key a screen or dialog shows in its footer has its words in both languages: a
binding shown without a ``key.<id>`` text stays in the words it was declared in (a Chinese
joiner saw ``1 Bid 1 … p No bid``, an English one ``y 摊打``). Walks every screen class of
the app, so the next dialog cannot slip."""

from __future__ import annotations

import importlib
import pkgutil

from textual.app import App
from textual.screen import Screen

import bhtui.tui
from bhtui.tui.i18n import STRINGS


def screen_classes() -> list[type]:
    """Every screen and dialog of bhtui, and its app (whose keys every footer shows too)."""
    for module in pkgutil.walk_packages(bhtui.tui.__path__, "bhtui.tui."):
        importlib.import_module(module.name)
    found: set[type] = set()
    todo: list[type] = [Screen, App]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("bhtui."):
                found.add(sub)
    return sorted(found, key=lambda c: c.__qualname__)


def test_every_shown_key_of_every_screen_has_its_words_in_english_and_chinese():
    classes = screen_classes()
    assert any(c.__name__ == "BidDialog" for c in classes)  # the walk reaches the games' dialogs
    missing = []
    for cls in classes:
        for binding in cls._merge_bindings().key_to_bindings.values():
            for b in binding:
                if not b.show or not b.description:
                    continue
                words = STRINGS.get(f"key.{b.id}", {})
                if not (words.get("en") and words.get("zh")):
                    missing.append(f"{cls.__qualname__}: {b.key} {b.description!r} (id {b.id})")
    assert not missing, "\n".join(sorted(set(missing)))
