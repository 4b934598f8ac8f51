"""What the screens hear from outside Textual, as Textual messages.

The table's messages reach the app through its client's one listener; the app posts each to
the screens that show the table (``HostSaid``), and each handles it on its own message loop.
A screen being closed takes no more messages and handles none after its widgets start to
go, so no handler ever looks for a widget that is gone. The lobby's tables come the same way
(``TablesFound``), and the player's own settings as he saves them (``PrefsChanged``).
"""

from __future__ import annotations

from typing import Any

from textual.message import Message

from bhtui.store.config import Config


class HostSaid(Message, bubble=False):
    """One message from the table, after the client took it in: a handler reads the client's
    state as it is when it runs, which may already be newer than the message."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__()
        self.message = message


class TablesFound(Message, bubble=False):
    """The tables the LAN lobby knows of now (all of them, not a change)."""

    def __init__(self, tables: dict[str, Any]) -> None:
        super().__init__()
        self.tables = dict(tables)


class PrefsChanged(Message, bubble=False):
    """The settings the player just saved (F2): each open screen applies what it shows, so the
    app needs to know nothing of the screens' widgets."""

    def __init__(self, config: Config) -> None:
        super().__init__()
        self.config = config
