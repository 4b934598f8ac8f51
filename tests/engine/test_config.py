"""Settings: TOML in the config folder; bad values get a clear message and their default."""

import subprocess
import sys

from bhtui.store.config import Config, Settings, config_path, load_config
from bhtui.tui.cardstyle import CardStyle


def test_missing_file_means_defaults_and_no_warning(tmp_path):
    config, warnings = load_config(tmp_path / "none.toml")
    assert warnings == [] and config.theme == "felt" and config.bot_delay == 0.6


def test_good_values_are_taken(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('name = "Ana"\nlanguage = "zh"\ntheme = "dark"\ncard_style = "ascii"\n'
                    'four_colour = true\nbot_delay = 0\n')
    config, warnings = load_config(path)
    assert warnings == []
    assert (config.name, config.language, config.theme, config.card_style) == ("Ana", "zh", "dark", "ascii")
    assert config.four_colour is True and config.bot_delay == 0.0


def test_bad_values_fall_back_to_defaults_with_one_message_each(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('language = "fr"\ncard_style = "emoji"\nbot_delay = -3\nfour_colour = "yes"\n'
                    'colour = 1\nname = ""\n')
    config, warnings = load_config(path)
    assert len(warnings) == 6
    assert any("language = 'fr' is not en or zh" in w for w in warnings)
    assert any("unknown setting 'colour'" in w for w in warnings)
    default = Config()
    assert (config.language, config.card_style, config.bot_delay, config.four_colour) == (
        default.language, default.card_style, default.bot_delay, default.four_colour)


def test_an_unreadable_file_gives_one_warning_not_a_traceback(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("name = [unclosed")
    config, warnings = load_config(path)
    assert len(warnings) == 1 and "unreadable" in warnings[0] and config.name


def test_bhtui_config_path_prints_where_the_file_is(tmp_path, monkeypatch):
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "cfg"))
    out = subprocess.run([sys.executable, "-m", "bhtui", "config", "--path"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == str(tmp_path / "cfg" / "config.toml")
    assert config_path() == tmp_path / "cfg" / "config.toml"


def test_bhtui_config_says_whether_the_settings_file_is_there(tmp_path, monkeypatch):
    """`bhtui config` printed the path alone whether or not a file was there: read as one
    that exists. It says which."""
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "cfg"))

    def said() -> str:
        out = subprocess.run([sys.executable, "-m", "bhtui", "config"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0
        return out.stdout

    path = tmp_path / "cfg" / "config.toml"
    missing = said()
    assert str(path) in missing and "not there yet" in missing
    path.parent.mkdir()
    path.write_text('name = "Ana"\n')
    there = said()
    assert str(path) in there and "not there" not in there


def test_chinese_defaults_to_letter_suits_because_suit_glyphs_are_ambiguous_width():
    assert Config(language="zh").resolved_card_style() == "letters"
    assert Config(language="en").resolved_card_style() == "unicode"
    assert Config(language="zh", card_style="unicode").resolved_card_style() == "unicode"


def test_card_styles_and_the_four_colour_deck():
    assert CardStyle("unicode").label("10H") == "10♥"
    assert CardStyle("letters").label("10H") == "10H"
    assert CardStyle("ascii").turn_marker == ">" and CardStyle("unicode").turn_marker == "▶"
    assert CardStyle("unicode").label("BJ") == "BJ"
    two, four = CardStyle(), CardStyle(four_colour=True)
    assert two.colour_variable("5C") == two.colour_variable("5S") == "card-black"
    assert four.colour_variable("5C") == "card-green" and four.colour_variable("5D") == "card-blue"


def test_saving_writes_the_files_values_and_the_choice_never_a_runs_flags(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('language = "zh"\ntheme = "light"\n')
    config, _ = load_config(path)
    settings = Settings(config, {"language": "en", "theme": "neon", "bot_delay": 0.0})
    assert (settings.current().language, settings.current().theme) == ("en", "neon")
    settings.choose(path, sort="size")
    saved, _ = load_config(path)
    assert (saved.language, saved.theme, saved.bot_delay, saved.sort) == ("zh", "light", 0.6, "size")
    settings.choose(path, theme="dark")  # chosen now, so it replaces the flag and is kept
    assert settings.current().theme == "dark" and load_config(path)[0].theme == "dark"
    assert settings.current().language == "en"


def test_a_corrupt_file_is_still_replaced_by_the_defaults_and_the_choice(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("name = [unclosed")
    config, warnings = load_config(path)
    assert len(warnings) == 1
    Settings(config, {"theme": "dark"}).choose(path, sort="size")
    again, warnings = load_config(path)
    assert warnings == [] and again.sort == "size" and again.theme == "felt"


def _account(monkeypatch, login: str, full: str) -> None:
    import pwd

    monkeypatch.setattr("getpass.getuser", lambda: login)
    monkeypatch.setattr(pwd, "getpwnam", lambda name: type("Entry", (), {"pw_gecos": full})())


def test_the_default_name_is_the_players_own_and_never_root(tmp_path, monkeypatch):
    """Issue 28.15: at a table nobody is "root". The account's full name, or a person's
    login; root and shared accounts give "Player", 玩家 in a Chinese settings file."""
    _account(monkeypatch, "ana", "Ana Li,Room 3,,")
    assert load_config(tmp_path / "none.toml")[0].name == "Ana Li"
    _account(monkeypatch, "ana", "")
    assert load_config(tmp_path / "none.toml")[0].name == "ana"
    _account(monkeypatch, "root", "root")
    assert Config(language="en").name == "Player"
    (tmp_path / "zh.toml").write_text('language = "zh"\n')
    assert load_config(tmp_path / "zh.toml")[0].name == "玩家"
    (tmp_path / "named.toml").write_text('language = "zh"\nname = "Bo"\n')
    assert load_config(tmp_path / "named.toml")[0].name == "Bo"


def test_the_default_name_follows_the_runs_language_and_is_never_saved(tmp_path, monkeypatch):
    """``--lang zh`` on a root account says 玩家, not the English default; a settings file
    saved with the default name keeps none, so the name goes on following the language,
    while a name the player gave is kept."""
    _account(monkeypatch, "root", "root")
    path = tmp_path / "c.toml"
    path.write_text('language = "en"\n')
    settings = Settings(load_config(path)[0], {"language": "zh"})
    assert settings.current().name == "玩家"
    settings.choose(path, sort="size")
    assert "name" not in path.read_text() and load_config(path)[0].name == "Player"
    assert Settings(load_config(path)[0], {"language": "zh"}).current().name == "玩家"
    settings.choose(path, name="Bo")
    assert Settings(load_config(path)[0], {"language": "zh"}).current().name == "Bo"
    assert Settings(load_config(path)[0], {"name": "Cy"}).current().name == "Cy"


def test_a_warning_names_the_settings_file_from_the_home_folder(tmp_path, monkeypatch):
    """A start-up notification is some 40 columns wide: the file's full path wrapped every
    warning over several lines. Under the home folder it is named as ``~/…``, elsewhere in
    full, so the player still knows which file to mend."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    path = tmp_path / "home" / ".config" / "bhtui" / "config.toml"
    path.parent.mkdir(parents=True)
    path.write_text("colour = 1\n")
    _, warnings = load_config(path)
    assert warnings == ["~/.config/bhtui/config.toml: unknown setting 'colour' ignored"]
    elsewhere = tmp_path / "other.toml"
    elsewhere.write_text("colour = 1\n")
    _, warnings = load_config(elsewhere)
    assert warnings == [f"{elsewhere}: unknown setting 'colour' ignored"]
