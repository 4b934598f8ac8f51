"""The user's settings: TOML in the platformdirs config folder.

A bad value never stops the game: it is replaced by its default and reported in one line.
"""

from __future__ import annotations

import getpass
import locale
import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

import platformdirs

APP = "bhtui"
CARD_STYLES = ("unicode", "letters", "ascii")
LANGUAGES = ("en", "zh")


def config_dir() -> Path:
    return Path(os.environ.get("BHTUI_CONFIG_DIR") or platformdirs.user_config_dir(APP))


def config_path() -> Path:
    return config_dir() / "config.toml"


def default_language() -> str:
    """Chinese when the locale says so, English otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    lang = locale.getlocale()[0] or ""
    return "zh" if lang.lower().startswith("zh") else "en"


def default_name() -> str:
    try:
        return (getpass.getuser() or "Player")[:24]
    except Exception:  # no login name in some containers
        return "Player"


@dataclass
class Config:
    name: str = field(default_factory=default_name)
    language: str = ""
    theme: str = "felt"
    card_style: str = ""  # empty: letters in Chinese (ambiguous-width suits), unicode otherwise
    four_colour: bool = False
    bot_delay: float = 0.6

    def __post_init__(self) -> None:
        if not self.language:
            self.language = default_language()

    def resolved_card_style(self) -> str:
        if self.card_style:
            return self.card_style
        return "letters" if self.language == "zh" else "unicode"


def _check(name: str, value: object, default: object) -> str | None:
    """Why ``value`` is unusable for setting ``name``, or None when it is fine."""
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "true or false"
    if name == "bot_delay":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 10
        return None if ok else "a number of seconds from 0 to 10"
    if not isinstance(value, str):
        return "text"
    if name == "language" and value not in LANGUAGES:
        return " or ".join(LANGUAGES)
    if name == "card_style" and value and value not in CARD_STYLES:
        return ", ".join(CARD_STYLES)
    if name == "name" and not 1 <= len(value.strip()) <= 24:
        return "1 to 24 characters"
    return None


def load_config(path: Path | None = None) -> tuple[Config, list[str]]:
    """The settings and a list of warnings (unreadable file, unknown keys, bad values)."""
    path = path or config_path()
    config = Config()
    if not path.exists():
        return config, []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return config, [f"{path}: unreadable ({exc}); using the defaults"]
    warnings = []
    known = {f.name for f in fields(Config)}
    for key, value in data.items():
        if key not in known:
            warnings.append(f"{path}: unknown setting {key!r} ignored")
            continue
        default = getattr(config, key)
        why = _check(key, value, default)
        if why:
            warnings.append(f"{path}: {key} = {value!r} is not {why}; using {default!r}")
        else:
            setattr(config, key, float(value) if key == "bot_delay" else value)
    return config, warnings
