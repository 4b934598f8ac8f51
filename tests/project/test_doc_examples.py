"""Every Python block in README.md and docs/*.md runs, so the docs cannot rot again (issue
28.2: the bot authors' snippets raised TypeError for months). A line whose comment is a Python
value (``# True``, ``# 'call': a view is a dict``) must give that value. A block that is
deliberately not run says so in its first line, visibly, with the reason: ``# not run: …``."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)
NOT_RUN = re.compile(r"# not run: (\S.*)")


def blocks() -> list[tuple[str, str]]:
    """(file:line, source) of every fenced Python block."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start(1)) + 1
            found.append((f"{path.relative_to(ROOT)}:{line}", match.group(1)))
    return found


def stated_values(source: str) -> dict[int, object]:
    """The value each line's comment states, by line: the comment, or its part before the
    first colon, read as a Python literal (prose comments state none)."""
    values: dict[int, object] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        text = token.string[1:].strip()
        for candidate in (text, text.split(":", 1)[0]):
            try:
                values[token.start[0]] = ast.literal_eval(candidate)
                break
            except (ValueError, SyntaxError):
                continue
    return values


BLOCKS = blocks()


@pytest.mark.parametrize(("where", "source"), BLOCKS, ids=[w for w, _ in BLOCKS])
def test_a_python_block_of_the_docs_runs_and_gives_the_values_its_comments_state(
        where, source):
    tree = ast.parse(source, where)  # a block not run must still be Python
    reason = NOT_RUN.match(source.lstrip())
    if reason:
        pytest.skip(f"{where} is marked not run: {reason.group(1)}")
    values = stated_values(source)
    scope: dict[str, object] = {"__name__": "__docs__"}
    for statement in tree.body:
        line = statement.end_lineno
        if isinstance(statement, ast.Expr) and line in values:
            got = eval(compile(ast.Expression(statement.value), where, "eval"), scope)
            assert got == values[line], f"{where}+{line - 1}: gives {got!r}"
        else:
            exec(compile(ast.Module([statement], []), where, "exec"), scope)


def test_the_docs_have_blocks_to_run_and_say_why_any_is_not_run():
    """The collector finds the README's bot-author blocks (a broken fence pattern would pass
    every file silently), and a block kept out of the run gives its reason on its first line
    — nothing else keeps one out."""
    runnable = [w for w, source in BLOCKS if not source.lstrip().startswith("# not run")]
    assert sum(w.startswith("README.md") for w in runnable) >= 2
    for where, source in BLOCKS:
        if source.lstrip().startswith("# not run"):
            assert NOT_RUN.match(source.lstrip()), f"{where}: '# not run: REASON'"


def test_a_comment_that_is_a_value_is_read_as_one_and_prose_is_not():
    """The check itself: a comment's value is compared, prose is not."""
    assert stated_values("1 + 1  # 2\nx = 3  # three: prose\nf()  # True: the rocket\n") == {
        1: 2, 3: True}
