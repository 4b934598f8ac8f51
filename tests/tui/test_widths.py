"""Widths in terminal cells (rich.cells.cell_len): CJK text and long names never overflow."""

import pytest
from rich.cells import cell_len
from rich.console import Console

from bhtui.rules import PRESETS, Match
from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import STRINGS, Translator
from bhtui.tui.widgets import SeatBox, clip

from net_helpers import HANG
from tui_helpers import make_app, my_play_turn, strips, table, wait_for

seat_lines = BAOHUANG_PARTS.seat_lines  # the shared seat box with Baohuang's role badges

LONG_NAMES = ["欧阳娜娜欧阳娜娜欧阳娜娜", "Maximilian-Alexander-Bo", "李", "Wang Xiaoming 王小明"]


@pytest.mark.parametrize("name", LONG_NAMES)
@pytest.mark.parametrize("cells", [4, 10, 14])
def test_clip_never_exceeds_the_cells_it_is_given(name, cells):
    clipped = clip(name, cells)
    assert cell_len(clipped) <= cells
    assert clipped == name or clipped.endswith("…")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_seat_boxes_fit_their_16_cells_with_long_and_cjk_names(language):
    m = Match(PRESETS["qingdao"], 7)
    table = [{"name": n, "kind": "human", "auto": True, "connected": True} for n in LONG_NAMES + ["x"]]
    t, console = Translator(language), Console(width=16, record=True)
    for seat in range(5):
        for line in seat_lines(seat, m.view(0), table, 0, t, CardStyle()):
            line.no_wrap, line.overflow = True, "ellipsis"
            rendered = console.render_lines(line, console.options.update(width=16))
            assert len(rendered) == 1
            assert sum(cell_len(seg.text) for seg in rendered[0]) <= 16


SAMPLES = {"names": "Maximilian, 欧阳娜娜", "n": 43, "name": "欧阳娜娜欧阳娜",
           "set": "10 10 10 + SJ BJ", "card": "10H", "cards": "BJ 2S 2H 2D",
           "reason": "10 10 does not beat J J (R-PLAY-3)",
           "rank": "10", "w": 79, "h": 23, "items": "", "round": 12, "redeal": "",
           "bundle": "BJ 2S", "role": "", "place": "头科", "result": "", "text": "求助",
           "twos": 12, "press": "g", "mark": "†", "plays": 12, "passes": 12,
           "abdicator": "欧阳娜娜欧阳娜", "first": "+24", "second": "0", "lower": "-24",
           "asked": "欧阳娜娜欧阳娜", "keys": "ctrl+q", "points": 999,
           "address": "192.168.178.123:47123", "counted": "played 99× and passed 99×",
           "listed": " (the log lists them)", "played": "played 99×", "passed": "passed 99×"}
ONE_LINE = ("status.", "key.", "throne.", "grab.", "quit.", "call.three", "call.hidden",
            "call.open", "result.continue", "result.no_tribute", "cards_left", "round", "called")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_one_line_string_fits_an_80_column_line(language):
    t = Translator(language)
    for key in STRINGS:
        if key.startswith(ONE_LINE):
            saved = t("saved.lost", n=12, reason="No space left on device")  # the longest
            text = t(key, **SAMPLES, saved=saved)
            assert "\n" not in text and cell_len(text) <= 78, (key, text, cell_len(text))


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
@pytest.mark.parametrize(("language", "said"), [("en", "Redealt 2×"), ("zh", "重发2次")])
def test_a_redealt_deal_says_so_within_its_box_at_80_columns(preset, language, said):
    """Nobody bid twice: "Deal 1 · redeal 2" broke over two lines of the deal's box (14
    cells at 80x24) as "Deal 1 ·" and "redeal 2". Every line fits, and the count is said."""
    from bhtui.doudizhu import PRESETS as DDZ_PRESETS
    from bhtui.doudizhu import Match as DdzMatch
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS

    match = DdzMatch(DDZ_PRESETS[preset], 2)
    while match.view(0)["redeal"] < 2:
        match.apply(match.to_act, {"type": "pass"})
    names = [f"P{s}" for s in range(DDZ_PRESETS[preset].seats)]
    boxes = DOUDIZHU_PARTS.boxes(match.view(0), names, Translator(language), CardStyle())
    lines = [line for box in boxes.values() for line in box.plain.split("\n")]
    assert all(cell_len(line) <= 14 for line in lines), lines
    assert said in lines


def test_role_badges_emperor_public_guard_only_to_himself_until_revealed():
    from helpers import play, rigged

    m = rigged("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    table = [{"name": f"P{s}", "kind": "human", "auto": False, "connected": True} for s in range(5)]
    t, style = Translator("en"), CardStyle()

    def text(viewer, seat):
        return "\n".join(str(x) for x in seat_lines(seat, m.view(viewer), table, viewer, t, style))

    assert "[emperor]" in text(3, 0) and "▶" in text(3, 0)  # whose turn, by a symbol
    assert "you: guard" in text(1, 1)
    assert "guard" not in text(3, 1) and "guard" not in text(0, 1)
    play(m, 0, "3S")
    assert "●" in text(3, 0) and "3♠" in text(3, 0)  # who holds the trick (●), and the set
    m.apply(1, {"type": "pass"})
    assert "pass" in text(3, 1)


def test_every_footer_binding_with_an_id_has_both_languages():
    import importlib
    import inspect
    import pkgutil

    from textual.app import App
    from textual.screen import Screen

    import bhtui.tui

    classes = set()
    for info in pkgutil.walk_packages(bhtui.tui.__path__, "bhtui.tui."):
        module = importlib.import_module(info.name)
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, (Screen, App)) and c.__module__.startswith("bhtui.")}
    assert len(classes) >= 15  # every screen and dialog of the package
    for screen in classes:
        for binding in screen.BINDINGS:
            if binding.show and binding.description:
                assert f"key.{binding.id}" in STRINGS, (screen.__name__, binding.id)


@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
@pytest.mark.parametrize("cells", [9, 12, 14, 15, 16])
def test_R_PLAY_1_a_set_too_wide_for_its_seat_still_names_its_joker(style, cells):
    """Six 10s and a small joker in a seat's few cells: the suits give way, never the joker,
    which decides what can beat the set (R-PLAY-1: jokers stand in for the rank)."""
    card_style = CardStyle(style=style)
    for joker, other in (("SJ", "BJ"), ("BJ", "SJ")):
        shown = card_style.set_text(["10S", "10H", "10C", "10D", "10D", "10D", joker], {}, cells)
        assert cell_len(shown.plain) <= cells
        assert f"+{joker}" in shown.plain and other not in shown.plain
        assert shown.plain.startswith(f"10{card_style.times}6")


@pytest.mark.parametrize(("cards", "shown"), [
    ("A 2 3 4 5 6 7 8 9 10 J Q K A", "A–A"),  # (it read "A×2 2 3 4 5 6 7 8 9 10 J Q…")
    ("3 4 5 6 7 8 9 10 J", "3–J"),
    ("6 6 6 7 7 7 + 8 8 9 9", "6–7×3 +8×2 9×2"),  # (it read "6×3 7×3 + 8×2…")
    ("3 3 4 4 5 5 6 6", "3–6×2"),
    ("9 9 9 10 10 10 J J J + 3 4 7", "9–J×3 +3 4 7"),  # (what it carries is no run)
    ("5 5 5 5 + 3 9", "5 5 5 5 + 3 9"),
])
def test_S_HAND_2_a_dou_dizhu_hand_in_a_seats_cells_keeps_its_order_and_its_ends(cards, shown):
    """A Shanghai straight from A round to A (S-HAND-2) in a seat's 14 cells read
    ``A×2 2 3 …``: two aces, then a run cut short. Ranks are counted where they stand, and
    a run too long for the cells is written by its ends, so the whole hand shows."""
    card_style = CardStyle()
    got = card_style.set_text(cards.split(), {}, 14).plain
    assert got == shown
    assert CardStyle(style="ascii").set_text(cards.split(), {}, 14).plain == shown.replace(
        "–", "-").replace("×", "x")


@pytest.mark.parametrize(("style", "guard_shown"), [("unicode", "7♡"), ("letters", "7h")])
def test_R_GUARD_6_the_called_cards_copy_played_is_hollow_on_the_table_as_in_the_hand(
        style, guard_shown):
    """The guard shows himself by playing the called card (R-GUARD-6): on the table its copy
    is drawn as the hand draws it (hollow, or a lower-case suit), other cards as ever."""
    from helpers import play, rigged

    m = rigged("7H 7H 7H 3S 3S", "7H 9S 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    table = [{"name": f"P{s}", "kind": "human", "auto": False, "connected": True} for s in range(5)]
    t, card_style = Translator("en"), CardStyle(style=style)

    def text(seat):
        return "\n".join(str(x) for x in seat_lines(seat, m.view(3), table, 3, t, card_style))

    play(m, 0, "3S")
    assert "3♠" in text(0) if style == "unicode" else "3S" in text(0)
    play(m, 1, "7H")
    assert guard_shown in text(1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("language", "style", "seed", "role"), [
    ("en", "unicode", 3, "[emperor]"), ("zh", "unicode", 3, "[皇帝]"),
    ("en", "unicode", 10, "you: guard"), ("zh", "unicode", 10, "你是保皇派"),
    ("en", "ascii", 3, "[emperor]"), ("en", "ascii", 10, "you: guard"),
    ("zh", "ascii", 3, "[皇帝]"), ("zh", "ascii", 10, "你是保皇派")])
async def test_R_AUTO_1_my_box_shows_tuoguan_whole_beside_my_role(size, language, style, seed,
                                                                  role):
    """At 80 columns my box cut 托管 after the role to "[emperor] 托……" (your own guard's
    "你是保皇派 " left no 托 at all): 托管 is what the line is there to say, so a role too
    long gives way — cut, never 托管. Then my own secret role was cut ("you: gua… 托管")
    with room to spare beside my box: the middle column is the wider now, and role and 托管
    are whole at every size, in the style's symbols (under ascii: nothing but ASCII in
    English, where "[emperor] tuoguan" was cut: 托管 is "auto" there). Seed 3 makes me the
    emperor, seed 10 the guard nobody knows yet."""
    app = make_app(language, seed=seed, card_style=style)
    t = app.t
    async with app.run_test(size=size) as pilot:
        await my_play_turn(pilot, app)
        app.host.bot_delay = HANG  # the table waits (托管's own move too) while we look
        box = table(app).query_one("#bottom", SeatBox)

        def last_line() -> str:
            return strips(box)[3].text.rstrip()

        before = last_line()  # my role alone
        await pilot.press("t")
        await wait_for(pilot, lambda: last_line() != before, "托管 in my box")
        shown = last_line()
        assert shown == f"{t.plain(role)} {t('auto')}", shown
        assert cell_len(shown) <= box.size.width
        assert style != "ascii" or language == "zh" or shown.isascii(), shown


async def test_my_own_four_10s_show_each_card_at_80_columns(first_deal):
    """My box showed my four 10s as "10×4 ♠♠♠♦" where the others' boxes show each card: its 14
    cells held 3-cell cards only three times over. My seat's column has 15 at 80 columns:
    "10♠ 10♠ 10♠ 10♦", as the others' sets are drawn."""
    from helpers import deal_of

    first_deal(deal_of("7H 7H 7H 10S 10S 10S 10D 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        app.host.bot_delay = HANG  # my set stays the table's while we look
        await pilot.press("0", "0", "0", "0", "enter")
        box = table(app).query_one("#bottom", SeatBox)
        await wait_for(pilot, lambda: "10" in strips(box)[2].text, "my set in my box")
        assert strips(box)[2].text.strip() == "10♠ 10♠ 10♠ 10♦"



def role_boxes():
    """(parts, match, seat, role) for every role a seat box names, each from a real round and
    seen by that seat: the emperor, my own secret guard and the guard shown, a rebel (no
    badge), a rebel marked by 造反 (Weihai), the solo (Weihai's holder of both marked cards),
    Dou Dizhu's landlord. ``role``: the badge's words, as keys."""
    from test_baohuang_words import weihai_at_the_rebel_step

    from bhtui.doudizhu import PRESETS as DDZ_PRESETS
    from bhtui.doudizhu import Match as DdzMatch
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS

    from helpers import deal_of, play, rigged

    def called() -> Match:
        m = rigged("7H 7H 7H 3S 3S", "7H 9S 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
        m.apply(0, {"type": "accept"})
        m.apply(0, {"type": "call", "card": "7H"})
        return m

    yield BAOHUANG_PARTS, called(), 0, "[role.emperor]"
    yield BAOHUANG_PARTS, called(), 1, "you.guard"
    yield BAOHUANG_PARTS, called(), 2, ""
    shown = called()
    play(shown, 0, "3S")
    play(shown, 1, "7H")  # the called card: the guard shows himself (R-GUARD-6)
    yield BAOHUANG_PARTS, shown, 1, "[role.guard]"
    yield BAOHUANG_PARTS, weihai_at_the_rebel_step((3,)), 3, "[role.rebel_mark]"
    solo = Match(PRESETS["weihai"], seed=3, rounds=1, first_deal=deal_of(
        "BJ SJ 7H 8D 9D", "9H 9S", "10H 10S QD", "JH JS", "QH QS", first=0, guard_card=0))
    while solo.round.phase == "grab":
        solo.apply(solo.round.to_act, {"type": "skip"})
    solo.apply(0, {"type": "solo"})  # R-WH-ROLE-2
    yield BAOHUANG_PARTS, solo, 0, "[role.emperor]"
    for preset in ("classic", "shanghai"):
        deal = DdzMatch(DDZ_PRESETS[preset], 2)
        while deal.view(0)["phase"] == "bid":
            seat = deal.to_act
            deal.apply(seat, next(a for a in deal.legal_actions(seat) if a["type"] == "bid"))
        landlord = next(s for s, info in enumerate(deal.view(0)["seats"])
                        if info["role"] == "landlord")
        yield DOUDIZHU_PARTS, deal, landlord, "ddz.badge.landlord"


@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_AUTO_1_every_role_and_托管_or_away_fit_a_seat_box_at_80_columns(language, style):
    """My box at 80 columns (15 cells) showed "[emperor] tuoguan" under ascii cut to
    "[emp... tuoguan", and a landlord's side box "landlord tuoguan" too: 托管's pinyin was
    three cells wider than 托管, which every role was fitted beside. Under every style, every
    role and 托管 (or away) are whole, in my box and in a side seat's (14 cells)."""
    card_style = CardStyle(style=style, language=language)
    t = Translator(language, card_style.plain)
    for parts, match, seat, role in role_boxes():
        key = role.strip("[]")
        words = (role.replace(key, t(key)) if key else "")
        for state, meta in ((t("auto"), {"auto": True}), (t("away"), {"connected": False})):
            table = [{"name": f"P{s}", "kind": "human", "auto": False, "connected": True}
                     for s in range(len(match.view(seat)["seats"]))]
            table[seat] = {**table[seat], **meta}
            seats = len(table)
            for viewer, width in ((seat, 15), ((seat + 1) % seats, 14)):  # mine; a side seat
                shown = words if viewer == seat or role != "you.guard" else ""  # (a secret)
                line = parts.seat_lines(seat, match.view(viewer), table, viewer, t, card_style,
                                        width=width)[3]
                assert line.plain == f"{shown} {state}".strip(), (role, width, line.plain)


@pytest.mark.parametrize("style", ["unicode", "ascii"])
@pytest.mark.parametrize("width", [72, 100])  # (72: the help box at 80 columns)
def test_the_help_keys_never_leave_a_word_alone_on_a_line(style, width):
    """The help's out-of-turn keys were wrapped by hand for 明保 and 造反: under ascii, as
    mingbao and zaofan, each hand-made line wrapped again, leaving "…guard (or" / "declare" /
    "your solo)…". They are whole lines now, which the help wraps at its own width."""
    from bhtui.tui.prose import wrap

    t = Translator("en", CardStyle(style=style).plain)
    lines = wrap(t("help.body"), width)
    alone = [line for before, line, after in zip(lines, lines[1:], lines[2:], strict=False)
             if before.strip() and after.strip() and len(line.split()) == 1]
    assert not alone, alone


@pytest.mark.parametrize("style, shown", [
    ("unicode", ["opener (头撂)×4/3", "bombs×4"]),
    ("ascii", ["opener (touliao)(x4/3)", "bombs(x4)"])])
def test_dou_dizhu_factors_keep_their_name_apart_from_the_value(style, shown):
    """Under ascii the kitty box's factors read "win: touliaox4/3" and "bombsx4": the times
    sign is a letter there, so the value is bracketed."""
    from bhtui.tui.doudizhu.describe import factor_units

    t = Translator("en", CardStyle(style=style).plain)
    assert factor_units({"toulia": "4/3", "bombs": "4"}, t) == shown
