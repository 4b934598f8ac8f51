"""The footer speaks the player's language (``--lang zh``) at 80×24, without editing any
screen's bindings: the keys stay as declared, only their descriptions are shown translated."""

from __future__ import annotations

import pytest

from bhtui.tui.localized import Localized

from tui_helpers import footer_text, make_app, my_play_turn, table


@pytest.mark.parametrize(("language", "words", "not_words"), [
    ("zh", ["出牌", "不要", "提示", "聊天"], ["Play", "Pass", "Hint", "Chat"]),
    ("en", ["Play", "Pass", "Hint", "Chat"], ["出牌", "不要", "提示", "聊天"]),
])
async def test_the_table_footer_is_in_the_player_s_language(language, words, not_words):
    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.pause()
        shown = footer_text(table(app))
        assert all(word in shown for word in words), shown
        assert not any(word in shown for word in not_words), shown


async def test_translating_the_footer_leaves_the_declared_bindings_and_keys_alone():
    app = make_app("zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        assert isinstance(screen, Localized)
        declared = {b.id: b.description for cls in type(screen).__mro__
                    for b in getattr(cls, "BINDINGS", [])}
        assert declared["play"] == "Play"  # the class keeps its words …
        active = {a.binding.id: a.binding for a in screen.active_bindings.values()}
        assert active["play"].description == "出牌"  # … the footer gets the player's
        assert active["play"].key == "enter" and active["play"].action == "play"
