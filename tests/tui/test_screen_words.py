"""What the screen says, read as a player reads it: no Markdown, card names in the player's
language, one meaning per symbol."""

import pytest

from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import STRINGS


def screen_texts():
    """Every string the screens show: the i18n table, the demo's chapters and words."""
    from bhtui.tui.demo_text import CHAPTERS, TASKS, WORDS
    from bhtui.tui.doudizhu.demo import TEXT

    for key, entry in STRINGS.items():
        yield key, entry
    for number, chapter in enumerate(CHAPTERS):
        for part, entry in chapter.items():
            yield f"chapter {number + 1} {part}", entry
    for key, entry in [*WORDS.items(), *TEXT.items(), *enumerate(TASKS)]:
        yield key, entry


def test_no_screen_text_shows_markdown_backticks():
    """The quit dialog read "`bhtui replay` shows this game again": a terminal shows the
    backticks as they are."""
    shown = [(key, lang) for key, entry in screen_texts() for lang in ("en", "zh")
             if "`" in str(entry.get(lang, ""))]
    assert shown == []


@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
def test_the_trick_marker_is_no_card_glyph_and_not_the_turn_marker(style):
    """★ stood both for "holds the trick" beside a name and for a big joker in the hand."""
    look = CardStyle(style)
    glyphs = {look.glyph(card, called, marked) for card in ("SJ", "BJ", "GC", "AS", "10H", "7")
              for called in (False, True) for marked in (False, True)}
    assert look.trick_marker not in glyphs
    assert look.trick_marker != look.turn_marker


@pytest.mark.parametrize("style", ["unicode", "letters"])
def test_chinese_names_cards_in_words_in_a_sentence(style):
    """"皇牌包：BJ", "叫 AH": in Chinese a sentence says 大王, 小王, 红桃A."""
    zh = CardStyle(style, language="zh")
    assert [zh.name(c) for c in ("BJ", "SJ", "AH", "10S", "2C", "7D")] == [
        "大王", "小王", "红桃A", "黑桃10", "梅花2", "方块7"]
    assert zh.name("K") == "K" and zh.name("GC") == "GC"  # Dou Dizhu's suitless ranks; GC
    assert CardStyle(style).name("AH") == CardStyle(style).label("AH")  # English: as drawn


async def test_chinese_table_names_the_bundle_and_the_called_card_in_words(first_deal):
    """At a zh table (letters by default): the throne dialog's bundle and the table's call
    say 大王 and 红桃7, not BJ and 7H; the log says them so too."""
    from bhtui.tui.dialogs import CallDialog, ThroneDialog

    from helpers import deal_of
    from tui_helpers import SHORT_DEAL, make_app, table, wait_for

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app("zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        words = " ".join(str(p.render()) for p in app.screen.query("Plain"))
        assert "皇牌包：大王" in words and "BJ" not in words
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))
        await pilot.press("enter")
        screen = table(app)
        await wait_for(pilot, lambda: "叫 红桃7" in str(screen.query_one("#center").render()))
        assert any("叫 红桃7" in line for line in screen.log_lines)
