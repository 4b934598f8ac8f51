"""The Textual app: a local host with four bots, joined by this terminal as seat 0."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from bhtui.net.local import join, local_table
from bhtui.rules import RuleSet
from bhtui.store.config import Config
from bhtui.tui.cardstyle import CARD_VARIABLES, CardStyle
from bhtui.tui.dialogs import HelpScreen, QuitScreen
from bhtui.tui.i18n import Translator, translate_bindings
from bhtui.tui.table import TableScreen
from bhtui.tui.themes import DEFAULT_THEME, load_themes


class BhtuiApp(App[None]):
    TITLE = "bhtui"
    BINDINGS = [
        # Priority: these work over every dialog too (modal screens cut ordinary bindings).
        Binding("question_mark,f1", "help", "Help", id="help", priority=True),
        Binding("ctrl+q", "quit_game", "Quit", id="quit", priority=True),
        Binding("ctrl+t", "next_theme", "Theme", id="theme", priority=True),
    ]

    def __init__(self, config: Config, rules: RuleSet | str = "qingdao", seed: int = 1,
                 rounds: int | None = None, warnings: list[str] | None = None) -> None:
        super().__init__()
        self.config = config
        self.rules, self.seed, self.rounds = rules, seed, rounds
        self.t = Translator(config.language)
        self.card_style = CardStyle(config.resolved_card_style(), config.four_colour)
        self.startup_warnings = list(warnings or [])
        self.theme_names: list[str] = []
        translate_bindings(self._bindings, self.t)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(CARD_VARIABLES)

    def on_mount(self) -> None:
        themes, problems = load_themes()
        for theme in themes:
            self.register_theme(theme)
        self.theme_names = [t.name for t in themes]
        wanted = self.config.theme
        if wanted not in self.theme_names:
            problems.append(f"theme {wanted!r} not found; using {DEFAULT_THEME}")
            wanted = DEFAULT_THEME if DEFAULT_THEME in self.theme_names else "textual-dark"
        self.theme = wanted
        for warning in [*self.startup_warnings, *problems]:
            self.notify(warning, severity="warning", timeout=8)
        self.title = self.t("title")
        table = local_table(self.rules, self.seed, self.config.name, self.config.bot_delay,
                            self.rounds)
        self.host = table
        client, self.link = join(table, self.config.name)
        self.client = client
        self.push_screen(TableScreen(client, self.t, self.card_style))
        self.run_worker(client.run(), exclusive=True, name="client")

    def action_next_theme(self) -> None:
        if self.theme_names:
            index = self.theme_names.index(self.theme) if self.theme in self.theme_names else -1
            self.theme = self.theme_names[(index + 1) % len(self.theme_names)]
            self.notify(f"theme: {self.theme}", timeout=2)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        else:
            self.push_screen(HelpScreen(self.t))

    def action_quit_game(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.exit()

        self.push_screen(QuitScreen(self.t), answered)
