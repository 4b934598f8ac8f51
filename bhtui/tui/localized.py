"""Screens whose footer speaks the player's language.

Textual builds the footer (and its key panel) from a screen's ``active_bindings``; the
bindings themselves are declared once per class, in English. A ``Localized`` screen
describes each active binding with id X by the string ``key.X`` as its translator says it
(its language, its card style's symbols), there and nowhere else, so the keys and actions
stay as declared and nothing private is edited.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from textual.binding import ActiveBinding, Binding

from bhtui.tui.i18n import STRINGS, Translator


@lru_cache(maxsize=1024)
def described(binding: Binding, t: Translator) -> Binding:
    """``binding`` described by ``t`` (itself when it has no ``key.<id>`` string), and its
    key named in ``t``'s language where Textual names it in English (``keyname.<key>``: the
    Chinese footer said ``space``)."""
    key, name = f"key.{binding.id}", f"keyname.{binding.key}"
    if name in STRINGS and binding.key_display is None:
        binding = dataclasses.replace(binding, key_display=t(name))
    if not binding.id or key not in STRINGS:
        return binding
    return dataclasses.replace(binding, description=t(key))


class Localized:
    """Mixed into a screen, before its Textual screen class (``class X(Localized, Screen)``):
    a mixin, not a screen, so the screen keeps its own base's CSS — a modal's see-through
    background comes from ``ModalScreen`` and Textual follows only the first screen base
    for it. The screen has a translator ``t``; its footer shows its keys in that language."""

    t: Translator

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        active: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        return {key: binding._replace(binding=described(binding.binding, self.t))
                for key, binding in active.items()}
