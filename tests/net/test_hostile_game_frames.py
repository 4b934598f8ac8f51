"""A host's game fields, checked by the client before a screen reads them (a hostile pass):
the cards of a play, a seat in an event, a round's result rows, the player's own hand, the set
to beat, the last moves beside the view. A host anyone may advertise in the LAN lobby sent
a role event without its role, or a view of a preset this bhtui does not know, and the
player's app crashed; a card that is no card, a seat out of range or a text where a list
belongs reached the screens as they came. Now each game's frames are checked against its own
shapes (``Game.sent_fault``), and the client leaves once, as on any malformed message.

The other side of it: every frame a real table sends passes, or the client would leave a
sound table."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bhtui.games import GAMES
from bhtui.net.protocol import decode_body, encode
from bhtui.net.recall import TrickRecall

from loopback import WELCOME, seated, stay_at_hostile_host


def wired(message: dict) -> dict:
    """``message`` as a client gets it: through msgpack (tuples become lists)."""
    return decode_body(encode(message)[4:])  # type: ignore[arg-type]


@pytest.mark.parametrize("game, preset", [(g, p) for g in GAMES.values() for p in g.presets],
                         ids=lambda v: getattr(v, "name", v))
def test_every_frame_a_real_table_sends_passes_its_game_s_check(game, preset):
    """Two-round matches of random moves (declarations out of turn now and then): every
    event as each seat, a spectator and the open table are sent it, their views with the
    recall, hints at every level and the score table all pass, so no sound table is left."""
    for seed in range(3):
        rules = game.rules(preset)
        match, rng, seats = game.new_match(rules, seed, 2), random.Random(seed), game.seats(rules)
        recall = TrickRecall(seats, game.move_of, game.counted(rules), game.stand_ins)
        table = {"preset": preset, "options": rules.options()}
        events, viewers = match.initial_events(), [*range(seats), None, "all"]
        for step in range(3000):
            for event in events:
                recall.feed(event)
                for viewer in viewers:
                    sent = wired({"type": "event", "seq": 1,
                                  "event": game.event_for(event, viewer)})
                    assert game.sent_fault(sent, table) is None, sent
            if match.over:
                break
            if step % 4 == 0:
                for viewer in viewers:
                    sent = wired({"type": "view", "seq": 1, "view": match.view(viewer),
                                  "recall": recall.public(True, previous=step % 8 == 0)})
                    assert game.sent_fault(sent, table) is None, sent
            seat = rng.randrange(seats)
            offered = list(game.declarations(match, seat)) if rng.random() < 0.1 else []
            if not offered:
                seat = match.to_act
                offered = list(match.legal_actions(seat))
                if step % 25 == 0:
                    hint = wired({"type": "hint", "cid": 1, "action": game.hint(
                        match, seat, rng.choice(game.levels))})
                    assert game.sent_fault(hint, table) is None, hint
            events = match.apply(seat, rng.choice(offered))
        history = wired({"type": "history", "rounds": list(match.history)})
        assert len(history["rounds"]) == 2 and game.sent_fault(history, table) is None


def changed(message: dict, path: tuple[Any, ...], value: Any) -> dict:
    """``message`` with the value at ``path`` replaced (``...``: left out)."""
    out = copy.deepcopy(message)
    inner = out
    for key in path[:-1]:
        inner = inner[key]
    if value is ...:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return out


def event(**fields: Any) -> Any:
    return lambda view: {"type": "event", "seq": view["seq"] + 1, "event": fields}


def in_view(*path: Any) -> Any:
    """The sound view frame with the value at ``path`` (the last item) changed."""
    return lambda view: changed(view, path[:-1], path[-1])


def finished_row(game: str, preset: str) -> dict:
    """A real score table's row: a round of random moves."""
    played = GAMES[game]
    match, rng = played.new_match(played.rules(preset), 5, 1), random.Random(5)
    while not match.over:
        match.apply(match.to_act, rng.choice(list(match.legal_actions(match.to_act))))
    return wired({"type": "history", "rounds": list(match.history)})


BAD: dict[str, tuple[str, str, Any, str]] = {
    # Baohuang (qingdao): events
    "a play of a card that is no card": (
        "baohuang", "qingdao", event(type="play", seat=1, cards=["9S", "ZZ"], set="9 9"),
        "event.cards[1]"),
    "a pass of seat 5 at a table of 5": (
        "baohuang", "qingdao", event(type="pass", seat=5), "event.seat"),
    "a play whose cards are a text": (
        "baohuang", "qingdao", event(type="play", seat=1, cards="9S 9H", set="9 9"),
        "event.cards"),
    "a role without the role": (
        "baohuang", "qingdao", event(type="role", seat=0, private=0, by="called"), "event.role"),
    "a tribute to seat 9": (
        "baohuang", "qingdao", event(type="tribute", items=[{"from": 0, "to": 9, "card": "BJ"}]),
        "event.items"),
    "a round's end scoring four seats of five": (
        "baohuang", "qingdao", event(
            type="round_end", round=1, places=[1, 2, 3, 4, 5], scores=[1, 1, -1, -1],
            emperor=0, guard=1, solo=False, open_solo=False, open_guard=False, grab=False,
            rebels=[], called="AS", winner="emperor", multiplier=1, kicks=0, bombs=0,
            stuck=[], hands=[[], [], [], [], []]), "event.scores"),
    # Baohuang: the view, the recall beside it, a catch-up, the score table and a hint
    "a hand of more cards than the deck": (
        "baohuang", "qingdao", in_view("view", "hand", ["3S"] * 217), "view.hand"),
    "a set to beat that is no set": (
        "baohuang", "qingdao", in_view("view", "top", "cards", ["3S", "4H"]), "view.top.cards"),
    "a view of a preset this bhtui does not know": (
        "baohuang", "qingdao", in_view("view", "preset", "rizhao"), "view.preset"),
    "a view with an option this bhtui does not know": (
        "baohuang", "qingdao", in_view("view", "options", {"abdicate_chain": True}),
        "view.options"),
    "a view without whose turn it is": (
        "baohuang", "qingdao", in_view("view", "to_act", ...), "view.to_act"),
    "a last move of a card that is no card": (
        "baohuang", "qingdao", in_view("recall", "last", 1, {"move": ["ZZ"], "old": False}),
        "recall.last[1].move"),
    "a catch-up with a pass of seat 9": (
        "baohuang", "qingdao",
        lambda view: {"type": "catchup", "events": [[view["seq"] + 1, {"type": "pass", "seat": 9}]]},
        "events[0][1].seat"),
    "a score table whose tribute comes from seat 7": (
        "baohuang", "qingdao", lambda view: changed(
            finished_row("baohuang", "qingdao"), ("rounds", 0, "tribute"),
            [{"from": 7, "to": 0, "card": "BJ"}]), "rounds[0].tribute[0].from"),
    "a hint of a set that is no set": (
        "baohuang", "qingdao",
        lambda view: {"type": "hint", "cid": 1, "action": {"type": "play", "set": "3 4"}},
        "action.set"),
    # Dou Dizhu (classic: 3 seats, one deck; shanghai: 4 seats, two decks)
    "a play of a hand that is none": (
        "doudizhu", "classic", event(type="play", seat=1, hand="3 4", kind="pair", left=15),
        "event.hand"),
    "a result whose escaper is seat 3 of three": (
        "doudizhu", "classic", event(
            type="result", round=1, landlord=0, bid=3, winner="farmers", scores=[-6, 3, 3],
            stake=3, factors={}, bombs=0, spring=None, levels=None, reports=[], fight=None,
            escape={"seat": 3, "why": "left"}, hands=[[], [], []], kitty=["3", "4", "5"]),
        "event.escape.seat"),
    "a view of five seats at a table of three": (
        "doudizhu", "classic",
        lambda view: changed(view, ("view", "seats"), (view["view"]["seats"] * 2)[:5]),
        "view.seats"),
    "a factor of nothing": (
        "doudizhu", "classic", in_view("view", "factors", {"bombs": "0"}),
        "view.factors['bombs']"),
    "a kitty card that is no card": (
        "doudizhu", "classic", in_view("view", "kitty", ["3", "3H", "5"]), "view.kitty[1]"),
    "a Shanghai set to beat of nine 5s": (
        "doudizhu", "shanghai", in_view("view", "top", "hand", "5 5 5 5 5 5 5 5 5"),
        "view.top.hand"),
}


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.name)
@pytest.mark.parametrize("preset", [..., 5, ["qingdao"], "rizhao"], ids=repr)
def test_a_view_s_rules_that_are_not_the_game_s_are_named_never_raised(game, preset):
    """``sent_fault`` is the game's word on any message of a type it checks: a view whose
    preset is missing, not text or not the game's is named, whatever its options (a
    KeyError or a TypeError came out of it). The client's own checks ask for a preset's
    text first, so only a caller without them met it."""
    _, _, view = seated(game.name, list(game.presets)[-1])  # options the default lacks
    sent = changed(view, ("view", "preset"), preset)
    assert game.sent_fault(sent, sent["view"]) == "view.preset"


def bad_frames(case: str) -> tuple[dict, list[dict], dict, str]:
    """The hello, what a sound host sends first (welcome, catch-up, view), the bad message and
    where it is wrong."""
    game, preset, build, where = BAD[case]
    hello, catchup, view = seated(game, preset)
    return hello, [WELCOME, catchup, view], build(view), where


@pytest.mark.parametrize("case", sorted(BAD))
async def test_a_hostile_host_s_bad_game_field_ends_the_stay_saying_where(case):
    """The client leaves once, saying the host broke the protocol and which field; nothing
    of the message was used (the view and the events are the sound ones before it) and it
    does not reconnect to a host that would only do it again."""
    hello, sound, bad, where = bad_frames(case)
    client, said, links = await stay_at_hostile_host(*sound, bad, hello=hello)
    why = f"a {bad['type']!r} message without a valid {where!r}"
    assert client.refused == {"type": "error", "code": "malformed", "reason": why}
    assert said[-2:] == [client.refused, {"type": "closed", "reason": why}] and links == [1]
    assert client.view == sound[2]["view"] and client.recall == sound[2]["recall"]
    assert [e for _, e in client.events] == [e for _, e in sound[1]["events"]]
    assert not client.rounds
