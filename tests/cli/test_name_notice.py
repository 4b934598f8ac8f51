"""A --name longer than a table keeps is cut to its first 24 characters: the player is told
so, and to what, once, in his language (it showed cut in the lobby without a word)."""

from __future__ import annotations

import pytest

from bhtui.net.protocol import MAX_NAME

LONG = "Bartholomew-" * 11  # 132 characters
CUT = LONG[:MAX_NAME]
LINE = f"--name is cut to the 24 characters a table keeps: you play as {CUT}"


@pytest.fixture
def opened(monkeypatch) -> list:
    """The apps the command would run, kept instead of run."""
    apps: list = []

    def keep(app) -> int:
        apps.append(app)
        return 0

    monkeypatch.setattr("bhtui.cli._run", keep)
    return apps


@pytest.mark.parametrize("language, said", [
    ("en", f"bhtui: {LINE}"),
    ("zh", f"bhtui: --name 超过了牌桌保留的 24 个字符，已截短：你的名字是 {CUT}"),
])
def test_a_long_name_is_said_cut_once_and_to_what(language, said, cli, opened):
    out = cli("--lang", language, "--name", LONG, "--fast")
    assert out.returncode == 0
    assert out.stderr.splitlines() == [said]
    app, = opened
    assert app.config.name == CUT
    assert app.startup_warnings == [LINE]  # the app's first toast too, in his language


@pytest.mark.parametrize("name", ["Ana", "  " + "x" * MAX_NAME + "  "])
def test_a_name_that_fits_says_nothing(name, cli, opened):
    out = cli("--name", name)
    assert (out.returncode, out.stderr) == (0, "")
    assert opened[0].config.name == name.strip()


TABLE = "A very long table name for the evening games"
TABLE_CUT = "A very long table name for the evening…"
TABLE_LINE = f"--name is cut to the 40 characters a table's name keeps: the table is called {TABLE_CUT}"


@pytest.mark.parametrize("language, said", [
    ("en", f"bhtui: {TABLE_LINE}"),
    ("zh", f"bhtui: --name 超过了牌桌名字保留的 40 个字符，已截短：牌桌名为 {TABLE_CUT}"),
])
def test_a_long_table_name_is_said_cut_and_ends_in_an_ellipsis(language, said, cli, opened):
    """`bhtui host --name` cut a long name to 40 characters without a word, and the room's
    title showed "A very long table name for the evening g" as if whole."""
    out = cli("--lang", language, "host", "--name", TABLE, "--no-advertise", "--bind",
              "127.0.0.1", "--port", "0")
    assert out.returncode == 0
    assert said in out.stderr.splitlines()
    app, = opened
    assert app.session.table.name == TABLE_CUT and len(TABLE_CUT) <= 40
    assert TABLE_LINE in app.startup_warnings
