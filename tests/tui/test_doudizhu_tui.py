"""Dou Dizhu on the shared screens, through Pilot at 80×24: a hand of each preset played by
keyboard to its result, the bid dialog, the kitty and mark card where the rules show them, the
multiplier, the run key, a refused selection, the spectator, the replay, the demo chapters
and the settings screen picking the game."""

from __future__ import annotations

import re

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.games import get_game
from bhtui.net.host import Seat, Table
from bhtui.store.config import Config
from bhtui.store.replay import Replay
from bhtui.tui.app import BhtuiApp
from bhtui.tui.demo import DemoScreen
from bhtui.tui.doudizhu.dialogs import BidDialog, DealResultScreen, OpenDialog
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import LocalSession, ReplaySession, TableLess
from bhtui.tui.settings import SettingsScreen
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import HandView

from doudizhu_helpers import rigged
from tui_helpers import (
    answer_doudizhu,
    footer_text,
    handled_so_far,
    play_to,
    screen_text,
    strips,
    t_hands_the_dialog_to_tuoguan,
    table,
    until_hang,
    wait_for,
)

DDZ = get_game("doudizhu")
SIZE = (80, 24)
KEYS = {"10": "0"}  # the rank keys that are not the rank's own first letter


def app_for(preset: str, seed: int = 2, language: str = "en", **kw) -> BhtuiApp:
    config = Config(name="Ana", language=language, bot_delay=0.0, **kw)
    return BhtuiApp(config, LocalSession(rules=DDZ_PRESETS[preset], seed=seed, rounds=2))


def text(widget) -> str:
    return str(widget.render())


# Shanghai's first deal for the hand by keyboard: Ana, the first bidder, holds two straights of
# 3…A and a 2 (the kitty brings jokers, 2s, As and Ks): she bids 3 at once (头撂, S-BID-3), is
# asked 摊打 (S-BID-5) and says y, and the hint plays the hand out in a few long sets.
SHANGHAI_DEAL = rigged("shanghai", ("3 4 5 6 7 8 9 10 J Q K A 3 4 5 6 7 8 9 10 J Q K A 2",),
                       kitty="BJ SJ 2 2 A A K K", first=0).first_deal


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "shanghai"])
async def test_C_BID_2_S_BID_1_a_hand_by_keyboard_to_its_result_screen(preset, first_deal):
    if preset == "shanghai":
        first_deal(SHANGHAI_DEAL)
    app = app_for(preset)
    async with app.run_test(size=SIZE) as pilot:
        result = await play_to(pilot, app, DealResultScreen, answer_doudizhu)
        words = "\n".join(text(w) for w in result.query("Plain"))
        assert ("landlord wins" in words or "farmers win" in words) and "Stake" in words
        assert "Kitty" in words
        log = "\n".join(table(app).log_lines)
        assert "You are the landlord at" in log and "plays" in log and "Deal 1 over" in log
        if preset == "shanghai":  # S-BID-3: seat 0 bid 3 first → 头撂; S-BID-5 摊打 asked
            first = app.host.match.records[0].result
            assert first.landlord == 0 and "toulia" in first.factors
            assert "open" in first.factors  # we said y to 摊打
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.client.view["round"] == 2 and app.host.seats[0].ready)


async def test_a_tall_shanghai_result_keeps_its_key_line_in_sight_at_80x24(first_deal):
    """Shanghai's last result — four seats, two farmers' hands over two lines each, a stake
    with four factors over two, "That was the last deal" — outgrew the box's 90% of 24 rows,
    and its last line, the one saying Enter goes on, was cut off. The box is as wide as 80
    columns allow, so nothing wraps and all of it shows; a taller one would scroll its lines
    above the key line, which stays in the box."""
    first_deal(SHANGHAI_DEAL)
    config = Config(name="Ana", language="en", bot_delay=0.0)
    app = BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=SIZE) as pilot:
        await play_to(pilot, app, DealResultScreen, answer_doudizhu)
        await pilot.pause()
        shown = screen_text(app)
        assert any("Kitty: K K A A 2 2 SJ BJ" in line for line in shown)
        assert any("That was the last deal." in line for line in shown)
        assert any("Enter: continue" in line for line in shown), [
            line for line in shown if "█" in line]


async def test_the_small_and_the_big_joker_are_drawn_in_their_own_colours_in_the_hand():
    """Dou Dizhu's hand draws a ▮ for a card and ☆/★ for the jokers, all in the joker's one
    yellow for both: the small joker has its own colour (the big one keeps the yellow)."""
    app = app_for("classic", seed=32)  # Ana's hand ends in SJ BJ
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        drawn = {char: seg.style.color.triplet.hex for strip in strips(
            table(app).query_one(HandView)) for seg in strip for char in seg.text
            if char in "☆★" and seg.style and seg.style.color}
        colours = app.theme_variables
        assert drawn == {"☆": colours["card-small-joker"].lower(),
                         "★": colours["card-joker"].lower()}
        assert drawn["☆"] != drawn["★"]


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
async def test_C_BID_2_S_BID_1_t_in_the_bid_dialog_hands_the_bid_to_tuoguan(preset):
    """As in Baohuang's dialogs: the footer under the bid dialog says t 托管; pressing it
    turns 托管 on and the bot bids for me (R-AUTO-1)."""
    app = app_for(preset)
    async with app.run_test(size=SIZE) as pilot:
        await t_hands_the_dialog_to_tuoguan(pilot, app, BidDialog)


async def test_C_BID_4_the_classic_kitty_is_shown_to_all_with_the_multiplier():
    app = app_for("classic", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.client.view is not None
                       and app.client.view["landlord"] is not None
                       or isinstance(app.screen, BidDialog))
        if isinstance(app.screen, BidDialog):
            bid = app.screen
            assert "Your bid" in text(bid.query_one(".title"))
            await pilot.press("p")
        await wait_for(pilot, lambda: app.client.view["landlord"] is not None)
        view = app.client.view
        screen = table(app)
        kitty = text(screen.query_one("#right-bottom"))
        deal = text(screen.query_one("#center"))
        assert "Kitty " + " ".join(view["kitty"]) in kitty
        assert f"bid {view['bid']}" in deal and f"Stake {view['stake']}" in deal and "×" in deal


@pytest.mark.parametrize("language, said", [
    ("en", "报到 played on (打) and lost: everybody scores 0"),
    ("zh", "报到后选择打并且输了：全体 0 分")])
async def test_S_SCORE_4_a_fight_after_报到_lost_says_nobody_scores(language, said):
    """The result said "Stake 0 = base 1 × bid 3 · 摊打 ×2", a product that is not 0: after
    报到 and 打, a lost deal scores 0 for everybody by the rule itself. (And a held hand too
    long for a line wraps under its cards, not back under its owner's name; the last deal is
    called a deal, not a round.)"""
    from textual.app import App

    from bhtui.tui.i18n import Translator

    from doudizhu_helpers import bid, farmers_win, rigged

    m = rigged("shanghai", hands=("SJ SJ BJ BJ K K K K K", "K"), kitty="K K 3", mark="3")
    for seat, points in enumerate((2, 0, 0, 0)):
        bid(m, seat, points)
    m.apply(0, {"type": "report", "groups": ["SJ SJ BJ BJ"], "fight": True})
    end = next(e for e in farmers_win(m) if e["type"] == "result")
    assert end["stake"] == 0 and end["scores"] == [0, 0, 0, 0]
    result = DealResultScreen(Translator(language), end, ["A", "B", "C", "D"], [0] * 4,
                              True, 1, None)  # the match's last deal
    app = App()
    async with app.run_test(size=(50, 30)) as pilot:  # narrow: the held hand wraps
        app.push_screen(result)
        await wait_for(pilot, lambda: result.query("Plain"), "the result")
        lines = [text(p) for p in result.query("Plain")]
        assert said in lines and not any(line.startswith(("Stake", "分值")) for line in lines)
        assert {"en": "That was the last deal.", "zh": "这是最后一局。"}[language] in lines
        await pilot.pause()
        held = [strip.text for strip in strips(result.query(".held").first())]
        name = held[0].index(":") + 1  # the landlord's 32 cards wrap under them, not the name
        assert len(held) > 1 and all(line[:name].strip() == "" for line in held[1:]), held


@pytest.mark.parametrize("preset, n", [("classic", 3), ("shanghai", 8)])
@pytest.mark.parametrize("language, said", [("zh", "底牌 {n} 张未亮"), ("en", "Kitty {n} hidden")])
async def test_the_hidden_kitty_is_said_on_one_line_at_80_columns(preset, n, language, said):
    """A hidden kitty's "底牌 3 张不公开" broke as "底牌 3" over "张不公开" at 80×24, and
    "Kitty: 8 hidden" as "Kitty: 8" over "hidden"."""
    app = app_for(preset, language=language)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        lines = [strip.text for place in ("right-bottom", "right-top")
                 for strip in strips(table(app).query_one(f"#{place}"))]
        assert any(said.format(n=n) in line for line in lines), lines


async def test_S_DEAL_1_S_BID_4_shanghai_shows_the_mark_card_and_hides_the_kitty_from_farmers():
    app = app_for("shanghai", seed=6)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await pilot.press("p")  # a farmer, if anyone bids
        await wait_for(pilot, lambda: app.client.view["landlord"] not in (None, 0)
                       or app.client.view["redeal"] > 0 or app.client.view["landlord"] == 0)
        view = app.client.view
        boxes = text(table(app).query_one("#right-top"))
        assert f"Mark {view['mark']}" in boxes
        if view["landlord"] not in (None, 0):
            assert view["kitty"] is None and "Kitty 8 hidden" in boxes
            seat = text(table(app).query_one("#left-bottom")) + text(
                table(app).query_one("#right-bottom")) + text(table(app).query_one("#center"))
            assert "landlord" in seat


async def test_the_run_key_selects_a_straight_from_the_lowest_picked_rank_and_bad_hands_are_never_sent():
    app = app_for("classic", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in until_hang("the screen to get there"):
            await pilot.pause()
            view = app.client.view
            if view and app.client.my_turn and view["phase"] == "play" and not view["top"] \
                    and isinstance(app.screen, TableScreen):
                break
            if not isinstance(app.screen, TableScreen) or app.client.my_turn:
                await answer_doudizhu(pilot, app)
        hand = table(app).query_one(HandView)
        ranks = set(hand.cards)
        order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        start = next(r for r in order if r in ranks)
        run = []  # C-HAND-6: from the lowest rank held, as far as the hand goes
        for r in order[order.index(start):]:
            if r not in ranks:
                break
            run.append(r)
        seq = app.host.seq
        await pilot.press(KEYS.get(start, start.lower()), "x")
        if len(run) >= 5:
            assert hand.selection() == run
        else:  # not a straight: said, not picked
            await handled_so_far(pilot, table(app))
            assert "no straight from" in text(table(app).query_one("#status"))
        await pilot.press("escape")
        single = next((r for r in order if hand.cards.count(r) == 1), None)
        other = next((r for r in order if single and r in ranks
                      and abs(order.index(r) - order.index(single)) > 1), None)
        if single and other:  # two singles apart: no hand (C-HAND-1..14)
            await pilot.press(KEYS.get(single, single.lower()), KEYS.get(other, other.lower()))
            await pilot.press("enter")
            assert "not a hand" in text(table(app).query_one("#status"))
            assert app.host.seq == seq  # nothing reached the host


async def test_S_HAND_2_in_shanghai_a_run_may_start_from_a_low_ace():
    from textual.app import App

    class One(App[None]):
        def compose(self):
            yield HandView(app_for("shanghai").card_style)

    app = One()
    async with app.run_test(size=SIZE):
        hand = app.query_one(HandView)
        hand.set_cards(["3", "4", "5", "A", "2", "SJ"], None, None)
        hand.add_rank(11)  # an ace
        run = hand.run_from([11, 12, *range(12)])  # Shanghai's order: A 2 3 … K A
        assert sorted(hand.cards[i] for i in run) == sorted(["A", "2", "3", "4", "5"])
        assert [hand.cards[i] for i in hand.run_from(list(range(12)))] == ["A"]  # classic:
        # nothing after A


async def test_a_spectator_of_a_doudizhu_table_sees_the_table_and_no_hand():
    from bhtui.net.local import join

    rules = DDZ.rules("shanghai")
    seats = [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True) for s in range(4)]
    # Bots at a pace the screen idles at: the first dozen lines are looked at, not the hand
    # played out at every pause.
    host = Table(rules, seats, game=DDZ, seed=9, rounds=1, bot_delay=0.02)
    host.start()
    config = Config(name="Wu", language="zh", bot_delay=0.0)

    class Watch(TableLess):  # (its own close: it stops the table it watches)
        table = host

        async def open(self, app):
            client, _ = join(host, "Wu", role="spectator", seat=None)
            app.attach(client, admin=False, waiting_room=False)
            await client.run()

        async def close(self):
            host.close()

    app = BhtuiApp(config, Watch())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)
                       and table(app).query(HandView))
        screen = table(app)
        assert not screen.query_one(HandView).display
        await wait_for(pilot, lambda: host.match.over or len(screen.log_lines) > 10)
        assert any(re.search(r"叫\d分", line) for line in screen.log_lines)  # bids, in Chinese


async def test_a_doudizhu_game_replays_on_the_replay_screen():
    game = DDZ
    rules = game.rules("classic")
    from bhtui.sim import play_match

    match = game.new_match(rules, 5, 1)
    play_match(match, [game.make_bot("heuristic", s) for s in range(3)], game)
    replay = Replay("classic", {}, 5, 1, list(match.actions), ["Ana", "Bo", "Cy"], "doudizhu")
    app = BhtuiApp(Config(name="Ana", language="en"), ReplaySession(replay))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        log = "\n".join(line.text for line in app.screen.query_one("#r-log").lines)
        assert "Deal 1 over" in log and "is the landlord at" in log and "Match over" in log
        keys = text(app.screen.query_one("#r-status"))
        assert "PgUp/PgDn deal" in keys and "round" not in keys  # its rounds are deals
        await pilot.press("v")  # every hand, the game being finished
        assert app.screen.query_one("#r-hands").display
        assert "Ana" in text(app.screen.query_one("#bottom"))


async def test_the_demo_has_dou_dizhu_chapters_whose_deal_opens_on_the_replay_screen():
    app = BhtuiApp(Config(name="Ana", language="en"), __import__(
        "bhtui.tui.demo", fromlist=["DemoSession"]).DemoSession())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DemoScreen))
        await pilot.press("9", "pagedown")  # chapter 10, after Baohuang's nine
        assert "10 · Dou Dizhu" in text(app.screen.query_one("#demo-title"))
        body = text(app.screen.query_one("#demo-body"))
        assert "trio + one" in body and "does not beat" in body and "landlord +8" in body
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.replay.game == "doudizhu" and app.screen.replay.seats == 3
        await pilot.press("escape", "pagedown")
        assert "11 · Dou Dizhu, Shanghai" in text(app.screen.query_one("#demo-title"))


async def test_the_settings_screen_picks_the_game_before_a_local_match():
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0), LocalSession(ask_rules=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        shown = text(app.screen.query_one("#presets"))
        assert "Baohuang" in shown and "Dou Dizhu" in shown
        await pilot.press("left", "left")  # wrapping round to the last games' presets
        assert app.screen.game.name == "doudizhu" and app.screen.rules.name == "classic"
        await pilot.press("down", "space")  # escape on
        assert app.screen.rules.escape
        await pilot.press("up", "space", "space")  # base 1 → 2 → 3
        assert app.screen.rules.base == 3
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.host is not None and app.host.started)
        assert app.host.game is DDZ and app.host.rules.base == 3 and len(app.host.seats) == 3
        assert isinstance(app.session, LocalSession)


async def test_the_host_s_waiting_room_names_the_seat_keys_of_this_table_s_size():
    """1-3 for classic, 1-4 once the host picks Shanghai (the room resizes): no key that
    picks a seat the table does not have."""
    from bhtui.net.tcp import listen_socket
    from bhtui.tui.room import WaitingRoomScreen
    from bhtui.tui.sessions import HostSession

    host = Table(DDZ_PRESETS["classic"], seed=4, rounds=1, bot_delay=0.0, name="Friday")
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   HostSession(host, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and "Friday" in text(app.screen.query_one("#room-body")))
        keys = lambda: text(app.screen.query_one("#room-keys"))  # noqa: E731
        assert "1-3 pick a seat" in keys() and "m + 1-3 move" in keys()
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and "Shanghai" in text(app.screen.query_one("#room-body")))
        assert len(host.seats) == 4 and "1-4 pick a seat" in keys()


async def test_after_a_doudizhu_match_the_footer_offers_the_standings_and_no_run_key():
    """As in Baohuang: once the match is over, Enter shows the standings again and the keys
    that play (x for a run among them) are gone from the footer."""
    from bhtui.tui.dialogs import MatchEndScreen

    config = Config(name="Ana", language="en", bot_delay=0.0, result_seconds=0.2)
    app = BhtuiApp(config, LocalSession(rules=DDZ_PRESETS["classic"], seed=2, rounds=1))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        await pilot.press("t")  # 托管 bids and plays the match out
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await wait_for(pilot, lambda: "Standings" in footer_text(app.screen), "Standings")
        footer = footer_text(app.screen)
        assert not any(word in footer for word in ("Play", "Pass", "Hint", "托管", "Run")), footer


async def test_C_HAND_6_x_on_a_straight_to_beat_stops_at_its_length():
    """Following 6 7 8 9 10, 7 then x took 7 8 9 10 J Q (as far as the hand went): a run
    that beats nothing, mended with Backspace. It now stops at the length to beat."""
    from textual.app import App

    from bhtui.tui.cardstyle import CardStyle
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS as parts

    from doudizhu_helpers import auction, play, rigged

    m = rigged("classic", hands=("6 7 8 9 10", "7 8 9 10 J Q K"), first=0)
    assert auction(m, 3) == 0
    play(m, 0, "6 7 8 9 10")
    view = m.view(1)
    assert parts.run_to_beat(view) == {1: 5}
    hand = HandView(CardStyle("letters"))
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.mount(hand)
        hand.set_cards(view["hand"], None, None)
        await pilot.pause()
        hand.selected = [hand.cards.index("7")]
        run = hand.run_from(parts.run_order(view), parts.run_to_beat(view))
        assert [hand.cards[i] for i in run] == ["7", "8", "9", "10", "J"]
        assert len(hand.run_from(parts.run_order(view), {})) > 5  # leading: as far as it goes


async def test_a_table_resumed_during_the_next_deal_s_bidding_opens_on_it_not_the_old_result(
        tmp_path, monkeypatch):
    """`host --resume` of a table left as deal 2 was dealt showed "Deal 1 over" once the
    person had bid in deal 2 (the bid dialog opened first, the result came after it). When
    the next deal asks the person something as the table opens, the old result is old
    news; a watcher still sees it until play begins (test_lan_tui)."""
    from analysis_helpers import played_log
    from bhtui.store.gamelog import GameLog

    from tui_helpers import record_pushes

    path = played_log(tmp_path, "classic", "doudizhu", 2, rounds=2, limit=25)
    replay = Replay.from_log(GameLog.load(path))
    assert replay.round_starts[1] == 25  # left as deal 2 was dealt, before any bid
    table = Table.resume(GameLog.load(path), bot_delay=0.0)
    pushed = record_pushes(monkeypatch)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(table=table, seat=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog), "my bid")
        await pilot.press("p")
        await wait_for(pilot, lambda: any(seat == 0 for seat, _ in table.match.actions[25:]),
                       "my bid made")
        await pilot.pause()
        assert "DealResultScreen" not in pushed, pushed


ON = "Quit bhtui? It is saved: to play on later, run bhtui replay, End, then p."
"""(It said "Every move is saved: in bhtui replay, End then p plays on.", which a newcomer
could not follow.)"""


ESCAPED = ("Quit bhtui? This deal then ends as your escape, and the match is saved with it: "
           "to play on later, run bhtui replay, End, then p (the next deal).")
"""(It said "It is saved: to play on later…" over "Leaving now is an escape": the deal is
scored as one, and play on starts the next.)"""


@pytest.mark.parametrize(("rounds", "landlord", "said"), [
    (1, True, "Quit bhtui? Leaving now ends the match; bhtui replay shows this game."),
    (None, True, ESCAPED), (1, False, ON)])
async def test_S_SCORE_5_the_quit_question_says_when_my_escape_ends_the_match(
        first_deal, rounds, landlord, said):
    """Quitting as the landlord of a match's last deal is an escape that ends the deal and
    the match, and the question said it plays on (in the replay, End then p), which the
    replay then refuses. It says the match ends; before a landlord there is no escape, the
    match stays open, and it plays on; in a match that goes on, the escape ends the deal
    and play on starts the next."""
    from bhtui.tui.dialogs import QuitScreen

    first_deal(SHANGHAI_DEAL)
    config = Config(name="Ana", language="en", bot_delay=0.0)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    app = BhtuiApp(config, LocalSession(rules=rules, seed=2, rounds=rounds))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
        if landlord:
            await pilot.press("3")  # 头撂: Ana is the landlord, asked 摊打
            await wait_for(pilot, lambda: isinstance(app.screen, OpenDialog))
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        assert " ".join(text(app.screen.query_one(".title")).split()) == said
        await pilot.press("y")
    assert app.host.match.over == (rounds == 1 and landlord)


async def quit_as_the_landlord(pilot, app) -> str:
    """Become the landlord, then quit: an escape (S-SCORE-5) under the option. What the
    quit question said."""
    await become_the_landlord(pilot, app)
    return (await quit_now(pilot, app))[0]


async def become_the_landlord(pilot, app) -> None:
    """Bid 3 on SHANGHAI_DEAL (头撂: Ana is the landlord) and show nothing."""
    await wait_for(pilot, lambda: isinstance(app.screen, BidDialog))
    await pilot.press("3")
    await wait_for(pilot, lambda: isinstance(app.screen, OpenDialog))
    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


async def quit_now(pilot, app) -> tuple[str, list[str]]:
    """ctrl+q, then y: what the quit question said, and its notes."""
    from bhtui.tui.dialogs import QuitScreen

    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
    said = " ".join(text(app.screen.query_one(".title")).split())
    notes = [" ".join(text(note).split()) for note in app.screen.query("#quit-note")]
    await pilot.press("y")
    return said, notes


@pytest.mark.parametrize(("rounds", "kept"), [
    (1, "{path} (bhtui replay shows it)"),
    (None, "{path}: to play it on, run bhtui replay {path}, press End (its last move), then p "
           "(play on)")])
async def test_S_SCORE_5_quitting_says_the_totals_after_my_escape(first_deal, rounds, kept):
    """Quitting as the landlord is an escape that ends the deal, and bhtui's last lines said
    no totals (they read my view, which never receives my own leave's escape) and that a
    match of one deal, ended by it, plays on. They say the totals it left, as Baohuang's do,
    and "plays on" only where a deal is left to play."""

    first_deal(SHANGHAI_DEAL)
    config = Config(name="Ana", language="en", bot_delay=0.0)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    app = BhtuiApp(config, LocalSession(rules=rules, seed=2, rounds=rounds))
    async with app.run_test(size=SIZE) as pilot:
        await quit_as_the_landlord(pilot, app)
    names = [seat["name"] for seat in app.client.table]
    totals = app.host.match.totals
    assert totals[0] < 0 and app.host.match.over == (rounds == 1)
    said = ", ".join(f"{name} {total:+d}" for name, total in zip(names, totals, strict=True))
    path = app.host.log.path
    assert app.farewell == [f"totals after deal 1: {said}",
                            "this game is saved in " + kept.format(path=path)]


@pytest.mark.parametrize("language, said", [
    ("en", "Ana escaped (left): he pays 1.1 times what the others would have won"),
    ("zh", "Ana 逃跑（离开）：赔付其他人应得分数的 1.1 倍")])
async def test_S_SCORE_5_the_log_says_a_leaver_pays_1_1_times(first_deal, language, said):
    """Leaving on purpose pays 1.1 times what the others would have won (S-SCORE-5, the
    engine's ``escape_scores``); the replay's log said "he pays what the others would have
    won", the words of an escape by disconnection or time-outs."""
    from bhtui.store.gamelog import GameLog

    first_deal(SHANGHAI_DEAL)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=rules, seed=2, rounds=None))
    async with app.run_test(size=SIZE) as pilot:
        await quit_as_the_landlord(pilot, app)
    replay = Replay.from_log(GameLog.load(app.host.log.path))
    app = BhtuiApp(Config(name="Ana", language=language), ReplaySession(replay))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        log = [line.text.rstrip() for line in app.screen.query_one("#r-log").lines]
        assert said in log, log


@pytest.mark.parametrize("why, said", [
    ("left", "A escaped (left): he pays 1.1 times what the others would have won"),
    ("timeouts", "A escaped (timed out): he pays what the others would have won")])
async def test_S_SCORE_5_the_deal_s_result_says_what_the_escape_cost(why, said):
    """The result said a leaver pays what the others would have won, as for time-outs: he
    pays 1.1 times that (-7 for 6 here, rounded up)."""
    from textual.app import App

    from bhtui.tui.i18n import Translator

    from doudizhu_helpers import bid

    m = rigged("classic", first=0, escape=True)
    bid(m, 0, 3)
    events = m.apply(0, get_game("doudizhu").abandon(m, 0, why))
    end = next(e for e in events if e["type"] == "result")
    assert end["scores"][0] == {"left": -7, "timeouts": -6}[why]
    result = DealResultScreen(Translator("en"), end, ["A", "B", "C"], end["scores"], False,
                              1, None)
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(result)
        await wait_for(pilot, lambda: result.query("Plain"), "the result")
        assert said in [text(p) for p in result.query("Plain")]


async def test_S_SCORE_5_a_joiner_who_escapes_is_told_the_totals_his_escape_left(first_deal):
    """A joiner who quits as the landlord escapes (S-SCORE-5) and ends the deal, and with it
    a one-deal match, at the host; bhtui ended before the host's answer came, so it said no
    totals and told him to take back a seat in a match that was over. It waits for the
    host to close the link (the escape's result and totals come first) and says them. The
    question before said a bot would play his seat till he rejoined; it says the match
    ends."""
    from bhtui.net.serve import start_serving, start_when_full
    from bhtui.net.tcp import listen_socket
    from bhtui.tui.sessions import RemoteSession

    first_deal(SHANGHAI_DEAL)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    seats = [Seat()] + [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True)
                        for s in range(1, 4)]
    host = Table(rules, seats, game=DDZ, seed=2, rounds=1, bot_delay=0.0)
    serving = await start_serving(host, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(host)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            asked = await quit_as_the_landlord(pilot, app)
            await wait_for(pilot, lambda: not app.is_running, "bhtui to end")
    finally:
        await serving.stop()
    totals = host.match.totals
    assert host.match.over and totals[0] < 0
    names = ["Ana", "B1", "B2", "B3"]
    said = ", ".join(f"{name} {total:+d}" for name, total in zip(names, totals, strict=True))
    assert len(app.farewell) == 2 and app.farewell[0].endswith(f": {said}"), app.farewell
    assert app.farewell[1].startswith("this game is saved on the host's machine, not on yours")
    assert asked == "Leave? Leaving now ends the match; it is saved on the host's machine."


async def test_S_SCORE_5_a_joiner_who_escaped_once_is_not_told_leaving_again_ends_the_match(
        first_deal):
    """The host counts one escape a match for leaving (``Commands.leave``): a joiner who
    escaped, took his seat back and left again in the last deal was told that this leave
    ends the match and is an escape, while the host let a bot play his seat on. He is told
    what happens: a bot plays till he rejoins."""
    from bhtui.net.serve import start_serving, start_when_full
    from bhtui.net.tcp import listen_socket
    from bhtui.tui.sessions import RemoteSession

    from net_helpers import HANG

    first_deal(SHANGHAI_DEAL)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    seats = [Seat()] + [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True)
                        for s in range(1, 4)]
    host = Table(rules, seats, game=DDZ, seed=2, rounds=2, bot_delay=HANG)  # bots: the test's
    serving = await start_serving(host, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(host)
    address = f"127.0.0.1:{serving.port}"
    config = Config(name="Ana", language="en", bot_delay=0.0)
    try:
        first = BhtuiApp(config, RemoteSession(address))
        async with first.run_test(size=SIZE) as pilot:
            await quit_as_the_landlord(pilot, first)  # deal 1 ends with my escape
            await wait_for(pilot, lambda: not first.is_running, "bhtui to end")
        assert host.match.round.number == 2 and host.match.to_act == 1
        again = BhtuiApp(config, RemoteSession(address))
        async with again.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, TableScreen), "my seat back")
            assert again.client.seat == 0
            host.apply(1, {"type": "bid", "points": 3})  # B1 is the last deal's landlord
            await wait_for(pilot, lambda: again.client.view["landlord"] == 1, "the landlord")
            asked = await quit_now(pilot, again)
            await wait_for(pilot, lambda: not again.is_running, "bhtui to end")
    finally:
        await serving.stop()
    assert not host.match.over and host.match.round.landlord == 1  # a bot plays on
    assert asked == ("Leave? A bot plays till you rejoin. Saved on the host's machine, not "
                     "this one.", [])


async def test_S_SCORE_5_the_host_is_told_when_his_escape_ends_the_match(first_deal):
    """`bhtui host` with the host at a seat: his leave is an escape the table counts before
    it closes (``Commands.leave``), and in the last deal it ends the match; his question
    said only that the moves are saved. It says the match ends, as a local game's does,
    and that the table closes for everyone."""
    from bhtui.net.tcp import listen_socket
    from bhtui.tui.sessions import HostSession

    first_deal(SHANGHAI_DEAL)
    rules = DDZ_PRESETS["shanghai"].with_options(escape=True)
    seats = [Seat()] + [Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True)
                        for s in range(1, 4)]
    host = Table(rules, seats, game=DDZ, seed=2, rounds=1, bot_delay=0.0)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   HostSession(host, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.session.serving is not None, "the door")
        await pilot.press("enter")  # every other seat is a bot: the match starts
        await become_the_landlord(pilot, app)
        asked, notes = await quit_now(pilot, app)
    assert host.match.over and host.match.totals[0] < 0  # no bot played the deal out
    assert asked == "Quit bhtui? Leaving now ends the match; bhtui replay shows this game."
    assert notes == ["Quitting closes your table for everyone (bhtui host --resume reopens it). "
                     "Leaving now is an escape (逃跑): you pay 1.1 times what the others would "
                     "have won this deal."]
