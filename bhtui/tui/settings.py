"""The rules of a match, chosen before it starts: the preset (←/→) and each of its options,
with a line of explanation in the player's language. On and off are shown as [x] and [ ],
an option of several values as <value>, never by colour alone."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bhtui.rules import PRESETS, RuleSet
from bhtui.rules.presets import option_values
from bhtui.tui.i18n import Translator
from bhtui.tui.widgets import Plain


class SettingsScreen(ModalScreen[RuleSet]):
    """Returns the chosen rules (Enter); Esc keeps them as they were."""

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical { width: 96; max-width: 100%; height: auto; border: thick $primary;
                                background: $surface; padding: 0 1; }
    SettingsScreen .title { text-style: bold; margin-bottom: 1; }
    SettingsScreen OptionList { height: auto; margin: 1 0; }
    """
    BINDINGS = [
        Binding("space", "switch", "Switch", id="settings.switch", priority=True),
        Binding("left", "preset(-1)", "Rule set", id="settings.preset", priority=True),
        Binding("right", "preset(1)", show=False, id="settings.preset_next", priority=True),
        Binding("enter", "done", "Start", id="settings.start", priority=True),
        Binding("escape", "keep", show=False, id="settings.keep"),
    ]

    def __init__(self, t: Translator, rules: RuleSet) -> None:
        super().__init__()
        self.t, self.original, self.rules = t, rules, rules

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t("settings.title"), classes="title")
            yield Plain(t("settings.presets"))
            yield Plain(self._presets_text(), id="presets")
            yield OptionList(*self._options(), id="options")
            yield Plain(t("settings.keys"))

    def _presets_text(self) -> Text:
        """Every preset, the chosen one marked (•) and bold: the choice is not colour alone."""
        text = Text()
        for name in PRESETS:
            chosen = name == self.rules.name
            text.append(("(•) " if chosen else "( ) ") + self.t(f"preset.{name}") + "\n",
                        style="bold" if chosen else "")
        text.rstrip()
        return text

    def _options(self) -> list[Option]:
        if not self.rules.allowed:
            return [Option(Text(self.t("settings.no_options")), id="none", disabled=True)]
        return [Option(self._label(name), id=name) for name in self.rules.allowed]

    def _label(self, name: str) -> Text:
        """Plain text: "[x]" written as a string would be read as markup and vanish."""
        value = getattr(self.rules, name)
        if option_values(name) == (False, True):
            return Text(("[x] " if value else "[ ] ") + self.t(f"option.{name}"))
        return Text(f"<{self.t(f'value.{name}.{value}')}> " + self.t(f"option.{name}"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def action_preset(self, step: int) -> None:
        names = list(PRESETS)
        name = names[(names.index(self.rules.name) + step) % len(names)]
        self.rules = PRESETS[name]
        self.query_one("#presets", Plain).update(self._presets_text())
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = 0

    def action_switch(self) -> None:
        options = self.query_one(OptionList)
        index = options.highlighted
        if index is None or not self.rules.allowed:
            return
        name = self.rules.allowed[index]
        values = option_values(name)  # on/off, or the next of its values
        following = values[(values.index(getattr(self.rules, name)) + 1) % len(values)]
        self.rules = self.rules.with_options(**{name: following})
        options.replace_option_prompt_at_index(index, self._label(name))

    def action_done(self) -> None:
        self.dismiss(self.rules)

    def action_keep(self) -> None:
        self.dismiss(self.original)


def rule_words(t: Translator, rules: RuleSet) -> list[str]:
    """The options a table set otherwise than its preset, in a few words each."""
    words = []
    for name in rules.allowed:
        value = getattr(rules, name)
        if value == getattr(PRESETS[rules.name], name):
            continue
        short = t(f"option.{name}").split(":")[0]
        if value is True:
            words.append(short)
        elif value is False:
            words.append(f"{short} ✗")
        else:
            words.append(f"{short}: {t(f'value.{name}.{value}')}")
    return words
