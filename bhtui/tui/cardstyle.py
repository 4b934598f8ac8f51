"""How a card looks: unicode suits, letters or ASCII; two or four colours from the theme.

Nothing is carried by colour alone: suits are always a glyph or a letter, and the turn and
trick markers are symbols too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

SUIT_GLYPHS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
CARD_VARIABLES = {
    "card-black": "#e8e8e8",
    "card-red": "#ff6b6b",
    "card-green": "#5fd068",
    "card-blue": "#6cb6ff",
    "card-joker": "#ffd75f",
    "card-selected": "#005f87",
}


@dataclass(frozen=True)
class CardStyle:
    style: str = "unicode"  # unicode | letters | ascii
    four_colour: bool = False

    @property
    def times(self) -> str:
        return "x" if self.style == "ascii" else "×"

    @property
    def called_mark(self) -> str:
        return "*" if self.style == "ascii" else "•"

    @property
    def turn_marker(self) -> str:
        return ">" if self.style == "ascii" else "▶"

    @property
    def trick_marker(self) -> str:
        return "*" if self.style == "ascii" else "★"

    def label(self, card: str) -> str:
        """``10H`` as this style writes it: ``10♥`` or ``10H``; jokers stay ``SJ``/``BJ``."""
        if card in ("SJ", "BJ") or self.style != "unicode":
            return card
        return card[:-1] + SUIT_GLYPHS[card[-1]]

    def colour_variable(self, card: str) -> str:
        if card in ("SJ", "BJ"):
            return "card-joker"
        suit = card[-1]
        if self.four_colour:
            return {"S": "card-black", "H": "card-red", "C": "card-green", "D": "card-blue"}[suit]
        return "card-red" if suit in "HD" else "card-black"

    def text(self, cards: list[str], colours: dict[str, str]) -> Text:
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(" ")
            out.append(self.label(card), style=colours.get(self.colour_variable(card), ""))
        return out
