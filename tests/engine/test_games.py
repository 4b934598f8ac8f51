"""The game contract (bhtui.games): every game and preset goes through it the same way — a
match made, played by its bots, replayed from seed and actions, its rounds recorded with their
totals — and what a remote bot works out from its view is what the engine offers."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.games import GAMES, game_for, get_game, rules_in, rules_named
from bhtui.net.protocol import ProtocolError, action_of
from bhtui.sim import play_match
from bhtui.tui.games import PARTS, parts_for

from strategies import examples

PRESETS = [(game.name, preset) for game in GAMES.values() for preset in game.presets]


def test_every_game_has_screen_parts_and_preset_names_name_one_game():
    assert set(PARTS) == set(GAMES) == {"baohuang", "doudizhu"}
    assert all(parts_for(name).game == name for name in GAMES)
    names = [preset for _, preset in PRESETS]
    assert len(names) == len(set(names))
    for game, preset in PRESETS:
        found, rules = rules_named(preset)
        assert found.name == game and rules.name == preset and game_for(rules) is found


def test_names_become_rules_once_at_the_edge_and_unknown_ones_are_named():
    """A command line, an admin command, a room or a log header names a game, a preset and
    options; inside, a table or a match takes only the rules object (a name is refused)."""
    game, rules = rules_in({"game": "doudizhu", "preset": "shanghai", "options": {"base": 3}})
    assert (game.name, rules.name, rules.options()["base"]) == ("doudizhu", "shanghai", 3)
    assert rules_in({"preset": "weifang", "options": {}})[0].name == "baohuang"  # older logs
    with pytest.raises(ValueError, match="unknown preset 'rizhao'; known: qingdao, baike"):
        rules_named("rizhao")
    with pytest.raises(ValueError, match=r"weifang \(baohuang\); classic, shanghai \(doudizhu\)"):
        rules_named("rizhao")  # each game's presets said as its own
    with pytest.raises(ValueError, match="unknown preset 'qingdao'; known: classic, shanghai"):
        rules_named("qingdao", "doudizhu")
    with pytest.raises(ValueError, match="unknown option"):
        rules_named("classic", options={"kao": True})
    with pytest.raises(TypeError, match="resolve a preset's name"):
        game_for("qingdao")
    with pytest.raises(TypeError, match="RuleSet"):
        get_game("baohuang").new_match("qingdao", 1)


@pytest.mark.parametrize("game_name, preset", PRESETS)
def test_R_SEED_1_each_preset_plays_through_the_contract_and_replays_bit_for_bit(game_name, preset):
    game = get_game(game_name)
    rules = game.rules(preset)
    seats = game.seats(rules)
    match = game.new_match(rules, 7, 2)
    play_match(match, [game.make_bot(game.standard_bot, s) for s in range(seats)], game)
    assert match.over and len(match.history) == 2
    running = [0] * seats
    for record in match.history:  # the contract's record: round, scores, totals after it
        running = [t + s for t, s in zip(running, record["scores"], strict=True)]
        assert record["totals"] == running and isinstance(record["round"], int)
    again = game.replay(rules, 7, match.actions, 2)
    assert msgpack.packb(again.view("all")) == msgpack.packb(match.view("all"))
    assert again.history == match.history


def test_a_refused_replay_raises_the_game_s_own_error():
    for game in GAMES.values():
        with pytest.raises(game.illegal):
            game.replay(game.rules(), 1, [(0, {"type": "nonsense"})])


def test_an_action_from_the_wire_keeps_only_the_fields_its_type_has_in_that_game():
    ddz, baohuang = get_game("doudizhu"), get_game("baohuang")
    sent = {"type": "play", "hand": "3 3 3 4", "cards": ["3S"], "evil": "x" * 10}
    assert action_of({"action": sent}, ddz.action_fields) == {"type": "play", "hand": "3 3 3 4"}
    assert action_of({"action": sent}, baohuang.action_fields) == {"type": "play",
                                                                  "cards": ["3S"]}
    assert action_of({"action": {"type": "bid", "points": 2, "x": 1}}, ddz.action_fields) == {
        "type": "bid", "points": 2}
    with pytest.raises(ProtocolError):
        action_of({"action": {"type": 3}}, ddz.action_fields)
    assert "escape" in ddz.host_only and not ddz.out_of_turn
    assert "grab" in baohuang.out_of_turn
    assert baohuang.host_only == {"auto", "quit"}  # R-AUTO-2's 托管, R-AUTO-3's quit


def test_changed_options_name_what_a_table_set_otherwise_than_its_preset():
    ddz = get_game("doudizhu")
    assert ddz.changed_options(ddz.rules("classic")) == {}
    assert ddz.changed_options(ddz.rules("shanghai", {"base": 3, "escape": True})) == {
        "base": 3, "escape": True}
    with pytest.raises(ValueError, match="unknown preset 'qingdao'; known: classic, shanghai"):
        ddz.rules("qingdao")


DDZ = get_game("doudizhu")


@examples(30)
@given(st.sampled_from(["classic", "shanghai"]), st.integers(0, 10**6), st.data())
def test_S_BID_6_S_BID_7_a_remote_bot_reads_from_its_view_what_the_engine_offers(preset, seed, data):
    """The hands a seat may play, worked out from its view alone (its hand, the top hand, its
    bomb limit, the reported groups still held), are the engine's legal actions, in order."""
    from bhtui.doudizhu.offer import legal_from_view

    match = DDZ.new_match(DDZ.rules(preset), seed, 2)
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    for _ in range(400):
        if match.over:
            break
        seat = match.to_act
        legal = list(match.legal_actions(seat))
        assert legal_from_view(match.view(seat)) == legal
        # Bots mostly (they reach 报到 and bomb limits), random now and then.
        action = rng.choice(legal) if rng.random() < 0.3 else DDZ.decide(
            DDZ.make_bot("heuristic"), match, seat)
        match.apply(seat, action)


@pytest.mark.parametrize("name", ["baohuang", "doudizhu"])
def test_plays_refused_with_padded_texts_are_not_remembered_however_many_come(name):
    """Card and set texts also come from the wire: a seated player may send the same cards
    padded a thousand ways, each refused (nobody holds five big jokers, seat 0 here no four
    2s). The engine's parse caches keep real spellings only, so such a stream cannot grow
    the host's memory."""
    import bhtui.cards
    import bhtui.doudizhu.hands
    import bhtui.rules.sets

    game = get_game(name)
    match = game.new_match(game.rules(), 7)
    while not any(a["type"] == "play" for a in match.legal_actions(match.to_act)):
        match.apply(match.to_act, match.legal_actions(match.to_act)[0])
    caches = [bhtui.cards._CARD_CACHE, bhtui.rules.sets._SET_OF,
              *bhtui.doudizhu.hands._PARSED.values()]
    before = sum(map(len, caches))
    for i in range(300):
        pad = " " * (i + 1)
        for action in ({"type": "play", "cards": [f"{pad}BJ", *["BJ"] * 3, f"BJ{pad}"]},
                       {"type": "play", "set": f"BJ{pad}BJ BJ BJ BJ"},
                       {"type": "play", "hand": f"2{pad}2 2 2"}):
            with pytest.raises(game.illegal):
                match.apply(match.to_act, action)
    assert sum(map(len, caches)) - before < 10
