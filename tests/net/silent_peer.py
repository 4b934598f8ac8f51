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

    def seated(message: dict) -> None:
        if message["type"] == "welcome":
            print(json.dumps({"seated": client.seat}), flush=True)

    client.listen(seated)
    await client.run(await open_link(host, port))
    print(json.dumps({"lost": True}), flush=True)


asyncio.run(asyncio.wait_for(main(sys.argv[1], int(sys.argv[2])), 300))
