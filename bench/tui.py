"""Time from `bhtui` to the first drawn table, and the resident memory of a running game.

    python bench/tui.py [runs]

Starts `bhtui --seed 7 --fast` on a pseudo-terminal of 100×30, reads until the table's
title has been drawn, then lets the game run for two seconds and reads VmRSS.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import termios
import time


def one_run() -> tuple[float, int]:
    exe = shutil.which("bhtui") or sys.exit("bhtui is not installed")
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
        os.execv(exe, [exe, "--seed", "7", "--fast", "--lang", "en"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    seen = b""
    first = None
    deadline = started + 30
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if first is None and b"Table" in seen and b"Your hand" in seen:
                first = time.perf_counter() - started
                settle = time.perf_counter() + 2
                deadline = settle
    rss_kib = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss_kib = int(line.split()[1])
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    if first is None:
        sys.exit("the table was never drawn")
    return first, rss_kib


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    results = [one_run() for _ in range(runs)]
    firsts = [f for f, _ in results]
    rss = [r for _, r in results]
    print(f"{runs} runs of `bhtui --seed 7 --fast` at 100x30")
    print(f"first drawn table: median {statistics.median(firsts) * 1000:.0f} ms, "
          f"max {max(firsts) * 1000:.0f} ms")
    print(f"resident memory 2 s after the first frame: median {statistics.median(rss) / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
