"""The log names a player's role as it was when he played: the last plays of a round are
written after the next deal's view has come (Weihai names the next emperor at the deal), and
labelled by it the rebel who went out last was "Liu (emperor) plays 6 6"."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.rules import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ResultScreen
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from tui_helpers import table, wait_for

GAMES = {  # the rules and a seed whose round 1 ends on a play the role's holder makes (or
    # on Weihai's next emperor's), the event that ends a round and the role it names, its tag
    "weihai": (PRESETS["weihai"], 3, "round_end", "emperor", "(emperor)"),
    "doudizhu": (DDZ_PRESETS["classic"], 2, "result", "landlord", "(landlord)"),
}


@pytest.mark.parametrize("game", GAMES)
async def test_a_rounds_plays_carry_the_roles_of_that_round_not_the_next_deals(game):
    rules, seed, round_end, role, tag = GAMES[game]
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=rules, seed=seed, rounds=2))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: app.client.view is not None
                       and not isinstance(app.screen, TableScreen), "the first decision")
        await pilot.press("t")  # 托管 plays the round out at the bots' pace
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "round 1's result")
        events = [event for _, event in app.client.events]
        end = next(e for e in events if e["type"] == round_end)
        plays = [e for e in events[:events.index(end)] if e["type"] == "play"]
        lines = [line for line in table(app).log_lines  # ("You play": Ana's own)
                 if " plays " in line or " play " in line][:len(plays)]
        assert len(lines) == len(plays)
        for play, line in zip(plays, lines, strict=True):
            assert (tag in line) == (play["seat"] == end[role]), (line, end[role])
