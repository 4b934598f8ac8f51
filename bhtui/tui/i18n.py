"""Every string the screens show, in English and simplified Chinese, composed from catalogues.

Each catalogue is a module with one ``STRINGS`` table (key → {"en": …, "zh": …}): the shared
screens' (``tui/texts.py``) and each game's beside its screens (``tui/baohuang/texts.py``,
``tui/doudizhu/texts.py``). A feature that brings words of its own adds its module to
``CATALOGUES``; a key is defined in one catalogue only, in both languages (checked here, when
the table is composed), and ``tests/tui/test_i18n_keys.py`` checks that every key the code
asks for is defined and every key defined is asked for.

The rules' refusals are the one text that comes in English from elsewhere: the host sends the
engine's own words. A catalogue translates those a screen can meet under ``refused.rules.``
followed by the engine's English words as the msgid (``{field}`` where they vary), so the
engines stay as they are; ``Translator.reason`` finds the msgid a refusal matches.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from string import Formatter
from typing import Any

LANGUAGES = ("en", "zh")
Catalogue = dict[str, dict[str, str]]

CATALOGUES = ("bhtui.tui.texts", "bhtui.tui.baohuang.texts", "bhtui.tui.doudizhu.texts",
              "bhtui.tui.analysis_texts", "bhtui.tui.visit_texts")
"""The modules whose ``STRINGS`` make the table, shared first."""


def compose(catalogues: Iterable[tuple[str, Catalogue]]) -> Catalogue:
    """One table of every catalogue's keys; ValueError names a key defined twice or an entry
    without both languages (a gap would show the key itself on the screen)."""
    table: Catalogue = {}
    owner: dict[str, str] = {}
    for name, catalogue in catalogues:
        for key, entry in catalogue.items():
            if key in table:
                raise ValueError(f"i18n key {key!r} is defined by {owner[key]} and {name}")
            if set(entry) != set(LANGUAGES):
                raise ValueError(f"i18n key {key!r} of {name} has {sorted(entry)}, "
                                 f"not {list(LANGUAGES)}")
            table[key], owner[key] = entry, name
    return table


STRINGS: Catalogue = compose((name, import_module(name).STRINGS) for name in CATALOGUES)

RULES_WORDS = "refused.rules."
"""The prefix of the keys of the rules' refusals; the rest of such a key is the engine's words."""


def msgid_pattern(msgid: str, fields: Mapping[str, str] | None = None) -> re.Pattern[str]:
    """The texts ``msgid`` stands for: its words as written, each ``{field}`` any text, or
    what ``fields`` lets a field of that name hold (a regular expression)."""
    parts = []
    for words, field, _, _ in Formatter().parse(msgid):
        parts.append(re.escape(words))
        if field is not None:
            parts.append(f"(?P<{field}>{(fields or {}).get(field, '.+?')})")
    return re.compile("".join(parts))


REASONS = [(msgid, msgid_pattern(msgid)) for msgid in
           (key.removeprefix(RULES_WORDS) for key in STRINGS if key.startswith(RULES_WORDS))]
"""Each msgid of a rules' refusal, with the texts it matches."""


KEY_WORDS = {"key_pass": "p", "key_auto": "t", "key_problems": "F3", "key_hint": "h",
             "key_play": "⏎"}
"""The keys the texts name ("pass (p)") as bound by default, by binding id; the app puts the
player's own keys (the settings' [keys]) in their place."""


class Translator:
    """Strings of one language; unknown keys show themselves so a gap is visible, not fatal."""

    def __init__(self, language: str, plain: Callable[[str], str] | None = None) -> None:
        self.language = language if language in ("en", "zh") else "en"
        self.keys = dict(KEY_WORDS)
        self.plain: Callable[[str], str] = plain or str
        """The card style's ``plain``: the ascii style's stand-ins for the symbols (and, in
        English, the Chinese terms) of every text; a screen's own symbols go through it too."""

    def __call__(self, key: str, **values: Any) -> str:
        entry = STRINGS.get(key)
        if entry is None:
            return key
        keys = {name: self.plain(key) for name, key in self.keys.items()}  # ⏎ is "enter"
        return self.plain(entry[self.language]).format(**{**keys, **values})

    def reason(self, said: str) -> str:
        """A rules' refusal (the engine's English words, as the host sent them) in this
        language, the values it names carried over; as sent when no msgid matches it."""
        for msgid, pattern in REASONS:
            found = pattern.fullmatch(said)
            if found:
                return self(f"refused.rules.{msgid}", **found.groupdict())
        return said

    def join(self, words: Iterable[str], clauses: bool = False) -> str:
        """A list as this language writes one: "Li, Wang"; "李、王" (clauses: "…，…")."""
        return self.separator(clauses).join(words)

    def separator(self, clauses: bool = False) -> str:
        """What goes between the items of a list (``join``)."""
        return ", " if self.language == "en" else "，" if clauses else "、"

    def place(self, place: int | None) -> str:
        return self(f"place.{place}") if place else ""


class Reworded(Translator):
    """A translator saying some keys in other words (``words``: key → the key said instead):
    a log line of a choice a bot made for my seat, whose own words would make the bot what
    I became ("A bot for you is emperor")."""

    def __init__(self, t: Translator, words: Mapping[str, str]) -> None:
        super().__init__(t.language, t.plain)
        self.keys, self.words = t.keys, words

    def __call__(self, key: str, **values: Any) -> str:
        return super().__call__(self.words.get(key, key), **values)
