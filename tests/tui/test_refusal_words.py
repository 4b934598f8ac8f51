"""The rules' refusals a screen can meet, in the player's language: the host sends the engine's
English words, the client's catalogues know them by those words (``refused.rules.<msgid>``),
and a reworded engine message fails here rather than falling back to English unseen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bhtui
from bhtui.rules import PRESETS
from bhtui.rules.auto import AUTO_LIMIT
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.i18n import REASONS, Translator
from bhtui.tui.messages import ActionRefused, heard
from bhtui.tui.sessions import LocalSession

from tui_helpers import table, wait_for

ENGINES = ("rules", "doudizhu")
"""The packages whose ``IllegalAction`` words reach a screen as a refusal's reason."""


def engine_words() -> list[re.Pattern[str]]:
    """Every text an engine raises ``IllegalAction`` with, as a pattern: its words as
    written, each value put into them (``{seat}``, ``{format_set(s)}``) any text."""
    found = []
    for package in ENGINES:
        for path in sorted((Path(bhtui.__file__).parent / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "IllegalAction" and node.args):
                    said = node.args[0]
                    if isinstance(said, ast.Constant) and isinstance(said.value, str):
                        found.append(re.compile(re.escape(said.value)))
                    elif isinstance(said, ast.JoinedStr):
                        found.append(re.compile("".join(
                            re.escape(part.value) if isinstance(part, ast.Constant) else ".+"
                            for part in said.values)))
    return found


def test_every_refusal_the_catalogues_translate_is_still_the_engine_s_words():
    """Each msgid, its fields filled, is a text some ``IllegalAction`` of an engine says."""
    raised = engine_words()
    assert len(raised) > 50  # the scan finds the engines' refusals
    assert REASONS  # and the catalogues have some to translate
    stale = [msgid for msgid, pattern in REASONS
             if not any(said.fullmatch(re.sub(r"\{\w+\}", "x", msgid)) for said in raised)]
    assert stale == []


def test_a_refusal_no_catalogue_knows_shows_as_the_host_sent_it():
    said = {"type": "error", "code": "illegal", "reason": "a reason of a newer host"}
    refused = heard(said, Translator("zh"))
    assert isinstance(refused, ActionRefused) and refused.reason == "a reason of a newer host"


def test_R_AUTO_2_the_rules_refusal_of_t_once_too_often_reads_in_chinese():
    """The engine's words for 托管 that stays on (R-AUTO-2), as a host sends them when a t
    crossed the view that said so, reach a Chinese screen in Chinese, without the rule id."""
    said = {"type": "error", "code": "auto", "reason": f"托管 more than {AUTO_LIMIT} times "
            "this round: it stays on until the round ends (R-AUTO-2)"}
    refused = heard(said, Translator("zh"))
    assert isinstance(refused, ActionRefused)
    assert refused.reason == f"本局托管已超过 {AUTO_LIMIT} 次：到本局结束都不能取消"


async def test_R_AUTO_2_t_once_too_often_says_it_stays_on_and_logs_no_take_over():
    """托管 put on a 4th time stays on (R-AUTO-2): t then says so at once in Chinese. It had
    logged "托管 off: you play your own cards again" before the rules refused it in English."""
    strict = PRESETS["lianzhong-simple"].with_options(strict_auto=True)
    app = BhtuiApp(Config(name="Ana", language="zh", bot_delay=3600.0),  # nothing moves: the
                   LocalSession(rules=strict, seed=3, rounds=3))  # round cannot end meanwhile
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None,
                       "my first view")
        for n in range(1, AUTO_LIMIT + 2):
            await pilot.press("t")
            await wait_for(pilot, lambda: app.client.table[0]["auto"], "托管 on")
            if n <= AUTO_LIMIT:
                await pilot.press("t")
                await wait_for(pilot, lambda n=n: app.client.view["strict_auto"]["times"][0] == n
                               and not app.client.table[0]["auto"], "托管 off")
        screen = table(app)
        backs = len([line for line in screen.log_lines if "已取消托管" in line])
        await pilot.press("t")
        status = screen.query_one("#status")
        await wait_for(pilot, lambda: "没有用" in str(status.render()), "the note")
        assert str(status.render()).strip() == "现在按 t 没有用：本局托管不能取消"
        assert len([line for line in screen.log_lines if "已取消托管" in line]) == backs
        assert app.client.table[0]["auto"]


def test_every_refusal_code_the_host_sends_a_player_is_said_in_his_language():
    """The host's refusals with fixed words (``REFUSED``): each code ``Commands`` sends
    has them in Chinese. ``reading`` (an act while a result is read) reached a Chinese
    player as the host's English."""
    from bhtui.net import commands
    from bhtui.tui.messages import REFUSED

    sent = set(re.findall(r'error\(viewer, "(\w+)"', Path(commands.__file__).read_text()))
    fixed = sent - {"illegal", "cid", "auto", "admin", "prefs", "hint"}  # (reasons that vary)
    assert "reading" in fixed and fixed <= REFUSED, fixed - REFUSED
    for code in fixed:
        refused = heard({"type": "error", "code": code, "reason": "English"}, Translator("zh"))
        assert isinstance(refused, ActionRefused) and refused.reason != "English"
