"""The user's settings: TOML in the platformdirs config folder.

A bad value never stops the game: it is replaced by its default and reported in one line.
"""

from __future__ import annotations

import getpass
import locale
import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

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
        if name.strip() and name.strip().lower() not in SHARED_LOGINS:
            return name.strip()[:24]
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
    if name == "name" and not 1 <= len(value.strip()) <= 24:
        return "1 to 24 characters"
    return None


def load_config(path: Path | None = None) -> tuple[Config, list[str]]:
    """The settings and a list of warnings (unreadable file, unknown keys, bad values)."""
    path = path or config_path()
    config = Config()
    if not path.exists():
        return config, []
    name = shown_path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return config, [f"{name}: unreadable ({exc}); using the defaults"]
    warnings = []
    known = {f.name for f in fields(Config)}
    for key, value in data.items():
        if key not in known:
            warnings.append(f"{name}: unknown setting {key!r} ignored")
            continue
        default = getattr(config, key)
        why = _check(key, value, default)
        if why:
            shown = repr(default) if default != "" else "the default"
            warnings.append(f"{name}: {key} = {value!r} is not {why}; using {shown}")
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
    kept = {}
    for key, keys in table.items():
        if isinstance(keys, str) and keys.strip():
            kept[key] = keys
        else:
            warnings.append(f"{name}: keys.{key} = {keys!r} is not a list of keys "
                            f"(\"enter,space\"); its own keys are kept")
    return kept


def save_config(config: Config, path: Path | None = None) -> Path:
    """Write every setting (a settings screen's choices stick), private to the user (0600)."""
    import tomli_w  # only when saving: not worth its memory at every start

    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    data = {f.name: getattr(config, f.name) for f in fields(Config)}
    if config.name == default_name(config.language):
        del data["name"]  # the default stays one: it follows the language, as "--lang" does
    body = tomli_w.dumps(data).encode()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(body)
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
        the file cannot be written; the choice holds for this run all the same."""
        for key, value in values.items():
            setattr(self.saved, key, value)
            self.overrides.pop(key, None)
        save_config(self.saved, path)
