"""The player's own keys: the settings file's [keys] table rebinds a binding by its id
(Textual's keymap), at the table and in its footer; a table that is not one is refused with a
warning and changes nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bhtui.store.config import load_config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.table import BaohuangTable
from bhtui.tui.doudizhu.table import DoudizhuTable
from bhtui.tui.i18n import Translator
from bhtui.tui.keymap import checked
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from tui_helpers import footer_text, my_play_turn, strips, table, wait_for


def keyed_app(tmp_path: Path, keys: str) -> BhtuiApp:
    """A local game of a settings file whose [keys] table holds ``keys`` (TOML lines)."""
    path = tmp_path / "config.toml"
    path.write_text('name = "Ana"\nlanguage = "en"\nbot_delay = 0.0\n\n[keys]\n' + keys)
    config, _ = load_config(path)
    return BhtuiApp(config, LocalSession(seed=3, rounds=1))


async def test_a_key_rebound_in_the_settings_file_acts_and_shows_in_the_footer(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('name = "Ana"\nlanguage = "en"\nbot_delay = 0.0\n\n[keys]\nhint = "z"\n')
    config, warnings = load_config(path)
    assert warnings == [] and config.keys == {"hint": "z"}
    app = BhtuiApp(config, LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        await wait_for(pilot, lambda: "z Hint" in footer_text(screen), "the footer's new key")
        assert "h Hint" not in footer_text(screen)
        await pilot.press("h")  # the old key asks nothing now
        await pilot.pause()
        assert screen.last_hint is None
        await pilot.press("z")
        await wait_for(pilot, lambda: screen.last_hint is not None, "the hint")


def test_keys_that_are_not_a_table_of_ids_and_keys_are_refused_with_a_warning(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('keys = "b"\nsort = "size"\n')
    config, warnings = load_config(path)
    assert config.keys == {} and config.sort == "size"
    assert any("keys = 'b' is not a table of binding ids and their keys" in w for w in warnings)
    path.write_text('[keys]\nplay = ""\n')
    config, warnings = load_config(path)
    assert config.keys == {} and len(warnings) == 1


def test_the_readme_names_every_table_key_s_id_for_the_keymap():
    """A key can be rebound only by its binding's id: the README's keys paragraph lists them
    for the table of each game and the app (the rank keys as `pick.3` … `pick.BJ`), so a new
    key is never one nobody can find."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    start = readme.index("Your own keys")
    paragraph = readme[start:readme.index("\n\n", start)]
    named = set(re.findall(r"`([\w.]+)`", paragraph))
    ids = {b.id for screen in (TableScreen, BaohuangTable, DoudizhuTable, BhtuiApp)
           for b in screen.BINDINGS}
    ranks = {i for i in ids if i and i.startswith("pick.") and i != "pick.GC"}
    assert {"pick.3", "pick.BJ"} <= ranks
    assert sorted(i for i in ids - ranks if i and i not in named) == []


def test_the_keys_that_say_why_play_or_pass_is_dimmed_move_with_them():
    """Pass rebound to n: n at my lead must say "the leader must play", not p."""
    kept, problems = checked({"pass": "n", "hint": "z"})
    assert problems == []
    assert kept == {"pass": "n", "why.pass": "n", "hint": "z"}


def test_one_bad_entry_of_the_keys_table_costs_only_its_own_key(tmp_path):
    """One empty value threw the whole table away, with a warning naming none of it."""
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nplay = ""\nhint = "b"\n')
    config, warnings = load_config(path)
    assert config.keys == {"hint": "b"}
    assert len(warnings) == 1 and "keys.play = ''" in warnings[0]


async def test_a_key_no_terminal_sends_or_an_unknown_id_is_named_and_the_key_kept(tmp_path):
    """pass = "nosuchkey" took p away and gave pass a key nobody can press: the player could
    no longer pass. Such an entry is now named in a warning and the action keeps its keys."""
    path = tmp_path / "config.toml"
    path.write_text('name = "Ana"\nlanguage = "en"\nbot_delay = 0.0\n\n[keys]\n'
                    'pass = "nosuchkey"\nplay = "ctrl+shift+alt+f99"\nnosuchaction = "z"\n'
                    'hint = "z"\n')
    config, warnings = load_config(path)
    assert warnings == []
    app = BhtuiApp(config, LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        await wait_for(pilot, lambda: "z Hint" in footer_text(screen), "the footer's new key")
        shown = footer_text(screen)
        assert "nosuchkey" not in shown and "f99" not in shown and "p Pass" in shown, shown
        said = " ".join(app.warnings)  # (what F3 lists)
        assert "keys.pass = 'nosuchkey'" in said and "keys.play" in said
        assert "keys.nosuchaction: no key has that id" in said


async def test_many_start_up_warnings_are_counted_in_one_notification(tmp_path):
    """Fourteen warnings made one column of notifications taller than an 80×24 screen, over
    the game, gone in eight seconds: now one counts them and names the key that lists them
    (F3), and the app keeps them all to print when it ends."""
    app = keyed_app(tmp_path, "".join(f'nosuch{n} = "z"\n' for n in range(6)))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        said = [str(n.message) for n in app._notifications]
        assert said == ["6 problems with the settings, each saying what bhtui does instead:\n"
                        "F3 lists them"]
        assert app.warnings == app.problems
        assert len(app.problems) == 6 and all("keys.nosuch" in p for p in app.problems)


async def test_the_texts_that_name_a_key_name_the_players_own(tmp_path):
    """With pass = "n" the footer said "n Pass" and the status still "or pass (p)"."""
    app = keyed_app(tmp_path, 'pass = "n"\nauto = "ctrl+a,w"\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        assert app.t("status.your_turn", set="K K") == "Your turn: beat K K or pass (n)"
        assert "(ctrl+a to take over)" in app.t("status.auto_on")
    plain = Translator("zh")  # bound as shipped, the texts name the shipped keys
    assert "(p)" in plain("status.your_turn", set="K K") and "按 t 取消" in plain("status.auto_on")


async def test_a_key_another_action_has_is_refused_and_both_keep_their_keys(tmp_path):
    """play = "p" beside a pass key no terminal sends gave p to Play and left Pass with no
    key (the footer had no Pass, the status still said "pass (p)", and p said "select cards
    first"). A key another action of the same screen has is now named in a warning and
    left out: Enter plays and p passes, as shipped."""
    app = keyed_app(tmp_path, 'pass = "nosuchkey"\nplay = "p"\nhint = "z"\n')
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        await wait_for(pilot, lambda: "z Hint" in footer_text(screen), "the footer's new key")
        said = " ".join(app.warnings)  # (what F3 lists)
        assert "keys.play = 'p': p is already the key of pass" in said
        assert "p Pass" in footer_text(screen) and "Play" in footer_text(screen)


def test_keys_taken_from_each_other_or_from_a_rank_are_refused_alike():
    """Two actions given one key would leave one without it; a rank's key (b picks BJ, x
    Weifang's guard card) is taken the same way. A key two actions share as shipped (Enter
    plays, and shows the standings at a match's end) may stay shared."""
    kept, problems = checked({"play": "z", "pass": "z", "hint": "b", "sort": "x"})
    assert kept == {}
    assert [p.split(":")[0] for p in problems] == [
        "keys.play = 'z'", "keys.pass = 'z'", "keys.hint = 'b'", "keys.sort = 'x'"]
    assert "b is already the key of pick.BJ" in problems[2]
    assert checked({"play": "enter,w"}) == ({"play": "enter,w", "why.play": "enter,w"}, [])
    kept, problems = checked({"hint": "tab"})  # Tab moves the focus: a binding with no id
    assert kept == {} and "tab is already the key of app.focus_next" in problems[0]


async def test_an_upper_case_key_of_the_player_s_own_is_not_taken_for_a_rank(tmp_path):
    """K picks a K where nothing else has it: bound in the settings file, it is that key."""
    from bhtui.tui.dialogs import ScoreSheetScreen

    app = keyed_app(tmp_path, 'scores = "K"\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        hand = table(app).hand
        await pilot.press("K")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen), "the scores")
        assert hand.selection() == []


@pytest.mark.parametrize(("language", "said"), [
    ("zh", ["设置有2处问题，各自说明了后果：", "按 F3 查看"]),
    ("en", ["2 problems with the settings, each", "saying what bhtui does instead:",
            "F3 lists them"])])
async def test_the_count_of_problems_reads_whole_in_its_toast(tmp_path, language, said):
    """At 80x24 the Chinese toast read "设置有 2" / "处问题，均已略过、改用默认：按 f3" /
    "查看": the number apart from its measure word, the key not as the help writes it (F3),
    and the English left "them" alone on a line."""
    path = tmp_path / "config.toml"
    path.write_text(f'name = "Ana"\nlanguage = "{language}"\nbot_delay = 0.0\n\n[keys]\n'
                    'nosuch1 = "z"\nnosuch2 = "z"\n')
    config, _ = load_config(path)
    app = BhtuiApp(config, LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: app.screen.query("Toast"), "the toast")
        await pilot.pause()
        (toast,) = app.screen.query("Toast")
        assert [strip.text.strip() for strip in strips(toast)] == said
