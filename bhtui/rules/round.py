"""One round of Baohuang as a pure state machine (§4–§8), for every preset (§12).

Phases: ``grab`` (R-EMP-Q6) → ``throne`` (§5, see :mod:`bhtui.rules.throne`) → ``call``
(R-GUARD-1/3) → ``play`` (R-TRICK-*) → ``done`` (scored) or ``void`` (redeal).
Exactly one seat must act at any time (``to_act``); a few declarations may come from any seat
out of turn (抢庄, 抢独, 明保, 造反: :meth:`Round.interjections`). Every action is validated
completely before anything changes, so an :class:`IllegalAction` leaves the round as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from bhtui.cards import (
    BJ, CARD_TEXT, NUM_RANKS, RANK_OF, Card, card_text, cards_from_counts, parse_card, rank_of,
)
from bhtui.rules.choices import Choices, LeadSets
from bhtui.rules.deal import Deal, shuffled_deal
from bhtui.rules.errors import IllegalAction
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Reading, reading_of
from bhtui.rules.scoring import SEATS, RoundResult, score_round, settled_early
from bhtui.rules.seeding import Seed
from bhtui.rules.sets import (
    SIX, CardSet, beats, bie6_allows, bie6_leads, format_set, parse_set, pick_cards,
    set_of_cards, sets_from_rank_counts, without_sixes,
)
from bhtui.rules import throne
from bhtui.rules.tribute import tribute_transfers

Action = dict[str, Any]
Event = dict[str, Any]

PLACE_NAMES = ("头科", "二科", "三科", "二落", "大落")
OUT_OF_TURN = frozenset({"grab", "open_guard", "rebel"})
"""Action types a seat may send while another seat is to act (when its rules allow them)."""


class Round:
    """The state of one deal, from the shuffle to the scores."""

    def __init__(
        self,
        rules: RuleSet,
        seed: Seed,
        number: int,
        redeal: int = 0,
        previous: RoundResult | None = None,
        deal: Deal | None = None,
    ) -> None:
        self.rules = rules
        self.number = number
        self.redeal = redeal
        self.hands: list[list[int]] = [[0] * 54 for _ in range(SEATS)]
        self.rc: list[list[int]] = [[0] * NUM_RANKS for _ in range(SEATS)]
        if deal is None:
            dealer = previous.emperor if previous is not None else 0  # R-EMP-L1
            deal = shuffled_deal(rules, seed, number, redeal, dealer)
        for seat, cards in enumerate(deal.hands):
            for c in cards:
                self.give(seat, c)
        self.first_candidate = deal.first_candidate
        self.guard_card = deal.guard_card
        self.events: list[Event] = []
        self.tribute: list[tuple[int, int, Card]] = []
        if previous is not None and rules.tribute:
            self._pay_tribute(previous)

        self.emperor: int | None = None
        self.guard: int | None = None
        self.called: Card | None = None
        self.solo = False
        self.open_solo = False
        self.grabbed = False
        self.guard_revealed = False
        self.open_guard = False
        self.rebels: list[int] = []
        self.first_lead_played = False
        self._emperor_called_played = 0
        self.candidate = self.first_candidate
        self.card_in_hand = rules.dealt_emperor_card
        self.bundle: list[Card] = [] if rules.dealt_emperor_card else [BJ]
        """What goes with the throne: the emperor card (once out of a hand) and cards added."""
        self.declines = 0
        self.second_chance = False
        self.forced = False
        self.grabs: list[int] = []
        self.grab_asked = 0
        self.moment = 0
        """Counts the moments a declaration may be wanted (offers, tricks): bots are asked
        about declarations once per moment."""
        self.places: list[int | None] = [None] * SEATS
        self.out_order: list[int] = []
        self.leader: int | None = None
        self.top: CardSet | None = None
        self.top_seat: int | None = None
        self.responses = 0
        self.yielders: list[int] = []
        self.again: list[int] = []
        self.trick_moves: list[list[Card] | str | None] = [None] * SEATS
        self.result: RoundResult | None = None
        self._offers: dict[int, Choices] = {}
        """Each seat's last offer of legal actions, until anything is applied."""
        self._readings: dict[int, Reading] = {}
        self.turn: int | None = self.first_candidate
        if rules.emperor == "qingdao" and rules.grab_solo:
            self.phase = "grab"
        else:
            self.phase = "throne"
            throne.open_throne(self, self.events)

    # ----- hands -------------------------------------------------------------------------
    def give(self, seat: int, card: Card) -> None:
        self.hands[seat][card] += 1
        self.rc[seat][rank_of(card)] += 1

    def take(self, seat: int, card: Card) -> None:
        self.hands[seat][card] -= 1
        self.rc[seat][rank_of(card)] -= 1

    def count(self, seat: int) -> int:
        return sum(self.rc[seat])

    def hand(self, seat: int) -> list[Card]:
        return cards_from_counts(self.hands[seat])

    def _pay_tribute(self, previous: RoundResult) -> None:
        self.tribute = tribute_transfers(previous, self.hands)
        for giver, _, card in self.tribute:
            self.take(giver, card)
        for _, receiver, card in self.tribute:
            self.give(receiver, card)
        if self.tribute:
            self.events.append({
                "type": "tribute",
                "items": [{"from": f, "to": t, "card": card_text(c)} for f, t, c in self.tribute],
            })

    # ----- who may act --------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.turn

    def legal_sets(self, seat: int) -> Sequence[CardSet]:
        """The sets the seat may play now (empty unless it is his turn in the play phase).
        A lead is listed only as far as somebody reads it (:class:`LeadSets`)."""
        if self.phase != "play" or seat != self.turn or (self.again and seat not in self.again):
            return []
        rc = self.rc[seat]
        if self.top is None:
            if not (self.rules.bie6 and rc[SIX]):
                return LeadSets(rc)
            left = without_sixes(rc)  # 憋6 (R-PLAY-6): lead as if the 6s were not there
            return LeadSets(left) if left is not None else bie6_leads(rc)
        return sets_from_rank_counts(rc, self.top, self.rules)

    def cards_for(self, seat: int, s: CardSet) -> list[Card]:
        """Concrete cards for a set; a guard keeps the called card back while he can."""
        avoid = self.called if seat == self.guard and seat != self.emperor else None
        return pick_cards(self.hands[seat], s, avoid)

    def legal_actions(self, seat: int) -> Choices:
        """Every action the seat may take now, in turn or out of turn: the plays (each names
        its set; the engine picks suits), then :meth:`decisions`; with the seat's reading.
        The round applies a play of this very offer without checking it again, until
        anything is applied."""
        offer = Choices(self.legal_sets(seat), self.decisions(seat), partial(self.reading, seat))
        self._offers[seat] = offer
        return offer

    def decisions(self, seat: int) -> list[Action]:
        """The seat's actions but the sets to play (a view's list: the sets follow from the
        hand and the rules, and enumerating them is the costly part)."""
        actions = self._turn_actions(seat)
        if self.rules.declarations:
            actions += self.interjections(seat)
        return actions

    def _turn_actions(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        if self.phase == "grab":
            return [{"type": "grab"}, {"type": "skip"}]
        if self.phase == "throne":
            return throne.throne_actions(self, seat)
        if self.phase == "call":
            return throne.call_actions(self, seat)
        actions: list[Action] = []
        if self.top is not None:
            actions.append({"type": "pass"})
            if self.rules.trick_yield and not self.again:
                actions.append({"type": "yield"})  # R-TRICK-5 让牌, first circle only
        return actions

    def interjections(self, seat: int) -> list[Action]:
        """Declarations ``seat`` may make now whoever is to act (R-EMP-B5, R-EMP-L5,
        R-GUARD-5, R-TRICK-7)."""
        if self.phase == "throne":
            return throne.throne_interjections(self, seat)
        if self.phase != "play":
            return []
        out: list[Action] = []
        if self._may_open_guard(seat):
            out.append({"type": "open_guard"})
        if self._may_rebel(seat):
            out.append({"type": "rebel"})
        return out

    def _may_rebel(self, seat: int) -> bool:
        """R-TRICK-7: any rebel, once, during tricks (gone out or not). The offer is private to
        the seat (a view's ``actions``), so the guard not having it tells nobody else a thing."""
        return self.rules.rebellion and self.role_of(seat) == "rebel" and seat not in self.rebels

    def _may_open_guard(self, seat: int) -> bool:
        """R-GUARD-5: the guard, before the first lead; in lianzhong-simple also the emperor
        holding the guard card, who may declare his hidden solo (R-GUARD-4)."""
        return (
            self.rules.open_guard and not self.first_lead_played and not self.guard_revealed
            and seat == self.guard and (seat != self.emperor or self.rules.guard == "card")
        )

    # ----- apply --------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action of ``seat``; IllegalAction (state untouched) when the rules say no."""
        if self.phase in ("done", "void"):
            raise IllegalAction("the round is over")
        offer = self._offers.get(seat)
        if offer is not None and offer.holds(action):  # this very offer: no re-checking
            events: list[Event] = []
            offered = offer.set_of(action)
            if offered is not None:
                self._lay(seat, self.cards_for(seat, offered), offered, events)
            else:
                _HANDLERS[(self.phase, action["type"])](self, seat, action, events)
            return self._applied(events)
        kind = action.get("type") if isinstance(action, dict) else None
        out_of_turn = kind in OUT_OF_TURN and any(
            a["type"] == kind for a in self.interjections(seat))
        if seat != self.turn and not out_of_turn:
            if kind in OUT_OF_TURN:
                raise IllegalAction(f"{kind!r} is not possible for you now")
            raise IllegalAction(f"it is not seat {seat}'s turn")
        handler = _HANDLERS.get((self.phase, kind)) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalAction(f"{kind!r} is not possible now ({self.phase} phase)")
        events = []
        handler(self, seat, action, events)
        return self._applied(events)

    def _applied(self, events: list[Event]) -> list[Event]:
        self.events.extend(events)
        self._offers.clear()  # the state moved on: earlier offers no longer hold
        self._readings.clear()
        return events

    def reading(self, seat: int) -> Reading:
        """What ``seat`` knows now, as numbers (the twin of its view; cached until the
        round moves on). The caller must not change it."""
        known = self._readings.get(seat)
        if known is None:
            known = self._readings[seat] = reading_of(self, seat)
        return known

    def __getstate__(self) -> dict[str, Any]:
        """Offers and readings are caches of what was handed out, not part of the game."""
        return {**self.__dict__, "_offers": {}, "_readings": {}}

    def _next_active(self, seat: int) -> int:
        """R-SEAT-1: the next seat after ``seat`` that still holds cards."""
        for step in range(1, SEATS + 1):
            s = (seat + step) % SEATS
            if self.places[s] is None:
                return s
        raise AssertionError("no seat holds cards")

    # call (R-GUARD-1, R-GUARD-2, R-GUARD-3)
    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.phase == "throne" and self.rules.emperor != "baike":
            raise IllegalAction("take the throne first; the call comes after")
        card = _parse_one(action.get("card"))
        open_solo = action.get("open", False)
        if not isinstance(open_solo, bool):
            raise IllegalAction("'open' must be true or false")
        if card not in throne.callable_groups(self, seat):
            what = "three or four identical cards" if self.rules.emperor == "baike" else (
                "three or four of, not a joker or 2")
            raise IllegalAction(f"you can only call a card you hold {what} ({card_text(card)})")
        held = throne.held_for_call(self, seat, card)
        if self.forced and (held != 3 or open_solo):
            raise IllegalAction("逼庄: call a group of exactly three, shown as three (R-EMP-B3)")
        if open_solo and self.rules.emperor == "lianzhong":
            raise IllegalAction("in lianzhong an open solo (明独保) is declared, not shown "
                                "(R-GUARD-3)")
        if open_solo and held != 4:
            raise IllegalAction("an open solo shows four identical cards (R-GUARD-3)")
        if self.phase == "throne":
            throne.crown(self, seat, events)  # baike: the call takes the throne (R-EMP-B1)
        self.called = card
        if held == 4:
            self.solo = True  # 暗独 unless shown: the others are not told
            self.guard = seat
            self.open_solo = self.guard_revealed = open_solo
        else:
            self.guard = next(s for s in range(SEATS) if s != seat and self.hands[s][card])
        events.append({
            "type": "call", "seat": seat, "card": card_text(card), "open": open_solo,
            "shown": [card_text(card)] * (4 if open_solo else 3),
        })
        self.announce_roles(events)
        self.start_play(events)

    def _declare_solo(self, seat: int, action: Action, events: list[Event]) -> None:
        """R-GUARD-3, lianzhong-classic: 明独保, an open solo with no call and no condition on
        the hand."""
        if self.rules.emperor != "lianzhong":
            raise IllegalAction("here an open solo shows four identical cards (R-GUARD-3)")
        self.solo = self.open_solo = self.guard_revealed = True
        self.guard = seat
        events.append({"type": "solo", "seat": seat})
        self.announce_roles(events)
        self.start_play(events)

    def guard_by_card(self, events: list[Event]) -> None:
        """R-GUARD-4: the holder of the marked small joker guards; the emperor holding it
        plays a hidden solo."""
        assert self.emperor is not None and self.guard_card is not None
        self.guard = self.guard_card
        self.solo = self.guard == self.emperor
        self.announce_roles(events)
        self.start_play(events)

    def announce_roles(self, events: list[Event]) -> None:
        by = "card" if self.rules.guard == "card" else "called"  # how a guard was found
        for s in range(SEATS):
            events.append({"type": "role", "seat": s, "private": s, "role": self.role_of(s),
                           "by": by})

    def role_of(self, seat: int) -> str | None:
        """The seat's true role (only a view decides who may learn it)."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return "emperor"
        if seat == self.guard:
            return "guard"
        return "rebel" if self.guard is not None else None

    def start_play(self, events: list[Event]) -> None:
        self.phase = "play"
        self.moment += 1
        self.leader = self.turn = self.emperor  # R-TRICK-1
        events.append({"type": "lead", "seat": self.leader, "jiefeng": False})

    # declarations (R-GUARD-5, R-TRICK-7)
    def _open_guard(self, seat: int, action: Action, events: list[Event]) -> None:
        self.guard_revealed = True
        if seat == self.emperor:
            self.open_solo = True  # a declared solo (R-GUARD-4)
        else:
            self.open_guard = True
        events.append({"type": "open_guard", "seat": seat, "solo": seat == self.emperor})

    def _rebel(self, seat: int, action: Action, events: list[Event]) -> None:
        """R-TRICK-7: the second declaration is a successful rebellion (造反成功): a hidden
        guard or solo is revealed, and the guard counts as open from then on (明保). The
        doubling itself is scoring's (R-SCORE-L1/L2): once, whoever wins."""
        self.rebels.append(seat)
        events.append({"type": "rebel", "seat": seat})
        if len(self.rebels) == 2:
            if self.guard != self.emperor:
                self.open_guard = True  # never doubles twice: see R-SCORE-L1
            if not self.guard_revealed:
                self.guard_revealed = True
                events.append({"type": "reveal", "seat": self.guard, "solo": self.solo,
                               "by": "rebellion"})

    # tricks (R-TRICK-1..6, R-END-1)
    def _play(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.again and seat not in self.again:
            raise IllegalAction("only the players who yielded are asked again (R-TRICK-5)")
        cards = self._cards_of_play(seat, action)
        s = set_of_cards(cards)
        if self.top is not None and not beats(s, self.top, self.rules):
            rule = "R-PLAY-3 or R-PLAY-5" if self.rules.kao else "R-PLAY-3"
            raise IllegalAction(f"{format_set(s)} does not beat {format_set(self.top)} ({rule})")
        if self.rules.bie6 and not bie6_allows(s, self.rc[seat]):
            raise IllegalAction("憋6: 6s go out only as your last set, all of them (R-PLAY-6)")
        self._lay(seat, cards, s, events)

    def _lay(self, seat: int, cards: list[Card], s: CardSet, events: list[Event]) -> None:
        """Play checked ``cards`` (the set ``s``): the trick, a reveal, going out."""
        hand, rc = self.hands[seat], self.rc[seat]
        for c in cards:
            hand[c] -= 1
            rc[RANK_OF[c]] -= 1
        events.append({
            "type": "play", "seat": seat, "cards": [CARD_TEXT[c] for c in cards],
            "set": format_set(s),
        })
        self.first_lead_played = True
        if self.called is not None and not self.guard_revealed:
            self._check_reveal(seat, cards.count(self.called), events)
        self.top, self.top_seat = s, seat
        self.responses, self.yielders, self.again = 0, [], []
        self.trick_moves[seat] = cards
        if not any(self.rc[seat]):
            self._goes_out(seat, events)
            if self.phase == "done":
                return
        self.turn = self._next_active(seat)

    def _cards_of_play(self, seat: int, action: Action) -> list[Card]:
        """The exact cards of a play: given as ``cards``, or as a ``set`` the engine fills in."""
        if "set" in action:
            text = action["set"]
            if not isinstance(text, str):
                raise IllegalAction("'set' is written as text like '9 9 9 SJ'")
            try:
                wanted = parse_set(text)
                return self.cards_for(seat, wanted)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        raw = action.get("cards")
        if not isinstance(raw, list) or not raw:
            raise IllegalAction("a play needs a list of cards or a set")
        cards = [_parse_one(c) for c in raw]
        hand = self.hands[seat]
        short = sorted({card_text(c) for c in cards if cards.count(c) > hand[c]})
        if short:
            raise IllegalAction(f"you do not hold {' '.join(short)}")
        try:
            set_of_cards(cards)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return cards

    def _check_reveal(self, seat: int, played: int, events: list[Event]) -> None:
        """R-GUARD-6: the 4th identical card reveals its player (suits of plays are public);
        ``played`` copies of the called card were just played."""
        if not played:
            return
        if seat == self.emperor:
            self._emperor_called_played += played
            if self._emperor_called_played < 4:
                return
        self.guard_revealed = True
        events.append({"type": "reveal", "seat": self.guard, "solo": self.solo, "by": "play"})

    def _goes_out(self, seat: int, events: list[Event]) -> None:
        self.out_order.append(seat)
        place = len(self.out_order)
        self.places[seat] = place
        events.append({"type": "out", "seat": seat, "place": place})
        holders = [s for s in range(SEATS) if self.places[s] is None]
        assert self.emperor is not None and self.guard is not None
        if len(holders) == 1:
            self.out_order.append(holders[0])
            self.places[holders[0]] = SEATS
            events.append({"type": "out", "seat": holders[0], "place": SEATS})
            self._finish(events)
        elif settled_early(self.rules, self.emperor, self.guard, self.open_solo, self.grabbed,
                           self.places):
            self._finish(events)  # R-END-1

    def _pass(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.top is None:
            raise IllegalAction("the leader must play a set (R-TRICK-1)")
        events.append({"type": "pass", "seat": seat})
        self.trick_moves[seat] = "pass"
        self._answered(seat, events)

    def _yield_trick(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.top is None or not self.rules.trick_yield or self.again:
            raise IllegalAction("让牌 is only for the first circle after a set (R-TRICK-5)")
        events.append({"type": "yield", "seat": seat})
        self.trick_moves[seat] = "yield"
        self.yielders.append(seat)
        self._answered(seat, events)

    def _answered(self, seat: int, events: list[Event]) -> None:
        """A follower passed or yielded: on to the next one, the yielders again, or the
        trick's end (R-TRICK-3, R-TRICK-5)."""
        if self.again:
            self.again.pop(0)
            if self.again:
                self.turn = self.again[0]
                return
            self._win_trick(events, kou=True)  # 扣牌: nobody beat it when asked again
            return
        self.responses += 1
        assert self.top_seat is not None
        holding = SEATS - len(self.out_order)
        others = holding - (self.places[self.top_seat] is None)  # who answer the top set
        if self.responses < others:
            self.turn = self._next_active(seat)
        elif self.yielders:
            self.again = list(self.yielders)
            self.turn = self.again[0]
            events.append({"type": "again", "seats": list(self.again)})
        else:
            self._win_trick(events, kou=False)

    def _win_trick(self, events: list[Event], kou: bool) -> None:
        winner = self.top_seat  # R-TRICK-3
        assert winner is not None
        events.append({"type": "trick", "seat": winner, "kou": kou})
        jiefeng = self.places[winner] is not None  # R-TRICK-4 接风
        self.leader = self._next_active(winner) if jiefeng else winner
        self.turn = self.leader
        self.top = self.top_seat = None
        self.responses, self.yielders, self.again = 0, [], []
        self.trick_moves = [None] * SEATS
        self.moment += 1
        events.append({"type": "lead", "seat": self.leader, "jiefeng": jiefeng, "from": winner})

    def _finish(self, events: list[Event]) -> None:
        assert self.emperor is not None and self.guard is not None
        scores, winner = score_round(
            self.rules, self.emperor, self.guard, self.open_solo, self.places,
            open_guard=self.open_guard, grabbed=self.grabbed, rebellion=len(self.rebels) >= 2,
        )
        self.result = RoundResult(
            emperor=self.emperor, guard=self.guard, solo=self.solo, open_solo=self.open_solo,
            places=tuple(self.places), scores=scores, winner=winner,
            open_guard=self.open_guard, grabbed=self.grabbed, rebels=tuple(self.rebels),
        )
        self.phase = "done"
        self.turn = None
        events.append({
            "type": "round_end", "round": self.number, "emperor": self.emperor,
            "guard": self.guard, "solo": self.solo, "open_solo": self.open_solo,
            "open_guard": self.open_guard, "grab": self.grabbed, "rebels": list(self.rebels),
            "called": card_text(self.called) if self.called is not None else None,
            "places": list(self.places), "scores": list(scores), "winner": winner,
            "hands": [[card_text(c) for c in self.hand(s)] for s in range(SEATS)],
        })


def _parse_one(token: object) -> Card:
    if not isinstance(token, str):
        raise IllegalAction(f"a card is written as text like '10H' or 'BJ', not {token!r}")
    try:
        return parse_card(token)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


_HANDLERS = {
    ("grab", "grab"): throne.grab_round,
    ("grab", "skip"): throne.skip,
    ("throne", "accept"): throne.accept,
    ("throne", "decline"): throne.decline,
    ("throne", "call"): Round._call,
    ("throne", "grab"): throne.grab_throne,
    ("call", "call"): Round._call,
    ("call", "solo"): Round._declare_solo,
    ("play", "play"): Round._play,
    ("play", "pass"): Round._pass,
    ("play", "yield"): Round._yield_trick,
    ("play", "open_guard"): Round._open_guard,
    ("play", "rebel"): Round._rebel,
}
