"""A table closed on the LAN leaves the lobby's list: real zeroconf on the loopback of a
network namespace of the test's own (its multicast reaches nothing else); skipped, the
reason printed, where one cannot be made."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from net_helpers import ready_netns

pytestmark = pytest.mark.netns

PEER = Path(__file__).parent / "lobby_goodbye_peer.py"


@pytest.fixture
def namespace():
    with ready_netns(f"bhl{os.getpid()}", ("link", "set", "lo", "up", "multicast", "on"),
                     ("route", "add", "224.0.0.0/4", "dev", "lo")) as name:
        yield name


def closed(namespace: str, tmp_path: Path, how: str, check_every: float) -> dict:
    """The peer's report (``lobby_goodbye_peer.py``), given 8 seconds to see the table go."""
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    run = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, str(PEER), how,
                          str(check_every), "8"], env=env, capture_output=True, text=True,
                         timeout=90)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_table_stopped_says_goodbye_and_the_lobby_drops_it_at_once(namespace, tmp_path):
    """Ctrl-C: its goodbyes all go before zeroconf closes (the lobby checks no table in the
    time given): a closed table stayed listed, the goodbye cut off by the close."""
    report = closed(namespace, tmp_path, "stop", check_every=3600)
    assert report["listed"] and report["gone_after"] is not None, report
    assert report["gone_after"] < 5 and report["host_said"] == "", report


def test_a_table_killed_without_a_goodbye_goes_at_the_lobbys_next_check(namespace, tmp_path):
    """No goodbye at all (the host killed, or its packets lost): the lobby's check finds
    the port closed; it stayed listed as long as its records lived (75 minutes)."""
    report = closed(namespace, tmp_path, "kill", check_every=1)
    assert report["listed"] and report["gone_after"] is not None, report
    assert report["gone_after"] < 5, report


def test_the_lobby_lists_whether_a_table_waits_or_plays_as_it_changes(namespace, tmp_path):
    """The lobby showed nothing of it: the host's advertisement says it now, and says it
    again as the match begins."""
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    run = subprocess.run(["ip", "netns", "exec", namespace, sys.executable,
                          str(Path(__file__).parent / "lobby_state_peer.py")],
                         env=env, capture_output=True, text=True, timeout=90)
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout.strip().splitlines()[-1])
    assert said == {"before": ["waiting", None], "after": ["playing", 1]}, said
