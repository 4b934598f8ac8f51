"""The rules of a match, chosen before it starts: the preset and each of its options,
with a line of explanation in the player's language. On and off are shown as [x] and [ ],
never by colour alone."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bhtui.rules import RuleSet
from bhtui.tui.i18n import Translator
from bhtui.tui.widgets import Plain


class SettingsScreen(ModalScreen[dict[str, bool]]):
    """Returns the chosen options (Enter); Esc keeps them as they were."""

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical { width: 78; height: auto; border: thick $primary;
                                background: $surface; padding: 0 1; }
    SettingsScreen .title { text-style: bold; margin-bottom: 1; }
    SettingsScreen OptionList { height: auto; margin: 1 0; }
    """
    BINDINGS = [
        Binding("space", "switch", "Switch", id="settings.switch", priority=True),
        Binding("enter", "done", "Start", id="settings.start", priority=True),
        Binding("escape", "keep", show=False, id="settings.keep"),
    ]

    def __init__(self, t: Translator, rules: RuleSet) -> None:
        super().__init__()
        self.t, self.rules = t, rules
        self.values = rules.options()

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t("settings.title"), classes="title")
            yield Plain(t("settings.preset", name=t(f"preset.{self.rules.name}")))
            yield OptionList(*[Option(self._label(name), id=name) for name in self.values])
            yield Plain(t("settings.keys"))

    def _label(self, name: str) -> Text:
        """Plain text: "[x]" written as a string would be read as markup and vanish."""
        return Text(("[x] " if self.values[name] else "[ ] ") + self.t(f"option.{name}"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def action_switch(self) -> None:
        options = self.query_one(OptionList)
        index = options.highlighted
        if index is None or not self.values:
            return
        name = list(self.values)[index]
        self.values[name] = not self.values[name]
        options.replace_option_prompt_at_index(index, self._label(name))

    def action_done(self) -> None:
        self.dismiss(dict(self.values))

    def action_keep(self) -> None:
        self.dismiss(self.rules.options())
