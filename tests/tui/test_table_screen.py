"""The table as a regular of the Baohuang apps expects it (issue 11), through Pilot: suit
colours in every theme, a visible cursor, the hand by rank units, the keys a viewer really
has, the countdown, the hint's pass, the marked guard card, the counter, 上家/下家, the
footer and the dialogs at 80×24, settings that stick."""

from __future__ import annotations

import gc
import re
import tomllib

import pytest
from rich.cells import cell_len
from rich.console import Console

from bhtui.rules import PRESETS
from bhtui.store.config import Config, config_path
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import (
    CallDialog,
    DeclareDialog,
    GrabDialog,
    RoundResultScreen,
    StepDialog,
    ThroneDialog,
)
from bhtui.tui.dialogs import (
    HelpScreen,
    MatchEndScreen,
    PreviousTrickScreen,
    QuitScreen,
    ResultScreen,
)
from bhtui.tui.games import table_screen
from bhtui.tui.i18n import Translator
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen
from bhtui.tui.widgets import Footer, HandView, Plain, hand_units

from helpers import deal_of
from tui_helpers import (
    SHORT_DEAL,
    answer_dialog,
    drive,
    footer_text,
    handled_so_far,
    make_app,
    my_play_turn,
    my_turn_to_play,
    record_pushes,
    strips,
    table,
    tuoguan_to_the_match_end,
    until_hang,
    wait_for,
)

THEMES = ["felt", "dark", "light", "contrast"]


def glyph_styles(hand: HandView) -> dict[str, list]:
    """Each suit glyph drawn in the hand, with the styles it was drawn in."""
    out: dict[str, list] = {}
    for strip in strips(hand):
        for segment in strip:
            for char in segment.text:
                if char in "♠♥♣♦♤♡♧♢":
                    out.setdefault(char, []).append(segment.style)
    return out


@pytest.mark.parametrize("four", [False, True])
async def test_suits_have_their_theme_colours_in_the_hand_and_the_seat_boxes(four):
    """Defect 2: hearts and diamonds were drawn grey like clubs and spades. In each theme,
    switched to live with ctrl+t as a player does, the hand and a set played into a seat box
    are drawn in that theme's suit colours (the box redrawn at once, not at the next move)."""
    app = make_app(theme=THEMES[0], four_colour=four)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        # A set played by me shows in my seat box (until I act again) in the hand's colours.
        await pilot.press("h")
        await wait_for(pilot, lambda: table(app).last_hint is not None)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.client.recall.get("last", [None])[0] is not None)
        played = app.client.recall["last"][0]["move"]
        await pilot.press("left")  # the cursor away from the first cards we look at
        suits = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
        wanted = {"♥": "card-red", "♦": "card-blue" if four else "card-red",
                  "♣": "card-green" if four else "card-black", "♠": "card-black"}
        for theme in THEMES:
            while app.theme != theme:
                await pilot.press("ctrl+t")
            colours = app.theme_variables
            styles = glyph_styles(table(app).query_one(HandView))
            for glyph, variable in wanted.items():
                drawn = {s.color.triplet.hex for s in styles.get(glyph, []) if s.color and not s.underline}
                if glyph in styles:
                    assert colours[variable].lower() in drawn, (theme, glyph, variable, drawn)
            box = table(app).query_one("#bottom")
            drawn = {char: seg.style.color.triplet.hex for strip in strips(box) for seg in strip
                     for char in seg.text if char in "♠♥♣♦" and seg.style and seg.style.color}
            for card in played:
                if card not in ("SJ", "BJ"):
                    variable = app.card_style.colour_variable(card)
                    assert drawn[suits[card[-1]]] == colours[variable].lower(), (theme, card, drawn)


async def test_the_cursor_is_the_one_card_drawn_apart_and_no_card_is_underlined_otherwise():
    """Defect 3: every card was underlined (a click link), so the cursor was invisible."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        hand = table(app).query_one(HandView)
        for _ in range(3):
            await pilot.press("right")
            marked = [(char, seg.style) for strip in strips(hand) for seg in strip
                      for char in seg.text if seg.style and seg.style.underline and char.strip()]
            assert len(marked) == 1
            index = hand.cursor_card()
            assert marked[0][0] == app.card_style.glyph(hand.cards[index], hand.cards[index] == hand.called)
            assert marked[0][1].bgcolor is not None  # on the accent background too


async def test_the_hand_shows_each_rank_once_as_a_unit_never_split_across_lines():
    """Defect 4: ``5♠ 5♥ 5♥ 5♣×4`` read as four 5♣, and groups broke across lines; at each
    width (the terminal resized as a player does) the units wrap whole."""
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        await my_play_turn(pilot, app)
        hand = table(app).query_one(HandView)
        for width in (80, 100, 120):
            await pilot.resize_terminal(width, 30)
            await wait_for(pilot, lambda: hand.outer_size.width == width, f"the hand {width} wide")
            lines = [strip.text for strip in strips(hand)]
            units = hand_units(hand.cards, hand.sort, hand.called)
            heads = " ".join(lines[0::2])
            for rank, indices in units:
                assert heads.split().count(f"{rank}×{len(indices)}") == 1, (width, rank, lines)
            for row in range(0, len(lines) - 1, 2):  # every head sits over exactly its suits
                for token in lines[row].split():
                    rank, count = token.split("×")
                    x = lines[row].index(token)
                    under = lines[row + 1][x:x + int(count)]
                    assert len(under.strip()) == int(count) and " " not in under, (width, token, lines)
        await pilot.press("o")  # by group size: 2s and jokers stay at the high end
        order = [rank for rank, _ in hand_units(hand.cards, "size", hand.called)]
        tail = [r for r in order if r in ("2", "SJ", "BJ")]
        assert order[len(order) - len(tail):] == tail
        sizes = [len(i) for r, i in hand_units(hand.cards, "size", hand.called) if r not in tail]
        assert sizes == sorted(sizes)


def test_the_help_and_the_readme_explain_the_hand_notation():
    from pathlib import Path

    from bhtui.tui.i18n import Translator

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "8×5" in Translator("en")("help.body") and "8×5" in Translator("zh")("help.body")
    assert "8×5" in readme and "♤" in readme


async def test_tuoguan_says_t_takes_over_and_the_quit_prompt_says_the_game_is_saved():
    """Defects 5 and 14."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        app.host.bot_delay = 30.0  # the table holds still while we read the screen
        await pilot.press("t")
        await wait_for(pilot, lambda: app.client.table[0]["auto"])
        status = str(table(app).query_one("#status").render())
        assert "t to take over" in status and "a to" not in status
        await pilot.press("ctrl+q")
        text = " ".join(str(w.render()) for w in app.screen.query("Plain"))
        assert isinstance(app.screen, QuitScreen) and "not saved" not in text and "saved" in text


async def to_the_declaration_prompt(pilot, app) -> None:
    """Baike, seed 3: yield the card (让庄) when it comes to me, until a bot is offered it and
    I am asked whether to grab (抢庄, R-EMP-B5)."""
    async def step() -> bool:
        if isinstance(app.screen, DeclareDialog):
            return True
        if app.client and app.client.my_turn and isinstance(app.screen, CallDialog):
            await pilot.press("n")
        return False
    await drive(pilot, step, "the declaration prompt")


async def test_a_declaration_gets_a_prompt_and_the_table_waits_for_the_answer(monkeypatch):
    """Defect 6 (R-EMP-B5): while a bot is offered the card, 抢庄 is asked, and the bots
    do not move on until the person answers; the answered prompt does not open again (it
    came back for a moment, until the host's next view)."""
    pushed = record_pushes(monkeypatch)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=PRESETS["baike"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_declaration_prompt(pilot, app)
        assert isinstance(app.screen, DeclareDialog) and "grab" in app.screen.kinds
        actions = len(app.host.match.actions)
        for _ in range(20):
            await pilot.pause()
        assert len(app.host.match.actions) == actions and isinstance(app.screen, DeclareDialog)
        await pilot.press("n")
        await wait_for(pilot, lambda: len(app.host.match.actions) > actions)
        await pilot.pause()
    assert pushed.count("DeclareDialog") == 1, pushed


async def test_R_AUTO_1_t_in_the_declaration_prompt_hands_it_to_tuoguan():
    """The out-of-turn prompt (抢庄 while a bot is offered the card, R-EMP-B5) offers t like
    every decision dialog: 托管 goes on, the bots stop waiting for this seat and go on."""
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=0.0),
                   LocalSession(rules=PRESETS["baike"], seed=3, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_declaration_prompt(pilot, app)
        await wait_for(pilot, lambda: "托管" in footer_text(table(app)), "托管 in the footer")
        actions = len(app.host.match.actions)
        app.host.bot_delay = 0.05  # the next moves, not the whole round (see the helper's)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.client.table[0]["auto"])
        await wait_for(pilot, lambda: len(app.host.match.actions) > actions)
        assert not isinstance(app.screen, DeclareDialog)


async def test_totals_stay_visible_in_the_score_pane_after_many_rounds():
    """Defect 11: from round 7 on the Σ row fell off the pane."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        history = [{"round": n, "scores": [2, -2, 0, 4, -4]} for n in range(1, 10)]
        from bhtui.tui.widgets import score_table

        scores = table(app).query_one("#scores")
        scores.update(score_table(history, [18, -18, 0, 36, -36], app.client.table, app.t))
        await pilot.pause()
        drawn = [strip.text for strip in strips(scores)]
        assert drawn[0].split()[-2:] == ["9", "Σ"]  # the latest round, then the totals
        assert [line.split()[-1] for line in drawn[1:6]] == ["+18", "-18", "+0", "+36", "-36"]


async def test_words_fit_at_80x24_the_bundle_in_card_notation_and_one_card_singular():
    """Defect 12: ``Bundle: BJ 2S``, "1 cards", a cut "you are the", the footer
    overflowing, a toast over the dialog's buttons."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        dialog = app.screen
        dialog.view = dict(dialog.view, bundle=["BJ", "2S"])
        await dialog.recompose()
        text = " ".join(str(w.render()) for w in dialog.query("Plain"))
        assert "2♠" in text and "2S" not in text
        for n in range(2):  # two long startup warnings, as a broken settings file gives
            app.notify(f"/home/ana/.config/bhtui/config.toml: setting {n} = 'fancy' is not "
                       "one of the values it takes; using the default", timeout=30)
        await wait_for(pilot, lambda: len(app.screen.query("Toast")) == 2)
        toasts = [t.region for t in app.screen.query("Toast")]
        buttons = [b.region for b in dialog.query("Button")]
        assert toasts and not any(t.overlaps(b) for t in toasts for b in buttons)
        await pilot.press("y")
        await my_play_turn(pilot, app)
        footer = table(app).query_one(Footer)
        assert footer.virtual_size.width <= footer.size.width  # nothing scrolls off
    from bhtui.tui.i18n import Translator

    for language in ("en", "zh"):
        t = Translator(language)
        assert t("cards_left_one") != t("cards_left", n=1) or language == "zh"
        assert cell_len(t("you.guard")) <= 14


def test_no_setting_warning_says_using_nothing(tmp_path):
    from bhtui.store.config import load_config

    path = tmp_path / "config.toml"
    path.write_text('card_style = "fancy"\nbot_delay = "x"\n')
    _, warnings = load_config(path)
    assert warnings and all("using ''" not in w for w in warnings)


def test_help_lines_fit_the_help_box_at_80_columns_and_hand_wrapped_text_is_joined():
    from bhtui.tui.demo_text import CHAPTERS
    from bhtui.tui.i18n import Translator
    from bhtui.tui.prose import reflow, wrap

    for language in ("en", "zh"):  # (a key line longer than the box wraps under its words)
        for line in wrap(Translator(language)("help.body"), 72):
            assert cell_len(line) <= 72, line
        body = reflow(CHAPTERS[2]["body"][language])
        assert not any(line.endswith(("his", "a joker")) for line in body.split("\n"))


async def test_a_watcher_is_offered_no_hand_keys_and_a_joiner_no_host_keys():
    """Defect 13: keys that did nothing were offered."""
    from bhtui.net.local import join
    from bhtui.tui.room import WaitingRoomScreen

    from net_helpers import all_bots_but

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None)
        watcher, _ = join(app.host, "W", role="spectator", admin=False, seat=None)
        from net_helpers import in_background

        in_background(watcher.run())
        await wait_for(pilot, lambda: watcher.view is not None)
        screen = table_screen(watcher, app.t, app.card_style)
        await app.push_screen(screen)
        await pilot.pause()
        shown = {b.binding.action.split("(")[0] for b in screen.active_bindings.values()
                 if b.enabled and b.binding.show}
        assert not shown & {"play", "pass_turn", "hint", "auto"}
        app.pop_screen()
        room_table = all_bots_but(set())
        room_table.match = None
        joiner, _ = join(room_table, "J", admin=False, seat=None)
        in_background(joiner.run())
        room = WaitingRoomScreen(joiner, app.t, admin=False)
        await app.push_screen(room)
        await wait_for(pilot, lambda: joiner.seat is not None or joiner.refused is not None)
        await pilot.pause()
        offered = {b.binding.action.split("(")[0] for b in room.active_bindings.values()
                   if b.enabled and b.binding.show}
        assert not offered & {"admin", "remove", "move", "options"}


@pytest.mark.parametrize("language, said", [
    ("en", ["You are watching: h is a player's key", "You are watching: ⏎ is a player's key"]),
    ("zh", ["你在观战：h 是玩家的按键", "你在观战：⏎ 是玩家的按键"])])
async def test_a_watcher_pressing_a_players_key_is_told_he_is_watching(language, said):
    """A watcher's h said "h does nothing here: ? lists the keys", and his Enter nothing at
    all: keys that play are a seat's, and the status line says he is watching."""
    from bhtui.net.local import join

    from net_helpers import in_background

    app = make_app(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None)
        app.host.bot_delay = 3600.0  # the table waits while the watcher presses his keys
        watcher, _ = join(app.host, "W", role="spectator", admin=False, seat=None)
        in_background(watcher.run())
        await wait_for(pilot, lambda: watcher.view is not None)
        screen = table_screen(watcher, app.t, app.card_style)
        await app.push_screen(screen)
        status = screen.query_one("#status")
        for key, words in zip(("h", "enter"), said, strict=True):
            await pilot.press(key)
            await handled_so_far(pilot, screen)
            assert str(status.render()) == words
        await pilot.press("w")  # a key nobody has still says so
        await handled_so_far(pilot, screen)
        assert str(status.render()) == app.t("status.no_key", press="w")


async def hints_until_a_set_i(pilot, app, can_beat: bool) -> None:
    """Play my turns as the hint says until another's set is on the table that my hand can
    beat (``can_beat``) or cannot."""
    from bhtui.bots.legal import legal_from_view

    for _ in until_hang("a set of another I " + ("could" if can_beat else "could not") + " beat"):
        await pilot.pause()
        if isinstance(app.screen, ResultScreen):
            await pilot.press("enter")
            continue
        if not isinstance(app.screen, type(table(app))):
            await my_play_turn(pilot, app)
            continue
        view = app.client.view
        if not (app.client.my_turn and view["phase"] == "play"):
            continue
        if view.get("top") and any(a["type"] == "play"
                                   for a in legal_from_view(view)) == can_beat:
            return
        t = table(app)
        t.last_hint = None
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None)
        await pilot.press("enter" if t.last_hint["type"] == "play" else "p")


async def test_the_hint_says_so_when_nothing_beats_the_table(first_deal):
    """Defect 15: the hint was silent when the answer was to pass. A short first deal: Ana
    takes the throne with two 3S beside her 7H and is soon left with nothing that beats the
    table (R-TRICK-2)."""
    first_deal(deal_of("7H 7H 7H 3S 3S", "7H 9S 9S", "8C 8C 4D", "5D 6D", "KC 2C"))
    app = make_app(auto_pass=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hints_until_a_set_i(pilot, app, can_beat=False)
        t = table(app)
        t.last_hint = None
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None)
        status = str(t.query_one("#status").render())
        assert status.startswith("Nothing beats") and "pass (p or ⏎)" in status


async def test_the_turn_timer_counts_down_on_screen_and_says_when_tuoguan_took_over():
    """Defect 16 (R-AUTO-1)."""
    app = make_app(timer=60.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        await wait_for(pilot, lambda: "s left" in str(t.query_one("#status").render()))
        assert re.search(r"\b\d+ s\b", str(t.query_one("#bottom").render()))  # on my seat too
        app.host.timer = 0.01  # the next turn's timer runs out at once
        app.host.bot_delay = 0.05  # and the bots go on at a pace the screen idles at: only
        # 托管 taking over is looked at, not the rest of the round
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None)
        await pilot.press("enter" if t.last_hint["type"] == "play" else "p")
        await wait_for(pilot, lambda: app.client.table[0]["auto"])
        await wait_for(pilot, lambda: any("time ran out" in line for line in t.log_lines))


async def test_the_marked_guard_card_shows_as_a_dagger_in_its_holder_s_hand():
    """Defect 17 (R-GUARD-4): the marked SJ looked like any SJ."""
    from bhtui.rules import Match

    rules = PRESETS["lianzhong-simple"]
    seed = next(s for s in range(100) if Match(rules, s).round.guard_card == 0)
    app = BhtuiApp(Config(name="Ana", language="en", bot_delay=30.0), LocalSession(rules=rules, seed=seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None)
        await pilot.pause()
        hand = table(app).query_one(HandView)
        assert "†" in "".join(strip.text for strip in strips(hand))


async def test_neighbours_are_labelled_and_both_directions_are_drawn():
    """Issue 10 / R-SEAT-1: play goes to 下家, the emperor card to 上家."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        t = table(app)
        assert "下家" in str(t.query_one("#right-bottom").render())
        assert "上家" in str(t.query_one("#left-bottom").render())
        center = str(t.query_one("#center").render())
        assert "↺" in center and "下家" in center and "↻" in center and "上家" in center


@pytest.mark.parametrize("preset, language", [("qingdao", "en"), ("weihai", "zh")])
async def test_the_emperor_cards_direction_is_drawn_only_while_the_card_may_still_go(
        preset, language):
    """The centre's "↻ card→上家" (Weihai's "↺ card→下下家") says where a passed emperor card
    goes: drawn while it is offered (or, in Weihai, may yet be abdicated), gone once the
    throne is taken — it stayed as the new emperor called his guard; "↺ play→下家" stays."""
    t = Translator(language)
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS[preset], seed=3, rounds=1))
    play, card = t("direction.play"), t("direction.throne.after_next" if preset == "weihai"
                                        else "direction.throne")
    async with app.run_test(size=(80, 24)) as pilot:
        first = GrabDialog if preset == "weihai" else ThroneDialog
        await wait_for(pilot, lambda: isinstance(app.screen, first), "the throne's question")
        center = table(app).query_one("#center")
        assert card in str(center.render()) and play in str(center.render())
        seen: list[str] = []  # the centre as each later decision and my first turn show it

        async def step() -> bool:
            if isinstance(app.screen, (CallDialog, StepDialog)) or my_turn_to_play(app):
                seen.append(str(center.render()))
            if isinstance(app.screen, (StepDialog, DeclareDialog)):
                await pilot.press("n")  # no 明保, 造反 or 踢
                return False
            return not await answer_dialog(pilot, app) and my_turn_to_play(app)
        await drive(pilot, step, "my first turn to play")
        assert seen and all(play in shown for shown in seen)
        assert not [shown for shown in seen if card in shown]  # the throne is settled


async def play_by_hints(pilot, app, until) -> None:
    """Play my turns as the hint says (others are bots) until ``until()`` holds."""
    for _ in until_hang("the screen to get there"):
        if until():
            return
        await pilot.pause()
        t = table(app)
        if app.screen is not t:
            await my_play_turn(pilot, app)
        elif app.client.my_turn and app.client.view["phase"] == "play":
            t.last_hint = None
            await pilot.press("h")
            await wait_for(pilot, lambda: t.last_hint is not None)
            await pilot.press("enter" if t.last_hint["type"] == "play" else "p")
    raise AssertionError("never got there")


async def test_counter_last_sets_previous_trick_and_log_scrolling():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)
        assert "still out: BJ×" in str(t.query_one("#table").border_subtitle)
        await play_by_hints(pilot, app, lambda: bool(app.client.recall.get("previous")))
        await wait_for(pilot, lambda: app.screen is t)
        await pilot.press("l")
        assert isinstance(app.screen, PreviousTrickScreen) and app.screen.moves
        await pilot.press("escape")
        kept = [entry for entry in app.client.recall["last"] if entry and entry["old"]]
        assert kept  # a set from the finished trick is still on its seat's box
        log = t.query_one("#log")
        bottom = log.scroll_y
        assert log.max_scroll_y > 0 and bottom == log.max_scroll_y  # more than the pane shows
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < bottom


async def test_the_round_result_keeps_two_alike_long_names_apart(first_deal):
    """Two names that one cut would make alike ("Wang Xiaoming 1", "… 2") keep their ends in
    the result's rows and held hands, as in the scores pane (apart), so no seat looks like
    another."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        names, end = await tuoguan_to_the_match_end(pilot, app)
        names = ["Wang Xiaoming Long 1", "Wang Xiaoming Long 2", *names[2:]]
        result = RoundResultScreen(app.t, end, names, end["scores"], [], False)
        await app.push_screen(result)
        console = Console(width=80)
        with console.capture() as seen:
            for plain in result.query("Plain"):
                console.print(plain.content)
        shown = seen.get()
        assert "ng 1" in shown and "ng 2" in shown, shown


async def test_the_round_results_tribute_line_breaks_only_between_transfers(first_deal):
    """At 80 columns the result read "Tribute next round: …, Liu →" / "Player SJ": Rich
    breaks a line at any space. Each transfer now reads whole, from the first frame drawn."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        _, end = await tuoguan_to_the_match_end(pilot, app)
        names = ["Player", "Wang Xiaoming", "Zhang", "Liu", "Chen"]
        tribute = [{"from": 1, "to": 4, "card": "BJ"}, {"from": 2, "to": 0, "card": "BJ"},
                   {"from": 3, "to": 0, "card": "SJ"}, {"from": 1, "to": 4, "card": "2H"}]
        result = RoundResultScreen(app.t, end, names, end["scores"], tribute, False)
        await app.push_screen(result)
        shown = [strip.text for plain in result.query("Plain") for strip in strips(plain)]
        said = ["Wang Xiaoming → Chen BJ", "Zhang → Player BJ", "Liu → Player SJ",
                "Wang Xiaoming → Chen 2H"]
        assert any(line.startswith("Tribute next round: Wang") for line in shown), shown
        assert all(any(transfer in line for line in shown) for transfer in said), shown


async def test_a_round_result_shows_the_hands_still_held_and_the_match_ends_with_play_again(
        first_deal):
    """Issue 11: every hand shown at the end of a round; at the end of the match the standings,
    再来一局, and a footer that offers only what is left to do (defect 13). A one-round match
    of a short deal (R-AUTO-1 plays it): its end is the match's end."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        names, end = await tuoguan_to_the_match_end(pilot, app)
        result = RoundResultScreen(app.t, end, names, end["scores"], [], False)
        await app.push_screen(result)
        await pilot.pause()
        held = [" ".join(strip.text for strip in strips(w)) for w in result.query(".held")]
        left = [names[s] for s, hand in enumerate(end["hands"]) if hand]
        assert left and len(held) == len(left)  # the last seat always ends with cards
        assert all(name in line and "×" in line for name, line in zip(left, held, strict=True))
        result.dismiss(None)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.press("escape")  # back to the table: only what can still be done is offered
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await wait_for(pilot, lambda: "Standings" in footer_text(app.screen), "Standings")
        footer = footer_text(app.screen)
        assert not any(word in footer for word in ("Play", "Pass", "Hint", "托管")), footer
        await pilot.press("enter")  # the standings again
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        seed = app.host.seed
        await pilot.press("enter")  # 再来一局
        await wait_for(pilot, lambda: app.host.seed == seed + 1)
        assert [s.name for s in app.host.seats] == names
        assert any("再来一局" in line for line in table(app).log_lines)


async def test_the_status_line_says_what_enter_does_with_the_standings_up_and_without(
        first_deal):
    """At the match's end the status line said "Enter: standings" while the standings were
    up, and Enter there plays again: it says so only at the table, where Enter opens them."""
    first_deal(deal_of(*SHORT_DEAL))
    app = make_app(result_seconds=0.2, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await tuoguan_to_the_match_end(pilot, app)
        screen = table(app)
        assert screen.status == "Match over · Esc: back to the table · ctrl+q quits."
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert screen.status == "Match over. Enter: standings and 再来一局 · ctrl+q quits."
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        assert "Enter" not in screen.status


async def test_settings_stick_f2_and_ctrl_t_write_the_settings_file_and_the_bell_rings():
    app = make_app()
    rings = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
        await my_play_turn(pilot, app)
        assert rings  # a decision and my turn both rang
        await pilot.press("ctrl+t")
        assert tomllib.loads(config_path().read_text())["theme"] == app.theme
        await pilot.press("f2")
        await pilot.pause()
        options = app.screen.query_one("OptionList")
        keys = [o.id for o in options._options]
        options.highlighted = keys.index("bell")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        saved = tomllib.loads(config_path().read_text())
        assert saved["bell"] is False and app.config.bell is False
        assert (config_path().stat().st_mode & 0o777) == 0o600


async def test_f2_says_tab_reaches_the_name_and_a_name_typed_there_is_saved():
    """F2 opens on the list of settings (arrows change them); its key line says Tab goes to
    the name, and there a typed name replaces the old one (the field selects it on focus)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#prefs-name"), "F2")
        shown = " ".join(s.text for p in app.screen.query(Plain) for s in strips(p))
        assert "Tab name" in shown
        await pilot.press("tab", *"Wen", "ctrl+s")
        await wait_for(pilot, config_path().exists, "the settings file")
        assert tomllib.loads(config_path().read_text())["name"] == "Wen"


async def test_R_AUTO_1_alone_with_bots_the_turn_timer_waits_while_help_or_f2_is_open():
    """A newcomer reading the help on his turn lost the turn to 托管 when the timer ran out.
    While the help, F2 or the score sheet is open the host's timer for his turn waits (no
    countdown runs), and runs on from where it was once it is closed, never put on 托管."""
    app = make_app(timer=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        scheduler = app.host.scheduler
        await wait_for(pilot, lambda: scheduler.running() == "turn", "my turn timed")
        await wait_for(pilot, lambda: scheduler.time_left() < 29.9, "a moment of the turn gone")
        for opens, closes in (("f1", "escape"), ("f2", "escape"), ("v", "escape")):
            await pilot.press(opens)
            await wait_for(pilot, lambda: scheduler.running() is None, f"held by {opens}")
            await pilot.press(closes)
            await wait_for(pilot, lambda: scheduler.running() == "turn", f"on after {opens}")
            assert scheduler.time_left() < 29.9 and not app.host.seats[0].auto  # not anew


async def test_R_AUTO_1_t_on_a_result_under_tuoguan_gives_the_seat_back_and_the_result_stays():
    """With the bots at full speed a round's result is up most of the time under 托管, and
    t did nothing there: the status said "t to take over" while deal after deal went by.
    The result names t (托管 off) and t there takes the seat back. The result then stays
    till Enter: its countdown was 托管's, and closing it at once skipped to the next
    round's dialog before the result was read."""
    from bhtui.tui.dialogs import ResultScreen

    app = make_app(result_seconds=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "a round's result")
        result = app.screen
        await wait_for(pilot, lambda: "托管 off" in footer_text(result), "t named")
        assert app.host.seats[0].auto
        await pilot.press("t")
        await wait_for(pilot, lambda: not app.host.seats[0].auto, "the seat given back")
        await wait_for(pilot, lambda: "托管 off" not in footer_text(result), "t no longer named")
        assert app.screen is result and "Enter" in str(result.continue_line.render())
        assert result._left is None  # no countdown: it waits for me
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is not result, "closed by Enter")


async def test_sorting_chosen_in_f2_reorders_the_hand_on_the_table():
    """The table hears the saved settings (a message to each open screen): the hand behind
    the dialog shows its units by group size as soon as ctrl+s closes it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        hand = app.screen.query_one(HandView)
        by_size = [rank for rank, _ in hand_units(hand.cards, "size", hand.called)]
        assert [rank for rank, _ in hand.units] != by_size  # the deal tells the two apart
        await pilot.press("f2")
        await pilot.pause()
        options = app.screen.query_one("OptionList")
        options.highlighted = [o.id for o in options._options].index("sort")
        await pilot.press("right", "ctrl+s")
        await wait_for(pilot, lambda: hand.sort == "size", "the hand sorted by size")
        assert [rank for rank, _ in hand.units] == by_size
        assert str(hand.render()).lstrip().startswith(by_size[0])
        assert tomllib.loads(config_path().read_text())["sort"] == "size"


async def test_the_footer_keeps_its_keys_when_views_change_nothing_it_offers(first_deal):
    """Defect 1's cause: every view rebuilt the footer, and each rebuild left its keys'
    watchers behind (memory and time growing with every move). A short round under 托管
    (R-AUTO-1) still brings a few dozen views: a footer's keys each would be hundreds."""
    from textual.widgets._footer import FooterKey

    first_deal(deal_of(*SHORT_DEAL))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        await pilot.press("t")
        gc.collect()
        before = sum(isinstance(o, FooterKey) for o in gc.get_objects())
        await wait_for(pilot, lambda: len(app.host.match.records) >= 1)
        gc.collect()
        alive = sum(isinstance(o, FooterKey) for o in gc.get_objects())
        assert alive - before < 30  # a footer's worth at most, not keys for every move


async def test_play_pass_and_hint_are_dimmed_in_the_footer_while_others_play():
    """Defect 13 (no key that does nothing): on my turn the footer offers Play, Pass and Hint
    lit (Pass dimmed while I lead); once I have played and the others are to act they stay
    in place, dimmed."""
    from textual.widgets._footer import FooterKey

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_play_turn(pilot, app)
        t = table(app)

        def dimmed() -> dict[str, bool]:
            return {key.action: key.has_class("-disabled") for key in t.query(FooterKey)
                    if key.action in ("play", "pass_turn", "hint")}

        leading = not app.client.view["top"]  # the leader must play: Pass dims (R-TRICK-1)
        await wait_for(pilot, lambda: dimmed() == {"play": False, "pass_turn": leading,
                                                    "hint": False},
                       "Play and Hint lit on my turn, and Pass unless I lead")
        app.host.bot_delay = 60.0  # the next seat takes its time: the turn stays away from me
        await pilot.press("h")
        await wait_for(pilot, lambda: t.last_hint is not None)
        await pilot.press("enter" if t.last_hint["type"] == "play" else "p")
        await wait_for(pilot, lambda: not app.client.my_turn, "the turn gone to the next seat")
        await wait_for(pilot, lambda: dimmed() == dict.fromkeys(("play", "pass_turn", "hint"), True),
                       "Play, Pass and Hint dimmed while others play")


async def test_dialogs_opened_and_closed_all_evening_leave_no_rendered_lines_behind():
    """Each closed dialog's widgets kept their style caches, every line they had rendered, in
    Textual's colour cache (Textualize/textual#6665): a long 托管 evening of results, dialogs
    and footer keys held a thousand of them. Nothing but live widgets holds one now."""
    from textual._styles_cache import StylesCache
    from textual.widget import Widget

    def orphaned() -> int:
        gc.collect()
        held = {id(o._styles_cache) for o in gc.get_objects() if isinstance(o, Widget)}
        return sum(isinstance(o, StylesCache) and id(o) not in held for o in gc.get_objects())

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog))
        # Textual's own cache, where it is back: emptied, as a new app finds it (full from
        # earlier tests, it let one entry go for every one the evening added)
        getattr(StylesCache.get_inner_outer, "cache_clear", lambda: None)()
        before = orphaned()
        for _ in range(4):  # with the leak back, four leave 27 behind (each dialog 9)
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and
                           app.screen.is_mounted, "help")
            await pilot.pause()  # drawn
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ThroneDialog), "the dialog back")
        assert orphaned() - before < 7  # not even one help dialog's widgets


async def test_equal_totals_share_a_place_in_the_standings():
    """Three players on +6 are all first, and the next is fourth (not 1, 2, 3, 4)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.client is not None and app.client.view is not None)
        view = {**app.client.view, "totals": [6, -9, 6, 6, -9]}
        await app.push_screen(MatchEndScreen(app.t, view, ["Ana", "Bo", "Cy", "Di", "Ed"], False,
                                             app.client, str))
        await pilot.pause()
        standings = [strip.text for strip in strips(app.screen.query(Plain)[1])][1:]
        assert [line.split()[:2] for line in standings if line.strip()] == [
            ["1", "Ana"], ["1", "Cy"], ["1", "Di"], ["4", "Bo"], ["4", "Ed"]]


async def test_the_chinese_hint_to_hold_says_pass_on_the_set_not_refuse_it():
    """A hint to pass on a set the hand could beat, keeping the cards: in Chinese it read
    `提示：A A A 不要，留着牌` — "don't play A A A" — where the English says "pass on A A A and
    keep your cards". It says not to beat that set, and to pass (不要) keeping the cards."""
    from bhtui.tui.messages import HintArrived

    app = make_app("zh", auto_pass=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hints_until_a_set_i(pilot, app, can_beat=True)
        t = table(app)
        top = t.parts.top_words(app.client.view, t.t)
        t.post_message(HintArrived({"type": "pass"}))  # the host's hint: hold, pass on it
        await wait_for(pilot, lambda: "提示" in str(t.query_one("#status").render()), "the hint")
        status = str(t.query_one("#status").render())
        assert f"先不压 {top}" in status and "“不要”" in status and "（p 或 ⏎）" in status, status
        assert f"{top} 不要" not in status


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_toast_over_the_table_leaves_the_scores_title_whole(size):
    """"Settings saved" read over the scores pane's title (`Scores ·▌ Settings saved ─╮`):
    toasts sat on the top row. Over a table they sit on the log's top border, at its right,
    where its title is not."""
    from tui_helpers import TerminalCopy

    app = make_app()
    terminal = TerminalCopy(app, *size)
    said = app.t("prefs.saved")
    async with app.run_test(size=size, notifications=True) as pilot:
        await my_play_turn(pilot, app)  # no dialog over the table: the toast is the table's
        title = str(table(app).query_one("#scores").border_title)
        app.notify(said, timeout=30)
        await wait_for(pilot, lambda: any(said in line for line in terminal.lines()), "the toast")
        lines = terminal.lines()
        assert title in lines[0], lines[0]
        assert lines[10].startswith("╭─ Log") and said in lines[10], lines[10]
