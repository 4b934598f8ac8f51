"""The table screen through Textual's Pilot: a whole round by keyboard, the status line's
reasons, help, quit, themes, and the too-small message."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList, RichLog

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import CallDialog, ThroneDialog
from bhtui.tui.cardstyle import rank_text
from bhtui.tui.dialogs import HelpScreen, QuitScreen, ResultScreen
from bhtui.tui.doudizhu.dialogs import BidDialog
from bhtui.tui.preferences import PreferencesScreen
from bhtui.tui.sessions import LocalSession
from bhtui.tui.settings import SettingsScreen
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import RANK_KEYS, HandView

from helpers import deal_of
from tui_helpers import (
    SHORT_DEAL,
    answer_baohuang,
    answer_dialog,
    config,
    drive,
    footer_text,
    make_app,
    my_play_turn,
    my_turn_to_play,
    names_every_match,
    play_the_hint,
    play_to,
    quit_yes,
    reach_my_play_turn,
    record_pushes,
    screen_text,
    t_hands_the_dialog_to_tuoguan,
    table,
    wait_for,
)


async def test_a_whole_round_through_the_keyboard_to_the_result_screen(first_deal):
    """R-EMP-Q5, R-GUARD-1, R-TRICK-1, R-END-1 by keyboard: the throne taken, the card called,
    tricks played by the hint to the round's end, its result, Enter for the next round (a
    short first deal: the same dialogs and keys in a handful of moves)."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await play_to(pilot, app, ResultScreen, answer_baohuang)
        assert app.host.match.records and app.host.match.round.number == 2
        log = "\n".join(table(app).log_lines)
        assert "Round 1 over" in log and "plays" in log
        await pilot.press("enter")  # start the next round
        await wait_for(pilot, lambda: isinstance(app.screen, (TableScreen, ThroneDialog, CallDialog)))
        await wait_for(pilot, lambda: app.client.view["round"] == 2 and app.host.seats[0].ready)


async def test_R_EMP_Q5_R_GUARD_1_an_answered_dialog_is_not_opened_again_before_the_host_moves_on(
        monkeypatch):
    """Taking the throne and calling the card open their dialogs once each: the answered
    dialog opened again at once (the table still showed the question until the host's next
    view came) and was withdrawn a moment later — a flicker, and the dialog's work twice."""
    pushed = record_pushes(monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        assert app.client.view["emperor"] == 0 and app.client.view["called"]
    assert [name for name in pushed if name.endswith("Dialog")] == ["ThroneDialog", "CallDialog"]


async def test_R_EMP_Q5_an_answer_the_host_refuses_opens_its_dialog_again():
    """Not asked again before the host's next view — unless the host refuses the answer (here
    it arrives as if the table had moved on): the dialog comes back, and the status says why."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        client, act = app.client, app.client.act

        def stale_once(action):
            client.act = act
            client.seq -= 1
            try:
                return act(action)
            finally:
                client.seq += 1

        client.act = stale_once
        dialog = app.screen
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog) and app.screen is not dialog,
                       "the dialog again")
        assert "moved on" in str(table(app).query_one("#status").render())
        await pilot.press("y")
        await wait_for(pilot, lambda: app.client.view["emperor"] == 0, "the throne taken")


async def test_an_illegal_selection_is_never_sent_and_the_status_line_says_why():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        status = t.query_one("#status")
        seq = app.host.seq
        hand = t.query_one(HandView)
        ranks = sorted({c[:-1] for c in hand.cards if c not in ("SJ", "BJ")})
        key = {"10": "0"}.get(ranks[0], ranks[0].lower())
        key2 = {"10": "0"}.get(ranks[1], ranks[1].lower())
        await pilot.press(key, key2, "enter")
        assert "not a set" in str(status.render())
        assert app.host.seq == seq  # nothing reached the host
        await pilot.press("escape", "enter")
        assert "select cards first" in str(status.render())
        await pilot.press("p")
        assert "leader must play" in str(status.render())
        assert app.host.seq == seq


async def test_help_opens_over_a_decision_and_quit_asks_first():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ThroneDialog)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        assert not isinstance(app.screen, QuitScreen) and app.is_running
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_help_of_a_game_against_bots_lists_no_chat_key(language):
    """A play-through: the help listed "c chat" at a table of bots alone, where c says
    "c does nothing here". The help lists the keys the table takes; chat is not one here."""
    app = make_app(language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.texts[0]
        assert "PgUp PgDn" in keys and " v " in keys
        assert "c chat" not in keys and "c 聊天" not in keys


async def test_the_help_longer_than_its_box_says_how_to_scroll_and_scrolls():
    """A play-through: F1's help runs to several boxes at 80×24 and said only "Esc closes
    this help"; it names the scroll keys, and they scroll it."""
    from textual.containers import VerticalScroll

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        await pilot.press("f1")
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        text = " ".join(str(w.render()) for w in help_.query("Plain"))
        assert "PgDn" in text and "Esc" in text
        body = help_.query_one(VerticalScroll)
        assert body.max_scroll_y > 0
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: body.scroll_y > 0)


async def test_t_in_a_decision_dialog_hands_that_decision_to_tuoguan():
    """Issue 11, defect 13 (no key that does nothing): the footer under a dialog says t 托管;
    pressing it there turns 托管 on and the bot answers the throne for me (R-AUTO-1)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await t_hands_the_dialog_to_tuoguan(pilot, app, ThroneDialog)


async def test_a_terminal_below_80x24_says_so_and_nothing_is_decided_or_played_blind():
    """The throne offered while the terminal is too small waits for a terminal that shows
    the hand; keys that would act (t 托管, a rank) do nothing meanwhile."""
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.my_turn, "my throne offer")
        t = table(app)
        assert t.has_class("small")
        text = str(t.query_one("#too-small").render())
        assert "80×24" in text and "70×20" in text
        await pilot.press("t", "y", "3")
        assert app.screen is t and not app.host.seats[0].auto
        assert t.query_one(HandView).selected == []
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne dialog")
        assert not t.has_class("small")
        await pilot.resize_terminal(70, 20)  # a dialog already open is withdrawn, not answered blind
        await wait_for(pilot, lambda: app.screen is t, "the dialog withdrawn")
        await pilot.press("y")
        assert app.host.match.round.emperor is None
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne asked again")
        assert t.focused is t.query_one(HandView)  # the keys go to the hand again


async def test_ctrl_t_switches_theme_and_a_broken_user_theme_warns_once(tmp_path, monkeypatch):
    themes = Path(tmp_path / "config" / "themes")
    themes.mkdir(parents=True)
    (themes / "broken.toml").write_text("name = 'broken'\nprimary = 'not a colour'\n")
    (themes / "mine.toml").write_text("name = 'mine'\nprimary = '#ff8800'\n")
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "config"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == "felt" and "mine" in app.theme_names
        assert "broken" not in app.theme_names
        warnings = [n.message for n in app._notifications]
        assert len([w for w in warnings if "broken.toml" in w]) == 1
        before = app.theme
        await pilot.press("ctrl+t")
        assert app.theme != before


async def test_a_user_theme_with_a_card_colour_that_is_none_is_skipped_not_a_crash(
        tmp_path, monkeypatch):
    """A theme file's card colour that is not a colour (`card-red = "notacolour"`) took the
    app down as the hand was drawn: Textual never reads the card colours, Rich does, late.
    Such a file is skipped, the settings' problems (F3) naming it, and the table plays in felt."""
    themes = Path(tmp_path / "config" / "themes")
    themes.mkdir(parents=True)
    (themes / "pink.toml").write_text(
        "name = 'pink'\nprimary = '#ff8800'\n[variables]\ncard-red = 'notacolour'\n")
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "config"))
    app = make_app(theme="pink")
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        assert app.theme == "felt" and "pink" not in app.theme_names
        assert [p for p in app.problems if "pink.toml" in p and "card-red" in p], app.problems


async def test_chinese_screen_uses_chinese_words_and_letter_suits():
    app = make_app(language="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        assert t.query_one("#table").border_title == "牌桌"
        assert app.card_style.style == "letters"
        assert any("皇帝" in line for line in t.log_lines)


async def test_rank_keys_backspace_arrows_space_and_a_click_select_cards():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        hand = table(app).query_one(HandView)
        first = hand.cards[0]
        key = {"10": "0"}.get(first[:-1], first[:-1].lower())
        await pilot.press(key, key)
        assert len(hand.selection()) == 2 and all(c[:-1] == first[:-1] for c in hand.selection())
        await pilot.press("backspace")
        assert len(hand.selection()) == 1
        await pilot.press("escape")
        assert hand.selection() == []
        await pilot.press("right", "space")
        assert hand.selection() == [hand.cards[1]]
        await pilot.press("space")
        assert hand.selection() == []
        await pilot.click(HandView, offset=(2, 1))  # the first card of the first line
        assert hand.selection() == [hand.cards[0]]
        await pilot.press("b")
        assert "BJ" in hand.selection()


async def test_hint_fills_the_selection_and_tuoguan_lets_the_bot_play():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None)
        assert t.query_one(HandView).selection()
        before = len(app.host.match.actions)
        app.host.bot_delay = 0.05  # slow enough to look at the screen between moves
        await pilot.press("t")
        await wait_for(pilot, lambda: any(s == 0 for s, _ in app.host.match.actions[before:]))
        assert app.host.seats[0].auto and "托管" in str(t.query_one("#status").render())
        await pilot.press("t")
        await wait_for(pilot, lambda: not app.host.seats[0].auto)


async def test_a_hint_on_its_way_says_so_and_gives_way_to_its_answer():
    """A host's hint may take a second on a busy machine: meanwhile the status line says it
    is coming, so h does not look dead; once it arrives the selection speaks."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        t, client = table(app), app.client
        status = t.query_one("#status")
        held: list = []
        client.unlisten(app._route)  # the host's answer waits here, as on a slow link
        client.listen(held.append)
        await pilot.press("h")
        assert str(status.render()) == "Hint: thinking…"
        await wait_for(pilot, lambda: any(m.get("type") == "hint" for m in held), "the hint")
        client.unlisten(held.append)
        client.listen(app._route)
        for message in held:
            app._route(message)
        await wait_for(pilot, lambda: t.last_hint is not None, "the hint on the screen")
        await pilot.pause()
        assert "thinking" not in str(status.render())


async def test_a_long_chat_line_wraps_in_the_log_and_never_scrolls_it_sideways():
    """A word longer than the log (a pasted link, a name in 买3's line) used to leave a
    sideways scrollbar over the log's last row for the rest of the game."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        log = t.query_one("#log", RichLog)
        app.client.chat("x" * 150)
        await wait_for(pilot, lambda: any("x" * 50 in line for line in t.log_lines), "the chat")
        await pilot.pause()
        assert log.max_scroll_x == 0 and not log.show_horizontal_scrollbar
        assert max(line.cell_length for line in log.lines) <= log.scrollable_content_region.width


async def test_R_GUARD_1_down_and_enter_typed_together_call_the_second_group(first_deal):
    """A terminal sends keys typed quickly in one burst. The dialog's Enter (a priority, so
    the footer says Call) was taken before the list's own ↓ in its queue, so ↓⏎ called the
    first group. Here both keys arrive at once, as from a terminal."""
    from textual import events

    from bhtui.cards import parse_card

    first_deal(deal_of("7H 7H 7H 8S 8S 8S 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog), "the call")
        await pilot.pause()
        app.post_message(events.Key("down", None))
        app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: app.host.match.round.called is not None, "the call")
        assert app.host.match.round.called == parse_card("8S")


async def test_the_score_sheet_gives_way_to_the_too_small_message():
    """Open over the table when the terminal shrank below 80x24, the score sheet covered
    the message saying why the table was gone; it closes with the table (v opens it
    again), and nothing else is lost."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        hand = list(t.query_one(HandView).cards)
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen is not t, "the score sheet")
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: app.screen is t, "the sheet closed")
        assert "Terminal too small" in str(t.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not t.model.small, "large again")
        assert t.query_one(HandView).cards == hand


@pytest.mark.parametrize(("key", "box"), [("ctrl+q", QuitScreen), ("f1", HelpScreen)])
async def test_the_quit_prompt_and_help_over_the_too_small_message_hide_it_whole(key, box):
    """Quitting and help work at any size, but over the "too small" message the quit prompt
    left its ends showing beside the box ("Ter█…█t."). The box hides it whole, and once the
    terminal is large again the table shows round it as before."""
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for(pilot, lambda: table(app).model.small, "the too-small message")
        assert any("Terminal too small" in line for line in screen_text(app))
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, box), "the box")
        await pilot.pause()
        framed = [line for line in screen_text(app) if "█" in line]
        assert framed, "the box is drawn"
        assert all(not (line[:line.index("█")] + line[line.rindex("█") + 1:]).strip()
                   for line in framed), "\n".join(framed)
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: not app.screen.has_class("over-small"), "large again")
        await pilot.pause()
        assert any(line[:line.index("█")].strip() for line in screen_text(app) if "█" in line)


@pytest.mark.parametrize(("key", "box", "size"), [
    ("f2", PreferencesScreen, (1, 1)), ("f2", PreferencesScreen, (20, 6)),
    ("f1", HelpScreen, (5, 3)), ("ctrl+q", QuitScreen, (20, 6))])
async def test_a_box_opened_in_a_tiny_terminal_says_it_is_too_small(key, box, size):
    """F2 at 1x1 crashed inside Textual's OptionList (no width to wrap its options in), and
    help or the quit prompt in a few cells showed a sliver of box. Below 40x12 every box says
    the terminal is too small instead — and that 40x12 shows it (it said 80x24, the table's
    size) — and comes back whole with the size; the quit prompt's own keys still answer
    (quitting works at any size: its footer says them)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.resize_terminal(*size)
        await wait_for(pilot, lambda: table(app).model.small, "the too-small message")
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, box), "the box")
        shown = app.screen
        await wait_for(pilot, lambda: shown.has_class("small"), "the box giving way")
        said = "".join(str(shown.query_one("#too-small").render()).split())  # (as wrapped)
        assert f"({size[0]}×{size[1]})" in said and "needs40×12" in said, said
        if box is QuitScreen:  # (the footer is drawn after the box gives way)
            await wait_for(pilot, lambda: "Stay" in footer_text(shown), "its keys in its footer")
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not shown.has_class("small"), "large again")
        assert app.screen is shown and shown.query_one("Vertical").region
        if box is QuitScreen:
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda: shown.has_class("small"), "small again")
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is table(app), "the prompt answered")


async def test_the_settings_in_a_tiny_terminal_wait_and_keep_their_place():
    """The settings given way to the "too small" message take no key blind, and once the
    terminal is large again their list has the focus it had (hidden, it lost it: the arrows
    then did nothing)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        prefs = app.screen
        await pilot.press("down", "down")  # the card style
        before = prefs.config.card_style
        await pilot.resize_terminal(5, 3)
        await wait_for(pilot, lambda: prefs.has_class("small"), "the box giving way")
        await pilot.press("right")
        assert prefs.config.card_style == before
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(prefs.focused, OptionList), "the list's focus")
        await pilot.press("right")
        assert prefs.config.card_style != before


async def test_the_settings_opened_in_a_tiny_terminal_take_no_key_blind():
    """F2 opened at 20x6 (not opened large, then shrunk): its list took the focus after the
    box gave way, so Enter, down, Enter changed the theme unseen, and large again the focus
    sat on the name box, where the arrows did nothing."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.resize_terminal(20, 6)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        prefs = app.screen
        await wait_for(pilot, lambda: prefs.has_class("small"), "the box giving way")
        before = dataclasses.replace(prefs.config)
        await pilot.press("enter", "down", "enter", "right", "x")
        assert prefs.config == before
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(prefs.focused, OptionList), "the list's focus")
        await pilot.press("right")
        assert prefs.config != before


async def test_the_rules_before_a_match_in_a_tiny_terminal_wait_for_a_larger_one():
    """The rules page before a local match (--settings), in a terminal of a few cells: it
    crashed in its list of options; it says the terminal is too small, Enter does not start
    a match of rules nobody saw, and large again the page is there as it was."""
    app = BhtuiApp(config(), LocalSession(ask_rules=True))
    async with app.run_test(size=(5, 3)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the rules")
        rules = app.screen
        await wait_for(pilot, lambda: rules.has_class("small"), "the page giving way")
        await pilot.press("enter")
        assert app.screen is rules and app.session.table is None
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not rules.has_class("small"), "large again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.session.table is not None, "the match")


async def test_a_rounds_result_gives_way_to_the_too_small_message_and_waits(first_deal):
    """R-END-1's result over the table when the terminal shrank below 80x24: it showed cut
    off over the message, and Enter went on to the next deal blind. It says the terminal
    is too small, its keys wait (its footer offers quitting and help, as the table's does
    then: it was blank), and once large again the same result is there to read."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to(pilot, app, ResultScreen, answer_baohuang)
        result = app.screen
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: result.has_class("small"), "the result giving way")
        text = str(result.query_one("#too-small").render())
        assert "80×24" in text and "70×20" in text
        await wait_for(pilot, lambda: "Quit" in footer_text(result), "the keys under it")
        assert "Help" in footer_text(result) and "Continue" not in footer_text(result)
        await pilot.press("enter")
        assert app.screen is result and not app.host.seats[0].ready
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not result.has_class("small"), "large again")
        await wait_for(pilot, lambda: "Continue" in footer_text(result), "its own keys")
        assert "Quit" not in footer_text(result)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.host.seats[0].ready, "the next deal")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_rounds_result_comes_back_over_the_table_drawn_again_not_a_blank_screen(
        first_deal, size):
    """R-END-1's result, the terminal shrunk below 80x24 and grown back: the result handles
    the resize before the table under it, and its box came back over the table's message,
    then over a blank table, for a moment, before the table was laid out again. Every layout
    of the result after the regrow that shows its box now finds the table laid out under it;
    the result and the table are then on the screen together."""
    from textual.containers import Vertical

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app()
    async with app.run_test(size=size) as pilot:
        result = await play_to(pilot, app, ResultScreen, answer_baohuang)
        box, main = result.query_one(Vertical), table(app).query_one("#main")
        on_table = table(app).screen_layout_refresh_signal._subscriptions  # (Textual's own)
        textuals = len(on_table.get(table(app), []))
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: not main.region and not box.region, "the message alone")
        drawn: list[tuple[bool, bool]] = []  # each layout of the result: (box, table) shown
        result.screen_layout_refresh_signal.subscribe(
            result, lambda _: drawn.append((bool(box.region), bool(main.region))),
            immediate=True)
        await pilot.resize_terminal(*size)
        await wait_for(pilot, lambda: box.region and main.region, "the result over the table")
        assert (True, False) not in drawn, drawn
        shown = "\n".join(screen_text(app))
        assert "Round 1 over" in shown and "Scores" in shown and "too small" not in shown
        # Textual's own callbacks on the table (its tooltips' clearing) outlive the regrow.
        await wait_for(pilot, lambda: not table(app).has_class("regrowing"), "the regrow done")
        assert len(on_table.get(table(app), [])) == textuals >= 1


async def test_chat_sends_a_preset_phrase_and_it_shows_in_the_log():
    """The phrases are both games' (接风, a Baohuang word, was among them in Dou Dizhu). At
    a LAN table: a game against bots alone offers no chat (nobody would read it)."""
    from bhtui.net.host import Table
    from bhtui.net.tcp import listen_socket
    from bhtui.rules import PRESETS
    from bhtui.tui.sessions import HostSession

    friday = Table(PRESETS["qingdao"], seed=3, rounds=3, bot_delay=0.0, name="Friday")
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0),
                   HostSession(friday, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.room is not None,
                       "the waiting room")
        await pilot.press("b")
        await wait_for(pilot, lambda: friday.seats_taken() == 5, "the bots")
        await pilot.press("enter")
        await my_play_turn(pilot, app)
        await pilot.press("c")
        await pilot.press("tab", "down", "enter")  # the second preset: 快点吧
        await wait_for(pilot, lambda: any("快点吧" in line for line in table(app).log_lines))


async def test_names_with_markup_show_as_text_and_break_nothing(first_deal):
    first_deal(deal_of(*SHORT_DEAL))  # a short round: the result screen shows the name too
    app = BhtuiApp(Config(name="[/]Ana[red]", language="en", bot_delay=0.0), LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        assert "[/]Ana[red]" in str(t.query_one("#bottom").render())
        assert "[/]Ana" in "\n".join(t.log_lines)
        app.host.set_auto(0, True)  # let the bot finish: the result screen shows the name too
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_help_names_the_keys_the_table_really_binds(language):
    from bhtui.tui.i18n import Translator

    help_text = Translator(language)("help.body")
    bound = {b.key for b in TableScreen.BINDINGS} | {"ctrl+q", "ctrl+t", "f1"}
    for key, _word in [("t", "托管"), ("c", ""), ("p", ""), ("h", ""), ("ctrl+q", ""), ("ctrl+t", "")]:
        assert key in bound
        assert f"{key} " in help_text or f" {key}" in help_text, key
    assert "a 托管" not in help_text and " q 退出" not in help_text and " q quit" not in help_text


async def test_settings_before_a_local_match_show_each_option_and_apply_the_choice():
    from bhtui.tui.i18n import Translator
    from bhtui.tui.settings import SettingsScreen

    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0),
                   LocalSession(seed=7, rounds=1, ask_rules=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        options = app.screen.query_one("OptionList")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        zh = Translator("zh")
        assert labels == ["[ ] " + zh(f"option.{n}") for n in ("force_first", "grab_solo")] + [
            "[x] " + zh("option.joker_sets"), "<0> " + zh("option.quit_penalty")]
        await pilot.press("space")  # force_first on: the mark shows it, not a colour
        assert str(options.get_option_at_index(0).prompt).startswith("[x] 逼位")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.host is not None and app.host.match is not None)
        assert app.host.rules.force_first and not app.host.rules.grab_solo


async def test_the_rules_screen_keeps_its_title_and_choice_in_sight_and_its_switches():
    """At 80×24 the rules screen opened scrolled down to its options: the title and the
    chosen rule set were out of sight, and no key brought them back. Only the chosen set
    is described now and the options scroll in their own list. An option switched there
    stays switched on a look at another rule set and back (a quit penalty of 10 was 0)."""
    from bhtui.tui.settings import SettingsScreen

    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(seed=7, rounds=1, ask_rules=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        def in_sight() -> bool:  # (drawn once the key's new rule set is laid out)
            shown = "\n".join(screen_text(app))
            return all(words in shown for words in (
                "Rules for this match", "(•) Baohuang 保皇 · ", "←/→ rule set"))

        for step in ("right",) * 4 + ("left",) * 4:  # through Weihai's long list and back
            await wait_for(pilot, in_sight, "the title, the choice and the keys in sight")
            await pilot.press(step)
        await pilot.press("down", "down", "down", "space", "space")  # quit penalty 0 → 5 → 10
        assert app.screen.rules.quit_penalty == 10
        await pilot.press("right", "left")
        assert app.screen.rules.name == "qingdao" and app.screen.rules.quit_penalty == 10
        options = app.screen.query_one("OptionList")
        assert str(options.get_option_at_index(3).prompt).startswith("<10> Quit penalty")
        await pilot.press("up", "up", "space", "space")  # 抢独 on and off again: as shipped
        assert not app.screen.rules.grab_solo and "grab_solo" not in app.screen.switched


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_EMP_Q5_esc_or_q_on_a_decision_says_it_waits_and_the_call_names_its_keys(
        language):
    """The throne's dialog ignored Esc and q without a word; they say now that the table
    waits for the choice and where its keys are (the dialog stays). The call's list of
    groups named no key for itself: it says Enter (and ↑↓ over more than one)."""
    from bhtui.tui.i18n import Translator

    t = Translator(language)
    app = make_app(language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne")
        for key, press in (("escape", "Esc"), ("q", "q")):
            await pilot.press(key)
            await wait_for(pilot, lambda press=press: any(
                n.message == t("dialog.must", press=press) for n in app._notifications),
                f"what {press} says")
        assert isinstance(app.screen, ThroneDialog) and app.is_running
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog), "the call")
        words = [str(p.render()) for p in app.screen.query("Plain")]
        options = app.screen.query_one(OptionList).option_count  # (one here: Enter alone)
        assert t("call.keys" if options > 1 else "call.key") in words


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_esc_on_the_rules_screen_before_a_match_quits_and_says_so(language):
    """`bhtui --settings`, another rule set picked (Dou Dizhu classic), then Esc: it started a
    Qingdao match, the choice dropped, and no key on the screen named Esc. Esc quits now,
    with no match started, and the footer and the keys line say it."""
    from bhtui.tui.i18n import Translator
    from bhtui.tui.settings import SettingsScreen

    t = Translator(language)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(seed=7, rounds=1, ask_rules=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await wait_for(pilot, lambda: f"esc {t('key.settings.quit')}" in footer_text(app.screen),
                       "Esc named in the footer")
        # Space is named in the player's language too (the Chinese footer said "space")
        assert f"{t('keyname.space')} {t('key.settings.switch')}" in footer_text(app.screen)
        assert t("settings.leave_quit") in "\n".join(screen_text(app))
        await pilot.press("left", "left")  # Dou Dizhu classic
        assert app.screen.game.name == "doudizhu"
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.is_running, "bhtui to quit")
    assert app.host is None  # no table, of either game


def test_every_option_of_every_preset_is_explained_in_both_languages():
    from bhtui.rules import PRESETS
    from bhtui.tui.i18n import STRINGS

    for name, rules in PRESETS.items():
        assert f"preset.{name}" in STRINGS
        for option in rules.options():
            assert set(STRINGS[f"option.{option}"]) == {"en", "zh"}


@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
async def test_h_again_leafs_through_other_plays_and_enter_plays_the_one_shown(game):
    """h used to ask the host again and show the same hint. Now, on the same turn with the
    hint's cards still picked, it steps through the other plays at once (saying which of
    how many, counted from the host's hint: it jumped to "58 of 59" where the hint stood in
    the list), Enter plays the one shown; a selection of my own makes h ask the host."""
    rules = {} if game == "baohuang" else {"rules": DDZ_PRESETS["classic"]}
    app = BhtuiApp(config(), LocalSession(seed=3, rounds=1, **rules))
    async with app.run_test(size=(80, 24)) as pilot:
        await reach_my_play_turn(pilot, app)
        t, client = table(app), app.client
        hand, status = t.query_one(HandView), t.query_one("#status")
        asked: list[int] = []
        ask = client.ask_hint
        client.ask_hint = lambda: asked.append(1) or ask()  # type: ignore[method-assign]
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None, "the hint")
        await pilot.pause()
        shown, counted = [sorted(hand.selection())], []
        for _ in range(3):
            await pilot.press("h")
            words = re.fullmatch(r"(\d+) of \d+: (.+) — ⏎ plays it, h for the next",
                                 str(status.render()))
            assert words and words[2] == t.parts.selection_words(
                hand.selection(), client.view, t.style.label), str(status.render())
            shown.append(sorted(hand.selection()))
            counted.append(int(words[1]))
        assert asked == [1] and all(shown) and len(set(map(tuple, shown))) == 4, shown
        assert counted == [2, 3, 4]  # counted from the host's hint, the first
        held = len(client.view["hand"])
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(client.view["hand"]) == held - len(shown[-1]),
                       "the play shown, played")


async def answer_turn(pilot, app, found) -> None:
    """Play my leads by the hint (Baohuang's dialogs and Dou Dizhu's bids answered) until it
    is my turn to answer a set and ``found(screen)`` says this turn is the one looked for;
    other turns are played as the hint says."""
    async def step() -> bool:
        if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
            if app.client.view.get("top") and await found(table(app)):
                return True
            await play_the_hint(pilot, table(app))
        elif not await answer_dialog(pilot, app) and isinstance(app.screen, BidDialog):
            await pilot.press("3" if app.screen.offered("3") else "p")
        return False
    await drive(pilot, step, "the turn looked for")


async def the_hint(pilot, screen) -> str:
    """h at my turn: the host's hint on the status line."""
    screen.last_hint = None
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.last_hint is not None, "the hint")
    await pilot.pause()
    return str(screen.query_one("#status").render())


ONE_BEATS = ("7H 7H 7H 2S 2S", "7H 9S", "AH AH AH 8C", "5D 6D", "KC 2C")
"""Ana takes the throne and its BJ and leads 7 7 7; her guard Wang passes, Zhang plays A A A,
which only her 2 2 + BJ beats: one play, or passing."""


@pytest.mark.parametrize(("language", "hint", "or_pass"), [
    ("en", "Hint: 2♠ 2♠ BJ — ⏎ plays it, h again for another",
     "Or pass on A A A and keep your cards (p or ⏎), h for the hint"),
    ("zh", "提示：2S 2S BJ — ⏎ 出牌，再按 h 换一手",  # (the letter cards by default)
     "也可以先不压 A A A，选“不要”留着牌（p 或 ⏎），h 回到提示")], ids=["en", "zh"])
async def test_the_hint_says_it_is_the_hint_and_passing_after_it_is_one_choice_more(
        first_deal, language, hint, or_pass):
    """On A A A with one play that beats it, the first h said only "Selected: 2♠ 2♠ BJ" ("Hint"
    was written only where other plays followed) and the second "Hint: pass on A A A and
    keep your cards", which read as the recommendation. The first says it is the hint, the
    second offers passing as one choice more, and the third is the hint again."""
    first_deal(deal_of(*ONE_BEATS))
    app = make_app(language, auto_pass=False)
    async with app.run_test(size=(80, 24)) as pilot:
        async def found(screen) -> bool:
            return True
        await answer_turn(pilot, app, found)
        t = table(app)
        status, hand = t.query_one("#status"), t.query_one(HandView)
        assert await the_hint(pilot, t) == hint
        await pilot.press("h")
        assert str(status.render()) == or_pass and not hand.selection()
        await pilot.press("h")
        assert sorted(hand.selection()) == ["2S", "2S", "BJ"]


async def test_a_hint_with_nothing_else_to_offer_says_it_is_the_hint(first_deal):
    """Ana's last lead, 2 2, is the only one: the hint said "Selected: 2♠ 2♠", no "Hint"."""
    first_deal(deal_of("7H 7H 7H 2S 2S", "7H AH AH AD", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app(auto_pass=False)
    async with app.run_test(size=(80, 24)) as pilot:
        async def step() -> bool:
            if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
                if app.client.view["hand"] == ["2S", "2S"]:
                    return True
                await play_the_hint(pilot, table(app))
            else:
                await answer_dialog(pilot, app)
            return False
        await drive(pilot, step, "my last lead")
        assert await the_hint(pilot, table(app)) == "Hint: 2♠ 2♠ — ⏎ plays it"


async def test_in_dou_dizhu_passing_after_the_hint_to_play_is_one_choice_more():
    """The hand keys are shared: in Dou Dizhu (in Chinese here) the round of h offers the
    pass after the plays as a choice, not as the hint (提示)."""
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0, auto_pass=False),
                   LocalSession(rules=DDZ_PRESETS["classic"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        async def found(screen) -> bool:
            return (await the_hint(pilot, screen)).startswith("提示：")
        await answer_turn(pilot, app, found)
        t = table(app)
        hand, status = t.query_one(HandView), t.query_one("#status")
        for _ in range(40):
            await pilot.press("h")
            if not hand.selection():
                break
        top = t.parts.top_words(app.client.view, t.t)
        assert str(status.render()) == f"也可以先不压 {top}，选“不要”留着牌（p 或 ⏎），h 回到提示"


async def test_10_typed_picks_a_ten_and_a_lone_1_stays_an_ace():
    """1 is an ace, 0 a ten: "10" typed for a ten picked A♣ 10♥ (and 1010 "A♣ 10♥ A♣ 10♦ —
    not a set: …", cut at 80 columns). A 0 right after the 1 that picked an ace makes it a
    ten; 1 alone, or a then 0, stay an ace, and so does one when no ten is left to pick."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        hand = table(app).query_one(HandView)
        assert hand.selection() == [] and {"10", "A"} <= {c[:-1] for c in hand.cards}

        async def typed(*keys: str) -> list[str]:
            await pilot.press("escape", *keys)
            return [card[:-1] for card in hand.selection()]
        assert await typed("1", "0") == ["10"]
        assert await typed("1", "0", "1", "0") == ["10", "10"]
        assert await typed("1") == ["A"]
        assert await typed("a", "0") == ["A", "10"]
        assert await typed("1", "right", "0") == ["A", "10"]
        tens = sum(card[:-1] == "10" for card in hand.cards)  # then no ten is left: the ace
        assert await typed(*["1", "0"] * (tens + 1)) == ["10"] * tens + ["A"]  # stays picked


async def test_a_reason_after_a_long_selection_is_said_whole_at_80_columns():
    """A long selection pushed its reason off the 80-column line ("…jokers" and no
    "besides"): the cards are cut short instead."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        ranks = [card[:-1] if card[-1] in "SHCD" else card for card in t.hand.cards]
        keys = {"10": "0", "SJ": "s", "BJ": "b"}
        await pilot.press(*(keys.get(rank, rank.lower()) for rank in ranks[:12]))
        status = str(t.query_one("#status").render())
        assert status.startswith("Selected: ") and "…" in status, status
        assert status.endswith("not a set: a set is cards of one rank, jokers besides")
        assert cell_len(status) <= 78


async def test_upper_case_rank_letters_pick_as_their_lower_case():
    """Shift or caps lock: K said "K does nothing here: ? lists the keys"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        picked = {card[:-1] for card in t.hand.cards} & {"J", "Q", "K", "A"}
        for rank in sorted(picked):
            await pilot.press("escape", rank)
            assert [card[:-1] for card in t.hand.selection()] == [rank]
        await pilot.press("escape", "W")  # no rank: it says so
        assert str(t.query_one("#status").render()) == "W does nothing here: ? lists the keys"


def key_of(card: str) -> str:
    """The rank key that picks ``card``."""
    return next(key for key, rank in RANK_KEYS.items() if rank == rank_text(card))


async def test_cards_picked_ahead_stay_for_this_trick_and_go_when_another_leads_the_next():
    """Cards picked while others played stayed picked tricks later ("Selected: 7♠ 7♠ 4♠"),
    where Enter would have played them. Picked while the trick comes round to me they stay;
    once another seat leads a new trick they go. Dou Dizhu, with two seats played here by
    the test (Bo beats what he can, Cy passes), so the moments are not raced for."""
    from bhtui.games import get_game
    from bhtui.net.host import Seat, Table

    from net_helpers import connect

    host = Table(DDZ_PRESETS["classic"], [Seat(name=n, taken=True) for n in ("Ana", "Bo", "Cy")],
                 game=get_game("doudizhu"), seed=2, rounds=1, bot_delay=0.0)
    for seat in (1, 2):
        connect(host, host.seats[seat].name, seat=seat)
    host.start()
    app = BhtuiApp(config(), LocalSession(table=host, seat=0))
    checked: list[str] = []

    def others_act(seat: int) -> None:
        """Bo bids nothing, leads his first play and beats where he can; Cy only passes."""
        offered = list(host.match.legal_actions(seat))
        plays = [a for a in offered if a["type"] == "play"]
        passing = [a for a in offered if a["type"] == "pass"]
        host.apply(seat, (plays if seat == 1 and plays else passing or plays or offered)[0],
                   chosen=True)

    async def pick_ahead(screen: TableScreen, seat: int) -> list[str]:
        """A card picked while ``seat`` is to act, then ``seat`` acts."""
        await pilot.press(key_of(screen.hand.cards[0]))
        picked = screen.hand.selection()
        assert picked
        others_act(seat)
        return picked

    async def step() -> bool:
        view, seat = app.client.view, host.match.to_act
        assert not host.match.over, checked
        screen = table(app) if isinstance(app.screen, TableScreen) else None
        if seat in (1, 2):
            shown = screen is not None and view["phase"] == "play" and view["to_act"] == seat
            if shown and seat == 2 and view["top"] is not None and "ahead" not in checked:
                picked = await pick_ahead(screen, seat)  # Cy passes: my turn in this trick
                await wait_for(pilot, lambda: app.client.my_turn, "my turn")
                assert screen.hand.selection() == picked
                checked.append("ahead")
                await pilot.press("escape")
            elif shown and seat == 1 and view["top"] is None \
                    and app.client.events[-1][1]["type"] == "trick":
                await pick_ahead(screen, seat)  # Bo leads the next trick
                await wait_for(pilot, lambda: app.client.view["top"] is not None, "Bo's lead")
                await pilot.pause()
                assert screen.hand.selection() == []
                checked.append("new trick")
            else:
                others_act(seat)
        elif my_turn_to_play(app) and screen is not None:
            if view["top"] and view["top"]["seat"] == 1:
                await pilot.press("p")  # Bo takes the trick: he leads the next
            else:
                await play_the_hint(pilot, screen)
        elif isinstance(app.screen, BidDialog):
            await pilot.press("3" if app.screen.offered("3") else "p")
        return set(checked) == {"ahead", "new trick"}

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, step, "a card picked while Cy passes, and one before Bo leads")


async def test_tuoguan_turned_on_drops_the_cards_picked():
    """Cards picked, 托管 on and off: tricks later they were still picked."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        app.host.bot_delay = 0.05  # (托管 plays at a pace the screen idles at)
        await pilot.press(key_of(t.hand.cards[0]))
        assert t.hand.selection()
        await pilot.press("t")
        assert t.hand.selection() == []


async def test_quitting_a_local_game_stops_it_where_i_left_it():
    """ctrl+q, y at my turn: the bots played on, my seat too (托管's, in my log and my
    replay), for as long as the app took to close — 11 plays at --fast. The table stops
    once my leaving is handled, and bhtui's last line says where the game is kept (it said
    nothing: the README did not say either)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        host = app.host
        at = len(host.match.actions)
        await quit_yes(pilot, app)
        assert isinstance(app.screen, QuitScreen) and app.screen.question == "quit.question_on"
    assert host.closed and host.match.actions[at:] == []
    assert app.farewell == [f"this game is saved in {host.log.path}: to play it on, run bhtui "
                            f"replay {host.log.path}, press End (its last move), then p (play "
                            "on)"]


async def test_ctrl_c_says_which_key_quits():
    """ctrl+c quits most programs; here it did nothing and said nothing (Textual names only
    a key bound to its own quit action). It says which key quits, and quits nothing."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: any("ctrl+q quits bhtui" in str(n.message)
                                          for n in app._notifications), "the note")
        assert app.is_running and not isinstance(app.screen, QuitScreen)


async def test_S_SCORE_5_quitting_a_local_deal_with_a_landlord_still_counts_my_escape():
    """The table stops when I quit, but only after my leave: with the escape option it is
    still scored and logged as mine."""
    rules = DDZ_PRESETS["classic"].with_options(escape=True)
    app = BhtuiApp(config(), LocalSession(rules=rules, seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await reach_my_play_turn(pilot, app)
        host = app.host
        await quit_yes(pilot, app)
    assert host.closed and host.match.actions[-1] == (0, {"type": "escape", "why": "left"})
    assert host.match.records[0].result.escape == {"seat": 0, "why": "left"}


async def test_h_again_on_a_set_to_answer_comes_round_by_passing_to_the_hint():
    """Answering a set, passing is a choice too: after the last other play h offers it (the
    round showed only plays, unless the host's hint was to pass), then the hint again. With
    nothing picked Enter said "select cards first", though the hint had said to pass: it
    names p as well."""
    app = make_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        t, client = table(app), app.client

        async def step() -> bool:
            if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
                if client.view.get("top"):
                    return True
                await play_the_hint(pilot, t)
            else:
                await answer_dialog(pilot, app)
            return False
        await drive(pilot, step, "a set of another's to answer")
        t.last_hint = None
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None, "the hint")
        await pilot.pause()
        hand, status = t.query_one(HandView), t.query_one("#status")
        start, said = sorted(hand.selection()), []
        for _ in range(40):
            await pilot.press("h")
            said.append(str(status.render()))
            if sorted(hand.selection()) == start:
                break
        passed = [n for n, words in enumerate(said) if not re.match(r"\d+ of \d+: ", words)]
        assert start and passed == [len(said) - 2] and "pass" in said[-2], said
        assert said[-1].startswith("1 of "), said  # the hint itself again, first
        await pilot.press("escape", "enter")  # nothing picked: Enter says p passes
        assert str(status.render()) == "nothing picked: pick cards to play, or pass (p)"
        for _ in range(40):  # round to the hint to pass again
            await pilot.press("h")
            if str(status.render()) == said[-2]:
                break
        assert not hand.selection() and "(p or ⏎)" in said[-2], said[-2]
        passes = list(t.log_lines).count("You pass")
        await pilot.press("enter")  # the hint named the pass: Enter passes (it said
        await wait_for(pilot, lambda: list(t.log_lines).count(  # "nothing picked" before)
            "You pass") > passes, "my pass")


def test_an_earlier_match_whose_log_cannot_be_read_again_is_named_by_its_file(tmp_path):
    """A match's final totals come from its log, played again; a log since damaged is still
    named, without totals."""
    import shlex

    from analysis_helpers import played_log
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay

    good = played_log(tmp_path, "qingdao", "baohuang", 3)
    damaged = tmp_path / "damaged.bhlog"
    damaged.write_bytes(b"not a log")
    replay = Replay.from_log(GameLog.read(good))
    totals = ", ".join(f"{name} {p:+d}"
                       for name, p in zip(replay.names, replay.final_totals, strict=True))
    assert replay.finished and make_app()._earlier_lines([good, damaged]) == [
        f"a match played earlier at this table ended {totals}; it is saved in "
        f"{shlex.quote(str(good))} (bhtui replay shows it)",
        f"a match played earlier at this table is saved in {shlex.quote(str(damaged))}"]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_after_play_again_the_last_lines_name_every_match_s_file(first_deal, language):
    """再来一局 starts a new log: bhtui's last lines named the second match's file alone, and
    the first match's was never mentioned. Both are named; the first match's line gave its
    file alone ("这张牌桌之前的比赛保存在 …"), where quitting after it gave its totals too:
    it gives its final totals and its file."""
    from bhtui.tui.dialogs import MatchEndScreen

    from tui_helpers import tuoguan_to_the_match_end

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(language, result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        names, _ = await tuoguan_to_the_match_end(pilot, app)
        first = app.host.log.path
        totals = [f"{name} {p:+d}" for name, p in zip(names, app.host.match.totals, strict=True)]
        await pilot.press("enter")  # 再来一局
        await wait_for(pilot, lambda: app.host.log.path != first and app.host.started,
                       "the second match")
        assert not isinstance(app.screen, MatchEndScreen)
        second = app.host.log.path
        await quit_yes(pilot, app)
    names_every_match(app.farewell, first, second, totals, language)
