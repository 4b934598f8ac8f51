"""The visitors' doors count one IPv6 /64 as one address, over real sockets: the web and SSH
doors' gates; a LAN table's door counts each address, since on an IPv6 LAN one /64 is every
machine of a home. IPv6 loopback is a single address (::1/128), so the doors and their
visitors run in a network namespace of their own (`unshare -n`) whose loopback is given
addresses of two /64s (tests/net/v6_doors.py); skipped, the reason printed, where one cannot
be made. (The grouping itself, IPv4-mapped addresses included, is tested without sockets in
tests/net/test_gate.py.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bhtui.net.gate import BUSY

# A network namespace: root, unshare and iproute2.
pytestmark = pytest.mark.netns

HERE = Path(__file__).parent
ROOT = HERE.parent.parent  # the bhtui under test, whatever the child's path puts first


def test_one_ipv6_64_is_one_address_at_a_visitors_door_and_many_at_a_lan_table(tmp_path):
    """One host with an IPv6 /64 has 2⁶⁴ addresses to connect from: each counted on its own,
    he walked past the web and SSH doors' per-address caps. There the visitors from one /64
    are now held to the cap of one address, the one past it told the door's usual refusal; a
    visitor from the next /64 still gets in. A LAN table's door counts each address: the
    machines of one house, all in one /64, each get in and watch."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("no unshare or ip (util-linux, iproute2) on this machine")
    tried = subprocess.run(["unshare", "-n", "true"], capture_output=True, text=True)
    if tried.returncode != 0:
        pytest.skip(f"cannot make a network namespace here: {tried.stderr.strip()}")
    run = subprocess.run(["unshare", "-n", sys.executable, str(HERE / "v6_doors.py")],
                         env={**os.environ, "BHTUI_DATA_DIR": str(tmp_path),
                              "PYTHONPATH": os.pathsep.join(
                                  [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    told = json.loads(run.stdout.strip().splitlines()[-1])
    cap, web = told["web"]
    assert web == [404] * cap + [503, 404]
    cap, ssh = told["ssh"]
    assert ssh[:cap] == ["in"] * cap and BUSY in ssh[cap] and ssh[cap + 1:] == ["in"]
    cap, door = told["table door"]
    assert door == ["preamble"] * (cap + 2)
    cap, spectators = told["spectators"]
    assert spectators == ["in"] * (cap + 2)
