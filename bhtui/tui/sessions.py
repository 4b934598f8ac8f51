"""How the app gets its table: a local game, hosting one on the LAN, or joining one.

Each session imports what only it needs when it opens (the LAN's zeroconf and TCP, the
lobby's and the room's screens, the replay's), so a game against bots — the first table most
people see — never waits for them.
"""

from __future__ import annotations

import asyncio
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bhtui.games import Rules, Seed, game_for, rules_named
from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.local import join, local_table
from bhtui.store.gamelog import GameLog, new_log_path

if TYPE_CHECKING:
    import socket

    from bhtui.net.liveness import Liveness
    from bhtui.net.lobby import Browser, TableInfo
    from bhtui.net.serve import Serving
    from bhtui.store.replay import Replay
    from bhtui.tui.app import BhtuiApp


def say_unsaved(app: BhtuiApp, table: Table, hosted: bool = False) -> None:
    """Warn the player, once a match's log, that it cannot be written on (a full disk, the
    folder gone): the game goes on unsaved from there, and what was written before is kept,
    with how to go on from it (``hosted``: the table opens again with ``host --resume``).
    The app keeps how far it was saved (``BhtuiApp.lost``): its quit question and its last
    lines said the game was saved whole."""
    from bhtui.tui.app import Lost

    def say(log: GameLog) -> None:
        assert log.lost is not None
        reason = log.lost.strerror or str(log.lost)
        match = table.match
        upto = 0 if match is None or not log.path.exists() else \
            len(match.history) + (0 if match.over else 1)
        app.lost[log.path] = Lost(reason, upto, table.game.name)
        if not upto:
            app.warn(app.t("warnings.log_unmade", folder=shlex.quote(str(log.path.parent)),
                           reason=reason), app.t("warnings.log_unmade_toast", reason=reason))
            return
        path = shlex.quote(str(log.path))
        app.warn(app.t("warnings.log_lost", path=path, reason=reason) + " " + app.t(
            "warnings.log_lost_hosted" if hosted else "warnings.log_lost_local", path=path),
            app.t("warnings.log_lost_toast", reason=reason))

    table.tell_unsaved(say)


def stop_after_leave(table: Table) -> None:
    """Close ``table`` once the leave just sent is handled (it reaches the table by the
    loop's next call, as this does after it), so the rules count the leave (逃跑) and no bot
    plays the seat on while the app closes: at --fast a whole match was played and logged
    as the person's in that time."""
    asyncio.get_running_loop().call_soon(table.close)


@dataclass
class LocalSession:
    """The default: bots in this process at every other seat, seat 0 yours."""

    rules: Rules | None = None
    """The rules, resolved (``bhtui.games.rules_named``); None: ``game``'s default."""
    seed: Seed = 1
    rounds: int | None = None
    table: Table | None = None
    ask_rules: bool = False
    game: str | None = None
    bots: tuple[str, ...] = ()
    """The bots' levels (one for all, or one per bot seat); none given: the settings'."""
    seat: int = 0
    """The person's seat (a game played on from a replay keeps the replayed seat)."""
    saved: bool = True
    """False: no game can be saved here (the command said why), and this one is played
    without a log."""

    async def open(self, app: BhtuiApp) -> None:
        if self.table is None:  # (a game played on from a replay comes with its table)
            game, rules = (game_for(self.rules), self.rules) if self.rules is not None \
                else rules_named(game=self.game)
            if self.ask_rules:  # before the table exists, any game's presets may be picked
                from bhtui.tui.settings import SettingsScreen

                chosen = await app.push_screen_wait(
                    SettingsScreen(app.t, game, rules, every_game=True))
                if chosen is None:  # Esc: no match, not one of rules the player did not pick
                    app.exit()
                    return
                game, rules = chosen
            self.table = local_table(rules, self.seed, app.config.name, app.config.bot_delay,
                                     self.rounds,
                                     GameLog(new_log_path("local")) if self.saved else None,
                                     app.config.timer or None, self.bots or (app.config.bots,))
        say_unsaved(app, self.table)
        client, _ = join(self.table, app.config.name, seat=self.seat)
        app.attach(client, admin=True, waiting_room=False)
        await client.run()

    async def close(self) -> None:
        if self.table is not None:
            self.table.close()
            if self.table.log is not None:
                self.table.log.close()

    def quitting(self) -> None:
        if self.table is not None:
            stop_after_leave(self.table)

    def kept(self) -> Path | None:
        return self.table.log.path if self.table is not None and self.table.log else None


@dataclass
class HostSession:
    """`bhtui host`: serve the table on the LAN and sit at it from this terminal."""

    table: Table
    sock: socket.socket  # bound by the command, so a port in use never reaches the app
    advertise: bool = True
    serving: Serving | None = None

    async def open(self, app: BhtuiApp) -> None:
        from bhtui.net.gate import with_port
        from bhtui.net.lobby import address_for_others
        from bhtui.net.serve import start_serving

        self.serving = await start_serving(self.table, self.sock, self.advertise)
        say_unsaved(app, self.table, hosted=True)
        shown = address_for_others(self.sock.getsockname()[0]) or "THIS-MACHINE"
        app.address = with_port(shown, self.serving.port)  # ([::1]:47010)
        # A resumed table (started): his own seat under the name it had — the settings'
        # name took it ("Player", and a friend's old name freed for the friend) — or he
        # watches; a new one: a free seat under his name.
        seat = self.table.host_seat if self.table.started else None
        if self.table.started and seat is None:
            client, _ = join(self.table, app.config.name, "spectator")
        else:
            name = self.table.seats[seat].name if seat is not None else app.config.name
            client, _ = join(self.table, name, seat=seat)
        app.attach(client, admin=True)
        await client.run()

    async def close(self) -> None:
        if self.serving is not None:
            await self.serving.stop()

    def quitting(self) -> None:
        stop_after_leave(self.table)  # the table goes with this app (the quit says so)

    def kept(self) -> Path | None:
        return self.table.log.path if self.table.log else None


@dataclass
class RemoteSession:
    """`bhtui join` / `bhtui watch`: a table by address, or picked in the lobby."""

    address: str | None
    role: str = "player"
    code: str | None = None
    bind: str | None = None
    liveness: Liveness | None = None
    """How soon a silent host is asked whether it runs, and named (None: bhtui's own)."""
    browser: Browser | None = field(default=None, init=False)
    _app: BhtuiApp | None = field(default=None, init=False)
    _unsaved: bool = field(default=False, init=False)
    """The seat's token could not be written down: nothing takes the seat back later."""

    async def open(self, app: BhtuiApp) -> None:
        from bhtui.net.gate import with_port
        from bhtui.net.tcp import stay_connected
        from bhtui.store.config import shown_path
        from bhtui.store.tokens import SeatTokens
        from bhtui.tui.room import CodePrompt

        self._app = app
        if self.address is None:
            info = await self._pick(app)
            host, port, needs_code = info.host, info.port, info.code
        else:
            host, _, port_text = self.address.rpartition(":")
            port, needs_code = int(port_text), False
        app.address = with_port(host, port)  # (a lobby's IPv6 host comes bare)
        if needs_code and not self.code:  # (the lobby shows the table locked)
            self.code = await app.push_screen_wait(CodePrompt(app.t)) or None

        def unsaved(reason: str) -> None:
            """Said in a toast, under F3 and on the terminal once bhtui ends: the seat is
            held, but only until this app ends."""
            self._unsaved = True
            app.warn(app.t("warnings.seat_unsaved", path=shown_path(tokens.path), reason=reason))

        # Seat tokens are kept by the table's id, so the lobby and any address find them.
        tokens = SeatTokens(unsaved=unsaved)
        client = Client(None, app.config.name, self.role, code=self.code,  # type: ignore[arg-type]
                        tokens=tokens, liveness=self.liveness)
        if needs_code and self.code is None:  # given up at once: the table is not asked
            # (an empty answer went on to the table, which asked for the code a second time)
            app.attach(client, admin=False, waiting_room=False)
            self._given_up(app, client, {"code": "code", "why": "needed"})
            return
        app.attach(client, admin=False)
        while True:
            await stay_connected(client, host, port)
            refused = client.refused
            if not refused or refused.get("code") != "code":
                return  # in and done, or refused otherwise (the app says why)
            # A code we were not given (joined by address), or a mistyped one: ask (again);
            # the host's cooldown after many wrong codes is a refusal of its own.
            code = await app.push_screen_wait(CodePrompt(app.t, wrong=bool(self.code),
                                                         changed=bool(client.welcomes)))
            if not code:
                self._given_up(app, client, refused)
                return
            self.code = client.code = code
            client.refused = None

    @staticmethod
    def _given_up(app: BhtuiApp, client: Client, refused: dict[str, Any]) -> None:
        """The join code asked for was not given: refused for it (back to the lobby where
        the table was picked there, else out, with exit status 1). One who was at the table
        (its host reopened it with another code) is told he left it, and how to come back."""
        from bhtui.tui.app import refusal
        from bhtui.tui.room import RefusedScreen

        client.refused = refused
        why = refusal(app.t, refused)
        if not client.welcomes:
            app.push_screen(RefusedScreen(app.t, why))
            return
        if not app.visitor:  # (a door's visitor runs no command: he comes in again)
            why += "\n" + app.t("refused.again", command=app.command(client, locked=True))
        app.push_screen(RefusedScreen(app.t, why, "refused.left"))

    async def _pick(self, app: BhtuiApp) -> TableInfo:
        from bhtui.net.lobby import Browser
        from bhtui.tui.messages import TablesFound
        from bhtui.tui.room import LobbyScreen

        screen = LobbyScreen(app.t, watching=self.role == "spectator", place=app.lobby_place)

        def found(tables: dict[str, TableInfo]) -> None:  # to the screen, on its own loop
            screen.post_message(TablesFound(tables, browser.left_out))

        browser = self.browser = Browser(found, self.bind)
        await browser.start()
        try:
            return await app.push_screen_wait(screen)
        finally:
            await self.browser.stop()

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.stop()

    def quitting(self) -> None:
        """The host's table goes on, a bot playing the seat left (its rules say so); the
        seat's token takes it back, which bhtui says once it has ended — unless the token
        could not be kept here, or there is nothing to come back to (the table closed, the
        match over). (A visitor of serve-ssh or serve-web comes as ``MenuSession``: his
        folder, token and all, goes with him, and nothing is said.)"""
        app = self._app
        client = app.client if app is not None else None
        if (app is None or client is None or client.seat is None or client.view is None
                or self._unsaved or client.closed_by_host or client.view["phase"] == "over"):
            return
        from bhtui.tui.room import command_line

        command = command_line(app.t, "join", app.address, False, client.name)
        app.farewell.append(app.t("farewell.seat", command=command))  # (a token needs no code)

    def kept(self) -> Path | None:
        return None  # the host keeps it


class TableLess:
    """A session with no table of its own (a replay, the demo, the table menu before it
    joins): nothing to close, quitting stops nothing, and it keeps no game."""

    async def close(self) -> None:
        return None

    def quitting(self) -> None:
        return None

    def kept(self) -> Path | None:
        return None


@dataclass
class ReplaySession(TableLess):
    """`bhtui replay FILE`: step through a saved game."""

    replay: Replay
    newest: bool = False
    """No file was named: the newest saved game, which may not be the one the player means
    (a game he joined is saved on its host's machine), so which one it is is said."""
    passed_over: bool = False
    """A newer save could not be read and was passed over (the command named it): this is
    the newest that can be."""

    async def open(self, app: BhtuiApp) -> None:
        from bhtui.tui.replay import ReplayScreen

        app.push_screen(ReplayScreen(self.replay, app.t, app.card_style))
        path = self.replay.path
        if self.newest and path is not None:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            kind = app.t("replay.kind.hosted" if self.replay.hosted else "replay.kind.bots")
            # (over the log's top lines: it stood there 12 s, in four lines at 80 columns)
            newest = "replay.newest_read" if self.passed_over else "replay.newest"
            app.notify(app.t(newest, kind=kind, when=when), timeout=6, markup=False)


@dataclass
class MenuSession(TableLess):
    """`bhtui menu HOST:PORT` (what serve-ssh --table runs): watch or join that table."""

    address: str

    async def open(self, app: BhtuiApp) -> None:
        """The table is asked first: the menu shows what it says of itself, and a table that
        does not answer is said at once, as a join would say it — the visitor typed his name
        and chose before he learnt it."""
        from bhtui.net.gate import unbracketed, with_port
        from bhtui.net.kept import keep_name, kept_name
        from bhtui.net.tcp import ask_table, unreachable
        from bhtui.tui.room import TableMenu

        host, _, port_text = self.address.rpartition(":")
        port = int(port_text)
        try:
            hello = await ask_table(unbracketed(host), port)
        except (TimeoutError, OSError) as exc:
            client = Client(None, app.config.name)  # type: ignore[arg-type]
            app.attach(client, admin=False, waiting_room=False)
            why, reason = unreachable(host, port, exc)
            client.fail("unreachable", reason, why=why, address=with_port(host, port))
            return
        # A visitor the door knows again finds the name he gave last time (`net/kept.py`).
        known = app.visitor != "" and app.seats_kept
        role, name = await app.push_screen_wait(TableMenu(
            app.t, self.address, hello, app.unkept_note(), given=kept_name() if known else ""))
        app.settings.overrides["name"] = name  # this visit's, never saved to the settings
        if known:
            keep_name(name)
        app.config = app.settings.current()
        await RemoteSession(self.address, role).open(app)
