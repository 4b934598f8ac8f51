"""Run inside a network namespace by tests/net/test_lan_netns.py: find a table by zeroconf, sit
down, let the standard bot play the seat to the end, print what happened as JSON."""

import asyncio
import json
import sys

from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.lobby import Browser
from bhtui.net.tcp import stay_connected


async def main(bind: str, wanted: str) -> None:
    found = asyncio.get_running_loop().create_future()

    def seen(tables):
        for info in tables.values():
            if info.name == wanted and not found.done():
                found.set_result(info)

    browser = Browser(seen, bind)
    await browser.start()
    info = await asyncio.wait_for(found, 30)
    await browser.stop()
    client = Client(None, "Peer")
    attach_bot(client)
    runner = asyncio.create_task(stay_connected(client, info.host, info.port))
    while client.view is None or client.view["phase"] != "over":
        await asyncio.sleep(0.02)
    runner.cancel()
    print(json.dumps({"name": info.name, "address": info.address, "preset": info.preset,
                      "code": info.code, "seat": client.seat, "history": client.history}))


asyncio.run(asyncio.wait_for(main(sys.argv[1], sys.argv[2]), 90))
