"""The ``normal`` bot: the heuristic, counting cards.

It knows the cards still out (the deck less its hand, every card played and what the rules
show) and who may still bomb (cards enough, a bomb among the cards it may hold, S-BID-7's
limit not reached), so it knows which of its hands nobody can beat any more. A hand that
plays out as such hands and one last hand is won: it leads them (each comes back to it) and
goes out with the last, and it takes a trick with such a hand whatever it costs when that
leaves a won hand. Otherwise it plays as the heuristic.
"""

from __future__ import annotations

from functools import cache

from bhtui.bots.doudizhu.heuristic import HeuristicBot
from bhtui.bots.doudizhu.knowledge import Seen, may_bomb, seen_of
from bhtui.doudizhu import Hand, parse_hand
from bhtui.doudizhu.hands import hand_of_counts
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.offer import Offer
from bhtui.wire import Action

DEPTH = 3
"""Unbeatable hands a won line may lead before its last hand."""


class CountingBot(HeuristicBot):
    name = "normal"

    def decide(self, offer: Offer) -> Action:
        view = offer.reading
        if view["phase"] == "play":
            plays = {a["hand"]: a for a in offer if a["type"] == "play"}
            if plays:
                won = winning_play(seen_of(view), [parse_hand(t, view["preset"])
                                                   for t in plays])
                if won is not None:
                    return plays[won.text]
        return super().decide(offer)


def beatable(seen: Seen, hand: Hand) -> bool:
    """Whether an opponent may still beat ``hand``: from the cards he may hold (the cards
    out and his shown ones), with no more cards than he holds, and a bomb only while he may
    bomb."""
    for s in seen.opponents():
        shown, held = seen.shown[s], seen.counts[s]
        pool = list(shown) if sum(shown) >= held else [  # (摊打: his whole hand is known)
            u + k for u, k in zip(seen.unseen, shown, strict=True)]
        bombs = may_bomb(seen, s, pool)
        for text in playable(seen.preset, pool, hand, bombs):
            if parse_hand(text, seen.preset).size <= held:
                return True
    return False


def winning_play(seen: Seen, plays: list[Hand]) -> Hand | None:
    """A play that wins the deal by force: out at once, or a hand nobody can beat after
    which the rest plays out as such hands and one last hand (as a lead each time)."""
    rc = seen.rc
    size = sum(rc)
    for hand in plays:
        if hand.size == size:
            return hand
    if seen.partner_on_top():
        return None
    locked = bool(seen.locked) and seen.me == seen.landlord
    if locked:
        return None  # 报到's groups bind the order of play: left to the heuristic
    leads = [parse_hand(t, seen.preset) for t in playable(seen.preset, rc, None,
                                                           seen.bomb_ok[seen.me])]
    sure = frozenset(h.text for h in leads if not beatable(seen, h))
    if not sure:
        return None
    preset = seen.preset

    @cache
    def won(counts: tuple[int, ...], depth: int) -> bool:
        if hand_of_counts(counts, preset) is not None:
            return True
        if depth == 0:
            return False
        for text in sure:
            h = parse_hand(text, preset)
            if all(counts[r] >= k for r, k in h.need) and won(_less(counts, h), depth - 1):
                return True
        return False

    for hand in plays:
        if hand.text in sure and won(_less(tuple(rc), hand), DEPTH):
            return hand
    return None


def _less(counts: tuple[int, ...] | list[int], hand: Hand) -> tuple[int, ...]:
    out = list(counts)
    for r, k in hand.need:
        out[r] -= k
    return tuple(out)
