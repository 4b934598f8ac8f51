"""LAN figures on loopback, printed (never asserted).

    python bench/net.py [rounds]

A headless `bhtui host` process; five bot players and fifty spectators connect over TCP from
this process. Latency is from a player's sending an action to each viewer's receiving the
first event it caused (one clock, one machine; all 55 clients share this one process, so
their decoding is counted too). Also: the host's resident memory and the
frames and bytes each seat receives per round.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from bhtui.net.botclient import attach_bot
from bhtui.net.client import Client
from bhtui.net.tcp import TcpLink, open_link

SPECTATORS = 50
THINK = 0.01  # seconds a player waits before sending, so actions do not queue behind each other


class Counting(TcpLink):
    frames = 0
    bytes = 0

    async def read(self) -> bytes:
        data = await super().read()
        self.bytes += len(data)
        return data


async def main(rounds: int) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tempfile.mkdtemp()
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         str(port), "--no-advertise", "--rounds", str(rounds), "--seed", "2", "--bot-delay", "0"],
        env={**os.environ, "BHTUI_DATA_DIR": data}, stdout=subprocess.PIPE, text=True)
    host.stdout.readline()
    sent: dict[int, float] = {}  # seq answered -> when the action left
    latencies: list[float] = []
    viewers: list[tuple[Client, Counting]] = []
    running: list[asyncio.Task[None]] = []  # held, so no client task is collected mid-run

    def timing(client: Client):
        def on_message(message):
            if message["type"] == "event":
                t = sent.get(message["seq"] - 1)
                if t is not None and message["seq"] - 1 not in client.timed:
                    client.timed.add(message["seq"] - 1)
                    latencies.append(time.perf_counter() - t)
        return on_message

    for i in range(5 + SPECTATORS):
        link = await open_link("127.0.0.1", port)
        counting = Counting(link.reader, link.writer)
        client = Client(counting, f"P{i}" if i < 5 else f"W{i}", "player" if i < 5 else "spectator")
        client.timed = set()
        if i < 5:
            attach_bot(client)
            original = client.act

            def act(action, client=client, original=original):
                def send() -> None:
                    sent[client.seq] = time.perf_counter()
                    original(action)
                asyncio.get_running_loop().call_later(THINK, send)  # latency, not throughput
            client.act = act
        client.listen(timing(client))
        running.append(asyncio.create_task(client.run()))
        viewers.append((client, counting))
    started = time.perf_counter()
    while not all(c.view is not None and c.view["phase"] == "over" for c, _ in viewers):
        await asyncio.sleep(0.05)
        if time.perf_counter() - started > 300:
            sys.exit("the match did not finish")
    elapsed = time.perf_counter() - started
    with open(f"/proc/{host.pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    host.terminate()
    host.wait()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99)] * 1000
    seat_frames = [len(c.events) + 0 for c, _ in viewers[:5]]
    seat_bytes = [link.bytes for _, link in viewers[:5]]
    print(f"{rounds} rounds, 5 seats + {SPECTATORS} spectators over loopback TCP, "
          f"players think {THINK * 1000:.0f} ms, {elapsed:.1f} s")
    print(f"action -> every viewer: p50 {p50:.2f} ms  p99 {p99:.2f} ms  ({len(latencies)} deliveries)")
    print(f"host resident memory: {rss / 1024:.1f} MiB")
    print(f"per seat per round: {statistics.mean(seat_frames) / rounds:.0f} events, "
          f"{statistics.mean(seat_bytes) / rounds / 1024:.0f} KiB received")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
