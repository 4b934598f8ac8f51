"""The two presets: one engine, the differences are the typed fields of :class:`Rules`.

Options cross the wire as a plain dict (``options()``) and rebuild the same rules on the
other side with ``with_options``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

MAX_BASE = 1000


@dataclass(frozen=True)
class Rules:
    """One table's rules: the preset's mechanisms, then the switchable options."""

    name: str
    seats: int
    decks: int
    hand_size: int
    kitty_size: int
    kitty_public: bool
    """C-BID-4: the kitty is shown to all; S-BID-4: only the landlord sees it."""
    random_first_bidder: bool
    """C-BID-1: the first deal's first bidder is drawn; S-BID-1: seat 0."""
    forced_after_voids: int | None
    """C-BID-3: the void deal of this number in a row is not dealt again."""
    specials: bool
    """Shanghai's mark card, 荒番, 头撂, 摊打, 报到 and bomb limits (S-DEAL-1, S-BID-2..7)."""
    base: int = 1
    """The base score ``b`` (C-SCORE, S-SCORE)."""
    escape: bool = False
    """S-SCORE-5: a seat that escapes pays what the others would have won."""

    def options(self) -> dict[str, int | bool]:
        return {"base": self.base, "escape": self.escape}

    def with_options(self, **options: object) -> Rules:
        """A copy with options changed; ValueError names a bad option or value."""
        for name, value in options.items():
            if name == "escape":
                if not isinstance(value, bool):
                    raise ValueError(f"option escape takes true or false, not {value!r}")
            elif name == "base":
                if isinstance(value, bool) or not isinstance(value, int) \
                        or not 1 <= value <= MAX_BASE:
                    raise ValueError(f"option base takes a whole number 1..{MAX_BASE}, "
                                     f"not {value!r}")
            else:
                raise ValueError(f"unknown option {name!r} for {self.name}; valid: base, escape")
        return dataclasses.replace(self, **options)  # type: ignore[arg-type]


PRESETS: dict[str, Rules] = {
    "classic": Rules("classic", seats=3, decks=1, hand_size=17, kitty_size=3,
                     kitty_public=True, random_first_bidder=True, forced_after_voids=3,
                     specials=False),
    "shanghai": Rules("shanghai", seats=4, decks=2, hand_size=25, kitty_size=8,
                      kitty_public=False, random_first_bidder=False, forced_after_voids=None,
                      specials=True),
}


CLASSIC = PRESETS["classic"]


def get_preset(preset: str) -> Rules:
    """The rules of a preset by name (ValueError lists the known ones)."""
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}") from None
