"""A bot at a remote table: plays its seat from the views the host sends, like any client."""

from __future__ import annotations

from typing import Any

from bhtui.bots import Bot, HeuristicBot
from bhtui.bots.legal import legal_from_view
from bhtui.net.client import Client


def attach_bot(client: Client, bot: Bot | None = None) -> None:
    """Answer every decision of the client's seat, and say ready after each round."""
    policy = bot or HeuristicBot()
    answered: set[int] = set()

    def on_message(message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "event" and message["event"].get("type") == "round_end":
            client.ready()
        elif kind == "view" and client.my_turn and client.seq not in answered:
            answered.add(client.seq)
            view = client.view
            assert view is not None
            client.act(policy.decide(view, legal_from_view(view)))

    client.listen(on_message)
