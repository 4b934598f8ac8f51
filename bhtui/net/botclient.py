"""A bot at a remote table: plays its seat from the views the host sends, like any client."""

from __future__ import annotations

from typing import Any

from bhtui.games import get_game
from bhtui.games.moments import Moments
from bhtui.net.client import Client


def attach_bot(client: Client, bot: Any = None) -> None:
    """Answer every decision of the client's seat, and say ready after each round. ``bot``
    is one of the table's game's bots (the standard one if left out); the game is the one
    the host's hello names."""
    policy = bot
    answered: set[int] = set()
    offered = Moments()  # declarations: once per moment

    def on_message(message: dict[str, Any]) -> None:
        nonlocal policy
        kind = message["type"]
        game = get_game(client.game)
        if kind == "welcome":  # a new link: an answer lost with the old one is owed again
            answered.clear()
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
