import multiprocessing
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Test modules rewritten for assert and bhtui's own modules are kept as bytecode (in the
# git-ignored __pycache__) even where the environment says PYTHONDONTWRITEBYTECODE: else every
# xdist worker rewrites and compiles some 170 modules again on every run, 2 s of CPU each.
sys.dont_write_bytecode = False

# Hypothesis profiles: "ci" (the suite's default) runs each property's own example count
# (strategies.examples); "thorough" (BHTUI_HYPOTHESIS_PROFILE=thorough, for a night's run)
# ten times as many. Whole matches are slow examples: no deadline, no too_slow health check.
settings.register_profile("ci", max_examples=100, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("BHTUI_HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _no_process_left_behind():
    """A test that leaves a multiprocessing child running fails, by name: multiprocessing's
    exit handler joins such children, so one left waiting on its queue once kept an xdist
    worker (and the whole run, at 99 %) from finishing after every test had passed."""
    yield
    left = multiprocessing.active_children()
    for child in left:
        child.kill()
        child.join(5)
    if left:
        pytest.fail(f"the test left {len(left)} multiprocessing child(ren) running")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` runs one worker more than the cores this process may use: about a quarter
    of the suite waits (on loopback sockets, child processes, a bot's delay, Pilot's idle
    checks), and a third worker on two cores fills that wait — 79 s against 94 s on this
    machine kind, where a fourth was slower again. PYTEST_XDIST_AUTO_NUM_WORKERS still rules."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else None


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path, monkeypatch):
    """Tests never read or write the real user's settings, themes, game logs or seat tokens."""
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _no_multicast_from_the_test_process(monkeypatch):
    """Zeroconf would multicast on this machine's real interfaces: tests may use it only in
    subprocesses inside network namespaces they made (tests/net/test_lan_netns.py)."""
    import bhtui.net.lobby as lobby

    def refuse(bind):
        raise AssertionError("zeroconf in the test process: use a network namespace")

    monkeypatch.setattr(lobby, "_zeroconf", refuse)


@pytest.fixture
def cli(capsys) -> Callable[..., subprocess.CompletedProcess]:
    """``bhtui ARGS`` run by ``bhtui.cli.main`` in this process: its exit code (argparse's own
    exits included) and what it printed. A process costs a third of a second to start; tests
    about the CLI's output need none (an uncaught exception fails the test outright, stronger
    than looking for "Traceback"). Where the process boundary is the point, use
    ``helpers.bhtui``."""
    from bhtui.cli import main

    def run(*args: str) -> subprocess.CompletedProcess:
        capsys.readouterr()
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
        out = capsys.readouterr()
        return subprocess.CompletedProcess(["bhtui", *args], code, out.out, out.err)
    return run


@pytest.fixture
def app_of(cli, monkeypatch) -> Callable[..., tuple[Any, str]]:
    """``bhtui ARGS`` run in this process up to its app, handed back unrun with what the
    command said on stderr: for what a start leaves in the app (its toasts, F3's problems)."""
    apps: list[Any] = []
    monkeypatch.setattr("bhtui.cli._run", lambda app: apps.append(app) or 0)

    def run(*args: str) -> tuple[Any, str]:
        done = cli(*args)
        assert done.returncode == 0 and apps, done.stderr
        return apps.pop(), done.stderr
    return run


@pytest.fixture
def nothing_starts(monkeypatch):
    """For commands refused in this process (the ``cli`` fixture): one let through fails at
    once rather than serving a table or SSH, or opening the app, in the test process."""
    def started(*_: object, **__: object) -> None:
        raise AssertionError("the bad input was let through: the command started")

    monkeypatch.setattr("bhtui.net.tcp.listen_socket", started)
    monkeypatch.setattr("bhtui.sshd.serve_forever", started)
    monkeypatch.setattr("bhtui.webd.serve_forever", started)
    monkeypatch.setattr("bhtui.cli.make_app", started)
