"""Every shipped theme's card colours and text are readable on its backgrounds: WCAG's
4.5:1 for text, in truecolor and as a 256-colour terminal gets them (TERM=xterm-256color
without COLORTERM=truecolor), where Rich sends each colour's nearest in the palette; and
those backgrounds stay apart there, none turned black."""

from __future__ import annotations

from colorsys import rgb_to_hls
from itertools import combinations

import pytest
from rich.color import Color, ColorSystem
from textual.color import Color as TextualColor
from textual.css.styles import Styles
from textual.filter import dim_color

from bhtui.tui.cardstyle import CARD_VARIABLES, CardStyle
from bhtui.tui.themes import load_themes

THEMES = {theme.name: theme for theme in load_themes()[0]}
SYSTEMS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT)
WORDS = ("foreground", "dim", "text-muted")
"""The text drawn on every background; ``dim``: the foreground dimmed as Textual dims it (the
hand's counts, a pass, a trick's "new", the footer's idle keys), blended towards the
background; ``text-muted``: the hints of the lobby and the waiting room."""
TEXTS = (*WORDS, *CARD_VARIABLES)
"""Words and the card colours (a selected card is drawn reversed, in its own colour)."""
ON = {"background": TEXTS, "surface": TEXTS, "focused log": WORDS, "panel": WORDS}
"""What stands on each background: the table and the hand on the background; a dialog's box
(the previous trick's cards) on the surface, and the log, whose lines are plain words; a
focused log on the surface tinted; the status line and the footer on the panel."""
FOCUS_TINT = 0.05
"""Textual's ``RichLog:focus`` (and its other focusable widgets') ``background-tint:
$foreground 5%``."""
APART = (*combinations(("background", "surface", "panel"), 2),
         ("focused log", "background"), ("focused log", "surface"))
"""The backgrounds told apart: the table, its panes and the status line; a focused log from
the table around it and from itself unfocused. (The log and the status line never meet.)"""


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


def grounds(name: str) -> dict[str, Color]:
    """The backgrounds of ``ON`` in truecolor."""
    theme = colours(name)
    surface = TextualColor.parse(theme["surface"])
    tint = TextualColor.parse(theme["foreground"]).with_alpha(FOCUS_TINT)
    return {"background": Color.parse(theme["background"]),
            "surface": surface.rich_color, "focused log": surface.tint(tint).rich_color,
            "panel": Color.parse(theme["panel"])}


def drawn(theme: dict[str, str], text: str, back: Color) -> Color:
    """``text`` as Textual draws it on ``back``: dim blends the foreground towards it, and
    ``text-muted`` ("auto 60%" unless the theme says) lays a colour with an alpha over it."""
    if text == "dim":
        return dim_color(back, Color.parse(theme["foreground"]))
    if text != "text-muted":
        return Color.parse(theme[text])
    styles = Styles.parse(f"color: {theme[text]};", ("", ""))
    ground = TextualColor.from_rich_color(back)
    over = ground.get_contrast_text(styles.color.a) if styles.auto_color else styles.color
    return (ground + over).rich_color


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("system", SYSTEMS)
def test_card_colours_dim_and_muted_text_reach_4_5_to_1_on_every_theme(name, system):
    """Felt's ♥/♦ and dim text were ~4.9:1 in truecolor but ~3.3:1 in a 256-colour terminal:
    its baize went to the palette's #005f00, far lighter than itself; later its focused log
    did, with dim and muted words at 3.35:1 there."""
    theme = colours(name)
    short = []
    for ground, back in grounds(name).items():
        for text in ON[ground]:
            ratio = contrast(drawn(theme, text, back).downgrade(system), back.downgrade(system))
            if ratio < 4.5:
                short.append(f"{text} on {ground}: {ratio:.2f}")
    assert short == [], short


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_small_and_the_big_joker_differ_in_colour_on_every_theme(name, system):
    """Both jokers were drawn in the theme's one joker yellow: in Dou Dizhu, whose cards
    have no suit, and in the letter styles (* for both) only the unit's name above told
    them apart. Their colours stay far apart in truecolor and in 256 colours."""
    theme, style = colours(name), CardStyle()
    small, big = (style.colour(card, theme).color.downgrade(system).get_truecolor()
                  for card in ("SJ", "BJ"))
    apart = sum((a - b) ** 2 for a, b in zip(small, big, strict=True)) ** 0.5
    assert apart >= 100, (small.hex, big.hex)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_backgrounds_stay_apart_and_none_turns_black_in_256_colours(name):
    """Felt's baize, surface and panel all went to the palette's black (16) in a 256-colour
    terminal while a focused log went to #005f00: a black table with one green pane."""
    truecolor = {ground: colour.get_truecolor() for ground, colour in grounds(name).items()}
    palette = {ground: colour.downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
               for ground, colour in grounds(name).items()}
    black = (0, 0, 0)
    lost = [f"{ground} turns black" for ground in truecolor
            if truecolor[ground] != black and palette[ground] == black]
    lost += [f"{one} and {other} both {palette[one].hex}" for one, other in APART
             if truecolor[one] != truecolor[other] and palette[one] == palette[other]]
    assert lost == [], lost


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_felt_table_is_green_in_truecolor_and_in_256_colours(system):
    """The default theme is green baize wherever it is played: in a 256-colour terminal its
    background was the palette's black."""
    triplet = Color.parse(colours("felt")["background"]).downgrade(system).get_truecolor()
    hue, _, saturation = rgb_to_hls(*triplet.normalized)
    assert 90 <= hue * 360 <= 170 and saturation >= 0.5, triplet.hex
