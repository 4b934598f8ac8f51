"""A player who reads Chinese (``--lang zh``, or ``language = "zh"`` in his settings) meets no
English on the console: argparse's usage errors and bhtui's own one-line refusals are said in
his language, the option names, paths and addresses in them kept as written."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bhtui.store.config import config_path, shown_path


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    """The machine's locale says nothing: only the command line or the settings choose."""
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.mark.parametrize("args, said", [
    (("--round", "3"),
     "bhtui: 错误：没有 --round 这个选项；你是想写 --rounds 吗？（见 bhtui --help）"),
    (("--s", "1"),
     "bhtui: 错误：没有 --s 这个选项；你是想写 --seed 或 --settings 吗？（见 bhtui --help）"),
    (("host", "--port", "99999"),
     "bhtui host: 错误：--port：TCP 端口是 0 到 65535（0 表示自动选一个空闲端口），不能是 "
     "'99999'（见 bhtui host --help）"),
    (("host", "--port"), "bhtui host: 错误：--port：后面要跟一个值（见 bhtui host --help）"),
    (("--rounds", "٣"),
     "bhtui: 错误：--rounds：至少是 1，不能是 '٣'（数字请用 0-9 书写）（见 bhtui --help）"),
    (("--rounds", "3", "host"),
     "bhtui: 错误：写在命令前面的 --rounds 是人机对局用的；这个命令要把它写在后面：bhtui host "
     "--rounds …（见 bhtui --help）"),
    (("hots",), "bhtui: 错误：没有 'hots' 这个命令（命令有：'host', 'join', 'watch', 'demo', "
                "'menu', 'serve-ssh', 'serve-web', 'replay', 'analyse', 'config', 'sim', "
                "'tournament'）（见 bhtui --help）"),
    (("menu",), "bhtui menu: 错误：缺少参数：address（见 bhtui menu --help）"),
    (("--preset", "rizhao", "--game", "doudizhu"),
     "bhtui: 没有 'rizhao' 这个规则；现有：classic, shanghai（doudizhu 的规则）"),
    (("--bots", "clever"), "bhtui: 没有 'clever' 这个机器人等级；等级有：easy, normal, hard"),
    (("--bots", "hard,hard"), "bhtui: 要写 1 或 4 个机器人等级，不能是 2 个"),
    (("host", "--bots", "9"), "bhtui: --bots 只能是 0 到 5（baohuang qingdao 有 5 个座位）"),
    (("host", "--seat", "2"),
     "bhtui: --seat 只用于续开的牌桌（--resume）：新开的牌桌会自己给你安排座位"),
    (("host", "--resume"),
     "bhtui: 没有可以续开的牌桌记录（人机对局的记录不算：用 bhtui replay 打开它）"),
    (("host", "--resume", "/nonexistent.bhlog"),
     "bhtui: 无法续开 /nonexistent.bhlog：没有这个文件或目录"),
    (("join", "nowhere"), "bhtui: 'nowhere'：要写成 主机:端口，例如 192.168.1.20:7474"),
    (("watch", "--code-file", "/nonexistent"),
     "bhtui: 无法从 /nonexistent 读取入桌码：没有这个文件或目录"),
])
def test_a_usage_error_is_said_in_chinese_with_lang_zh(args, said, cli, nothing_starts):
    """Each said in English before, whatever the language chosen."""
    out = cli("--lang", "zh", *args)
    assert (out.returncode, out.stderr) == (2, said + "\n")


def test_the_settings_language_is_the_console_s_unless_lang_says_otherwise(cli):
    """No --lang: the settings file's language (what the screens speak) is the console's."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text('language = "zh"\n')
    assert cli("--round", "3").stderr.startswith("bhtui: 错误：没有 --round 这个选项")
    assert cli("--lang", "en", "--round", "3").stderr == (
        "bhtui: error: unknown option --round; did you mean --rounds? (see bhtui --help)\n")


def test_a_log_the_resume_cannot_read_is_named_once_in_either_language(cli, tmp_path):
    """The log's own error began with its path, so the line named it twice."""
    log = tmp_path / "t.bhlog"
    log.write_bytes(b"not a log")
    assert cli("replay", str(log)).stderr == (
        f"bhtui: cannot replay {log}: not a bhtui game log\n")
    assert cli("--lang", "zh", "host", "--resume", str(log)).stderr == (
        f"bhtui: 无法续开 {log}：不是 bhtui 的对局记录\n")


CHILD = """
import sys
from bhtui.cli import main
try:
    main(sys.argv[1:])
finally:  # (argparse's errors exit)
    print("bhtui.tui.clitexts" in sys.modules)
"""


@pytest.mark.parametrize("args, loaded", [(["config"], False), (["--round", "3"], False),
                                          (["--lang", "zh", "--round", "3"], True)])
def test_the_chinese_words_are_loaded_only_to_say_a_line_in_chinese(args, loaded, tmp_path):
    """A start, and an English error, import nothing more than before."""
    env = {"PATH": "", "LANG": "C.UTF-8", "HOME": str(tmp_path),
           "PYTHONPATH": ":".join(sys.path)}
    done = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.stdout.splitlines()[-1] == str(loaded), done.stderr


def test_every_chinese_line_keeps_the_fields_of_its_english():
    """A field dropped from the Chinese would lose what the line names (a path, an option);
    one the English lacks would end the line in a KeyError."""
    from string import Formatter

    from bhtui.tui.clitexts import ZH

    def fields(text: str) -> list[str]:
        return sorted(f for _, f, _, _ in Formatter().parse(text) if f is not None)

    assert [msgid for msgid, zh in ZH.items() if fields(msgid) != fields(zh)] == []


def test_the_settings_file_s_problems_are_listed_by_config_in_the_player_s_language(cli):
    """``bhtui config`` said "(F2 in a game edits it)" of a file whose values were not used,
    and every start said why in English to a player whose file chose Chinese."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text('language = "zh"\ntheme = 7\nfoo = 1\nbot_delay = -1\n')
    shown = shown_path(config_path())
    assert cli("config").stdout.splitlines()[1:] == [
        f"  {shown}：没有 'foo' 这个设置，已略过",
        f"  {shown}：theme = 7 不是文本；改用 'felt'",
        f"  {shown}：bot_delay = -1 不是 0 到 10 之间的秒数；改用 0.6"]
    assert cli("--lang", "en", "config").stdout.splitlines()[1:] == [
        f"  {shown}: unknown setting 'foo' ignored",
        f"  {shown}: theme = 7 is not text; using 'felt'",
        f"  {shown}: bot_delay = -1 is not a number of seconds from 0 to 10; using 0.6"]
    refused = cli("host", "--resume", "/nonexistent.bhlog").stderr.splitlines()
    assert refused[:2] == [f"bhtui: {shown}：没有 'foo' 这个设置，已略过",
                           f"bhtui: {shown}：theme = 7 不是文本；改用 'felt'"]


def test_config_lists_the_keymap_s_and_the_themes_problems_as_f3_does(cli):
    """F3 in the app lists every problem found at start — the settings file's, its [keys]
    table's and the themes' — but ``bhtui config`` listed the file's alone, and said "(F2 in a
    game edits it)" of a file whose keys and theme were not used."""
    config_path().parent.mkdir(parents=True)
    config_path().write_text('language = "zh"\ntheme = "nosuch"\nfoo = 1\n'
                             '[keys]\nplay = "nosuchkey"\nzzz = "x"\n')
    (config_path().parent / "themes").mkdir()
    (config_path().parent / "themes" / "broken.toml").write_text('name = "broken"\n')
    shown = shown_path(config_path())
    assert cli("config").stdout.splitlines()[1:] == [
        f"  {shown}：没有 'foo' 这个设置，已略过",
        "  keys.play = 'nosuchkey'：nosuchkey 不是终端能发出的按键；这个操作保留原来的按键",
        "  keys.zzz：没有这个操作名（README 里有列表）；已略过",
        "  主题 broken.toml 已略过：主题要有 'name' 和 'primary'",
        "  没有 'nosuch' 这个主题；改用 felt"]
    assert cli("--lang", "en", "config").stdout.splitlines()[1:] == [
        f"  {shown}: unknown setting 'foo' ignored",
        "  keys.play = 'nosuchkey': nosuchkey is no key a terminal sends; its own keys are kept",
        "  keys.zzz: no key has that id (the README lists them); ignored",
        "  theme broken.toml skipped: a theme needs 'name' and 'primary'",
        "  theme 'nosuch' not found; using felt"]


def _helps(parser) -> list[str]:
    """Every text of ``parser``'s --help that bhtui or argparse words: its description, its
    sections' titles, each option's help (each command's in the list of commands)."""
    texts = [parser.description or "", *(group.title or "" for group in parser._action_groups)]
    for action in parser._actions:
        texts += [each.help or "" for each in (action, *getattr(action, "_choices_actions", ()))]
    return [text.replace("%%", "%") for text in texts if text]


@pytest.mark.parametrize("args, env, said, unsaid", [
    (("--lang", "zh", "--help"), {},
     ["在终端里玩保皇和斗地主", "-h, --help            显示这段帮助后退出",
      "--seed SEED           比赛的随机种子（不写则随机）", "命令（可以不写）:",
      "tournament          机器人轮换座位打很多局：带 95% 置信区间的得分"],
     ["Play against bots", "show this help message", "match seed", "commands (optional)"]),
    (("--help",), {"LANG": "zh_CN.UTF-8"}, ["在终端里玩保皇和斗地主"], ["Play against bots"]),
    (("--lang", "zh", "replay", "--help"), {},
     ["逐步回看保存的对局（人机对局，或你开的牌桌；加入别人的对局保存在主机上）",
      "file        一个 .bhlog 文件（默认：最新的）"],
     ["a .bhlog file", "show this help message"]),
    (("--lang", "en", "replay", "--help"), {"LANG": "zh_CN.UTF-8"},
     ["step through a saved game", "file        a .bhlog file (default: the newest)"], ["回看"]),
])
def test_the_help_is_in_the_players_language(args, env, said, unsaid, cli, monkeypatch):
    """`--lang zh --help`, a Chinese locale's `--help` and `--lang zh replay --help` printed
    all-English help, where `config` and the quit lines are Chinese: the help follows the
    language as every console line does, each command's --help begins with what it does (the
    list of commands says), and no line is wider than the terminal (argparse counted 保皇 as
    two columns, not four: bhtui's first line ran to 86 at 80)."""
    from rich.cells import cell_len

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("COLUMNS", "80")
    out = cli(*args)
    assert out.returncode == 0
    assert all(words in out.stdout for words in said), out.stdout
    assert not any(words in out.stdout for words in unsaid), out.stdout
    assert max(map(cell_len, out.stdout.splitlines())) <= 80, out.stdout


def test_every_help_text_has_its_chinese():
    """An option added with no Chinese for its help would show English in the Chinese help:
    each help of every command, and argparse's own words bhtui shows, has its Chinese."""
    from bhtui.cli import build_parser
    from bhtui.tui.clitexts import in_chinese

    parser = build_parser()
    untranslated = {text for each in (parser, *parser.commands.values()) for text in _helps(each)
                    if in_chinese(text) == text}
    assert untranslated == set()


@pytest.mark.parametrize("args", [("--lang", "zh", "--help"), ("--lang", "zh", "host", "--help")])
def test_the_chinese_helps_usage_is_chinese_and_its_lines_line_up(args, cli, monkeypatch):
    """`--lang zh --help` began "usage: bhtui …" in English. It says 用法, and the usage's
    lines under the first still start under its first option (argparse counts a prefix's
    characters: "用法：" put them 3 columns off)."""
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", "80")
    lines = cli(*args).stdout.splitlines()
    assert lines[0].startswith("用法："), lines[0]
    first = cell_len(lines[0][:lines[0].index(" [")]) + 1  # the cell the first option is at
    assert len(lines[1]) - len(lines[1].lstrip(" ")) == first, lines[:2]
