"""The Textual screens: table, dialogs, i18n, card styles and themes."""

from pathlib import Path

STYLES = Path(__file__).parent / "styles"
"""The screens' stylesheets. Absolute paths in ``CSS_PATH``: Textual resolves a relative one
beside the module of the class that uses it, so a subclass in another folder (a game's
dialogs) would look for its base's file in the wrong place."""
