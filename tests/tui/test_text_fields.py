"""The boxes a person types into (the join code, chat, the settings' name): Esc leaves each
one, and none tells him to press ?, which the field takes as a character; what he types is
never lost without a word."""

from __future__ import annotations

import dataclasses

import pytest

from bhtui.net.host import Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ChatPrompt
from bhtui.tui.i18n import Translator
from bhtui.tui.preferences import PreferencesScreen
from bhtui.tui.room import CodePrompt, RefusedScreen
from bhtui.tui.sessions import RemoteSession

from tui_helpers import DialogHost, config, footer_text, screen_text, wait_for


def toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("given", [None, "plum"], ids=["asked", "wrong"])
async def test_esc_in_the_join_code_prompt_gives_up_as_an_empty_code_does(given, language):
    """After a wrong code (or asked for one), typing then Esc said "Esc does nothing here:
    ? lists the keys", and ? typed a dot into the masked field. Esc gives up now, with the
    empty code's outcome: the refusal that says why, and no seat taken."""
    table = Table(PRESETS["qingdao"], seed=1, code="pear42")
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    t = Translator(language)
    outcomes = []
    for keys in (["enter"], ["p", "e", "a", "escape"]):
        app = BhtuiApp(dataclasses.replace(config(), language=language),
                       RemoteSession(f"127.0.0.1:{serving.port}", code=given))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, CodePrompt), "the code prompt")
            await pilot.pause()
            assert t("key.code.give_up") in footer_text(app.screen)  # and its footer says so
            await pilot.press(*keys)
            await wait_for(pilot, lambda: not isinstance(app.screen, CodePrompt)
                           or toasts(app), "the prompt gone, or a word")
            assert not any("?" in toast for toast in toasts(app)), toasts(app)
            await wait_for(pilot, lambda: isinstance(app.screen, RefusedScreen), "the refusal")
            said = "\n".join(screen_text(app))
            outcomes.append((str(app.screen.query_one("Static").render()), app.client.refused))
        assert table.seats_taken() == 0
    assert outcomes[1] == outcomes[0], said
    await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("box, field", [
    pytest.param(lambda t: CodePrompt(t, wrong=True), "Input", id="code"),
    pytest.param(lambda t: ChatPrompt(t), "Input", id="chat"),
    pytest.param(lambda t: PreferencesScreen(t, Config(name="Ana"), []), "#prefs-name",
                 id="name"),
])
async def test_esc_leaves_every_box_with_a_text_field_and_none_advises_question_mark(
        box, field, language):
    """Each box with a field says nothing of ?, which the field types (Esc in the code's
    box said "? lists the keys"), and Esc closes it however much was typed."""
    t = Translator(language)
    dialog = box(t)
    host = DialogHost(dialog)
    async with host.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: dialog.is_mounted)
        dialog.query_one(field).focus()
        await pilot.press("p", "e", "a", "escape")
        await wait_for(pilot, lambda: dialog.closed or toasts(host), "the box closed, or a word")
        assert not any("?" in toast for toast in toasts(host)), toasts(host)
        assert dialog.closed
