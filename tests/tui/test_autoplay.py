"""托管 at full speed never outruns the screen (issue 11, defect 1; R-AUTO-1): one round at a
time, each result shown before the next round is decided, and ctrl+q answered at every moment,
through a whole match to the match-end screen."""

from __future__ import annotations

import pytest

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import RoundResultScreen
from bhtui.tui.dialogs import MatchEndScreen, QuitScreen, ResultScreen
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from helpers import deal_of
from tui_helpers import (
    SHORT_DEAL,
    make_app,
    my_play_turn,
    quit_yes,
    table,
    tuoguan_to_the_match_end,
    until_hang,
    wait_for,
)


async def test_R_AUTO_1_tuoguan_plays_a_match_one_shown_round_at_a_time_and_ctrl_q_answers(first_deal):
    """Two rounds, the first a short deal: one round boundary under 托管 is what is at stake."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.3, rounds=2)  # bots without delay
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        shown: list[int] = []  # results seen open between two presses of ctrl+q
        actions_when_shown = 0
        for _ in until_hang("the match-end screen"):
            await pilot.press("ctrl+q")  # answered whatever the table is doing
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("n")
            assert not isinstance(app.screen, QuitScreen)
            screen, match = app.screen, app.host.match
            if isinstance(screen, ResultScreen):
                number = screen.end["round"]
                if not shown or shown[-1] != number:
                    shown.append(number)
                    actions_when_shown = len(match.actions)
                countdown = str(screen.continue_line.render())  # its line may not be mounted yet
                if countdown.endswith("Enter now"):  # counted down once mounted
                    assert countdown.startswith("Next round" if number < 2 else "The standings"), countdown
                # Nothing of the next round is decided while this result is open.
                assert len(match.records) == number
                assert len(match.actions) == actions_when_shown
            if isinstance(screen, MatchEndScreen):
                break
        assert table(app).model.results_shown == [1, 2] and app.host.match.over


async def test_R_AUTO_1_keys_typed_as_a_result_closes_by_itself_answer_no_dialog_after_it(
        first_deal):
    """托管's result closed by itself as a player pressed t, then Enter, to close it, and
    Enter took the throne the next round offered. Keys that fall on a decision's dialog
    in the moment after such a close are dropped (the app's clock stopped here, so that
    moment lasts); the quit prompt takes its keys, and the dialog its keys a moment on."""
    from bhtui.tui.baohuang.dialogs import ThroneDialog

    from helpers import rigged

    first_deal(deal_of(*SHORT_DEAL))
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0, result_seconds=0.2), LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        names, end = await tuoguan_to_the_match_end(pilot, app)
        await pilot.press("escape")  # the table, after the match
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        now = app.clock()
        app.clock = lambda: now
        app.push_screen(RoundResultScreen(app.t, end, names, end["scores"], [], False,
                                          auto_close=0.2))
        await wait_for(pilot, lambda: isinstance(app.screen, RoundResultScreen), "a result")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "its close")
        m = rigged("8H 8H 8H 2S", "BJ 9S", "10S", "JS", "QS", first=0)
        view = m.view(0)
        answers: list[object] = []
        app.push_screen(ThroneDialog(app.t, view, [a["type"] for a in view["actions"]],
                                     names, str), answers.append)
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the throne")
        await pilot.press("enter", "y")  # dropped: typed as the result went
        assert isinstance(app.screen, ThroneDialog) and not answers
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")  # the player's own prompt takes its keys
        assert isinstance(app.screen, ThroneDialog)
        app.clock = lambda: now + 1.0
        await pilot.press("y")
        await wait_for(pilot, lambda: answers, "the throne taken, a moment later")
        assert answers == [{"type": "accept"}]


async def test_enter_pressed_twice_on_a_result_takes_no_throne_unseen(first_deal):
    """Enter twice, quickly, on a round's result (two keys the terminal hands over at once):
    the first closed it, the second reached the throne's dialog that came at once, Accept
    focused, and the throne was taken unseen. Keys in the moment after a result closes are
    dropped at a decision's dialog (the app's clock stopped here, so that moment lasts); a
    moment on, the dialog takes its keys."""
    from textual import events

    from bhtui.tui.baohuang.dialogs import ThroneDialog
    from bhtui.tui.dialogs import DecisionDialog

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=30, rounds=3, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")  # 托管 to the round's end
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        await pilot.press("t")  # 托管 off: the result waits for Enter
        decided = len(app.host.match.actions)
        now = app.clock()
        app.clock = lambda: now
        app.post_message(events.Key("enter", "\r"))  # both read at once
        app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: isinstance(app.screen, DecisionDialog), "a decision")
        await pilot.pause()
        assert isinstance(app.screen, ThroneDialog) and app.host.match.actions[decided:] == []
        app.clock = lambda: now + 1.0
        await pilot.press("n")
        await wait_for(pilot, lambda: app.host.match.actions[decided:], "my answer")
        assert app.host.match.actions[decided] == (0, {"type": "decline"})


async def test_R_AUTO_1_quitting_while_a_result_waits_behind_the_prompt_opens_nothing_on_the_way_out(
        first_deal):
    """A round ends under 托管 while the quit prompt is open: its result waits behind the
    prompt, and y quits without the table opening it as the prompt goes (the result screen
    used to be pushed onto a closing app and fail on mount)."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        app.client.set_auto(True)  # what t sends: the round goes on behind the prompt
        await wait_for(pilot, lambda: table(app).model.pending_results, "the round's end behind the prompt")
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running
        assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)


async def test_R_AUTO_1_an_app_closing_as_a_counted_down_result_opens_quits_cleanly(first_deal):
    """托管's countdown ticks at once when a result opens; if the app is closing at that moment
    the box's lines are never mounted, and the count used to look its line up and crash the
    way out with NoMatches. (A short deal: the one round is quickly over.)"""
    first_deal(deal_of(*SHORT_DEAL))
    app = BhtuiApp(Config(name="Ana", bot_delay=0.0, result_seconds=0.2), LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        names, end = await tuoguan_to_the_match_end(pilot, app)
        app.push_screen(RoundResultScreen(app.t, end, names, end["scores"], [], True, auto_close=1.0))
        app.exit()
    assert app.return_code == 0


async def test_R_AUTO_1_a_result_that_opens_while_too_small_waits_unseen_and_the_log_reads(
        first_deal):
    """托管 plays on while the terminal is below 80x24: the round's result opened hidden
    and counted down unseen (it closed before anyone could read it), and every log line
    written meanwhile was drawn a character a line once the table showed again."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: t.model.small, "the table hidden")
        logged = len(t.log_lines)
        app.client.set_auto(True)  # what t sends (a key does nothing while hidden)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the result, hidden")
        result = app.screen
        await wait_for(pilot, lambda: result.has_class("small"), "the result giving way")
        await pilot.pause(1.0)  # over three times its count: it would have closed
        assert app.screen is result and len(app.host.match.records) == 1
        assert len(t.log_lines) > logged  # the round's last tricks were logged while hidden
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen is not result, "the count, once shown")
        log = t.query_one("#log")
        await wait_for(pilot, lambda: log.lines and log.virtual_size.width > 1, "the log drawn")
        assert all(strip.cell_length > 1 for strip in log.lines if strip.text.strip())


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_R_AUTO_1_taking_the_seat_back_from_tuoguan_stays_said_in_the_log(language):
    """t again turns 托管 off: nothing said so where it stayed — the status line's next
    words were at once an auto-pass's ("Nothing in your hand beats … passed for you"). The
    log says it and keeps it, over whatever the status line says next."""
    from textual.widgets import RichLog

    from bhtui.tui.i18n import Translator

    said = Translator(language)("log.auto_back")
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.2),
                   LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.client.table[0]["auto"], "托管 on")
        assert said not in table(app).log_lines
        await pilot.press("t")
        await wait_for(pilot, lambda: not app.client.table[0]["auto"], "托管 off")
        log = table(app).query_one("#log", RichLog)
        await wait_for(pilot, lambda: any(said[:20] in line.text for line in log.lines),
                       "the log line drawn")
        assert said in table(app).log_lines


async def test_R_MATCH_1_quitting_says_where_the_match_stood(first_deal):
    """A match with no set end (``bhtui`` alone) ends when the player quits, and bhtui's
    last lines said only where the game was saved: they say the totals too, each name with
    its own."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        names, _ = await tuoguan_to_the_match_end(pilot, app)
        totals = list(app.host.match.totals)
        await quit_yes(pilot, app)
    said = ", ".join(f"{name} {total:+d}" for name, total in zip(names, totals, strict=True))
    assert app.farewell[0] == f"totals after round 1: {said}"
    assert any(total != 0 for total in totals)


@pytest.mark.parametrize("rounds_before", [0, 1])
async def test_R_AUTO_3_quitting_says_the_totals_with_my_quit_penalty(first_deal, rounds_before):
    """With a quit penalty, quitting mid-round costs its points at once, and the match
    scored them; bhtui's last line gave the totals after the rounds finished without them
    (and none at all in the first round). It gives the totals as scored, saying the cost."""
    from bhtui.rules import PRESETS

    first_deal(deal_of(*SHORT_DEAL))
    rules = PRESETS["qingdao"].with_options(quit_penalty=10)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0, result_seconds=600),
                   LocalSession(rules=rules, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        if rounds_before:
            await pilot.press("t")  # 托管 plays the short first round out
            await wait_for(pilot, lambda: app.host.match.history, "the first round's end")
            # (its result stays up, and the table waits while I read it: no round ends)
        await quit_yes(pilot, app)
    match, names = app.host.match, [seat.name for seat in app.host.seats]
    n = len(match.history)
    before = match.history[-1]["totals"] if n else [0] * 5
    assert n == rounds_before and match.totals == [before[0] - 10, *before[1:]]
    said = ", ".join(f"{name} {total:+d}" for name, total in zip(names, match.totals, strict=True))
    assert app.farewell[0] == (f"totals after round {n}, with round {n + 1}'s penalties (Ana -10): "
                               if n else "totals with round 1's penalties (Ana -10): ") + said


@pytest.mark.parametrize(("penalty", "note"), [
    (10, "Leaving now costs you 10 points (the quit penalty)."), (0, None)])
async def test_R_AUTO_3_the_quit_question_says_what_quitting_costs(penalty, note):
    """Quitting a running match with a quit penalty costs its points at once, and the
    question asked nothing of it (Dou Dizhu's says what an escape costs). It says so."""
    from bhtui.rules import PRESETS

    rules = PRESETS["qingdao"].with_options(quit_penalty=penalty)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=rules, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        shown = app.screen.query("#quit-note")
        assert [" ".join(str(w.render()).split()) for w in shown] == ([note] if note else [])


async def test_R_AUTO_3_a_joiner_who_paid_the_quit_penalty_is_not_told_leaving_costs_again():
    """The host takes the quit penalty once a match (``Commands.leave``): a joiner who quit,
    took his seat back and quit again was told leaving costs him the points again, and
    lost nothing. The second question says nothing of a cost."""
    from bhtui.bots import make_bot
    from bhtui.net.host import Seat, Table
    from bhtui.net.serve import start_serving, start_when_full
    from bhtui.net.tcp import listen_socket
    from bhtui.rules import PRESETS
    from bhtui.tui.sessions import RemoteSession

    from net_helpers import HANG

    rules = PRESETS["qingdao"].with_options(quit_penalty=10)
    seats = [Seat()] + [Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True)
                        for s in range(1, 5)]
    host = Table(rules, seats, seed=3, rounds=1, bot_delay=HANG)  # nothing is played meanwhile
    serving = await start_serving(host, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(host)
    notes: list[list[str]] = []
    try:
        for _ in range(2):
            app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                           RemoteSession(f"127.0.0.1:{serving.port}"))
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for(pilot, lambda: any(isinstance(s, TableScreen)
                                                  for s in app.screen_stack), "my seat")
                assert app.client.seat == 0
                await pilot.press("ctrl+q")
                await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
                notes.append([" ".join(str(w.render()).split())
                              for w in app.screen.query("#quit-note")])
                await pilot.press("y")
                await wait_for(pilot, lambda: not app.is_running, "bhtui to end")
    finally:
        await serving.stop()
    assert host.match.totals[0] == -10  # once
    assert notes == [["Leaving now costs you 10 points (the quit penalty)."], []]
