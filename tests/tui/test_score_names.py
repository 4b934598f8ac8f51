"""Five names readable in the scores pane at 80×24 (Pilot): at four cells ("Zha…") nobody
could tell who was who. Latin and CJK names (two cells a character) up to the host's limit
(24 characters, ``net.protocol.MAX_NAME``) get the cells they need beside the latest round
and the totals, and a cut never makes two seats look alike."""

from __future__ import annotations

from rich.cells import cell_len

from bhtui.net.protocol import MAX_NAME
from bhtui.tui.widgets import score_table

from tui_helpers import make_app, my_play_turn, strips, table

HISTORY = [{"round": n, "scores": [4, -2, 2, -4, 0]} for n in range(1, 6)]
TOTALS = [20, -10, 10, -20, 0]


async def drawn_with(pilot, app, names: list[str], totals: list[int] = TOTALS) -> list[str]:
    scores = table(app).query_one("#scores")
    scores.update(score_table(HISTORY, totals, [{"name": n} for n in names], app.t))
    await pilot.pause()
    return [strip.text for strip in strips(scores)]


async def test_five_realistic_names_are_whole_in_the_scores_pane_at_80x24():
    names = ["Zhang Xiaoming", "欧阳娜娜", "Ana Lopez", "Maximilian", "李华"]
    longest = ["Maximilian-Alexander-Bo", "王" * 11, "Zhangsan", "B", "Ana"]
    alike = ["欧阳娜娜欧阳娜娜欧阳娜娜", "欧阳娜娜欧阳娜娜欧阳娜李", "Wang Xiaoming 1",
             "Wang Xiaoming 2", "Bo"]
    assert all(len(name) <= MAX_NAME for name in names + longest + alike)  # the host allows
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        drawn = await drawn_with(pilot, app, names)
        assert drawn[0].split()[-2:] == ["5", "Σ"]  # room left for the latest rounds too
        for name, line, total in zip(names, drawn[1:6], TOTALS, strict=True):
            assert line.lstrip().startswith(name) and line.split()[-1] == f"{total:+d}"

        drawn = await drawn_with(pilot, app, longest)  # long names: cut so that the latest
        assert drawn[0].split()[-2:] == ["5", "Σ"]  # round still shows beside the total
        for name, line, total in zip(longest, drawn[1:6], TOTALS, strict=True):
            assert line.split()[0][:2] == name[:2] and line.split()[-1] == f"{total:+d}"

        cjk = ["欧阳娜娜欧阳娜娜欧阳娜娜欧", "欧阳娜娜欧阳娜娜欧阳娜娜李", "Ana", "Bo", "Li"]
        drawn = await drawn_with(pilot, app, cjk)  # two 13-character names: Σ was all left
        assert drawn[0].split()[-2:] == ["5", "Σ"]
        shown = [line.rsplit(" ", 2)[0].strip() for line in drawn[1:3]]
        assert shown[0] != shown[1] and [s[-1] for s in shown] == ["欧", "李"]

        drawn = await drawn_with(pilot, app, alike, [120, -100, 10, -20, -10])
        shown = [line.strip().rsplit(None, 2)[0] for line in drawn[1:6]]  # the latest round
        assert len(set(shown)) == 5 and shown[2:] == alike[2:]  # and 3-digit totals kept
        assert [s[-1] for s in shown[:2]] == ["娜", "李"] and all("…" in s for s in shown[:2])
        assert all(cell_len(line) <= 28 for line in drawn)


async def test_a_wide_terminal_gives_the_scores_pane_room_for_more_rounds():
    """At 120×36 the scores pane stayed 30 cells wide, the latest rounds only beside the
    names, while the table and the log had room to spare: it takes a share of the width
    (never under its 29 at 80 columns), and its table is drawn for the room it has, again
    as the terminal grows."""
    from tui_helpers import wait_for

    rounds = [{"round": n, "scores": [12, -24, 6, -6, 12], "totals": [n * 12, n * -24, n * 6,
                                                                      n * -6, n * 12]}
              for n in range(1, 7)]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        app.host.bot_delay = 3600.0  # the table waits while we look
        screen = table(app)
        for row in rounds:  # six rounds played, as the host's history would say
            app.client.rounds[row["round"]] = row
        screen.refresh_view()
        scores = screen.query_one("#scores")
        await pilot.pause()
        narrow = strips(scores)[0].text.split()
        assert scores.outer_size.width == 29 and narrow[-1] == "Σ" and "1" not in narrow
        await pilot.resize_terminal(120, 36)
        await wait_for(pilot, lambda: scores.outer_size.width > 29, "the pane widened")
        await wait_for(pilot, lambda: strips(scores)[0].text.split() == [
            "1", "2", "3", "4", "5", "6", "Σ"], "every round in it")
        assert scores.outer_size.width <= 120 * 0.4
