"""Take a seat at HOST:PORT and make no move; print a JSON line when seated and one when the
link has ended. Run inside a network namespace by tests/net/test_lan_netns.py (a person whose
laptop is about to lose its Wi-Fi: the kernel finds the host gone), and stopped by SIGSTOP on
loopback by tests/net/test_liveness.py (the host lets the stopped program go)."""

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
