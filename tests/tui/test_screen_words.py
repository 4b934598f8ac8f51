"""What the screen says, read as a player reads it: no Markdown, card names in the player's
language, one meaning per symbol."""

import re

import pytest

from bhtui.cards import RANK_NAMES
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import STRINGS


def screen_texts():
    """Every string the screens show: the i18n table, the demo's chapters and words."""
    from bhtui.tui.demo_text import CHAPTERS, TASKS, WORDS
    from bhtui.tui.doudizhu.demo import TEXT

    for key, entry in STRINGS.items():
        yield key, entry
    for number, chapter in enumerate(CHAPTERS):
        for part, entry in chapter.items():
            yield f"chapter {number + 1} {part}", entry
    for key, entry in [*WORDS.items(), *TEXT.items(), *enumerate(TASKS)]:
        yield key, entry


def test_no_screen_text_shows_markdown_backticks():
    """The quit dialog read "`bhtui replay` shows this game again": a terminal shows the
    backticks as they are."""
    shown = [(key, lang) for key, entry in screen_texts() for lang in ("en", "zh")
             if "`" in str(entry.get(lang, ""))]
    assert shown == []


def test_no_screen_text_shows_a_rule_id():
    """Shanghai's bid dialog ended "(S-BID-7)": rule ids are for the docs, not the player."""
    rule_id = re.compile(r"\b[RSC]-[A-Z]+(-[A-Z]+)*-[A-Z]*\d")
    shown = [(key, lang) for key, entry in screen_texts() for lang in ("en", "zh")
             if rule_id.search(str(entry.get(lang, "")))]
    assert shown == []


@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
def test_the_trick_marker_is_no_card_glyph_and_not_the_turn_marker(style):
    """★ stood both for "holds the trick" beside a name and for a big joker in the hand."""
    look = CardStyle(style)
    glyphs = {look.glyph(card, called, marked) for card in ("SJ", "BJ", "GC", "AS", "10H", "7")
              for called in (False, True) for marked in (False, True)}
    assert look.trick_marker not in glyphs
    assert look.trick_marker != look.turn_marker


@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
def test_weifangs_gc_is_not_drawn_as_a_big_joker(style):
    """R-WF-RANK-1's GC outranks the BJ but was drawn with the BJ's ★ under its unit; and in
    the letter styles (Chinese's by default) both jokers were *, told apart by colour alone
    — not at all on a monochrome terminal or by a colour-blind player."""
    look = CardStyle(style)
    drawn = [look.glyph(card) for card in ("SJ", "BJ", "GC")]
    others = {look.glyph("SJ", marked=True), *(look.glyph(f"A{suit}", called=called)
                                              for suit in "SHCD" for called in (False, True))}
    assert len(set(drawn)) == 3 and not set(drawn) & others, drawn
    unicode = [CardStyle("unicode").glyph(card) for card in ("SJ", "BJ", "GC")]
    assert [CardStyle("ascii").plain(g) for g in unicode] == (
        drawn if style != "unicode" else ["w", "W", "G"])  # (help texts say them in ASCII)


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("style", ["unicode", "letters", "ascii"])
def test_no_joker_is_drawn_as_a_rank_or_a_suit(style, language):
    """The letter styles (Chinese's by default) drew the BJ as J under its unit, which reads
    as a jack (and the SJ as j): no joker's glyph is a rank's letter or a suit's, in any
    style or language, as the default style's stars are not."""
    look = CardStyle(style, language=language)
    ranks = {ch for rank in RANK_NAMES for ch in rank}
    suits = {look.glyph(f"A{suit}", called=called) for suit in "SHCD" for called in (False, True)}
    for joker in ("SJ", "BJ", "GC"):
        drawn = look.glyph(joker)
        assert drawn.upper() not in ranks and drawn not in suits, (joker, drawn)


@pytest.mark.parametrize("style", ["unicode", "letters"])
def test_chinese_names_cards_in_words_in_a_sentence(style):
    """"皇牌包：BJ", "叫 AH": in Chinese a sentence says 大王, 小王, 红桃A."""
    zh = CardStyle(style, language="zh")
    assert [zh.name(c) for c in ("BJ", "SJ", "AH", "10S", "2C", "7D")] == [
        "大王", "小王", "红桃A", "黑桃10", "梅花2", "方块7"]
    assert zh.name("K") == "K"  # Dou Dizhu's suitless ranks
    assert zh.name("GC") == "特画"  # Weifang's GC by its own word, not 侍卫牌 (the marked SJ)
    assert CardStyle(style).name("AH") == CardStyle(style).label("AH")  # English: as drawn


async def test_chinese_table_names_the_bundle_and_the_called_card_in_words(first_deal):
    """At a zh table (letters by default): the throne dialog's bundle and the table's call
    say 大王 and 红桃7, not BJ and 7H; the log says them so too."""
    from bhtui.tui.baohuang.dialogs import CallDialog, ThroneDialog

    from helpers import deal_of
    from tui_helpers import SHORT_DEAL, make_app, table, wait_for

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app("zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        words = " ".join(str(p.render()) for p in app.screen.query("Plain"))
        assert "皇牌：大王" in words and "BJ" not in words
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))
        await pilot.press("enter")
        screen = table(app)
        await wait_for(pilot, lambda: "叫 红桃7" in str(screen.query_one("#center").render()))
        assert any("叫 红桃7" in line for line in screen.log_lines)


async def test_chinese_status_hint_and_counter_name_the_jokers_in_words(first_deal):
    """At a zh table the card counter read `记牌器 BJ×3 · SJ×4 · 2×14 · A×13` and a hint
    `提示：先不压 A A + SJ`, where every dialog says 大王 and 小王: sentences name the jokers
    in words (the cards drawn keep their letters). Ana leads 4 4; the others pass until Liu
    answers with his last cards, A + SJ, which nothing in her hand beats."""
    from bhtui.tui.messages import HintArrived

    from helpers import deal_of
    from tui_helpers import handled_so_far, make_app, my_play_turn, table, wait_for

    first_deal(deal_of("7H 7H 7H 4S 4S 3S", "7H 9S", "8C 5D", "6D 5C", "AS SJ"))
    app = make_app("zh", auto_pass=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("4", "4", "enter")
        screen = table(app)

        def status() -> str:
            return str(screen.query_one("#status").render())

        await wait_for(pilot, lambda: app.client.my_turn and (app.client.view["top"] or {}).get(
            "seat") == 4, "Liu's A + SJ to beat")
        await handled_so_far(pilot, screen)
        assert status().startswith("轮到你：压过 A + 小王 或不要"), status()
        counter = str(screen.query_one("#table").border_subtitle)
        assert counter.startswith("记牌器 大王×") and "小王×" in counter and "J×" not in counter
        screen.post_message(HintArrived({"type": "pass"}))
        await wait_for(pilot, lambda: status().startswith("没有压得过"), "the hint")
        assert status().startswith("没有压得过 A + 小王 的牌"), status()
        assert any("出 A + 小王" in line for line in screen.log_lines)


@pytest.mark.parametrize("language, says, key", [
    ("en", "Passing it on costs you a 2: your 2♠ goes with the card (you hold 2 2s).",
     "n Yield 让位"),
    ("zh", "不接就要附上一张 2：你的黑桃2随皇牌传走（你有 2 张 2）。", "n 让位"),
])
async def test_R_EMP_L2_the_throne_dialog_says_what_yielding_costs_in_the_buttons_word(
        language, says, key):
    """lianzhong-simple: a receiver who yields attaches a 2 — the dialog says which and how
    many he holds; the footer's n says 让位 as the button does, not "Decline"."""
    from bhtui.tui.baohuang.dialogs import ThroneDialog
    from bhtui.tui.i18n import Translator

    from helpers import rigged
    from tui_helpers import DialogHost, footer_text, wait_for

    m = rigged("8H 8H 8H 2S 2D", "BJ 9S", "10S", "JS", "QS", first=1, preset="lianzhong-simple")
    m.apply(1, {"type": "decline"})  # the first holder passes the card itself: to his 上家, 0
    view = m.view(0)
    kinds = [a["type"] for a in view["actions"]]
    style = CardStyle("unicode", language=language)
    host = DialogHost(ThroneDialog(Translator(language), view, kinds, list("ABCDE"), style.name))
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: host.dialog.is_mounted and footer_text(host.dialog))
        words = [str(p.render()) for p in host.dialog.query("Plain")]
        assert says in words
        footer = footer_text(host.dialog)
        assert key in footer and "Decline" not in footer and "放弃" not in footer
        await pilot.press("n")
        await wait_for(pilot, lambda: host.answer != "none")
    assert host.answer == {"type": "decline"}


@pytest.mark.parametrize("language, word", [("en", "Call"), ("zh", "叫牌")])
async def test_R_GUARD_1_the_call_dialogs_footer_names_enter_and_enter_calls(language, word):
    """"Call your guard" showed the groups and a footer of only "t 托管": Enter, which calls
    the highlighted group, is named there."""
    from bhtui.tui.baohuang.dialogs import CallDialog
    from bhtui.tui.i18n import Translator

    from helpers import rigged
    from tui_helpers import DialogHost, footer_text, wait_for

    m = rigged("7H 7H 7H 9S 9S 9S", "7H", "", "", "")
    m.apply(0, {"type": "accept"})
    host = DialogHost(CallDialog(Translator(language), m.view(0), str))
    async with host.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: host.dialog.is_mounted and footer_text(host.dialog))
        assert f"⏎ {word}" in footer_text(host.dialog)
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: host.answer != "none")
    assert host.answer == {"type": "call", "card": "9S", "open": False}


@pytest.mark.parametrize("language, stake, factors", [
    ("en", ["×1 · bombs 0", "Stake 3, win 4"], "win: opener×4/3"),
    ("zh", ["×1 · 炸弹 0", "分值 3，赢则4"], "赢则：头撂×4/3"),
])
def test_S_SCORE_2_the_table_says_the_stake_and_what_only_a_landlord_win_adds(
        language, stake, factors):
    """头撂: the table said "Stake 4" while the result said "Stake 3 = base 1 × bid 3" — the
    ×4/3 counts only if the landlord wins. Said apart, the stake stays 3 and says 4 if won
    ("won 4" read as won already; "Bombs 0 · ×4" as four bombs where bombs count nothing)."""
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
    from bhtui.tui.i18n import Translator

    from doudizhu_helpers import rigged as rigged_ddz

    m = rigged_ddz("shanghai", first=0, mark="5")
    m.apply(0, {"type": "bid", "points": 3})  # the first bidder's 3: 头撂
    view = m.view(1)
    assert view["stake"] == 4 and view["factors"] == {"toulia": "4/3"}  # the wire: as if won
    t = Translator(language)
    boxes = {k: str(v).split("\n") for k, v in
             DOUDIZHU_PARTS.boxes(view, list("ABCD"), t, CardStyle(language=language)).items()}
    assert boxes["left-top"][2:] == stake
    said = " ".join(boxes["right-top"]).replace("\u00a0", " ")
    assert said.endswith(factors)  # (won: with its factor)


@pytest.mark.parametrize("language, won, toulia, report", [
    ("en", "win 32", "opener", "report"), ("zh", "赢则32", "头撂", "报到")])
def test_S_SCORE_2_S_BID_6_a_deal_of_every_factor_fits_its_boxes_at_80_columns(
        language, won, toulia, report):
    """头撂, 摊打, a joker mark and 报到 打 in one deal: at 80 columns (boxes of 14 cells, 4
    lines) "Stake 12, won 32" wrapped and the factors ran to a sixth line, both cut off.
    Each box now fits, for the landlord (who sees the kitty) and a farmer, and still says
    what a win would score and why."""
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
    from bhtui.tui.i18n import Translator
    from bhtui.tui.widgets import SEAT_ROWS, rows

    from doudizhu_helpers import rigged as rigged_ddz

    m = rigged_ddz("shanghai", hands=("K K K K K",), kitty="K K SJ 3 4 5 6 7", mark="SJ")
    m.apply(0, {"type": "bid", "points": 3})  # 头撂
    m.apply(0, {"type": "open"})  # 摊打
    m.apply(0, {"type": "report", "groups": ["K K K K K K K"], "fight": True})  # 报到, 打
    t = Translator(language)
    for seat in (0, 1):
        view = m.view(seat)
        assert view["factors"] == {"mark": "2", "toulia": "4/3", "open": "2", "report": "2"}
        boxes = DOUDIZHU_PARTS.boxes(view, list("ABCD"), t, CardStyle(language=language))
        assert all(rows([box], 14) <= SEAT_ROWS for box in boxes.values()), boxes
        said = " ".join(str(box) for box in boxes.values()).replace("\u00a0", " ")
        assert won in said and toulia in said and report in said
        assert t("ddz.stake_line", stake=12) in said


def test_C_HAND_7_a_trio_with_one_reads_trio_first_on_the_screen_and_canonical_on_the_wire():
    """The log, the status line, the seat box and a selection said "3 9 9 9"; the apps show
    999+3. The wire keeps C-CARD-2's canonical text (docs/protocol.md)."""
    from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
    from bhtui.tui.i18n import Translator

    from doudizhu_helpers import rigged as rigged_ddz

    m = rigged_ddz("classic", hands=("3 9 9 9 5 5 5 6",), first=0)
    m.apply(0, {"type": "bid", "points": 3})
    events = m.apply(0, {"type": "play", "hand": "9 3 9 9"})
    play = next(e for e in events if e["type"] == "play")
    assert play["hand"] == "3 9 9 9"  # the wire, as ever
    view, t = m.view(1), Translator("en")
    assert DOUDIZHU_PARTS.describe(play, list("ABC"), t, view, str).endswith(
        "plays trio + one 9 9 9 + 3")
    assert DOUDIZHU_PARTS.top_words(view, t) == "9 9 9 + 3"
    table = [{"name": n, "kind": "human", "auto": False, "connected": True} for n in "ABC"]
    box = DOUDIZHU_PARTS.seat_lines(0, view, table, 1, t, CardStyle())
    assert str(box[2]) == "9 9 9 + 3"
    assert DOUDIZHU_PARTS.selection_words(["5", "6", "5", "5"], m.view(0), str) == "5 5 5 + 6"
    assert DOUDIZHU_PARTS.selection_words(["5", "6"], m.view(0), str) == "5 6"  # no hand


@pytest.mark.parametrize("people", [1, 2])
async def test_an_unfinished_game_shows_every_hand_only_if_nobody_else_sat_at_it(people):
    """A local game against bots is never "finished" (no fixed length), so its replay never
    showed the hands; nobody else sat there, so nothing is hidden from anyone by showing them.
    With a second person at the table, the hands stay hidden until the game is over, his
    own too: the log does not say which seat was the host's, who may have sat anywhere, so
    the seat taken for his could be a friend's."""
    from bhtui.store.config import Config
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.replay import ReplayScreen
    from bhtui.tui.sessions import ReplaySession

    from tui_helpers import make_app, my_play_turn, wait_for

    game = make_app(rounds=None)
    async with game.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, game)
        path = game.host.log.path
    log = GameLog.load(path)
    if people == 2:  # as if a friend had joined at seat 1
        log.header["seats"][1]["bot"] = None
    replay = Replay.from_log(log)
    assert not replay.finished and replay.people == people
    app = BhtuiApp(Config(name="Ana", language="en"), ReplaySession(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("v")
        await pilot.pause()
        hands = app.screen.query_one("#r-hands")
        shown = str(hands.render()).splitlines() if hands.display else []
        status = str(app.screen.query_one("#r-status").render())
    assert [line.split()[0] for line in shown] == (replay.names if people == 1 else [])
    assert ("others sat at this game" in status) == (people == 2)


@pytest.mark.parametrize("language, title", [("en", "Waiting room — Ana (Qingdao)"),
                                              ("zh", "等候室 — Ana（青岛）")])
async def test_the_waiting_room_names_its_rules_in_the_hosts_language_and_its_keys_fit(
        language, title):
    """The zh room read "root's table（qingdao）" and its footer was cut at "^q 退出  ?"."""
    from bhtui.net.host import Table
    from bhtui.net.tcp import listen_socket
    from bhtui.rules import PRESETS
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.room import WaitingRoomScreen
    from bhtui.tui.sessions import HostSession
    from bhtui.tui.widgets import Footer

    from tui_helpers import wait_for

    table = Table(PRESETS["qingdao"], seed=1, name="Ana")
    app = BhtuiApp(Config(name="Ana", language=language),
                   HostSession(table, listen_socket("127.0.0.1", 0), advertise=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen)
                       and app.client.room is not None)
        body = app.screen.query_one("#room-body")
        await wait_for(pilot, lambda: str(body.render()).strip())
        assert str(body.render()).startswith(title)
        footer = app.screen.query_one(Footer)
        await wait_for(pilot, lambda: footer.virtual_size.width > 0)
        assert footer.virtual_size.width <= footer.size.width  # "? Help" too, nothing cut


async def test_the_status_line_stops_pointing_at_a_dialog_once_it_is_answered():
    """"Your decision (see the dialog)" stayed ~0.1 s after the dialog had closed, until the
    host's next view came: once answered, the line says so."""
    from bhtui.tui.baohuang.dialogs import ThroneDialog

    from tui_helpers import make_app, table, wait_for

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        screen = table(app)
        assert screen.status == "Your decision (see the dialog)"
        app.client.act = lambda action: None  # the answer is on its way: no view yet
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.model.flow.showing is None)
        assert str(screen.query_one("#status").render()) == "Answered — the table goes on…"


def test_a_list_in_chinese_is_set_with_chinese_marks_not_an_ascii_comma():
    """The Chinese result read "下局进贡：Zhang → 玩家 方块2, Liu → Wang 大王"."""
    from bhtui.tui.baohuang.describe import describe
    from bhtui.tui.i18n import Translator

    names = ["张", "李", "王", "赵", "钱"]
    tribute = {"type": "tribute", "items": [{"from": 0, "to": 1, "card": "2D"},
                                            {"from": 2, "to": 3, "card": "BJ"}]}
    again = {"type": "again", "seats": [1, 4]}
    zh, en = Translator("zh"), Translator("en")
    assert "张 → 李 2D，王 → 赵 BJ" in describe(tribute, names, zh)
    assert "张 → 李 2D, 王 → 赵 BJ" in describe(tribute, names, en)
    assert "李、钱" in describe(again, names, zh) and "李, 钱" in describe(again, names, en)


def test_chinese_text_puts_chinese_words_in_full_width_parentheses():
    """The Dou Dizhu log wrote "玩家 (地主) 出连对" where every other text writes （地主）:
    a Chinese word takes full-width parentheses (a key, "(p)", keeps its ASCII ones)."""
    from bhtui.tui.doudizhu.describe import describe
    from bhtui.tui.i18n import Translator

    ascii_around_chinese = re.compile(r"\([^()]*[\u4e00-\u9fff][^()]*\)")
    shown = [key for key, entry in screen_texts()
             if ascii_around_chinese.search(str(entry.get("zh", "")))]
    play = {"type": "play", "seat": 0, "kind": "straight", "hand": "3 4 5 6 7"}
    line = describe(play, ["玩家", "B", "C"], Translator("zh"), {"landlord": 0}, str)
    assert shown == [] and "（地主）" in line and not ascii_around_chinese.search(line)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_R_WH_THRONE_2_where_the_cards_go_fits_the_centre_box_on_one_line(language):
    """Weihai's "↺ card → 下下家" was 15 cells in a 14-cell box and broke as "↺ card →" over
    "下下家": each direction line fits the centre box at 80 columns. It fitted then as
    "card → 下下家", the one line without its arrow round the table; each has one now, and
    the seat it names is explained in the help (下下家 was not, 上家 and 下家 were)."""
    from rich.cells import cell_len

    from bhtui.tui.i18n import Translator

    t = Translator(language)
    keys = [key for key in STRINGS if key.startswith("direction.")]
    assert len(keys) >= 4
    assert [key for key in keys if cell_len(t(key)) > 14] == []
    assert [t(key) for key in keys if t(key)[0] not in "↺↻"] == []
    seats = {t(key).rsplit("→", 1)[1] for key in keys}
    opened = " (" if language == "en" else "（"
    assert [seat for seat in seats if seat + opened not in t("help.body")] == []


def test_the_ascii_style_writes_every_english_text_in_ascii_and_leaves_chinese_chinese():
    """The ascii card style is for terminals that cannot draw Unicode; yet the English texts
    drew ×3, ↺, → and the Chinese terms they keep (上家, 托管) there. Under it every English
    text is ASCII — a seat's 上家/下家 in words short enough for its box — while the Chinese
    texts keep their words (only their symbols give way); other styles change nothing."""
    english, chinese = CardStyle("ascii"), CardStyle("ascii", language="zh")
    shown = [(key, english.plain(entry["en"])) for key, entry in STRINGS.items()
             if not english.plain(entry["en"]).isascii()]
    assert shown == []
    assert [english.plain(STRINGS[k]["en"]) for k in ("previous_seat", "next_seat")] == [
        "prev", "next"]
    assert english.plain(STRINGS["direction.play"]["en"]) == "play->next"
    assert chinese.plain(STRINGS["direction.play"]["zh"]) == "出牌->下家"
    assert chinese.plain("托管 ×2") == "托管 x2"
    for look in (CardStyle("unicode"), CardStyle("letters"), CardStyle("letters", language="zh")):
        assert all(look.plain(entry[lang]) == entry[lang]
                   for entry in STRINGS.values() for lang in ("en", "zh"))


def test_the_ascii_help_names_托管_once_not_beside_its_own_gloss():
    """The help's "t 托管 (auto-play) on/off" read "t auto (auto-play) on/off" under ascii,
    where 托管 is "auto": a word and its gloss, the same twice."""
    english = CardStyle("ascii")
    helps = [english.plain(entry["en"]) for key, entry in STRINGS.items()
             if "托管 (auto-play)" in entry["en"]]
    assert len(helps) == 2  # Baohuang's help and Dou Dizhu's
    assert all("t auto on/off" in text and "auto (auto" not in text for text in helps)


def test_the_ascii_settings_keys_say_left_right_as_one_arrow_not_two_run_together():
    """The settings' "←→/Space change" read "<-->/Space change" under ascii, two arrows run
    into one long one: "←→" is one left-right arrow there, "<->"."""
    for language in ("en", "zh"):
        style = CardStyle("ascii", language=language)
        assert [key for key, entry in STRINGS.items() if "<-->" in style.plain(entry[language])
                ] == []
    assert "<->/Space change" in CardStyle("ascii").plain(STRINGS["prefs.keys"]["en"])


def screen_characters(app) -> str:
    """Every character the terminal shows (the screenshot's text, its title aside)."""
    import html

    svg = app.export_screenshot(title="-")
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


@pytest.mark.parametrize(("game", "seed"), [("baohuang", 3), ("doudizhu", 4)])
async def test_an_ascii_table_draws_nothing_but_ascii(game, seed):
    """Under the ascii style an English table drew ×, ↺, →, ·, Σ, 上家/下家, 托管 and ⏎, and
    its panes' and boxes' borders in box-drawing glyphs. At 80x24, the whole table (seats,
    scores, log, hand, status line, footer) at my turn and the round's result over it are
    ASCII, every character of them."""
    from bhtui.games import rules_named
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.dialogs import ResultScreen
    from bhtui.tui.sessions import LocalSession
    from bhtui.tui.table import TableScreen

    from tui_helpers import answer_dialog, answer_doudizhu, drive, my_turn_to_play, table, wait_for

    config = Config(name="Ana", language="en", bot_delay=0.0, card_style="ascii")
    app = BhtuiApp(config, LocalSession(rules=rules_named(game=game)[1], seed=seed, rounds=2))

    async def my_turn() -> bool:  # the dialogs before it answered (not my turn: nothing played)
        if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
            return True
        await (answer_dialog if game == "baohuang" else answer_doudizhu)(pilot, app)
        return False

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, my_turn, "my turn to play")
        await pilot.press("h")  # a hint selected: the status line names the set
        await wait_for(pilot, lambda: table(app).last_hint is not None, "the hint")
        shown = screen_characters(app)
        assert "Ana" in shown and "next" in shown and "prev" in shown
        assert {c for c in shown if not c.isascii()} == set(), shown
        await pilot.press("t")  # 托管 plays the round out; its result comes up over the table
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        await pilot.pause()
        shown = screen_characters(app)
        assert {c for c in shown if not c.isascii()} == set(), shown


def not_ascii(app) -> set[str]:
    return {c for c in screen_characters(app) if not c.isascii()}


async def test_the_ascii_demo_draws_nothing_but_ascii_in_any_chapter():
    """Under the ascii style the rules demo kept its · and ↑↓, the Chinese terms of its English
    chapters (小王, 接风, 地主, 潍坊), its answer box's and scrollbars' block glyphs, the
    commented round's » and —, and a toast its block edge. At 80x24 every chapter (a toast
    over the first), the try-it with its answer box and a wrong answer's verdict, and each
    commented round are ASCII, every character of them."""
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.demo import DemoScreen, DemoSession
    from bhtui.tui.replay import ReplayScreen

    from tui_helpers import wait_for

    app = BhtuiApp(Config(name="Ana", language="en", card_style="ascii"), DemoSession())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DemoScreen), "the demo")
        demo = app.screen
        app.notify("Li left the table", severity="warning")  # a toast's edge, too
        await wait_for(pilot, lambda: "Li left the table" in screen_characters(app), "the toast")
        chapters, rounds = 0, 0
        while True:
            await pilot.pause()
            assert not_ascii(app) == set(), (demo.chapter, screen_characters(app))
            if demo.chapter == 1:  # the try-it: a wrong answer's verdict under the box
                await pilot.press("9", "space", "9", "enter")
                await wait_for(pilot, lambda: "X" in screen_characters(app), "the verdict")
                assert not_ascii(app) == set(), screen_characters(app)
                await pilot.press("escape")
            await pilot.press("enter")  # a commented round, where the chapter has one
            await pilot.pause()
            if isinstance(app.screen, ReplayScreen):
                replay = app.screen
                await pilot.press("right", "right", "right")
                await wait_for(pilot, lambda: replay.position == 3, "three steps on")
                await pilot.pause()
                assert ">>" in screen_characters(app)  # its remarks are drawn
                assert not_ascii(app) == set(), (demo.chapter, screen_characters(app))
                rounds += 1
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is demo, "back at the demo")
            chapters += 1
            before = demo.chapter
            await pilot.press("pagedown")
            if demo.chapter == before:
                break
        assert chapters >= 11 and rounds >= 3


async def test_the_ascii_settings_screen_draws_nothing_but_ascii():
    """The rule-set screen drew (•), · between a game and its preset, and its option list's
    block border. Under the ascii style, at 80x24, it does not."""
    from bhtui.store.config import Config
    from bhtui.tui.app import BhtuiApp
    from bhtui.tui.sessions import LocalSession
    from bhtui.tui.settings import SettingsScreen

    from tui_helpers import wait_for

    config = Config(name="Ana", language="en", bot_delay=0.0, card_style="ascii")
    app = BhtuiApp(config, LocalSession(ask_rules=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")
        await pilot.pause()
        shown = screen_characters(app)
        assert "(*) Baohuang - Qingdao" in shown
        assert not_ascii(app) == set(), shown
