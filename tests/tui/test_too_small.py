"""The table's "too small" message as a person reads it in a shrunk terminal: its lines."""

from __future__ import annotations

import re

import pytest

from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import DeclareDialog
from bhtui.tui.sessions import LocalSession

from tui_helpers import make_app, my_play_turn, strips, table, wait_for


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


def seconds_said(lines: list[str], turn: str, left: str) -> int | None:
    """The seconds the message's line about my turn says are left (None: no such line)."""
    for line in lines:
        found = re.fullmatch(f"{turn} · {left}", line)
        if found:
            return int(found.group(1))
    return None


@pytest.mark.parametrize(("language", "turn", "left"), [
    ("en", "Your turn", r"(\d+) s left"), ("zh", "轮到你了", r"剩 (\d+) 秒")])
async def test_a_shrunk_terminal_says_my_turn_and_its_seconds_counting_down(language, turn, left):
    """Shrunk on his turn, a player saw only "the terminal is too small" while his turn
    timer ran on unseen, and found 托管 playing for him once he enlarged it. The message
    says it is his turn and the seconds left, counting down; the timer is not held (the
    others wait on it)."""
    app = make_app(language, timer=60.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await wait_for(pilot, lambda: app.host.scheduler.running() == "turn", "my turn timed")
        first = seconds_said(await small_table_lines(pilot, app, (60, 20)), turn, left)
        assert first is not None
        message = table(app).query_one("#too-small")

        def fewer() -> bool:
            said = seconds_said([line.strip() for line in str(message.render()).splitlines()],
                                turn, left)
            return said is not None and said < first
        await wait_for(pilot, fewer, "the countdown going on")
        assert app.host.scheduler.running() == "turn"  # not held


async def test_a_shrunk_terminal_says_the_bots_wait_for_my_declaration_and_for_how_long():
    """Baike, seed 3: a bot is offered the throne first, and the bots wait (timed) for
    whether I grab it; shrunk then, the message says so and the seconds that wait has left."""
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0, timer=60.0),
                   LocalSession(rules=PRESETS["baike"], seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.asked is not None
                       and app.client.asked.get("left") is not None, "the bots waiting on me")
        lines = await small_table_lines(pilot, app, (60, 20))
        assert seconds_said(lines, "Your chance to declare", r"(\d+) s left") is not None, lines


async def test_a_declaration_asked_again_once_the_terminal_grows_counts_to_its_deadline():
    """Baike, seed 3: the bots wait (60 s) for whether I grab. Shrunk, the message counts
    that wait down; enlarged 40 s later, the dialog came back saying 60 s were left (the
    seconds of the view that asked, long gone) while the bots would go on in 20. It says
    what the message said: the seconds to the deadline."""
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0, timer=60.0),
                   LocalSession(rules=PRESETS["baike"], seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareDialog)
                       and app.client.asked_until is not None, "the grab asked, timed")
        model = table(app).model
        later = model.clock() + 40.0
        model.clock = lambda: later  # the table's clock, 40 s on (and stopped there)
        said = seconds_said(await small_table_lines(pilot, app, (60, 20)),
                            "Your chance to declare", r"(\d+) s left")
        assert said is not None and said <= 20
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareDialog), "asked again")
        dialog = app.screen
        await wait_for(pilot, lambda: "left" in str(dialog.none_line.render()), "its count")
        assert str(dialog.none_line.render()) == (
            f"n or Enter: nothing to declare — play on — {said} s left")


@pytest.mark.parametrize(("language", "decide", "left"), [
    ("en", "Your decision: enlarge the terminal to answer", r"(\d+) s left"),
    ("zh", "轮到你选择：放大窗口后作答", r"剩 (\d+) 秒")])
async def test_a_shrunk_terminal_says_a_decision_waits_for_it_to_grow(language, decide, left):
    """Seed 3: the throne is offered to Ana, a dialog's decision. Shrunk then, the message
    said "Your turn · 13 s left" where the status line said "Your decision (see the
    dialog) · 12 s left" — of a dialog the small screen hides: it says the decision waits
    for the terminal to grow, with the seconds left."""
    app = make_app(language, timer=60.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.my_turn
                       and app.client.view["phase"] != "play", "the throne offered to me")
        await wait_for(pilot, lambda: app.host.scheduler.running() == "turn", "my turn timed")
        lines = await small_table_lines(pilot, app, (60, 20))
        assert seconds_said(lines, decide, left) is not None, lines


@pytest.mark.parametrize(("language", "auto", "back"), [
    ("en", "托管 on: the bot plays for you (t to take over)", "托管 off"),
    ("zh", "托管中：机器人替你出牌（按 t 取消）", "已取消托管")])
async def test_a_shrunk_terminal_says_a_bot_plays_for_me_once_my_time_ran_out_and_t_stops_it(
        language, auto, back):
    """Shrunk, his turn timer ran out and 托管 took over: the line under the message that
    had counted his seconds went blank, and nothing said a bot played his seat. It says so
    now as the status line does, with the key that stops it — and that key works there."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.3, timer=1.0),
                   LocalSession(seed=3, rounds=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await small_table_lines(pilot, app, (60, 20))
        await wait_for(pilot, lambda: app.client.table[0]["auto"], "托管 on: my time ran out")
        message = table(app).query_one("#too-small")
        await wait_for(pilot, lambda: auto in str(message.render()), "the bot named")
        lines = [line.strip() for line in str(message.render()).splitlines() if line.strip()]
        assert lines[-1] == auto, lines
        await pilot.press("t")
        await wait_for(pilot, lambda: any(line.startswith(back) for line in table(app).log_lines),
                       "托管 taken off by t")
