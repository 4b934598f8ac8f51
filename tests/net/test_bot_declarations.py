"""A searching bot weighs its declarations out of turn (明保, R-GUARD-5) off the table's loop,
as it does its moves: the table serves people meanwhile, the bots' moves wait for its answer,
and a declaration it makes lands before the first lead."""

from __future__ import annotations

import threading

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.rules import PRESETS
from bhtui.rules.choices import Choices

from net_helpers import connect, settle


class Weighing:
    """``normal``'s moves; a 明保 offer is weighed until the test lets it answer (yes)."""

    name, thinks = "weighing", True

    def __init__(self, go: threading.Event, weighing: threading.Event) -> None:
        self.go, self.weighing, self.plain = go, weighing, make_bot("normal")
        self.threads: set[str] = set()

    def decide(self, offer: Choices):
        return self.plain.decide(offer)

    def interject(self, offer: Choices):
        if "open_guard" not in offer.kinds:
            return None
        self.threads.add(threading.current_thread().name)
        self.weighing.set()
        assert self.go.wait(30), "never let go"
        return {"type": "open_guard"}


async def test_R_GUARD_5_a_bot_weighing_open_guard_holds_the_bots_not_the_table():
    go, weighing = threading.Event(), threading.Event()
    bots = [Weighing(go, weighing) for _ in range(5)]
    seats = [Seat(name=f"B{s}", bot=bot, ready=True) for s, bot in enumerate(bots)]
    table = Table(PRESETS["baike"], seats, seed=2, rounds=1, bot_delay=0.0)
    watcher, link, _ = connect(table, "Watcher", role="spectator")
    await settle(lambda: watcher.room is not None)
    table.start()
    await settle(weighing.is_set)
    played = len(table.match.actions)
    watcher.chat("still there?")
    await settle(lambda: any(m["type"] == "chat" for m in link.messages()))
    assert len(table.match.actions) == played  # served while it weighs; no bot has moved
    guard = table.match.round.guard
    assert [bot.threads for bot in bots][guard] and threading.main_thread().name not in set(
        ).union(*(bot.threads for bot in bots))
    go.set()
    await settle(lambda: table.match.round.first_lead_played)
    declared = [a for a in table.match.actions if a[1]["type"] == "open_guard"]
    assert declared == [(guard, {"type": "open_guard"})]
