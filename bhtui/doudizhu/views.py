"""Per-viewer views: the only engine output that may leave the host.

A seat sees its own hand and decisions; everybody sees the bids, the card counts, the hands
played, the running factors, and what the rules show: the classic kitty once there is a
landlord (C-BID-4), Shanghai's mark card from the deal (S-DEAL-1), the landlord's whole hand
under 摊打 (S-BID-5) and his reported groups while he holds them (S-BID-6). Shanghai's kitty
stays the landlord's (S-BID-4). When a deal ends every hand is shown.
"""

from __future__ import annotations

from bhtui.cards import RANK_NAMES, rank_texts
from bhtui.doudizhu import scoring
from bhtui.doudizhu.round import Event, Round
from bhtui.wire import DoudizhuSeat, DoudizhuView, Viewer, view_head

PLACEHOLDER: Event = {"type": "hidden"}


def shown(r: Round, seat: int) -> list[str]:
    """The cards of ``seat`` that every viewer sees."""
    if r.remaining is not None:
        return list(r.remaining[seat])
    if seat != r.landlord:
        return []
    if r.open_hand:
        return r.hand(seat)
    return [card for g in r.locked for card in g.text.split()]


def kitty_seen(r: Round, viewer: Viewer) -> bool:
    """Whether ``viewer`` sees the kitty: the classic one once there is a landlord (C-BID-4),
    Shanghai's the landlord alone (S-BID-4), and everyone's once the deal is scored."""
    return viewer == "all" or r.phase == "done" or (r.landlord is not None and (
        r.rules.kitty_public or viewer == r.landlord))


def public_factors(r: Round) -> tuple[dict[str, str], int | None]:
    """The factors that apply if the landlord wins from here, and that stake (a public fact:
    C-PLAY-5's running multiplier); once the deal is scored, those it was scored with."""
    if r.result is not None:
        return scoring.factor_texts(r.result.factors), r.result.stake
    if r.rules.specials:
        factors = scoring.shanghai_factors(r.shanghai_facts(), True)
    else:
        factors = scoring.classic_factors(r.bombs, None)
    stake = None if r.bid is None else scoring.stake_of(factors, r.rules.base, r.bid)
    return scoring.factor_texts(factors), stake


def match_view(r: Round, viewer: Viewer, *, rounds: int | None, over: bool, totals: list[int],
               levels: list[int] | None) -> DoudizhuView:
    """Deal ``r`` as ``viewer`` may see it, in a match of ``rounds`` (over or not) with these
    ``totals`` and Shanghai's ``levels``: given, so this module needs nothing of
    ``match.py`` (which builds on it)."""
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    if viewer not in (None, "all") and (seat is None or not 0 <= seat < r.seats):
        raise ValueError(f"no viewer {viewer!r}: a seat 0..{r.seats - 1}, None or 'all'")
    sees_all = viewer == "all"
    landlord = r.landlord
    seats: list[DoudizhuSeat] = [{
        "seat": s,
        "count": r.left[s],
        "role": None if landlord is None else "landlord" if s == landlord else "farmer",
        "bid": r.bids[s],
        "bombs": r.bombs_by[s],
        "bomb_limit": r.bomb_limit[s],
        "move": r.moves[s],
        "shown": shown(r, s),
        "played": rank_texts(r.played[s]),
    } for s in range(r.seats)]
    factors, stake = public_factors(r)
    view: DoudizhuView = {
        "game": "doudizhu",
        **view_head(r.rules.name, r.rules.options(), viewer, r.number, r.redeal, rounds, over,
                    r.phase, r.to_act, totals),
        "seats": seats,
        "first_bidder": r.first_bidder,
        "high": r.high,
        "landlord": landlord,
        "bid": r.bid,
        "forced": r.forced,
        "huangfan": r.huangfan,
        "mark": None if r.mark is None else RANK_NAMES[r.mark],
        "toulia": r.toulia,
        "open_hand": r.open_hand,
        "reports": list(r.reports),
        "fight": r.fight,
        "locked": [g.text for g in r.locked],
        "kitty": [RANK_NAMES[k] for k in r.kitty] if kitty_seen(r, viewer) else None,
        "kitty_size": len(r.kitty),
        "leader": r.leader,
        "top": None if r.top is None else {
            "seat": r.top_seat, "hand": r.top.text, "kind": r.top.kind},
        "bombs": r.bombs,
        "factors": factors,
        "stake": stake,
        "levels": list(levels) if levels is not None else None,
    }
    if seat is not None:
        view["hand"] = r.hand(seat)
        # The seat's decisions but the hands to play (they follow from the hand and rules).
        view["actions"] = [] if over else r.legal_actions(seat, plays=False)
    if sees_all:
        view["hands"] = [r.hand(s) for s in range(r.seats)]
    return view


def event_for(event: Event, viewer: Viewer) -> Event:
    """The event as ``viewer`` may see it: a private one for someone else is a placeholder."""
    owner = event.get("private")
    if owner is None or viewer == owner or viewer == "all":
        return event
    return PLACEHOLDER
