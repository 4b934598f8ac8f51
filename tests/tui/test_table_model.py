"""The table model without Textual: whose turn it is, what may be pressed, the status line, the
footer's keys and which dialog is due, from a client's state holding real engine views. Plain
unit tests: no app, no loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bhtui.doudizhu import Match as DoudizhuMatch
from bhtui.doudizhu import get_preset
from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
from bhtui.tui.doudizhu.parts import DOUDIZHU_PARTS
from bhtui.tui.i18n import Translator
from bhtui.tui.tablemodel import DecisionFlow, TableModel

from helpers import pass_, play, rigged

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


@dataclass
class State:
    """What a client holds, as the model reads it (``TableState``)."""

    seat: int | None
    view: Any
    table: list[Any]
    asked: Any = None
    asked_until: float | None = None
    seq: int = 1
    recall: Any = field(default_factory=dict)
    deadline: Any = None
    events: list[tuple[int, Any]] = field(default_factory=list)
    away: list[tuple[int, int]] = field(default_factory=list)
    returned: tuple[int, int] | None = None

    @property
    def last_seq(self) -> int | None:
        return self.events[-1][0] if self.events else None

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.seat is not None and self.view["to_act"] == self.seat


def seats(n: int = 5, auto: int | None = None) -> list[dict[str, Any]]:
    return [{"name": NAMES[s], "kind": "human" if s == 0 else "bot", "auto": s == auto,
             "connected": True} for s in range(n)]


def model_of(match: Any, viewer: int | None, parts: Any = BAOHUANG_PARTS, auto: int | None = None,
             clock: float = 100.0) -> TableModel:
    view = match.view(viewer if viewer is not None else -1)
    state = State(viewer, view, seats(len(view["seats"]), auto))
    end = "round_end" if parts is BAOHUANG_PARTS else "result"
    return TableModel(state, parts, Translator("en"), end, clock=lambda: clock)


def throne_offered():
    """Seat 0 is offered the throne (three 7H to call); seat 1 holds the fourth."""
    return rigged("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)


def my_lead():
    m = throne_offered()
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    return m


def test_whose_turn_the_status_line_says_for_a_seat_and_for_a_watcher():
    m = my_lead()
    assert model_of(m, 0).status([]) == "Your lead: pick a set and press Enter"
    assert model_of(m, 2).status([]) == "Waiting for Ana…"
    assert model_of(m, None).status([]) == "Watching — Waiting for Ana…"


def test_what_waits_on_me_is_said_with_the_seconds_its_timer_has_left():
    """For the "too small" message, where the table and its countdown cannot be seen."""
    m = throne_offered()  # seat 0 is to act
    mine = model_of(my_lead(), 0, clock=100.0)
    assert mine.awaited() == "Your turn"  # a table without a timer
    mine.state.deadline = (0, 104.6, 8.0)
    assert mine.awaited() == "Your turn · 5 s left"
    offered = model_of(m, 0, clock=100.0)  # a decision, its dialog hidden until it is large
    offered.state.deadline = (0, 104.6, 8.0)
    assert offered.awaited() == "Your decision: enlarge the terminal to answer · 5 s left"
    asked = model_of(m, 1, clock=100.0)
    assert asked.awaited() == ""  # not my turn, nothing asked of me
    asked.state.asked, asked.state.asked_until = {"left": 3.0}, 103.0
    assert asked.awaited() == "Your chance to declare · 3 s left"
    assert model_of(m, None).awaited() == ""
    on_auto = model_of(m, 0, auto=0)  # a bot plays: said, with the key that stops it
    assert on_auto.awaited() == on_auto.status([]) == ("托管 on: the bot plays for you "
                                                      "(t to take over)")


def test_a_selection_is_judged_on_the_status_line_before_anything_is_sent():
    m = my_lead()
    assert model_of(m, 0).status(["7H", "7H", "7H"]) == "Selected: 7H 7H 7H"
    line = model_of(m, 0).status(["7H", "3S"])
    assert line.startswith("Selected: ") and "not a set" in line


def test_a_selection_of_another_size_says_the_count_in_the_singular_for_one():
    """Two cards picked on a single read "Selected: 9S 9S — 1 cards needed"."""
    m = rigged("7H 7H 7H 3S", "7H 9S 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0)
    m.apply(0, {"type": "accept"})
    m.apply(0, {"type": "call", "card": "7H"})
    play(m, 0, "3S")
    assert model_of(m, 1).status(["9S", "9S"]) == "Selected: 9S 9S — 1 card needed"


def test_a_lost_link_stands_over_everything_until_the_table_takes_us_back():
    model = model_of(my_lead(), 0)
    model.note = "a note"
    model.lost("reset by peer")
    assert model.status([]) == "Connection lost (reset by peer): reconnecting…"
    assert model.allows("play", ()) is None and model.allows("hint", ()) is None  # dimmed
    model.lost(None)
    assert model.status([]) == "a note"


def test_a_note_stays_five_seconds():
    now = [100.0]
    model = model_of(my_lead(), 0)
    model.clock = lambda: now[0]
    model.note = "no 9 in your hand"
    now[0] += 4.9
    assert model.status([]) == "no 9 in your hand" and not model.note_expired()
    now[0] += 0.2
    assert model.note_expired() and model.status([]).startswith("Your lead")


def test_play_and_pass_are_offered_on_my_turn_to_play_only_and_never_to_a_watcher():
    m = my_lead()
    play(m, 0, "3S")
    mine, other, watcher = model_of(m, 1), model_of(m, 2), model_of(m, None)
    assert mine.allows("play", ()) is True and mine.allows("pass_turn", ()) is True
    assert other.allows("play", ()) is None  # shown dimmed: it is not my turn
    assert watcher.allows("play", ()) is False and watcher.allows("pick", ("7",)) is False
    assert watcher.allows("auto", ()) is False and mine.allows("auto", ()) is True
    assert mine.allows("standings", ()) is False  # only once the match is over
    mine.small = True
    assert mine.allows("play", ()) is False  # nothing blind while the table cannot be shown
    assert mine.allows("auto", ()) is False  # 托管 is not put on blind either,
    mine.state.table = seats(auto=1)
    assert mine.allows("auto", ()) is True  # but taken off, as the message says it is


def test_R_TRICK_1_C_PLAY_1_pass_dims_while_i_lead():
    """The leader must play: p is shown dimmed, not offered, until there is a set to pass on
    (Dou Dizhu's leader too); pressed, it says so."""
    m = my_lead()
    leader = model_of(m, 0)
    assert leader.allows("play", ()) is True and leader.allows("pass_turn", ()) is None
    assert leader.allows("why", ("pass",)) is True  # p, dimmed, still says why
    assert model_of(m, None).allows("why", ("pass",)) is False  # a watcher is told nothing
    play(m, 0, "3S")
    assert model_of(m, 1).allows("pass_turn", ()) is True
    ddz = DoudizhuMatch(get_preset("classic"), seed=1)
    landlord = ddz.to_act
    ddz.apply(landlord, {"type": "bid", "points": 3})  # the landlord leads first
    lord = model_of(ddz, landlord, DOUDIZHU_PARTS)
    assert lord.allows("play", ()) is True and lord.allows("pass_turn", ()) is None


def test_under_a_result_the_status_says_the_table_waits_for_me_not_for_the_next_seat():
    """The next deal is dealt as the round ends, so under the result the status said
    "Waiting for Liu…" while the table waited for me to close it."""
    m = my_lead()
    mine, watcher = model_of(m, 2), model_of(m, None)
    assert mine.status([]) == "Waiting for Ana…"
    mine.flow.open("result")
    watcher.flow.open("result")
    assert mine.status([]) == "The table waits while you read the result — Enter goes on"
    assert watcher.status([]) == "Watching — Waiting for Ana…"  # it goes on without him
    mine.flow.close()
    assert mine.status([]) == "Waiting for Ana…"


def test_while_a_person_reads_the_result_the_others_are_told_so_not_the_next_seat():
    """A watcher, and a player who closed the result, read "Waiting for Liu…" (the next
    deal's first to act) while the table waited for another person to close it: the seats'
    ``ready`` say who. Bots and people away never keep the table, so they are not named."""
    m = my_lead()
    watcher, done = model_of(m, None), model_of(m, 2)
    for model in (watcher, done):
        model.state.table[0]["ready"] = False  # Ana, a person, still reads hers
        model.state.table[3].update(ready=False, connected=False)  # away: not waited for
    assert watcher.status([]) == "Watching — Waiting for Ana to read the result…"
    assert done.status([]) == "Waiting for Ana to read the result…"
    reader = model_of(m, 0)
    reader.state.table[0]["ready"] = False
    assert reader.status([]) == "Your lead: pick a set and press Enter"  # never for himself
    held = model_of(m, 2)  # my "read" on its way: the host's view names nobody to act yet
    held.state.view = {**held.state.view, "to_act": None}
    assert held.status([]) == "The table goes on once the result is read…"


def test_R_AUTO_1_on_托管_the_footer_keys_stay_and_play_dims():
    model = model_of(my_lead(), 0, auto=0)
    assert model.keys() == (False, "auto")
    assert model.allows("play", ()) is None
    assert model.status([]) == "托管 on: the bot plays for you (t to take over)"


def test_the_footer_is_rebuilt_only_when_the_keys_on_offer_change():
    m = my_lead()
    before = model_of(m, 1).keys()
    play(m, 0, "3S")  # Bo's turn now
    assert model_of(m, 1).keys() != before
    assert model_of(m, 2).keys() == model_of(m, 2).keys()


def test_R_EMP_Q5_a_declaration_key_is_offered_only_while_the_rules_allow_it():
    m = throne_offered()  # qingdao: nobody may grab while the throne is offered
    model = model_of(m, 2)
    assert model.allows("declare", ("grab",)) is False
    grab = rigged("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C", first=0, grab_solo=True)
    kinds = model_of(grab, 2).my_actions()
    assert model_of(grab, 2).allows("declare", ("grab",)) is ("grab" in kinds)


def test_R_EMP_Q5_a_decision_is_asked_once_and_again_when_refused():
    model = model_of(throne_offered(), 0)
    assert model.due(active=True) == "decision"
    model.flow.open("decision", model.decision_key())
    assert model.due(active=True) is None  # one dialog at a time
    assert model.status([]) == "Your decision (see the dialog)"
    model.flow.answer(model.state.seq)
    assert model.due(active=True) is None  # answered: the host's next view says what follows
    assert model.status([]) == "Answered — the table goes on…"
    assert model.refused("not now") is True  # refused: asked again
    assert model.due(active=True) == "decision" and model.status([]) == "Refused: not now"
    assert model.due(active=False) is None  # help or the quit prompt is on top


def test_the_decision_flow_forgets_an_answer_the_link_may_have_lost():
    flow = DecisionFlow()
    flow.open("decision", ("round", 1))
    flow.answer(7)
    assert not flow.may_ask(7, ("round", 1)) and flow.may_ask(8, ("round", 1))
    assert flow.forget() and flow.may_ask(7, ("round", 1))
    assert not flow.forget()  # nothing to forget twice


def test_a_round_result_comes_before_anything_else_and_waits_for_its_events():
    m = my_lead()
    model = model_of(m, 0)
    model.state.events = [(1, {"type": "deal"}), (2, {"type": "call"})]
    model.logged_seq = 1
    assert model.due(active=True) is None  # the events are still on their way to the log
    model.logged_seq = 2
    model.pending_results.append({"type": "round_end", "round": 1})
    assert model.due(active=True) == "result"
    assert model.due(active=True, results=False) == "decision"  # the result waits: my turn
    assert BAOHUANG_PARTS.decision(m.view(0), model.my_actions(), NAMES, model.t, None) is None


def test_a_decision_dialog_is_stale_once_the_table_moved_on():
    m = throne_offered()
    model = model_of(m, 0)
    model.flow.open("decision", model.decision_key())
    assert not model.stale()
    m.apply(0, {"type": "accept"})
    model.state.view = m.view(0)  # the call now: another decision
    model.state.seq += 1
    assert model.stale() == (model.decision_key()[:-1] != model.flow.asked[:-1])
    model.state.view = m.view(3)
    model.state.seat = 3
    assert model.stale()  # no longer my turn


def test_R_TRICK_2_an_auto_pass_is_told_with_the_set_it_could_not_beat():
    m = my_lead()
    play(m, 0, "7H 7H 7H")
    view_before = m.view(1)
    model = model_of(m, 1)
    model.state.view = view_before
    model.state.events = [(5, {"type": "pass", "seat": 1})]
    assert model.event(5, {"type": "pass", "seat": 1}, True) == [
        "You pass (auto-pass: nothing in your hand beat it)"]
    assert model.note == "Nothing in your hand beats 7 7 7: passed for you (auto-pass, F2)"


def test_R_TRICK_2_an_auto_pass_the_trick_moved_on_from_at_once_is_still_told_in_the_log():
    """With the other seats acting at once (--fast, a bot's short delay) the status note was
    gone before it was read, or never came (the trick had moved on before the pass was
    logged), and the log's "Bo passes" said nothing of a pass Bo never pressed. The log says
    it; a pass I pressed, and one found when the screen opened (pressed or not: unknown),
    do not."""
    m = my_lead()
    play(m, 0, "7H 7H 7H")
    model = model_of(m, 1)
    passed = pass_(m, 1)
    after = [event for seat in (2, 3, 4) for event in pass_(m, seat)]
    assert after[-1]["type"] == "lead"  # the trick won: the table moved on
    model.state.events = list(enumerate([*passed, *after], 5))
    model.state.view = m.view(1)
    lines = model.event(5, passed[0], True)
    assert lines == ["You pass (auto-pass: nothing in your hand beat it)"]
    assert model.note is None  # no note about 7 7 7 beside a table past it
    found = model_of(m, 1)
    assert found.event(5, passed[0], False, live=False) == ["You pass"]
    pressed = model_of(m, 1)
    pressed.passing()
    assert pressed.event(5, passed[0], True) == ["You pass"]


def test_R_TRICK_2_the_auto_pass_note_goes_once_the_trick_moves_on():
    """The note names the set my hand could not beat; once the trick moves past it (a set
    played over it, or the trick won) it would stand beside a table it does not speak of, so
    it goes. The log keeps the pass."""
    m = my_lead()
    play(m, 0, "7H 7H 7H")
    model = model_of(m, 1)
    seq = 0
    for seat in (1, 2, 3, 4):  # my pass first, then the others'; the last one ends the trick
        events = pass_(m, seat)
        for event in events:
            seq += 1
            model.state.events.append((seq, event))
            model.event(seq, event, True)
        if len(events) == 1:
            assert model.note is not None and "7 7 7" in model.note  # still the top it names
    assert [e["type"] for e in events] == ["pass", "trick", "lead"]
    assert model.note is None


def test_R_TRICK_2_a_pass_i_pressed_is_no_auto_pass():
    m = my_lead()
    play(m, 0, "7H 7H 7H")
    model = model_of(m, 1)
    model.state.events = [(5, {"type": "pass", "seat": 1})]
    model.passing()
    model.event(5, {"type": "pass", "seat": 1}, True)
    assert model.note is None


def test_R_AUTO_1_托管_on_without_asking_is_told_once_as_a_timeout():
    m = my_lead()
    model = model_of(m, 0, auto=0)
    assert model.timed_out() is True and model.note is not None
    assert model.timed_out() is False  # told once
    asked = model_of(m, 0, auto=0)
    asked.wants_auto(True)
    assert asked.timed_out() is False


def test_an_event_already_logged_is_not_logged_again():
    model = model_of(my_lead(), 0)
    deal = {"type": "deal", "round": 1, "redeal": 0, "first": 0}
    lines = model.event(3, deal, False)
    assert model.logged_seq == 3 and model.event(3, deal, False) == [] and lines is not None


def test_dou_dizhu_leads_a_hand_and_has_no_declarations():
    m = DoudizhuMatch(get_preset("classic"), seed=1)
    model = model_of(m, m.to_act, DOUDIZHU_PARTS)
    assert model.due(active=True) == "decision"  # the bid
    assert model.allows("declare", ("grab",)) is False
    assert model.declare_words() == ""


def test_a_person_leaving_the_table_and_coming_back_is_said_in_the_log():
    """A LAN player who quit mid-deal showed only "away" in his seat box, and the bot playing
    his seat on looked like him; the host and the watchers now read it in the log."""
    m = throne_offered()
    model = model_of(m, None)  # a watcher
    model.state.table[1]["kind"] = "human"
    assert model.comings_and_goings() == []  # the first view: nothing changed
    model.state.table[1]["connected"] = False
    assert model.comings_and_goings() == [
        "Bo left the table: a bot plays the seat until Bo is back"]
    assert model.comings_and_goings() == []  # said once
    model.state.table[1]["connected"] = True
    assert model.comings_and_goings() == ["Bo is back at the table"]


def back_after(plays: int) -> TableModel:
    """Ana (seat 0) back after an absence in which the bot played ``plays`` times for her
    (passing when it would) in a real match of random legal actions: the model has logged
    every event of it."""
    import random

    m = rigged("7H 7H 7H 3S 4S 5S 6S 8S 9S TS", "7H 9S 9C", "8C 8C 4D 4C", "5D 6D 6C",
               "KC 2C QC", first=0)
    rng, made = random.Random(1), 0
    events = list(enumerate(m.initial_events(), 1))
    while made < plays and not m.over:
        seat = m.to_act
        for event in m.apply(seat, rng.choice(m.legal_actions(seat))):
            events.append((len(events) + 1, event))
            made += event.get("seat") == 0 and event["type"] == "play"
    model = model_of(m, 0)
    model.state.events = events
    called = next(seq for seq, event in events if event["type"] == "call")  # her own choices
    model.state.away = [(called, len(events))]
    model.state.returned = (called, len(events))
    for seq, event in events:
        model.event(seq, event, True)
    return model


def test_back_after_an_absence_with_nothing_played_for_me_says_so_once():
    model = model_of(my_lead(), 1)  # (Ana leads: not my turn)
    model.state.away = [(0, 0)]
    model.state.returned = (0, 0)
    said = model.welcome_back()
    assert said == ["Welcome back. Nothing was played for you while you were away"]
    assert model.status([]) == model.note == said[0]  # and on the status line
    assert model.welcome_back() == []  # said once


def test_back_after_a_long_absence_the_bot_s_plays_are_counted_not_listed():
    """Four plays are named; more are counted (the status line is one line), and how often
    the bot passed is said too: a pass costs no card, a play does."""
    model = back_after(5)
    passes = sum(1 for _, e in model.state.events if e.get("seat") == 0 and e["type"] == "pass")
    assert passes  # (the bot passed for her too)
    assert model.welcome_back() == [f"Welcome back. While you were away a bot played 5 times "
                                    f"for you (the log shows them); it passed {passes}×"]
    assert model.status([]) == (f"Welcome back. A bot played 5× and passed {passes}× for you "
                                "(the log lists them)")  # counted: it fits the status line
    four = back_after(4)
    line = four.welcome_back()[0]
    assert line.startswith("Welcome back. While you were away a bot played for you: ")
    assert line.count(", ") == 3


def test_back_after_the_bot_only_played_or_only_passed_the_status_names_that_alone():
    """It said "a bot played 2× and passed 0× for you": the count of nothing is left out.
    The count is a sentence ("A bot for you: played 1×" was not one), in Chinese too."""
    model = back_after(1)  # Ana leads first: one play and no pass
    model.welcome_back()
    assert model.status([]) == "Welcome back. A bot played 1× for you (the log lists them)"
    model = back_after(1)
    model.t = Translator("zh")
    model.welcome_back()
    assert model.status([]) == "欢迎回来。机器人替你出牌 1 次（见记录）"
    model = back_after(5)
    model.state.events = [(seq, e) for seq, e in model.state.events  # her passes alone
                          if not (e.get("seat") == 0 and e["type"] == "play")]
    passes = sum(1 for _, e in model.state.events if e.get("seat") == 0 and e["type"] == "pass")
    model.welcome_back()
    assert model.status([]) == f"Welcome back. A bot passed {passes}× for you"


def test_back_at_my_turn_its_prompt_is_on_the_status_line_and_the_welcome_in_the_log():
    """Back just as my turn comes, or as it is mine: the status line says it is my turn
    (the welcome hid "Your lead" for seconds, and the timer ran); the log has the welcome."""
    model = model_of(my_lead(), 0)
    model.state.away = [(0, 0)]
    model.state.returned = (0, 0)
    assert model.welcome_back() == ["Welcome back. Nothing was played for you while you were away"]
    assert model.turn_came()  # the bell rings
    assert model.status([]) == "Your lead: pick a set and press Enter"
    m = my_lead()
    later = model_of(m, 1)  # back while Ana leads: the welcome is on the status line …
    later.state.away = [(0, 0)]
    later.state.returned = (0, 0)
    said = later.welcome_back()
    assert later.status([]) == said[0] and not later.turn_came()
    play(m, 0, "3S")
    later.state.view = m.view(1)
    assert later.turn_came()  # … until my turn comes
    assert later.status([]).startswith("Your turn")


def test_back_as_the_host_passes_for_me_the_welcome_stays_over_the_auto_pass_note():
    """Back with auto-pass on and nothing to beat the set on the table: the host passes for
    me at once, and its note took the welcome's place, then went as the trick moved on —
    the welcome was gone within a second."""
    m = my_lead()
    model = model_of(m, 1)  # back as Ana leads
    model.state.away = [(0, 0)]
    model.state.returned = (0, 0)
    said = model.welcome_back()
    events = [*m.apply(0, {"type": "play", "cards": ["3S"]}), *m.apply(1, {"type": "pass"})]
    model.state.view = m.view(1)  # (the client's view is the newest)
    for seq, event in enumerate(events, 1):
        model.state.events.append((seq, event))
        model.event(seq, event, True)
    assert model.status([]) == said[0]


def test_the_bots_words_for_me_go_with_their_verb_as_each_language_sets_them():
    """"机器人替你 叫 方块5": a log line spaces a name off its verb, and the bot's words
    in my name's place kept that space; English keeps it, Chinese drops it (after my
    role's tag too), and a space before a Latin word stays."""
    from bhtui.tui.tablemodel import glued

    bot = "机器人替你"
    assert glued("机器人替你 叫 方块5", bot) == "机器人替你叫 方块5"
    assert glued("机器人替你（地主） 出单张 3", bot) == "机器人替你（地主）出单张 3"
    assert glued("Bo 让位给 Li：机器人替你 是他的保皇派", bot) == "Bo 让位给 Li：机器人替你是他的保皇派"
    assert glued("机器人替你 B4", bot) == "机器人替你 B4"
    assert glued("A bot for you calls Q♠", "A bot for you") == "A bot for you calls Q♠"


def lines_seen(events: list[Any], m: Any, viewer: int | None, parts: Any = BAOHUANG_PARTS,
               language: str = "en") -> list[str]:
    """The log's lines of ``events`` at ``viewer``'s screen (None: a watcher's)."""
    model = model_of(m, viewer, parts)
    model.t = Translator(language)
    model.state.events = list(enumerate(events, 1))
    return [line for seq, event in model.state.events for line in model.event(seq, event, True)]


def test_my_own_acts_are_said_to_me_in_the_second_person_and_others_see_my_name():
    """With --name Player the log read "Player passes", "Player plays 3♠ 3♥" at Player's
    own screen, as if of someone else. His own acts say "You" there; the others' screens
    and a watcher's name him, as before."""
    m = throne_offered()
    events = [*m.apply(0, {"type": "accept"}), *m.apply(0, {"type": "call", "card": "7H"}),
              *play(m, 0, "3S"), *pass_(m, 1)]
    mine, bos, watcher = (lines_seen(events, m, viewer) for viewer in (0, 1, None))
    assert "Ana (emperor) plays 3" in watcher and "Bo passes" in watcher
    assert "You (emperor) play 3" in mine and "Bo passes" in mine
    assert "Ana (emperor) plays 3" in bos and bos[-1].startswith("You pass")
    assert not any("Ana" in line for line in mine), mine
    zh = lines_seen(events, m, 0, language="zh")
    assert "你（皇帝）出 3" in zh and "你叫 7H" in zh and "Bo 不要" in zh, zh


def test_dou_dizhu_says_my_bid_and_my_plays_to_me_in_the_second_person():
    m = DoudizhuMatch(get_preset("classic"), seed=1)
    me = m.to_act
    events = m.apply(me, {"type": "bid", "points": 3})
    assert lines_seen(events, m, me, DOUDIZHU_PARTS)[0] == "You bid 3"
    assert lines_seen(events, m, me, DOUDIZHU_PARTS, "zh")[0] == "你叫3分"
    other = (me + 1) % 3
    assert lines_seen(events, m, other, DOUDIZHU_PARTS)[0] == f"{NAMES[me]} bids 3"
