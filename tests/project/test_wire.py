"""docs/protocol.md and bhtui/wire.py say the same thing: every message the module shapes
is described in the document with each of its fields, and every event and view field the
engines really send is declared in the module and named in the document."""

import random
import re
import typing
from pathlib import Path

import pytest

from bhtui import wire
from bhtui.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()


def section(title: str) -> str:
    """The document's text under a heading (to the next heading of the same or a higher
    level)."""
    match = re.search(rf"^(#+) {re.escape(title)}\s*$", DOC, re.M)
    assert match, f"docs/protocol.md has no heading {title!r}"
    level = len(match.group(1))
    rest = DOC[match.end():]
    following = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[:following.start()] if following else rest


def named(text: str) -> set[str]:
    """The words the text writes as code: `` `view` ``, `` `{"seat", "move"}` ``."""
    return {w for span in re.findall(r"`([^`]+)`", text) for w in re.findall(r"\w+", span)}


def keys(shape: type) -> set[str]:
    return set(typing.get_type_hints(shape))


def message_type(shape: type) -> str:
    (kind,) = typing.get_args(typing.get_type_hints(shape)["type"])
    return kind


@pytest.mark.parametrize("shape", typing.get_args(wire.HostMessage)
                         + typing.get_args(wire.ClientMessage), ids=lambda s: s.__name__)
def test_every_message_is_documented_with_its_fields(shape):
    """Each message the module shapes: its type, its shape's name and every field are in the
    document (the handshake's, the host's or the client's part)."""
    kind, words = message_type(shape), named(DOC)
    assert kind in words and shape.__name__ in words
    assert sorted(keys(shape) - words) == []


@pytest.mark.parametrize("shape, title", [
    (wire.BaohuangView, "The view"),
    (wire.TableSeat, "Host → client"),
    (wire.Recall, "Host → client"),
    (wire.Room, "Host → client"),
    (wire.RoomSeat, "Host → client"),
])
def test_every_part_of_a_message_is_documented_field_by_field(shape, title):
    assert sorted(keys(shape) - named(section(title))) == []


def test_history_rows_of_both_games_are_documented():
    assert sorted(keys(wire.BaohuangRow) - named(section("Host → client"))) == []
    ddz = section('Dou Dizhu (`"game": "doudizhu"`)')
    assert sorted(keys(wire.DoudizhuRow) - named(ddz)) == []


def test_dou_dizhu_view_and_result_are_documented():
    text = section('Dou Dizhu (`"game": "doudizhu"`)')
    assert sorted(keys(wire.DoudizhuView) - named(text)) == []
    assert sorted(keys(wire.DoudizhuDealEnd) - named(text)) == []


def played_events(game, preset: str, seed: int) -> tuple[list[dict], list[dict]]:
    """Every event and view of a two-round match of random moves, declarations out of turn
    taken now and then."""
    match = game.new_match(game.rules(preset), seed, 2)
    rng, events, views = random.Random(seed), list(match.initial_events()), []
    for step in range(3000):
        if match.over:
            break
        seat = rng.randrange(game.seats(match.rules))
        out_of_turn = list(game.declarations(match, seat)) if rng.random() < 0.1 else []
        if not out_of_turn:
            seat = match.to_act
            out_of_turn = list(match.legal_actions(seat))
        events += match.apply(seat, rng.choice(out_of_turn))
        if step % 16 == 0:  # every view has the same fields: a few of each kind will do
            views += [match.view(seat), match.view("all"), match.view(None)]
    return events, views


GAME_PRESETS = [(game, preset) for game in GAMES.values() for preset in game.presets]


@pytest.mark.parametrize("game, preset", GAME_PRESETS, ids=lambda v: getattr(v, "name", v))
def test_every_event_and_view_field_sent_is_declared_and_documented(game, preset):
    """What the engines really send (R-HIDE-1: events and views are all that leaves the
    host): each event's type is in the document, each field is declared in ``Event`` and
    named in the document; each view field is declared in the game's view."""
    events, views = [], []
    for seed in range(4):
        more_events, more_views = played_events(game, preset, seed)
        events += more_events
        views += more_views
    doc = named(section("Events") + section('Dou Dizhu (`"game": "doudizhu"`)'))
    view_keys = keys(wire.BaohuangView if game.name == "baohuang" else wire.DoudizhuView)
    assert sorted({e["type"] for e in events} - doc) == []
    fields = {k for e in events for k in e}
    assert sorted(fields - keys(wire.Event)) == []
    assert sorted(fields - doc - {"type", "seat", "private"}) == []
    assert sorted({k for v in views for k in v} - view_keys) == []
