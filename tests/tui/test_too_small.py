"""The table's "too small" message as a person reads it in a shrunk terminal: its lines."""

from __future__ import annotations

import pytest

from tui_helpers import make_app, strips, table, wait_for


async def small_table_lines(pilot, app, size: tuple[int, int]) -> list[str]:
    """The lines of the message the table gives way to, shrunk to ``size``, as drawn."""
    await wait_for(pilot, lambda: app.client is not None and app.client.view is not None)
    await pilot.resize_terminal(*size)
    await wait_for(pilot, lambda: table(app).model.small, "the too-small message")
    await pilot.pause()
    drawn = strips(table(app).query_one("#too-small"))
    return [strip.text.strip() for strip in drawn if strip.text.strip()]


@pytest.mark.parametrize(("language", "size", "said"), [
    ("en", (60, 20), ["Terminal too small (60×20).", "This needs 80×24: enlarge it."]),
    ("en", (40, 12), ["Terminal too small (40×12).", "This needs 80×24: enlarge it."]),
    ("zh", (40, 12), ["终端太小（当前为 40×12）。", "这里需要 80×24，请放大窗口。"]),
])
async def test_the_too_small_message_breaks_between_its_sentences(language, size, said):
    """At 60 columns the English message was one sentence folded by Textual: "… it is
    60×20. Enlarge" and then " it." alone. Each sentence has a line of its own, down to 40
    columns, in both languages."""
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await small_table_lines(pilot, app, size)
        assert lines[:2] == said, lines
