"""The replay's analysis and playing on from it, by keyboard (issue 31)."""

from __future__ import annotations

import dataclasses

import pytest

from analysis_helpers import played_log, strict_log
from bhtui.analysis import cache_path
from bhtui.store.gamelog import GameLog, games_dir
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.games import parts_for
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession
from bhtui.tui.table import TableScreen
from bhtui.tui.texts import CHAT_KEY

from helpers import file_size_limit
from tui_helpers import config, screen_text, table, wait_for

BAD_AT = 47  # seed 1 of qingdao: seat 0 breaks 2 2 and BJ BJ where passing wins


def spend(match, seat):
    if len(match.actions) != BAD_AT:
        return None
    return next(a for a in match.legal_actions(0) if a.get("set") == "2 2 BJ BJ")


def at_table(app) -> bool:
    """The table is open (perhaps under the dialog of the person's first decision)."""
    return any(isinstance(s, TableScreen) for s in app.screen_stack)


def status(app) -> str:
    return str(app.screen.query_one("#r-status").render())


def log_text(app) -> str:
    return "\n".join(line.text for line in app.screen.query_one("#r-log").lines)


async def test_a_replay_analysed_in_the_background_its_mistake_found_and_played_on(
        tmp_path, monkeypatch):
    """``a`` analyses while the replay still steps; the status counts the decisions, then
    the mistakes; ``n`` goes to one, marked in the log with hard's choice; ``p`` starts a
    local game from that very moment, the person in the seat replayed."""
    import threading

    import bhtui.tui.replay

    path = played_log(tmp_path, "qingdao", "baohuang", 1, mine=spend, limit=BAD_AT + 1)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(config(), ReplaySession(replay))
    looked = threading.Event()  # the real analysis, held until the test has seen it running
    real = bhtui.tui.replay.analyse
    monkeypatch.setattr(bhtui.tui.replay, "analyse",
                        lambda *args: looked.wait(30) and real(*args))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("a")
        await pilot.press("right")  # stepping goes on meanwhile
        assert screen.position == 1 and "analysing" in status(app)
        looked.set()
        await wait_for(pilot, lambda: screen.review is not None, "the analysis")
        assert "mistakes" in status(app)
        while screen.position != BAD_AT + 1:
            before = screen.position
            await pilot.press("n")
            assert screen.position > before, "n found no mistake further on"
        # the cards it laid, in the card style, as the seat boxes draw them
        assert "! P0: 2♠ 2♣ BJ BJ" in status(app) and "hard: pass" in status(app)
        assert "! mistake: P0: 2♠ 2♣ BJ BJ" in log_text(app)
        assert (tmp_path / f"{path.stem}.analysis").exists()  # kept for the next look
        await pilot.press("left")  # the moment before the mistake: try another line
        await pilot.press("p")
        await wait_for(pilot, lambda: at_table(app), "the table")
        assert table(app).client.seat == 0
        assert app.host.match.view(0) == replay.match_at(BAD_AT).view(0)
        assert app.host.log.path != path


async def test_the_analysis_can_be_stopped_and_the_same_deal_played_again(tmp_path):
    """``a`` twice stops the analysis and keeps nothing; ``s`` weighs another seat, since
    nobody else sat at the game; ``d`` deals the deal shown again, from its start, the
    person in that seat."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=60)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("a", "a")
        await wait_for(pilot, lambda: "stopped" in status(app), "the analysis to stop")
        assert screen.review is None and not (tmp_path / f"{path.stem}.analysis").exists()
        await pilot.press("s")  # nobody else sat there: every hand may be shown
        assert screen.seat == 1 and "a: analyse P1's play" in status(app)
        await pilot.press("end", "d")
        await wait_for(pilot, lambda: at_table(app), "the table")
        assert table(app).client.seat == 1
        log = GameLog.load(app.host.log.path)  # the new game, as far as the bots played it
        log.close()
        dealt = Replay.from_log(log).match_at(0).view("all")["hands"]
        assert log.path != path and dealt == replay.match_at(0).view("all")["hands"]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_the_seat_s_status_line_reads_whole_at_80_columns(tmp_path, language):
    """After s the status line wrapped as "… · Zhangsan's view · Zhangsan's seat: a weighs
    its" over "decisions": said in fewer words, it is one line of the 78 cells it has."""
    from rich.cells import cell_len

    path = played_log(tmp_path, "qingdao", "baohuang", 1, rounds=3, names={1: "Zhangsan"})
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "s")
        line = status(app).splitlines()[0]
    assert app.t("analysis.seat", name="Zhangsan") in line and cell_len(line) <= 78, line


async def test_a_replay_in_a_terminal_too_small_says_so_and_comes_back_when_enlarged(tmp_path):
    """At 70×20 the replay drew cut columns and a log of no rows; the live table says the
    terminal is too small, and so does the replay now. Steps taken meanwhile wrote the log
    a character a line, and it is written again at its width once shown."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        small = app.screen.query_one("#too-small")
        await wait_for(pilot, lambda: small.display and "70×20" in str(small.render()))
        assert app.screen.query_one("#r-log").region.height == 0
        await pilot.press("right", "right", "right")  # stepped on blind: the log written hidden
        await pilot.resize_terminal(100, 30)
        log = app.screen.query_one("#r-log")
        await wait_for(pilot, lambda: log.region.height > 2 and log.lines)
        assert small.region.height == 0
        await wait_for(pilot, lambda: all(strip.cell_length > 1 for strip in log.lines
                                          if strip.text.strip()), "the log drawn at its width")


async def test_a_replays_status_names_a_round_as_its_game_does(tmp_path):
    """A Dou Dizhu replay said "round 1" where its table says "Deal 1". Against bots the
    player's own hand is shown (his view) until v shows them all."""
    for preset, game, word in (("classic", "doudizhu", "Deal 1"), ("qingdao", "baohuang", "Round 1")):
        path = played_log(tmp_path / game, preset, game, 1, limit=4)
        app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("right")
            await wait_for(pilot, lambda: "Action 1/" in status(app), "the first step")
            assert f"Action 1/4 · {word} · your view (v: all hands)" in status(app)
            hand = app.screen.query_one("#r-hand")  # his own cards (none before)
            assert hand.display and hand.border_title == "Your hand"


async def test_the_replays_status_keeps_to_one_line_at_80_columns(tmp_path):
    """At 80 columns a status of three-figure counts and a stopped analysis wrapped its
    "(a: again)" onto a second line. Narrow, it leaves out "(v: all hands)" (the keys' line
    below says it); where the width allows, it says it."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=150)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "a", "a")
        await wait_for(pilot, lambda: "stopped" in status(app), "the analysis to stop")
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app)]
        said = "Action 150/150 · Round 1 · your view · analysis stopped (a: again)"
        assert said in lines, [line for line in lines if "Action" in line or "again" in line]
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: "(v: all hands)" in status(app), "the wider status")
        assert "your view (v: all hands) · analysis stopped (a: again)" in status(app)


async def test_a_replays_note_stays_through_a_resize_and_goes_at_the_next_step(tmp_path):
    """A review found the status's note (here: no decision is marked, as nothing was weighed
    yet) wiped by any resize, the status being fitted again to the new width: it stays at
    its step."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=150)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "n")
        note = app.screen.t("analysis.none")
        await wait_for(pilot, lambda: note in status(app), "the note")
        await pilot.resize_terminal(110, 32)
        await wait_for(pilot, lambda: app.size.width == 110, "the resize")
        await pilot.pause()
        assert note in status(app)
        await pilot.press("left")
        await wait_for(pilot, lambda: "Action 149/150" in status(app), "the step back")
        assert note not in status(app)


async def test_leaving_a_game_played_on_goes_back_to_the_replay_where_it_was(tmp_path):
    """Quitting a game played on (p) or dealt again (d) ended bhtui — over SSH it closed the
    demo's connection. It now goes back to the replay, at the step it was left."""
    from bhtui.tui.dialogs import QuitScreen

    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        for step in (5, 7):
            await pilot.press(*["right"] * (step - replay.position), "p" if step == 5 else "d")
            await wait_for(pilot, lambda: at_table(app) and app.client is not None, "the game")
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
            assert "Leave this game for the replay?" in str(app.screen.query_one(".title").render())
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is replay, "the replay again")
            assert app.is_running and replay.position == step and app.client is None
            assert not at_table(app)
        await pilot.press("right")  # it steps on as before
        assert replay.position == 8


async def test_quitting_after_a_game_played_on_says_where_that_game_is_saved(tmp_path):
    """Played on (End, p), left for the replay (ctrl+q) and bhtui quit: no last line said
    where the game played on was saved, nor how to play it on, as quitting a game with
    bots does."""
    from bhtui.tui.dialogs import QuitScreen

    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("end", "p")
        await wait_for(pilot, lambda: at_table(app) and app.client is not None, "the game")
        played = app.host.log.path
        for _ in range(2):  # back to the replay, then out of bhtui
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen) or not app.is_running)
            if app.is_running:
                await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is replay or not app.is_running)
    assert app.farewell == [app.t("farewell.started_on", source="the replay", path=str(played))]
    assert app.farewell[0].startswith("the game you started from the replay is saved in ")


async def test_a_replay_is_seen_from_the_players_own_seat_with_his_neighbours_named(tmp_path):
    """As at the table he played: his seat at the bottom in bold, play going round to the
    right, 下家 and 上家 on the seats after and before his (they had none: seat 0 sat at
    the bottom whoever the player was). ``s`` (the seat analysed) turns the table too."""
    path = played_log(tmp_path, "qingdao", "baohuang", 2, people=(2,), limit=30)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))

        def box(place: str) -> str:
            return str(app.screen.query_one(f"#{place}").render())

        assert "P2" in box("bottom")
        assert "P3" in box("right-bottom") and "下家" in box("right-bottom")
        assert "P1" in box("left-bottom") and "上家" in box("left-bottom")
        assert not any(n in box(p) for p in ("right-top", "left-top", "bottom")
                       for n in ("下家", "上家"))
        await pilot.press("s")
        await wait_for(pilot, lambda: "P3" in box("bottom"), "the table turned to P3")
        assert "P4" in box("right-bottom") and "下家" in box("right-bottom")


async def test_help_in_a_dou_dizhu_replay_is_the_replays_keys_and_dou_dizhus_rules(tmp_path):
    """F1 in a Dou Dizhu replay showed Baohuang's keys and Qingdao's rules (the app took the
    game from a table it was not at) and none of the replay's own keys."""
    path = played_log(tmp_path, "classic", "doudizhu", 2, limit=10)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("f1")
        await wait_for(pilot, lambda: app.screen.query("Prose"), "the help")
        text = app.screen.query_one("Prose").text
        assert "REPLAY KEYS" in text and "play on from here" in text
        assert app.t("ddz.help.body") in text and app.t("help.body") not in text


async def test_a_replay_analysed_once_is_not_analysed_again(tmp_path, monkeypatch):
    """``a`` on a replay already analysed (this time, or kept beside the log from before)
    started the same analysis from nothing; it now shows what was found."""
    import bhtui.tui.replay

    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=12)
    calls = []
    real = bhtui.tui.replay.analyse
    monkeypatch.setattr(bhtui.tui.replay, "analyse", lambda *a: calls.append(1) or real(*a))
    for _ in range(2):  # the second time opened again: the analysis kept beside the log
        app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("a")
            await wait_for(pilot, lambda: "mistakes" in status(app), "the analysis")
            await pilot.press("a")
            assert "mistakes" in status(app) and "analysing" not in status(app)
    assert calls == [1]


async def test_help_in_a_game_played_on_from_a_replay_is_the_games_not_the_replays(tmp_path):
    """The replay stays under a game played on from it: F1 at that game's table showed the
    replay's keys (p play on, d deal again) instead of the table's."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=40)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "p")
        await wait_for(pilot, lambda: at_table(app), "the table")
        await pilot.press("f1")
        await wait_for(pilot, lambda: app.screen.query("Prose"), "the help")
        shown = app.screen.query_one("Prose").text
        game = parts_for("baohuang").help_texts(app.t, "qingdao", app.card_style)
        chat = app.t.plain(CHAT_KEY["en"])  # (a game against bots: c does nothing)
        assert shown == "\n\n".join(game).replace(chat, "")  # (qingdao's: no x, no GC)
        assert "REPLAY KEYS" not in shown


async def test_playing_on_from_the_next_round_leaves_the_last_result_to_the_log(tmp_path):
    """Played on from round 2's throne, the table opened with "Round 1 over" and "The table
    waits while you read the result" while the bots played round 2 on behind it: a table
    played on (or resumed) waits on nobody's reading, so a result from before the moment
    chosen is left to the log."""
    from bhtui.tui.dialogs import ResultScreen

    path = played_log(tmp_path, "qingdao", "baohuang", 2, rounds=2)
    replay = Replay.from_log(GameLog.load(path))
    second = next(k for k in range(len(replay)) if replay.match_at(k).view(None)["round"] == 2)
    paced = dataclasses.replace(config(), bot_delay=1.0)  # the table opens before they act
    app = BhtuiApp(paced, ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        while replay.positions[screen.position].actions <= second:  # P0 has declined round 2's throne
            await pilot.press("right")
        await pilot.press("p")
        await wait_for(pilot, lambda: at_table(app), "the table")
        host, playing = app.host, table(app)
        await wait_for(pilot, lambda: len(host.match.actions) >= second + 3, "the bots")
        await wait_for(pilot, lambda: playing.model.logged_seq >= host.seq, "the log")
        await pilot.pause()
        assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)
        assert "Round 1 over" not in playing.status


async def test_a_replay_beside_an_analysis_that_cannot_be_read_opens_and_analyses_anew(tmp_path):
    """A cache nested past the JSON parser's depth crashed the replay on mount (a
    full-screen traceback): it is no cache, and ``a`` makes the analysis again."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    cache_path(path).write_text("[" * 100000 + "]" * 100000)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert "Action 0/30" in status(app) and "analysed" not in status(app)
        await pilot.press("a")
        await wait_for(pilot, lambda: "analysed: mistakes" in status(app), "the analysis")


async def test_a_replay_shows_the_names_in_a_log_cleaned_bidi_overrides_too(tmp_path):
    """The replay dropped a name's escape sequences but kept its U+202E, which turns the
    rest of the line round; the name is cleaned as the network cleans names."""
    evil = "\x1b[2J\x1b]52;c;aGk=\x07\u202eevil\r\n\x00x"
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30, names={0: evil, 1: evil})
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        shown = "\n".join(screen_text(app))
        assert "evil" in shown and "52;c" not in shown and "\u202e" not in shown
        await pilot.press("s")
        assert "analyse evil  x's play" in status(app)


async def test_R_AUTO_2_the_replay_says_which_decisions_tuoguan_took_and_counts_none(
        tmp_path, monkeypatch):
    """Under R-AUTO-2 the auto-player's passes were the person's mistakes in the replay: its
    decisions say 托管 beside the name, with no mark, none in the log's mistakes, and the
    status says that none was his. (4 deals a decision: at 64 this game's auto-player
    costs less than a point anywhere.)"""
    import bhtui.tui.replay

    monkeypatch.setattr(bhtui.tui.replay, "PLAYOUTS", 4)
    path = strict_log(tmp_path, at=0)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysed(pilot, app)
        review = screen.review
        costly = [d for d in review.decisions if d.auto and d.cost and d.cost > 1.0]
        assert costly, "no decision of 托管's that would be a mistake were it his"
        assert all(d.auto for d in review.decisions)  # on 托管 from its first turn
        assert f"analysed: 托管 took all {len(review.decisions)}, none yours" in status(app)
        await pilot.press(*["right"] * (costly[0].position + 1))
        assert "P0 (托管, not counted): " in status(app) and "! P0" not in status(app)
        assert f"cost {costly[0].figures(1)[2]:.1f}" in status(app)
        await pilot.press("end")
        assert log_text(app).count("! mistake: P0") == len(review.marks(1))
        assert "! mistake: P0 (托管" not in log_text(app)


async def test_a_chinese_replay_names_a_decision_that_lays_no_cards_in_chinese(tmp_path):
    """In Chinese the verdict read "hard：pass" and "call 5S open": the words of the
    protocol. A decision that lays no cards is named as the game names it (不要, 叫 …),
    and hard's choice too."""
    from bhtui.store.config import Config

    path = played_log(tmp_path, "qingdao", "baohuang", 1, mine=spend, limit=BAD_AT + 1)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=0.0), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analysed(pilot, app)
        while screen.position != BAD_AT + 1:
            await pilot.press("n")
        assert "hard：不要" in status(app) and "pass" not in status(app)


async def test_R_AUTO_1_the_replay_says_which_of_a_players_moves_a_bot_made(tmp_path):
    """The log knows which moves at a person's seat he did not choose (托管, a bot while he
    was away); the replay wrote them as his ("P0 plays A A A") all the same. They are
    marked as the English texts name that bot elsewhere ("(played by 托管)"): the mark read
    "(a bot, for the player)"."""
    from bhtui.bots import make_bot

    from net_helpers import all_bots_but, connect, settle

    path = tmp_path / "game.bhlog"
    host = all_bots_but({0}, seed=5, log=GameLog(path))
    client, _, _ = connect(host, "Me", seat=0)
    await settle(lambda: client.view is not None)
    await settle(lambda: host.match.to_act == 0 and client.seq == host.seq)
    mine = len(host.match.actions)
    client.act(host.game.decide(make_bot("heuristic"), host.match, 0))  # one of my own
    await settle(lambda: len(host.match.actions) > mine)
    client.set_auto(True)
    await settle(lambda: sum(s == 0 for s, _ in host.match.actions) >= 4)
    host.close()
    host.log.close()
    replay = Replay.from_log(GameLog.read(path))
    lines = await log_at_the_end(replay)
    marked = [line for line in lines if line.endswith(" (played by 托管)")]
    assert replay.played_for and len(marked) == len(replay.played_for), lines  # 托管's
    assert all(line.startswith(replay.names[0]) for line in marked)
    assert f"{replay.names[0]} is emperor (takes BJ)" in lines  # my own: the throne taken


def kept_review(path, replay, *decisions) -> None:
    """An analysis of seat 0 kept beside ``path``'s log, of ``decisions`` as (action index,
    its mean, hard's mean, hard's choice): what the replay reads on opening."""
    from bhtui.analysis import PLAYOUTS, Decision, Review, save
    from bhtui.analysis.review import digest_of

    save(path, Review(0, PLAYOUTS, digest_of(replay), [
        Decision(k, 1, replay.actions[k][1], best, played, mean, 3)
        for k, played, mean, best in decisions]))


async def test_a_verdicts_cost_is_the_difference_of_the_means_it_shows(tmp_path):
    """"+1.2 · hard: … +2.3 · cost 1.0": each figure was rounded on its own, the cost from
    the unrounded means (1.02). The cost is now that of the means as shown, in the status
    and in the log's mistake alike."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=12)
    replay = Replay.from_log(GameLog.load(path))
    k = next(k for k, (seat, _) in enumerate(replay.actions) if seat == 0)
    kept_review(path, replay, (k, 1.24, 2.26, {"type": "pass"}))
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press(*["right"] * (k + 1))
        await wait_for(pilot, lambda: f"Action {k + 1}/" in status(app), "the decision")
        assert "+1.2 · hard: pass +2.3 · cost 1.1" in status(app)
        assert "+1.2 · hard: pass +2.3 · cost 1.1" in log_text(app)


async def test_a_decision_is_marked_as_its_cost_reads(tmp_path):
    """"! P0: … +1.3 · hard: pass +2.3 · cost 1.0": a move was marked as costing more than a
    point on its unrounded cost (1.04) while the cost shown beside the mark read 1.0. The mark
    follows the cost shown: that move is not marked, one whose cost reads 1.1 is — in the
    status, the log, the count of mistakes and where ``n`` goes."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    first, second = [k for k, (seat, _) in enumerate(replay.actions) if seat == 0][:2]
    kept_review(path, replay, (first, 1.26, 2.30, {"type": "pass"}),
                (second, 1.24, 2.28, {"type": "pass"}))
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert "analysed: mistakes 1" in status(app)
        await pilot.press(*["right"] * (first + 1))
        await wait_for(pilot, lambda: f"Action {first + 1}/" in status(app), "the decision")
        assert "P0: " in status(app) and "+1.3 · hard: pass +2.3 · cost 1.0" in status(app)
        assert "! P0" not in status(app) and "! mistake" not in log_text(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: f"Action {second + 1}/" in status(app), "the mistake")
        assert "! P0: " in status(app) and "+1.2 · hard: pass +2.3 · cost 1.1" in status(app)
        assert log_text(app).count("! mistake: P0") == 1


async def test_an_analysis_just_started_counts_the_decisions_it_will_weigh(tmp_path, monkeypatch):
    """Until the first decision was weighed the status read "analysing 0/……": it says from
    the start how many there are, the count it goes on with."""
    import threading

    import bhtui.tui.replay

    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    mine = sum(seat == 0 for seat, _ in replay.actions)
    looked = threading.Event()  # the real analysis, held until the test has seen it start
    real = bhtui.tui.replay.analyse
    monkeypatch.setattr(bhtui.tui.replay, "analyse",
                        lambda *args: looked.wait(30) and real(*args))
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("a")
        assert f"analysing 0/{mine}…" in status(app)
        looked.set()
        await wait_for(pilot, lambda: app.screen.review is not None, "the analysis")


async def test_R_AUTO_1_a_match_played_under_tuoguan_says_none_of_its_decisions_was_his(
        tmp_path, monkeypatch):
    """A match played under 托管 from its first turn to its last ended "analysed: mistakes
    0", as if the person had played it without a fault: it says 托管 took every decision
    weighed and none was his — or, where two people sat and the log cannot say which of
    them watches (a game over: every hand may be analysed), none was that seat's. (4 deals
    a decision: only who took them counts.)"""
    import bhtui.tui.replay

    monkeypatch.setattr(bhtui.tui.replay, "PLAYOUTS", 4)
    for people, limit, whose in (((0,), 40, "yours"), ((0, 1), None, "P0's")):
        path = played_log(tmp_path / whose, "qingdao", "baohuang", 5, limit=limit,
                          people=people, tuoguan=True)
        app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await analysed(pilot, app)
            weighed = len(screen.review.decisions)
            assert weighed and all(d.auto for d in screen.review.decisions)
            assert f"analysed: 托管 took all {weighed}, none {whose}" in status(app)
            assert "mistakes" not in status(app)


async def test_the_all_hands_hint_is_said_at_every_step_a_note_or_not(tmp_path):
    """"(v: all hands)" was missing at action 0 of an unfinished game and there at action 5:
    its analysis, short, ended while the replay still stood at 0, and the summary said
    there pushed the hint out of the status line (as any note did, and a step count one
    digit longer). Whether the hint fits is now measured on the widest count of the game
    without the note, which is said on the keys' line, at its step."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, mine=spend, limit=BAD_AT + 1)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analysed(pilot, app)
        lines = status(app).splitlines()
        assert screen.position == 0 and len(lines) == 2, lines  # (a line each, at 80)
        assert lines[0].startswith(f"Action 0/{BAD_AT + 1} · Round 1 · your view "
                                   "(v: all hands) · analysed: mistakes ")
        assert lines[1].startswith("round 1: ")  # the summary, where the keys were
        for step in range(1, 6):
            await pilot.press("right")
            assert f"Action {step}/{BAD_AT + 1} · Round 1 · your view (v: all hands)" \
                in status(app)
        assert "round 1: " not in status(app) and "←/→ action" in status(app)


async def test_R_AUTO_1_a_throne_tuoguan_took_is_written_as_the_bots(tmp_path):
    """托管 took the throne for P0 (seed 5: P1 passes it on to him), and the replay wrote it
    as his own choice ("P0 is emperor (takes BJ)"), while the bot's plays after it were
    marked the bot's: taking the throne is a choice like any play."""
    path = played_log(tmp_path, "qingdao", "baohuang", 5, limit=12, tuoguan=True)
    lines = await log_at_the_end(Replay.from_log(GameLog.load(path)))
    assert "P0 is emperor (takes BJ) (played by 托管)" in lines, lines


async def log_at_the_end(replay: Replay) -> list[str]:
    """The replay's log lines at its last step (End), at 100x30."""
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await pilot.pause()
        return [line.rstrip() for line in log_text(app).splitlines()]


async def analysed(pilot, app) -> ReplayScreen:
    """The replay screen once it opened and its analysis (``a``) ended."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
    screen = app.screen
    await pilot.press("a")
    await wait_for(pilot, lambda: screen.review is not None, "the analysis")
    return screen


@pytest.mark.parametrize(("key", "language", "said", "mend"), [
    ("p", "en", "cannot play on: games cannot be saved in ", "set BHTUI_DATA_DIR"),
    ("d", "zh", "无法续打：无法在 ", "请把 BHTUI_DATA_DIR 设为你能写入的文件夹")])
async def test_playing_on_where_no_game_can_be_saved_says_why_and_keeps_the_replay(
        tmp_path, monkeypatch, key, language, said, mend):
    """``p`` and ``d`` start a game whose log is new: where the data folder cannot be
    written (a HOME under /proc, a HOME that is a file) they crashed the app with a
    traceback. The replay stays, its status says why and what to set, in the player's
    language."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=20)
    replay = Replay.from_log(GameLog.load(path))
    (tmp_path / "file").write_text("not a folder\n")
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "file" / "data"))
    app = BhtuiApp(dataclasses.replace(config(), language=language), ReplaySession(replay))
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("right", "right", key)
        await pilot.pause()
        assert app.screen is screen and not at_table(app)
        note = status(app).splitlines()[-1]
        assert note.startswith(said) and mend in note
        await pilot.press("right")  # the replay steps on
        assert screen.position == 3


async def test_playing_on_where_the_disk_fills_as_its_log_is_written_says_why(tmp_path):
    """The folder is there but the new log cannot be written whole (its file past the size
    limit, as on a full disk): that raised out of ``p``, a traceback. The replay stays and
    says why; no half-written game is left behind."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=20)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("right", "right")
        games_dir().mkdir(parents=True, exist_ok=True)
        before = set(games_dir().iterdir())
        with file_size_limit(100):
            await pilot.press("p")
            await pilot.pause()
        assert app.screen is screen and not at_table(app)
        note = status(app).splitlines()[-1]
        assert note.startswith(f"cannot play on: games cannot be saved in {games_dir()} (File "
                               f"too large)")
        assert set(games_dir().iterdir()) == before
