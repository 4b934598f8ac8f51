"""The score sheet (`v` at the table): every finished round's scores over the totals
(R-MATCH-1), where the scores pane has room for the latest few only."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual.containers import Vertical

from bhtui.bots import make_bot
from bhtui.net.host import HISTORY_PAGE, Seat, Table
from bhtui.net.serve import start_serving
from bhtui.net.tcp import listen_socket
from bhtui.rules import PRESETS
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import END_ROUNDS, MatchEndScreen, ScoreSheetScreen
from bhtui.tui.sessions import LocalSession, RemoteSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import Plain

from net_helpers import settle
from tui_helpers import (
    answer_dialog,
    answer_doudizhu,
    config,
    make_app,
    play_to,
    tuoguan_to_the_match_end,
    wait_for,
)


def shown(sheet: ScoreSheetScreen) -> list[list[str]]:
    """The sheet's lines as a person reads them, the names over the rows: the cells of each."""
    console = Console(width=80, color_system=None)
    with console.capture() as seen:
        for part in ("#names", "#sheet"):
            console.print(sheet.query_one(part).content)
    return [line.split() for line in seen.get().splitlines() if line.strip()]


async def test_R_MATCH_1_a_late_watcher_s_score_sheet_shows_every_round_from_the_first():
    """A watcher who comes once the match is over holds only the host's latest page of
    rounds; `v` shows them all from round 1, each seat's score as the host scored it, over
    the totals, and scrolls where 80×24 cannot show them at once."""
    rounds = HISTORY_PAGE + 3
    seats = [Seat(name=f"B{i}", bot=make_bot("heuristic"), ready=True) for i in range(5)]
    table = Table(PRESETS["qingdao"], seats, seed=6, rounds=rounds, bot_delay=0.0)
    table.start()
    serving = await start_serving(table, listen_socket("127.0.0.1", 0), advertise=False)
    await settle(lambda: table.match.over)
    app = BhtuiApp(config(), RemoteSession(f"127.0.0.1:{serving.port}", "spectator"))
    async with app.run_test(size=(80, 24)) as pilot:
        # The last round's result (closing by itself for a watcher), then the standings: a
        # table shown before them has its dialogs still to come.
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.press("escape")  # back to the table, where v is
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert min(app.client.rounds) == rounds - HISTORY_PAGE + 1  # the latest page only
        await pilot.press("v")
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        await wait_for(pilot, lambda: shown(sheet)[1][0] == "1", "the older page")
        assert not sheet.query_one("#none").display
        lines = shown(sheet)
        assert lines[0] == ["#", *(f"B{i}" for i in range(5))]
        history = table.match.history
        assert [line[0] for line in lines[1:]] == [str(n) for n in range(1, rounds + 1)] + ["Σ"]
        assert lines[1:-1] == [[str(r["round"]), *(f"{x:+d}" for x in r["scores"])]
                               for r in history]
        assert lines[-1][1:] == [f"{x:+d}" for x in history[-1]["totals"]]
        scroll = sheet.query_one("VerticalScroll")
        assert scroll.max_scroll_y > 0  # more rounds than 80×24 shows at once
        names = sheet.query_one("#names")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, "the sheet to scroll")
        assert names.region.bottom <= scroll.region.y  # the names stay over the rows
        await pilot.press("v")  # the key that opened it closes it
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
    await serving.stop()


async def test_R_MATCH_1_the_match_end_keeps_its_totals_and_keys_on_80x24_and_v_shows_all():
    """Its latest rounds leave the totals and the keys line inside the box at 80×24 (eight
    rounds pushed both off the screen), and `v` there opens the sheet of every round."""
    rounds = END_ROUNDS + 2
    app = make_app(rounds=rounds, result_seconds=0.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await tuoguan_to_the_match_end(pilot, app)
        end = app.screen
        box = end.query_one(Vertical)
        inside = box.region.bottom - 1  # above the box's bottom border
        totals, keys = list(end.query(Plain))[-2:]
        assert totals.region.bottom <= inside and keys.region.bottom <= inside
        await pilot.press("v")
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        assert [line[0] for line in shown(sheet)[1:]] == [str(n) for n in range(1, rounds + 1)] + ["Σ"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is end)


@pytest.mark.parametrize("game, word", [("baohuang", "round"), ("doudizhu", "deal")])
async def test_R_MATCH_1_the_score_sheet_says_so_while_no_round_has_ended(game, word):
    """Opened before any round (a Dou Dizhu deal) is scored it shows the totals of nobody's
    score and says why there are no rows, so an empty sheet never reads as a lost history;
    in the game's own word, as the scores pane."""
    session = LocalSession(game=game, seed=3, rounds=2)
    app = BhtuiApp(config(), session)
    answer = answer_dialog if game == "baohuang" else answer_doudizhu

    async def to_the_sheet(pilot, app) -> None:  # past the throne's or the bidding's dialogs
        await (pilot.press("v") if isinstance(app.screen, TableScreen) else answer(pilot, app))

    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await play_to(pilot, app, ScoreSheetScreen, to_the_sheet)
        assert sheet.query_one(".title", Plain).content == f"Every {word}'s scores"
        none = sheet.query_one("#none", Plain)
        assert none.display and str(none.content) == f"No {word} has ended yet."
        assert none.region.height == 1  # on the screen, not only in the tree
        assert [line[0] for line in shown(sheet)[1:]] == ["Σ"]
