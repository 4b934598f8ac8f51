"""The user's settings: TOML in the platformdirs config folder.

A bad value never stops the game: it is replaced by its default and reported in one line.
The file is the user's: bhtui writes into it only the settings he chooses, and keeps every
other key and value in it (not its comments or layout: the TOML is written anew; see
``save_config``).
"""

from __future__ import annotations

import errno
import getpass
import locale
import os
import reprlib
import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from bhtui.store.private import read_small, replace_private
from bhtui.text import clean_line

APP = "bhtui"
CARD_STYLES = ("unicode", "letters", "ascii")
LANGUAGES = ("en", "zh")
SORTS = ("rank", "size")
LEVELS = ("easy", "normal", "hard")
"""The bots' levels (``bhtui.bots.LEVELS``: the settings file is read below the bots' layer;
a test keeps the two equal)."""
SECONDS = {"bot_delay": 10.0, "result_seconds": 60.0, "timer": 600.0}
"""Settings given in seconds, with their upper bound."""


def config_dir() -> Path:
    return Path(os.environ.get("BHTUI_CONFIG_DIR") or platformdirs.user_config_dir(APP))


def config_path() -> Path:
    return config_dir() / "config.toml"


def shown_path(path: Path) -> str:
    """``path`` as a warning names it: under the home folder as ``~/…``, so a message about
    the settings file fits a notification and still says where the file is."""
    try:
        return f"~/{path.relative_to(Path.home())}"
    except (ValueError, RuntimeError):  # elsewhere, or no home folder to be found
        return str(path)


def default_language() -> str:
    """Chinese when the locale says so, English otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    lang = locale.getlocale()[0] or ""
    return "zh" if lang.lower().startswith("zh") else "en"


SHARED_LOGINS = frozenset({"root", "admin", "administrator", "user", "guest", "ubuntu", "pi",
                           "debian", "fedora", "vagrant", "ec2-user", "nobody", "player"})
"""Accounts that are nobody's name: a player seen at a table as "root" is a stranger."""
PLAYER = {"en": "Player", "zh": "玩家"}


def default_name(language: str = "en") -> str:
    """The name a player would give: the account's full name, or its login when that is a
    person's; "Player" (玩家) for root and shared accounts (a container, a Raspberry Pi)."""
    try:
        login = getpass.getuser()
    except Exception:  # no login name in some containers
        login = ""
    for name in (_full_name(login), login):
        shown = clean_line(name, 24)  # (a GECOS field is anyone's to write)
        if shown and name.strip().lower() not in SHARED_LOGINS:
            return shown
    return PLAYER.get(language, PLAYER["en"])


def _full_name(login: str) -> str:
    """The full name in the account's record ("Ana Li,Room 3,…"), where there is one."""
    try:
        import pwd

        return pwd.getpwnam(login).pw_gecos.split(",")[0]
    except (ImportError, KeyError):  # not a POSIX system, no such account
        return ""


@dataclass
class Config:
    name: str = ""  # empty: default_name() in the language
    language: str = ""
    theme: str = "felt"
    card_style: str = ""  # empty: letters in Chinese (ambiguous-width suits), unicode otherwise
    four_colour: bool = False
    bot_delay: float = 0.6
    timer: float = 0.0  # seconds per turn in a local game or one you host; 0: no timer
    result_seconds: float = 5.0  # under 托管, how long a round's result stays before going on
    auto_pass: bool = True  # pass by itself when nothing in the hand beats the table
    bell: bool = True  # the terminal bell when a turn or a decision becomes yours
    sort: str = "rank"  # the hand: by rank, or by group size (jokers and 2s stay at the end)
    bots: str = "normal"  # the bots' level in a local game and in the seats a host fills
    assist: str = "normal"  # the level that plays for you on 托管 and gives your hints
    # Keys by binding id (play = "enter,space"): Textual's keymap, over the keys as bound.
    keys: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.language:
            self.language = default_language()
        if not self.name:
            self.name = default_name(self.language)

    def resolved_card_style(self) -> str:
        if self.card_style:
            return self.card_style
        return "letters" if self.language == "zh" else "unicode"


def _check(name: str, value: object, default: object) -> str | None:
    """Why ``value`` is unusable for setting ``name``, or None when it is fine."""
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "true or false"
    if isinstance(default, dict):
        return None if isinstance(value, dict) else (
            "a table of binding ids and their keys (play = \"enter,space\")")
    if name in SECONDS:
        top = SECONDS[name]
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= top
        return None if ok else f"a number of seconds from 0 to {top:g}"
    if not isinstance(value, str):
        return "text"
    if name == "language" and value not in LANGUAGES:
        return " or ".join(LANGUAGES)
    if name == "card_style" and value and value not in CARD_STYLES:
        return ", ".join(CARD_STYLES)
    if name == "sort" and value not in SORTS:
        return " or ".join(SORTS)
    if name in ("bots", "assist") and value not in LEVELS:
        return ", ".join(LEVELS)
    if name == "name" and (not value.strip() or clean_line(value, 24) != value.strip()):
        return "1 to 24 characters, none of them control characters"  # (as a table takes one)
    return None


def read_toml(path: Path) -> dict[str, Any]:
    """The table in the TOML file ``path`` (settings, a theme). OSError when it cannot be read
    as one, its ``strerror`` saying why: no such file (FileNotFoundError), not a regular file
    or too large (``read_small``), not UTF-8, not TOML, or nested deeper than the parser goes
    (valid TOML, but a RecursionError at every start)."""
    try:
        return tomllib.loads(read_small(path).decode("utf-8"))
    except UnicodeDecodeError:
        raise OSError(errno.EILSEQ, "not UTF-8 text", str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise OSError(errno.EINVAL, str(exc), str(path)) from None
    except RecursionError:
        raise OSError(errno.EINVAL, "nested too deep", str(path)) from None


QUOTE = reprlib.Repr()
"""How a warning quotes a value or a key: a 5 MB name made a 5 MB warning line."""
QUOTE.maxstring = QUOTE.maxother = 40
NAMED = 3
"""Unknown settings named one by one; more are summed up in one line (a file of a million
keys made a million warnings)."""


def load_config(path: Path | None = None) -> tuple[Config, list[str]]:
    """The settings and a list of warnings (unreadable file, unknown keys, bad values)."""
    path = path or config_path()
    config = Config()
    name = shown_path(path)
    try:
        data = read_toml(path)
    except FileNotFoundError:
        return config, []
    except OSError as exc:
        return config, [f"{name}: unreadable ({exc.strerror or exc}); using the defaults, and "
                        f"no setting you change is saved until the file is mended"]
    warnings = []
    known = {f.name for f in fields(Config)}
    warnings += _summed(name, [QUOTE.repr(key) for key in data if key not in known],
                        "{name}: unknown setting {0} ignored",
                        "{name}: unknown settings {0} and {1} more ignored")
    for key, value in data.items():
        if key not in known:
            continue
        default = getattr(config, key)
        why = _check(key, value, default)
        if why:
            shown = repr(default) if default != "" else "the default"
            warnings.append(f"{name}: {key} = {QUOTE.repr(value)} is not {why}; using {shown}")
        elif isinstance(value, dict):
            setattr(config, key, _key_lists(name, value, warnings))
        else:
            setattr(config, key, float(value) if key in SECONDS else value)
    if "name" not in data:  # the default name is in the file's language
        config.name = default_name(config.language)
    return config, warnings


def _key_lists(name: str, table: dict[str, object], warnings: list[str]) -> dict[str, str]:
    """The [keys] entries that are a binding id and a list of keys; each other one is named in
    a warning and left out, so one typo costs only its own key."""
    kept, bad = {}, []
    for key, keys in table.items():
        if isinstance(keys, str) and keys.strip():
            kept[key] = keys
        else:
            bad.append(f"keys.{QUOTE.repr(key)[1:-1]} = {QUOTE.repr(keys)}")
    warnings += _summed(name, bad, "{name}: {0} is not a list of keys (\"enter,space\"); its "
                                   "own keys are kept",
                        "{name}: {0} and {1} more are not lists of keys (\"enter,space\"); "
                        "their own keys are kept")
    return kept


def _summed(name: str, found: list[str], one: str, many: str) -> list[str]:
    """A warning about file ``name`` per item ``found`` (``one`` formatted with it), or past
    ``NAMED`` of them a single line (``many``, with the first few and how many more)."""
    if len(found) > NAMED:
        return [many.format(", ".join(found[:NAMED]), len(found) - NAMED, name=name)]
    return [one.format(item, name=name) for item in found]


def save_config(config: Config, chosen: Collection[str], path: Path | None = None) -> Path:
    """Write the settings ``chosen`` (their values in ``config``) into the settings file, which
    keeps all else it holds: keys and tables this version does not know (a newer bhtui's),
    values it could not use, settings left alone (another bhtui running may have saved them)
    — though not its comments or layout, which tomli-w does not keep.
    A default name is not written: it follows the language, as "--lang" does.

    A file that cannot be read (a typo in it, too large) is never written over: OSError, and
    the choice holds for this run only. Keeping a broken file aside and writing a new one was
    the other way; but then bhtui starts from the new file, the player's name and keys gone
    from it until he finds the old one and merges the two by hand, while a file left as it is
    wants only its typo mended (the start-up warning says where). A link to the file (a
    dotfiles folder) stays a link: the file it names is replaced. The new file takes the old
    one's place whole (a crash leaves one or the other), private (0600) from the start."""
    import tomli_w  # only when saving: not worth its memory at every start

    path = path or config_path()
    try:
        data = read_toml(path)
    except FileNotFoundError:
        data = {}
    except OSError as exc:
        raise OSError(exc.errno, f"{shown_path(path)} is unreadable ({exc.strerror or exc}) "
                                 f"and is left as it is") from None
    for key in chosen:
        data[key] = getattr(config, key)
    if "name" in chosen and config.name == default_name(config.language):
        del data["name"]
    try:
        body = tomli_w.dumps(data).encode()
    except RecursionError:  # (tomllib reads deeper than tomli-w writes)
        raise OSError(errno.EINVAL, f"{shown_path(path)} is nested too deep to write again "
                                    f"and is left as it is") from None
    target = path.resolve()
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    replace_private(target, body)
    return path


def differences(before: Config, after: Config) -> dict[str, Any]:
    """The settings ``after`` holds otherwise than ``before``: what a settings screen changed."""
    return {f.name: getattr(after, f.name) for f in fields(Config)
            if getattr(after, f.name) != getattr(before, f.name)}


@dataclass
class Settings:
    """The settings file's values and this run's command-line overrides, kept apart. A flag
    (``--lang en``, ``--theme neon``, ``--fast``) is for one run: saving writes the file's own
    values with the player's new choice, so a flag never reaches the file."""

    saved: Config = field(default_factory=Config)
    overrides: dict[str, Any] = field(default_factory=dict)

    def current(self) -> Config:
        """What this run uses: the file's settings under the command line's (a default name
        in this run's language: ``--lang zh`` makes "Player" 玩家)."""
        config = replace(self.saved, **self.overrides)
        if "name" not in self.overrides and self.saved.name == default_name(self.saved.language):
            config.name = default_name(config.language)
        return config

    def choose(self, path: Path | None = None, **values: Any) -> None:
        """The player chose ``values`` (a key, the settings screen): they replace this run's
        flags for those settings and are saved beside the file's other values. OSError when
        the file cannot be read or written; the choice holds for this run all the same."""
        for key, value in values.items():
            setattr(self.saved, key, value)
            self.overrides.pop(key, None)
        save_config(self.saved, values, path)
