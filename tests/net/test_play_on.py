"""Playing on from a replay (issue 31): a local table that starts where the replay stands,
the same hands and history, the person in the replayed seat; the replayed log untouched."""

from __future__ import annotations

import asyncio
import re

import pytest

from analysis_helpers import played_log
from bhtui.games import GAMES
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.playon import play_on

from net_helpers import settle

PRESETS = [(game.name, preset) for game in GAMES.values() for preset in game.presets]


@pytest.mark.parametrize("game, preset", PRESETS)
def test_R_SEED_1_playing_on_starts_from_the_replays_very_position(game, preset, tmp_path,
                                                                    monkeypatch):
    """At the first deal, mid-deal, a deal's start ("same deal again") and the last move:
    the new table's match is the replay's checkpoint — every seat's view, the open view,
    whose turn, the totals and the history — with the person at the seat replayed and bots
    at the others; the replayed log is not touched and the new one is a game of its own."""
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "data"))
    path = played_log(tmp_path, preset, game, 3, rounds=2, level="heuristic", people=(1,))
    before = path.read_bytes()
    replay = Replay.from_log(GameLog.load(path))
    assert len(replay.round_starts) == 3  # each deal, and the end
    new_logs = set()
    for position in (0, replay.round_starts[1] // 2, replay.round_starts[1], len(replay) - 1):
        table = play_on(replay, position, 1, "Ana", ("normal",), 0.0)
        try:
            match, there = table.match, replay.match_at(position)
            assert match is not None
            for viewer in (None, "all", *range(replay.seats)):
                assert match.view(viewer) == there.view(viewer), (position, viewer)
            assert (match.to_act, match.totals, list(match.history)) == \
                (there.to_act, there.totals, list(there.history))
            assert [s.bot is None for s in table.seats] == [s == 1 for s in range(replay.seats)]
            assert table.seats[1].name == "Ana"
            log = table.log
            assert log is not None and log.path != path and log.path not in new_logs
            new_logs.add(log.path)
            assert GameLog.load(log.path).actions == replay.actions[:position]
        finally:
            table.close()
            if table.log is not None:
                table.log.close()
    assert path.read_bytes() == before


def test_a_game_played_on_and_a_deal_dealt_again_are_told_apart_by_their_logs(tmp_path,
                                                                             monkeypatch):
    """The games list names each log: ``p`` (play on) and ``d`` (the deal again) from one
    replay make two logs whose names say which each was, and neither overwrites the other."""
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "data"))
    path = played_log(tmp_path, "qingdao", "baohuang", 3, rounds=1, level="heuristic",
                      people=(1,))
    replay = Replay.from_log(GameLog.load(path))
    names = []
    for kind in ("on", "again", "on"):
        table = play_on(replay, 5, 1, "Ana", ("normal",), 0.0, kind=kind)
        try:
            assert table.log is not None
            names.append(table.log.path.name)
        finally:
            table.close()
            if table.log is not None:
                table.log.close()
    kinds = [re.fullmatch(r"\d{8}-\d{6}-local-(on|again)\d*\.bhlog", n) for n in names]
    assert [k and k[1] for k in kinds] == ["on", "again", "on"], names
    assert len(set(names)) == 3
    with pytest.raises(ValueError, match="'sideways' is not one of"):
        play_on(replay, 5, 1, "Ana", ("normal",), 0.0, kind="sideways")


async def test_a_game_played_on_from_a_replay_does_not_welcome_its_player_back(tmp_path):
    """A game played on from a replay (and a resumed table) counts its person away until he
    connects, so his first welcome ended an empty absence: a brand-new game opened with
    "Welcome back. Nothing was played for you". An absence in which the table did not move
    is no return."""
    from bhtui.net.local import join

    path = played_log(tmp_path, "qingdao", "baohuang", 3, rounds=1, level="heuristic",
                      people=(1,))
    table = play_on(Replay.from_log(GameLog.load(path)), 10, 1, "Ana", ("normal",), 3600.0)
    client, _ = join(table, "Ana", seat=1)
    task = asyncio.ensure_future(client.run())
    try:
        await settle(lambda: client.view is not None)
        assert client.away == [] and client.returned is None
    finally:
        task.cancel()
        table.close()
        if table.log is not None:
            table.log.close()
