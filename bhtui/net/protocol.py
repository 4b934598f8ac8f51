"""Messages and frames: 4-byte big-endian length + one msgpack map, with hard limits.

Every message is a map with a ``type``. Decoding is bounded (frame cap, string, array and map
limits, nesting depth); anything malformed raises :class:`ProtocolError`, and the host closes
that one connection. ``docs/protocol.md`` describes each message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, cast

import msgpack

from bhtui.text import clean_text
from bhtui.wire import Action, ClientHello, ClientMessage, ErrorMessage, HostMessage

PROTOCOL = (3, 3)
"""3: frames only inside TLS (net/secure.py); 3.1: the host pings its clients, 3.2: a client
its host (net/liveness.py); 3.3: a person chooses his seat in the waiting room (``sit``)."""
SEATS_CHOSEN = (3, 3)
"""The first protocol whose host takes ``sit``: an older one closes the link on a message
it does not know."""
MAX_FRAME = 64 * 1024
AWAY_SPANS = 16
"""A seat's absences its welcome tells its person (``away``), the latest: older ones are past
any catch-up. A client keeps no more whatever a host sends."""
MAX_NAME = 24
MAX_CHAT = 200
MAX_TOKEN = 64
MAX_REASON = 200  # an error's reason may quote what was sent: never all of it
HEADER = 4

Message = dict[str, Any]


class ProtocolError(Exception):
    """A frame or message the protocol does not allow; ``str`` says what was wrong."""


def encode(message: HostMessage | ClientMessage) -> bytes:
    """One frame: length header + msgpack body. Refuses to build a frame over the cap.
    ``message`` is one of the protocol's messages, so mypy checks each one a host or a
    client builds against its shape."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"message of {len(body)} bytes is over the {MAX_FRAME}-byte cap")
    return len(body).to_bytes(HEADER, "big") + body


def decode_body(body: bytes) -> Message:
    try:
        message = msgpack.unpackb(
            body, raw=False, strict_map_key=True, use_list=True,
            max_str_len=MAX_FRAME, max_bin_len=0, max_array_len=4096, max_map_len=256,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several types for bad input; all mean the same
        # (some say nothing: a reserved byte such as 0xc1 gave "undecodable frame: ")
        raise ProtocolError(f"undecodable frame: {str(exc) or 'its bytes are not msgpack'}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a map with a 'type'")
    return message


MAX_DEPTH = 32
"""Lists and maps in one another that a message may nest, counting its own map: the deepest
real one, a catch-up holding a round's end, has 6 (a client's command, 3). msgpack decodes
about 1,000 levels, and ``str`` or ``repr`` of that many raise RecursionError (a handler
that quotes what it was sent, a walk of the message): every decoder refuses deeper, so no
handler on either side ever sees one."""


def within_depth(message: Message) -> Message:
    """``message``, or a ProtocolError when it nests deeper than MAX_DEPTH. Level by level,
    with no recursion of its own: the containers of each level, found among the values of
    the one above (map keys are text: ``strict_map_key``)."""
    level: list[Any] = [message]
    for _ in range(MAX_DEPTH):
        level = [v for c in level for v in (c.values() if type(c) is dict else c)
                 if type(v) is list or type(v) is dict]
        if not level:
            return message
    raise too_deep()


def too_deep() -> ProtocolError:
    """What a message nested deeper than MAX_DEPTH is refused with, whichever walk found it."""
    return ProtocolError(f"a message nests deeper than {MAX_DEPTH} levels")


class FrameDecoder:
    """Splits a byte stream into messages; holds at most one partial frame. Each message
    goes through ``walk`` before anyone sees it: ``within_depth``, or a walk of the
    receiver's own that bounds the depth on its way (the client's, which cleans texts: one
    walk of a large view rather than two)."""

    def __init__(self, max_frame: int = MAX_FRAME,
                 walk: Callable[[Message], Message] = within_depth) -> None:
        self._buffer = bytearray()
        self._max = max_frame
        self._walk = walk

    def feed(self, data: bytes) -> list[Message]:
        self._buffer += data
        out: list[Message] = []
        while len(self._buffer) >= HEADER:
            size = int.from_bytes(self._buffer[:HEADER], "big")
            if size == 0 or size > self._max:
                raise ProtocolError(f"frame length {size} is outside 1..{self._max}")
            if len(self._buffer) < HEADER + size:
                break
            body = bytes(self._buffer[HEADER:HEADER + size])
            del self._buffer[:HEADER + size]
            out.append(self._walk(decode_body(body)))
        return out


def error(code: str, reason: str, cid: int | None = None, answers: bool = False,
          why: str | None = None, seconds: int | None = None) -> bytes:
    """An ``error`` frame (with the ``cid`` it answers, when it answers a command, and a
    refusal's case and wait: ``ErrorMessage``); its reason, which may quote hostile input
    back, cut to MAX_REASON characters."""
    if len(reason) > MAX_REASON:
        reason = reason[:MAX_REASON - 1] + "…"
    message: ErrorMessage = {"type": "error", "code": code, "reason": reason}
    if answers:
        message["cid"] = cid
    if why is not None:
        message["why"] = why
    if seconds is not None:
        message["seconds"] = seconds
    return encode(message)


def action_of(message: Message, fields: Mapping[str, tuple[str, ...]]) -> Action:
    """The action a command carries, reduced to the fields its type may have in this game
    (``fields``, the game's ``action_fields``): the log keeps exactly what the engine reads.
    ProtocolError when it is not a map with a text ``type``. The fields' values are still
    the sender's: the engine checks them (an illegal one is refused, nothing changed)."""
    action = field(message, "action", dict)
    kind = action.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("an action's 'type' is text")
    return cast(Action, {"type": kind,
                         **{k: action[k] for k in fields.get(kind, ()) if k in action}})


def client_hello(name: str, role: Literal["player", "spectator"] = "player",
                 token: str | None = None) -> ClientHello:
    from bhtui import __version__

    hello: ClientHello = {"type": "hello", "proto": list(PROTOCOL), "app": __version__,
                      "role": role, "name": name}
    if token is not None:
        hello["token"] = token
    return hello


def check_hello(message: Message) -> tuple[str, str, str | None]:
    """(role, name, token) of a client's hello; ProtocolError says what is wrong."""
    if message.get("type") != "hello":
        raise ProtocolError("the first message must be hello")
    proto = message.get("proto")
    if not (isinstance(proto, list) and len(proto) == 2 and all(isinstance(p, int) for p in proto)):
        raise ProtocolError("hello needs proto [major, minor]")
    if proto[0] != PROTOCOL[0]:
        raise ProtocolError(
            f"protocol {proto[0]}.{proto[1]} cannot talk to this host's {PROTOCOL[0]}.{PROTOCOL[1]}"
        )
    role = message.get("role")
    if role not in ("player", "spectator"):
        raise ProtocolError("role must be 'player' or 'spectator'")
    name = message.get("name")
    if not isinstance(name, str) or len(name) > MAX_NAME or not clean_name(name):
        raise ProtocolError(f"name must be 1..{MAX_NAME} printable characters")
    token = message.get("token")
    if token is not None and not (isinstance(token, str) and len(token) <= MAX_TOKEN
                                  and token.isascii() and token.isalnum()):
        raise ProtocolError("token must be the hex text a welcome gave")
    return role, clean_name(name), token


def speaks(hello: Message, since: tuple[int, int]) -> bool:
    """Whether the other end's ``hello`` says protocol ``since`` or later (what it knows how
    to answer: an older end closes the link on a message it does not know)."""
    proto = hello.get("proto")
    return (isinstance(proto, list) and len(proto) == 2
            and all(type(p) is int for p in proto) and (proto[0], proto[1]) >= since)


def clean_name(name: str) -> str:
    """A person's name as a table keeps it, from a hello or a log handed over: no control
    characters, trimmed, at most MAX_NAME ("" when nothing is left)."""
    return clean_text(name).strip()[:MAX_NAME]


def field(message: Message, name: str, kind: type | tuple[type, ...]) -> Any:
    """A required field of the given type; ProtocolError otherwise (bool is not an int here)."""
    value = message.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"'{message.get('type')}' needs '{name}'")
    return value
