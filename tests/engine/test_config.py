"""Settings: TOML in the config folder; bad values get a clear message and their default."""

import os
import subprocess
import sys
import tomllib

import pytest

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
    that exists. It says which, and whether bhtui can read it (a file with a typo is used
    for nothing, and written over by nothing)."""
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
    assert str(path) in there and "not there" not in there and "unreadable" not in there
    path.write_text('name = "Ana\n')  # a typo: bhtui leaves the file alone, and says so here
    broken = said()
    assert str(path) in broken and "unreadable (" in broken and "writes nothing there" in broken


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


WRITTEN = 'name = "Ana"\ntheme = "dark"\nbots = "hard"\ntimer = 30\n[keys]\npass = "n"\n'


def test_a_file_with_a_typo_is_never_written_over(tmp_path):
    """A settings file with one TOML typo was read as the defaults, and the first setting
    saved (ctrl+t, F2, o) wrote the defaults over it: the player's name, bots, timer and keys
    were gone. The file is left as he wrote it, and both the start-up warning and the failed
    save say so; the choice holds for this run."""
    path = tmp_path / "c.toml"
    path.write_text(WRITTEN + 'play = "enter,space\n')  # the closing quote forgotten
    before = path.read_bytes()
    config, warnings = load_config(path)
    settings, refused = Settings(config), ""
    try:
        settings.choose(path, theme="light")
    except OSError as exc:
        refused = exc.strerror
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["c.toml"]
    assert "left as it is" in refused and settings.current().theme == "light"
    assert len(warnings) == 1 and "unreadable" in warnings[0]
    assert "no setting you change is saved until the file is mended" in warnings[0]


def test_saving_keeps_what_this_version_does_not_know_or_could_not_use(tmp_path):
    """Saving wrote every setting this version knows and nothing else: a newer bhtui's
    setting and table, and a value this one could not use, were dropped. Only the chosen
    setting changes now; the file is replaced whole and private (0600), and a link to it (a
    dotfiles folder) is still a link to the file, which holds the choice."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "bhtui.toml").write_text(
        WRITTEN.replace('timer = 30', 'timer = "long"\nfuture = [1, 2]')
        + 'hint = 5\n[tournament]\nrounds = 9\n')
    (dotfiles / "bhtui.toml").chmod(0o644)
    path = tmp_path / "c.toml"
    path.symlink_to(dotfiles / "bhtui.toml")
    config, warnings = load_config(path)
    assert config.timer == 0.0 and len(warnings) == 4  # timer, future, tournament, keys.hint
    Settings(config).choose(path, sort="size")
    assert tomllib.loads(path.read_text()) == {
        "name": "Ana", "theme": "dark", "bots": "hard", "timer": "long", "future": [1, 2],
        "keys": {"pass": "n", "hint": 5}, "tournament": {"rounds": 9}, "sort": "size"}
    assert path.is_symlink() and os.stat(path).st_mode & 0o777 == 0o600
    assert sorted(p.name for p in dotfiles.iterdir()) == ["bhtui.toml"]  # no temporary left


def test_a_file_nested_past_the_parser_is_unreadable_not_a_traceback(tmp_path):
    """Valid TOML nested 500 deep raised RecursionError out of every command that reads the
    settings; it is an unreadable file now, and saving leaves it as it is."""
    path = tmp_path / "c.toml"
    path.write_text("x = " + "[" * 500 + "]" * 500 + "\n")
    config, warnings = load_config(path)
    assert warnings == [f"{path}: unreadable (nested too deep); using the defaults, and no "
                        "setting you change is saved until the file is mended"]
    with pytest.raises(OSError):
        Settings(config).choose(path, sort="size")
    path.write_text("x = " + "[" * 300 + "]" * 300 + "\n")  # read, but too deep to write
    with pytest.raises(OSError) as refused:
        Settings(load_config(path)[0]).choose(path, sort="size")
    assert "too deep" in refused.value.strerror and "sort" not in path.read_text()


def test_a_settings_file_larger_than_a_mebibyte_is_refused_unread(tmp_path):
    """The file was read whole, however large (a link to a disk image, a log): over 1 MiB it
    is refused, the warning naming the bound."""
    path = tmp_path / "c.toml"
    path.write_text("#" + "x" * (1 << 20) + "\n")
    config, warnings = load_config(path)
    assert len(warnings) == 1 and "larger than 1 MiB" in warnings[0]


def test_a_warning_quotes_a_long_value_short_and_sums_up_many_unknown_keys(tmp_path):
    """A 500,000-character name made a warning line as long, and 1,000 unknown settings or
    bad keys 1,000 warnings: a value is quoted in at most 40 characters, and more than three
    unknown settings, or bad keys, are one line each."""
    path = tmp_path / "c.toml"
    path.write_text(f'name = "{"x" * 500_000}"\n'
                    + "".join(f"k{i} = {i}\n" for i in range(1000))
                    + "[keys]\n" + "".join(f"b{i} = {i}\n" for i in range(1000)))
    config, warnings = load_config(path)
    assert len(warnings) == 3 and max(len(w.replace(str(path), "")) for w in warnings) < 200
    assert f"{path}: unknown settings 'k0', 'k1', 'k2' and 997 more ignored" in warnings
    assert any(w.startswith(f"{path}: keys.b0 = 0, keys.b1 = 1, keys.b2 = 2 and 997 more")
               for w in warnings)


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


def test_a_name_with_control_characters_is_a_bad_value_and_the_account_s_is_cleaned(
        tmp_path, monkeypatch):
    """A settings name (or an account's full name, anyone's to write) went to the screen
    as written: an escape sequence set the window's title, a right-to-left override turned
    the names after it. The file's is a bad value, kept out; the account's is cleaned."""
    _account(monkeypatch, "ana", "Ana\u202e\x1b]2;X\x07Li,,,")
    assert load_config(tmp_path / "none.toml")[0].name == "AnaLi"
    (tmp_path / "bad.toml").write_text('name = "Bo\\u202eB\\u001b]2;X\\u0007C"\n')
    config, warnings = load_config(tmp_path / "bad.toml")
    assert config.name == "AnaLi" and any("control characters" in w for w in warnings)


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
