"""LAN end to end: a host in one network namespace, a client in another, joined by a veth
pair; the client finds the table by zeroconf and plays a round. Traffic, multicast included,
stays inside the namespaces this test makes; skipped (reason printed) where they cannot be made."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from net_helpers import new_netns, sh

# Network namespaces: root and iproute2 (the fixture skips, saying why, where they are missing).
pytestmark = pytest.mark.netns

HERE = Path(__file__).parent
HOST_IP, PEER_IP = "10.231.7.1", "10.231.7.2"
HOST_IP6, PEER_IP6 = "fd00:bb:7::1", "fd00:bb:7::2"


@pytest.fixture
def namespaces():
    suffix = str(os.getpid())
    host_ns, peer_ns = f"bhh{suffix}", f"bhp{suffix}"
    new_netns(host_ns)
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
        yield host_ns, peer_ns, f"vp{suffix}"  # (the peer's end of the wire)
    finally:
        sh("ip", "netns", "del", host_ns)
        sh("ip", "netns", "del", peer_ns)


def test_a_client_finds_the_host_by_zeroconf_and_plays_a_round(namespaces, tmp_path):
    host_ns, peer_ns, _ = namespaces
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


@pytest.mark.parametrize("bind, address", [
    (HOST_IP6, f"[{HOST_IP6}]:7476"), (None, f"{HOST_IP}:7476")])
def test_the_lobby_finds_a_table_on_ipv6_or_ipv4_and_plays_there(namespaces, tmp_path, bind,
                                                                  address):
    """A table bound to an IPv6 address is advertised at it, over IPv6 multicast alone; the
    lobby without --bind listened on IPv4 alone, and never listed it. It now listens on
    both, lists the table at its address in brackets, and a player sits down there; a
    table on every address (both families now) is still found, at its IPv4 address. (The
    IPv6 addresses are set without duplicate detection: usable at once.)"""
    host_ns, peer_ns, peer_link = namespaces
    host_link = "vh" + peer_link.removeprefix("vp")
    for ns, link, ip in ((host_ns, host_link, HOST_IP6), (peer_ns, peer_link, PEER_IP6)):
        added = sh("ip", "-n", ns, "addr", "add", f"{ip}/64", "dev", link, "nodad")
        if added.returncode != 0:
            pytest.skip(f"no IPv6 on the namespaces' wire: {added.stderr.strip()}")
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        ["ip", "netns", "exec", host_ns, sys.executable, "-m", "bhtui", "host", "--headless",
         *(("--bind", bind) if bind else ()), "--port", "7476", "--bots", "4", "--seed", "4",
         "--rounds", "1", "--bot-delay", "0", "--name", "SixTest"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert address in host.stdout.readline()
        peer = subprocess.run(
            ["ip", "netns", "exec", peer_ns, sys.executable, str(HERE / "lan_peer.py"), "",
             "SixTest"], env=env, capture_output=True, text=True, timeout=120)
        assert peer.returncode == 0, peer.stderr
        report = json.loads(peer.stdout.strip().splitlines()[-1])
        assert report["address"] == address and report["seat"] == 0
        assert len(report["history"]) == 1
    finally:
        host.terminate()
        host.wait(10)


def lines_of(process: subprocess.Popen) -> queue.Queue:
    """Each line the process prints, as it comes (read in a thread: a test waits on it with a
    deadline, not on a pipe that may never speak)."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in process.stdout:
            lines.put(line)
    threading.Thread(target=read, daemon=True).start()
    return lines


def wait_for_line(lines: queue.Queue, wanted: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if wanted in line:
            return line
    raise AssertionError(f"no line with {wanted!r} within {seconds:g} s")


def test_a_seat_whose_link_drops_without_a_word_is_played_on_and_its_client_knows(
        namespaces, tmp_path):
    """A laptop whose Wi-Fi drops sends no reset: its link stays open on both ends, and TCP
    alone would take a quarter of an hour to give up on it. The host waited all that time on
    the seated person's move, the table frozen for everyone, and the person's client showed a
    table that never moved. Here the person sits and makes no move, then his end of the wire
    goes down: within a minute the host has let a bot play the seat to the match's end, and
    the client knows its link is gone (so it can reconnect once the network is back)."""
    host_ns, peer_ns, peer_link = namespaces
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        ["ip", "netns", "exec", host_ns, sys.executable, "-m", "bhtui", "host", "--headless",
         "--bind", HOST_IP, "--port", "7475", "--bots", "4", "--seed", "4", "--rounds", "1",
         "--bot-delay", "0", "--name", "DropTest", "--no-advertise"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peer = None
    try:
        said = lines_of(host)
        wait_for_line(said, "DropTest", 30)
        peer = subprocess.Popen(
            ["ip", "netns", "exec", peer_ns, sys.executable, str(HERE / "silent_peer.py"),
             HOST_IP, "7475"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        heard = lines_of(peer)
        assert json.loads(wait_for_line(heard, "seated", 30)) == {"seated": 0}
        # The table deals and waits on seat 0's first decision; then the wire goes dead.
        down = sh("ip", "-n", peer_ns, "link", "set", peer_link, "down")
        assert down.returncode == 0, down.stderr
        wait_for_line(said, "the match is over", 90)
        wait_for_line(heard, "lost", 60)
    finally:
        for process in (peer, host):
            if process is not None:
                process.terminate()
                process.wait(10)
