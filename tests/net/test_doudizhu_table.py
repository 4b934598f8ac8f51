"""A Dou Dizhu table on the host, over memory links: seats and a spectator receive only their
projection of the game, Shanghai's kitty stays the landlord's, refused actions change nothing,
the waiting room follows the preset's seats, the log names the game and resumes, the lobby's
TXT record and the sim's JSON say which game."""

from __future__ import annotations

import json

import pytest

from bhtui.doudizhu import PRESETS as DDZ_PRESETS
from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.net.host import Seat, Table, Viewer
from bhtui.net.lobby import Advertiser
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay

from net_checks import projection_problems
from net_helpers import Tap, connect, in_background, settle

DDZ = get_game("doudizhu")


def bots_table(preset: str, people: set[int] = frozenset(), options: dict | None = None,
               **kw) -> Table:
    rules = DDZ.rules(preset, options)
    seats = [Seat(name=f"P{s}", taken=True) if s in people
             else Seat(name=f"B{s}", bot=DDZ.make_bot("heuristic", s), ready=True)
             for s in range(DDZ.seats(rules))]
    kw.setdefault("bot_delay", 0.0)
    return Table(rules, seats, game=DDZ, **kw)


def taps_for_seats(table: Table) -> list[Tap]:
    taps = []
    for s in range(len(table.seats)):
        tap = Tap(table)
        table.pending.pop(tap)
        table.viewers[tap] = Viewer(tap, s, f"B{s}")
        taps.append(tap)
    return taps


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
async def test_C_PLAY_5_S_BID_4_each_connection_receives_only_its_projection_of_the_game(preset):
    table = bots_table(preset, seed=21, rounds=2)
    table.start()
    seats = taps_for_seats(table)
    _, watcher, _ = connect(table, "W", "spectator")
    table.scheduler.arm()
    await settle(lambda: table.match.over)
    actions = list(table.match.actions)
    for viewer, tap in [*enumerate(seats), (None, watcher)]:
        messages = list(tap.messages())
        assert projection_problems(messages, viewer, DDZ, table.rules, 21, actions, 2) == []
        views = [m["view"] for m in messages if m["type"] == "view"]
        assert views and all(("hand" in v) == (viewer is not None) for v in views)
        assert all("hands" not in v for v in views)
    kitties = [m["event"] for m in watcher.messages() if m["type"] == "event"
               and m["event"]["type"] in ("kitty", "hidden")]
    if preset == "shanghai":  # S-BID-4: the kitty is the landlord's alone
        assert kitties and all(k == {"type": "hidden"} for k in kitties)
    else:  # C-BID-4: turned face up for everyone
        assert kitties and all(k["type"] == "kitty" and len(k["cards"]) == 3 for k in kitties)


async def test_the_hello_room_lobby_and_log_name_the_game_and_its_seats(tmp_path):
    log = GameLog(tmp_path / "t.bhlog")
    table = Table(DDZ_PRESETS["shanghai"], name="Friday", seed=3, rounds=1, log=log)
    assert table.game is DDZ and len(table.seats) == 4
    client = Client(Tap(table), "Ana")
    in_background(client.run())
    await settle(lambda: client.room is not None)
    assert client.server["game"] == "doudizhu" and client.game == "doudizhu"
    assert client.room["game"] == "doudizhu" and len(client.room["seats"]) == 4
    txt = Advertiser(table, 7400)._properties()
    assert txt["game"] == "doudizhu" and txt["size"] == "4" and txt["preset"] == "shanghai"
    table.set_options({"base": 2, "escape": True})
    assert Advertiser(table, 7400)._properties()["options"] == "base=2,escape"
    table.start()
    assert GameLog.load(log.path).header["game"] == "doudizhu"


async def test_the_waiting_room_follows_the_preset_s_seats_and_keeps_its_people():
    table = Table(DDZ_PRESETS["classic"], name="Friday")
    guest = Client(Tap(table), "Bo")
    in_background(guest.run())
    await settle(lambda: guest.seat == 0)
    table.set_options({}, "shanghai")
    assert len(table.seats) == 4 and table.seats[0].name == "Bo"
    table.move(0, 3)  # Bo takes the seat classic does not have
    with pytest.raises(ValueError, match="Bo sits at seat 4"):
        table.set_options({}, "classic")
    assert table.rules.name == "shanghai" and len(table.seats) == 4
    with pytest.raises(ValueError, match="unknown preset 'qingdao'"):
        table.set_options({}, "qingdao")  # the table's game is fixed; its presets are not


async def test_S_SCORE_5_escape_is_the_table_s_and_a_malformed_action_changes_nothing():
    table = bots_table("classic", {0}, seed=4, rounds=1, bot_delay=30.0)
    table.start()
    me, tap, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None and me.seq == table.seq)
    before = (table.seq, list(table.match.actions))
    for action in ({"type": "escape", "why": "left"}, {"type": "bid", "points": "3"},
                   {"type": "play", "hand": "3 3 3 3 3"}, {"type": "report"}):
        cid = me.act(action)
        await settle(lambda: any(m.get("cid") == cid for m in tap.messages()
                                 if m["type"] == "error"))
    errors = [m for m in tap.messages() if m["type"] == "error"]
    assert errors[0]["code"] == "illegal" and "table" in errors[0]["reason"]
    assert (table.seq, list(table.match.actions)) == before
    assert not table.match.over and me.view["to_act"] == table.match.to_act


async def test_a_hint_and_auto_pass_work_from_the_game():
    table = bots_table("classic", {0}, seed=8, rounds=1)
    table.start()
    me, tap, _ = connect(table, "Me", seat=0)
    me.set_prefs(True)
    hints = []
    me.listen(lambda m: hints.append(m["action"]) if m["type"] == "hint" else None)
    for _ in range(400):
        await settle(lambda: table.match.over or (me.my_turn and me.seq == table.seq))
        if table.match.over:
            break
        me.ask_hint()
        count = len(hints)
        await settle(lambda: len(hints) > count)
        assert hints[-1] in table.match.legal_actions(0)
        me.act(hints[-1])
        await settle(lambda: table.match.over or table.match.to_act != 0)
    assert table.match.over


async def test_a_doudizhu_log_resumes_and_replays(tmp_path):
    log = GameLog(tmp_path / "ddz.bhlog")
    table = bots_table("shanghai", seed=12, rounds=2, log=log)
    table.start()
    table.scheduler.arm()
    await settle(lambda: len(table.match.actions) > 30)
    table.close()
    log.close()
    again = Table.resume(GameLog.load(log.path), bot_delay=0.0)
    assert again.game is DDZ and again.match.view("all") == table.match.view("all")
    assert [s.token for s in again.seats] == [s.token for s in table.seats]
    replay = Replay.from_log(GameLog.load(log.path))
    assert replay.game == "doudizhu" and replay.seats == 4 and replay.names[0] == "B0"
    assert replay.match_at(len(replay)).view("all") == table.match.view("all")


@pytest.mark.parametrize("preset", ["classic", "shanghai"])
def test_C_SCORE_S_SCORE_sim_json_reports_each_hand_with_its_factors(preset, cli):
    out = cli("sim", "--game", "doudizhu", "--preset", preset, "--rounds", "12", "--seed", "5",
              "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["game"] == "doudizhu" and doc["preset"] == preset and len(doc["rounds"]) == 12
    seats = 3 if preset == "classic" else 4
    for hand in doc["rounds"]:
        assert {"landlord", "bid", "factors", "bombs", "spring", "winner", "scores"} <= set(hand)
        assert len(hand["scores"]) == seats and hand["winner"] in ("landlord", "farmers")
        multiplier = 1
        for value in hand["factors"].values():
            num, _, den = value.partition("/")
            multiplier *= int(num) / int(den or 1)
        if not hand["escape"] and not (hand["reports"] and hand["fight"] and
                                       hand["winner"] == "farmers"):
            assert hand["stake"] == round(hand["bid"] * multiplier)  # base 1
        landlord_side = hand["scores"][hand["landlord"]]
        assert landlord_side == (seats - 1) * hand["stake"] * (
            1 if hand["winner"] == "landlord" else -1)
    assert [sum(h["scores"][s] for h in doc["rounds"]) for s in range(seats)] == doc["totals"]
    text = cli("sim", "--game", "doudizhu", "--preset", preset, "--rounds", "3")
    assert "landlord" in text.stdout and "totals:" in text.stdout


@pytest.mark.parametrize("args, message", [
    (("sim", "--game", "doudizhu", "--preset", "qingdao"), "unknown preset 'qingdao'"),
    (("sim", "--game", "doudizhu", "--bots", "a,b,c,d,e"), "one name or 3"),
    (("host", "--headless", "--game", "doudizhu", "--bots", "4", "--no-advertise"),
     "--bots takes 0 to 3"),
    (("--game", "doudizhu", "--option", "base=lots"), "base=NUMBER"),
    (("--game", "doudizhu", "--option", "base=0"), "option base takes a whole number"),
])
def test_doudizhu_commands_refuse_bad_input_in_one_line(args, message, cli, nothing_starts):
    out = cli(*args)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def escape_table(**kw) -> Table:
    table = bots_table("classic", {0}, {"escape": True}, seed=14, rounds=3, **kw)
    table.start()
    return table


def escaped(table: Table) -> dict | None:
    return next((r.result.escape for r in table.match.records if r.result.escape), None)


async def test_S_SCORE_5_a_player_who_quits_a_deal_with_a_landlord_escapes_and_pays_more():
    from bhtui.net.botclient import attach_bot

    table = escape_table()
    me, tap, _ = connect(table, "Me", seat=0)
    attach_bot(me)  # the person's seat, played from his views
    await settle(lambda: table.match.round.landlord is not None)
    me.leave()
    await settle(lambda: escaped(table) is not None)
    record = table.match.records[0].result
    assert escaped(table) == {"seat": 0, "why": "left"} and sum(record.scores) < 0
    owed = sum(record.scores[1:])
    assert record.scores[0] == -(owed * 11) // 10  # pays 1.1×, rounded up to a whole point
    assert (0, {"type": "escape", "why": "left"}) in table.match.actions  # logged, replayed


async def test_S_SCORE_5_a_player_away_too_long_escapes_once_and_one_back_in_time_does_not(
        monkeypatch):
    import bhtui.net.scheduler as scheduler

    monkeypatch.setattr(scheduler, "AWAY_LIMIT", 0.05)
    table = escape_table(bot_delay=0.01)
    me, tap, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None)
    tap.close("gone")  # dropped before the bidding ends: the bot plays the seat
    table.leave(tap)
    await settle(lambda: escaped(table) is not None or table.match.over)
    assert escaped(table) == {"seat": 0, "why": "disconnected"}
    assert sum(1 for r in table.match.records if r.result.escape) == 1  # once per absence


async def test_S_SCORE_5_five_turns_run_out_is_an_escape():
    table = escape_table(timer=0.01)
    me, tap, _ = connect(table, "Me", seat=0)
    me.listen(lambda m: me.set_auto(False) if m["type"] == "view" and me.table
              and me.table[0]["auto"] else None)  # takes the seat back, then sleeps again
    await settle(lambda: escaped(table) is not None)
    assert escaped(table) == {"seat": 0, "why": "timeouts"} and table.timeouts[0] >= 5


async def test_a_baohuang_player_who_quits_changes_nothing_but_his_seat():
    from net_helpers import people_and_bots

    table = people_and_bots({0}, seed=3, rounds=1, bot_delay=30.0)
    me, tap, _ = connect(table, "Me", seat=0)
    await settle(lambda: me.view is not None and me.seq == table.seq)
    before = (table.seq, list(table.match.actions))
    me.leave()
    await settle(lambda: tap.closed_reason is not None)  # the host closes the link after it
    assert (table.seq, list(table.match.actions)) == before


async def test_S_SCORE_5_a_player_the_host_removes_is_no_escape_and_a_bot_plays_on():
    """S-SCORE-5 names leaving, dropping and running out of time; the host's removal is
    none of them: the seat passes to a bot and the deal is scored as played."""
    from bhtui.net.botclient import attach_bot

    table = escape_table()
    me, tap, _ = connect(table, "Me", seat=0)
    attach_bot(me)
    await settle(lambda: table.match.round.landlord is not None)
    table.remove(0)
    assert table.seats[0].bot is not None and table.seats[0].conn is None
    await settle(lambda: table.match.records)
    assert escaped(table) is None and table.match.records[0].result.scores
