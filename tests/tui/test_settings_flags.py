"""Command-line flags are for one run: a setting the player saves (o, ctrl+t, F2) writes that
choice and keeps the settings file's other values, never ``--lang``, ``--theme`` or ``--fast``.
Each test starts the app as the ``bhtui`` command does (its own argument handling) and reads
the file back."""

from __future__ import annotations

import functools
import json
import tomllib
import unicodedata

from bhtui.cli import _run, build_parser, make_app
from bhtui.store.config import config_path
from bhtui.tui.app import BhtuiApp
from bhtui.tui.preferences import PreferencesScreen
from bhtui.tui.sessions import LocalSession

from tui_helpers import my_play_turn, wait_for

FILE = 'name = "Ana"\nlanguage = "zh"\ntheme = "light"\nbot_delay = 0.6\nsort = "rank"\n'


def started(*argv: str) -> BhtuiApp:
    """``bhtui ARGV`` as the command opens it: the settings file, then its flags."""
    return make_app(build_parser().parse_args(list(argv)), LocalSession(seed=3, rounds=1))


def saved() -> dict:
    return tomllib.loads(config_path().read_text(encoding="utf-8"))


async def test_sorting_with_o_saves_the_sort_and_not_the_lang_theme_or_fast_flags():
    config_path().parent.mkdir(parents=True)
    config_path().write_text(FILE)
    app = started("--lang", "en", "--theme", "dark", "--fast", "--name", "Bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)  # quickly: --fast is in force for this run
        config = app.config
        assert (config.language, config.theme, config.bot_delay, config.name) == (
            "en", "dark", 0.0, "Bob")
        assert app.theme == "dark" and app.t("prefs.saved") == "Settings saved"
        await pilot.press("o")
        await wait_for(pilot, lambda: saved()["sort"] == "size", "the sort saved")
        # (it was saved without a word: the note says so, as F2 does)
        assert app.screen.status.startswith("Hand sorted by group size")
        assert "Settings saved" in app.screen.status
    assert {k: saved()[k] for k in ("name", "language", "theme", "bot_delay")} == {
        "name": "Ana", "language": "zh", "theme": "light", "bot_delay": 0.6}


async def test_a_mistyped_theme_flag_is_not_saved_by_f2_and_the_next_start_has_no_warning():
    config_path().parent.mkdir(parents=True)
    config_path().write_text(FILE)
    app = started("--theme", "neon", "--fast")
    async with app.run_test(size=(80, 24)) as pilot:
        # The warning shows for 8 s from the start: looked for at once, not after a turn that
        # a loaded machine may take longer than that to reach.
        await wait_for(pilot, lambda: any("没有 'neon' 这个主题" in n.message  # (FILE: zh)
                                          for n in app._notifications), "the theme warning")
        await my_play_turn(pilot, app)  # the table, no dialog over it
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        title = str(app.screen.query_one(".title").render())
        assert str(config_path()) in title  # where to find it (its [keys] are edited there)
        options = app.screen.query_one("OptionList")
        options.highlighted = [o.id for o in options._options].index("bell")
        await pilot.press("space", "ctrl+s")  # the one setting the player changed
        await wait_for(pilot, lambda: "bell" in saved(), "the settings saved")
        assert app.config.bell is False and app.config.bot_delay == 0.0  # --fast holds on
    file = saved()
    assert (file["bell"], file["theme"], file["bot_delay"], file["language"]) == (
        False, "light", 0.6, "zh")
    again = started()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "light" and again.config.bell is False
        assert not any("not found" in n.message for n in again._notifications)


async def test_a_flagged_setting_the_player_changes_in_f2_or_with_ctrl_t_is_saved():
    """The player's own choice wins over this run's flag, and only that setting is written."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text(FILE)
    app = started("--fast", "--lang", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: "theme" in saved() and saved()["theme"] == app.theme,
                       "the theme saved")
        assert app.theme == "contrast"  # (the one after light)
        # F2's name for it (ctrl+t said "theme: contrast"), and that it is saved (it said not)
        said = [n.message for n in app._notifications]
        assert "Theme: high contrast — Settings saved" in said, said
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        options = app.screen.query_one("OptionList")
        options.highlighted = [o.id for o in options._options].index("bot_delay")
        await pilot.press("right", "ctrl+s")  # the file's 0.6 s (0 s now: --fast) → 1 s
        await wait_for(pilot, lambda: saved()["bot_delay"] == 1.0, "the delay saved")
        assert app.config.bot_delay == 1.0 and app.config.language == "en"
    assert saved()["language"] == "zh"


async def test_f2_shows_the_next_starts_values_and_saves_the_language_chosen_back():
    """F2 over ``--lang en --theme dark`` said "Language (next start): English" with
    "zh" in the file; choosing Chinese and English again then saved nothing ("Settings
    saved", the file still "zh"): it was no change from what the box showed. The box shows
    the file's values, the flag's beside them, and saves the player's last choice."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text(FILE)
    app = started("--lang", "en", "--theme", "dark", "--fast", "--name", "Bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        labels = [str(plain.render()) for plain in app.screen.query("Vertical > Plain")]
        assert "Your name at the table (next start; Bob now, from --name):" in labels
        assert app.screen.query_one("#prefs-name").value == "Ana"
        options = app.screen.query_one("OptionList")

        def row(key: str) -> str:
            return str(options.get_option(key).prompt)

        assert row("language") == "Language (next start): Chinese · English now (--lang)"
        assert row("theme") == "Theme: light · dark now (--theme)"
        assert row("bot_delay") == "Bots wait (next match): 0.6 s · 0 s now (--fast)"
        options.highlighted = [o.id for o in options._options].index("language")
        await pilot.press("space")
        assert row("language") == "Language (next start): English"
        await pilot.press("space", "space", "ctrl+s")  # Chinese, then English again
        await wait_for(pilot, lambda: saved().get("language") == "en", "English saved")
        assert app.config.language == "en" and app.theme == "dark" and app.config.name == "Bob"
    assert (saved()["theme"], saved()["bot_delay"], saved()["name"]) == ("light", 0.6, "Ana")


async def test_without_a_settings_file_a_flag_is_still_not_saved():
    app = started("--theme", "dark", "--fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("o")
        await wait_for(pilot, config_path().exists, "the settings file")
    assert saved() == {"sort": "size"}  # the choice alone: no flag, no default frozen in it


BROKEN = ('name = "Ana"\nlanguage = "en"\nbot_delay = 0.0\ncolour = "blue"\ntheme = 7\n'
          'timer = -5\nsort = "suit"\nbell = "yes"\nresult_seconds = "long"\nfour_colour = 2\n'
          'card_style = "fancy"\n[keys]\npass = "enter"\nhint = 5\nauto = "ctrl+zz"\n')
"""A settings file with eleven problems: nine values, two keys."""


async def test_every_problem_with_the_settings_can_be_read_at_80x24():
    """A file with several problems showed three of them as toasts, piled over the settings
    screen, and a fourth only counting the rest ("bhtui prints them all when it ends"): those
    could not be read while bhtui ran. One toast inside the screen now says how many there
    are and which key lists them; the list shows each in full (long paths no longer push its
    last lines out of the box), in a box inside 80x24, scrolled by the keys it names."""
    from textual.containers import VerticalScroll
    from textual.geometry import Region

    from bhtui.tui.settings import SettingsScreen
    from bhtui.tui.widgets import Prose

    from tui_helpers import strips

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(BROKEN, encoding="utf-8")
    app = make_app(build_parser().parse_args([]), LocalSession(seed=3, ask_rules=True))
    screen = Region(0, 0, 80, 24)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                       and app.screen.query("Toast"), "the settings screen and its toast")
        toasts = [(toast.region, str(toast.render())) for toast in app.screen.query("Toast")]
        assert all(screen.contains_region(region) for region, _ in toasts), toasts
        assert ["11 problems" in words and "F3" in words for _, words in toasts] == [True]
        from bhtui.tui.dialogs import ProblemsScreen  # (which F3 opens)

        problems = app.warnings
        assert len(problems) == 11
        await pilot.press("f3")
        await wait_for(pilot, lambda: isinstance(app.screen, ProblemsScreen), "the list")
        listed = app.screen
        scroll, prose = listed.query_one(VerticalScroll), listed.query_one(Prose)

        def shown() -> str:
            return "".join(strip.text for strip in strips(prose)).replace(" ", "")

        await wait_for(pilot, lambda: all(p.replace(" ", "") in shown() for p in problems),
                       "every problem in full")
        assert screen.contains_region(listed.query_one("Vertical").region)
        assert scroll.max_scroll_y > 0  # more than the box shows: PgDn brings the rest
        while scroll.scroll_y < scroll.max_scroll_y:
            before = scroll.scroll_y
            await pilot.press("pagedown")
            await wait_for(pilot, lambda: scroll.scroll_y > before, "the list scrolled")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")


async def test_the_problems_are_listed_in_the_player_s_language():
    """A player whose settings chose Chinese read every problem with them in English, in the
    toast and under F3."""
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(BROKEN.replace('"en"', '"zh"'), encoding="utf-8")
    app = started("--theme", "felt2", "--fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        listed = "\n".join(app.warnings)
        for said in ("theme = 7 不是文本；改用 'felt'", "没有 'colour' 这个设置，已略过",
                     "timer = -5 不是 0 到 600 之间的秒数", "没有 'felt2' 这个主题；改用 felt",
                     "keys.auto = 'ctrl+zz'：ctrl+zz 不是终端能发出的按键",
                     "keys.hint = 5 不是按键列表"):
            assert said in listed
        assert not any(words in listed for words in (" is not ", "using", "ignored", "kept"))
        await pilot.press("f3")
        await wait_for(pilot, lambda: "不是文本" in str(app.screen.query_one("Prose").render()),
                       "the list in Chinese")


async def test_a_warning_that_quotes_brackets_is_shown_as_written():
    """The first warning's toast took its text as Textual markup, so what a warning quotes
    from the settings or the command line ("[red]", a path with brackets) was read as
    styles, not shown. It is plain text now."""
    app = started("--theme", "[/x][red]", "--fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("'[/x][red]' not found" in n.message and not n.markup
                                          for n in app._notifications), "the plain warning")
        await my_play_turn(pilot, app)


HOSTILE = "\x1b]2;PWNED\x07\u202e"  # the window's title set, then right to left


def test_the_name_flag_is_cleaned_as_a_table_cleans_a_name():
    """--name reached the screen as given: a right-to-left override turned the names after it
    around (the table cleans the name a hello brings; the command line's was never cleaned)."""
    assert started("--name", f"Ana{HOSTILE}Li").config.name == "AnaLi"


def test_the_problems_printed_at_exit_let_no_control_character_through(capsys, monkeypatch):
    """A [keys] id and a user theme's file name, printed as they were when the app ended:
    the escape sequence in them set the terminal's title. Each is said, cleaned."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text(f"[keys]\n{json.dumps('up' + HOSTILE)} = \"x\"\n")
    (config_path().parent / "themes").mkdir()
    (config_path().parent / "themes" / f"{HOSTILE}x.toml").write_text("not toml [")
    app = started("--fast")

    async def leave(pilot: object) -> None:
        app.exit()

    # (run by _run as the command runs it, headless: no terminal here)
    monkeypatch.setattr(app, "run", functools.partial(BhtuiApp.run, app, headless=True,
                                                      auto_pilot=leave))
    _run(app)
    said = capsys.readouterr().err
    assert "keys.up: no key has that id" in said and "theme x.toml skipped" in said
    kept = app.session.kept()  # its farewell, last: the match dealt is not over
    assert said.rstrip().endswith(f"bhtui: this game is saved in {kept}: to play it on, run "
                                  f"bhtui replay {kept}, press End (its last move), then p "
                                  "(play on)")
    assert [c for c in said if c != "\n" and unicodedata.category(c) in ("Cc", "Cf")] == []


async def test_f2_on_a_settings_file_it_cannot_write_over_says_so_and_not_saved():
    """The file had a typo, so F2's choice is for this run only: its title said "saved to"
    and the toast "Settings saved — Settings not saved: … is unreadable". Both say the
    settings are for this run now."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text('name = "Li\n')
    app = started("--fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        title = str(app.screen.query_one(".title").render())
        assert title.startswith("Settings for this run (") and "unreadable" in title, title
        options = app.screen.query_one("OptionList")
        options.highlighted = [o.id for o in options._options].index("bell")
        await pilot.press("space", "ctrl+s")
        await wait_for(pilot, lambda: app.config.bell is False, "the choice in use")
        said = [str(n.message) for n in app._notifications]
        assert any(m.startswith("Settings in use for this run — Settings not saved: ")
                   for m in said), said
        assert not any("Settings saved" in m for m in said), said
    assert config_path().read_text() == 'name = "Li\n'
