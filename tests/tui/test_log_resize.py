"""The table's log keeps its latest lines in sight when the terminal is resized (it showed
its oldest from then on, "Round 1 dealt", under the turn it was to say), and a player who
paged it up keeps his place."""

from __future__ import annotations

import pytest

from bhtui.tui.table import TableScreen

from tui_helpers import handled_so_far, make_app, my_play_turn, screen_text, table


def log_text(app) -> str:
    """The log pane's rows as the terminal shows them (the table's rows, below the table)."""
    rows = screen_text(app)
    top = next(i for i, row in enumerate(rows) if "─ Log ─" in row)
    bottom = next(i for i in range(top + 1, len(rows)) if rows[i].lstrip().startswith("╰"))
    return "\n".join(rows[top + 1:bottom])


@pytest.mark.parametrize("other", [(100, 30), (120, 36), (60, 20)])  # (60x20: too small)
async def test_after_a_resize_the_log_still_shows_its_latest_line(other):
    app = make_app(seed=5, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        latest = screen.log_lines[-1]
        assert latest in log_text(app) and screen.log_lines[0] not in log_text(app)
        for size in (other, (80, 24)):
            await pilot.resize_terminal(*size)
            await handled_so_far(pilot, screen)
        assert isinstance(app.screen, TableScreen)
        assert latest in log_text(app), log_text(app)


async def test_a_log_paged_up_keeps_its_place_through_a_resize_and_paged_down_its_end():
    app = make_app(seed=5, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:

        async def page_and_resize(key: str) -> str:
            """The log pane once ``key`` paged it and the terminal grew and shrank back;
            what it showed before the resize."""
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()
            shown = log_text(app)
            for size in ((100, 30), (80, 24)):
                await pilot.resize_terminal(*size)
                await handled_so_far(pilot, screen)
            return shown

        await my_play_turn(pilot, app)
        screen = table(app)
        latest = screen.log_lines[-1]
        shown = await page_and_resize("pageup")
        assert latest not in shown and log_text(app) == shown
        shown = await page_and_resize("pagedown")
        assert latest in shown and log_text(app) == shown
