"""Paragraphs wrapped to a width as Chinese and English are set: a line may break at a space
or between two Chinese characters, but never before a closing mark (。，、）…) nor after an
opening one (（「“…) — the line-breaking rule of CJK type (禁则, kinsoku). Textual folds a run
without spaces by cells and knows no such rule, so its Chinese help put a lone 。 at the
start of a line. An indented line (a key list) wraps onto lines under its description.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len, chop_cells

CLOSING = frozenset("。，、；：？！）」』》〉】〕”’…—%％·/,.;:?!)]}")
"""Marks that never begin a line: each stays with what comes before it."""
OPENING = frozenset("（「『《〈【〔“‘([{")
"""Marks that never end a line: each goes with what comes after it."""
NO_BREAK = "\xa0"
"""A no-break space: what it joins, up to a space or a closing mark, stays on one line
("G → R3 红桃2", which broke after "R3" at 80 columns; Chinese breaks between any two)."""


def wide(ch: str) -> bool:
    """A character set one per cell pair with no spaces around it (Chinese, its marks): a
    line may break on either side of it."""
    return cell_len(ch) == 2


def units(paragraph: str) -> list[str]:
    """The paragraph cut where a line may break: each wide character, each run of spaces and
    each word alone — closing marks joined to the unit before, opening marks to the next. In
    an English paragraph a Chinese word (报到, 托管) is a word too, never split."""
    out: list[str] = []
    english = sum(not wide(ch) for ch in paragraph if ch != " ") > sum(map(wide, paragraph))
    for ch in paragraph:
        last = out[-1] if out else " "
        if ch == " ":
            joins = last.isspace() and bool(out)
        else:
            joins = not last.isspace() and (
                ch == NO_BREAK or NO_BREAK in last and last[-1] not in CLOSING
                or last[-1] in OPENING or ch in CLOSING or wide(ch) == wide(last[-1]) and (
                    english or not wide(ch)))
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def closed_up(text: str) -> str:
    """``text`` without a space after a full-width closing mark where Chinese follows: the
    mark carries its own room. A name is spaced off its verb ("Liu 出 7 7"), and with its
    role tag that space stood after the bracket ("Liu（皇帝） 出 7 7")."""
    return re.sub(r"([）」』》〉】〕]) (\S)",
                  lambda found: found[1] + found[2] if wide(found[2]) else found[0], text)


def wrap(text: str, width: int) -> list[str]:
    """``text``'s lines, each paragraph broken into lines of at most ``width`` cells."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        indent = next((at for at in _hanging(paragraph) if at * 2 <= width), 0)
        line = ""
        for unit in units(paragraph):
            if cell_len(line) + cell_len(unit) <= width or not line.strip():
                line += unit
            elif unit[0] == " ":  # the break falls on the spaces: they go
                lines.extend(_folded(line, width))
                line = " " * indent
            else:
                lines.extend(_folded(line.rstrip(" "), width))
                line = " " * indent + unit
        lines.extend(_folded(line.rstrip(" ") if line.strip() else line, width))
    return lines


def pack(head: str, clauses: Sequence[str], separator: str, width: int) -> list[str]:
    """``head`` and then ``clauses`` apart by ``separator``, in lines of at most ``width``
    cells that break only between clauses, the separator ending the line: each clause is read
    whole ("Liu → Wang 红桃2"), unless it alone is wider than the width."""
    lines: list[str] = []
    line = head
    for n, clause in enumerate(clauses):
        piece = clause + (separator if n < len(clauses) - 1 else "")
        if line.strip() and cell_len(line) + cell_len(piece.rstrip(" ")) > width:
            lines.extend(_folded(line.rstrip(" "), width))
            line = ""
        line += piece
    lines.extend(_folded(line.rstrip(" "), width))
    return lines


def _hanging(paragraph: str) -> list[int]:
    """Where an indented line's wrapped lines may start, best first: under its words after a
    key and two spaces (a key list's description column), at its indent; 0 for a plain line."""
    indent = len(paragraph) - len(paragraph.lstrip(" "))
    column = re.search(r"\S {2,}(?=\S)", paragraph[indent:]) if indent else None
    return ([cell_len(paragraph[:indent + column.end()])] if column else []) + [indent]


def _folded(line: str, width: int) -> list[str]:
    """A line still too wide (one word wider than the width): cut by cells, as a last resort."""
    if cell_len(line) <= width:
        return [line]
    return chop_cells(line, width)


def reflow(text: str) -> str:
    """Join lines that were wrapped by hand back into paragraphs, so the screen wraps them
    once, at its own width (hand-wrapped lines wrapped again leave orphan words). Blank lines,
    indented lines (examples, key lists) and lines after one ending in a colon stay as they
    are."""
    out: list[str] = []
    for line in text.split("\n"):
        previous = out[-1] if out else ""
        if (line and previous and not line[0].isspace() and not previous[0].isspace()
                and previous[-1] not in ":："):
            glue = "" if wide(previous[-1]) or wide(line[0]) else " "
            out[-1] = previous + glue + line
        else:
            out.append(line)
    return "\n".join(out)
