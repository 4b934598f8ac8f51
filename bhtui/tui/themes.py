"""Themes: TOML files in the shipped themes folder and in the user's config folder.

A broken file gives one warning and is skipped; the app falls back to the default theme.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import bhtui
from bhtui.store.config import config_dir, read_toml

if TYPE_CHECKING:  # (the command line checks --theme without loading Textual)
    from textual.theme import Theme

DEFAULT_THEME = "felt"
COLOUR_KEYS = ("primary", "secondary", "accent", "foreground", "background", "surface",
               "panel", "warning", "error", "success", "boost")


def shipped_dirs() -> list[Path]:
    """Inside the wheel (bhtui/themes) or, from a checkout, the top-level themes/ folder."""
    package = Path(bhtui.__file__).parent
    return [d for d in (package / "themes", package.parent / "themes") if d.is_dir()]


def theme_names(extra_dir: Path | None = None) -> list[str]:
    """The names the theme files give themselves, shipped and the user's, without building
    the themes (what ``--theme`` may name; a broken file is said when the app starts)."""
    names = []
    for folder in _folders(extra_dir):
        for path in sorted(folder.glob("*.toml")):
            try:
                name = read_toml(path).get("name")
            except OSError:
                continue
            if isinstance(name, str) and name not in names:
                names.append(name)
    return names


def _folders(extra_dir: Path | None) -> list[Path]:
    """The shipped themes' folders, then the user's (whose themes may replace them)."""
    return [d for d in (*shipped_dirs(), extra_dir or config_dir() / "themes") if d.is_dir()]


def pick_theme(wanted: str) -> tuple[list[Theme], str, list[str]]:
    """Every theme, the one to draw in (``wanted``, or the default where it is not found)
    and what is wrong with them: the app says it at start (F3 lists it) and ``bhtui
    config`` with the settings file's problems."""
    themes, problems = load_themes()
    names = [theme.name for theme in themes]
    if wanted not in names:
        problems.append(f"theme {wanted!r} not found; using {DEFAULT_THEME}")
        wanted = DEFAULT_THEME if DEFAULT_THEME in names else "textual-dark"
    return themes, wanted, problems


def theme_from_toml(path: Path) -> Theme:
    from rich.color import Color, ColorParseError
    from textual.theme import Theme

    from bhtui.tui.cardstyle import CARD_VARIABLES

    data = read_toml(path)  # OSError: unreadable, too large, nested too deep
    name = data.get("name")
    if not isinstance(name, str) or not isinstance(data.get("primary"), str):
        raise ValueError("a theme needs 'name' and 'primary'")
    variables = data.get("variables", {})
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        raise ValueError("[variables] holds name = \"colour\" pairs")
    for key in CARD_VARIABLES.keys() & variables.keys():  # the hand draws them with Rich
        try:
            Color.parse(variables[key])
        except ColorParseError:
            raise ValueError(f"{key} = {variables[key]!r} is not a colour") from None
    if "card-joker" in variables:  # a theme made before the small joker had its own colour
        variables.setdefault("card-small-joker", variables["card-joker"])  # keeps its look
    colours = {k: data[k] for k in COLOUR_KEYS if isinstance(data.get(k), str)}
    theme = Theme(name=name, dark=bool(data.get("dark", True)), variables=variables, **colours)
    theme.to_color_system().generate()  # fails here, not mid-game, on a bad colour
    return theme


def load_themes(extra_dir: Path | None = None) -> tuple[list[Theme], list[str]]:
    """Shipped themes, then the user's (which may replace a shipped one by name)."""
    themes: dict[str, Theme] = {}
    warnings: list[str] = []
    for folder in _folders(extra_dir):
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = theme_from_toml(path)
            except Exception as exc:  # any broken file: one warning, never a crash
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                warnings.append(f"theme {path.name} skipped: {why}")
                continue
            themes[theme.name] = theme
    return list(themes.values()), warnings
