"""Every chapter of the rules demo has a key: the tour has eleven, and its keys line said
"1-9 jump", so the tenth and eleventh (Dou Dizhu's) were only reached by PgDn, unsaid."""

from __future__ import annotations

import pytest

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.demo import DemoScreen, DemoSession
from bhtui.tui.demo_text import CHAPTERS
from bhtui.tui.dialogs import HelpScreen
from bhtui.tui.doudizhu.demo import CHAPTERS as DOUDIZHU_CHAPTERS
from bhtui.tui.i18n import Translator

from tui_helpers import screen_text, wait_for


def titles(language: str) -> list[str]:
    t = Translator(language)
    return ([c["title"][language] for c in CHAPTERS]
            + [c.title(t) for c in DOUDIZHU_CHAPTERS])


def title_of(demo: DemoScreen) -> str:
    return str(demo.query_one("#demo-title").render())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("language, said", [("en", "1-9, 0 jump · c chapters"),
                                            ("zh", "1-9、0 跳到第 1-10 章 · c 目录")])
async def test_every_chapter_has_a_key_and_the_keys_line_names_them(language, said, size):
    """1-9 and 0 (the tenth: a 10 is typed 0 at the table) go straight to the first ten;
    c lists all eleven, the one shown picked, and Enter opens the one chosen. The keys line
    says so on one line, and the footer shows c."""
    names = titles(language)
    assert len(names) == 11
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        for key in "1034567892":
            await pilot.press(key, "escape")  # (Esc: out of chapter 2's answer box)
            assert title_of(demo) == names["1234567890".index(key)]
        keys = demo.query_one("#demo-keys")
        assert said in str(keys.render()) and keys.region.height == 1
        await wait_for(pilot, lambda: any("^q" in line for line in screen_text(app)), "keys")
        footer = next(line for line in screen_text(app) if "^q" in line)
        assert ("c 目录" if language == "zh" else "c Chapters") in footer
        await pilot.press("0", "c")
        await wait_for(pilot, lambda: app.screen is not demo, "the chapters")
        shown = "\n".join(screen_text(app))
        assert all(name in shown for name in names)  # every title, whole
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.screen is demo, "the demo again")
        assert title_of(demo) == names[10]
        await pilot.press("c", "escape")
        await wait_for(pilot, lambda: app.screen is demo, "the demo again")
        assert title_of(demo) == names[10]
        await pilot.press("c", "3")  # a digit picks in the list as on the page
        await wait_for(pilot, lambda: app.screen is demo, "the demo again")
        assert title_of(demo) == names[2]


@pytest.mark.parametrize("language, said", [
    ("en", "1-9, 0  chapters 1 to 10 · c  every chapter, in a list"),
    ("zh", "1-9、0  第 1-10 章 · c  目录（全部章节）"),
])
async def test_help_in_the_demo_starts_with_the_demos_keys(language, said):
    """? in the demo showed the table's keys alone (3-9 add a card, Enter plays, p passes),
    none of which the demo has: its own keys come first, then the table's for later."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert said in app.screen.texts[0]
        assert app.screen.texts[1:] == [app.t("help.body"), app.t("help.rules")]
        shown = "\n".join(screen_text(app))
        assert said in shown


@pytest.mark.parametrize("language, visitor, said, unsaid", [
    ("en", False, ["That is the end of the tour.", "ctrl+q", "bhtui join"], []),
    ("zh", False, ["导览到此结束。", "ctrl+q", "bhtui join"], []),
    ("en", True, ["That is the end of the tour.", "ctrl+q"], ["bhtui join"]),
])
async def test_the_last_chapter_ends_the_tour_and_says_how_to_leave(language, visitor, said,
                                                                     unsaid):
    """The tour had no end: at chapter 11 PgDn did nothing and its page stopped at "Press
    Enter: four bots play a deal…". Its end says the tour is over, how to leave and, where
    bhtui is the person's own (not a door's visitor's), how to play; PgDn there goes to it."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession(), visitor=visitor)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        await pilot.press("0", "pagedown")
        assert title_of(demo) == titles(language)[-1]
        await pilot.press("pagedown")
        await pilot.pause()
        assert title_of(demo) == titles(language)[-1]
        shown = "".join("\n".join(screen_text(app)).split())  # (Chinese lines wrap anywhere)
        assert all("".join(words.split()) in shown for words in said)
        assert not any("".join(words.split()) in shown for words in unsaid)


@pytest.mark.parametrize("language, offered", [("en", "pgdn Next chapter"),
                                               ("zh", "pgdn 下一章")])
async def test_the_last_chapter_offers_no_next_chapter(language, offered):
    """QA: on the last chapter the footer still offered "pgdn Next chapter", and PgDn did
    nothing there. It is offered up to the chapter before the last, not on the last."""
    app = BhtuiApp(Config(name="Ana", language=language), DemoSession())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = app.screen
        await pilot.press("9", "pagedown")
        await pilot.pause()
        assert title_of(demo) == titles(language)[-2]
        assert offered in "\n".join(screen_text(app))
        await pilot.press("pagedown")
        await pilot.pause()
        assert title_of(demo) == titles(language)[-1]
        assert offered not in "\n".join(screen_text(app))
