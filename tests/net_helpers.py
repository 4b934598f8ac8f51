"""Tables and connections for host tests: a table of people and bots, clients over the
in-memory transport that keep every frame, and waits on the loop bounded only against hangs."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bhtui.bots import make_bot
from bhtui.games import get_game
from bhtui.net.client import Client
from bhtui.net.gate import VISITOR_NICENESS
from bhtui.net.host import Seat, Table
from bhtui.net.memory import MemoryLink
from bhtui.net.protocol import FrameDecoder
from bhtui.rules import PRESETS, RuleSet

HANG = 180.0
"""Seconds after which a wait gives up: only a hang gets there (a loaded machine makes a
round take tens of seconds, never minutes)."""

_BACKGROUND: set[asyncio.Task] = set()


def in_background(coro) -> asyncio.Task:
    """Start a task and keep a reference: asyncio may collect a task nobody holds."""
    task = asyncio.create_task(coro)
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
    return task


async def settle(condition, limit: float = HANG) -> None:
    """Let the loop run until ``condition()`` holds, looking at every turn of the loop: over
    memory the host, its bots at full speed and the clients share this loop, and a test may
    look at a moment they pass at once (fails loudly if it never comes)."""
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0)
    await asyncio.wait_for(wait(), limit)


def people_and_bots(people: set[int], preset: str | RuleSet = "qingdao", start: bool = True,
                    **table: object) -> Table:
    """A table with seats reserved for ``people`` (taken back by their tokens; named P0…) and
    heuristic bots everywhere else, started unless ``start`` is False."""
    seats = [Seat(name=f"P{s}", taken=True) if s in people
             else Seat(name=f"B{s}", bot=make_bot("heuristic"), ready=True) for s in range(5)]
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    built = Table(rules, seats, **table)  # type: ignore[arg-type]
    if start:
        built.start()
    return built


def host_and_al(game: str, seed: int, al: int, bot_delay: float = 0.0) -> Table:
    """Two people (the host's seat 0 and Al's seat ``al``) and bots, two rounds, started."""
    if game == "baohuang":
        return people_and_bots({0, al}, seed=seed, rounds=2, bot_delay=bot_delay)
    ddz = get_game("doudizhu")
    seats = [Seat(name="Hosty", taken=True), Seat(name="Al", taken=True),
             *(Seat(name=f"B{s}", bot=ddz.make_bot("heuristic", s), ready=True) for s in (2, 3))]
    table = Table(ddz.rules("shanghai", None), seats, game=ddz, seed=seed, rounds=2,
                  bot_delay=bot_delay)
    table.start()
    return table


def all_bots_but(humans: set[int], seed: int = 3, rounds: int = 1, preset="qingdao",
                 **kw) -> Table:
    """A started table: bots everywhere but ``humans``, seats reserved for them by token."""
    return people_and_bots(humans, preset, seed=seed, rounds=rounds, bot_delay=0.0, **kw)


class Tap(MemoryLink):
    """A memory link that also keeps every frame the host sent, as bytes."""

    def __init__(self, table: Table) -> None:
        self.frames: list[bytes] = []
        super().__init__(table)

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)
        super().send_frame(frame)

    def messages(self) -> Iterator[dict]:
        """The messages received, one at a time: a whole match's at once kept the garbage
        collector walking them all, twice the decoding's own cost."""
        decoder = FrameDecoder()
        for frame in self.frames:
            yield from decoder.feed(frame)


def connect(table: Table, name: str, role: str = "player", seat: int | None = None,
            code: str | None = None) -> tuple[Client, Tap, asyncio.Task]:
    """A client over memory (taking back ``seat`` by its token), its run started."""
    link = Tap(table)
    token = table.seats[seat].token if seat is not None else None
    client = Client(link, name, role, token=token, code=code)
    return client, link, in_background(client.run())


def runs_below_me(pid: int) -> bool:
    """Whether process ``pid`` runs VISITOR_NICENESS below this one (as far as Unix allows)."""
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    return os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + VISITOR_NICENESS)


def alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (a door's app after its visitor left)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def sh(*args: str) -> subprocess.CompletedProcess:
    """A command's result, its output kept (a network namespace's setup)."""
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


def new_netns(name: str) -> None:
    """Network namespace ``name`` made, or the test skipped saying why this machine cannot
    (no iproute2, not root)."""
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command (iproute2) on this machine")
    made = sh("ip", "netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"cannot create network namespaces here: {made.stderr.strip()}")


@contextmanager
def ready_netns(name: str, *steps: tuple[str, ...]) -> Iterator[str]:
    """Network namespace ``name``, readied by ``steps`` (each the words after ``ip -n NAME``)
    and deleted after; the test skipped, saying which step, where this machine cannot."""
    new_netns(name)
    try:
        for step in steps:
            done = sh("ip", "-n", name, *step)
            if done.returncode != 0:
                pytest.skip(f"cannot ready the namespace (ip -n {name} {' '.join(step)}): "
                            f"{done.stderr}")
        yield name
    finally:
        sh("ip", "netns", "del", name)
