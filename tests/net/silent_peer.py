"""Run inside a network namespace by tests/net/test_lan_netns.py: take a seat at HOST:PORT and
make no move, as a person whose laptop is about to lose its Wi-Fi; print a JSON line when
seated and one when the link has ended (the kernel found the host gone)."""

import asyncio
import json
import sys

from bhtui.net.client import Client
from bhtui.net.tcp import open_link


async def main(host: str, port: int) -> None:
    client = Client(None, "Silent")
    link = await open_link(host, port)
    running = asyncio.create_task(client.run(link))
    while client.seat is None and not running.done():
        await asyncio.sleep(0.02)
    print(json.dumps({"seated": client.seat}), flush=True)
    await running
    print(json.dumps({"lost": True}), flush=True)


asyncio.run(asyncio.wait_for(main(sys.argv[1], int(sys.argv[2])), 300))
