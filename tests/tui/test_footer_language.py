"""The footer speaks the player's language (``--lang zh``) at 80×24, without editing any
screen's bindings: the keys stay as declared, only their descriptions are shown translated."""

from __future__ import annotations

import pytest

from bhtui.tui.localized import Localized

from tui_helpers import footer_text, make_app, my_play_turn, table, wait_for


@pytest.mark.parametrize(("language", "words", "not_words"), [
    ("zh", ["出牌", "不要", "提示"], ["Play", "Pass", "Hint"]),
    ("en", ["Play", "Pass", "Hint"], ["出牌", "不要", "提示"]),
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


@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
async def test_a_game_against_bots_offers_no_chat_and_its_ascii_footer_fits_80_columns(game):
    """Nobody reads a chat at a table of bots with no door, yet `c Chat` took 7 cells of
    the footer: Dou Dizhu's in the ascii style (Enter written `enter`) ran to 82 and cut
    `? Help` to `? Hel`. The key is offered where people may read it (a LAN table)."""
    from bhtui.games import rules_named
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.sessions import LocalSession

    config = Config(name="Ana", language="en", bot_delay=0.0, card_style="ascii")
    app = BhtuiApp(config, LocalSession(rules=rules_named(game=game)[1], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:  # (the table's own footer, a bid's
        await wait_for(pilot, lambda: app.client.view is not None  # dialog over it or not)
                       and "Play" in footer_text(table(app)), "the table's footer")
        await pilot.pause()
        shown = footer_text(table(app))
        assert "Chat" not in shown and "? Help" in shown, shown
        keys = list(table(app).query("FooterKey"))
        assert max(key.region.right for key in keys) <= 80
