"""A bot at a remote table: plays its seat from the views the host sends, like any client."""

from __future__ import annotations

from functools import partial
from typing import Any

from bhtui.bots import Bot, HeuristicBot
from bhtui.bots.legal import legal_from_view
from bhtui.rules.choices import Choices
from bhtui.rules.reading import reading_of_view
from bhtui.bots.moments import Moments
from bhtui.net.client import Client
from bhtui.rules.round import OUT_OF_TURN


def attach_bot(client: Client, bot: Bot | None = None) -> None:
    """Answer every decision of the client's seat, and say ready after each round."""
    policy = bot or HeuristicBot()
    answered: set[int] = set()
    offered = Moments()  # declarations: once per moment

    def on_message(message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":  # a new link: an answer lost with the old one is owed again
            answered.clear()
        if kind == "event" and message["event"].get("type") == "round_end":
            client.ready()
            return
        view = client.view
        if kind != "view" or view is None:
            return
        moment = (view["round"], view["redeal"], view.get("moment", 0))
        declarations = [a for a in view.get("actions", []) if a["type"] in OUT_OF_TURN]
        if declarations and offered.due(moment, client.seat or 0):
            action = policy.interject(
                Choices([], declarations, partial(reading_of_view, view)))
            if action is not None:
                client.act(action)
                return
        if client.my_turn and client.seq not in answered:
            answered.add(client.seq)
            client.act(policy.decide(legal_from_view(view)))

    client.listen(on_message)
