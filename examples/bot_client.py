"""A bot that plays a bhtui table over TCP — the shape any client in any language takes.

    python examples/bot_client.py HOST:PORT [--name Bot] [--code CODE] [--random]

It reads the host's preamble (a frame in clear), starts TLS (any certificate: the LAN has no authority to
check it), reads frames (4-byte big-endian length + msgpack map), answers the host's hello
(proving the join code by SPAKE2 when the table has one, bound to the host's certificate:
`pip install spake2`, or any implementation compatible with python-spake2's Ed25519 group),
answers the host's pings, and on every view where it is its turn sends an action computed
from that view alone. See docs/protocol.md.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import random
import socket
import ssl
import struct

import msgpack
from spake2 import SPAKE2_A

from bhtui.bots import HeuristicBot
from bhtui.bots.legal import legal_from_view


def frame(message: dict) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


async def read_frame(reader: asyncio.StreamReader) -> dict:
    header = await reader.readexactly(4)
    return msgpack.unpackb(await reader.readexactly(struct.unpack(">I", header)[0]), raw=False)


async def connect(host: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """The preamble in clear (an ``error`` frame of code ``tls``), then TLS 1.3."""
    reader, writer = await asyncio.open_connection(host, port)
    # A link that drops without a word (Wi-Fi gone) is found out in about 25 s, as bhtui's:
    # keep-alive probes after 10 s of silence, every 5 s, three unanswered.
    sock = writer.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for option, value in (("TCP_KEEPIDLE", 10), ("TCP_KEEPINTVL", 5), ("TCP_KEEPCNT", 3)):
        if hasattr(socket, option):
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, option), value)
    first = await read_frame(reader)
    if first.get("code") != "tls":
        raise SystemExit(f"{host}:{port} says: {first.get('reason', first)}")
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    tls.minimum_version = ssl.TLSVersion.TLSv1_3
    tls.check_hostname, tls.verify_mode = False, ssl.CERT_NONE
    await writer.start_tls(tls)
    return reader, writer


def confirm(key: bytes, side: bytes, writer: asyncio.StreamWriter) -> bytes:
    """A SPAKE2 key confirmation, bound to the certificate the host showed."""
    cert = writer.get_extra_info("ssl_object").getpeercert(binary_form=True)
    channel = hashlib.sha256(cert).digest()
    return hmac.new(key, b"confirm:" + side + b":" + channel, hashlib.sha256).digest()


async def play(host: str, port: int, name: str, code: str | None, random_play: bool) -> int:
    """Play until the match is over (0) or the host refuses us (1: the exit status)."""
    reader, writer = await connect(host, port)
    bot, rng = HeuristicBot(), random.Random()
    cid, seat, answered, spake = 0, None, set(), None
    readying = False  # our ready is on its way (in the waiting room ready toggles)
    while True:
        message = await read_frame(reader)
        kind = message["type"]
        if kind == "hello":  # the host speaks first
            if code and not message.get("code"):  # not the table whose code we were given
                print("this table asks for no join code, but we have one: not joining it")
                return 1
            hello = {"type": "hello", "proto": [3, 2], "app": "example-bot", "role": "player",
                     "name": name}
            if message.get("code"):
                spake = SPAKE2_A((code or "").strip().encode(), idA=b"bhtui-client",
                                 idB=b"bhtui-host")
                hello["pake"] = spake.start().hex()
            writer.write(frame(hello))
        elif kind == "ping":  # are you there? (one that says nothing for 30 s is let go)
            writer.write(frame({"type": "pong"}))
            # (a client may ping a host of 3.2 too, once welcomed: bhtui's does after 10 s
            # without a frame, to tell its person when the host has stopped answering)
        elif kind == "pake" and spake is not None:  # the host's half: check it, prove ours
            key = spake.finish(bytes.fromhex(message["pake"]))
            host_knows = hmac.compare_digest(bytes.fromhex(message["confirm"]),
                                             confirm(key, b"bhtui-host", writer))
            proof = confirm(key, b"bhtui-client", writer)
            writer.write(frame({"type": "proof", "confirm": proof.hex() if host_knows else ""}))
        elif kind == "welcome":
            seat = message["seat"]
            cid = message["last_cid"]
            print(f"seated at {seat}")
        elif kind == "error":
            print(f"host says: {message['reason']}")
            if message.get("code") in ("code", "full", "cooldown", "hello", "protocol"):
                return 1
        elif kind == "room" and seat is not None:
            # In the waiting room ready toggles: say it once while the room shows us unready.
            unready = not message["room"]["seats"][seat]["ready"]
            if unready and not readying:
                writer.write(frame({"type": "ready"}))
            readying = unready
        elif kind == "event" and message["event"].get("type") == "round_end":
            print(f"round over: scores {message['event']['scores']}")
            writer.write(frame({"type": "ready"}))
        elif kind == "view":
            view = message["view"]
            if view["phase"] == "over":
                print(f"match over: totals {view['totals']}")
                return 0
            if view["to_act"] == seat and message["seq"] not in answered:
                answered.add(message["seq"])
                legal = legal_from_view(view)
                action = rng.choice(legal) if random_play else bot.decide(legal)
                cid += 1
                writer.write(frame({"type": "action", "cid": cid, "seq": message["seq"],
                                    "action": action}))
        await writer.drain()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", help="HOST:PORT of the table ([ADDRESS]:PORT for IPv6)")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--code")
    parser.add_argument("--random", action="store_true", help="play uniformly at random")
    args = parser.parse_args()
    host, _, port = args.address.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 address: [::1]:7474
    raise SystemExit(asyncio.run(play(host, int(port), args.name, args.code, args.random)))


if __name__ == "__main__":
    main()
