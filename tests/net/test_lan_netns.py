"""LAN end to end: a host in one network namespace, a client in another, joined by a veth
pair; the client finds the table by zeroconf and plays a round. Traffic, multicast included,
stays inside the namespaces this test makes; skipped (reason printed) where they cannot be made."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Network namespaces: root and iproute2 (the fixture skips, saying why, where they are missing).
pytestmark = pytest.mark.netns

HERE = Path(__file__).parent
HOST_IP, PEER_IP = "10.231.7.1", "10.231.7.2"


def sh(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


@pytest.fixture
def namespaces():
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command (iproute2) on this machine")
    suffix = str(os.getpid())
    host_ns, peer_ns = f"bhh{suffix}", f"bhp{suffix}"
    made = sh("ip", "netns", "add", host_ns)
    if made.returncode != 0:
        pytest.skip(f"cannot create network namespaces here: {made.stderr.strip()}")
    try:
        sh("ip", "netns", "add", peer_ns)
        steps = [
            ("ip", "link", "add", f"vh{suffix}", "type", "veth", "peer", "name", f"vp{suffix}"),
            ("ip", "link", "set", f"vh{suffix}", "netns", host_ns),
            ("ip", "link", "set", f"vp{suffix}", "netns", peer_ns),
            ("ip", "-n", host_ns, "addr", "add", f"{HOST_IP}/24", "dev", f"vh{suffix}"),
            ("ip", "-n", peer_ns, "addr", "add", f"{PEER_IP}/24", "dev", f"vp{suffix}"),
            ("ip", "-n", host_ns, "link", "set", f"vh{suffix}", "up", "multicast", "on"),
            ("ip", "-n", peer_ns, "link", "set", f"vp{suffix}", "up", "multicast", "on"),
            ("ip", "-n", host_ns, "link", "set", "lo", "up"),
            ("ip", "-n", peer_ns, "link", "set", "lo", "up"),
            ("ip", "-n", host_ns, "route", "add", "224.0.0.0/4", "dev", f"vh{suffix}"),
            ("ip", "-n", peer_ns, "route", "add", "224.0.0.0/4", "dev", f"vp{suffix}"),
        ]
        for step in steps:
            done = sh(*step)
            if done.returncode != 0:
                pytest.skip(f"cannot wire the namespaces ({' '.join(step)}): {done.stderr.strip()}")
        yield host_ns, peer_ns
    finally:
        sh("ip", "netns", "del", host_ns)
        sh("ip", "netns", "del", peer_ns)


def test_a_client_finds_the_host_by_zeroconf_and_plays_a_round(namespaces, tmp_path):
    host_ns, peer_ns = namespaces
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        ["ip", "netns", "exec", host_ns, sys.executable, "-m", "bhtui", "host", "--headless",
         "--bind", HOST_IP, "--port", "7474", "--bots", "4", "--seed", "4", "--rounds", "1",
         "--bot-delay", "0", "--name", "LanTest"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "LanTest" in host.stdout.readline()
        peer = subprocess.run(
            ["ip", "netns", "exec", peer_ns, sys.executable, str(HERE / "lan_peer.py"),
             PEER_IP, "LanTest"], env=env, capture_output=True, text=True, timeout=120)
        assert peer.returncode == 0, peer.stderr
        report = json.loads(peer.stdout.strip().splitlines()[-1])
        assert report["address"] == f"{HOST_IP}:7474" and report["preset"] == "qingdao"
        assert report["seat"] == 0 and len(report["history"]) == 1
        assert sorted(report["history"][0]["places"]) == [1, 2, 3, 4, 5]
    finally:
        host.terminate()
        host.wait(10)
