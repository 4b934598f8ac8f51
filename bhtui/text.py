"""Text from elsewhere made fit for a terminal: what another machine sends (the protocol's
texts, a lobby's records) and what an older bhtui left in a game log.

At the bottom of the layers beside ``bhtui.cards`` and ``bhtui.wire`` (the standard library
only), so the network and the store clean text alike: the store may not import the network.
"""

from __future__ import annotations

import re
import unicodedata

MAX_MARKS = 2  # combining marks kept on one character (Vietnamese needs two; Zalgo, dozens)
DROPPED = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
SEQUENCES = re.compile(
    r"(?:\x1b[P\]X^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x9c|\x1b\\)?"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|\x1b[ -/]*[0-~]?")
"""Whole escape sequences, as a terminal reads them: strings (OSC ``ESC ]``, DCS ``ESC P``,
SOS, PM, APC, or their 8-bit C1 forms) up to their end (BEL, ST, or the next ESC), control
sequences (CSI ``ESC [`` or 8-bit U+009B, parameters, final byte) and every other ``ESC x``.
Taking out only ESC itself left the rest shown: ``]0;pwned[2J[HBad``."""


def clean_text(text: str) -> str:
    """Text from another machine as a terminal may show it: no escape sequence, whole
    (``SEQUENCES``), then no control characters (C0, C1, DEL, and format characters: bidi
    overrides and isolates, zero-width spaces and joiners — they reorder or hide what is
    shown) and no line or paragraph separators, so nothing that moves the cursor or a line
    break ever reaches a screen; line breaks and tabs become spaces; at most MAX_MARKS
    combining marks on a character, so none piles over the lines around it."""
    out: list[str] = []
    marks = 0
    for c in SEQUENCES.sub("", text):
        if c in "\t\n\r":
            c = " "
        category = unicodedata.category(c)
        if category in DROPPED:
            continue
        marks = marks + 1 if category[0] == "M" else 0
        if marks <= MAX_MARKS:
            out.append(c)
    return "".join(out)


def shortened(text: str, most: int, mark: str = "…") -> str:
    """``text`` in at most ``most`` characters, ending in ``mark`` where it was cut: a name
    cut without one was read as the whole name."""
    return text if len(text) <= most else text[:most - len(mark)].rstrip() + mark


def clean_line(text: str, most: int) -> str:
    """``text`` as a name on one line of a screen: cleaned (:func:`clean_text`), no spaces
    around it, at most ``most`` characters ("" when nothing printable is left)."""
    return clean_text(text).strip()[:most].rstrip()
