"""Every shipped theme's card colours and text are readable on its backgrounds: WCAG's
4.5:1 for text, in truecolor and as a 256-colour terminal gets them (TERM=xterm-256color
without COLORTERM=truecolor), where Rich sends each colour's nearest in the palette."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from textual.filter import dim_color

from bhtui.tui.cardstyle import CARD_VARIABLES
from bhtui.tui.themes import load_themes

THEMES = {theme.name: theme for theme in load_themes()[0]}
TEXTS = ("foreground", "dim", *(name for name in CARD_VARIABLES if name != "card-selected"))
"""The text and the card colours drawn on a theme's backgrounds; ``dim``: the foreground
dimmed as Textual dims it (the hand's counts, a pass, a trick's "new"), blended towards the
background. (``card-selected`` is a background: the selected cards' own.)"""
GROUNDS = ("background", "surface")
"""The table, the hand and the log stand on the background; a dialog's box (the previous
trick's cards) on the surface."""


def luminance(colour: Color) -> float:
    def channel(value: int) -> float:
        value_ = value / 255
        return value_ / 12.92 if value_ <= 0.03928 else ((value_ + 0.055) / 1.055) ** 2.4

    red, green, blue = colour.get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: Color, other: Color) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colours(name: str) -> dict[str, str]:
    """The theme's colours by name, its card variables over the app's defaults."""
    theme = THEMES[name]
    made = theme.to_color_system().generate()
    return {**CARD_VARIABLES, **made, **theme.variables}


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("system", [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT])
def test_card_colours_and_dim_text_reach_4_5_to_1_on_every_theme(name, system):
    """Felt's ♥/♦ and dim text were ~4.9:1 in truecolor but ~3.3:1 in a 256-colour terminal:
    its baize went to the palette's #005f00, far lighter than itself."""
    theme = colours(name)
    short = []
    for ground in GROUNDS:
        back = Color.parse(theme[ground])
        for text in TEXTS:
            drawn = (dim_color(back, Color.parse(theme["foreground"])) if text == "dim"
                     else Color.parse(theme[text]))
            ratio = contrast(drawn.downgrade(system), back.downgrade(system))
            if ratio < 4.5:
                short.append(f"{text} on {ground}: {ratio:.2f}")
    assert short == [], short
