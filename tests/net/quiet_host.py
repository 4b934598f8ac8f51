"""Host a table on loopback that nothing moves, and print {"port": n, "token": t} once it
listens: seat 0 is a person's (``token`` takes it back), whose move the bots wait for, so once
they have made theirs the table is quiet; with the argument ``room`` it waits in its room
instead. Stopped by SIGSTOP in tests/net/test_liveness.py and tests/tui/test_host_silence.py
(a host's program stopped, or its laptop hung): its clients must say so, and go on when it
runs again."""

import asyncio
import json
import sys

from bhtui.bots import make_bot
from bhtui.net.host import Seat, Table
from bhtui.net.tcp import serve_table
from bhtui.rules import PRESETS


async def main(started: bool) -> None:
    seats = [Seat(name="P0", taken=True)] + [
        Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True) for s in range(1, 5)]
    table = Table(PRESETS["qingdao"], seats, seed=4, rounds=1, bot_delay=0.01)
    if started:
        table.start()
    server = await serve_table(table, "127.0.0.1", 0)
    print(json.dumps({"port": server.sockets[0].getsockname()[1],
                      "token": table.seats[0].token}), flush=True)
    await asyncio.Event().wait()


asyncio.run(main(sys.argv[1:] != ["room"]))
