"""The rules demo through Pilot: every chapter, a wrong and a right try-it answer, and the
commented round stepped forwards and backwards."""

import pytest
from textual.widgets import Input

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.demo import DemoScreen, DemoSession, judge
from bhtui.tui.demo_text import CHAPTERS
from bhtui.tui.i18n import Translator
from bhtui.tui.replay import ReplayScreen

from tui_helpers import screen_text, strips


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_walking_every_chapter_at_80x24(language):
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        seen = []
        for index in range(len(CHAPTERS)):
            seen.append(text_of(demo, "#demo-title"))
            body = text_of(demo, "#demo-body").replace("\xa0", " ")  # (as it is seen)
            assert body.strip()
            if index == 2:
                assert ("叫 红桃7" if language == "zh" else "calls 7♥") in body  # the engine's call
            if index == 3:
                assert "接风" in body
            if index == 4:
                assert "+2" in body and "+8" in body  # computed by score_round
            if index == 7:  # Weihai: ×4 and the hidden solo (R-WH-MULT-1, R-WH-SCORE-2)
                assert "+16" in body and "-12" in body
            if index == 8:  # Weifang: kills judged by beats, 闷供 then 落供 (R-WF-PLAY-2, R-WF-TRIB-1)
                assert "A A 2 2 2" in body and "R2 → E" in body
            if index < len(CHAPTERS) - 1:
                await pilot.press("pagedown")
        assert seen == [c["title"][language] for c in CHAPTERS]
        await pilot.press("pageup")
        assert text_of(demo, "#demo-title") == CHAPTERS[-2]["title"][language]


async def test_try_it_the_answer_box_takes_the_largest_set_and_no_more():
    """3,000 characters pasted into the answer box came back whole in the line judging them,
    pushing the chapter off the screen. The largest set in card words (sixteen 10s and eight
    jokers) still fits and is judged; what is pasted past the bound is dropped."""
    app = BhtuiApp(Config(name="Ana", language="en"), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        await pilot.press("2")
        answer = demo.query_one("#demo-answer", Input)
        largest = " ".join(["10"] * 16 + ["SJ"] * 4 + ["BJ"] * 4)
        answer.insert_text_at_cursor(largest)
        assert answer.value == largest
        await pilot.press("enter")
        judged = text_of(demo, "#demo-feedback")
        assert judged.startswith(largest) and "not a set" not in judged
        answer.insert_text_at_cursor("9" * 3000)
        await pilot.press("enter")
        assert len(text_of(demo, "#demo-feedback")) < 200


async def test_try_it_a_wrong_answer_says_why_and_a_right_one_moves_on():
    """In card words (J J J BJ) or as the table's keys type a set (kkk, 2222): the try-its
    refused "kkkk" and wanted "K K K K"."""
    app = BhtuiApp(Config(name="Ana", language="en"), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        await pilot.press("2")
        assert demo.chapter == 1
        assert "jjjb" in text_of(demo, "#demo-body")  # the prompt says both ways
        for key in "9 9 9 9":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        assert "small joker" in text_of(demo, "#demo-feedback")
        assert demo.try_index == 0
        for key in "J J J BJ":
            await pilot.press("space" if key == " " else key.lower())
        await pilot.press("enter")
        feedback = text_of(demo, "#demo-feedback")
        assert "✓" in feedback and "A A A A" in feedback and demo.try_index == 1
        await pilot.press(*"kkk", "enter")  # three kings: the wrong size, read as such
        assert "kkk → ✗ A A A A has 4 cards" in text_of(demo, "#demo-feedback")
        await pilot.press(*"2222", "enter")
        assert "✓ 2 2 2 2 beats A A A A" in text_of(demo, "#demo-feedback")
        assert demo.try_index == 2


@pytest.mark.parametrize("language, said", [
    ("en", "✗ 9 9 9 + SJ has a small joker: you need a big joker for it."),
    ("zh", "✗ 9 9 9 + SJ 有一个小王，要用一个大王来管。"),
])
async def test_try_it_names_one_small_joker_in_the_singular(language, said):
    """Chapter 2's try-it said "has 1 small joker(s)": one is said as one, in both
    languages (several as several: judge's other words)."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        await pilot.press("2", *"9999", "enter")
        assert said in text_of(demo, "#demo-feedback")
    assert "has 2 small jokers" in judge("10 10 SJ BJ", "9 9 SJ SJ", Translator("en"))[1]


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_esc_leaves_the_answer_box_so_digits_jump_and_the_keys_line_fits(language):
    """In chapter 2 the answer box kept the focus: 7 was typed as an answer, only Tab left
    it, and nothing said so; the English keys line also ran to a second line at 80x24."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        keys = demo.query_one("#demo-keys")
        assert keys.region.height == 1 and "Esc" in text_of(demo, "#demo-keys")
        await pilot.press("2")
        assert demo.chapter == 1
        await pilot.press("7")
        assert demo.chapter == 1  # typed into the answer
        await pilot.press("escape", "7")
        assert demo.chapter == 6


def test_judging_explains_each_way_a_set_can_fail():
    t = Translator("en")
    assert judge("J J J BJ", "9 9 9 SJ", t)[0]
    assert judge("jjjb", "9 9 9 SJ", t)[0] and judge("000 bj", "9 9 9 SJ", t)[0]  # the keys
    assert "exactly 4" in judge("J J BJ", "9 9 9 SJ", t)[1]
    assert "big joker" in judge("10 10 10 SJ", "9 9 9 SJ", t)[1]
    assert "outrank" in judge("8 8 8 BJ", "9 9 9 SJ", t)[1]
    assert "Nothing beats" in judge("SJ", "BJ", t)[1]
    assert "not a set" in judge("9 10", "9 9 9 SJ", t)[1]


async def test_the_commented_round_steps_forwards_and_backwards_with_every_hand_shown():
    app = BhtuiApp(Config(name="Ana", language="en"), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("7", "enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.show_all
        await pilot.press("right", "right", "right")
        assert replay.position == 3
        await pilot.press("left")
        assert replay.position == 2
        assert "»" in text_of(replay, "#r-status")  # a comment on what just happened
        await pilot.press("end")
        assert replay.position == len(replay.replay)
        await pilot.press("escape")
        assert isinstance(app.screen, DemoScreen)


async def test_ctrl_q_yes_leaves_the_demo_quietly():
    """The demo is what `ssh -p 2222 HOST` shows: ctrl+q, then y, ends it with nothing to
    say after it (no game is kept), and no error."""
    app = BhtuiApp(Config(name="Ana", language="en"), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
    assert app.return_code == 0 and app.farewell == []


async def test_a_demo_ended_as_it_opens_ends_cleanly():
    """Found at the SSH door: its idle goodbye (SIGTERM, ended as by ctrl+q) reaching a demo
    as it opened crashed it (`NoMatches: #demo-title`), a traceback where a goodbye was due:
    a closing app mounts no children into the screen it pushes."""
    class EndedAsItOpens(DemoSession):
        async def open(self, app: BhtuiApp) -> None:
            await super().open(app)
            app.exit()

    app = BhtuiApp(Config(name="Ana"), EndedAsItOpens())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.return_code == 0


def colour_of(widget, words: str):
    """The colour ``words`` are drawn in, in the widget as the terminal gets it."""
    for strip in strips(widget):
        for segment in strip:
            if words in segment.text:
                assert segment.text.strip() == words, f"{words} drawn with {segment.text!r}"
                return segment.style.color
    raise AssertionError(f"{words} not drawn")


@pytest.mark.parametrize("language, called", [("en", None), ("zh", "红桃7")])
async def test_the_demos_cards_have_the_tables_colours(language, called):
    """Chapter 1's card order (3♠ < 4♥ < …) was one colour, while the table draws hearts and
    diamonds red: the demo's cards take the table's colours now, in every chapter that names
    them (chapter 3's log: the called 7♥)."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body, label = app.screen.query_one("#demo-body"), app.card_style.label
        red, black = colour_of(body, label("4H")), colour_of(body, label("3S"))
        assert red != black
        assert colour_of(body, label("10D")) == red and colour_of(body, label("JS")) == black
        await pilot.press("3")
        await pilot.pause()
        assert colour_of(body, called if language == "zh" else label("7H")) == red


@pytest.mark.parametrize("language, said", [
    ("en", "After a 2 v 3 loss (R2 1st, R3 2nd, R1 3rd, E 4th, G 5th): E → R2 BJ, G → R3 SJ, "
           "E → R1 2♠"),
    ("zh", "皇帝一方输了之后（R2 头科、R3 二科、R1 三科、E 二落、G 大落）：E → R2 大王，G → R3 "
           "小王，E → R1 黑桃2"),
])
async def test_the_tribute_example_says_the_places_its_order_follows(language, said):
    """Chapter 6 said "the rebels take them best-placed first" and showed "After a 2 v 3
    loss: E → R2 BJ, G → R3 2♥, E → R1 9♠" without the places: R2 first, then R3, then R1
    could not be followed. The places are said, and the highest card goes to the best placed
    rebel (R-TRIB-2)."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        body = text_of(app.screen, "#demo-body")
        joined = " ".join(body.split()) if language == "en" else "".join(body.split())
        assert (said if language == "en" else "".join(said.split())) in joined, body


@pytest.mark.parametrize("language, given", [
    ("en", ["R1 → E BJ", "R2 → G SJ", "R3 → E 2♦", "E → R2 BJ", "G → R3 SJ", "E → R1 2♠"]),
    ("zh", ["R1 → E 大王", "R2 → G 小王", "R3 → E 方块2", "E → R2 大王", "G → R3 小王",
            "E → R1 黑桃2"]),
])
async def test_the_tribute_examples_give_high_cards_each_on_one_line(language, given):
    """QA: chapter 6's emperor gave "BJ" and "9♠", his two highest of some 43 cards (a
    tribute gives the highest, R-TRIB-2), and at 80 columns "G → R3" ended a line, "2♥"
    beginning the next. Each card given is a 2 or a joker, each "X → Y card" on one line."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        await pilot.pause()
        lines = screen_text(app)
        assert all(any(clause in line for line in lines) for clause in given), lines


@pytest.mark.parametrize("language, asked, said", [
    ("en", "Leave this game for the demo? Its moves are saved.",
     "the game you started from the demo is saved in {path}: to play it on, run bhtui replay "
     "{path}, press End (its last move), then p (play on)"),
    ("zh", "离开这局，回到演示？每一步都已保存。",
     "你从演示开始的那局已保存在 {path}：想接着打，运行 bhtui replay {path}，按 End 跳到最后一步，"
     "再按 p 接着打"),
])
async def test_leaving_the_demo_names_the_game_played_on_from_its_round(language, asked, said):
    """7, Enter, p (play on), ctrl+q y back to the demo's round, ctrl+q y out: the last line
    said "this game is saved in …: to play it on, run bhtui replay …", though the person had
    only left the demo, which keeps no game. The game played on from its round is a game of
    its own, saved and resumable: the line says it is that one, as the question before it
    says where leaving it goes."""
    from bhtui.tui.dialogs import QuitScreen
    from bhtui.tui.table import TableScreen

    from tui_helpers import wait_for

    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("7", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the round")
        round_ = app.screen
        await pilot.press("right", "right", "right", "p")
        await wait_for(pilot, lambda: app.client is not None and any(
            isinstance(s, TableScreen) for s in app.screen_stack), "the game played on")
        played = app.host.log.path
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        assert text_of(app.screen, ".title") == asked
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is round_, "the demo's round again")
        await pilot.press("escape", "ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        await pilot.press("y")
    assert app.farewell == [said.format(path=played)]
    assert played.exists()
