"""What the door tests (`tests/net/test_ssh.py`, `tests/net/test_web.py`) share: a clock of
the test's own, a visitor's InputBudget on it that counts what it was asked, and a watch on
an app's memory."""

from __future__ import annotations

from bhtui.net.gate import INPUT_BURST, InputBudget


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
