"""A data folder nothing can be written in (a HOME under /proc, or a regular file): the first
deal of a game against bots was a FileNotFoundError traceback, a host served a table whose
log could never be written, and ``bhtui config`` said nothing was wrong. The tests run as
root, whom chmod does not stop: the folder lies under a regular file instead."""

from __future__ import annotations

import asyncio

import pytest

from tui_helpers import screen_text, wait_for

SAID = {
    "en": ("games cannot be saved in {games} (Not a directory): this game is played unsaved; "
           "to keep your games, set BHTUI_DATA_DIR to a folder you can write"),
    "zh": ("无法在 {games} 保存对局（不是目录）：这一局照常进行，但不会保存；要保存对局，请把 "
           "BHTUI_DATA_DIR 设为你能写入的文件夹"),
}


@pytest.fixture
def unwritable(tmp_path, monkeypatch) -> str:
    """BHTUI_DATA_DIR under a regular file; the games folder it would hold, as a line names it."""
    (tmp_path / "file").write_text("not a folder\n")
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "file" / "data"))
    return str(tmp_path / "file" / "data" / "games")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_game_against_bots_is_played_unsaved_and_says_so_once(app_of, unwritable, language):
    app, stderr = app_of("--lang", language, "--fast", "--seed", "3")
    said = SAID[language].format(games=unwritable)
    assert stderr == f"bhtui: {said}\n"

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.client is not None and app.client.view is not None,
                           "the first deal")
            assert app.session.table is not None and app.session.table.log is None
            assert app.warnings == [said]  # F3 lists it, in the player's language
            await pilot.press("f3")
            title = app.t("warnings.title", n=1)
            await wait_for(pilot, lambda: title in "\n".join(screen_text(app)), "F3's list")

    asyncio.run(play())
    assert app.return_code in (0, None)  # (a crash in the app is 1, its traceback printed)


def test_a_host_who_cannot_write_its_log_is_refused_before_anything_is_served(
        cli, unwritable, nothing_starts):
    for args in (["host", "--headless", "--no-advertise", "--bind", "127.0.0.1", "--port", "0"],
                 ["host", "--no-advertise"]):
        done = cli(*args)
        assert done.returncode == 2
        assert done.stderr == (
            f"bhtui: cannot host a table: games cannot be saved in {unwritable} (Not a "
            f"directory), and its log is what host --resume needs; set BHTUI_DATA_DIR to a "
            f"folder you can write\n")
    assert cli("--lang", "zh", "host").stderr.startswith(f"bhtui: 无法开桌：无法在 {unwritable} 保存对局")


def test_config_says_games_cannot_be_saved(cli, unwritable):
    done = cli("config")
    assert done.stdout.splitlines()[1:] == [
        f"  games cannot be saved in {unwritable} (Not a directory): set BHTUI_DATA_DIR to a "
        f"folder you can write"]
    assert cli("--lang", "zh", "config").stdout.splitlines()[1:] == [
        f"  无法在 {unwritable} 保存对局（不是目录）：请把 BHTUI_DATA_DIR 设为你能写入的文件夹"]


def test_config_says_a_settings_file_under_a_regular_file_is_unreadable(cli, tmp_path,
                                                                        monkeypatch):
    """Every start said the file was unreadable (Not a directory); config said "not there
    yet … until F2 in a game saves your settings there", which F2 never could."""
    (tmp_path / "file").write_text("not a folder\n")
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "file" / "config"))
    assert cli("config").stdout.splitlines()[0].endswith(
        "config.toml — unreadable (Not a directory): bhtui uses its defaults and writes nothing "
        "there until it is mended")


@pytest.mark.parametrize(("language", "theme"), [
    ("en", "theme 'plum' not found; using felt"), ("zh", "没有 'plum' 这个主题；改用 felt")])
def test_two_problems_at_start_each_keep_their_own_consequence(app_of, unwritable, language,
                                                               theme):
    """A missing theme and a data folder nothing is written in: the toast said both were
    "left out for its default" (改用默认), which the game played unsaved is not. The count
    claims no consequence; each problem under F3 says its own."""
    from bhtui.store.config import config_path

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('theme = "plum"\n')
    app, _ = app_of("--lang", language, "--fast", "--seed", "3")

    async def start() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app._notifications, "the toast")
            (toast,) = [str(n.message) for n in app._notifications]
            assert "default" not in toast and "默认" not in toast, toast
            assert app.warnings == [SAID[language].format(games=unwritable), theme]
            await pilot.press("f3")  # (the table under it opened whole)
            shown = app.t("warnings.title", n=2)
            await wait_for(pilot, lambda: shown in "\n".join(screen_text(app)), "F3's list")

    asyncio.run(start())
