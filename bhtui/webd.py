"""`bhtui serve-web`: the rules demo (or a LAN table's menu) in a browser, by textual-serve.

textual-serve's aiohttp server hands each browser tab a websocket and runs the app for it,
drawn by xterm.js in the page. It is made for one trusted user on localhost, so this door
changes what a stranger's page could reach:

- the app is run as ``python -m bhtui COMMAND`` (demo, or ``menu HOST:PORT``) fixed when the
  server starts, by exec with no shell; nothing from the page reaches its command line but
  ``--lang zh`` or ``--lang en`` for the language its browser asks for, and
  the page's messages are read as data (keys, a clamped size), anything else is dropped;
- each tab is its own person: its own data folder (seat tokens) and settings, removed when
  it ends, and its own process group, ended (SIGTERM, SIGKILL after a grace) when its tab
  closes, its app quits, or it opens no app in time or sits idle too long; except that a
  browser is known again by a visitor id its first page set in a cookie (`VisitorIds`), and
  the seat tokens its tabs wrote are kept for it in memory (`net/kept.py`, as the SSH door
  keeps them for a key): a reloaded tab, or one whose link dropped, takes its seat back;
- a tab's keys reach its app only as fast as people type (`gate.InputBudget`), and the app
  runs within a memory ceiling, killed if it reaches it (`gate.confine_app`, `at_ceiling`);
- sessions are capped overall and per address; a page beyond the cap is told the server is
  full and nothing is started for it;
- connections that hold no session (a page loading, a keep-alive one, a silent one) wait in
  a `gate.Gate` of WAITING, as at the SSH door: a newcomer pushes out the oldest, and one
  turned away is answered a 503 that says why, so no number of idle connections takes the
  door to its descriptor limit;
- a websocket from another site's page (its Origin not this server) is refused, so a page
  elsewhere cannot use a visitor's browser to sit at a LAN table; and so is every request
  whose Host is a name not this server's (`WebDoor.known_host`): by DNS rebinding, another
  site's page reaches the door under that site's own name, its Origin then the same;
- what the page or the app sends never reaches the host's terminal as it came: the app's
  error output and every log line have their control characters escaped, and there is no
  access log (it would carry the page's headers).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler
from textual_serve.app_service import AppService
from textual_serve.server import Server

from bhtui.net.gate import (
    BUSY,
    HOST_HEADER,
    LISTEN_BACKLOG,
    MEMORY_POLL,
    PER_ADDRESS,
    Gate,
    InputBudget,
    SessionCap,
    at_ceiling,
    confine_app,
    door_logging,
    own_folders,
    quiet_when_out_of_files,
    screen_size,
    with_port,
    within_files,
)
from bhtui.net.kept import KeptSeats
from bhtui.net.lobby import door_addresses
from bhtui.net.serve import stop_signals
from bhtui.net.tcp import door_listening
from bhtui.sshd import IDLE_TIMEOUT, KILL_GRACE, SESSION_DEADLINE, language_flags, offered

log = logging.getLogger("bhtui.web")

MAX_MESSAGE = 64 * 1024  # bytes in one websocket message from a page: a paste, never more
ERRORS_KEPT = 4096  # characters of an app's error output kept for the host's terminal
WAITING = 64
"""Connections that hold no session (a page, its script, a keep-alive connection, a websocket
not yet in) the door keeps at once, at most 4 per session an address may have (8 at least:
a browser loads a page over up to six). With nothing to cap them, 1100 silent ones held a
door under a 1024-descriptor limit at it, its log took 230,000 tracebacks ("socket.accept()
out of system resource") in a minute, and a visitor waited 10 to 21 s for the demo."""
SESSION_FILES = 5
"""Descriptors a tab's session holds: its connection, its app's three pipes, and the pidfd
asyncio watches the app by (Python 3.12 on)."""
TURNED_AWAY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
               b"Content-Length: %d\r\nRetry-After: 60\r\nConnection: close\r\n\r\n%s\n"
               % (len(BUSY.encode()) + 1, BUSY.encode()))
"""What a connection the gate turns away gets at once, before it has asked anything: a
browser shows it as the answer to its request."""
WEIGHT = re.compile(r"\s*q\s*=\s*([01](?:\.[0-9]{0,3})?)\s*")
"""An Accept-Language entry's weight (``;q=0.8``)."""
VISITOR_COOKIE = "bhtui-visitor"
VISITOR_AGE = 24 * 60 * 60
"""Seconds a browser keeps its visitor id from its last page: past an evening's match, and
past a phone's browser restarted (a cookie for the session alone may go with it)."""
UNKNOWN_HOST = ("bhtui: open this page by the server's address or its host name (another "
                "name needs the server's --public-url)\n")


def own_names(public_url: str | None) -> frozenset[str]:
    """The names a visitor may reach the door by besides an IP address: localhost, the
    machine's host name (and its mDNS ``.local`` form) and the --public-url's."""
    names = {"localhost"}
    host = socket.gethostname().lower().rstrip(".")
    if host:
        short = host.split(".")[0]
        names |= {host, short, f"{short}.local"}
    if public_url is not None:
        names.add((urlsplit(public_url).hostname or "").lower())
    return frozenset(names - {""})


def page_language(accepted: str) -> list[str]:
    """The flags that start a tab's app in the language its browser asks for first (its
    Accept-Language, the weightiest entry, the first of equals), as an SSH visitor's locale
    does (``sshd.visitor_language``); none when it names none."""
    best, weight = "", 0.0
    for entry in accepted.split(","):
        tag, _, parameters = entry.partition(";")
        tag = tag.strip()
        found = WEIGHT.fullmatch(parameters) if parameters else None
        value = 1.0 if not parameters else float(found.group(1)) if found else 0.0
        if tag and tag != "*" and value > weight:
            best, weight = tag, value
    return language_flags(best) if best else []


class VisitorIds:
    """The ids a door gives browsers, to know one again (its seats, `net/kept.py`): 128
    random bits and their MAC under the door's own secret, so a value the door did not give
    (typed, or another door's) names nobody without the door holding a list of those it gave,
    which anyone loading the page could fill. A door restarted has a new secret and knows
    nobody again, as it keeps no seat."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)

    def _mac(self, visitor: bytes) -> bytes:
        return hmac.new(self._secret, visitor, hashlib.sha256).digest()[:16]

    def new(self) -> str:
        """A new visitor's cookie value."""
        visitor = secrets.token_bytes(16)
        return (visitor + self._mac(visitor)).hex()

    def named(self, value: str | None) -> bytes | None:
        """The visitor a cookie value names: the id if this door gave it, else None."""
        if value is None or len(value) != 64:
            return None
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            return None
        visitor, mac = raw[:16], raw[16:]
        return visitor if hmac.compare_digest(mac, self._mac(visitor)) else None


class Session(AppService):
    """One tab's app: ``python -m bhtui COMMAND`` in its own process group and folder, in
    the language its browser asks for (``language``: the flags that say it), with the seats
    kept for its ``visitor`` (None: a browser the door does not know)."""

    def __init__(self, door: WebDoor, address: str, websocket: web.WebSocketResponse,
                 language: list[str] | None = None, visitor: bytes | None = None) -> None:
        super().__init__(door.command_line, write_bytes=websocket.send_bytes,
                         write_str=websocket.send_str, close=self._close,
                         download_manager=door.download_manager)
        self.door, self.address, self.websocket = door, address, websocket
        self.language = language or []
        self.visitor = visitor
        self.home: str | None = None
        self.ready = asyncio.Event()  # the app has drawn something
        self.keys = InputBudget()  # what of the tab's keys reaches the app
        self._errors = ""
        self._error_task: asyncio.Task[None] | None = None
        self._stopping: asyncio.Task[None] | None = None

    async def _close(self) -> None:
        await self.websocket.close()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self.home = tempfile.mkdtemp(prefix="bhtui-web-")  # 0700: this visitor's alone
        self.door.seats.give(self.visitor, self.home)
        env = self._build_environment(width, height)
        env.pop("LINES", None)
        env.update(own_folders(self.home, "web", kept=self.visitor is not None))
        self._process = process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bhtui", *self.language, *self.door.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
            cwd=self.home, start_new_session=True, preexec_fn=confine_app)
        self._stdin = process.stdin
        # textual-serve copies a child's stderr to the server's stdout as it came: read it
        # here instead, and give the base class a stream that has already ended.
        assert process.stderr is not None
        self._error_task = asyncio.create_task(self._read_errors(process.stderr))
        ended = asyncio.StreamReader()
        ended.feed_eof()
        process.stderr = ended
        return process

    async def _read_errors(self, stream: asyncio.StreamReader) -> None:
        while data := await stream.read(4096):
            self._errors = (self._errors + data.decode("utf-8", "replace"))[-ERRORS_KEPT:]

    async def send_bytes(self, data: bytes) -> bool:
        """The tab's keys, to the app as far as its InputBudget goes (a key message beyond
        it is dropped): Textual turns bytes into key events faster than it handles them,
        and 5 MB of keys grew an app to 527 MB, still growing after its tab closed."""
        return self.keys.take(len(data)) and await super().send_bytes(data)

    async def on_data(self, payload: bytes) -> None:
        self.ready.set()
        await super().on_data(payload)

    async def run(self) -> None:
        """The app's output until it ends; then its tab is closed too (textual-serve closes
        it only when the app says goodbye, not when it dies)."""
        await super().run()
        with contextlib.suppress(Exception):
            await self._close()

    async def stop(self) -> None:
        """Ask the app to quit; SIGTERM its process group if it has not within the grace,
        SIGKILL after another; then remove its folder. Safe to call more than once."""
        if self._stopping is None:
            self._stopping = asyncio.create_task(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        process, grace = self._process, self.door.kill_grace
        if self.home is not None:
            self.door.seats.keep(self.home)  # while the app still holds his seat
        if process is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(super().stop(), grace)  # the "quit" textual-serve sends
            for sig in (signal.SIGTERM, signal.SIGKILL):
                if process.returncode is not None:
                    break
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, sig)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), grace)
            await process.wait()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # anything it left behind
        if self._error_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._error_task, grace)
        if self._errors.strip():
            log.warning("the app of %s wrote:\n%s", self.address, self._errors.rstrip())
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None


class OfflinePage(jinja2.FileSystemLoader):
    """textual-serve's page without its one link beyond the LAN (a web font at Google's): on a
    LAN without the internet that stylesheet holds the page until the browser gives up on
    it, and anywhere it tells Google who opened the door. The page falls back to the
    browser's monospace font. It is given a title, which it lacked (a tab read its address),
    and its words (``PAGE_WORDS``) in the visitor's language (``page_words``): a Chinese
    visitor read "Session ended." and "Restart"."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        source = OFF_LAN.sub("", source).replace("<head>", "<head>\n    <title>bhtui</title>", 1)
        source = source.replace("<html>", '<html lang="{{ words.lang }}">', 1)
        for key, words in PAGE_WORDS["en"].items():
            source = source.replace(f">{words}<", f">{{{{ words.{key} }}}}<", 1)
        return source, filename, uptodate


OFF_LAN = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>")
PAGE_WORDS = {"en": {"start": "Start", "ended": "Session ended.", "restart": "Restart"},
              "zh": {"start": "开始", "ended": "会话已结束。", "restart": "重新开始"}}
"""The words of textual-serve's page, as its template has them, and in Chinese."""


async def page_words(request: web.Request) -> dict[str, Any]:
    """The page's words in the language the visitor's browser asks for first (a context
    processor: every page is rendered with them)."""
    language = "zh" if "zh" in page_language(request.headers.get("Accept-Language", "")) else "en"
    return {"words": {"lang": language, **PAGE_WORDS[language]}}


class Waiting(asyncio.Protocol):
    """One connection to the door, aiohttp's handler behind the door's gate: it waits there
    until its websocket's session begins (``WebDoor.handle_websocket``) or it closes. One the
    gate turns away is answered TURNED_AWAY and closed, and aiohttp never hears of it; those
    it pushes out are closed."""

    def __init__(self, door: WebDoor, handler: RequestHandler) -> None:
        self.door, self.handler = door, handler
        self.turned_away = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        closing = self.door.gate.enter(self.handler, str(peer[0]) if peer else "?")
        for handler in closing:
            if handler is not self.handler:
                handler.force_close()
        if self.handler in closing:
            self.turned_away = True
            assert isinstance(transport, asyncio.Transport)
            transport.write(TURNED_AWAY)
            transport.close()
        else:
            self.handler.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self.turned_away:
            self.handler.data_received(data)

    def eof_received(self) -> None:
        if not self.turned_away:
            self.handler.eof_received()  # (aiohttp's returns None: the transport closes)

    def pause_writing(self) -> None:
        if not self.turned_away:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if not self.turned_away:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.gate.leave(self.handler)
        if not self.turned_away:
            self.handler.connection_lost(exc)


class DoorSite(web.BaseSite):
    """aiohttp's TCP site with each connection made ``Waiting`` (aiohttp's server is the
    protocol factory, as in its low-level examples). It fills ``BaseSite``'s own slots as
    ``web.TCPSite`` does — reads ``_runner``, sets ``_server``, which the runner's
    ``addresses`` and the site's ``stop`` read —, and ``Waiting`` closes a handler with
    ``force_close``: checked on aiohttp 3.9 and 3.14, and the serve-web tests run them all."""

    def __init__(self, runner: web.AppRunner, door: WebDoor) -> None:
        super().__init__(runner)
        self.door = door

    @property
    def name(self) -> str:
        return f"http://{self.door.host}:{self.door.port}"

    async def start(self) -> None:
        await super().start()
        handlers = self._runner.server
        assert handlers is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: Waiting(self.door, handlers()), backlog=LISTEN_BACKLOG,
            **door_listening(self.door.host, self.door.port))


class WebDoor(Server):
    """textual-serve's server with a fixed command, caps, checked messages and cleanup."""

    def __init__(self, command: list[str], host: str, port: int, *,
                 public_url: str | None = None, max_sessions: int = 20,
                 per_address: int = PER_ADDRESS, session_deadline: float = SESSION_DEADLINE,
                 idle_timeout: float = IDLE_TIMEOUT, kill_grace: float = KILL_GRACE) -> None:
        self.argv = command
        self.command_line = "bhtui " + " ".join(command)  # a title: never run by a shell
        super().__init__(self.command_line, host=host, port=port, title="bhtui",
                         public_url=public_url)
        self.fixed_url = public_url
        max_sessions, waiting = within_files(max_sessions, SESSION_FILES, WAITING, log)
        self.max_sessions, self.per_address = max_sessions, per_address
        self.session_deadline, self.idle_timeout = session_deadline, idle_timeout
        self.kill_grace = kill_grace
        self.live: set[Session] = set()
        self.cap = SessionCap(max_sessions, per_address, "close one of your tabs")
        # (a browser opens up to six connections to load a page; behind a proxy, with
        # --max-per-address at --max-sessions, every visitor's come from one address)
        self.gate: Gate[RequestHandler] = Gate(waiting, min(waiting, max(8, 4 * per_address)))
        self.names = own_names(public_url)
        self.visitors = VisitorIds()
        self.seats = KeptSeats()  # by visitor id

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: serve_forever says where the door is (textual-serve prints a banner)."""

    def _url_for(self, request: web.Request) -> str:
        """Where the page finds its script and websocket: --public-url, else the address the
        visitor reached us by (a server bound to 0.0.0.0 cannot name itself)."""
        if self.fixed_url is not None:
            return self.fixed_url
        host = request.headers.get("Host", "")
        if HOST_HEADER.fullmatch(host):
            return f"http://{host}"
        return f"http://{with_port(self.host, self.port)}"

    async def handle_index(self, request: web.Request) -> Any:
        refusal = self.cap.refusal(request.remote or "?")
        if refusal is not None:
            return web.Response(status=503, text=f"bhtui: {refusal}\n")
        # The base renders with self.public_url; nothing awaits between setting and reading.
        self.public_url = self._url_for(request)
        page = await super().handle_index(request)
        self._know_again(request, page)
        return page

    def _know_again(self, request: web.Request, page: web.StreamResponse) -> None:
        """Give the page's browser its visitor id, or its own again for another day; one
        that sent none this door gave gets a new one. Not on a page opened by another
        site's link (``Sec-Fetch-Site``): the browser withholds a SameSite=Strict cookie
        from it, and a new id would replace the one holding the visitor's seat (the page's
        websocket, of this site, carries that one)."""
        value = request.cookies.get(VISITOR_COOKIE, "")
        if self.visitors.named(value) is None:
            if request.headers.get("Sec-Fetch-Site") == "cross-site":
                return
            value = self.visitors.new()
        page.set_cookie(VISITOR_COOKIE, value, max_age=VISITOR_AGE, path="/", httponly=True,
                        samesite="Strict", secure=self._url_for(request).startswith("https:"))

    def _known_host(self, request: web.Request) -> bool:
        """Whether the Host the visitor sent names this server: an IP address or one of
        ``names``. Any other name may be an attacker's, pointed at this server by DNS
        rebinding: his page is then of the same origin as the door's, and could read a
        visitor's screen or seat him. No Host at all comes from no browser."""
        host = request.headers.get("Host")
        if host is None:
            return True
        if not HOST_HEADER.fullmatch(host):
            return False
        name = host[1:host.index("]")] if host.startswith("[") else host.rsplit(":", 1)[0]
        name = name.lower().rstrip(".")
        with contextlib.suppress(ValueError):
            ipaddress.ip_address(name)
            return True
        return name in self.names

    @web.middleware
    async def known_host(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                         ) -> web.StreamResponse:
        """Every request (the page, its websocket, downloads) under a name not the door's
        is refused in one plain line."""
        if not self._known_host(request):
            return web.Response(status=403, text=UNKNOWN_HOST)
        return await handler(request)

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser: nothing to borrow
        return urlsplit(origin).netloc.lower() == urlsplit(self._url_for(request)).netloc.lower()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = request.remote or "?"
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if not self._same_origin(request):
            raise web.HTTPForbidden(text="bhtui: a page of another site cannot open a session\n")
        await websocket.prepare(request)
        refusal = self.cap.refusal(address)
        if refusal is not None:
            with contextlib.suppress(Exception):
                await websocket.send_bytes(f"\r\nbhtui: {refusal}\r\n".encode())
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"full")
            log.info("refused %s: %s", address, refusal)
            return websocket
        session = Session(self, address, websocket,
                          page_language(request.headers.get("Accept-Language", "")),
                          self.visitors.named(request.cookies.get(VISITOR_COOKIE)))
        self.live.add(session)
        self.cap.take(address)
        self.gate.leave(request.protocol)  # in: the session cap counts it now
        log.info("session from %s (%d of %d)", address, len(self.live), self.max_sessions)
        width, height = screen_size(_number(request.query.get("width"), 80),
                                    _number(request.query.get("height"), 24))
        deadline = asyncio.get_running_loop().call_later(
            self.session_deadline, self._no_app, session)
        watch: asyncio.Task[None] | None = None
        try:
            await session.start(width, height)
            watch = asyncio.create_task(self._watch_memory(session))
            await self._process_messages(websocket, session)
        except OSError as exc:
            log.warning("cannot start an app for %s: %s", address, exc.strerror or exc)
            with contextlib.suppress(Exception):
                await websocket.send_bytes(b"\r\nbhtui: cannot start the app now; try later.\r\n")
        finally:
            deadline.cancel()
            if watch is not None:
                watch.cancel()
            with contextlib.suppress(Exception):
                await websocket.close()
            await session.stop()
            self.live.discard(session)
            self.cap.give_back(address)
            log.info("session from %s ended", address)
        return websocket

    async def _watch_memory(self, session: Session) -> None:
        """An app at its memory ceiling is killed, its tab told so and closed
        (`gate.at_ceiling`)."""
        pid = session.pid
        while pid is not None and not at_ceiling(pid):
            await asyncio.sleep(MEMORY_POLL)
        if pid is not None:
            log.info("the app of %s reached its memory ceiling: killed", session.address)
            with contextlib.suppress(Exception):
                await session.websocket.send_bytes(
                    b"\r\nbhtui: the app ran out of memory; goodbye.\r\n")
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)

    def _no_app(self, session: Session) -> None:
        if not session.ready.is_set():
            log.info("no app for %s within %g s: closed", session.address,
                     self.session_deadline)
            asyncio.ensure_future(session.websocket.close())

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """The page's messages, read as data: keys (text), a size (clamped), ping, focus.
        Anything else, malformed or unknown, is dropped; a tab silent for the idle timeout
        is closed."""
        while True:
            try:
                message = await websocket.receive(timeout=self.idle_timeout)
            except TimeoutError:
                log.info("a session idle for %g s: closed", self.idle_timeout)
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                WSMsgType.ERROR):
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):  # not JSON; nested too deep to read
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = screen_size(_number(data.get("width"), 80),
                                            _number(data.get("height"), 24))
                await app_service.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def stop_all(self) -> None:
        """End every session and wait until every app is gone."""
        await asyncio.gather(*(s.stop() for s in list(self.live)), return_exceptions=True)


def _number(value: object, default: int) -> int:
    """A whole number from the page (a query string or JSON), else ``default``."""
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) <= 6:
        return int(value)
    return default


def _bad_request_in_a_line(record: logging.LogRecord) -> bool:
    """A request aiohttp could not parse (no Host, a broken header) is the visitor's fault,
    not the door's: said in one line, where it printed a traceback for each (and anyone
    could fill the console with them)."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):
        first = str(error.message).strip().splitlines()[0] if error.message else ""
        record.msg, record.args = "%s: bad request (%s)", (record.getMessage(), first)
        record.exc_info = record.exc_text = None
    return True


async def start_web(command: list[str], host: str, port: int, **options: Any
                    ) -> tuple[web.AppRunner, WebDoor, int]:
    """The door listening on ``host:port`` (0 picks a port): its runner, itself, its port."""
    server_log = logging.getLogger("aiohttp.server")
    if _bad_request_in_a_line not in server_log.filters:
        server_log.addFilter(_bad_request_in_a_line)
    door = WebDoor(command, host, port, **options)
    quiet_when_out_of_files(asyncio.get_running_loop(), log.warning)
    app = await door._make_app()
    app.middlewares.append(door.known_host)
    aiohttp_jinja2.setup(app, loader=OfflinePage(door.templates_path),
                         context_processors=[page_words])
    app.on_shutdown.append(lambda _app: door.stop_all())
    # No access log: its lines would carry the page's request line and headers unescaped.
    runner = web.AppRunner(app, access_log=None, handle_signals=False,
                           keepalive_timeout=door.session_deadline)
    await runner.setup()
    await DoorSite(runner, door).start()
    door.port = runner.addresses[0][1]
    return runner, door, door.port


async def serve_forever(command: list[str], host: str, port: int, **options: Any) -> None:
    door_logging("web", "textual-serve", "aiohttp")
    stopping = stop_signals()
    runner, door, port = await start_web(command, host, port, **options)
    where = options.get("public_url") or " or ".join(
        f"http://{with_port(address, port)}/" for address in door_addresses(host))
    print(f"bhtui: {offered(command)} on {where} (no password: for your LAN); ctrl+c stops", flush=True)
    await stopping.wait()
    await runner.cleanup()
    await door.stop_all()
