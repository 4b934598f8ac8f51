"""TLS on a table's connections: what someone else on the LAN can see of them (R-HIDE-2)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.protocol import PROTOCOL, FrameDecoder, encode
from bhtui.net.secure import PREAMBLE, Credentials, new_credentials
from bhtui.net.tcp import open_streams, stay_connected
from bhtui.rules import PRESETS

from loopback import HOST_HELLO, LOOPBACK, connect, served, settle, upgraded
from net_helpers import people_and_bots

Streams = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def relay(port: int, captured: bytearray,
                ends: Callable[[Streams], Awaitable[tuple[Streams, Streams]]]
                ) -> tuple[asyncio.Server, int]:
    """A machine between the client and the table at ``port``: it passes every byte on and
    keeps a copy of what it could read. ``ends`` makes the two ends it pipes between, from
    the client's connection."""
    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        while data := await src.read(65536):
            captured.extend(data)
            dst.write(data)
        dst.close()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        (down_r, down_w), (up_r, up_w) = await ends((reader, writer))
        await asyncio.gather(pipe(down_r, up_w), pipe(up_r, down_w), return_exceptions=True)

    server = await asyncio.start_server(handle, LOOPBACK, 0)
    return server, server.sockets[0].getsockname()[1]


def between(port: int, own: Credentials
            ) -> Callable[[Streams], Awaitable[tuple[Streams, Streams]]]:
    """A machine between the client and the table at ``port`` with a certificate of its
    own: the client's TLS ends at it, and it opens its own to the table."""
    async def ends(client_end: Streams) -> tuple[Streams, Streams]:
        await upgraded(client_end[1], own)
        up_r, up_w, _ = await open_streams(LOOPBACK, port)
        return client_end, (up_r, up_w)
    return ends


async def test_R_HIDE_2_a_listener_on_the_lan_reads_no_hand_no_token_and_no_name():
    """Someone capturing the Wi-Fi sees the bytes of every connection: inside TLS they say
    nothing — not the cards of the hand the player is shown, not the seat token that would
    let him take the seat, not the player's name."""
    table = people_and_bots({0}, seed=5, rounds=None, bot_delay=0.0)
    server, port = await served(table)
    captured = bytearray()

    async def clear(client_end: Streams) -> tuple[Streams, Streams]:
        return client_end, await asyncio.open_connection(LOOPBACK, port)

    tap, tap_port = await relay(port, captured, clear)
    ana, _ = await connect(tap_port, "Anastasia", token=table.seats[0].token)
    await settle(lambda: ana.seat == 0)
    table.start()
    await settle(lambda: ana.view is not None and ana.view.get("hand"))
    hand = ana.view["hand"]
    assert captured.startswith(PREAMBLE) and len(captured) > 2000  # the deal went through
    assert b"Anastasia" not in captured and ana.token.encode() not in captured
    assert b"view" not in captured and b"hand" not in captured
    assert not any(f"\xa3{card}".encode() in captured for card in hand)  # msgpack's str
    tap.close()
    server.close()


async def test_a_code_proved_through_someone_else_s_certificate_fails_and_shows_him_nothing():
    """A machine that sits between a player and a coded table, with a certificate of its own
    to each side, relays the join code's exchange untouched: the proof is bound to the
    certificate each end saw, so the code fails and the table tells it nothing. The same
    player, straight to the table, gets in with the same code."""
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0, code="4711")
    server, port = await served(table)
    captured = bytearray()
    mitm, mitm_port = await relay(port, captured, between(port, new_credentials()))
    said: list[dict] = []
    fooled = Client(None, "Ana", code="4711")  # type: ignore[arg-type]
    fooled.listen(said.append)
    await asyncio.wait_for(stay_connected(fooled, LOOPBACK, mitm_port), 10)
    assert any(m.get("code") == "code" for m in said)  # refused: wrong code
    assert fooled.room is None and fooled.token is None
    assert b"pake" in captured and b"welcome" not in captured and b"room" not in captured
    honest, _ = await connect(port, "Ana", code="4711")
    await settle(lambda: honest.room is not None)
    mitm.close()
    server.close()


async def test_a_seat_token_relayed_through_someone_else_s_certificate_seats_nobody():
    """The player coming back to his seat never sends his token, only its proof bound to
    the certificate he was shown: relayed to the table by a machine with its own, it proves
    nothing, so the relay is not seated and reads nothing of his hand. Straight to the
    table the same token takes the seat back."""
    table = Table(PRESETS["qingdao"], seed=1, bot_delay=0.0, code="4711")
    server, port = await served(table)
    ana, _ = await connect(port, "Ana", code="4711")
    await settle(lambda: ana.seat is not None and ana.token)
    token, seat = ana.token, ana.seat
    captured = bytearray()
    mitm, mitm_port = await relay(port, captured, between(port, new_credentials()))
    fooled = Client(None, "Ana", token=token)  # type: ignore[arg-type]
    said: list[dict] = []
    fooled.listen(said.append)
    await asyncio.wait_for(stay_connected(fooled, LOOPBACK, mitm_port), 10)
    assert [m["code"] for m in said if m["type"] == "error"] == ["code"]  # no seat: the code
    assert token.encode() not in captured and b"welcome" not in captured
    back, _ = await connect(port, "Ana", token=token)
    await settle(lambda: back.seat == seat)
    mitm.close()
    server.close()


def test_an_older_bhtui_reads_the_preamble_as_a_refusal_saying_what_to_do():
    """A client of protocol 2 reads frames from the first byte: the preamble is one, an
    error before any welcome, which it shows and stops at (rather than "the host broke the
    protocol")."""
    (said,) = FrameDecoder().feed(PREAMBLE)
    assert said["type"] == "error" and said["code"] == "tls"
    assert "update bhtui" in said["reason"]


async def refusal_by(hello: dict, tls: bool) -> tuple[dict, bytes]:
    """A host that says ``hello`` (inside TLS, or in clear as an older bhtui did) and then
    only listens: the one refusal the client made of it, and every byte the client sent."""
    heard = bytearray()

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if tls:
            await upgraded(writer)
        writer.write(encode(hello))
        while data := await reader.read(65536):
            heard.extend(data)

    server = await asyncio.start_server(host, LOOPBACK, 0)
    said: list[dict] = []
    client = Client(None, "Ana", token="ab12")  # type: ignore[arg-type]
    client.listen(said.append)
    await asyncio.wait_for(
        stay_connected(client, LOOPBACK, server.sockets[0].getsockname()[1]), 10)
    server.close()
    (refusal,) = [m for m in said if m["type"] == "error"]
    return refusal, bytes(heard)


async def test_a_host_speaking_in_clear_is_told_apart_and_hears_nothing_of_us():
    """An older bhtui's table sends its hello in clear: the client says so and leaves,
    never sending its name or its seat token where anyone could read them."""
    refusal, heard = await refusal_by({**HOST_HELLO, "proto": [2, 0], "app": "0.9"}, tls=False)
    assert refusal["code"] == "clear" and "0.9" in refusal["reason"]
    assert heard == b""


async def test_a_host_of_another_protocol_is_told_apart_before_it_hears_our_name():
    """A friend's newer (or older, TLS-speaking) bhtui whose protocol's major number differs
    cannot seat us: the client says so in its own words — his version and both protocols —
    before its hello, so it stops for good instead of being turned away in the host's
    English, and sends neither name nor token."""
    refusal, heard = await refusal_by(
        {**HOST_HELLO, "proto": [PROTOCOL[0] + 1, 2], "app": "9.1"}, tls=True)
    assert refusal["code"] == "version" and refusal["app"] == "9.1"
    assert f"{PROTOCOL[0] + 1}.2" in refusal["protocols"]
    assert b"Ana" not in heard and b"hello" not in heard
