"""What the host does for the screen (issue 11): people on 托管 still confirm each result,
bots wait for a person's declaration, the turn timer's deadline, auto-pass, each seat's last
set and the previous trick, the card counter from public plays, and 再来一局."""

from __future__ import annotations

import asyncio
import time

import pytest

from bhtui.net.host import CATCHUP_EVENTS
from bhtui.rules import PRESETS, Match

from net_helpers import Tap, all_bots_but, connect, in_background, settle


def first_with(preset: str, predicate, tries: int = 200, **options) -> int:
    """The first seed whose first round satisfies ``predicate(match)`` once play begins,
    with every decision taken by the standard bot."""
    from bhtui.bots import make_bot
    from bhtui.rules import PRESETS

    rules = PRESETS[preset].with_options(**options)
    for seed in range(tries):
        m = Match(rules, seed, rounds=1)
        bot = make_bot("heuristic")
        while m.round.phase != "play":
            seat = m.to_act
            m.apply(seat, bot.decide(m.legal_actions(seat)))
        if predicate(m):
            return seed
    raise AssertionError("no such seed")


async def test_R_AUTO_1_a_person_on_tuoguan_confirms_the_result_before_the_next_round():
    table = all_bots_but({0}, rounds=2)
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    me.set_auto(True)
    await settle(lambda: len(table.match.records) == 1)
    actions = len(table.match.actions)
    await asyncio.sleep(0.05)  # the bots would have played on at once before
    assert len(table.match.actions) == actions and table.match.round.emperor is None
    me.ready()
    await settle(lambda: table.match.over)


def drive_to_play(table) -> None:
    """Take every throne decision with the standard bot, people's too, up to the first lead
    (the table's own bots are held back by a long delay meanwhile); then bots act at once."""
    from bhtui.bots import make_bot

    bot = make_bot("heuristic")
    while table.match.round.phase != "play":
        seat = table.match.to_act
        table.apply(seat, bot.decide(table.match.legal_actions(seat)))
    table.bot_delay = 0.0
    table.publish()


async def test_R_GUARD_5_bots_wait_for_a_person_who_may_reveal_himself_before_the_first_lead():
    """Issue 11 defect 6: 明保 was offered for half a second; now the bot emperor's first
    lead waits until the guard has answered."""
    seed = first_with("baike", lambda m: m.round.guard not in (None, m.round.emperor))
    guard = _guard_of("baike", seed)
    table = all_bots_but({guard}, seed=seed, preset="baike")
    table.bot_delay = 60.0
    me, link, _ = connect(table, "Me", seat=guard)
    await settle(lambda: me.view is not None)
    drive_to_play(table)
    await settle(lambda: me.asked is not None)
    assert {"type": "open_guard"} in me.view["actions"]
    await asyncio.sleep(0.05)
    assert not table.match.round.first_lead_played  # the emperor (a bot) does not lead yet
    me.act({"type": "open_guard"})
    await settle(lambda: table.match.round.first_lead_played)
    assert table.match.round.open_guard


def _guard_of(preset: str, seed: int) -> int:
    from bhtui.bots import make_bot

    m, bot = Match(PRESETS[preset], seed, rounds=1), make_bot("heuristic")
    while m.round.phase != "play":
        seat = m.to_act
        m.apply(seat, bot.decide(m.legal_actions(seat)))
    return m.round.guard


async def test_R_HIDE_2_with_two_people_both_are_asked_before_the_first_lead():
    """Asking only the guard would tell the other person who he is: both are asked (in
    their own frames only) and the lead waits for both."""
    seed = first_with("lianzhong-classic", lambda m: m.round.emperor not in (0, 1)
                      and m.round.guard in (0, 1))
    table = all_bots_but({0, 1}, seed=seed, preset="lianzhong-classic")
    table.bot_delay = 60.0
    a, a_link, _ = connect(table, "A", seat=0)
    b, b_link, _ = connect(table, "B", seat=1)
    await settle(lambda: a.view is not None and b.view is not None)
    drive_to_play(table)
    await settle(lambda: a.asked is not None and b.asked is not None)
    a.waive()
    await asyncio.sleep(0.05)
    assert not table.match.round.first_lead_played  # still waiting for B
    b.waive()
    await settle(lambda: table.match.round.first_lead_played)
    asked_frames = [m for m in a_link.messages() if "asked" in m]
    assert asked_frames and all(m["type"] == "view" for m in asked_frames)


async def test_R_EMP_B5_while_a_bot_is_offered_the_throne_the_person_may_grab_and_bots_wait():
    table = all_bots_but({0}, seed=3, preset="baike")
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None and (me.asked is not None or me.my_turn))
    if me.my_turn:  # the card started with me: let it go to a bot
        me.act({"type": "decline"})
        await settle(lambda: me.asked is not None)
    actions = len(table.match.actions)
    await asyncio.sleep(0.05)
    assert len(table.match.actions) == actions and table.match.round.emperor is None
    me.act({"type": "grab"})
    await settle(lambda: table.match.round.emperor == 0)


async def test_R_AUTO_1_the_turn_timer_s_deadline_travels_in_the_view_and_counts_down():
    table = all_bots_but({0}, timer=30.0)
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.my_turn)
    seat, end, total = me.deadline
    assert seat == 0 and total == 30.0 and 28 <= end - time.monotonic() <= 30
    table.publish()  # someone joining does not restart the clock
    await settle(lambda: me.seq == table.seq)
    assert me.deadline[1] <= end + 0.5


async def test_auto_pass_passes_for_a_person_when_nothing_in_the_hand_beats_the_table(
        tmp_path):
    """R-TRICK-2's auto-pass, by the person's own setting: logged as his move, not as one a
    bot made for him (his replay said "(played by 托管)" beside such a move)."""
    from bhtui.bots import make_bot
    from bhtui.store.gamelog import GameLog

    table = all_bots_but({0}, seed=3, log=GameLog(tmp_path / "t.bhlog"))
    table.bot_delay = 60.0
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    match, bot = table.match, make_bot("heuristic")

    def stuck() -> bool:
        turn = [a["type"] for a in match.legal_actions(0) if a["type"] in ("play", "pass")]
        return match.to_act == 0 and turn == ["pass"]

    while not stuck():  # everyone, me too, plays the standard bot's choice until I am stuck
        seat = match.to_act
        table.apply(seat, bot.decide(match.legal_actions(seat)))
    before, table.bot_delay = len(match.actions), 0.0
    me.set_prefs(True, "normal")  # nothing else: no key pressed, no 托管
    await settle(lambda: len(match.actions) > before)
    assert match.actions[before] == (0, {"type": "pass"})
    assert before not in GameLog.load(table.log.path).played_for


async def test_each_seat_s_last_set_stays_until_it_acts_again_and_the_previous_trick_is_kept():
    table = all_bots_but(set(), seed=4)
    spectator, _, _ = connect(table, "W", "spectator")
    await settle(lambda: table.recall.trick >= 1)
    recall = table.recall.public(counter=False)
    assert recall["previous"] and all(m["move"] for m in recall["previous"])
    kept = [entry for entry in recall["last"] if entry is not None]
    assert kept and any(entry["old"] for entry in kept)  # shown after the trick ended


async def test_the_card_counter_counts_jokers_2s_and_aces_from_public_plays_only():
    table = all_bots_but(set(), seed=6)
    table.counter = True
    watcher, _, _ = connect(table, "W", "spectator")
    public = {"BJ": 0, "SJ": 0, "2": 0, "A": 0}

    def count(message) -> None:  # what any watcher could count from the plays it is sent
        event = message.get("event") if message["type"] == "event" else None
        if event and event["type"] == "deal":
            public.update(dict.fromkeys(public, 0))
        elif event and event["type"] == "play":
            for card in event["cards"]:
                key = card if card in ("SJ", "BJ") else card[:-1]
                if key in public:
                    public[key] += 1

    watcher.listen(count)
    table.scheduler.arm()
    await settle(lambda: table.match.over)
    await settle(lambda: watcher.seq == table.seq)
    played = table.recall.played
    assert sum(public.values()) and played == public
    assert watcher.recall["played"] == public
    assert all(0 <= played[k] <= watcher.recall["deck"][k] for k in played)
    off = all_bots_but(set(), seed=6)
    assert "played" not in off.recall.public(off.counter)  # a table option: off by default


async def test_play_again_starts_a_new_match_at_the_same_seats_with_the_next_seed():
    """再来一局, with everyone in charge of his seat again (托管 had carried over and took the
    throne for a player), and the score table starts again with it: the old match's rows
    under the new match's totals did not add up."""
    table = all_bots_but({0}, seed=8)
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    me.set_auto(True)
    await settle(lambda: table.match.over)
    await settle(lambda: len(me.history) == len(table.match.records) > 0)
    names = [s.name for s in table.seats]
    me.ready()
    table.again()
    assert table.seed == 9 and not table.match.over and table.match.round.number == 1
    assert [s.name for s in table.seats] == names and me.seat == 0
    await settle(lambda: me.view is not None and me.view["phase"] != "over")
    assert me.history == [] and not table.seats[0].auto
    await settle(lambda: not me.table[0]["auto"])
    me.set_auto(True)
    await settle(lambda: len(table.match.records) >= 1)
    await settle(lambda: me.history)
    assert me.history[0]["round"] == 1 and me.history[-1]["totals"] == table.match.history[-1]["totals"]


def test_a_host_bound_to_every_address_names_one_others_can_join_never_a_placeholder():
    """The waiting room of `bhtui host` (bound to 0.0.0.0 by default) said "Others join with:
    bhtui join THIS-MACHINE:7000". It now names this machine's own LAN address — the one its
    default route leaves from — and a bound address as it is."""
    from bhtui.net.lobby import address_for_others, lan_addresses

    assert address_for_others("127.0.0.1") == "127.0.0.1"
    mine = lan_addresses()
    if not mine:
        pytest.skip("this machine has no LAN address to name")
    assert address_for_others("0.0.0.0") in mine


def test_the_lobby_advertises_the_card_counter():
    from bhtui.net.host import Table
    from bhtui.net.lobby import Advertiser

    assert Advertiser(Table(PRESETS["qingdao"], counter=True), 7400)._properties()["counter"] == "1"
    assert Advertiser(Table(PRESETS["qingdao"]), 7400)._properties()["counter"] == "0"


async def test_a_player_back_after_again_and_a_long_absence_sees_only_the_new_matchs_rounds():
    """His link dropped across 再来一局 and he came back more than a catch-up's worth of
    events later: he never gets the new match's first deal, and the old match's later rows
    stayed under the new totals. A jump in the catch-up starts the score table again."""
    table = all_bots_but({0}, seed=8, rounds=4)
    me, link, task = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    me.set_auto(True)
    await settle(lambda: (me.ready(), table.match.over)[1])
    await settle(lambda: len(me.history) == len(table.match.records) == 4)
    link.close("dropped")  # the Wi-Fi goes; the host notices
    table.leave(link)
    await settle(lambda: task.done())
    table.again()
    await settle(lambda: len(table.match.records) >= 2)
    assert table.seq - me.last_seq > CATCHUP_EVENTS
    in_background(me.run(Tap(table)))  # back, with the same seat token
    await settle(lambda: me.seat == 0 and me.history
                 and me.history[0]["totals"] == table.match.history[0]["totals"])
    assert [r["round"] for r in me.history] == [r["round"] for r in table.match.history]


async def test_R_AUTO_1_a_lone_players_turn_timer_waits_while_he_reads_help_or_settings():
    """Alone with bots, a player reading the help on his turn lost it to 托管 when the timer
    ran out (and with Dou Dizhu's escape option, the fifth time, the game). While a screen
    beside the game is open (``hold``) his timer waits, its countdown gone from the view,
    and comes back with the time it had, not a new one."""
    table = all_bots_but({0}, timer=3.0)
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.my_turn and me.deadline is not None)
    me.hold(True)
    await settle(lambda: me.deadline is None)
    await asyncio.sleep(4.0)  # longer than the whole timer: it would have run out
    assert not table.seats[0].auto and me.my_turn
    me.hold(False)
    await settle(lambda: me.deadline is not None)
    assert 0 < me.deadline[1] - time.monotonic() <= 3.0
    await settle(lambda: table.seats[0].auto)  # and it runs out as it would have


async def test_R_AUTO_1_help_opened_while_the_bots_play_holds_the_turn_that_comes():
    """The bots act in about a second, so help is mostly opened off one's turn: the turn
    that comes while it is open waits too, with the whole timer when it is closed."""
    table = next(t for t in (all_bots_but({0}, timer=30.0, seed=s) for s in range(20))
                 if t.match.to_act != 0)  # a bot acts first
    table.bot_delay = 60.0  # the bots' own moves held back: played here, by the same bot
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    me.hold(True)
    await settle(lambda: table.scheduler.aside)
    from bhtui.bots import make_bot

    bot = make_bot("heuristic")
    while table.match.to_act != 0:
        seat = table.match.to_act
        table.apply(seat, bot.decide(table.match.legal_actions(seat)))
    await settle(lambda: me.my_turn)
    assert me.deadline is None and table.scheduler.running() is None
    me.hold(False)
    await settle(lambda: me.deadline is not None)
    assert 29 <= me.deadline[1] - time.monotonic() <= 30.0


async def test_R_AUTO_1_with_someone_watching_the_turn_timer_runs_on_whatever_a_player_reads():
    """The table cannot wait on one person's reading where others are here: with a spectator
    the turn timer runs on while the player's help is open, and saying ``hold`` again and
    again sends the others nothing more (a viewer cannot flood the table with views)."""
    table = all_bots_but({0}, timer=30.0)
    me, _, _ = connect(table, "Me", seat=0)
    watcher, watched, _ = connect(table, "W", "spectator")
    await settle(lambda: me.my_turn and me.deadline is not None and watcher.view is not None)
    me.hold(True)
    await settle(lambda: table.scheduler.aside)
    before = len(watched.frames)
    for _ in range(50):
        me.hold(True)
    me.chat("reading")  # a command after them: once its line is back, all were handled
    await settle(lambda: any(m.get("text") == "reading" for m in watched.messages()))
    assert table.scheduler.running() == "turn"
    assert len(watched.frames) - before == 1  # the chat line alone


async def test_R_AUTO_1_a_turn_timer_of_0_s_is_no_timer():
    """host --timer 0 armed a timer of no seconds: every turn timed out at once (托管, and
    the fifth an escape) with no countdown shown. 0 means none, as in the settings file."""
    table = all_bots_but({0}, timer=0.0)
    me, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.my_turn)
    assert table.timer is None and table.scheduler.running() is None and not table.seats[0].auto


async def test_R_AUTO_3_a_resumed_table_counts_no_second_quit_penalty_for_a_seat_that_paid_it(
        tmp_path):
    """The host takes the quit penalty once a match; a table opened again with `bhtui host
    --resume` forgot who had paid it, and a seat that left before the host's restart paid
    again on leaving once more (his screen said it would cost nothing)."""
    from bhtui.net.host import Table
    from bhtui.store.gamelog import GameLog

    from net_helpers import HANG, people_and_bots

    rules = PRESETS["qingdao"].with_options(quit_penalty=10)
    log = GameLog(tmp_path / "table.bhlog")
    table = people_and_bots({0, 1}, rules, seed=3, rounds=2, bot_delay=HANG, log=log)
    table.abandon(0, "left")  # Ana quits: -10, once
    assert table.match.totals[:2] == [-10, 0]
    table.close()
    log.close()
    resumed = Table.resume(GameLog.load(log.path), bot_delay=HANG)
    assert resumed.match.totals[:2] == [-10, 0]
    resumed.abandon(0, "left")  # back after the restart, and quits again: nothing more
    resumed.abandon(1, "left")  # the other person's first quit still costs
    assert resumed.match.totals[:2] == [-10, -10]
    resumed.close()
