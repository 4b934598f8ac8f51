"""The words of a door's visit (serve-ssh, serve-web) that the shared catalogue lacks: the
settings a visitor's screens are drawn in, which change for him at once — a visit has no next
start, so "(next start)" promised him what never came; his name is taken when he sits down at
a table (the demo's play-on), not at a start."""

from __future__ import annotations

STRINGS = {
    "visit.prefs.language": {"en": "Language", "zh": "语言"},
    "visit.prefs.card_style": {"en": "Card style", "zh": "牌面样式"},
    "visit.prefs.four_colour": {"en": "Four suit colours", "zh": "四色花色"},
    "visit.prefs.name": {"en": "Your name at the next table you sit at this visit:",
                         "zh": "本次访问中下次入座时用的名字："},
    "visit.saved": {"en": "Settings kept for this visit", "zh": "设置本次访问有效"},
}
