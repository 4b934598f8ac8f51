"""What the door tests (`tests/net/test_ssh.py`, `tests/net/test_web.py`) share: a clock of
the test's own, a visitor's InputBudget on it that counts what it was asked, a watch on an
app's memory, a door under a lower descriptor limit, a flood of connections and a login with
no SSH key."""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
from collections.abc import Callable

from bhtui.net.gate import INPUT_BURST, InputBudget

from loopback import settle

KEYLESS = {"username": "anyone", "known_hosts": None, "client_keys": None, "password": ""}
"""How a test's visitor logs in to serve-ssh with no SSH key: keyboard-interactive, which the
door lets in asking nothing (asyncssh's client tries it only with a password to give)."""


class Clock:
    """A door's clock that moves only when the test says time has passed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class CountedBudget(InputBudget):
    """A session's InputBudget on the test's clock that counts the bytes it was asked for:
    the door has read all a client sent once they are counted."""

    def __init__(self, clock: Clock, burst: int = INPUT_BURST) -> None:
        super().__init__(burst=burst, clock=clock)
        self.asked = 0

    def take(self, size: int) -> bool:
        self.asked += size
        return super().take(size)


def peak_rss(pid: int) -> int:
    """The most memory the process has ever held, in bytes (its VmHWM)."""
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024


def held_below(pid: int, bound: int) -> bool:
    """True while process ``pid`` has never held ``bound`` bytes, and once it has ended
    (fails the test as soon as it has held them): for settle's conditions, so a flood is
    caught as it grows."""
    try:
        peak = peak_rss(pid)
    except (OSError, StopIteration):  # gone, or a zombie: it holds nothing now
        return True
    assert peak < bound, f"the app holds {peak / 2**20:.0f} MiB"
    return True


def lowered_to(limit: int) -> Callable[[], None]:
    """A child's preexec_fn that lowers its soft descriptor limit to ``limit``, as a host's
    ``ulimit -n`` would (the apps a door starts inherit it)."""
    def lower() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE,
                           (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    return lower


def door_within(limit: int, *arguments: str, env: dict[str, str]) -> subprocess.Popen[str]:
    """``bhtui`` with ``arguments`` (a door) under a descriptor limit of ``limit``
    (`lowered_to`), its banner read."""
    door = subprocess.Popen([sys.executable, "-m", "bhtui", *arguments],
                            env={**os.environ, **env}, preexec_fn=lowered_to(limit),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert " on " in door.stdout.readline()
    return door


async def flood(port: int, count: int, kept: int) -> list[bytes]:
    """``count`` connections to the door at ``port`` that send nothing, from as many loopback
    addresses (so no per-address cap stops them): all the door sent each, to its end. Once
    every one but the ``kept`` it keeps waiting has been answered and closed, those end
    theirs, and the door closes them too (so its gate has let them go)."""
    links = [await asyncio.open_connection(
        "127.0.0.1", port, local_addr=(f"127.0.{1 + n // 250}.{1 + n % 250}", 0))
        for n in range(count)]
    answers = [asyncio.ensure_future(reader.read()) for reader, _ in links]
    await settle(lambda: sum(answer.done() for answer in answers) >= count - kept)
    for (_, writer), answer in zip(links, answers, strict=True):
        if not answer.done():
            writer.write_eof()
    told = list(await asyncio.gather(*answers))
    for _, writer in links:
        writer.close()
    return told
