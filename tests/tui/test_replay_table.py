"""A replay's table drawn as the live table draws it: the seat's hand with its suits and the
called card hollow, the panes' titles, the card counter and each seat's last move."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from analysis_helpers import played_log
from bhtui.cards import RANK_NAMES
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.cardstyle import HOLLOW_GLYPHS, SUIT_GLYPHS
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import ReplaySession

from tui_helpers import config, screen_text, strips, wait_for

COUNTED = ("BJ", "SJ", "2", "A")
"""The ranks Baohuang's counter follows, in its order."""


def rank(card: str) -> str:
    return card if card in RANK_NAMES else card[:-1]


async def open_at(pilot, app, position: int) -> ReplayScreen:
    """The replay shown at ``position``, stepped to by the arrow key."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
    screen = app.screen
    await pilot.press(*["right"] * position)
    await wait_for(pilot, lambda: screen.position == position, "the step")
    await pilot.pause()
    return screen


async def test_a_replays_hand_shows_each_cards_suit_and_the_called_card_hollow(tmp_path):
    """The replay wrote the seat's hand as "P0  3×6 4×2 …": no suit, so the called card's
    copies (hollow at the table) could not be told from the others. It is the table's hand
    now: each rank over its suits, the called card's copies hollow, under the seat's name
    when it is not the watcher's own (``s``)."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    called = next(k for k in range(len(replay)) if replay.match_at(k).view(None)["called"])
    view = replay.match_at(called).view("all")
    holder = next(s for s, hand in enumerate(view["hands"]) if view["called"] in hand)
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, app, called)
        await pilot.press(*["s"] * holder)  # (the seat weighed, and shown, goes round)
        await wait_for(pilot, lambda: screen.seat == holder, "the holder's seat")
        await pilot.pause()
        style, hand = app.card_style, view["hands"][holder]
        title = "Your hand" if holder == 0 else f"P{holder}'s hand"
        lines = screen_text(app)
        tops = [i for i, line in enumerate(lines) if f"╭─ {title} ─" in line]
        assert tops, f"no pane titled {title!r}"
        top = tops[0]
        bottom = next(i for i in range(top, len(lines)) if lines[i].startswith("╰"))
        suits = "".join(lines[top + 2:bottom:2])  # each row of ranks over its suits
        hollow = style.glyph(view["called"], called=True)
        assert suits.count(hollow) == hand.count(view["called"]) > 0
        for card in set(hand) - {view["called"]}:
            if rank(card) not in ("SJ", "BJ"):
                assert suits.count(style.glyph(card)) >= hand.count(card), card


def cards_in(row: str) -> tuple[int, str]:
    """How many cards an every-hand row names (``10♥♥♣♦`` is four, ``6×5`` five), and the
    suit glyphs it shows."""
    glyphs = set(SUIT_GLYPHS.values()) | set(HOLLOW_GLYPHS.values())
    units = row.split()[1:]  # (after the seat's name)
    counted = sum(int(unit.split("×")[1]) for unit in units if "×" in unit)
    shown = "".join(c for unit in units if "×" not in unit for c in unit if c in glyphs)
    return counted + len(shown), shown


async def test_every_hand_shows_each_cards_suit_where_it_fits(tmp_path):
    """``v`` showed every hand as ranks with counts, no suit at all: the table and the
    replay's own hand show suits, and which seat held the called card (hollow) could not be
    seen. Each rank now has its cards' suits, the called card's copies hollow; at 80
    columns, where a whole hand's suits do not fit beside the names, its ranks of most
    cards are counted and the rest keep their suits, every card still in the line."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    called = next(k for k in range(len(replay)) if replay.match_at(k).view(None)["called"])
    view = replay.match_at(called).view("all")
    card = view["called"]
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_at(pilot, app, called)
        await pilot.press("v")
        pane = screen.query_one("#r-hands")
        await wait_for(pilot, lambda: pane.display and strips(pane), "every hand")
        for width in (120, 80):
            if width == 80:
                await pilot.resize_terminal(80, 24)
                await wait_for(pilot, lambda: pane.size.width < 80, "the pane narrowed")
            rows = [strip.text for strip in strips(pane)]
            assert [row.split()[0] for row in rows] == replay.names
            for row, hand in zip(rows, view["hands"], strict=True):
                count, shown = cards_in(row)
                assert count == len(hand), row  # nothing cut
                assert shown.count(HOLLOW_GLYPHS[card[-1]]) == hand.count(card), row
                if width == 120:  # every suit (the jokers by their names)
                    assert len(shown) == sum(c not in ("SJ", "BJ") for c in hand), row
                    assert "×" not in row.replace("SJ×", "").replace("BJ×", "")
                else:
                    assert "×" in row and shown, row  # some counted, some with suits
        assert any(card in hand for hand in view["hands"])


async def test_a_replays_panes_have_their_titles_as_at_the_table(tmp_path):
    """The replay's panes had no titles: the table, the scores (the round of how many),
    the log, the hand and every hand are named as the live table names them."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(pilot, app, 5)
        shown = "\n".join(screen_text(app))
        for title in ("╭─ Table ─", "╭─ Scores · round 1 of 1 ─", "╭─ Log ─", "╭─ Your hand ─"):
            assert title in shown
        await pilot.press("v")
        await wait_for(pilot, lambda: "Every hand" in "\n".join(screen_text(app)), "v")


async def test_a_replay_counts_what_is_still_out_as_of_the_step_shown(tmp_path):
    """The live table's counter (记牌器) under the table was missing from the replay: it is
    there, as of the step shown — what the other hands hold of the counted ranks, the
    seat's own cards not out — and stays the same when v shows every hand."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=120)
    replay = Replay.from_log(GameLog.load(path))
    app = BhtuiApp(config(), ReplaySession(replay))

    def out_at(position: int) -> str:
        hands = replay.match_at(position).view("all")["hands"]
        others = Counter(rank(card) for hand in hands[1:] for card in hand)
        return "still out: " + " · ".join(f"{r}×{others[r]}" for r in COUNTED)

    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, app, 20)  # (the throne taken: its card in a hand)
        for position in (20, 60, 120):
            await pilot.press(*["right"] * (position - screen.position))
            await wait_for(pilot, lambda p=position: screen.position == p, "the step")
            await pilot.pause()
            assert out_at(position) in "\n".join(screen_text(app))
        assert out_at(20) != out_at(120)
        await pilot.press("v")
        await pilot.pause()
        assert out_at(120) in "\n".join(screen_text(app))


async def test_a_replays_seats_keep_their_last_move_after_the_trick_as_at_the_table(
        tmp_path):
    """At the table each seat's box keeps its last move, dimmed, once the trick is over,
    until the seat acts again; the replay's boxes went blank at every trick's end."""
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=60)
    replay = Replay.from_log(GameLog.load(path))
    end = replay.trick_ends[0]  # the first trick's last play, and its end
    played = [e for events in replay.events[1:end + 1] for e in events if e["type"] == "play"]
    last = played[-1]  # the trick's winner's
    app = BhtuiApp(config(), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, app, end)
        place = screen.parts.positions(replay.seats)[last["seat"] % replay.seats]
        box = str(screen.query_one(f"#{place}").render())
        style = app.card_style
        assert " ".join(style.label(c) for c in last["cards"]) in box


async def test_a_replays_seat_boxes_are_drawn_as_wide_as_they_are(tmp_path):
    """The replay drew its seat boxes 14 cells wide at any size: a name of 20 letters read
    "Wang Xiaomi…" in a box of 28 cells. They are drawn at the width they have, again when
    the terminal is resized."""
    name = "Wang Xiaoming Junior"
    path = played_log(tmp_path, "qingdao", "baohuang", 1, limit=30, names={1: name})
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, app, 0)
        box = screen.query_one("#right-bottom")  # the 下家's, seat 1
        assert name not in str(box.render())  # (14 cells at 80 columns: cut)
        await pilot.resize_terminal(120, 36)
        await wait_for(pilot, lambda: name in str(box.render()), "the box at its width")


async def test_a_replays_scores_pane_is_drawn_as_wide_as_the_tables(tmp_path):
    """The table's scores pane takes a share of a wide terminal and is drawn for the room it
    has; the replay's, as wide, was drawn for 27 cells: at 120×36 the last three rounds of
    six, spread over 41 cells. It is drawn at its width, every round in it, again on a
    resize."""
    names = {1: "Wang Xiaoming", 2: "Zhang Wei", 3: "Liu Yang", 4: "Chen Jing"}
    path = played_log(tmp_path, "qingdao", "baohuang", 1, rounds=6, names=names)
    app = BhtuiApp(config(), ReplaySession(Replay.from_log(GameLog.load(path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        scores = app.screen.query_one("#scores")
        await wait_for(pilot, lambda: "6" in strips(scores)[0].text.split(), "the last round")
        assert "1" not in strips(scores)[0].text.split()  # (29 cells at 80 columns)
        await pilot.resize_terminal(120, 36)
        await wait_for(pilot, lambda: strips(scores)[0].text.split() == [
            "1", "2", "3", "4", "5", "6", "Σ"], "every round in it")


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_replay_without_a_file_says_which_game_it_opens(language):
    """A joiner who ran `bhtui replay` after a LAN game got an old game against bots of his
    own, with no word that the LAN game is not saved here: the screen says which game it
    opened (its kind and when it was last played) and that joined games are the host's."""
    import os
    import time

    from bhtui.cli import _load_replay
    from bhtui.store.gamelog import games_dir

    path = played_log(games_dir(), "qingdao", "baohuang", 1, limit=10)
    then = time.mktime((2026, 3, 1, 20, 15, 0, 0, 0, -1))
    os.utime(path, (then, then))
    loaded = _load_replay(None)
    assert not isinstance(loaded, str)
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   ReplaySession(loaded[0], newest=True))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen)
                       and app.screen.query("Toast"))
        await pilot.pause()
        (toast,) = app.screen.query("Toast")
        lines = [strip.text.strip() for strip in strips(toast)]
        seconds = [n.timeout for n in app._notifications]
    said = " ".join(lines)
    words = {"en": ("against bots", "2026-03-01 20:15", "joined", "host"),
             "zh": ("人机对局", "2026-03-01 20:15", "你加入的牌局在主机上")}[language]
    for word in words:
        assert word in said, said
    # It covered the log's top lines for 12 s, in four lines: fewer now, and for less.
    assert len(lines) <= 3 and seconds == [6], (lines, seconds)
