"""The rules of a match, chosen before it starts: the game and preset (←/→) and each of its
options, with a line of explanation in the player's language. On and off are shown as [x] and
[ ], an option of several values as <value>, never by colour alone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bhtui.games import GAMES, Game, rules_in
from bhtui.tui.i18n import STRINGS, Translator
from bhtui.tui.modal import LIST_CURSOR, Dialog
from bhtui.tui.widgets import Plain

PRESET_NAME = re.compile(r" ?[(（]")
"""Where a preset's name ends and its description in brackets begins ("Qingdao (the
classic…)", "青岛（经典…）")."""


def preset_title(t: Translator, name: str) -> str:
    """A preset's name as the settings screen lists it ("Qingdao", "青岛"), without what
    its brackets say."""
    return PRESET_NAME.split(t(f"preset.{name}"), maxsplit=1)[0]


class RuleOptions(OptionList):
    """The options list, measured again when its scrollbar comes or goes. Textual measures
    each option's height as it is added and again only on a resize; a longer rule set's
    options (←/→) bring a scrollbar two columns wide without one, and an option wrapping only
    in the narrower list drew its first line alone ("<w1>") until the terminal was resized."""

    def watch_show_vertical_scrollbar(self) -> None:
        self._clear_caches()


class Marked:
    """An option's mark ([x], [ ], <value>) and its words beside it, wrapping under
    themselves. Written as one text, a run of Chinese (no space to break it at) went whole
    to the next line and left the mark alone on its own. Both are plain text: "[x]" read as
    markup would vanish."""

    def __init__(self, mark: str, words: str) -> None:
        self.mark, self.words = mark, words

    def __str__(self) -> str:
        return f"{self.mark} {self.words}"

    def _grid(self) -> Table:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row(Text(self.mark), Text(self.words))
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._grid()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._grid())


class SettingsScreen(Dialog[tuple[Game, Any] | None]):
    """Returns the chosen game and rules (Enter), or None (Esc): nothing is chosen. A table
    offers its own game's presets; before a local match (``every_game``) any game's, and Esc
    there leaves bhtui — it started the match it had been left on, Qingdao, whatever game
    and rule set the player had picked."""

    BINDINGS = [
        *LIST_CURSOR,
        Binding("space", "switch", "Switch", id="settings.switch", priority=True),
        Binding("left", "preset(-1)", "Rule set", id="settings.preset", priority=True),
        Binding("right", "preset(1)", show=False, id="settings.preset_next", priority=True),
        # Enter starts the match before one; in a waiting room it only sets the rules.
        Binding("enter", "done(True)", "Start", id="settings.start", priority=True),
        Binding("enter", "done(False)", "Apply", id="settings.apply", priority=True),
        # Esc says what it does: before a local match there is nothing to go back to.
        Binding("escape", "leave(True)", "Quit", id="settings.quit"),
        Binding("escape", "leave(False)", "Back", id="settings.back"),
    ]

    def __init__(self, t: Translator, game: Game, rules: Any, every_game: bool = False) -> None:
        super().__init__(t)
        self.game, self.rules = game, rules
        games = list(GAMES.values()) if every_game else [game]
        self.choices = [(g, name) for g in games for name in g.presets]
        self.every_game = every_game
        self.switched: dict[str, Any] = {}
        """The options the player switched here: kept across rule sets that have them too
        (a quit penalty set to 10 went back to 0 on a look at the next set and back)."""

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Plain(t("settings.title"), classes="title")
            yield Plain(t("settings.presets"))
            yield Plain(self._presets_text(), id="presets")
            yield RuleOptions(*self._options(), id="options")
            yield Plain(t("settings.keys", enter=t(
                "settings.enter_start" if self.every_game else "settings.enter_apply"), leave=t(
                "settings.leave_quit" if self.every_game else "settings.leave_back")))

    def _presets_text(self) -> Text:
        """Every preset, the chosen one marked (•) and bold: the choice is not colour alone.
        Offered across games, each is named with its game. Only the chosen one says what it
        is: eight described sets outgrew 80×24 and pushed the title out of sight."""
        text = Text()
        for game, name in self.choices:
            chosen = game is self.game and name == self.rules.name
            words = self.t(f"preset.{name}") if chosen else preset_title(self.t, name)
            if self.every_game:
                words = self.t.plain(f"{self.t(f'game.{game.name}')} · {words}")
            text.append(self.t.plain("(•) " if chosen else "( ) ") + words + "\n",
                        style="bold" if chosen else "")
        text.rstrip()
        return text

    def _names(self) -> list[str]:
        return list(self.rules.options())

    def _options(self) -> list[Option]:
        if not self._names():
            return [Option(Text(self.t("settings.no_options")), id="none", disabled=True)]
        return [Option(self._label(name), id=name) for name in self._names()]

    def _label(self, name: str) -> Marked:
        value = self.rules.options()[name]
        if self.game.option_values(self.rules, name) == (False, True):
            mark = "[x]" if value else "[ ]"
        else:
            mark = f"<{value_words(self.t, name, value)}>"
        return Marked(mark, self.t(f"option.{name}"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def action_preset(self, step: int) -> None:
        here = next(i for i, (g, name) in enumerate(self.choices)
                    if g is self.game and name == self.rules.name)
        self.game, name = self.choices[(here + step) % len(self.choices)]
        self.rules = self.game.rules(name)
        for option, value in self.switched.items():
            if option in self.rules.options():
                try:
                    self.rules = self.rules.with_options(**{option: value})
                except ValueError:
                    pass  # a value this rule set's option does not take: its own stays
        self.query_one("#presets", Plain).update(self._presets_text())
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = 0

    def action_switch(self) -> None:
        options = self.query_one(OptionList)
        index, names = options.highlighted, self._names()
        if index is None or not names:
            return
        name = names[index]
        values = self.game.option_values(self.rules, name)  # on/off, or the next value
        current = self.rules.options()[name]
        following = values[(values.index(current) + 1) % len(values)] if current in values \
            else values[0]
        self.rules = self.rules.with_options(**{name: following})
        if following == self.game.rules(self.rules.name).options()[name]:
            self.switched.pop(name, None)  # back as the rule set has it: nothing to carry
        else:
            self.switched[name] = following
        options.replace_option_prompt_at_index(index, self._label(name))

    def action_done(self, _starting: bool) -> None:
        self.dismiss((self.game, self.rules))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Enter's and Esc's bindings for where the screen was opened (its footer names
        those)."""
        return super().check_action(action, parameters) and (
            action not in ("leave", "done") or parameters[0] == self.every_game)

    def action_leave(self, quitting: bool) -> None:
        self.dismiss(None)


def value_words(t: Translator, name: str, value: Any) -> str:
    """An option's value in words (``bombs=rank4plus``), or as it is (a base score)."""
    key = f"value.{name}.{value}"
    return t(key) if key in STRINGS else str(value)


def rule_words(t: Translator, room: Mapping[str, Any]) -> list[str]:
    """The options a table (a room or a view: game, preset, options) set otherwise than its
    preset, in a few words each."""
    try:
        game, rules = rules_in(room)
        changed = game.changed_options(rules)
    except (ValueError, TypeError):
        return []  # a host of a newer bhtui: its words are not ours
    return [option_words(t, name, value) for name, value in changed.items()]


def option_words(t: Translator, name: str, value: Any) -> str:
    """One option set otherwise than its preset, in a few words ("烤牌", "逼位 ✗",
    "Bombs: four or more…"); an option this bhtui does not know (a newer host's, as the
    lobby hears it) as it came."""
    if f"option.{name}" not in STRINGS:
        return name if value is True else f"{name}={value}"
    short = re.split("[:：]", t(f"option.{name}"), maxsplit=1)[0]  # (Chinese has its own)
    if value is True:
        return short
    if value is False:
        return f"{short} ✗"
    return f"{short}: {value_words(t, name, value)}"
