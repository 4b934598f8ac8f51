"""Time from `bhtui` to the first drawn table, and the resident memory of a running game.

    python bench/tui.py [runs] [--against DIR] [--hello]

Starts `python -m bhtui --seed 7 --fast` from this checkout on a pseudo-terminal of 100×30,
reads until the table's title has been drawn, then lets the game run for two seconds and
reads VmRSS. With ``--against DIR`` (another checkout, e.g. ``git worktree add /tmp/ref main``)
or ``--hello`` (Textual's hello-world, `bench/hello.py`: what any Textual app costs to draw
its first frame) the two are run interleaved, one of each per round, and the figures are also
given as ratios.
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
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


BHTUI = ["-m", "bhtui", "--seed", "7", "--fast", "--lang", "en"]
DRAWN = (b"Table", b"Your hand")  # the table's title and the hand's: the table is drawn
HELLO = (str(HERE / "bench" / "hello.py"),)


def one_run(tree: Path, argv: list[str] | tuple[str, ...] = tuple(BHTUI),
            drawn: tuple[bytes, ...] = DRAWN) -> tuple[float, float, int]:
    """Seconds until everything in ``drawn`` has been drawn (wall, and CPU of the process
    by then) and KiB resident two seconds later, for ``python ARGV`` run from ``tree``
    (bhtui with ``-m`` from that folder, so that checkout's code is the one run)."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bhtui-bench-") as settings:
        return _run_in(tree, argv, drawn, settings, started)


def _run_in(tree: Path, argv: list[str] | tuple[str, ...], drawn: tuple[bytes, ...],
            settings: str, started: float) -> tuple[float, float, int]:
    """``one_run`` with its settings and data in ``settings``."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(tree)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONPATH=str(tree),
                          BHTUI_CONFIG_DIR=settings, BHTUI_DATA_DIR=settings)
        os.execv(sys.executable, [sys.executable, *argv])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    seen = b""
    first = cpu = None
    deadline = started + 30
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if first is None and all(text in seen for text in drawn):
                first = time.perf_counter() - started
                cpu = cpu_seconds(pid)
                deadline = time.perf_counter() + 2
    rss_kib = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss_kib = int(line.split()[1])
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    if first is None or cpu is None:
        sys.exit(f"bench: {' and '.join(map(repr, drawn))} never drawn by {' '.join(argv)} "
                 f"({tree})")
    return first, cpu, rss_kib


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used: the first frame's cost without the machine's load
    (a busy machine stretches the wall time of both sides, not alike)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spread(values: Sequence[float], unit: str, scale: float, digits: int = 0) -> str:
    scaled = [v * scale for v in values]
    return (f"median {statistics.median(scaled):.{digits}f} {unit} "
            f"(min..max {min(scaled):.{digits}f}..{max(scaled):.{digits}f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--against", type=Path, help="a reference checkout to compare with")
    parser.add_argument("--hello", action="store_true",
                        help="compare with Textual's hello-world instead (bench/hello.py)")
    args = parser.parse_args()
    trees = {"this": (HERE, BHTUI, DRAWN)}
    if args.against:
        trees["reference"] = (args.against.resolve(), BHTUI, DRAWN)
    elif args.hello:
        trees["reference"] = (HERE, list(HELLO), (b"Hello, World!",))
    results: dict[str, list[tuple[float, float, int]]] = {name: [] for name in trees}
    for _ in range(args.runs):  # interleaved: load on the machine hits both alike
        for name, (tree, argv, drawn) in trees.items():
            results[name].append(one_run(tree, argv, drawn))
    against = " (Textual's hello-world)" if args.hello and not args.against else ""
    print(f"{args.runs} runs of `bhtui --seed 7 --fast` at 100x30"
          + (f", interleaved with the reference{against}" if len(trees) > 1 else ""))
    for name, runs in results.items():
        wall, cpu, rss = zip(*runs, strict=True)
        print(f"{name:>9}: first drawn frame {spread(wall, 'ms', 1000)}, CPU by then "
              f"{spread(cpu, 'ms', 1000)}; resident memory 2 s later "
              f"{spread(rss, 'MiB', 1 / 1024, 1)}")
    if len(trees) > 1:
        ratios = [statistics.median(r[i] for r in results["this"])
                  / statistics.median(r[i] for r in results["reference"]) for i in range(3)]
        print(f"    ratio: first frame {ratios[0]:.2f} (CPU {ratios[1]:.2f}), memory "
              f"{ratios[2]:.2f} (this / reference)")


if __name__ == "__main__":
    main()
