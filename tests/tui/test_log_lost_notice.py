"""A game against bots whose log cannot be written on mid-round (the file past the process's
size limit: EFBIG, as a full disk's ENOSPC). The failed write raised in the middle of the
table's move: the game froze and nothing was said. Now the player is told once, in his
language, what failed and what it means (a toast, F3, the table's log), and the round plays
on; the log keeps what it had.

The limit is real (RLIMIT_FSIZE, SIGXFSZ ignored), set for the moments the test needs it."""

from __future__ import annotations

import shlex

import pytest

from bhtui.store.gamelog import GameLog
from bhtui.tui.dialogs import MatchEndScreen

from helpers import file_size_limit
from tui_helpers import make_app, my_play_turn, screen_text, table, wait_for


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_log_that_cannot_grow_mid_round_is_said_once_and_the_round_plays_on(language):
    app = make_app(language, rounds=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await my_play_turn(pilot, app)
        log = app.host.log
        path, written = log.path, log.path.stat().st_size
        with file_size_limit(written):  # the next record cannot be written
            await pilot.press("t")  # 托管: the round is played on for Ana
            await wait_for(pilot, lambda: app.warnings, "the notice")
        quoted = shlex.quote(str(path))
        said = (app.t("warnings.log_lost", path=quoted, reason="File too large") + " "
                + app.t("warnings.log_lost_local", path=quoted))
        assert app.warnings == [said]  # F3 lists it, and the terminal once bhtui ends
        toast = app.t("warnings.log_lost_toast", reason="File too large")
        assert [str(n.message) for n in app._notifications] == [toast]  # it names F3
        line = app.t("log.unsaved", reason="File too large")
        await wait_for(pilot, lambda: line in table(app).log_lines, "the log's line")
        await wait_for(pilot, lambda: app.host.match.over, "the match's end")
        assert app.warnings == [said]  # once, not at each move after
        await pilot.press("f3")
        title = app.t("warnings.title", n=1)
        await wait_for(pilot, lambda: title in "\n".join(screen_text(app)), "F3's list")
    assert app.problems == [said]
    assert path.stat().st_size == written  # the torn record cut off
    kept = GameLog.read(path)
    assert kept.warnings == [] and kept.actions  # a whole log up to the failure


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_notice_is_read_whole_under_the_match_over_box(language):
    """At 80x24 the Match over box leaves four rows under it, where toasts go: the notice
    (path, reason, what it means and how to replay it) showed down to "cannot be written
    (File too large):" and went on past the screen's last row. Its toast is short, and F3
    gives it whole."""
    app = make_app(language, rounds=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await my_play_turn(pilot, app)
        with file_size_limit(app.host.log.path.stat().st_size):
            await pilot.press("t")
            await wait_for(pilot, lambda: app.warnings, "the notice")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        await wait_for(pilot, lambda: app.screen.query("Toast"), "the notice under the box")
        await pilot.pause()
        for toast in app.screen.query("Toast"):
            assert app.screen.region.contains_region(toast.region), toast.region
