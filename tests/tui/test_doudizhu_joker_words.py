"""In Chinese a Dou Dizhu sentence names the jokers 小王 and 大王, as the log's plays and the
card counter do; the hand and the boxes keep SJ and BJ, and the help says what they are."""

from __future__ import annotations

from textual.app import App

from bhtui.tui.doudizhu.dialogs import DealResultScreen, ReportDialog
from bhtui.tui.i18n import Translator

from doudizhu_helpers import bid, farmers_win, rigged
from tui_helpers import DialogHost, screen_text, shanghai_help, wait_for

ZH = Translator("zh")


def four_jokers_reported():
    """Shanghai: seat 0 bids 2, reports the four jokers and plays on (打); the farmers win."""
    m = rigged("shanghai", hands=("SJ SJ BJ BJ K K K K K", "K"), kitty="K K 3", mark="3")
    for seat, points in enumerate((2, 0, 0, 0)):
        bid(m, seat, points)
    offered = m.view(0)["actions"]
    m.apply(0, {"type": "report", "groups": ["SJ SJ BJ BJ"], "fight": True})
    return offered, next(e for e in farmers_win(m) if e["type"] == "result")


async def test_the_report_and_its_result_name_the_jokers_in_words_in_chinese():
    offered, end = four_jokers_reported()
    dialog = ReportDialog(ZH, offered)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted and dialog.focused is not None)
        asked = screen_text(host)
    assert any("报到 小王×2 大王×2 — 打" in line for line in asked), asked
    result = DealResultScreen(ZH, end, ["A", "B", "C", "D"], [0] * 4, False, 1, None)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(result)
        await wait_for(pilot, lambda: result.query("Plain"), "the result")
        await pilot.pause()
        shown = screen_text(app)
    assert any("报到：小王×2 大王×2（打）" in line for line in shown), shown
    assert not any("SJ" in line or "BJ" in line for line in shown), shown


async def test_the_help_says_what_the_hand_s_sj_and_bj_are():
    for language, said in (("en", "SJ (☆) the small joker 小王, BJ (★) the big one 大王"),
                           ("zh", "SJ（☆）是小王，BJ（★）是大王")):
        joined = "".join if language == "zh" else " ".join
        shown = await shanghai_help(language, (80, 24))
        assert joined(said.split()) in joined(shown.split()), shown
