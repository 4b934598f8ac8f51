"""`bhtui sim`: the readable summary and the one-document JSON report, through the real CLI
(``bhtui.cli.main`` in process; a real process where its boundary is the point)."""

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from bhtui.cli import build_parser
from bhtui.rules import RULES_VERSION

from helpers import bhtui


def test_sim_json_is_one_valid_deterministic_document(cli):
    """The same report from another process too (another hash seed: R-SEED-1 holds across
    processes, not by set order of one run)."""
    args = ("sim", "--rounds", "30", "--seed", "1", "--preset", "qingdao",
            "--bots", "heuristic", "--json")
    first, second = cli(*args), bhtui(*args)
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)  # exactly one document: json.loads rejects trailing data
    assert doc["preset"] == "qingdao" and doc["seed"] == 1 and len(doc["rounds"]) == 30
    again = json.loads(second.stdout)
    doc.pop("stats"), again.pop("stats")
    assert doc == again
    for n, r in enumerate(doc["rounds"], start=1):
        assert r["round"] == n
        assert sorted(r["places"]) == [1, 2, 3, 4, 5] or r["open_solo"]
        assert (r["guard"] == r["emperor"]) == r["solo"]
        assert r["called"] or r["grab"]
        assert {"from", "to", "card"} >= set().union(*(t.keys() for t in r["tribute"]))
        assert (r["tribute"] == []) == (n == 1 or doc["rounds"][n - 2]["winner"] is None)
    assert doc["totals"] == [sum(r["scores"][s] for r in doc["rounds"]) for s in range(5)]


@pytest.mark.parametrize("preset, options", [
    ("baike", ()),
    ("lianzhong-classic", ()),
    ("lianzhong-classic", ("--option", "kao=true", "--option", "bie6=true",
                           "--option", "grab_solo=true")),
    ("lianzhong-simple", ("--option", "rebellion=true", "--option", "grab_solo=true")),
])
def test_sim_plays_100_rounds_of_every_preset_and_reports_its_declarations(preset, options,
                                                                             cli):
    """R-END-1 early ends show as null places; R-SCORE-B*/L* scores sum to zero."""
    out = cli("sim", "--rounds", "100", "--seed", "3", "--preset", preset, *options,
              "--bots", "heuristic", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["preset"] == preset and len(doc["rounds"]) == 100
    assert doc["kao"] == ("kao=true" in options) and doc["bie6"] == ("bie6=true" in options)
    for r in doc["rounds"]:
        assert {"open_guard", "grab", "rebels", "places"} <= set(r)
        assert sum(r["scores"]) == 0
        placed = sorted(p for p in r["places"] if p is not None)
        assert placed == list(range(1, len(placed) + 1)) and placed
        assert set(r["rebels"]) <= set(range(5)) - {r["emperor"], r["guard"]}  # R-TRICK-7
        if preset.startswith("lianzhong"):
            assert_lianzhong_scores(r)
    assert doc["rules_version"] == RULES_VERSION
    if preset == "lianzhong-simple":
        assert any(len(r["rebels"]) == 1 for r in doc["rounds"])
        assert any(len(r["rebels"]) >= 2 and r["open_guard"] for r in doc["rounds"])
        assert any(None in r["places"] for r in doc["rounds"])
    if preset == "lianzhong-classic":  # R-GUARD-3: 明独保 declared, nothing called
        assert any(r["open_solo"] and not r["called"] and not r["grab"] for r in doc["rounds"])


def assert_lianzhong_scores(r: dict) -> None:
    """R-SCORE-L1/L2 from the report alone: 明保 and a successful 造反 double once; an open
    solo never again; a rebellion of two or more opens a guard (R-TRICK-7)."""
    doubled = r["open_guard"] or len(r["rebels"]) >= 2
    e, place = r["emperor"], r["places"][r["emperor"]]
    if r["open_solo"]:
        assert abs(r["scores"][e]) == 24
    elif r["solo"]:
        assert abs(r["scores"][e]) in ({0, 24} if doubled else {0, 12})
    else:
        assert r["open_guard"] == doubled  # a successful rebellion opens the guard
        g = r["scores"][r["guard"]]
        assert r["scores"][e] == 2 * g and g % (2 if doubled else 1) == 0
        if place is not None and r["places"][r["guard"]] is not None:
            assert g == (6 - place - r["places"][r["guard"]]) * (2 if doubled else 1)


def test_sim_takes_five_bot_names_and_prints_a_readable_summary(cli):
    out = cli("sim", "--rounds", "3", "--seed", "2",
              "--bots", "heuristic,random,random,heuristic,random")
    assert out.returncode == 0, out.stderr
    assert "totals:" in out.stdout and "rounds/s" in out.stdout
    rows = [line for line in out.stdout.splitlines() if line[:1] == " " and line.split()[0].isdigit()]
    assert [row.split()[0] for row in rows] == ["1", "2", "3"]


@pytest.mark.parametrize("args, message", [
    (("--bots", "a,b"), "one name or 5"),
    (("--bots", "clever"), "unknown bot"),
    (("--option", "nope=true"), "valid: force_first, grab_solo"),
    (("--option", "grab_solo"), "NAME=true"),
    (("--preset", "rizhao"), "unknown preset 'rizhao'; known: qingdao"),
    (("--game", "doudizhu", "--preset", "qingdao"),
     "unknown preset 'qingdao'; known: classic, shanghai (the presets of doudizhu)"),
])
def test_sim_refuses_bad_input_with_a_clear_message(args, message, cli):
    out = cli("sim", "--rounds", "1", *args)  # an exception would fail the test outright
    assert out.returncode == 2 and message in out.stderr


def test_bare_bhtui_help_names_the_commands(cli):
    out = cli("--help")
    assert out.returncode == 0 and "sim" in out.stdout


REFUSED = [
    (("replay", "/nonexistent.bhlog"), "cannot replay"),
    (("analyse", "/nonexistent.bhlog"), "cannot analyse"),
    (("host", "--headless", "--bots", "9", "--no-advertise"), "--bots takes 0 to 5"),
    (("host", "--headless", "--option", "nope=1", "--no-advertise"), "unknown option"),
    (("join", "nowhere"), "write HOST:PORT"),
    # (the form right, the port not: "write HOST:PORT" said to fix what was right)
    (("join", "127.0.0.1:99999"), "'127.0.0.1:99999': a table's TCP port is 1 to 65535, not 99999"),
    (("watch", "host:99999"), "'host:99999': a table's TCP port is 1 to 65535, not 99999"),
    (("watch", "[::1]:0"), "'[::1]:0': a table's TCP port is 1 to 65535, not 0"),
    (("serve-ssh", "--table", "h:65536"), "'h:65536': a table's TCP port is 1 to 65535"),
    (("serve-web", "--table", "h:99999"), "'h:99999': a table's TCP port is 1 to 65535"),
    (("menu", "h:70000"), "'h:70000': a table's TCP port is 1 to 65535"),
    (("serve-ssh", "--table", "nope"), "write HOST:PORT"),
    (("serve-web", "--table", "nope"), "write HOST:PORT"),
    (("serve-web", "--public-url", "javascript:alert(1)"), "write http(s)://HOST[:PORT]"),
    # (these passed the check, then urllib's "Invalid IPv6 URL" traceback, or served)
    (("serve-web", "--public-url", "http://a]b"), "'http://a]b': write http(s)://HOST[:PORT]"),
    (("serve-web", "--public-url", "http://[::1"), "'http://[::1': write http(s)://HOST"),
    (("serve-web", "--public-url", "http://host:port"), "'http://host:port': write http(s)"),
    (("serve-web", "--public-url", "http://host:99999"), "'http://host:99999': write http"),
    # (a host that no resolver takes: a traceback, or the app opened on it)
    (("join", "h\x1b]2;x\x07:1"), "'h\\x1b]2;x\\x07:1': write HOST:PORT"),
    (("host", "--headless", "--bind", "caf\udce9"), "--bind: an IP address or a host name"),
    (("serve-ssh", "--bind", "a..b"), "--bind: an IP address or a host name, not 'a..b'"),
    (("menu", "nope"), "write HOST:PORT"),
    (("--theme", "nosuch"), "unknown theme 'nosuch'; known: contrast, dark, felt"),
    (("--theme", "nosuch", "demo"), "unknown theme 'nosuch'"),
    (("--option", "grab_solo=maybe"), "write grab_solo=false or grab_solo=true"),
    (("--preset", "rizhao"), "known: qingdao, baike, lianzhong-classic, lianzhong-simple, weihai, weifang"),
    (("--preset", "baike", "--option", "kao=true"), "valid: joker_sets, quit_penalty"),
    (("host", "--headless", "--preset", "lianzhong-classic", "--option", "rebellion=true",
      "--no-advertise"), "valid: kao, bie6, grab_solo"),
    (("host", "--headless", "--game", "doudizhu", "--preset", "nope", "--no-advertise"),
     "known: classic, shanghai (the presets of doudizhu)"),
    (("tournament", "--preset", "nope"), "unknown preset 'nope'"),
]

@pytest.mark.parametrize("args, message", REFUSED, ids=[m for _, m in REFUSED])
def test_commands_refuse_bad_input_in_one_line_without_a_traceback(args, message, cli,
                                                                    nothing_starts):
    """Each refusal is one clear line and the usage-error code; one let through trips
    ``nothing_starts`` (a table served, the app opened) and an uncaught exception fails the
    test outright."""
    out = cli(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


OUT_OF_RANGE = [(("serve-ssh", "--port", "99999"), "a TCP port is 0 to 65535"),
                (("serve-web", "--port", "-1"), "a TCP port is 0 to 65535"),
                (("host", "--headless", "--port", "70000"), "a TCP port is 0 to 65535"),
                (("serve-ssh", "--max-sessions", "0"), "--max-sessions: must be 1 or more"),
                (("serve-ssh", "--max-per-address", "0"), "--max-per-address: must be 1 or more"),
                (("host", "--headless", "--port", "abc"), "a TCP port is 0 to 65535"),
                (("host", "--headless", "--timer", "-5"), "--timer: seconds from 0 to 600"),
                (("host", "--headless", "--timer", "nan"), "--timer: seconds from 0 to 600"),
                (("host", "--headless", "--bot-delay", "-1"), "--bot-delay: seconds from 0 to 600"),
                (("--rounds", "0"), "--rounds: must be 1 or more"),
                # int() and float() read any script's digits: --bots ٣ was 3 bots
                (("host", "--headless", "--no-advertise", "--bots", "٣"), "--bots: unknown bot "
                 "level '٣'; levels: easy, normal, hard (write numbers in the digits 0-9)"),
                (("host", "--headless", "--port", "٧٤٧٤"), "a TCP port is 0 to 65535 (0 picks a "
                 "free one), not '٧٤٧٤' (write numbers in the digits 0-9)"),
                (("host", "--headless", "--timer", "٣٠"), "--timer: seconds from 0 to 600, not "
                 "'٣٠' (write numbers in the digits 0-9)"),
                (("--rounds", "٣"), "--rounds: must be 1 or more, not '٣' (write numbers in"),
                (("sim", "--seed", "١"), "--seed: a whole number, not '١' (write numbers in"),
                (("sim", "--seed", "1_0"), "--seed: a whole number, not '1_0'"),
                (("analyse", "--seat", " 1"), "--seat: a whole number, not ' 1'"),
                (("join", "127.0.0.1:٧٤٧٤"), "'127.0.0.1:٧٤٧٤': write HOST:PORT, e.g. "
                 "192.168.1.20:7474 (write numbers in the digits 0-9)"),
                (("serve-ssh", "--table", "127.0.0.1:²²"), "write HOST:PORT"),
                (("sim", "--game", "doudizhu", "--option", "base=٥"), "option 'base=٥': write "
                 "numbers in the digits 0-9"),
                (("host", "--headless", "--option", "base=²"), "option 'base=²': write "
                 "numbers in the digits 0-9")]


@pytest.mark.parametrize("args, message", OUT_OF_RANGE, ids=[" ".join(a) for a, _ in OUT_OF_RANGE])
def test_a_port_or_a_session_cap_out_of_range_is_refused_before_anything_starts(
        args, message, cli, nothing_starts):
    """serve-ssh --port 99999 ended in bind()'s OverflowError traceback, --max-sessions 0
    served a door that shut on every visitor without a word, and host --timer -5 put the
    host's seat on 托管 at every turn. Each is one line (argparse printed its whole usage
    over it, and "invalid _port value" named a function of ours). A number in another
    script's digits (٣), with an underscore or a space was read as one: refused, saying so."""
    out = cli(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "_port" not in out.stderr


def test_a_bind_address_no_resolver_knows_is_said_in_words(cli):
    """--bind not-an-ip said "Unknown error -2": getaddrinfo's code, taken for an errno."""
    out = cli("host", "--headless", "--bind", "no-such-host.invalid", "--port", "0",
              "--no-advertise", "--bots", "4")
    assert out.returncode == 2
    assert out.stderr == ("bhtui: cannot serve on no-such-host.invalid:0: --bind "
                          "'no-such-host.invalid' is not an IP address, and no host of that "
                          "name was found\n")


HOSTILE = "\x1b]2;PWNED\x07\u202eX\x9b"  # the window's title set; right to left; a C1 CSI


def _raw_controls(text: str) -> list[str]:
    """What in ``text`` a terminal would act on instead of showing (a line break aside)."""
    return [c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf")]


def _config_dir() -> Path:
    from bhtui.store.config import config_dir

    return config_dir()


@pytest.mark.parametrize("case", ["option", "log name", "theme", "settings folder"])
def test_nothing_bhtui_prints_lets_a_control_character_through(case, cli, tmp_path,
                                                               monkeypatch):
    """An unknown option's name, a saved game's file name, a theme's name from its file, the
    settings folder (BHTUI_CONFIG_DIR): each reached the terminal as it was, and the escape
    sequence in it set the window's title. Each is printed cleaned, the message kept."""
    args: tuple[str, ...] = (f"--x{HOSTILE}",)
    said = "unknown option --xX"
    if case == "log name":
        log = tmp_path / f"game{HOSTILE}.bhlog"
        log.write_text("not a log")
        args, said = ("replay", str(log)), "cannot replay "
    elif case == "theme":
        (_config_dir() / "themes").mkdir(parents=True)
        (_config_dir() / "themes" / "mine.toml").write_text(f"name = {json.dumps('mine' + HOSTILE)}")
        args, said = ("--theme", "nosuch"), "known: contrast, dark, felt, light, mineX"
    elif case == "settings folder":
        monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / HOSTILE))
        args, said = ("config",), f"{tmp_path}/X"
    out = cli(*args)
    assert said in out.stdout + out.stderr
    assert _raw_controls(out.stdout + out.stderr) == []


# bhtui's main for typos of each command that opens the app or a server, in one process of
# its own: the modules it had loaded once all were refused.
TYPO_CHILD = """
import json, sys
from bhtui.cli import main
for args in json.loads(sys.argv[1]):
    assert main(args) == 2, args
print(json.dumps(sorted(name for name in ("textual", "asyncssh", "aiohttp") if name in sys.modules)))
"""


def test_a_typo_is_answered_at_once_without_loading_the_app():
    """A mistyped preset, bot level, address or code file is refused before textual (a
    quarter of a second) or asyncssh is imported: the player reads the one-line answer in
    0.12 s, not 0.4 s. Its own process: the test process has loaded textual long since."""
    typos = [["--preset", "rizhao"], ["--bots", "clever"], ["--option", "grab_solo=maybe"],
             ["join", "nowhere"], ["watch", "--code-file", "/nonexistent"],
             ["menu", "nope"], ["serve-ssh", "--table", "nope"],
             ["serve-web", "--table", "nope"], ["replay", "/nonexistent"],
             ["host", "--bots", "9"], ["--theme", "nosuch"]]
    done = subprocess.run([sys.executable, "-c", TYPO_CHILD, json.dumps(typos)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [], "loaded before the refusal: " + done.stdout


def _weihai_score(r: dict) -> list[int]:
    """R-WH-SCORE-1/2 and R-WH-MULT-1 recomputed from the report's public facts alone."""
    e, g, places = r["emperor"], r["guard"], list(r["places"])
    left = iter(p for p in range(1, 6) if p not in places)  # R-END-1: places still open
    places = [p if p is not None else next(left) for p in places]
    factor = (2 if r["open_guard"] or len(r["rebels"]) >= 2 else 1) * 2 ** r["kicks"]
    if r["abdicated"] and r["solo"]:  # every receiver refused (R-WH-THRONE-4)
        return [-12 if s == e else 3 for s in range(5)]
    if r["open_solo"]:
        won = places[e] == 1
        return [(24 if won else -24) if s == e else (-6 if won else 6) for s in range(5)]
    if r["solo"]:
        mine, theirs = {1: (12, -3), 2: (0, 0)}.get(places[e], (-12, 3))
        return [factor * (mine if s == e else theirs) for s in range(5)]
    total = 3 * (3 - places[e]) + 3 * (3 - places[g])  # 6/3/0/-3/-6
    return [factor * (total * 2 // 3 if s == e else total // 3 if s == g else -total // 3)
            for s in range(5)]


def _weifang_score(r: dict) -> list[int]:
    """R-WF-SCORE-1: Q1 place points, each member his side's total, ×2 for 明保 and 明独."""
    side = {r["emperor"], r["guard"]}
    total = sum((4, 2, 0, -2, -4)[r["places"][s] - 1] for s in side)
    total *= (2 if r["open_guard"] else 1) * (2 if r["open_solo"] else 1)
    return [total if s in side else -total for s in range(5)]


@pytest.mark.parametrize("preset, recompute", [("weihai", _weihai_score),
                                               ("weifang", _weifang_score)])
def test_sim_json_of_the_towns_lets_a_reader_recompute_every_score(preset, recompute, cli):
    """R-WH-MULT-1, R-WF-SCORE-1: the report carries what multiplied a round (明保, 造反, 踢,
    bombs), who was stuck (闷) by whom and at which place, and what changed hands before the
    throne (买3, tribute given and received)."""
    out = cli("sim", "--rounds", "60", "--seed", "5", "--preset", preset,
              "--bots", "heuristic", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    for r in doc["rounds"]:
        assert {"multiplier", "kicks", "bombs", "stuck", "tribute", "bought"} <= set(r)
        assert r["scores"] == recompute(r), r
        for stuck in r["stuck"]:
            assert r["places"][stuck["seat"]] == stuck["place"] and stuck["by"] != stuck["seat"]
    if preset == "weifang":
        assert any(r["stuck"] for r in doc["rounds"]) and any(r["bought"] for r in doc["rounds"])
        later = doc["rounds"][1:]
        assert any(t["to"] == s["by"] for r in later for t in r["tribute"]
                   for s in doc["rounds"][r["round"] - 2]["stuck"])  # 闷供 to the 闷er
    else:
        assert any(r["multiplier"] > 1 for r in doc["rounds"])
    assert doc["totals"] == [sum(r["scores"][s] for r in doc["rounds"]) for s in range(5)]


def test_sim_takes_an_option_with_a_value(cli):
    out = cli("sim", "--rounds", "3", "--seed", "2", "--preset", "weifang",
              "--option", "bombs=rank4plus", "--option", "two_kill=singles", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["options"]["bombs"] == "rank4plus"
    out = cli("sim", "--rounds", "1", "--preset", "weifang", "--option", "bombs=maybe")
    assert out.returncode == 2 and "write bombs=off or bombs=rank4plus" in out.stderr


@pytest.mark.parametrize("args, message", [
    (("--rules", "weihai"), "bhtui: error: unknown option --rules; did you mean --preset?"),
    (("--colour", "red"), "bhtui: error: unknown option --colour; did you mean --theme?"),
    (("--thme=dark",), "unknown option --thme; did you mean --theme?"),
    (("--seed", "-5", "--fast", "--nope", "x"), "unknown option --nope (see bhtui --help)"),
    (("host", "--rules", "weihai"), "bhtui host: error: unknown option --rules; did you mean"),
    (("--name", "host", "join", "--fast"),
     "bhtui join: error: --fast goes before the command: bhtui --fast … join …"),
    (("--bots", "9", "host"), "bhtui: error: --bots before a command is for a game against "
                              "bots; for this one write it after: bhtui host --bots …"),
    (("--name", "Bob", "--seed", "3", "join", "127.0.0.1:7474"),
     "bhtui: error: --seed is for a game against bots (bhtui --seed …); join does not take it"),
    (("--preset", "baike", "sim"), "write it after: bhtui sim --preset …"),
])
def test_an_unknown_option_is_named_not_taken_for_a_command(args, message, cli):
    """argparse set the option aside and read its value as the command ("invalid choice:
    'weihai'"); the player is told which option is unknown, and the one meant (or, for one
    of bhtui's own options written after the command, where it goes); a game-against-bots
    option written before a command is refused, not ignored."""
    out = cli(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert "invalid choice" not in out.stderr


def test_a_bad_command_keeps_argparse_s_own_message(cli):
    assert "invalid choice: 'weihai'" in cli("weihai").stderr


@pytest.mark.parametrize("args, message", [
    (("sim", "--round", "1"), "bhtui sim: error: unknown option --round; did you mean --rounds?"),
    (("sim", "--rounds", "1", "--pre", "weihai"),
     "bhtui sim: error: unknown option --pre; did you mean --preset?"),
    (("--s", "1"), "bhtui: error: unknown option --s; did you mean --seed or --settings?"),
])
def test_an_abbreviated_option_is_refused_with_the_whole_one_named(args, message, cli):
    """argparse took an abbreviation as the option it begins: a typo (``--round 3``) silently
    meant another option, and an option added later would change what it means. The whole
    name is asked for, and given."""
    out = cli(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr


def test_no_command_s_parser_takes_an_abbreviation():
    """Not even where the check of the options before parsing is passed by."""
    parser = build_parser()
    assert not any(p.allow_abbrev for p in [parser, *parser.commands.values()])


def test_every_rounds_option_says_in_its_help_how_long_the_match_is_without_it():
    """``bhtui --help`` said "rounds in the match", not that without it the match goes on
    until ctrl+q (the README said so); ``bhtui host --help`` the same. Each command's
    --rounds names its default: a number where it has one, the match's end where it has
    none (a resumed table keeps its own)."""
    parser = build_parser()
    helps = {name: p.known["--rounds"] for name, p in
             [("bhtui", parser), *parser.commands.items()] if "--rounds" in p.known}
    assert {"bhtui", "host", "sim", "tournament"} <= set(helps)
    for name, action in helps.items():
        said = action.help or ""
        if action.default is None:
            assert "until" in said and "quit" in said, (name, said)
        else:
            assert f"{action.default}" in said, (name, said)
    assert "ctrl+q" in helps["bhtui"].help and "resumed" in helps["host"].help


def test_the_help_shows_the_command_as_optional(cli):
    """Issue 28.15: ``bhtui`` alone plays, so its usage must not read as if a command were
    needed (argparse wrote ``COMMAND ...``)."""
    usage = cli("--help").stdout
    assert "[COMMAND ...]" in usage and "With no command, a game against bots" in usage
    assert " COMMAND ...\n" not in usage.replace("[COMMAND ...]", "")
