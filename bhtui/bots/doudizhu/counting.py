"""The ``normal`` bot: the heuristic, counting cards.

It knows the cards still out (the deck less its hand, every card played and what the rules
show) and who may still bomb (cards enough, a bomb among the cards it may hold, S-BID-7's
limit not reached), so it knows which of its hands nobody can beat any more. A hand that
plays out as such hands and one last hand is won: it leads them (each comes back to it) and
goes out with the last, and it takes a trick with such a hand whatever it costs when that
leaves a won hand. Otherwise it plays as the heuristic.
"""

from __future__ import annotations

from functools import lru_cache

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


Rival = tuple[tuple[int, ...], int, bool]
"""An opponent as counting sees him: the cards he may hold (by rank), how many he holds, and
whether he may still bomb."""


def rivals(seen: Seen) -> tuple[Rival, ...]:
    """The seat's opponents as its view tells them: the cards out and his shown ones (摊打:
    his whole hand is known)."""
    out = []
    for s in seen.opponents():
        shown, held = seen.shown[s], seen.counts[s]
        pool = list(shown) if sum(shown) >= held else [
            u + k for u, k in zip(seen.unseen, shown, strict=True)]
        out.append((tuple(pool), held, may_bomb(seen.preset, held, seen.bomb_ok[s], pool)))
    return tuple(out)


def winning_play(seen: Seen, plays: list[Hand]) -> Hand | None:
    """A play of ``plays`` (the seat's offer) that wins the deal by force: out at once, or a
    hand nobody can beat after which the rest plays out as such hands and one last hand (as a
    lead each time)."""
    if seen.locked and seen.me == seen.landlord:
        size = sum(seen.rc)  # 报到's groups bind the order of play: left to the heuristic
        return next((hand for hand in plays if hand.size == size), None)
    return won_line(seen.preset, tuple(seen.rc), seen.top, seen.bomb_ok[seen.me],
                    seen.partner_on_top(), rivals(seen))


@lru_cache(maxsize=1 << 12)  # (its hits are a decision's own: 8× more met 0.6 % more)
def won_line(preset: str, rc: tuple[int, ...], top: Hand | None, bomb_ok: bool,
             partner_on_top: bool, rivals: tuple[Rival, ...]) -> Hand | None:
    """``winning_play`` for a hand not bound by 报到, from numbers alone, so the search's
    playouts ask it too (a decision's playouts meet the same ends of deals again)."""
    plays = [parse_hand(t, preset) for t in playable(preset, rc, top, bomb_ok)]
    size = sum(rc)
    for hand in plays:
        if hand.size == size:
            return hand
    if partner_on_top:
        return None
    most: dict[tuple[tuple[int, ...], bool], int] = {}  # rivals alike but for their size
    for pool, held, bombs in rivals:
        most[pool, bombs] = max(held, most.get((pool, bombs), 0))
    if top is not None and all(_beatable(preset, most, h) for h in plays):
        return None  # (the cheap answer: no play nobody can beat)
    leads = [parse_hand(t, preset) for t in playable(preset, rc, None, bomb_ok)]
    sure = [h for h in leads if not _beatable(preset, most, h)]
    texts = {h.text for h in sure}
    memo: dict[tuple[tuple[int, ...], int], bool] = {}
    for hand in plays:
        if hand.text in texts and _won(preset, sure, _less(rc, hand), DEPTH, memo):
            return hand
    return None


def _won(preset: str, sure: list[Hand], counts: tuple[int, ...], depth: int,
         memo: dict[tuple[tuple[int, ...], int], bool]) -> bool:
    """Whether ``counts`` play out as at most ``depth`` of the ``sure`` hands (each led in
    turn) and one last hand."""
    key = counts, depth
    if key not in memo:
        memo[key] = hand_of_counts(counts, preset) is not None or depth > 0 and any(
            all(counts[r] >= k for r, k in h.need)
            and _won(preset, sure, _less(counts, h), depth - 1, memo) for h in sure)
    return memo[key]


def _beatable(preset: str, most: dict[tuple[tuple[int, ...], bool], int],
              hand: Hand) -> bool:
    """Whether an opponent may still beat ``hand``: from the cards he may hold (and a bomb
    only while he may bomb), with no more cards than he holds (``most``: the largest hand
    of the opponents alike in those)."""
    for (pool, bombs), held in most.items():
        for text in playable(preset, pool, hand, bombs):
            if parse_hand(text, preset).size <= held:
                return True
    return False


def _less(counts: tuple[int, ...], hand: Hand) -> tuple[int, ...]:
    out = list(counts)
    for r, k in hand.need:
        out[r] -= k
    return tuple(out)
