"""The console's Chinese is found by the English of each line (``bhtui.tui.clitexts``), so a
line reworded where it is made would silently go back to English for a Chinese player: every
msgid's own words must still be words some line is made of (a string in bhtui's code or
argparse's, or a system error's text)."""

from __future__ import annotations

import argparse
import ast
import errno
import os
from pathlib import Path
from string import Formatter

import bhtui
from bhtui.tui.clitexts import ZH


def _literals(path: Path) -> list[str]:
    """The string constants of a module, the constant parts of its f-strings among them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _known_words() -> list[str]:
    sources = [*Path(bhtui.__file__).parent.rglob("*.py"), Path(argparse.__file__)]
    said = [text for path in sources if path.name != "clitexts.py" for text in _literals(path)]
    return said + [os.strerror(code) for code in errno.errorcode]


COMPOSED = {
    "argument COMMAND: invalid choice: {value} (choose from {choices})":
        ("argument ", "invalid choice: ", " (choose from "),
    "--seat {seat} is not a person's seat at this table (those are none)":
        (" is not a person's seat at this table (those are ", "none"),
    "the header's door is missing: where the table listened on the LAN and whether it needed a "
    "join code was expected (a game against bots has none: `bhtui replay` opens it)":
        ("the header's ", "door", "missing", " was expected", "where the table listened on the "
         "LAN and ", "whether it needed a join code", "(a game against bots has none: `bhtui "
         "replay` opens it)"),
    "{name}: {key} = {value} is not text; using {shown}": (" is not ", "text", "; using "),
    "{name}: {key} = {value} is not {why}; using the default": (" is not ", "; using ",
                                                                "the default"),
    "{unsaved}: this game is played unsaved; to keep your games, set BHTUI_DATA_DIR to a folder "
    "you can write": (": this game is played unsaved; to keep your ", "set BHTUI_DATA_DIR to a "
                      "folder you can write"),
    "cannot host a table: {unsaved}, and its log is what host --resume needs; set BHTUI_DATA_DIR "
    "to a folder you can write": ("cannot host a table: ", ", and its log is what host --resume "
                                  "needs; ", "set BHTUI_DATA_DIR to a folder you can write"),
    "{unsaved}: set BHTUI_DATA_DIR to a folder you can write": (
        "set BHTUI_DATA_DIR to a folder you can write",),
    "cannot replay {path}: {reason}": ("cannot ", "replay"),
    "cannot analyse {path}: {reason}": ("cannot ", "analyse"),
    "bots play many rounds rotated over the seats: scores with 95% intervals, roles, decision "
    "times": ("bots play many rounds rotated over the seats: scores with 95",
              " intervals, roles, decision times"),
}
"""Msgids of lines put together from several strings (argparse's "argument %s: %s", a verb in
"cannot {verb}", a setting's "is not {why}; using {shown}" with its why or its default, what
to set where no game can be saved, a help's "95%%", which argparse prints "95%"), by the strings
they are made of."""


def test_every_console_msgid_is_still_made_by_some_line():
    known = _known_words()
    stale = []
    for msgid in ZH:
        pieces = COMPOSED.get(msgid) or [words for words, *_ in Formatter().parse(msgid)]
        for words in pieces:
            if len(words.strip()) >= 3 and not any(words in text for text in known):
                stale.append((msgid, words))
    assert stale == [], "no line is made of these words any more: reword the msgid too"
