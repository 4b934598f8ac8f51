"""The lobby's list at 80 columns: the rules in the viewer's words, within their column, and
every table's address whole (the names and the rules give way, ending in "…")."""

from __future__ import annotations

import dataclasses
import re

import pytest
from textual.app import App

from bhtui.net.lobby import TableInfo
from bhtui.tui.i18n import Translator
from bhtui.tui.room import LobbyScreen

from tui_helpers import screen_text

DORM = TableInfo("b", "Dorm", "10.0.0.9", 7474, "lianzhong-simple", 1, 0, False, "1.0", "0.1.0",
                 "y", ("kao", "rebellion", "force_first=false"), counter=True)
"""A lianzhong-simple table with 烤牌 and 造反 on, 逼位 off and the card counter."""


async def lobby_of(app: App, language: str, *tables: TableInfo) -> LobbyScreen:
    lobby = LobbyScreen(Translator(language), watching=False)
    await app.push_screen(lobby)
    lobby.show_tables({info.key: info for info in tables})
    return lobby


@pytest.mark.parametrize(("language", "rules"), [
    ("en", "Lianzhong simple · 烤牌, 造反, 逼位 ✗, counter"),
    ("zh", "联众简单 · 烤牌, 造反, 逼位 ✗, 记牌器"),
])
async def test_the_lobby_names_a_table_s_options_as_the_settings_do_in_his_language(
        language, rules):
    """The rules showed the preset by name and its options by their ids ("+kao
    +rebellion"), past the column's end: now by the names the settings give them, cut
    within the column at 80 columns and said whole under the list."""
    app = App()
    async with app.run_test(size=(120, 24)) as pilot:
        lobby = await lobby_of(app, language, DORM)
        await pilot.pause()
        assert rules in next(line for line in screen_text(app) if "Dorm" in line)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        shown = str(lobby.query_one("DataTable").get_row_at(0)[2])
        assert shown == rules or shown.endswith("…") and rules.startswith(shown[:-1])
        row = next(line for line in screen_text(app) if "Dorm" in line)
        assert shown in row and "10.0.0.9:7474" in row
        assert rules in str(lobby.query_one("#lobby-about").render())


async def test_at_80_columns_every_address_is_whole_and_long_names_end_in_an_ellipsis():
    """At 80 columns the Host column showed "127.0." — or nothing, behind the rules."""
    hall = dataclasses.replace(
        DORM, key="h", name="The long hall of the students' union", host="192.168.100.200",
        port=47474, game="doudizhu", preset="shanghai", size=4, state="playing", round=12,
        code=True, options=(), counter=False)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_of(app, "en", DORM, hall)
        await pilot.pause()
        lines = screen_text(app)
        row = next((line for line in lines if "192.168.100.200" in line), "")
        assert "192.168.100.200:47474" in row
        assert re.search(r"^ The l[^ ]*… ", row)  # cut, not wrapped
        assert "Dou Dizhu  Shanghai" in row and "deal 12" in row and "1/4 🔒" in row
        assert any("10.0.0.9:7474" in line and "Dorm" in line for line in lines)


async def test_a_long_name_takes_the_width_there_is_and_is_said_whole_under_the_list():
    """At 120 columns the list showed "A very long table name …" with room to spare, and
    the line under it cut the name too."""
    name = "A very long table name for the evening…"  # (as the host cuts it)
    evening = dataclasses.replace(DORM, key="e", name=name, options=(), counter=False)
    app = App()
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await lobby_of(app, "en", evening)
        await pilot.pause()
        row = next(line for line in screen_text(app) if "10.0.0.9:7474" in line)
        assert name in row, row
        assert str(lobby.query_one("#lobby-about").render()).startswith(name + " · ")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert name in str(lobby.query_one("#lobby-about").render())
