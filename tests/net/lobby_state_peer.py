"""Run inside a network namespace by test_lobby_netns: a table advertised on loopback and a
lobby's browser, over real zeroconf. Prints, as JSON, what the lobby lists of the table
while it waits and once its match has begun (its ``state`` and ``round``)."""

from __future__ import annotations

import asyncio
import json

from bhtui.net.host import Table
from bhtui.net.lobby import Advertiser, Browser, TableInfo
from bhtui.rules import PRESETS


async def main() -> None:
    table = Table(PRESETS["qingdao"], seed=1, name="Busy")
    advertiser = Advertiser(table, 7474, "127.0.0.1")
    seen: list[TableInfo] = []
    changed = asyncio.Event()

    def told(tables: dict[str, TableInfo]) -> None:
        seen.extend(tables.values())
        changed.set()

    browser = Browser(told, "127.0.0.1", check_every=3600)
    await advertiser.start()
    await browser.start()
    report: dict[str, object] = {}
    try:
        for moment in ("before", "after"):
            while not seen or (moment == "after" and seen[-1].state != "playing"):
                changed.clear()
                await asyncio.wait_for(changed.wait(), 20)
            report[moment] = [seen[-1].state, seen[-1].round]
            if moment == "before":
                table.start()
    finally:
        await browser.stop()
        await advertiser.stop()
        print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main())
