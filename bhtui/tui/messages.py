"""What the screens hear from outside Textual, as Textual messages.

The table's messages reach the app through its client's one listener; the app posts each to
the screens that show the table as a typed message (``ViewChanged``, ``EventArrived``,
``LinkLost``, ``HostSilent``, ``ActionRefused`` …: ``heard``), and each handles it on its own message loop.
A screen being closed takes no more messages and handles none after its widgets start to
go, so no handler ever looks for a widget that is gone. The lobby's tables come the same way
(``TablesFound``), and the player's own settings as he saves them (``PrefsChanged``).
"""

from __future__ import annotations

from typing import Any

from textual.message import Message

from bhtui.store.config import Config
from bhtui.tui.i18n import Translator
from bhtui.wire import Action, Event


class HostSaid(Message, bubble=False):
    """Something the table said, after the client took it in; each kind is its own message
    carrying what changed, so a screen handles each with ``@on`` and reads no type field."""


class ViewChanged(HostSaid):
    """A new view (the client holds it): the screen draws it and opens what it calls for."""


class EventArrived(HostSaid):
    """Event ``seq`` of the match: the log shows it (the client's view may be newer)."""

    def __init__(self, seq: int, event: Event) -> None:
        super().__init__()
        self.seq, self.event = seq, event


class LinkLost(HostSaid):
    """The link to the table is down until the next welcome: nothing sent reaches it."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class LinkBack(HostSaid):
    """The table welcomed us (again)."""


class TableClosed(HostSaid):
    """The host closed the table on purpose (its ``bye``): it may reopen (``--resume``),
    when the table welcomes us again."""


class HostSilent(HostSaid):
    """The host has answered nothing for a while (``on``: its program stopped, its machine
    hung?), or speaks again. The link is up: what is sent reaches it once it runs."""

    def __init__(self, on: bool) -> None:
        super().__init__()
        self.on = on


class ActionRefused(HostSaid):
    """The table refused what we sent, saying why."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class HintArrived(HostSaid):
    """The hint asked for: an action of mine."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class ChatArrived(HostSaid):
    """A chat line; ``watching``: its sender has no seat (a spectator, or someone whose seat
    was taken from him), which the line says, so a watcher's words pass for no player's."""

    def __init__(self, name: str, text: str, watching: bool) -> None:
        super().__init__()
        self.name, self.text, self.watching = name, text, watching

    def line(self, t: Translator) -> str:
        return t("log.chat.watching" if self.watching else "log.chat", name=self.name,
                 text=self.text)


class LogUnsaved(HostSaid):
    """The table's log can no longer be written (``reason``: the system's words): the game
    goes on unsaved from here."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class RoomChanged(HostSaid):
    """The waiting room's seats or rules changed (the client holds the room)."""


REFUSED = frozenset({"stale", "duplicate", "waiting", "reading", "spectator", "hinting",
                     "chat"})
"""The host's refusals (``error`` codes, docs/protocol.md) whose reason is always the same:
said in the player's language. Others' reasons vary (the rules' own words): the host's, in
the player's language where the catalogues know them (``Translator.reason``)."""


SIT_REFUSALS = frozenset({"seat", "watcher", "started", "range", "taken"})
"""The cases (``why``) of a refused ``sit``, said in the player's language."""


def heard(message: dict[str, Any], t: Translator) -> HostSaid | None:
    """The Textual message for one from the table, or None for those no screen shows (the
    handshake, a page of history, which the next view draws)."""
    kind = message["type"]
    if kind == "view":
        return ViewChanged()
    if kind == "event":
        return EventArrived(message["seq"], message["event"])
    if kind == "closed":
        return LinkLost(message["reason"])
    if kind == "welcome":
        return LinkBack()
    if kind == "bye":
        return TableClosed()
    if kind == "unanswered":
        return HostSilent(message["on"])
    if kind == "error":
        code, why = message["code"], message.get("why")
        if code == "sit" and why in SIT_REFUSALS:
            return ActionRefused(t(f"refused.sit.{why}"))
        return ActionRefused(t(f"refused.code.{code}") if code in REFUSED
                             else t.reason(message["reason"]))
    if kind == "hint":
        return HintArrived(message["action"])
    if kind == "chat":
        return ChatArrived(message["name"], message["text"], message.get("seat") is None)
    if kind == "room":
        return RoomChanged()
    if kind == "unsaved":
        return LogUnsaved(message["reason"])
    return None


class TablesFound(Message, bubble=False):
    """The tables the LAN lobby knows of now (all of them, not a change); ``left_out``: more
    were advertised than it keeps."""

    def __init__(self, tables: dict[str, Any], left_out: bool = False) -> None:
        super().__init__()
        self.tables, self.left_out = dict(tables), left_out


class PrefsChanged(Message, bubble=False):
    """The settings the player just saved (F2): each open screen applies what it shows, so the
    app needs to know nothing of the screens' widgets."""

    def __init__(self, config: Config) -> None:
        super().__init__()
        self.config = config


class Aside(Message, bubble=False):
    """A screen the player opens beside the game (help, settings, the scores …) opened or
    closed: the app looks again whether one is over the table and tells the table, whose
    lone player's turn timer waits while one is (the host's ``hold``)."""
