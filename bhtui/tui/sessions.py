"""How the app gets its table: a local game, hosting one on the LAN, or joining one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bhtui.net.client import Client
from bhtui.net.host import Table
from bhtui.net.lobby import Browser, TableInfo
from bhtui.net.local import join, local_table
from bhtui.net.serve import Serving, start_serving
from bhtui.net.tcp import stay_connected
from bhtui.rules import RuleSet, get_preset
from bhtui.store.gamelog import GameLog, new_log_path
from bhtui.store.tokens import remember_token, remembered_token
from bhtui.store.replay import Replay
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.room import CodePrompt, LobbyScreen

if TYPE_CHECKING:
    from bhtui.tui.app import BhtuiApp


@dataclass
class LocalSession:
    """The default: four bots in this process, seat 0 yours."""

    rules: RuleSet | str = "qingdao"
    seed: int = 1
    rounds: int | None = None
    table: Table | None = None
    ask_rules: bool = False

    async def open(self, app: BhtuiApp) -> None:
        rules = get_preset(self.rules)
        if self.ask_rules:
            from bhtui.tui.settings import SettingsScreen

            rules = await app.ask(SettingsScreen(app.t, rules))
        self.table = local_table(rules, self.seed, app.config.name, app.config.bot_delay,
                                 self.rounds, GameLog(new_log_path("local")))
        client, _ = join(self.table, app.config.name)
        app.attach(client, admin=True, waiting_room=False)
        await client.run()

    async def close(self) -> None:
        if self.table is not None and self.table.log is not None:
            self.table.log.close()


@dataclass
class HostSession:
    """`bhtui host`: serve the table on the LAN and sit at it from this terminal."""

    table: Table
    bind: str
    port: int
    advertise: bool = True
    serving: Serving | None = None

    async def open(self, app: BhtuiApp) -> None:
        self.serving = await start_serving(self.table, self.bind, self.port, self.advertise)
        shown = self.bind if self.bind not in ("", "0.0.0.0") else "THIS-MACHINE"
        app.address = f"{shown}:{self.serving.port}"
        seat = next((i for i, s in enumerate(self.table.seats) if s.bot is None), None)
        client, _ = join(self.table, app.config.name, seat=seat if self.table.started else None)
        app.attach(client, admin=True)
        await client.run()

    async def close(self) -> None:
        if self.serving is not None:
            await self.serving.stop()


@dataclass
class RemoteSession:
    """`bhtui join` / `bhtui watch`: a table by address, or picked in the lobby."""

    address: str | None
    role: str = "player"
    code: str | None = None
    bind: str | None = None
    browser: Browser | None = field(default=None, init=False)

    async def open(self, app: BhtuiApp) -> None:
        if self.address is None:
            info = await self._pick(app)
            host, port, needs_code = info.host, info.port, info.code
            key = f"{info.host}:{info.port}/{info.name}"
        else:
            host, _, port_text = self.address.rpartition(":")
            port, needs_code, key = int(port_text), False, self.address
        app.address = f"{host}:{port}"
        if needs_code and not self.code:
            self.code = await app.ask(CodePrompt(app.t))
        client = Client(None, app.config.name, self.role,  # type: ignore[arg-type]
                        token=remembered_token(key) if self.role == "player" else None,
                        code=self.code)

        def keep_token(message: dict) -> None:
            if message["type"] == "welcome" and message.get("token"):
                remember_token(key, message["token"])
                if client.server.get("table"):
                    remember_token(f"{host}:{port}/{client.server['table']}", message["token"])

        client.listen(keep_token)
        app.attach(client, admin=False)
        await stay_connected(client, host, port)

    async def _pick(self, app: BhtuiApp) -> TableInfo:
        screen = LobbyScreen(app.t, watching=self.role == "spectator")
        self.browser = Browser(screen.show_tables, self.bind)
        await self.browser.start()
        try:
            return await app.ask(screen)
        finally:
            await self.browser.stop()

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.stop()


def parse_address(text: str) -> str:
    """HOST:PORT checked; ValueError says what is wrong."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: write HOST:PORT, e.g. 192.168.1.20:7474")
    return text



@dataclass
class ReplaySession:
    """`bhtui replay FILE`: step through a saved game."""

    replay: Replay

    async def open(self, app: BhtuiApp) -> None:
        app.push_screen(ReplayScreen(self.replay, app.t, app.card_style))

    async def close(self) -> None:
        return None


@dataclass
class DemoSession:
    """`bhtui demo`: the guided rules tour."""

    async def open(self, app: BhtuiApp) -> None:
        from bhtui.tui.demo import DemoScreen

        app.push_screen(DemoScreen(app.t, app.card_style))

    async def close(self) -> None:
        return None


@dataclass
class MenuSession:
    """`bhtui menu HOST:PORT` (what serve-ssh --table runs): watch or join that table."""

    address: str

    async def open(self, app: BhtuiApp) -> None:
        from bhtui.tui.room import TableMenu

        role = await app.ask(TableMenu(app.t, self.address))
        await RemoteSession(self.address, role).open(app)

    async def close(self) -> None:
        return None
