"""A seat's offer: its legal actions with what the seat knows, the one thing a bot decides from.

Bots of both games get the same shape (see ``bhtui.bots``): a sequence of legal actions whose
``reading`` is the seat's knowledge. Dou Dizhu's reading is the seat's own view, so a bot
decides the same in process (``Match.legal_actions``), over the wire (:func:`offer_of_view`)
and on 托管.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bhtui.doudizhu.hands import counts_of_text, parse_hand
from bhtui.doudizhu.moves import playable
from bhtui.wire import Action, DoudizhuView


class Offer(list[Action]):
    """The legal actions, in the engine's order, and the seat's view (``reading``), made
    when first asked: a bot that never reads it (random) costs no view."""

    __slots__ = ("_read", "_reading")

    def __init__(self, actions: Iterable[Action],
                 read: Callable[[], DoudizhuView] | None = None) -> None:
        super().__init__(actions)
        self._read = read
        self._reading: DoudizhuView | None = None

    @property
    def reading(self) -> DoudizhuView:
        """What the deciding seat knows: its view."""
        if self._reading is None:
            if self._read is None:
                raise ValueError("this offer came without the seat's view")
            self._reading = self._read()
        return self._reading


def legal_from_view(view: DoudizhuView) -> list[Action]:
    """What the viewing seat may do now, in the engine's order, from its view alone (a bot
    at a remote table, the screen's checks): the hands it may play (from its hand, the top
    hand, its bomb limit and the reported groups still held), then the view's other
    decisions."""
    me = view.get("viewer")
    others: list[Action] = list(view.get("actions", []))
    if not isinstance(me, int) or view["phase"] != "play" or view["to_act"] != me:
        return others
    preset, seat = view["preset"], view["seats"][me]
    top_play = view["top"]
    top = parse_hand(top_play["hand"], preset) if top_play else None
    limit = seat["bomb_limit"]
    locked = [parse_hand(t, preset) for t in view.get("locked", ())] \
        if me == view["landlord"] else []
    hands = playable(preset, counts_of_text(" ".join(view["hand"])), top,
                     limit is None or seat["bombs"] < limit, locked)
    plays: list[Action] = [{"type": "play", "hand": h} for h in hands]
    return plays + others


def offer_of_view(view: DoudizhuView) -> Offer:
    """The seat's offer as its view tells it (a bot at a remote table)."""
    return Offer(legal_from_view(view), lambda: view)
