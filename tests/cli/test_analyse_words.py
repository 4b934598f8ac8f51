"""`bhtui analyse` in the player's words: each move as the game's log says it (叫3分（头撂）,
不摊打, 报到 6×7，打, 不要), in English or Chinese as the player reads, never the engine's
names nor a Python list; ``--json`` stays the engine's, for machines. And which log
`replay`/`analyse` open: not one left before its first move."""

from __future__ import annotations

import json

import pytest

from analysis_helpers import played_log
from bhtui.cli import _load_replay, main
from bhtui.games import rules_named
from bhtui.store.gamelog import GameLog, new_log_path, rules_header
from bhtui.tui.clitexts import in_chinese

TOULIA_SKIP = 5
"""Seed of a Shanghai deal whose seat 0 bids 3 first (头撂) and then plays closed (不摊打)."""
REPORTED = 77
"""Seed of a Shanghai deal whose seat 0 holds seven 6s and reports them (报到), playing on."""


def report_fight(match, seat):
    """报到 the first group offered, and play on (打)."""
    return next((a for a in match.legal_actions(seat)
                 if a["type"] == "report" and a["fight"]), None)


def analysed(capsys, *argv: str) -> str:
    assert main([*argv, "--playouts", "2"]) == 0
    return capsys.readouterr().out


WORDS = {"zh": {"bid": "叫{points}分", "pass": "不叫", "skip": "不摊打", "open": "摊打"},
         "en": {"bid": "bid {points}", "pass": "no bid", "skip": "play closed (no 摊打)",
                "open": "play open (摊打)"}}
"""The log's words for the first decisions of the Shanghai deal (a 3 first: 头撂)."""


def said(action: dict, language: str) -> str:
    words = WORDS[language][action["type"]].format(**action)
    if action == {"type": "bid", "points": 3}:
        words += "（头撂）" if language == "zh" else " (头撂)"
    return words


def first_two(capsys, log) -> list[tuple[dict, dict]]:
    """The first two decisions' move and hard's choice, as ``--json`` gives them."""
    data = json.loads(analysed(capsys, "analyse", str(log), "--json"))
    return [(d["played"], d["best"]) for d in data["decisions"][:2]]


@pytest.fixture
def shanghai(tmp_path):
    return played_log(tmp_path, "shanghai", "doudizhu", TOULIA_SKIP, level="easy")


def test_analyse_says_dou_dizhus_moves_in_chinese_as_the_log_does(tmp_path, shanghai, capsys):
    """`bhtui --lang zh analyse` printed "played bid 3 … hard pass", "played skip … hard
    open" and "report fight ['6 6 6 6 6 6 6']", all in English: every line is Chinese now,
    each move in the log's words."""
    moves = first_two(capsys, shanghai)
    out = analysed(capsys, "--lang", "zh", "analyse", str(shanghai))
    lines = [line for line in out.splitlines() if " #" in line][:2]
    for line, (played, best) in zip(lines, moves, strict=True):
        assert f"实际 {said(played, 'zh')} " in line and f"hard {said(best, 'zh')} " in line
    assert "损失" in lines[0]
    assert out.splitlines()[0].startswith("斗地主 上海，座位 1（P0）：hard 分析了")  # (was
    # "doudizhu shanghai，座位 1…": the names the lobby says in Chinese)
    for word in ("played", "skip", "bid", "cost", "round", "weighed", "analysed"):
        assert word not in out, word
    reported = played_log(tmp_path, "shanghai", "doudizhu", REPORTED, level="easy",
                          mine=report_fight)
    out = analysed(capsys, "--lang", "zh", "analyse", str(reported))
    assert "实际 报到 6×7，打" in out
    assert "[" not in out and "'" not in out


def test_analyse_says_the_same_moves_in_english_in_the_logs_words(tmp_path, shanghai, capsys):
    moves = first_two(capsys, shanghai)
    out = analysed(capsys, "analyse", str(shanghai))
    assert out.startswith("Dou Dizhu 斗地主 Shanghai, seat 1 (P0): ")  # (the lobby's names)
    lines = [line for line in out.splitlines() if " #" in line][:2]
    for line, (played, best) in zip(lines, moves, strict=True):
        assert f"played {said(played, 'en')} " in line and f"hard {said(best, 'en')} " in line
    reported = played_log(tmp_path, "shanghai", "doudizhu", REPORTED, level="easy",
                          mine=report_fight)
    assert "played report (报到) 6×7, play on (打)" in analysed(capsys, "analyse", str(reported))


def test_analyse_reads_chinese_from_the_locale_too(shanghai, capsys, monkeypatch):
    """No --lang, no settings: LANG=zh_CN.UTF-8 is Chinese to `analyse` as to the screens."""
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    assert "实际 不摊打" in analysed(capsys, "analyse", str(shanghai))


def test_analyse_json_keeps_the_engines_actions(shanghai, capsys):
    data = json.loads(analysed(capsys, "--lang", "zh", "analyse", str(shanghai), "--json"))
    assert [d["played"] for d in data["decisions"][:2]] == [
        {"type": "bid", "points": 3}, {"type": "skip"}]
    assert data["decisions"][1]["best"]["type"] in ("open", "skip")


def empty_log() -> GameLog:
    """A match begun and left before its first move (a 再来一局 started and ended at once):
    its header alone, in the games folder, newer than any other."""
    _, rules = rules_named("qingdao", "baohuang", None)
    log = GameLog(new_log_path("local"))
    log.start({**rules_header(rules), "seed": 1, "rounds": 1, "name": "local"})
    log.close()
    return log


def test_replay_without_a_file_passes_over_a_log_with_nothing_played(tmp_path, capsys):
    """`bhtui replay` opened the newest log, a 再来一局 the host started and killed at once:
    "0/0". It opens the newest with a move in it; only where none has one it says so."""
    empty_log()
    assert _load_replay(None) == "no saved game has a move in it yet (play one with `bhtui`)"
    kept = new_log_path("local")  # (a game's, named as the games folder names them)
    kept.write_bytes(played_log(tmp_path, "qingdao", "baohuang", 1, limit=8).read_bytes())
    newest = empty_log()
    assert newest.path.name > kept.name  # the newest, as logs are ordered by name
    loaded = _load_replay(None)
    assert not isinstance(loaded, str)
    replay, said, passed_over = loaded  # (a log with nothing played is no damaged save)
    assert replay.path == kept and len(replay.actions) == 8 and said == [] and not passed_over


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "nothing was played in it (the game ended before its first move)"),
    ("zh", "里面一步也没有走（这局在第一步之前就结束了）")])
def test_an_empty_log_opened_by_name_says_nothing_was_played_in_it(lang, said, capsys):
    """`bhtui replay FILE` of such a log showed "第 0/0 步", `analyse` a report of nothing:
    both say why instead (the replay's words read here: its screen would open)."""
    log = empty_log()
    refused = _load_replay(str(log.path))
    assert isinstance(refused, str)
    shown = in_chinese(refused) if lang == "zh" else refused
    assert shown.endswith(f"{log.path}：{said}" if lang == "zh" else f"{log.path}: {said}")
    assert main(["--lang", lang, "analyse", str(log.path)]) == 2
    err = capsys.readouterr().err
    assert said in err and str(log.path) in err


TRIO_PAIR = 4
"""Seed of a classic deal whose seat 0 (easy) plays 9 9 9 with 4 4 (the wire's ``4 4 9 9 9``)."""


def test_C_HAND_7_analyse_writes_a_trio_as_the_table_lays_it(tmp_path, capsys):
    """`bhtui analyse` wrote "played 4 4 9 9 9" where the table and the log show
    "9 9 9 + 4 4"; ``--json`` keeps the wire's canonical hand, for machines."""
    log = played_log(tmp_path, "classic", "doudizhu", TRIO_PAIR, level="easy")
    data = json.loads(analysed(capsys, "analyse", str(log), "--json"))
    assert any(d["played"] == {"type": "play", "hand": "4 4 9 9 9"} for d in data["decisions"])
    assert "+" not in json.dumps(data["decisions"])
    out = analysed(capsys, "analyse", str(log))
    assert "played 9 9 9 + 4 4 " in out, out
