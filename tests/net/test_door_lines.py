"""Where `serve-ssh` and `serve-web` say they are: an address a visitor can type. Bound to
every address (``::``, ``0.0.0.0``), serve-ssh said ``ssh://[::]:2222``, which names no
machine; both doors now name the machine's LAN addresses, serve-ssh with the command a
visitor types. The wildcard binds run in a network namespace of the test's own, its one
LAN address on a veth pair held inside it (nothing leaves it); skipped, the reason
printed, where one cannot be made. A bound address is said as it is, on loopback."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from net_helpers import HANG, ready_netns

LAN_IP = "10.231.9.1"
PORT = 2222


@pytest.fixture
def namespace() -> Iterator[str]:
    """A network namespace whose one address beyond loopback is LAN_IP (a veth pair: this
    machine's kernel has no dummy interfaces)."""
    with ready_netns(f"bhd{os.getpid()}", ("link", "set", "lo", "up"),
                     ("link", "add", "lan0", "type", "veth", "peer", "name", "lan1"),
                     ("addr", "add", f"{LAN_IP}/24", "dev", "lan0"),
                     ("link", "set", "lan0", "up"), ("link", "set", "lan1", "up")) as name:
        yield name


def door_says(tmp_path: Path, door: str, bind: str, port: int, inside: tuple[str, ...] = (),
              while_up: Callable[[str], None] = lambda first: None,
              options: tuple[str, ...] = ()) -> list[str]:
    """The lines ``bhtui DOOR --bind BIND --port PORT OPTIONS`` prints (run ``inside`` a namespace's
    ``ip netns exec``) until it is stopped, ``while_up`` called with the first while it
    serves. (Stopped, the door has said all: no wait for a line it may not say.)"""
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path)}
    extra = ["--host-key", str(tmp_path / "key")] if door == "serve-ssh" else []
    server = subprocess.Popen(
        [*inside, sys.executable, "-m", "bhtui", door, "--bind", bind, "--port", str(port),
         *extra, *options], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, errors = server.stdout, server.stderr
        assert out is not None and errors is not None
        first = out.readline()
        assert first, errors.read()
        while_up(first)
        server.terminate()
        return [first, *out.read().splitlines(keepends=True)]
    finally:
        server.terminate()
        server.wait(HANG)


def first_words(namespace: str, host: str, port: int) -> bytes:
    """What a door at ``host:port`` first says to a visitor in ``namespace``."""
    probe = ("import socket, sys\n"
             "s = socket.create_connection((sys.argv[1], int(sys.argv[2])), 5)\n"
             "s.settimeout(5); sys.stdout.buffer.write(s.recv(64))\n")
    run = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, "-c", probe, host,
                          str(port)], capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.netns
@pytest.mark.parametrize("bind", ["::", "0.0.0.0"])
def test_serve_ssh_on_every_address_says_the_machines_address_and_the_ssh_command(
        namespace, tmp_path, bind):
    """The lines name the LAN address, never the wildcard, and an SSH server answers
    there from the LAN."""
    def reached(first: str) -> None:
        assert first_words(namespace, LAN_IP, PORT).startswith(b"SSH-2.0-")

    inside = ("ip", "netns", "exec", namespace)
    said = door_says(tmp_path, "serve-ssh", bind, PORT, inside, reached)
    assert said[0].startswith(f"bhtui: the demo on ssh://{LAN_IP}:{PORT} (host key "), said
    assert said[1:] == [f"bhtui: visitors type ssh -p {PORT} {LAN_IP}\n"], said
    assert "[::]" not in "".join(said) and "0.0.0.0" not in "".join(said)


@pytest.mark.netns
@pytest.mark.parametrize("bind", ["::", "0.0.0.0"])
def test_serve_web_on_every_address_says_the_machines_address(namespace, tmp_path, bind):
    inside = ("ip", "netns", "exec", namespace)
    said = door_says(tmp_path, "serve-web", bind, PORT, inside)
    assert said[0].startswith(f"bhtui: the demo on http://{LAN_IP}:{PORT}/ (no password"), said


@pytest.mark.netns
def test_serve_web_on_every_address_behind_a_proxy_says_the_proxys_url(namespace, tmp_path):
    """--public-url is where visitors go: on every address the door named its own LAN
    addresses instead."""
    inside = ("ip", "netns", "exec", namespace)
    said = door_says(tmp_path, "serve-web", "::", PORT, inside,
                     options=("--public-url", "https://cards.example"))
    assert said[0].startswith("bhtui: the demo on https://cards.example (no password"), said


@pytest.mark.parametrize(("bind", "door", "login"), [
    ("127.0.0.1", "ssh://127.0.0.1:{port}", "127.0.0.1"),
    ("::1", "ssh://[::1]:{port}", "::1"),
])
def test_serve_ssh_on_one_address_says_that_address(tmp_path, bind, door, login):
    if bind == "::1" and not _has_ipv6_loopback():
        pytest.skip("no IPv6 loopback here")
    said = door_says(tmp_path, "serve-ssh", bind, 0)
    port = re.search(r" on ssh://\S+:(\d+) ", said[0])
    assert port, said
    assert f" on {door.format(port=port.group(1))} (host key " in said[0]
    assert said[1:] == [f"bhtui: visitors type ssh -p {port.group(1)} {login}\n"], said


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.parametrize("door", ["serve-ssh", "serve-web"])
@pytest.mark.parametrize("where", ["port in use", "unknown name", "not this machine's"])
def test_a_door_that_cannot_listen_says_why_in_one_line(tmp_path, door, where):
    """A port another program holds, a --bind no resolver knows, an address not on this
    machine: one line that says which, exit status 2, no traceback."""
    env = {**os.environ, "BHTUI_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path)}
    with socket.create_server(("127.0.0.1", 0)) as held:
        bind, port = {"port in use": ("127.0.0.1", held.getsockname()[1]),
                      "unknown name": ("no-such-host.invalid", 0),
                      "not this machine's": ("192.0.2.1", 0)}[where]
        extra = ["--host-key", str(tmp_path / "key")] if door == "serve-ssh" else []
        run = subprocess.run([sys.executable, "-m", "bhtui", door, "--bind", bind, "--port",
                              str(port), *extra], env=env, capture_output=True, text=True,
                             timeout=HANG)
    why = {"port in use": "Address already in use",
           "unknown name": "is not an IP address, and no host of that name was found",
           "not this machine's": "Cannot assign requested address"}[where]
    assert run.returncode == 2 and run.stdout == "", run
    served = "SSH" if door == "serve-ssh" else "the web"
    assert run.stderr.startswith(f"bhtui: cannot serve {served} on {bind}:{port}: "), run.stderr
    assert why in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) == 1, run.stderr
