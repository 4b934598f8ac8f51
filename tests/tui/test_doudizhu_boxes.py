"""The places beside Dou Dizhu's seats, as drawn: the landlord's name readable in the deal
box, and the factors' values in the kitty box wherever they fit, measured as Textual
breaks the lines."""

from __future__ import annotations

import pytest

from bhtui.doudizhu import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ConfirmKey
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog
from bhtui.tui.sessions import LocalSession

from doudizhu_helpers import rigged
from tui_helpers import my_turn_to_play, strips, table, wait_for

HAND = "3 4 5 6 7 8 9 10 J Q K A 3 4 5 6 7 8 9 10 J Q K A 2"


async def places(language: str, size: tuple[int, int]) -> dict[str, list[str]]:
    """Player bids 3 first (头撂) and plays open (摊打): the two places' lines as he leads."""
    app = BhtuiApp(Config(name="Player", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=size) as pilot:
        for key, asked in (("3", BidDialog), ("y", OpenDialog), ("y", ConfirmKey)):
            await wait_for(pilot, lambda: isinstance(app.screen, asked), asked.__name__)
            await pilot.press(key)
        await wait_for(pilot, lambda: my_turn_to_play(app), "my lead")
        await pilot.pause()
        return {place: [line for strip in strips(table(app).query_one(f"#{place}"))
                        if (line := strip.text.strip())]
                for place in ("left-top", "right-top")}


@pytest.mark.parametrize("mark, language, size, deal, kitty", [
    ("K", "en", (80, 24), ["Landlord bid 3", "Player"],
     ["Kitty K K A A", "2 2 SJ BJ", "Mark K win:", "opener×4/3"]),
    ("K", "zh", (80, 24), ["第1局 · 3分", "地主 Player"],
     ["底牌 K K A A 2", "2 SJ BJ", "标记 K 摊打×2", "赢则：头撂×4/3"]),
    ("BJ", "zh", (80, 24), ["第1局 · 3分", "地主 Player"],
     ["底牌 K K A A 2", "2 SJ BJ", "标记 大王×2", "赢则16：头撂"]),
    ("BJ", "en", (120, 40), ["Deal 1, bid 3", "Landlord Player"],
     ["Kitty K K A A 2 2 SJ BJ", "Mark BJ×2 open×2", "win: opener×4/3"])])
async def test_S_SCORE_2_the_landlords_boxes_keep_his_name_the_mark_and_the_multipliers(
        first_deal, mark, language, size, deal, kitty):
    """At 80x24 the deal box said "Landlord Play…" and the kitty box "摊打 win: 头撂" (the
    values dropped with room for them); at 120x40 "joker mark 摊打 win:" / "头撂": measured
    whole at a no-break space where Textual breaks the line, and the values gone. Then
    the mark card went, the first thing dropped ("Kitty K K A A / 2 2 SJ BJ / 摊打×2 /
    win: 头撂×4/3"): it stays, beside a factor where it fits, a joker's with its ×2; and
    in English the factors are English words, with the Chinese term where there is room."""
    first_deal(rigged("shanghai", (HAND,), kitty="K K A A 2 2 SJ BJ", first=0,
                      mark=mark).first_deal)
    drawn = await places(language, size)
    assert drawn["left-top"][:2] == deal
    assert drawn["right-top"] == kitty
