"""A watcher's help lists the keys a watcher has: he picks no cards, plays, passes or hands
his seat to 托管, and those keys did nothing for him."""

from __future__ import annotations

import pytest

from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import HelpScreen
from bhtui.tui.sessions import RemoteSession
from bhtui.tui.table import TableScreen

from net_helpers import host_and_al
from tui_helpers import wait_for

WATCHER_KEYS = {
    "en": ("KEYS (watching)\n"
           "  l the previous trick · c chat · v the score sheet\n"
           "  PgUp PgDn  scroll the log\n"
           "  F2 settings · ctrl+t theme · ?/F1 this help · ctrl+q quit"),
    "zh": ("按键（观战）\n"
           "  l 上一轮 · c 聊天 · v 每局得分\n"
           "  PgUp PgDn 翻看记录\n"
           "  F2 设置 · ctrl+t 主题 · ?/F1 帮助 · ctrl+q 退出")}
PLAYER_KEYS = {"en": ("Enter play", "p pass", "t 托管", "add a card"),
               "zh": ("回车 出牌", "p 不要", "托管", "选一张")}


@pytest.mark.parametrize("game", ["baohuang", "doudizhu"])
@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_watcher_s_help_lists_only_the_keys_a_watcher_has(game, language):
    """``bhtui watch``, then ?: the help listed picking cards, Enter play, p pass and t 托管
    to a watcher. His keys are l, c, v, the log's, the settings', help's and quit's; what the
    help says of the table and the rules stays."""
    served = host_and_al(game, seed=3, al=1, bot_delay=600.0)  # (a table that waits)
    serving = await start_serving(served, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(Config(name="Wu", language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}", role="spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.client.view is not None, "the table, watched")
        player_help = app.screen.parts.help_texts(app.t, app.client.view["preset"],
                                                  app.card_style)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        keys, _, rest = app.screen.texts[0].partition("\n\n")
        assert keys == WATCHER_KEYS[language]
        assert [key for key in PLAYER_KEYS[language] if key in keys] == []
        assert rest == player_help[0].partition("\n\n")[2] and rest
        assert app.screen.texts[1:] == player_help[1:]
    await serving.stop()
