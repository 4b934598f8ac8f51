"""The status line speaks of the table as it is now: an auto-pass answered one top set only
(R-TRICK-2), so its note must not stand over a later one."""

from __future__ import annotations

import pytest

from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.describe import set_words
from bhtui.tui.sessions import LocalSession

from tui_helpers import make_app, my_play_turn, table, until_hang, wait_for


async def test_R_TRICK_2_an_auto_pass_note_never_stands_over_my_next_turn():
    """Bots at full speed (or a slow terminal, or frames arriving in a burst) bring the trick
    back to me before my screen has logged my auto-pass. The note "nothing in your hand
    beats X: passed for you" used to be set then and stand over my new turn, naming the newer
    top. Here the screen hears the host only once the table has moved on like that."""
    app = make_app(rounds=1)  # bots without delay; auto-pass on (the default)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        client, me = app.client, app.client.seat
        held: list = []
        client.unlisten(app._route)  # the screen falls behind: what the host says waits
        client.listen(held.append)
        acted_at, own_passes = None, 0
        for _ in until_hang("an auto-pass of mine, then my turn again"):
            await pilot.pause()
            view = client.view
            if not (client.my_turn and view["phase"] == "play") or client.seq == acted_at:
                continue
            if sum(e == {"type": "pass", "seat": me} for _, e in client.events) > own_passes:
                break  # the host passed for me
            action = app.host.match.legal_actions(me)[0]  # a play when I have one
            own_passes += action["type"] == "pass"
            client.act(action)
            acted_at = client.seq
        client.unlisten(held.append)
        client.listen(app._route)
        for message in held:  # the burst reaches the screen
            app._route(message)
        screen = table(app)
        await wait_for(pilot, lambda: screen.model.logged_seq == client.events[-1][0], "the log to catch up")
        status = str(screen.query_one("#status").render())
        assert "passed for you" not in status and status.startswith(("Your turn", "Your lead")), status


async def test_R_TRICK_2_the_auto_pass_note_names_the_set_nobody_has_beaten_yet():
    """In step with the table (bots taking their time), my auto-pass is told on the status
    line with the set on the table that my hand could not beat."""
    app = BhtuiApp(Config(name="Ana", bot_delay=0.2), LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        client, me, screen = app.client, app.client.seat, table(app)
        acted_at = None
        for _ in until_hang("an auto-pass of mine"):
            await pilot.pause()
            status = str(screen.query_one("#status").render())
            if "passed for you" in status:
                break
            legal = app.host.match.legal_actions(me)  # empty once the host has moved on:
            # the client's view may still say it is my turn (my auto-pass on its way)
            if client.my_turn and client.view["phase"] == "play" and client.seq != acted_at \
                    and legal:
                client.act(legal[0])
                acted_at = client.seq
        # The table may have gone on since (a loaded machine polls late): the set named is the
        # top one of my logged passes answered, read from the events, not today's view.
        answered, top = set(), None
        for seq, event in client.events:
            if seq > screen.model.logged_seq:
                break
            if event.get("type") == "play":
                top = set_words(event["cards"])
            elif event == {"type": "pass", "seat": me} and top:
                answered.add(top)
        named = status.removeprefix("Nothing in your hand beats ").partition(":")[0]
        assert status.startswith("Nothing in your hand beats ") and named in answered, (
            status, answered)


@pytest.mark.parametrize(("language", "said"), [("en", "w does nothing here: ? lists the keys"),
                                                ("zh", "w 在这里没有作用：按 ? 查看按键")])
async def test_a_letter_nothing_answers_says_so_and_where_the_keys_are(language, said):
    """w or z at the table changed nothing and said nothing: a player could not tell a
    mistaken key from a table that had stopped. Now the status line says so for a while;
    keys that act (a rank, the hint) say what they did, as before."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(seed=3, rounds=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_play_turn(pilot, app)
        screen = table(app)
        await pilot.press("w")
        assert screen.status == said
        await pilot.press("3")
        assert "does nothing" not in screen.status and "没有作用" not in screen.status
