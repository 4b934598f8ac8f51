"""Help and demo text wrapped as Chinese and English are set (``tui/prose.py``): the Chinese
help once put a lone 。 at the head of a line, and its headings ran into their paragraphs
("手牌每种点数是一组", "THE HAND Each rank is one unit")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from bhtui.tui.baohuang.describe import transfers
from bhtui.tui.dialogs import HelpScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.prose import CLOSING, OPENING, pack, reflow, wrap
from bhtui.tui.widgets import Prose

from tui_helpers import make_app, strips, wait_for

WORDS = st.sampled_from(["保", "皇", "派", "保皇派", "A", "word", "GC", "2", "docs/rules.md"])
PIECES = st.tuples(st.sampled_from(["", " ", "  "]), st.sampled_from(["", "（", "(", "“"]), WORDS,
                   st.sampled_from(["", "。", "，", "）", "、", ")", ",", "。」", "——"])).map("".join)
"""Text as written: marks hold on to the word they close or open."""


@given(text=st.lists(PIECES, max_size=40).map("".join), width=st.integers(4, 50))
def test_wrapping_keeps_every_character_and_breaks_only_where_the_type_allows(text, width):
    lines = wrap(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for before, after in zip(lines, lines[1:], strict=False):
        body = after.lstrip(" ")
        if cell_len(before) + cell_len(body[:2]) <= width:  # not a last-resort fold
            assert body[:1] not in CLOSING, (before, after)
            assert before.rstrip(" ")[-1:] not in OPENING, (before, after)


def test_an_indented_line_keeps_its_indent_where_it_wraps():
    assert wrap("  Enter play · p pass · h hint", 14) == ["  Enter play ·", "  p pass · h", "  hint"]


def test_a_key_lists_line_wraps_under_its_description_or_else_its_indent():
    """Dou Dizhu's help wrapped "x          a run …" back to the key's column."""
    assert wrap("  x          a run from the lowest picked rank", 30) == [
        "  x          a run from the", "             lowest picked", "             rank"]
    assert wrap("  3-9, 0 (=10), j q k a 2  add a card of that rank", 40) == [
        "  3-9, 0 (=10), j q k a 2  add a card of", "  that rank"]  # (too wide to hang)


def test_a_chinese_word_in_english_text_stays_whole():
    """At 100 columns the English help split 报到 over two lines."""
    assert wrap("cards reported (报到) and the rest", 17) == ["cards reported", "(报到) and the", "rest"]
    assert wrap("报到报到 word", 4) == ["报到", "报到", "word"]  # (a Chinese paragraph: any pair)


def test_a_colon_in_either_language_keeps_the_list_after_it_on_its_lines():
    assert reflow("逐步观看：\n→ 一步") == "逐步观看：\n→ 一步"
    assert reflow("Step by step:\n→ one move") == "Step by step:\n→ one move"
    assert reflow("一行\n接着") == "一行接着" and reflow("a line\ngoes on") == "a line goes on"


async def help_lines(language: str, size: tuple[int, int]) -> tuple[list[str], int]:
    """The help's lines as the screen draws them, and the width they had."""
    app = make_app(language=language)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        prose = app.screen.query_one(Prose)
        await wait_for(pilot, lambda: prose.size.width > 0 and "\n" in str(prose.content))
        lines = ["".join(seg.text for seg in strip).rstrip() for strip in strips(prose)]
        return [line for line in lines if line.strip()], prose.size.width


@pytest.mark.parametrize("size", [(60, 24), (80, 24), (100, 30), (130, 40)])
async def test_the_chinese_help_starts_no_line_with_a_closing_mark(size):
    lines, width = await help_lines("zh", size)
    assert all(cell_len(line) <= width for line in lines)
    assert [line for line in lines if line.lstrip()[0] in CLOSING] == []


@pytest.mark.parametrize("language, headings", [
    ("zh", ["按键", "手牌", "牌桌"]), ("en", ["KEYS", "THE HAND", "THE TABLE"])])
async def test_the_helps_headings_stand_on_lines_of_their_own(language, headings):
    lines, _ = await help_lines(language, (80, 24))
    assert [line for line in lines if line in headings] == headings


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_tribute_transfer_stays_on_one_line_wherever_the_result_wraps(language):
    """At 80 columns the round's result read "… Liu →" / "Player SJ" (Rich breaks a line at
    any space), and in Chinese "玩家 → Chen 红桃" / "2，…" or "Zhang → 小" / "明 小王". The
    result's tribute is packed between transfers only, whatever the names and cards."""
    t = Translator(language)
    names = ["Player", "小明", "Zhang", "小红", "Chen"]
    cards = ["大王", "红桃2", "方块2"] if language == "zh" else ["BJ", "2♥", "2♦"]
    items = [{"from": 1, "to": 4, "card": cards[0]}, {"from": 2, "to": 0, "card": cards[1]},
             {"from": 3, "to": 0, "card": cards[2]}]
    said = transfers(items, names)
    head = t("result.tribute", items="")
    for width in range(24, 70):
        lines = pack(head, said, t.separator(clauses=True), width)
        assert lines[0].startswith(head.rstrip())
        assert all(cell_len(line) <= width for line in lines), lines
        assert all(sum(transfer in line for line in lines) == 1 for transfer in said), lines
        assert "".join(lines).replace(" ", "") == t("result.tribute", items=t.join(
            said, clauses=True)).replace(" ", "")


@pytest.mark.parametrize("text", ["After a loss: E\xa0→\xa0R2\xa0BJ, G\xa0→\xa0R3\xa02♥, E",
                                  "皇帝一方输了之后：E\xa0→\xa0R2\xa0大王，G\xa0→\xa0R3\xa0红桃2，E"])
def test_a_no_break_space_keeps_what_it_joins_on_one_line(text):
    """"G → R3 2♥" broke after "R3" at 80 columns: joined by no-break spaces, it moves to
    the next line whole, and the line still breaks after it."""
    for width in range(14, 40):
        lines = wrap(text, width)
        clause = "G\xa0→\xa0R3\xa0" + ("红桃2" if "红" in text else "2♥")
        assert any(clause in line for line in lines), (width, lines)
