"""The boxes a person types into (the join code, chat, the settings' name): Esc leaves each
one, and none tells him to press ?, which the field takes as a character; what he types is
never lost without a word."""

from __future__ import annotations

import dataclasses

import pytest
from textual import events
from textual.widgets import Input

from bhtui.bots import make_bot
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table
from bhtui.net.protocol import MAX_CHAT, MAX_NAME
from bhtui.net.serve import start_serving, start_when_full
from bhtui.net.tcp import listen_socket, open_link
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ChatPrompt, HelpScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.preferences import PreferencesScreen
from bhtui.tui.room import CodePrompt, RefusedScreen, TableMenu, WaitingRoomScreen
from bhtui.tui.sessions import HostSession, RemoteSession
from bhtui.tui.table import TableScreen

from net_helpers import in_background
from tui_helpers import (
    DialogHost,
    config,
    footer_text,
    handled_so_far,
    my_play_turn,
    screen_text,
    wait_for,
)
from tui_helpers import table as table_screen


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


def typed_at_once(app, keys: str) -> None:
    """``keys`` read in one go, as a terminal hands over what was typed quickly (Pilot's
    ``press`` waits for the app to be idle after each key)."""
    for key in keys:
        event = events.Key(key, key)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_a_chat_typed_right_after_c_keeps_every_letter_and_outlives_the_turn_timer():
    """On his turn with the timer running (someone watches: it does not wait for him), Ana
    typed c and his message at once: the letters reached the table under the chat box, each
    saying "does nothing here" on its status line, and the box stayed empty. Each is in the
    box now, and the box stays open with them when the timer runs out and 托管 plays."""
    seats = [Seat()] + [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True)
                        for i in range(1, 5)]
    timed = Table(PRESETS["qingdao"], seats, seed=6, rounds=1, bot_delay=0.0, timer=4.0)
    serving = await start_serving(timed, listen_socket("127.0.0.1", 0), advertise=False)
    start_when_full(timed)
    mei = Client(await open_link("127.0.0.1", serving.port), "Mei", role="spectator")
    in_background(mei.run())
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        typed_at_once(app, "cgood luck")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt)
                       and isinstance(app.screen.focused, Input), "the chat box, its field")
        box, field = app.screen, app.screen.query_one(Input)
        await pilot.pause()
        assert field.value == "good luck"
        await wait_for(pilot, lambda: table_screen(app).model.on_auto(), "the timer out: 托管")
        assert app.screen is box and field.value == "good luck"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Ana: good luck" in table_screen(app).log_lines,
                       "the message, said at the table")
    await serving.stop()


async def in_the_room(pilot, app) -> WaitingRoomScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                   and app.client.room is not None, "the waiting room")
    return app.screen


def a_table_to_wait_at(people: int = 1) -> Table:
    """A table that starts only when told: Ana (and others) wait in its room."""
    return Table(PRESETS["qingdao"], [Seat() for _ in range(people)] + [
        Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(people, 5)],
        seed=6, bot_delay=0.0)


async def test_in_the_waiting_room_too_c_and_a_message_typed_at_once_keep_every_letter():
    serving = await start_serving(a_table_to_wait_at(), listen_socket("127.0.0.1", 0),
                                  advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_room(pilot, app)
        typed_at_once(app, "chello all")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt)
                       and isinstance(app.screen.focused, Input), "the chat box, its field")
        await pilot.pause()
        assert app.screen.query_one(Input).value == "hello all"
    await serving.stop()


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_preset_phrase_picked_after_typing_keeps_what_was_typed(language):
    """In the waiting room Ana typed, then Tab (which the box's title offers for its
    phrases) and Enter: the first phrase went alone, and what he had typed was gone without
    a word. The phrase goes after his words in the field now, and Enter sends both; with
    nothing typed a phrase is sent at once, as before."""
    from bhtui.tui.dialogs import PHRASES

    serving = await start_serving(a_table_to_wait_at(), listen_socket("127.0.0.1", 0),
                                  advertise=False)
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    help_, hurry = PHRASES[language][:2]
    sep = ": " if language == "en" else "："
    async with app.run_test(size=(80, 24)) as pilot:
        room = await in_the_room(pilot, app)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt), "the chat box")
        box = app.screen
        await pilot.press(*"wait", "tab", "enter")
        await pilot.pause()
        assert app.screen is box and box.query_one(Input).value == f"wait {help_}"
        assert isinstance(box.focused, Input)  # typing goes on after it, Enter sends it
        await pilot.press("!")
        assert box.query_one(Input).value == f"wait {help_}!"
        await pilot.press("enter")
        await wait_for(pilot, lambda: room.chat, "the message in the room")
        assert room.chat == [f"Ana{sep}wait {help_}!"]
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt), "the chat box")
        await pilot.press("tab", "down", "enter")  # nothing typed: the phrase goes at once
        await wait_for(pilot, lambda: len(room.chat) == 2, "the phrase in the room")
        assert room.chat[1] == f"Ana{sep}{hurry}"
    await serving.stop()


def pasted(app, text: str) -> None:
    """``text`` pasted into the focused field (a terminal's bracketed paste)."""
    app.focused.post_message(events.Paste(text))


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_chat_longer_than_the_table_takes_is_cut_where_it_is_typed_and_said_so(language):
    """A 300-character chat went as its first 200 (the field took no more, and a paste of
    it not at all), the sender never told. The field takes what fits and says so, and the
    message goes whole as the field holds it."""
    serving = await start_serving(a_table_to_wait_at(), listen_socket("127.0.0.1", 0),
                                  advertise=False)
    app = BhtuiApp(dataclasses.replace(config(), language=language),
                   RemoteSession(f"127.0.0.1:{serving.port}"))
    long = "".join(str(i % 10) for i in range(300))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        room = await in_the_room(pilot, app)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt)
                       and isinstance(app.screen.focused, Input), "the chat box, its field")
        pasted(app, long)
        await pilot.pause()
        assert app.screen.query_one(Input).value == long[:MAX_CHAT]
        await wait_for(pilot, lambda: toasts(app), "a word about the length")
        assert toasts(app) == [Translator(language)("field.full", n=MAX_CHAT)]
        await pilot.press("x")  # still full: said once
        await pilot.pause()
        assert len(toasts(app)) == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: room.chat, "the message in the room")
        assert room.chat[0].endswith(long[:MAX_CHAT])
    await serving.stop()


@pytest.mark.parametrize("box", [
    pytest.param(lambda t: PreferencesScreen(t, Config(name="Ana"), []), id="settings"),
    pytest.param(lambda t: TableMenu(t, "127.0.0.1:7474"), id="door-menu"),
])
async def test_a_name_field_says_when_a_name_is_cut_to_what_a_table_keeps(box):
    """A name typed or pasted past the 24 characters a table keeps stopped (or, pasted, was
    not taken at all) without a word."""
    t = Translator("en")
    screen = box(t)
    host = DialogHost(screen)
    async with host.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: screen.is_mounted)
        field = screen.query_one(Input)
        field.value = ""
        field.focus()
        await pilot.pause()
        pasted(host, "Bartholomew Fitzgerald-Montgomery")
        await pilot.pause()
        assert field.value == "Bartholomew Fitzgerald-M"
        await wait_for(pilot, lambda: toasts(host), "a word about the length")
        assert toasts(host) == [t("field.full", n=MAX_NAME)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_long_chat_lines_keep_the_waiting_room_whole_and_the_newest_in_sight(size):
    """Three chats of 200 characters pushed the host's waiting room off an 80x24 screen: its
    bottom border gone, a scroll bar by the footer. The room keeps its border and keys in
    sight, and shows the newest words whole, the older ones as far as they fit."""
    table = Table(PRESETS["qingdao"], seed=6, bot_delay=0.0, name="Friday")
    app = BhtuiApp(config(), HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=size) as pilot:
        room = await in_the_room(pilot, app)
        guest = Client(await open_link("127.0.0.1", app.session.serving.port), "Bo")
        in_background(guest.run())
        await wait_for(pilot, lambda: guest.room is not None, "Bo in")
        said = [str(n) * MAX_CHAT for n in (1, 2, 3)]
        for words in said:
            guest.chat(words)
        chat = room.query_one("#room-chat")
        await wait_for(pilot, lambda: len(room.chat) == 3, "the three lines")
        await wait_for(pilot, lambda: said[2] in str(chat.render()).replace("\n", ""),
                       "the newest line shown")
        shown = room.query_one("#room")
        assert shown.region.bottom <= size[1] - 1, shown.region  # over the footer
        lines = screen_text(app)
        assert any("╰" in line for line in lines)  # the box's bottom border, on the screen
        assert "r ready" in "\n".join(lines)  # its keys


async def chat_box_typed_in_the_room(pilot, app, words: str) -> ChatPrompt:
    await in_the_room(pilot, app)
    await pilot.press("c")
    await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt)
                   and isinstance(app.screen.focused, Input), "the chat box, its field")
    await pilot.press(*words)
    return app.screen


async def test_the_room_changing_leaves_the_chat_box_open_over_it_with_its_words():
    """Ana was typing in the room's chat box when Bo said something and got ready: a second
    waiting room was opened over the box, which vanished with his words (and Bo's line went
    to the room beneath). The box stays, and the room under it hears Bo."""
    table = a_table_to_wait_at(people=2)
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        box = await chat_box_typed_in_the_room(pilot, app, "typing here")
        room = app.screen_stack[-2]
        bo = Client(await open_link("127.0.0.1", serving.port), "Bo")
        in_background(bo.run())
        await wait_for(pilot, lambda: bo.room is not None, "Bo in")
        bo.chat("hi Ana")
        bo.ready()
        await wait_for(pilot, lambda: room.chat == ["Bo: hi Ana"], "Bo's line in the room")
        await wait_for(pilot, lambda: any(s["ready"] for s in app.client.room["seats"][1:2]),
                       "Bo ready")
        await handled_so_far(pilot, room)
        assert app.screen is box and box.query_one(Input).value == "typing here"
        assert [type(s).__name__ for s in app.screen_stack].count("WaitingRoomScreen") == 1
    await serving.stop()


async def test_a_chat_box_open_in_the_room_as_the_match_begins_comes_to_the_table():
    """Ana was typing in the room's chat box when the host started the match: the table
    opened over the box, which stayed under it unseen with his words. The table opens its
    own box with them, to type on after them, and Enter says them there."""
    table = a_table_to_wait_at()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await chat_box_typed_in_the_room(pilot, app, "see you")
        table.start()
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack),
                       "the table")
        await pilot.pause()
        assert isinstance(app.screen, ChatPrompt), app.screen_stack
        await wait_for(pilot, lambda: isinstance(app.screen.focused, Input), "its field")
        assert app.screen.query_one(Input).value == "see you"
        await pilot.press(*" all")
        assert app.screen.query_one(Input).value == "see you all"  # after them, not over them
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Ana: see you all" in table_screen(app).log_lines,
                       "the words said at the table")
        assert not any(isinstance(s, (ChatPrompt, WaitingRoomScreen)) for s in app.screen_stack)
    await serving.stop()


async def test_settings_and_help_open_in_the_room_as_the_match_begins_come_to_the_table():
    """Ana had F2's settings open in the room, a change made and not saved, and help over
    them, when the host started the match: the table opened over both, which stayed under it
    unseen (Esc at the table then closed nothing she could see). Both come over the table,
    the settings with her change on the row she was on, help as the table has it."""
    table = a_table_to_wait_at()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_room(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "F2")
        await pilot.press("down", "down", "down", "down", "right")  # the turn timer, changed
        changed = app.screen.config.timer
        assert changed != app.config.timer
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        table.start()
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack),
                       "the table")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack[-2:]] == [PreferencesScreen, HelpScreen]
        assert isinstance(app.screen_stack[-3], TableScreen)
        assert not any(isinstance(s, WaitingRoomScreen) for s in app.screen_stack)
        assert app.screen.texts == table_screen(app).help_texts()  # not the room's keys
        await pilot.press("escape")  # help closes: the settings, as she left them
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "the settings")
        assert app.screen.config.timer == changed
        assert app.screen.query_one("#prefs").highlighted == 4
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        assert app.config.timer == changed
    await serving.stop()
