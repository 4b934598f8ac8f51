"""The words of a door's visit (serve-ssh, serve-web) that the shared catalogue lacks: the
settings a visitor's screens are drawn in, which change for him at once — a visit has no next
start, so "(next start)" promised him what never came."""

from __future__ import annotations

STRINGS = {
    "visit.prefs.language": {"en": "Language", "zh": "语言"},
    "visit.prefs.card_style": {"en": "Card style", "zh": "牌面样式"},
    "visit.prefs.four_colour": {"en": "Four suit colours", "zh": "四色花色"},
}
