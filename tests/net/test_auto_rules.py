"""Seed 002's 托管 and quitting rules at a table (R-AUTO-2 ``strict_auto``, R-AUTO-3
``quit_penalty``), over the in-memory transport: the table tells the match, logs it, and the
match scores it."""

from __future__ import annotations

from bhtui.rules import get_preset
from bhtui.rules.auto import AUTO_LIMIT

from net_helpers import all_bots_but, connect, settle

STRICT = get_preset("lianzhong-simple").with_options(strict_auto=True)


def errors(link, code: str) -> list[dict]:
    return [m for m in link.messages() if m.get("type") == "error" and m.get("code") == code]


async def test_R_AUTO_2_tuoguan_is_told_to_the_match_plays_by_rule_and_ends_the_match():
    table = all_bots_but({0}, preset=STRICT, rounds=3)
    client, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    client.set_auto(True)
    await settle(lambda: table.match.over)
    actions = [a for s, a in table.match.actions if s == 0]
    assert actions[0] == {"type": "auto", "on": True}
    assert len(table.match.records) == 1  # the round ended with me on 托管: the match too
    assert client.view["strict_auto"]["on"] == [True, False, False, False, False]
    ends = [e for _, e in client.events if e["type"] == "match_end"]
    assert ends == [{"type": "match_end", "totals": table.match.totals, "why": "auto"}]


async def test_R_AUTO_2_a_seat_put_on_tuoguan_a_fourth_time_stays_on_and_an_all_tuoguan_round_is_not_scored():
    table = all_bots_but({0, 1, 2, 3, 4}, preset=STRICT, rounds=3)
    clients = [connect(table, f"P{s}", seat=s) for s in range(5)]
    await settle(lambda: all(c.view for c, _, _ in clients))
    me, link, _ = clients[0]
    for _ in range(AUTO_LIMIT):
        me.set_auto(True)
        me.set_auto(False)
    me.set_auto(True)
    await settle(lambda: table.match.auto.times[0] == AUTO_LIMIT + 1)
    me.set_auto(False)
    await settle(lambda: errors(link, "auto"))
    assert "it stays on until the round ends" in errors(link, "auto")[0]["reason"]
    assert table.seats[0].auto and table.match.auto.on[0]
    assert me.view["strict_auto"]["times"][0] == AUTO_LIMIT + 1
    for client, _, _ in clients[1:]:
        client.set_auto(True)
    await settle(lambda: table.match.over)
    assert len(table.match.records) == 1 and table.match.totals == [0] * 5
    assert table.match.history[0]["scored"] is False


async def test_R_AUTO_3_a_person_who_leaves_mid_round_loses_the_penalty_and_the_bot_plays_on():
    rules = get_preset("qingdao").with_options(quit_penalty=10)
    table = all_bots_but({0}, preset=rules, rounds=1)
    client, link, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    client.leave()
    await settle(lambda: table.match.over)
    assert (0, {"type": "quit", "why": "left"}) in list(table.match.actions)
    row = table.match.history[0]
    assert row["penalties"] == [{"seat": 0, "points": -10}]
    assert table.match.totals[0] == row["scores"][0] - 10


async def test_R_AUTO_3_a_person_the_host_removes_mid_round_pays_and_looks_on():
    rules = get_preset("baike").with_options(quit_penalty=7)
    table = all_bots_but({0, 1}, preset=rules, rounds=1)
    me, link, _ = connect(table, "Me", seat=0)
    other, _, _ = connect(table, "Other", seat=1)
    await settle(lambda: me.view is not None and other.view is not None)
    token = me.token
    table.remove(0)
    await settle(lambda: me.seat is None)
    assert table.seats[0].bot is not None and table.seats[0].token != token
    await settle(lambda: [e for _, e in other.events if e["type"] == "penalty"])
    penalties = [e for _, e in other.events if e["type"] == "penalty"]
    assert penalties[0]["seat"] == 0 and penalties[0]["points"] == -7
    other.set_auto(True)
    await settle(lambda: table.match.over)
    assert table.match.totals[0] == table.match.history[0]["scores"][0] - 7


async def test_R_AUTO_3_without_a_penalty_leaving_costs_nothing():
    table = all_bots_but({0}, preset="qingdao", rounds=1)
    client, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    client.leave()
    await settle(lambda: table.match.over)
    assert not any(a["type"] == "quit" for _, a in table.match.actions)
    assert table.match.totals == list(table.match.history[0]["scores"])


async def test_R_AUTO_1_the_log_says_which_moves_tuoguan_made_and_the_analysis_counts_none(
        tmp_path):
    """Under 托管 (R-AUTO-1, qingdao's) the seat's bot plays for the person, and the log
    wrote its moves as his: `bhtui analyse` then listed them among his mistakes (a newcomer
    who left 托管 on most of a match was told of plays he never made). The table now logs
    them as played for him, and the analysis shows them as 托管 and counts none; the moves
    he sent himself stay his, and bots' seats are nobody's to mark."""
    from bhtui.analysis.review import analyse
    from bhtui.bots import make_bot
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay

    path = tmp_path / "game.bhlog"
    table = all_bots_but({0}, seed=5, log=GameLog(path))
    client, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    mine, bot = [], make_bot("heuristic")
    while len(mine) < 3:  # three moves of my own, chosen here and sent as a person's are
        await settle(lambda: table.match.to_act == 0 and client.seq == table.seq)
        action = table.game.decide(bot, table.match, 0)
        client.act(action)
        mine.append(len(table.match.actions))
        await settle(lambda: len(table.match.actions) > mine[-1])
    client.set_auto(True)
    await settle(lambda: sum(s == 0 for s, _ in table.match.actions) >= 8)
    table.log.close()
    log = GameLog.load(path)
    ours = [k for k, (s, _) in enumerate(log.actions) if s == 0]
    assert set(mine) <= set(ours) and not log.played_for & set(mine)
    assert log.played_for == set(ours) - set(mine)
    review = analyse(Replay.from_log(log), 0, playouts=4)
    assert review.decisions and all(d.auto == (d.position in log.played_for)
                                    for d in review.decisions)
    assert any(d.auto for d in review.decisions) and not all(d.auto for d in review.decisions)


async def test_R_AUTO_2_tuoguan_switched_on_by_the_turn_timer_is_logged_as_not_his(tmp_path):
    """The turn timer running out puts the seat on 托管 (R-AUTO-1), which under R-AUTO-2 is
    logged as an action: it was logged as the person's own choice. Only the switch he makes
    himself is his."""
    from bhtui.store.gamelog import GameLog

    path = tmp_path / "game.bhlog"
    table = all_bots_but({0}, preset=STRICT, rounds=1, timer=0.01, log=GameLog(path))
    client, _, _ = connect(table, "Me", seat=0)
    await settle(lambda: client.view is not None)
    await settle(lambda: table.seats[0].auto)
    table.log.close()
    log = GameLog.load(path)
    switched = [k for k, (s, a) in enumerate(log.actions) if s == 0 and a["type"] == "auto"]
    assert switched and set(switched) <= log.played_for
