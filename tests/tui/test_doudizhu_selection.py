"""S-HAND-2 on the status line (Pilot, 80×24): a Shanghai run selected in the hand is written
as it runs — ``A A 2 2 3 3`` — as the engine (``hands.run_text``), the log and the table write
it, not in the hand's rank order (``3 3 A A 2 2``)."""

from __future__ import annotations

import pytest
from textual import events

from bhtui.doudizhu import PRESETS, parse_hand
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.dialogs import ConfirmKey
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog, ReportDialog
from bhtui.tui.sessions import LocalSession

from doudizhu_helpers import rigged
from tui_helpers import drive, handled_so_far, my_turn_to_play, table, wait_for

# Ana bids first and holds 3…A twice and a 2; the kitty (hers at 3 points) brings 2s and As.
DEAL = rigged("shanghai", ("3 4 5 6 7 8 9 10 J Q K A 3 4 5 6 7 8 9 10 J Q K A 2",),
              kitty="BJ SJ 2 2 A A K K", first=0).first_deal


async def test_S_HAND_2_a_selected_shanghai_run_reads_as_it_runs_on_the_status_line(first_deal):
    first_deal(DEAL)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        async def lead() -> bool:  # bid 3 (头撂), 摊打 yes, nothing to report: then I lead
            keys = {BidDialog: "3", OpenDialog: "y", ConfirmKey: "y", ReportDialog: "n"}
            key = keys.get(type(app.screen))
            if key is not None:
                await pilot.press(key)
            return my_turn_to_play(app)
        await drive(pilot, lead, "my lead")
        await pilot.press("3", "3", "a", "a", "2", "2")  # picked as the hand lies: 3s first
        status = str(table(app).query_one("#status").render())
        assert parse_hand("3 3 A A 2 2", "shanghai").text == "A A 2 2 3 3"  # the engine's text
        assert "Selected: A A 2 2 3 3" in status, status


async def test_S_BID_6_the_报到_dialog_says_its_keys_and_they_work(first_deal):
    """The 报到 dialog's footer showed only t and n, and y (the other dialogs' yes) did
    nothing: its line now says ↑↓ and Enter choose, and they do."""
    first_deal(rigged("shanghai", hands=("SJ SJ BJ BJ K K K K K", "K"), kitty="K K 3",
                      mark="3", first=0).first_deal)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        async def reported() -> bool:
            if isinstance(app.screen, BidDialog):
                await pilot.press("2")
            return isinstance(app.screen, ReportDialog)
        await drive(pilot, reported, "the 报到 dialog")
        words = " ".join(str(p.render()) for p in app.screen.query("Plain"))
        assert "↑↓ and Enter choose · n: no 报到" in words
        await pilot.press("down", "enter")  # the second offer: the jokers, 不打
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "不打 asked again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.host.match.round.phase != "report", "报到 answered")
        assert app.host.match.actions[-1][1] == {"type": "report", "groups": ["SJ SJ BJ BJ"],
                                                 "fight": False}


@pytest.mark.parametrize("language, straight, pairs", [
    ("en", "x: no straight from 8 (8 9 is as far as it goes); 8 stays picked",
     "x: no pair run from 5 5 (5 5 6 6 is as far as it goes); 5 5 stays picked"),
    ("zh", "x：没有从 8 起的顺子（只连得到 8 9），8 仍选着",
     "x：没有从 5 5 起的连对（只连得到 5 5 6 6），5 5 仍选着"),
])
async def test_S_HAND_2_the_run_key_says_when_the_hand_has_no_run_from_the_picked_card(
        first_deal, language, straight, pairs):
    """8 then x picked 8 9 and the status line said only `8 9 — not a hand`: a run too short
    to be one is not picked, and the line says there is no run from 8, how far it goes, and
    that the 8 stays picked — Enter plays it (a straight from a single card, a pair run from
    a pair)."""
    first_deal(rigged("classic", ("3 3 3 3 8 9 J Q K A 2 2 5 5 6 6 SJ",), kitty="4 4 4",
                      first=0).first_deal)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["classic"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        async def lead() -> bool:
            if isinstance(app.screen, BidDialog):
                await pilot.press("3")
            return my_turn_to_play(app)
        await drive(pilot, lead, "my lead")
        screen = table(app)
        for keys, said, kept in ((("8", "x"), straight, ["8"]), (("5", "5", "x"), pairs, ["5", "5"])):
            await pilot.press("escape", *keys)
            await handled_so_far(pilot, screen)
            assert str(screen.query_one("#status").render()) == said
            assert screen.hand.selection() == kept
        # Typed fast, a terminal's one read holds both keys: the 8's selection was heard
        # after the x had said its note, and wiped it ("Selected: 8").
        await pilot.press("escape")
        await handled_so_far(pilot, screen)
        for key in ("8", "x"):
            app.post_message(events.Key(key, key))
        await handled_so_far(pilot, screen)
        assert str(screen.query_one("#status").render()) == straight


def test_the_hint_round_has_one_hand_of_a_shape_and_rank_with_its_lowest_kickers():
    """h again leafs through the plays; each kicker a trio or an airplane may take was a
    play of its own (a round of 137), so a player pressed past dozens of "3 3 3 + x" to
    reach a pair. One of each shape, rank and length is left, its kickers the lowest."""
    from bhtui.doudizhu.offer import legal_from_view
    from bhtui.tui.games import parts_for

    m = rigged("classic", ("3 3 3 5 7 9 J K 2",), kitty="4 6 8")
    m.apply(0, {"type": "bid", "points": 3})
    view = m.view(0)
    every = [a["hand"] for a in legal_from_view(view) if a["type"] == "play"]
    shown = [a["hand"] for a in parts_for("doudizhu").hint_plays(view)]
    shapes = [(h.kind, h.main, h.size) for h in (parse_hand(s, "classic") for s in shown)]
    assert len(set(shapes)) == len(shapes) == len({
        (h.kind, h.main, h.size) for h in (parse_hand(s, "classic") for s in every)})
    assert "3 3 3 4" in shown and "3 3 3 5" in every and "3 3 3 5" not in shown
    assert len(shown) < len(every) / 2


def test_C_HAND_17_a_hand_of_another_shape_is_told_the_shape_it_must_answer():
    """Q Q picked on a single 5 said "must beat 5", which a queen does: the status names
    the shape asked for (a run its length too), and a bomb or a same-shape hand too low
    still hears "must beat"."""
    from bhtui.tui.games import parts_for
    from bhtui.tui.i18n import Translator

    parts, t = parts_for("doudizhu"), Translator("en")
    m = rigged("classic", ("3 3 3 5 7 8 9 10 J K 2",), kitty="4 6 8")
    m.apply(0, {"type": "bid", "points": 3})
    m.apply(0, {"type": "play", "hand": "5"})
    view = m.view(1)
    assert parts.selection_problem(["Q", "Q"], view, t) == \
        "5 is a single: beat it with a higher one, or a bomb"
    assert parts.selection_problem(["4"], view, t) == "must beat 5"
    assert parts.selection_problem(["Q"], view, t) is None
    m = rigged("classic", ("3 3 3 5 6 7 8 9 K 2",), kitty="4 6 8")
    m.apply(0, {"type": "bid", "points": 3})
    m.apply(0, {"type": "play", "hand": "5 6 7 8 9"})
    assert parts.selection_problem(["6", "7", "8", "9", "10", "J"], m.view(1), t) == \
        "5 6 7 8 9 is a straight of 5 cards: beat it with a higher one, or a bomb"


def test_S_HAND_3_the_hint_round_offers_the_weakest_bomb_first():
    """Shanghai's bombs rank by their cards before their rank (S-HAND-3): five queens beat
    four aces, yet h offered Q×4, Q×5, then A×4. The round's bombs go weakest first."""
    from bhtui.tui.games import parts_for

    m = rigged("shanghai", ("Q Q Q Q Q A A A A 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10",),
               kitty="3 4 5 6 7 8 9 10", first=0)
    m.apply(0, {"type": "bid", "points": 2})
    for seat in (1, 2, 3):
        if m.view(seat)["to_act"] == seat:
            m.apply(seat, {"type": "pass"})
    view = m.view(0)
    assert view["to_act"] == 0 and view["top"] is None, view["phase"]
    bombs = [a["hand"] for a in parts_for("doudizhu").hint_plays(view)
             if parse_hand(a["hand"], "shanghai").is_bomb]
    assert bombs == ["Q Q Q Q", "A A A A", "Q Q Q Q Q"], bombs


def test_the_landlords_badge_and_tuoguan_fit_a_seat_at_80_columns():
    """A landlord on 托管 read "[landlor… 托管" in a seat's 14 cells: the badge is the one
    word, the log's and the result's, without brackets (as the bids' badges)."""
    from bhtui.tui.cardstyle import CardStyle
    from bhtui.tui.games import parts_for
    from bhtui.tui.i18n import Translator

    m = rigged("classic", ("3 3 3 5 7 8 9 10 J K 2",), kitty="4 6 8")
    m.apply(0, {"type": "bid", "points": 3})
    table = [{"name": n, "kind": "human", "auto": True, "ready": True, "connected": True,
              "level": None} for n in ("Ana", "Bo", "Cy")]
    for language, badge in (("en", "landlord 托管"), ("zh", "地主 托管")):
        lines = parts_for("doudizhu").seat_lines(0, m.view(1), table, 1, Translator(language),
                                                 CardStyle(language=language))
        assert lines[-1].plain == badge


async def test_S_BID_5_摊打_acts_only_when_its_key_is_pressed_again(first_deal):
    """One y played the hand open, scores ×2, while Baohuang's doubling keys ask to be
    pressed again: 摊打 asks too, and any other key sends nothing."""
    first_deal(DEAL)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        async def asked() -> bool:
            if isinstance(app.screen, BidDialog):
                await pilot.press("3")  # 头撂
            return isinstance(app.screen, OpenDialog)
        await drive(pilot, asked, "the 摊打 dialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmKey), "asked again")
        words = " ".join(str(p.render()) for p in app.screen.query("Plain"))
        assert "scores ×2" in words and "y" in words
        await pilot.press("n")  # not y: nothing sent
        await wait_for(pilot, lambda: isinstance(app.screen, OpenDialog), "back to 摊打")
        assert app.host.match.round.phase == "open"
        await pilot.press("y", "y")
        await wait_for(pilot, lambda: app.host.match.round.phase != "open", "摊打 answered")
        assert app.host.match.actions[-1][1] == {"type": "open"}
