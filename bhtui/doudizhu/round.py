"""One deal of Dou Dizhu as a pure state machine, for both presets.

Phases: ``bid`` (C-BID-*, S-BID-1..3) → ``open`` (摊打, S-BID-5, after 头撂 only) → ``report``
(报到, S-BID-6, when the landlord may) → ``play`` (C-PLAY-*, S-PLAY-*) → ``done`` (scored), or
``void`` after an all-pass (C-BID-3, S-BID-2: the match deals again). Exactly one seat acts at
any time; the only action from another seat is the host's ``escape`` (S-SCORE-5). Every action
is checked completely before anything changes, so :class:`IllegalAction` leaves the deal as
it was.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Protocol

from bhtui.cards import BJ_RANK, NUM_RANKS, RANK_NAMES, SJ_RANK, rank_texts
from bhtui.doudizhu import scoring
from bhtui.doudizhu.deal import Deal, shuffled_deal
from bhtui.doudizhu.errors import IllegalAction
from bhtui.doudizhu.hands import BEATS, JOKER, Hand, parse_hand
from bhtui.doudizhu.moves import playable
from bhtui.doudizhu.presets import Rules
from bhtui.doudizhu.scoring import DealResult
from bhtui.wire import Action, Escape, Event

MAX_TEXT = 200
"""A hand's text from the wire is refused beyond this many characters."""
REPORT_SIZE = 7
"""S-BID-6: a bomb of this many cards or more may be reported (报到), as may the 4 jokers."""


class Laying(Protocol):
    """What playing a hand changes: the engine's round and the bots' lean playout deal."""

    rc: list[list[int]]
    left: list[int]
    hands_played: list[int]
    bombs: int
    bombs_by: list[int]
    locked: list[Hand]
    top: Hand | None
    top_seat: int | None
    passes: int

    @property
    def landlord(self) -> int | None: ...


def lay(deal: Laying, seat: int, hand: Hand) -> None:
    """``seat`` plays ``hand`` (checked): its cards leave the hand, a bomb is counted, a
    reported group played whole is no longer locked (S-BID-6), the hand tops the trick."""
    rc = deal.rc[seat]
    for r, k in hand.need:
        rc[r] -= k
    deal.left[seat] -= hand.size
    deal.hands_played[seat] += 1
    if hand.is_bomb:
        deal.bombs += 1
        deal.bombs_by[seat] += 1
    if deal.locked and seat == deal.landlord:
        deal.locked = [g for g in deal.locked if g.need != hand.need]
    deal.top, deal.top_seat, deal.passes = hand, seat, 0


class Round:
    """The state of one deal, from the shuffle to the scores."""

    def __init__(self, rules: Rules, seed: int | str, number: int, redeal: int = 0,
                 first_bidder: int | None = None, huangfan: bool = False, voids: int = 0,
                 deal: Deal | None = None) -> None:
        self.rules = rules
        self.seats = n = rules.seats
        self.number = number
        self.redeal = redeal
        if deal is None:
            deal = shuffled_deal(rules, seed, number, redeal)
        self.rc: list[list[int]] = []
        for hand in deal.hands:
            rc = [0] * NUM_RANKS
            for r in hand:
                rc[r] += 1
            self.rc.append(rc)
        self.left = [len(h) for h in deal.hands]
        self.kitty = list(deal.kitty)
        self.mark = deal.mark
        self.first_bidder = deal.first if first_bidder is None else first_bidder
        self.huangfan = huangfan and rules.specials
        self.voids = voids
        """Void deals in a row before this one (C-BID-3)."""
        self._beats = BEATS[rules.name]

        self.bids: list[int | None] = [None] * n
        """Each seat's bid: None before its turn, 0 for a pass."""
        self.high = 0
        self.high_seat: int | None = None
        self.landlord: int | None = None
        self.bid: int | None = None
        self.toulia = False
        self.forced = False
        self.open_hand = False
        self.reports: list[str] = []
        self.fight: bool | None = None
        self.locked: list[Hand] = []
        """报到 groups still in the landlord's hand: played only whole (S-BID-6)."""
        self.bomb_limit: list[int | None] = [None] * n
        self.bombs_by = [0] * n
        self.bombs = 0
        self.hands_played = [0] * n
        self.played: list[list[int]] = [[0] * NUM_RANKS for _ in range(n)]
        """The rank counts each seat has played this deal (public: a bot counts cards)."""
        self.leader: int | None = None
        self.top: Hand | None = None
        self.top_seat: int | None = None
        self.passes = 0
        self.moves: list[str | None] = [None] * n
        """What each seat did in the current trick: a hand's text, "pass", or None."""
        self.result: DealResult | None = None
        self.remaining: list[list[str]] | None = None
        """Every hand when the deal ended (shown to all then)."""
        self.phase = "bid"
        self.turn: int | None = self.first_bidder
        self.events: list[Event] = []

    # ----- what may be done ---------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.turn

    def hand(self, seat: int) -> list[str]:
        """The seat's cards as rank texts, low to high."""
        return rank_texts(self.rc[seat])

    def play_texts(self, seat: int) -> list[str]:
        """The hands the seat may play now (C-PLAY-3 with S-BID-6's locks and S-BID-7)."""
        limit = self.bomb_limit[seat]
        locked = self.locked if seat == self.landlord else ()
        return playable(self.rules.name, self.rc[seat], self.top,
                        limit is None or self.bombs_by[seat] < limit, locked)

    def legal_actions(self, seat: int, plays: bool = True) -> list[Action]:
        """What the seat may do now; ``plays=False`` leaves out the hands to play (a view's
        list: they follow from the hand and the rules, and listing them is the costly part)."""
        if seat != self.turn:
            return []
        if self.phase == "bid":
            bids: list[Action] = [{"type": "bid", "points": p} for p in range(self.high + 1, 4)]
            return [*bids, {"type": "pass"}]
        if self.phase == "open":
            return [{"type": "open"}, {"type": "skip"}]
        if self.phase == "report":
            groups = self.report_groups()
            reports: list[Action] = [{"type": "report", "groups": list(combo), "fight": fight}
                                     for size in range(1, len(groups) + 1)
                                     for combo in combinations(groups, size)
                                     for fight in (True, False)]
            return [*reports, {"type": "skip"}]
        actions: list[Action] = [{"type": "play", "hand": t} for t in self.play_texts(seat)] \
            if plays else []
        if self.top is not None:
            actions.append({"type": "pass"})
        return actions

    def report_groups(self) -> list[str]:
        """S-BID-6: what the landlord may report: the 4 jokers, and each rank he holds 7 or
        more of (all of them: the group is never split)."""
        assert self.landlord is not None
        rc = self.rc[self.landlord]
        out = []
        if rc[SJ_RANK] + rc[BJ_RANK] == 4:
            out.append("SJ SJ BJ BJ")
        out += [" ".join([RANK_NAMES[r]] * k) for r, k in enumerate(rc[:JOKER])
                if k >= REPORT_SIZE]
        return out

    # ----- apply --------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action of ``seat``; IllegalAction (state untouched) when the rules say no."""
        if self.phase in ("done", "void"):
            raise IllegalAction("this deal is over")
        if not isinstance(action, dict):
            raise IllegalAction("an action is a map with a 'type'")
        kind = action.get("type")
        if kind == "escape":
            return self._escape(seat, action)
        if seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        handler = {"bid": self._bid, "open": self._open, "report": self._report,
                   "play": self._play}[self.phase]
        return handler(seat, kind, action)

    def _bid(self, seat: int, kind: object, action: Action) -> list[Event]:
        points: int = 0
        if kind == "bid":
            asked = action.get("points")
            if isinstance(asked, bool) or not isinstance(asked, int) or not 1 <= asked <= 3:
                raise IllegalAction("a bid is 1, 2 or 3 points")
            points = asked
            if points <= self.high:
                raise IllegalAction(f"bid more than {self.high} or pass")
        elif kind != "pass":
            raise IllegalAction("it is the bidding: bid 1, 2 or 3, or pass")
        events: list[Event] = [{"type": "bid", "seat": seat, "points": points}]
        self.bids[seat] = points
        if points:
            self.high, self.high_seat = points, seat
        if points == 3 or all(b is not None for b in self.bids):
            self._end_bidding(events)
        else:
            self.turn = (seat + 1) % self.seats
        return events

    def _end_bidding(self, events: list[Event]) -> None:
        if self.high_seat is None:
            cap = self.rules.forced_after_voids
            if cap is None or self.voids + 1 < cap:
                self.phase, self.turn = "void", None  # C-BID-3, S-BID-2: deal again
                events.append({"type": "void", "round": self.number, "redeal": self.redeal})
                return
            self.forced = True  # C-BID-3's decision: the first bidder, at 1 point
            self.high_seat, self.high = self.first_bidder, 1
        landlord = self.high_seat
        self.landlord, self.bid = landlord, self.high
        self.toulia = self.rules.specials and self.bids[self.first_bidder] == 3  # S-BID-3
        for r in self.kitty:
            self.rc[landlord][r] += 1
        self.left[landlord] += len(self.kitty)
        events.append({"type": "landlord", "seat": landlord, "bid": self.bid,
                       "toulia": self.toulia, "forced": self.forced})
        kitty: Event = {"type": "kitty", "seat": landlord,
                        "cards": [RANK_NAMES[r] for r in self.kitty]}
        if not self.rules.kitty_public:
            kitty["private"] = landlord  # S-BID-4
        events.append(kitty)
        if self.rules.specials:  # S-BID-7: farmers who bid limit their bombs
            for s, b in enumerate(self.bids):
                if s != landlord and b is not None:
                    self.bomb_limit[s] = 2 if b == 2 else 1
        self.turn = landlord
        if self.toulia:
            self.phase = "open"
        else:
            self._after_open()

    def _after_open(self) -> None:
        if self.rules.specials and self.report_groups():
            self.phase = "report"
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.turn = self.leader = self.landlord

    def _open(self, seat: int, kind: object, action: Action) -> list[Event]:
        """S-BID-5 摊打: the landlord's hand is shown to all for the whole deal."""
        if kind not in ("open", "skip"):
            raise IllegalAction("after 头撂, play open (摊打) or skip")
        events: list[Event]
        if kind == "open":
            self.open_hand = True
            events = [{"type": "open", "seat": seat, "cards": self.hand(seat)}]
        else:
            events = [{"type": "skip", "seat": seat, "decision": "open"}]
        self._after_open()
        return events

    def _report(self, seat: int, kind: object, action: Action) -> list[Event]:
        """S-BID-6 报到: show the groups, then 不打 (the landlord wins now) or 打."""
        if kind == "skip":
            self._start_play()
            return [{"type": "skip", "seat": seat, "decision": "report"}]
        if kind != "report":
            raise IllegalAction("report (报到) your groups or skip")
        groups, fight = action.get("groups"), action.get("fight")
        eligible = self.report_groups()
        if not isinstance(fight, bool):
            raise IllegalAction("say whether you play on (打: fight true) or not (不打)")
        if not isinstance(groups, list) or not groups or len(groups) > len(eligible):
            raise IllegalAction(f"report one or more of: {'; '.join(eligible)}")
        chosen = []
        for g in groups:
            if not isinstance(g, str) or len(g) > MAX_TEXT:
                raise IllegalAction("a reported group is the text of its cards")
            try:
                text = parse_hand(g, self.rules.name).text
            except ValueError:
                text = ""
            if text not in eligible or text in chosen:
                raise IllegalAction(f"{g!r} is not a group you may report; you may report: "
                                    f"{'; '.join(eligible)}")
            chosen.append(text)
        self.reports, self.fight = chosen, fight
        events: list[Event] = [{"type": "report", "seat": seat, "groups": chosen,
                                "fight": fight}]
        if fight:
            self.locked = [parse_hand(t, self.rules.name) for t in chosen]
            self._start_play()
        else:
            self._finish(True, events)  # S-SCORE-3
        return events

    def _play(self, seat: int, kind: object, action: Action) -> list[Event]:
        if kind == "pass":
            return self._pass(seat)
        if kind != "play":
            raise IllegalAction("play a hand or pass")
        text = action.get("hand")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise IllegalAction("a play names its hand as text, e.g. '3 3 3 4'")
        try:
            hand = parse_hand(text, self.rules.name)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        rc = self.rc[seat]
        for r, k in hand.need:
            if rc[r] < k:
                raise IllegalAction(f"you do not hold {hand.text}")
        if seat == self.landlord:
            for group in self.locked:
                if group.need != hand.need and any(
                        r in {q for q, _ in group.need} for r, _ in hand.need):
                    raise IllegalAction(f"the reported {group.text} is played whole (S-BID-6)")
        limit = self.bomb_limit[seat]
        if hand.is_bomb and limit is not None and self.bombs_by[seat] >= limit:
            raise IllegalAction(f"you may play {limit} bomb{'s' if limit > 1 else ''} "
                                "this deal (S-BID-7), and you have")
        top = self.top
        if top is not None and not self._beats(hand, top):
            raise IllegalAction(f"{hand.text} does not beat {top.text}")
        played = self.played[seat]
        for r, k in hand.need:
            played[r] += k
        lay(self, seat, hand)
        self.moves[seat] = hand.text
        events: list[Event] = [{"type": "play", "seat": seat, "hand": hand.text,
                                "kind": hand.kind, "left": self.left[seat]}]
        if self.left[seat] == 0:
            self._finish(seat == self.landlord, events)  # C-PLAY-4, S-PLAY-2
        else:
            self.turn = (seat + 1) % self.seats
        return events

    def _pass(self, seat: int) -> list[Event]:
        if self.top is None:
            raise IllegalAction("you lead: play a hand (a lead is never a pass)")
        events: list[Event] = [{"type": "pass", "seat": seat}]
        self.passes += 1
        self.moves[seat] = "pass"
        if self.passes == self.seats - 1:  # C-PLAY-2, S-PLAY-1: its player leads again
            assert self.top_seat is not None  # a pass always answers a play
            self.turn = self.leader = self.top_seat
            self.top = self.top_seat = None
            self.passes = 0
            self.moves = [None] * self.seats
            events.append({"type": "trick", "seat": self.leader})
        else:
            self.turn = (seat + 1) % self.seats
        return events

    def _escape(self, seat: int, action: Action) -> list[Event]:
        """S-SCORE-5, sent by the host for a seat that left, dropped or timed out."""
        if not self.rules.escape:
            raise IllegalAction("the escape rule is off at this table")
        if self.landlord is None:
            raise IllegalAction("nobody is landlord yet: an escape is scored only after the "
                                "bidding")
        why = action.get("why")
        if why not in scoring.ESCAPE_REASONS:
            raise IllegalAction(f"an escape says why: {', '.join(scoring.ESCAPE_REASONS)}")
        events: list[Event] = [{"type": "escape", "seat": seat, "why": why}]
        self._finish(seat != self.landlord, events, escape={"seat": seat, "why": why})
        return events

    # ----- the end ------------------------------------------------------------------------
    def shanghai_facts(self) -> scoring.Shanghai:
        return scoring.Shanghai(
            huangfan=self.huangfan, mark_joker=self.mark is not None and self.mark >= SJ_RANK,
            toulia=self.toulia, open_hand=self.open_hand, reports=len(self.reports),
            fight=self.fight,
        )

    def plain_stake(self, landlord_wins: bool) -> tuple[int, dict[str, Fraction]]:
        """The stake if this side won now, without spring or 报到: what the escape rule pays
        (S-SCORE-5) and the screen's running multiplier."""
        assert self.bid is not None
        if self.rules.specials:
            facts = scoring.Shanghai(self.huangfan, self.shanghai_facts().mark_joker,
                                     self.toulia, self.open_hand)
            factors = scoring.shanghai_factors(facts, landlord_wins)
        else:
            factors = scoring.classic_factors(self.bombs, None)
        return scoring.stake_of(factors, self.rules.base, self.bid), factors

    def _spring(self, landlord_wins: bool) -> str | None:
        """C-SCORE-1: spring (no farmer played) or anti-spring (the landlord's lead only)."""
        if self.rules.specials:
            return None
        landlord = self.landlord
        if landlord_wins and all(self.hands_played[s] == 0
                                 for s in range(self.seats) if s != landlord):
            return "spring"
        if not landlord_wins and self.hands_played[landlord] == 1:  # type: ignore[index]
            return "anti_spring"
        return None

    def _finish(self, landlord_wins: bool, events: list[Event],
                escape: Escape | None = None) -> None:
        landlord, bid, n = self.landlord, self.bid, self.seats
        assert landlord is not None and bid is not None
        spring = None if escape else self._spring(landlord_wins)
        levels = None
        if escape:
            win_landlord, for_landlord = self.plain_stake(True)
            win_farmer, for_farmers = self.plain_stake(False)
            scores = scoring.escape_scores(n, landlord, escape["seat"], escape["why"],
                                           (n - 1) * win_landlord, win_farmer)
            stake, factors = ((win_landlord, for_landlord) if landlord_wins
                              else (win_farmer, for_farmers))
            if self.rules.specials:
                levels = scoring.escape_levels(n, landlord, escape["seat"])
        else:
            if self.rules.specials:
                stake, factors = scoring.shanghai_stake(self.shanghai_facts(), landlord_wins,
                                                        self.rules.base, bid)
                levels = scoring.level_points(n, landlord, landlord_wins)
            else:
                factors = scoring.classic_factors(self.bombs, spring)
                stake = scoring.stake_of(factors, self.rules.base, bid)
            scores = scoring.side_scores(n, landlord, landlord_wins, stake)
        self.result = DealResult(
            landlord=landlord, bid=bid,
            winner=scoring.LANDLORD if landlord_wins else scoring.FARMERS,
            scores=scores, stake=stake, factors=factors, bombs=self.bombs, spring=spring,
            levels=levels, reports=list(self.reports), fight=self.fight, escape=escape,
        )
        self.phase, self.turn = "done", None
        self.remaining = [self.hand(s) for s in range(n)]
        events.append({"type": "result", "round": self.number, **self.result.as_dict(),
                       "hands": self.remaining,
                       "kitty": [RANK_NAMES[r] for r in self.kitty]})
