"""LAN figures on loopback, printed (never asserted).

    python bench/net.py [--spectators N] [--rounds R] [--runs K]

A headless `bhtui host` process; five bot players connect over TCP from this process and N
spectators from a second process (so decoding their frames does not delay the players). Runs
alternate between the reference (5 seats, no spectators) and 5 seats + N spectators, K times
each; every figure is the median and min..max over the runs, and the ratio of the medians
against the reference:

- action -> every viewer: from a player's sending an action to each viewer's receiving the
  first event it caused (one monotonic clock, one machine), p50 and p99 over all deliveries;
- host CPU per action: the host's user+system time during the match / actions played;
- host CPU to seat the spectators (all N joining), and the host's resident memory at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from typing import Any

import msgpack

from bhtui.bots import HeuristicBot
from bhtui.bots.legal import legal_from_view
from bhtui.net.client import Client
from bhtui.net.protocol import PROTOCOL, encode
from bhtui.net.tcp import TcpLink, open_link, open_streams

HANDSHAKES, TRIES = 32, 5  # spectators saying hello at once (the host takes 64), tries each
THINK = 0.01  # seconds a player waits before sending, so actions do not queue behind each other
TICK = os.sysconf("SC_CLK_TCK")


def host_cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def host_rss(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


class FrameClock:
    """When each event first arrived on one connection, from frame headers alone (the
    "type" is every map's first key, so nothing else is decoded)."""

    def __init__(self) -> None:
        self.buffer, self.arrivals = bytearray(), {}

    def feed(self, data: bytes, now: float) -> list[bytes]:
        """Record the events in ``data``; return the kinds of the frames completed."""
        self.buffer += data
        kinds = []
        while len(self.buffer) >= 4:
            size = int.from_bytes(self.buffer[:4], "big")
            if len(self.buffer) < 4 + size:
                break
            body = bytes(self.buffer[4:4 + size])
            del self.buffer[:4 + size]
            kind = body[7:7 + (body[6] & 0x1F)]
            if kind == b"event":
                self.arrivals.setdefault(msgpack.unpackb(body)["seq"], now)
            kinds.append(kind)
        return kinds


class Watcher:
    """A spectator that only reads frame headers and event numbers; ``seated`` says whether
    the host welcomed it (or refused it: busy with other handshakes, full)."""

    def __init__(self, name: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 ahead: bytes) -> None:
        self.name, self.clock = name, FrameClock()
        self.writer = writer
        self.seated: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.reading = asyncio.ensure_future(self._read(reader, ahead))

    async def _read(self, reader: asyncio.StreamReader, data: bytes) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            if data:  # a refusal in clear, read ahead of the stream
                self._received(data)
            while data := await reader.read(65536):
                self._received(data)
        if not self.seated.done():
            self.seated.set_result(False)

    def _received(self, data: bytes) -> None:
        kinds = self.clock.feed(data, time.perf_counter())
        if b"hello" in kinds:  # the host's: say ours
            self.writer.write(encode({"type": "hello", "proto": list(PROTOCOL),
                                      "role": "spectator", "name": self.name}))
        if not self.seated.done() and (b"welcome" in kinds or b"error" in kinds):
            self.seated.set_result(b"welcome" in kinds)

    def close(self) -> None:
        self.reading.cancel()
        self.writer.close()


class TimedLink(TcpLink):
    """A player's link that notes when each event arrived, before anything is decoded."""

    def __init__(self, link: TcpLink) -> None:
        super().__init__(link.reader, link.writer)
        self.clock = FrameClock()

    async def read(self) -> bytes:
        data = await super().read()
        self.clock.feed(data, time.perf_counter())
        return data


def thinking_bot(client: Client, sent: dict[int, float]) -> None:
    """Play the seat: decide after THINK (so deciding never delays anyone's reading), note
    when each action leaves, say ready after each round."""
    bot, answered = HeuristicBot(), set()
    loop = asyncio.get_running_loop()

    def decide(seq: int) -> None:
        view = client.view
        if view is not None and client.my_turn and client.seq == seq:
            action = bot.decide(legal_from_view(view))
            sent[seq] = time.perf_counter()
            client.act(action)

    def on_message(message: dict[str, Any]) -> None:
        if message["type"] == "event" and message["event"].get("type") == "round_end":
            client.ready()
        elif message["type"] == "view" and client.my_turn and client.seq not in answered:
            answered.add(client.seq)
            loop.call_later(THINK, decide, client.seq)

    client.listen(on_message)


def spectators(port: int, count: int, pipe: Connection) -> None:
    """The spectators' process: connect from many loopback addresses, report when seated,
    then (on request) when each event reached each of them."""
    async def run() -> None:
        shaking = asyncio.Semaphore(HANDSHAKES)

        async def seat(i: int) -> Watcher | None:
            address = f"127.1.{i // 250}.{i % 250 + 1}"  # the host caps spectators per address
            for _ in range(TRIES):  # a refused one tries again, as a person would
                async with shaking:
                    try:  # a loaded host may drop a TLS handshake past its deadline
                        streams = await open_streams("127.0.0.1", port, local_addr=(address, 0))
                    except (OSError, TimeoutError):
                        continue
                    watcher = Watcher(f"W{i}", *streams)
                    if await watcher.seated:
                        return watcher
                watcher.close()
            return None

        seated = await asyncio.gather(*(seat(i) for i in range(count)))
        watchers = [w for w in seated if w is not None]
        pipe.send(len(watchers))
        while not pipe.poll():
            await asyncio.sleep(0.05)
        pipe.recv()
        pipe.send([w.clock.arrivals for w in watchers])

    asyncio.run(run())


async def connected(port: int) -> TcpLink:
    """A player's link; a TLS handshake a loaded host dropped past its deadline is tried
    again, as a person's client does (``stay_connected``)."""
    for _ in range(TRIES - 1):
        try:
            return await open_link("127.0.0.1", port)
        except (OSError, TimeoutError):
            await asyncio.sleep(0.5)
    return await open_link("127.0.0.1", port)


async def one_run(spectator_count: int, rounds: int) -> dict[str, float]:
    """One match's figures; the host process never outlives it (left running, it held the
    caller's output open)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tempfile.mkdtemp()
    host = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "host", "--headless", "--bind", "127.0.0.1", "--port",
         str(port), "--no-advertise", "--rounds", str(rounds), "--seed", "2", "--bot-delay",
         "0"], env={**os.environ, "BHTUI_DATA_DIR": data}, stdout=subprocess.PIPE, text=True)
    try:
        host.stdout.readline()
        sent: dict[int, float] = {}  # seq answered -> when the action left
        players: list[Client] = []
        running: list[asyncio.Task[None]] = []  # held, so no client task is collected mid-run
        watch_end = None
        join_cpu = 0.0
        if spectator_count:
            watch_end, their_end = multiprocessing.Pipe()
            worker = multiprocessing.Process(target=spectators, args=(port, spectator_count, their_end))
            before = host_cpu(host.pid)
            worker.start()
            seated = await asyncio.get_running_loop().run_in_executor(None, watch_end.recv)
            join_cpu = host_cpu(host.pid) - before
            if seated != spectator_count:
                host.terminate()
                sys.exit(f"bench: only {seated} of {spectator_count} spectators were seated "
                         f"(after {TRIES} tries each): no figure for {spectator_count}")
        arrivals: list[dict[int, float]] = []
        for i in range(5):
            link = TimedLink(await connected(port))
            client = Client(link, f"P{i}")
            thinking_bot(client, sent)
            arrivals.append(link.clock.arrivals)
            running.append(asyncio.create_task(client.run()))
            players.append(client)
        cpu_start = host_cpu(host.pid)
        started = time.perf_counter()
        while not all(c.view is not None and c.view["phase"] == "over" for c in players):
            await asyncio.sleep(0.05)
            if time.perf_counter() - started > 600:
                sys.exit("the match did not finish")
        cpu = host_cpu(host.pid) - cpu_start
        rss = host_rss(host.pid)
        if watch_end is not None:
            watch_end.send("report")
            arrivals += await asyncio.get_running_loop().run_in_executor(None, watch_end.recv)
            worker.join()
        host.terminate()
        host.wait()
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
    finally:
        if host.poll() is None:
            host.terminate()
            host.wait()
    latencies = sorted(seen[seq + 1] - t for seq, t in sent.items()
                       for seen in arrivals if seq + 1 in seen)
    if len(latencies) != len(sent) * len(arrivals):
        sys.exit(f"bench: {len(latencies)} deliveries of {len(sent)} actions to "
                 f"{len(arrivals)} viewers, not {len(sent) * len(arrivals)}: some viewer "
                 "missed an action's event, so the latencies are not of every viewer")
    return {"p50": statistics.median(latencies) * 1000,
            "p99": latencies[int(len(latencies) * 0.99)] * 1000,
            "cpu": cpu / len(sent) * 1000, "join": join_cpu, "rss": rss,
            "deliveries": len(latencies), "actions": len(sent)}


def line(label: str, unit: str, runs: list[float], ref: list[float] | None) -> str:
    median = statistics.median(runs)
    text = f"  {label:<32} {median:8.2f} {unit:<3} ({min(runs):.2f}..{max(runs):.2f})"
    if ref is not None and statistics.median(ref) > 0:
        text += f"  ×{median / statistics.median(ref):.2f} of the reference"
    return text


async def main(count: int, rounds: int, runs: int) -> None:
    results: dict[int, list[dict[str, float]]] = {0: [], count: []}
    for _ in range(runs):  # interleaved, so a busy moment of the machine hits both alike
        for n in results:
            results[n].append(await one_run(n, rounds))
    print(f"{rounds} round(s) per run, {runs} interleaved runs each, players think "
          f"{THINK * 1000:.0f} ms; median (min..max)")
    for n, got in results.items():
        ref = results[0] if n else None
        first = got[0]
        print(f"5 seats + {n} spectators ({first['actions']:.0f} actions, "
              f"{first['deliveries']:.0f} deliveries per run):")
        print(line("action -> every viewer p50", "ms", [r["p50"] for r in got],
                   ref and [r["p50"] for r in ref]))
        print(line("action -> every viewer p99", "ms", [r["p99"] for r in got],
                   ref and [r["p99"] for r in ref]))
        print(line("host CPU per action", "ms", [r["cpu"] for r in got],
                   ref and [r["cpu"] for r in ref]))
        if n:
            print(line(f"host CPU to seat {n} spectators", "s", [r["join"] for r in got], None))
        print(line("host resident memory", "MiB", [r["rss"] for r in got],
                   ref and [r["rss"] for r in ref]))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.spectators, args.rounds, args.runs))
