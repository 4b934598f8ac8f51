"""The player's own settings (F2): name, language, theme, cards, timer, bell, auto-pass,
sorting, the bots' level and that of 托管 and hints — saved to the settings file, whose
place the title says (the keys are rebound there), so they stick. Values are words and
[x]/[ ] marks, never colour alone."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from bhtui.net.protocol import MAX_NAME
from bhtui.store.config import (
    CARD_STYLES,
    LANGUAGES,
    LEVELS,
    SORTS,
    Config,
    config_path,
    read_toml,
    shown_path,
)
from bhtui.tui.i18n import STRINGS, Translator
from bhtui.tui.modal import Dialog
from bhtui.tui.widgets import Field, Footer, Plain

CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "card_style": ("", *CARD_STYLES),
    "four_colour": (False, True),
    "timer": (0.0, 15.0, 30.0, 45.0, 60.0, 90.0),
    "result_seconds": (2.0, 3.0, 5.0, 8.0, 12.0),
    "bot_delay": (0.0, 0.3, 0.6, 1.0, 1.5),
    "auto_pass": (True, False),
    "bell": (True, False),
    "sort": SORTS,
    "bots": LEVELS,
    "assist": LEVELS,
}
"""Each setting's values, in the order ←/→ go through them (the theme's come from the app)."""

FLAGS = {"name": "--name", "language": "--lang", "theme": "--theme", "card_style": "--cards",
         "bot_delay": "--fast"}
"""The command-line flag that sets each setting for one run (``bhtui.cli._settings``): the
box names it beside the file's value, which is the one the next start takes."""

DRAWN = ("language", "card_style", "four_colour")
"""The settings every screen is drawn in: a local player's take effect at his next start, a
door's visitor's at once (``BhtuiApp.speak_again``), as his visit has no next start."""


class Draft(NamedTuple):
    """The settings as changed in a box not yet saved, and the row it was on: what the box
    opened again shows."""

    config: Config
    row: int | None


class PreferencesScreen(Dialog[Config | None]):
    """Returns the changed settings (ctrl+s), or None (Esc) to keep them as they were."""

    ASIDE = True

    BINDINGS = [
        Binding("left", "step(-1)", show=False, id="prefs.prev"),
        Binding("right,space", "step(1)", "Change", id="prefs.change"),
        Binding("ctrl+s", "save", "Save", id="prefs.save", priority=True),
        Binding("escape", "cancel", "Cancel", id="prefs.cancel"),
    ]

    def __init__(self, t: Translator, config: Config, themes: list[str],
                 draft: Draft | None = None, flagged: dict[str, Any] | None = None) -> None:
        """``config``: the values the box shows and changes — the settings file's, which the
        next start takes; ``flagged``: the values this run's flags set instead, each named
        beside the file's ("Language (next start): Chinese · English now (--lang)"). Shown
        the run's value, the box said English would be next, and choosing English again
        saved nothing: it was no change from what it showed. ``draft``: the changes of a box
        closed unsaved, shown again over ``config``."""
        super().__init__(t)
        self.config = dataclasses.replace(draft.config if draft is not None else config)
        self.flagged = dict(flagged or {})
        self.choices = {"theme": tuple(themes) or (config.theme,), **CHOICES}
        self._row = draft.row if draft is not None else None

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t(self._title(), path=shown_path(config_path())), classes="title")
            yield Plain(self._name_label())
            yield Field(self.config.name, max_length=MAX_NAME, id="prefs-name")
            yield OptionList(*[Option(self._label(k), id=k) for k in self.choices], id="prefs")
            yield Plain(t("prefs.keys"))

    def _title(self) -> str:
        """Where the settings go — or that they are for this run, over a file bhtui cannot
        read and so never writes over (its title said "saved to" all the same), or for a
        door's visitor this visit (the path was one in his folder on the door's machine)."""
        if self._visitor():
            return "prefs.title_visit"
        try:
            read_toml(config_path())
        except FileNotFoundError:
            return "prefs.title"  # (made by the first save)
        except OSError:
            return "prefs.title_unsaved"
        return "prefs.title"

    def _name_label(self) -> str:
        """The name field's label; under ``--name``, the name this run plays as besides."""
        if self._visitor():
            return self.t("visit.prefs.name")
        if self._flag_differs("name"):
            return self.t("prefs.name_flag", now=self.flagged["name"], flag=FLAGS["name"])
        return self.t("prefs.name")

    def _flag_differs(self, key: str) -> bool:
        """Whether this run uses a flag's value for ``key``, other than the box's."""
        return key in self.flagged and self.flagged[key] != getattr(self.config, key)

    def _visitor(self) -> bool:
        """A door's visitor's settings (``BhtuiApp.visitor``): his visit has no next start."""
        return bool(getattr(self.app, "visitor", False))

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        if self._row is not None:
            options.highlighted = self._row
        self.call_after_refresh(self._fit_list)

    def draft(self) -> Draft:
        """The settings as changed so far, the name typed too, and the row the list is on."""
        name = self.query_one("#prefs-name", Input).value.strip()[:MAX_NAME]
        changed = dataclasses.replace(self.config, name=name or self.config.name)
        return Draft(changed, self.query_one(OptionList).highlighted)

    def on_resize(self, event: Resize) -> None:  # (Dialog's own runs too: Textual calls both)
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """The settings' list as tall as the screen lets it be beside the box's other lines:
        at most 12 rows (every box's list) hid two settings inside a 40-row screen. Its
        title, name and keys stay in sight; a screen too low for every setting scrolls the
        list (a long settings path makes the title two lines)."""
        if not self.is_attached:
            return
        box, options = self.query_one(Vertical), self.query_one(OptionList)
        room = self.size.height - sum(f.outer_size.height for f in self.query(Footer))
        rest = box.styles.gutter.height + sum(w.outer_size.height + w.styles.margin.height
                                              for w in box.children if w is not options)
        options.styles.max_height = max(3, room - rest)

    def _value(self, key: str, value: Any) -> str:
        """The setting's value in the screen's language ("毛毡", "5 秒", "按点数"); the file
        keeps its own word ("felt"). A theme of the player's own is shown by its name."""
        if isinstance(value, bool):
            return "[x]" if value else "[ ]"
        if key in ("timer", "result_seconds", "bot_delay"):
            return self.t("prefs.off") if key == "timer" and not value else self.t(
                "prefs.seconds", n=f"{value:g}")
        if key == "card_style" and not value:
            return self.t("prefs.by_language")
        if key in ("bots", "assist"):
            return self.t(f"level.{value}")
        return value_word(self.t, key, value)

    def _label(self, key: str) -> Text:
        now = key in DRAWN and self._visitor()
        name = self.t(f"visit.prefs.{key}" if now else f"prefs.{key}")
        value = self._value(key, getattr(self.config, key))
        if self._flag_differs(key):
            return Text(self.t("prefs.item_flag", name=name, value=value, flag=FLAGS[key],
                               now=self._value(key, self.flagged[key])))
        return Text(self.t("prefs.item", name=name, value=value))

    def action_step(self, step: int) -> None:
        options = self.query_one(OptionList)
        if not options.has_focus or options.highlighted is None:
            return
        key = list(self.choices)[options.highlighted]
        values = self.choices[key]
        current = getattr(self.config, key)
        index = values.index(current) if current in values else -1
        setattr(self.config, key, values[(index + step) % len(values)])
        options.replace_option_prompt_at_index(options.highlighted, self._label(key))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_step(1)

    def action_save(self) -> None:
        self.dismiss(self.draft().config)

    def action_cancel(self) -> None:
        self.dismiss(None)


def value_word(t: Translator, key: str, value: object) -> str:
    """A setting's word value as the screens name it ("high contrast" for the file's
    "contrast"): ctrl+t said "theme: contrast" where F2 said "high contrast"."""
    words = f"prefs.{key}.{value}"
    return t(words) if words in STRINGS else str(value)
