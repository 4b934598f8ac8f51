"""The join code has one name in Chinese, 入桌码, wherever it is asked for or named: the
prompt said 加入码, the refusal after giving up and the waiting room's command 入桌码."""

from __future__ import annotations

import pytest

from bhtui.tui.app import refusal
from bhtui.tui.i18n import Translator
from bhtui.tui.room import CodePrompt, command_line

from tui_helpers import DialogHost, screen_text

ZH = Translator("zh")


@pytest.mark.parametrize("wrong", [False, True])
async def test_the_code_prompt_names_the_code_as_the_refusal_and_the_waiting_room_do(wrong):
    app = DialogHost(CodePrompt(ZH, wrong=wrong))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = "\n".join(line.strip() for line in screen_text(app) if "码" in line)
    refused = refusal(ZH, {"code": "code", "why": "wrong", "reason": "wrong join code"})
    waiting = command_line(ZH, "join", "127.0.0.1:7474", locked=True)
    for said in (prompt, refused, waiting):
        assert "入桌码" in said and "加入码" not in said, said
    assert prompt.count("入桌码") == 2  # the question and the field's placeholder
    assert waiting.startswith("BHTUI_CODE=<入桌码> ")
