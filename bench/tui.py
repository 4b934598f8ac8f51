"""Time from `bhtui` to the first drawn table, and the resident memory of a running game.

    python bench/tui.py [runs] [--against DIR]

Starts `python -m bhtui --seed 7 --fast` from this checkout on a pseudo-terminal of 100×30,
reads until the table's title has been drawn, then lets the game run for two seconds and
reads VmRSS. With ``--against DIR`` (another checkout, e.g. ``git worktree add /tmp/ref main``)
the two are run interleaved, one of each per round, and the figures are also given as ratios.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def one_run(tree: Path) -> tuple[float, int]:
    """Seconds to the first drawn table and KiB resident two seconds later, for the bhtui
    of ``tree`` (run with ``-m`` from that folder, so that checkout's code is the one run)."""
    started = time.perf_counter()
    settings = tempfile.mkdtemp(prefix="bhtui-bench-")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(tree)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONPATH=str(tree),
                          BHTUI_CONFIG_DIR=settings, BHTUI_DATA_DIR=settings)
        os.execv(sys.executable, [sys.executable, "-m", "bhtui", "--seed", "7", "--fast",
                                  "--lang", "en"])
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
                deadline = time.perf_counter() + 2
    rss_kib = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss_kib = int(line.split()[1])
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    if first is None:
        sys.exit(f"the table was never drawn ({tree})")
    return first, rss_kib


def spread(values: list[float], unit: str, scale: float, digits: int = 0) -> str:
    scaled = [v * scale for v in values]
    return (f"median {statistics.median(scaled):.{digits}f} {unit} "
            f"(min..max {min(scaled):.{digits}f}..{max(scaled):.{digits}f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--against", type=Path, help="a reference checkout to compare with")
    args = parser.parse_args()
    trees = {"this": HERE} | ({"reference": args.against.resolve()} if args.against else {})
    results: dict[str, list[tuple[float, int]]] = {name: [] for name in trees}
    for _ in range(args.runs):  # interleaved: load on the machine hits both alike
        for name, tree in trees.items():
            results[name].append(one_run(tree))
    print(f"{args.runs} runs of `bhtui --seed 7 --fast` at 100x30"
          + (", interleaved with the reference" if args.against else ""))
    for name, runs in results.items():
        firsts, rss = [f for f, _ in runs], [r for _, r in runs]
        print(f"{name:>9}: first drawn table {spread(firsts, 'ms', 1000)}; "
              f"resident memory 2 s later {spread(rss, 'MiB', 1 / 1024, 1)}")
    if args.against:
        ratio_first = (statistics.median(f for f, _ in results["this"])
                       / statistics.median(f for f, _ in results["reference"]))
        ratio_rss = (statistics.median(r for _, r in results["this"])
                     / statistics.median(r for _, r in results["reference"]))
        print(f"    ratio: first frame {ratio_first:.2f}, memory {ratio_rss:.2f} (this / reference)")


if __name__ == "__main__":
    main()
