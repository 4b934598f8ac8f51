"""A bot at a remote table: plays its seat from the views the host sends, like any client."""

from __future__ import annotations

from typing import Any

from bhtui.games import get_game
from bhtui.games.moments import Moments
from bhtui.net.client import Client


def attach_bot(client: Client, bot: Any = None) -> None:
    """Answer every decision of the client's seat, and say ready in the waiting room and
    after each round (a seat the room shows unready makes the host press Enter twice to
    start over it). ``bot`` is one of the table's game's bots (the standard one if left
    out); the game is the one the host's hello names."""
    policy = bot
    answered: set[int] = set()
    offered = Moments()  # declarations: once per moment
    # The seat whose ready is on its way: in the room ``ready`` toggles, so a second room
    # sent before the host read ours must not say it again (it would take it back).
    readying: int | None = None

    def on_message(message: dict[str, Any]) -> None:
        nonlocal policy, readying
        kind = message["type"]
        game = get_game(client.game)
        if kind == "welcome":  # a new link (or seat): what was lost with the old is owed again
            answered.clear()
            readying = None
        if kind == "room":
            seats, seat = message["room"]["seats"], client.seat
            unready = seat is not None and seat < len(seats) and not seats[seat]["ready"]
            if unready and readying != seat:
                client.ready()
            readying = seat if unready else None
            return
        if kind == "event" and message["event"].get("type") == game.round_end:
            client.ready()
            return
        view = client.view
        if kind != "view" or view is None:
            return
        if policy is None:
            policy = game.make_bot(game.standard_bot)
        declarations = [a for a in view.get("actions", []) if a["type"] in game.out_of_turn]
        if declarations and offered.due(game.view_moment(view), client.seat or 0):
            action = game.remote_interject(policy, view)
            if action is not None:
                client.act(action)
                return
        if client.my_turn and client.seq not in answered:
            answered.add(client.seq)
            client.act(game.remote_decide(policy, view))

    client.listen(on_message)
