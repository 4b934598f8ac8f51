"""The player's settings (F2) at 80×24 through Pilot: each value in the screen's language,
while the settings file keeps its own words."""

from __future__ import annotations

import pytest

from bhtui.store.config import Config
from bhtui.tui.i18n import Translator
from bhtui.tui.preferences import PreferencesScreen

from tui_helpers import DialogHost, screen_text

SHOWN = {
    "zh": {"theme": "主题：毛毡", "language": "语言（下次启动生效）：中文",
           "card_style": "牌面样式（下次启动生效）：花色符号",
           "result_seconds": "托管时结果显示：5 秒", "bot_delay": "机器人等待（下一场生效）：0.6 秒",
           "sort": "手牌排序：按点数"},
    "en": {"theme": "Theme: felt", "language": "Language (next start): Chinese",
           "card_style": "Card style (next start): suit symbols",
           "result_seconds": "Result shown under 托管 for: 5 s",
           "bot_delay": "Bots wait (next match): 0.6 s", "sort": "Sort the hand by: rank"},
}
CHANGED = {"zh": {"theme": "主题：深色", "sort": "手牌排序：按张数"},
           "en": {"theme": "Theme: dark", "sort": "Sort the hand by: group size"}}


@pytest.mark.parametrize("language", ["zh", "en"])
async def test_each_setting_is_worded_in_the_screens_language_and_saved_as_the_files_word(
        language):
    """The Chinese F2 showed "主题: felt", "语言（下次启动生效）: zh", "托管时结果显示: 5 s",
    "手牌排序（rank 点数 / size 张数）: rank". Each value is shown in the screen's language
    now, changed by → as before, and ctrl+s saves the file's own words ("dark", "size")."""
    config = Config(name="Ana", language="zh", theme="felt", card_style="unicode",
                    result_seconds=5.0, bot_delay=0.6, sort="rank")
    host = DialogHost(PreferencesScreen(Translator(language), config,
                                        ["felt", "dark", "light", "contrast"]))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = host.dialog.query_one("OptionList")

        def shown() -> dict[str, str]:
            return {o.id: str(o.prompt) for o in options.options}

        assert {key: shown()[key] for key in SHOWN[language]} == SHOWN[language]
        for key in CHANGED[language]:
            options.highlighted = list(shown()).index(key)
            await pilot.press("right")
        assert {key: shown()[key] for key in CHANGED[language]} == CHANGED[language]
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = host.answer
    assert (saved.theme, saved.sort, saved.language, saved.card_style, saved.bot_delay) == (
        "dark", "size", "zh", "unicode", 0.6)



@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_every_setting_is_in_sight_where_the_screen_has_the_rows(size):
    """At 120x40 F2 showed 10 of its 12 settings in a list of 10 rows amid some 20 empty
    ones: 机器人难度 and 托管和提示的难度 were hidden until scrolled to. The list grows
    with the screen: at 120x40 every setting is in sight, and its keys line; at 80x24 (where
    this test's long settings path takes two lines) the keys line too, the list scrolling to
    the last setting."""
    t = Translator("zh")
    host = DialogHost(PreferencesScreen(t, Config(name="Ana", language="zh"),
                                        ["felt", "dark", "light", "contrast"]))
    async with host.run_test(size=size) as pilot:
        await pilot.pause()
        options = host.dialog.query_one("OptionList")
        prompts = [str(o.prompt) for o in options.options]
        shown = "\n".join(screen_text(host))
        await pilot.press("end")
        last = "\n".join(screen_text(host))
    assert len(prompts) == 12 and "机器人难度" in prompts[-2] and "托管和提示的难度" in prompts[-1]
    assert t("prefs.keys") in shown
    if size == (120, 40):
        assert [p for p in prompts if p not in shown] == []
    assert prompts[-1] in last and t("prefs.keys") in last
