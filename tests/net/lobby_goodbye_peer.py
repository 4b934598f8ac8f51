"""Run inside a network namespace by test_lan_netns: a headless host on loopback, advertised,
and a lobby's browser; the host is then stopped (``stop``: SIGINT, as Ctrl-C) or killed
(``kill``: no goodbye). Prints, as JSON, whether the browser listed the table and how many
seconds after the stop it was no longer listed (None: still listed after ``wait``)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time

from bhtui.net.lobby import Browser


async def main(how: str, check_every: float, wait: float) -> None:
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1",
         "--port", "7474", "--bots", "4", "--name", "Gone"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert host.stdout is not None
    host.stdout.readline()  # (advertised once it has said where it is)
    listed = asyncio.Event()
    browser = Browser(lambda tables: listed.set() if tables else listed.clear(), "127.0.0.1",
                      check_every=check_every)
    await browser.start()
    report: dict[str, object] = {"listed": False, "gone_after": None}
    try:
        await asyncio.wait_for(listed.wait(), 20)
        report["listed"] = True
        os.kill(host.pid, signal.SIGINT if how == "stop" else signal.SIGKILL)
        stopped = time.monotonic()
        host.wait(10)
        while time.monotonic() - stopped < wait:
            if not browser.tables:
                report["gone_after"] = round(time.monotonic() - stopped, 1)
                break
            await asyncio.sleep(0.1)
    finally:
        await browser.stop()
        host.kill()
        report["host_said"] = host.communicate()[1]
        print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3])))
