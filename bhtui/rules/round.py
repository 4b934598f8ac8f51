"""One round of Baohuang as a pure state machine (§4–§8), for every preset (§12 and the towns').

Phases: ``grab`` (R-EMP-Q6, R-WH-GRAB-1) → ``throne`` (§5, see :mod:`bhtui.rules.throne`) →
``call`` (R-GUARD-1/3) → ``declare`` (R-WH-DECL-1, see :mod:`bhtui.rules.declare`) → ``play``
(R-TRICK-*) → ``done`` (scored) or ``void`` (redeal). Weifang's deal is followed by 买3 and its
tribute before the throne (R-WF-BUY3-*, R-WF-TRIB-*), with no decisions.
Exactly one seat must act at any time (``to_act``); a few declarations may come from any seat
out of turn (抢庄, 抢独, 明保, 造反: :meth:`Round.interjections`). Every action is validated
completely before anything changes, so an :class:`IllegalAction` leaves the round as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from bhtui.cards import (
    BJ,
    CARD_TEXT,
    GC,
    NUM_CARDS,
    RANK_OF,
    RANKS_WITH_GC,
    SJ,
    TWO,
    Card,
    card_text,
    parse_card,
)
from bhtui.rules import declare, throne
from bhtui.rules.choices import Choices, LeadSets
from bhtui.rules.deal import Deal, dealer_after, shuffled_deal
from bhtui.rules.errors import IllegalAction
from bhtui.rules.mechanisms import THREE, Ascent, OpenSolo, TributeFlow
from bhtui.rules.presets import RuleSet
from bhtui.rules.reading import Reading, reading_of
from bhtui.rules.scoring import SEATS, RoundResult, multiplier, score_round, settled_early
from bhtui.rules.seeding import Seed
from bhtui.rules.sets import (
    CardSet,
    attached,
    beats,
    format_set,
    held_back_allows,
    held_back_leads,
    is_bomb,
    jokers_attached,
    parse_set,
    pick_cards,
    set_of_cards,
    sets_from_rank_counts,
    without_rank,
)
from bhtui.rules.state import Action, Event, RoundState, purchases_record, transfers_record
from bhtui.rules.tribute import tribute_transfers

__all__ = ["Action", "Event", "OUT_OF_TURN", "PLACE_NAMES", "Round"]

PLACE_NAMES = ("头科", "二科", "三科", "二落", "大落")
OUT_OF_TURN = frozenset({"grab", "open_guard", "rebel"})
"""Action types a seat may send while another seat is to act (when its rules allow them)."""
OFFER_CHECKED = OUT_OF_TURN | {"skip", "kick", "abdicate", "solo"}


class Round(RoundState):
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
        self.hands = [[0] * NUM_CARDS for _ in range(SEATS)]
        self.rc = [[0] * RANKS_WITH_GC for _ in range(SEATS)]
        if deal is None:
            deal = shuffled_deal(rules, seed, number, redeal, dealer_after(rules, previous))
        for hand, rc, cards in zip(self.hands, self.rc, deal.hands, strict=True):
            for c in cards:  # (``give``, inline: a deal is 216 cards)
                hand[c] += 1
                rc[RANK_OF[c]] += 1
        self.first_candidate = deal.first_candidate
        self.guard_card = deal.guard_card
        self.dealer = deal.dealer
        self.events = []  # the deal's (see RoundState.events)
        self.bought = []
        if rules.tributes.buy_three:
            self._buy_threes()
        self.tribute = []
        if previous is not None and rules.tribute_flow is not TributeFlow.NONE:
            self._pay_tribute(previous)

        self.emperor = None
        self.guard = None
        self.called = None
        self.solo = False
        self.open_solo = False
        self.grabbed = False
        self.guard_revealed = False
        self.open_guard = False
        self.rebels = []
        self.step = None
        self.asking = []
        self.kickers = []
        self.kicks = []
        self.abdicator = None
        self.first_lead_played = False
        self._emperor_called_played = 0
        self.candidate = self.first_candidate
        self.card_in_hand = rules.deck.emperor_card_dealt
        self.bundle = [] if self.card_in_hand else [BJ]
        """What goes with the throne: the emperor card (once out of a hand) and cards added."""
        self.declines = 0
        self.second_chance = False
        self.forced = False
        self.grabs = []
        self.grab_asked = 0
        self.moment = 0
        self.places = [None] * SEATS
        self.out_order = []
        self.stuck = []
        self.beaten_by = [None] * SEATS
        self.bombs = 0
        self.leader = None
        self.top = None
        self.top_seat = None
        self.responses = 0
        self.yielders = []
        self.again = []
        self.trick_moves = [None] * SEATS
        self.past_tricks = ()
        self.trick = []
        self.taken = []
        self.result = None
        self._offers = {}
        """Each seat's last offer of legal actions, until anything is applied."""
        self._readings = {}
        self.trick_texts: list[list[list[Any]]] = []
        """The tricks as views show them, the open one's moves so far last: each move rendered
        once, when a view first shows it (a move never changes; ``views.py`` fills it)."""
        self.quiet = False
        """Nobody may declare out of turn again this round (see :attr:`interjecting`): the
        match reads it before asking the round."""
        self._read = tuple(partial(self.reading, s) for s in range(SEATS))
        """Each seat's reading on demand, for its offers (made once, not per offer)."""
        self.turn = self.first_candidate
        throne.begin(self, self.events)

    # ----- before the throne ---------------------------------------------------------------
    def _buy_threes(self) -> None:
        """R-WF-BUY3-1/2: in play order from the first drawer, a seat without a 3 buys one from
        the nearest seat holding two or more, paying a 2 if he has one; forced gives take the
        highest suit (♠ ♥ ♣ ♦). Public, with suits."""
        for k in range(SEATS):
            buyer = (self.dealer + k) % SEATS
            if self.rc[buyer][THREE]:
                continue
            seller = next((s for s in ((buyer + j) % SEATS for j in range(1, SEATS))
                           if self.rc[s][THREE] >= 2), None)
            if seller is None:
                continue
            three = next(c for c in range(4) if self.hands[seller][c])
            paid = next((c for c in range(TWO * 4, TWO * 4 + 4) if self.hands[buyer][c]), None)
            self.move(seller, buyer, three)
            if paid is not None:
                self.move(buyer, seller, paid)
            self.bought.append((seller, buyer, three, paid))
        if self.bought:
            self.events.append({"type": "buy3", "items": purchases_record(self.bought)})

    def _pay_tribute(self, previous: RoundResult) -> None:
        keep = [[0] * NUM_CARDS for _ in range(SEATS)]  # marked cards are never given
        if self.rules.deck.emperor_card_dealt:
            keep[self.first_candidate][BJ] = 1
        if self.guard_card is not None:
            keep[self.guard_card][SJ] += 1
        self.tribute = tribute_transfers(previous, self.hands, self.rules, keep)
        for giver, receiver, card in self.tribute:
            self.move(giver, receiver, card)
        if self.tribute:
            self.events.append({
                "type": "tribute",
                "items": transfers_record(self.tribute),
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
        if self.top is None:
            return self._leads(self.rc[seat])
        return sets_from_rank_counts(self.rc[seat], self.top, self.rules)

    def _leads(self, rc: list[int]) -> Sequence[CardSet]:
        """The sets a hand may lead, listed only as far as somebody reads them."""
        rules = self.rules
        held = rules.holds_back
        if not (held and rc[held.rank]):
            return LeadSets(rc, rules.joker_sets)
        left = without_rank(rc, held.rank)  # lead as if the held-back cards were not there
        if left is not None:
            return LeadSets(left, rules.joker_sets)
        leads = held_back_leads(rc, held)
        return leads if rules.joker_sets else attached(leads, rc)

    def cards_for(self, seat: int, s: CardSet) -> list[Card]:
        """Concrete cards for a set; a guard keeps the called card back while he can."""
        avoid = self.called if seat == self.guard and seat != self.emperor else None
        return pick_cards(self.hands[seat], s, avoid)

    def legal_actions(self, seat: int) -> Choices:
        """Every action the seat may take now, in turn or out of turn: the plays (each names
        its set; the engine picks suits), then :meth:`decisions`; with the seat's reading.
        The round applies a play of this very offer without checking it again, until
        anything is applied."""
        top = self.top
        if seat != self.turn or self.phase != "play":
            offer = Choices(self.legal_sets(seat), self.decisions(seat), self._read[seat])
        elif top is None:  # leading, in one call: the sets, and declarations while any is open
            rest = [] if self.quiet or not self.rules.declarations else (
                declare.interjections(self, seat))
            offer = Choices(self._leads(self.rc[seat]), rest, self._read[seat])
        else:  # answering a set, the common case, in one call: the sets, pass (and yield)
            rules = self.rules
            if self.again or not rules.trick_yield:
                rest = [{"type": "pass"}]
            else:  # R-TRICK-5 让牌 in the first circle
                rest = [{"type": "pass"}, {"type": "yield"}]
            if rules.rebels_in_play and not self.quiet:  # (明保 is over
                rest += declare.interjections(self, seat)  # once a set is led)
            offer = Choices(sets_from_rank_counts(self.rc[seat], top, rules), rest,
                            self._read[seat])
        self._offers[seat] = offer
        return offer

    def decisions(self, seat: int) -> list[Action]:
        """The seat's actions but the sets to play (a view's list: the sets follow from the
        hand and the rules, and enumerating them is the costly part)."""
        actions = self._turn_actions(seat)
        if self.rules.declarations and not self.quiet:  # none once nobody may interject
            actions += self.interjections(seat)
        return actions

    @property
    def interjecting(self) -> bool:
        """Whether any seat may declare out of turn now (:meth:`interjections` says who and
        what). Asked before every decision, so O(1) for most of a round: once play has no
        declaration left open, none opens again (the roles are settled before play; the
        first lead, a reveal and a rebel's declaration only close them)."""
        if self.quiet:
            return False
        if self.phase == "throne" or declare.open_in_play(self):
            return True
        if self.phase == "play":
            self.quiet = True
        return False

    def _turn_actions(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        if self.phase == "play":
            if self.top is None:
                return []
            if self.rules.trick_yield and not self.again:
                return [{"type": "pass"}, {"type": "yield"}]  # R-TRICK-5 让牌, first circle
            return [{"type": "pass"}]
        if self.phase == "grab":
            return [{"type": "grab"}, {"type": "skip"}]
        if self.phase == "throne":
            return throne.throne_actions(self, seat)
        if self.phase == "call":
            return throne.call_actions(self, seat)
        return declare.step_actions(self, seat)

    def interjections(self, seat: int) -> list[Action]:
        """Declarations ``seat`` may make now whoever is to act (R-EMP-B5, R-EMP-L5,
        R-GUARD-5, R-TRICK-7)."""
        if self.phase == "throne":
            return throne.throne_interjections(self, seat)
        return declare.interjections(self, seat)

    # ----- apply --------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action of ``seat``; IllegalAction (state untouched) when the rules say no."""
        offer = self._offers.get(seat)  # (none recognises anything once the round is over:
        known = offer.recognise(action) if offer is not None else False  # each apply clears them)
        if known is not False:  # this very offer: no re-checking
            self._offers.clear()  # the state moves on: earlier offers no longer hold
            if self._readings:  # (a random bot and the sim read none)
                self._readings.clear()
            events: list[Event] = []
            if known is True:
                _HANDLERS[(self.phase, action["type"])](self, seat, action, events)
                if self.phase == "refused":
                    self._finish(events)  # R-WH-THRONE-4: every receiver refused
            else:
                self._lay(seat, self.cards_for(seat, known), known, events)
            return events
        if self.phase in ("done", "void"):
            raise IllegalAction("the round is over")
        if isinstance(action, dict) and not isinstance(action.get("type"), str):
            raise IllegalAction("an action's 'type' is text")
        kind = action.get("type") if isinstance(action, dict) else None
        out_of_turn = kind in OUT_OF_TURN and any(
            a["type"] == kind for a in self.interjections(seat))
        if seat != self.turn and not out_of_turn:
            if kind in OUT_OF_TURN:
                raise IllegalAction(f"{kind!r} is not possible for you now")
            raise IllegalAction(f"it is not seat {seat}'s turn")
        handler = _HANDLERS.get((self.phase, kind)) if isinstance(kind, str) else None
        if handler is None or kind is None or not self._offered(seat, kind):
            raise IllegalAction(f"{kind!r} is not possible now ({self.phase} phase)")
        events = []
        handler(self, seat, action, events)
        if self.phase == "refused":
            self._finish(events)  # R-WH-THRONE-4: every receiver refused the abdication
        self._offers.clear()  # the state moved on: earlier offers no longer hold
        self._readings.clear()
        return events

    def _offered(self, seat: int, kind: str) -> bool:
        """Declarations and the asked decisions are checked against the seat's offer (their
        handlers trust it); plays, calls and the throne's answers are checked by their
        handlers, which say why not."""
        if kind not in OFFER_CHECKED:
            return True
        return any(a["type"] == kind for a in self.decisions(seat))

    def reading(self, seat: int) -> Reading:
        """What ``seat`` knows now, as numbers (the twin of its view; cached until the
        round moves on). The caller must not change it."""
        known = self._readings.get(seat)
        if known is None:
            known = self._readings[seat] = reading_of(self, seat)
        return known

    def __getstate__(self) -> dict[str, Any]:
        """Offers, readings and trick texts are caches of what was handed out, not part of
        the game."""
        return {**self.__dict__, "_offers": {}, "_readings": {}, "trick_texts": []}

    # call (R-GUARD-1, R-GUARD-2, R-GUARD-3, R-WF-GUARD-1/2)
    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        by_calling = self.rules.throne.ascent is Ascent.BY_CALLING
        if self.phase == "throne" and not by_calling:
            raise IllegalAction("take the throne first; the call comes after")
        card = _parse_one(action.get("card"))
        open_solo = action.get("open", False)
        if not isinstance(open_solo, bool):
            raise IllegalAction("'open' must be true or false")
        if card not in throne.callable_groups(self, seat):
            what = "three or four identical cards" if self.rules.guard.jokers_callable else (
                "three or four of, not a joker or 2")
            raise IllegalAction(f"you can only call a card you hold {what} ({card_text(card)})")
        held = throne.held_for_call(self, seat, card)
        if self.forced and (held != 3 or open_solo):
            raise IllegalAction("逼庄: call a group of exactly three, shown as three (R-EMP-B3)")
        if open_solo and self.rules.guard.open_solo is not OpenSolo.SHOW_FOUR:
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
        if self.rules.promoted_guard and not open_solo:
            declare.promote_guard_card(self, self.guard)  # R-WF-RANK-1
        events.append({
            "type": "call", "seat": seat, "card": card_text(card), "open": open_solo,
            "shown": [card_text(card)] * (4 if open_solo else 3),
        })
        self.announce_roles(events)
        declare.after_roles(self, events)

    def _declare_solo(self, seat: int, action: Action, events: list[Event]) -> None:
        """R-GUARD-3, lianzhong-classic: 明独保, an open solo with no call and no condition on
        the hand."""
        if self.rules.guard.open_solo is not OpenSolo.DECLARED:
            raise IllegalAction("here an open solo shows four identical cards (R-GUARD-3)")
        self.solo = self.open_solo = self.guard_revealed = True
        self.guard = seat
        events.append({"type": "solo", "seat": seat})
        self.announce_roles(events)
        declare.start_play(self, events)

    # tricks (R-TRICK-1..6, R-END-1, R-WF-STUCK-1)
    def _play(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.again and seat not in self.again:
            raise IllegalAction("only the players who yielded are asked again (R-TRICK-5)")
        cards = self._cards_of_play(seat, action)
        s = set_of_cards(cards, kills=self.rules.two_kill != "off")
        if self.top is None and s.twos:
            raise IllegalAction("2s kill jokers only in an answer, never in a lead (R-WF-PLAY-2)")
        if self.top is not None and not beats(s, self.top, self.rules):
            rule = "R-PLAY-3 or R-PLAY-5" if self.rules.kao else "R-PLAY-3"
            raise IllegalAction(f"{format_set(s)} does not beat {format_set(self.top)} ({rule})")
        held = self.rules.holds_back
        if held and not held_back_allows(s, self.rc[seat], held):
            raise IllegalAction(HELD_BACK_WORDS[held.rank, held.pure])
        if not self.rules.joker_sets and not jokers_attached(s, self.rc[seat]):
            raise IllegalAction(JOKERS_ATTACHED_WORDS)
        self._lay(seat, cards, s, events)

    def _lay(self, seat: int, cards: list[Card], s: CardSet, events: list[Event]) -> None:
        """Play checked ``cards`` (the set ``s``): the trick, a reveal, going out."""
        hand, rc = self.hands[seat], self.rc[seat]
        for c in cards:
            hand[c] -= 1
            rc[RANK_OF[c]] -= 1
        event: Event = {
            "type": "play", "seat": seat, "cards": list(map(CARD_TEXT.__getitem__, cards)),
            "set": format_set(s),
        }
        if self.rules.bombs != "off" and is_bomb(s):
            self.bombs += 1  # R-WF-BOMB-1; each doubles under bomb_multiplier (R-YY-BOMB-1)
            event["bomb"] = True
        events.append(event)
        self.first_lead_played = True
        if not self.guard_revealed and (self.called is not None):
            self._check_reveal(seat, cards, events)
        beaten_by = self.beaten_by
        if self.top_seat is not None:
            beaten_by[self.top_seat] = seat  # who played directly on top of his set
        beaten_by[seat] = None
        self.top, self.top_seat, self.responses = s, seat, 0
        if self.yielders or self.again:  # (only 让牌 fills them)
            self.yielders, self.again = [], []
        self.trick_moves[seat] = played = tuple(cards)  # (one object for both: fewer for the
        self.trick.append((seat, played))  # collector to follow)
        if not any(rc):
            self._goes_out(seat, events)
            if self.phase == "done":
                return
        self._next_answer(seat, events)

    def _cards_of_play(self, seat: int, action: Action) -> list[Card]:
        """The exact cards of a play: given as ``cards``, or as a ``set`` the engine fills in."""
        kills = self.rules.two_kill != "off"
        if "set" in action:
            text = action["set"]
            if not isinstance(text, str):
                raise IllegalAction("'set' is written as text like '9 9 9 SJ'")
            try:
                wanted = parse_set(text, kills)
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
            set_of_cards(cards, kills)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return cards

    def _check_reveal(self, seat: int, cards: list[Card], events: list[Event]) -> None:
        """R-GUARD-6: the 4th identical card reveals its player (suits of plays are public);
        R-WF-GUARD-4: so does the promoted guard card."""
        if self.rules.promoted_guard:
            if GC not in cards:
                return
        else:
            played = cards.count(self.called)  # type: ignore[arg-type]
            if not played:
                return
            if seat == self.emperor:
                self._emperor_called_played += played
                if self._emperor_called_played < 4:
                    return
        self.guard_revealed = True
        assert self.guard is not None  # the called card's holder is the guard
        events.append({"type": "reveal", "seat": self.guard, "solo": self.solo, "by": "play"})

    def _goes_out(self, seat: int, events: list[Event]) -> None:
        self.out_order.append(seat)
        place = len(self.out_order)
        self.places[seat] = place
        events.append({"type": "out", "seat": seat, "place": place})
        self._placed(events)

    def _stick(self, seat: int, events: list[Event]) -> None:
        """The stuck player leaves play at the lowest free place; whoever played directly on top
        of his last set stuck him (and gets his 闷供 next round, R-WF-TRIB-2)."""
        place = max(p for p in range(1, SEATS + 1) if p not in self.places)
        by = self.beaten_by[seat]
        stuck_by = by if by is not None else self.top_seat
        assert stuck_by is not None
        self.places[seat] = place
        self.stuck.append((seat, stuck_by))
        events.append({"type": "stuck", "seat": seat, "by": stuck_by, "place": place})
        self._placed(events)

    def _placed(self, events: list[Event]) -> None:
        """Someone has a place: the last one holding cards takes the one left, or the round's
        scores are settled early (R-END-1)."""
        holders = [s for s in range(SEATS) if self.places[s] is None]
        assert self.emperor is not None and self.guard is not None
        if len(holders) == 1:
            place = next(p for p in range(1, SEATS + 1) if p not in self.places)
            self.out_order.append(holders[0])
            self.places[holders[0]] = place
            events.append({"type": "out", "seat": holders[0], "place": place})
            self._finish(events)
        elif settled_early(self.rules, self.emperor, self.guard, self.open_solo, self.grabbed,
                           self.places):
            self._finish(events)  # R-END-1

    def _pass(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.top is None:
            raise IllegalAction("the leader must play a set (R-TRICK-1)")
        events.append({"type": "pass", "seat": seat})
        self.trick_moves[seat] = "pass"
        self.trick.append(_PASSED[seat])
        self._next_answer(seat, events, True)

    def _yield_trick(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.top is None or not self.rules.trick_yield or self.again:
            raise IllegalAction("让牌 is only for the first circle after a set (R-TRICK-5)")
        events.append({"type": "yield", "seat": seat})
        self.trick_moves[seat] = "yield"
        self.trick.append(_YIELDED[seat])
        self.yielders.append(seat)
        self._next_answer(seat, events, True)

    def _next_answer(self, seat: int, events: list[Event], answered: bool = False) -> None:
        """The next seat to answer the top set (a seat stuck on it leaves play), the yielders
        again, or the trick's end (R-TRICK-3, R-TRICK-5), once ``seat`` played it or — when
        ``answered`` — passed or yielded on it (most decisions: one call for both)."""
        if answered:
            if self.again:
                self.again.pop(0)
                if self.again:
                    self.turn = self.again[0]
                    return
                self._win_trick(events, kou=True)  # 扣牌: nobody beat it when asked again
                return
            self.responses += 1
        top_seat = self.top_seat
        assert top_seat is not None
        places, stuck = self.places, self.rules.stuck_rank
        while True:
            others = places.count(None) - (places[top_seat] is None)  # who answer it
            if self.responses >= others:
                break
            nxt = (seat + 1) % SEATS  # R-SEAT-1: the next seat still holding cards
            while places[nxt] is not None:
                nxt = (nxt + 1) % SEATS
            # R-WF-STUCK-1 闷 / R-WH-STUCK-1 逼死: nothing but held-back cards, facing
            # another's set (asked of every next seat: no call, the cheapest test first)
            rc = self.rc[nxt]
            if stuck is None or not rc[stuck] or rc[stuck] != sum(rc) or nxt == top_seat:
                self.turn = nxt
                return
            self._stick(nxt, events)
            if self.phase == "done":
                return
            seat = nxt
        if self.yielders:
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
        self.leader = self.next_active(winner) if jiefeng else winner
        self.turn = self.leader
        self.top = self.top_seat = None
        self.responses = 0
        if self.yielders or self.again:  # (only 让牌 fills them)
            self.yielders, self.again = [], []
        self.trick_moves[:] = _NO_MOVES
        self.past_tricks += (tuple(self.trick),)
        self.trick.clear()
        self.moment += 1
        events.append({"type": "lead", "seat": self.leader, "jiefeng": jiefeng, "from": winner})

    def _finish(self, events: list[Event]) -> None:
        assert self.emperor is not None and self.guard is not None
        refused = self.phase == "refused"
        scores, winner = score_round(
            self.rules, self.emperor, self.guard, self.open_solo, self.places,
            open_guard=self.open_guard, grabbed=self.grabbed, rebellion=self.rebellion,
            kicks=len(self.kicks), bombs=self.bombs, stuck=self.stuck, refused=refused,
        )
        factor = 1 if refused else multiplier(self.rules, self.open_solo, self.open_guard,
                                               self.rebellion, len(self.kicks), self.bombs)
        self.result = RoundResult(
            emperor=self.emperor, guard=self.guard, solo=self.solo, open_solo=self.open_solo,
            places=tuple(self.places), scores=scores, winner=winner,
            open_guard=self.open_guard, grabbed=self.grabbed, rebels=tuple(self.rebels),
            kicks=len(self.kicks), bombs=self.bombs, multiplier=factor,
            stuck=tuple(self.stuck), abdicated=self.abdicator is not None,
        )
        self.phase = "done"
        self.turn = None
        events.append({
            "type": "round_end", "round": self.number, "emperor": self.emperor,
            "guard": self.guard, "solo": self.solo, "open_solo": self.open_solo,
            "open_guard": self.open_guard, "grab": self.grabbed, "rebels": list(self.rebels),
            "called": card_text(self.called) if self.called is not None else None,
            "places": list(self.places), "scores": list(scores), "winner": winner,
            "multiplier": factor, "kicks": len(self.kicks), "bombs": self.bombs,
            "stuck": [list(pair) for pair in self.stuck],
            "hands": [[card_text(c) for c in self.hand(s)] for s in range(SEATS)],
        })


_NO_MOVES = (None,) * SEATS
_PASSED = tuple((seat, "pass") for seat in range(SEATS))
_YIELDED = tuple((seat, "yield") for seat in range(SEATS))
"""A trick's pass and yield moves, made once: a round makes hundreds (they never change)."""

HELD_BACK_WORDS = {
    (3, False): "憋6: 6s go out only as your last set, all of them (R-PLAY-6)",
    (3, True): "憋6: your 6s go out only as your last set, all of them and nothing else "
               "(R-WH-PLAY-2)",
    (0, True): "憋3: your 3 is your very last card, played alone (R-WF-BIE3-1)",
}


JOKERS_ATTACHED_WORDS = ("jokers go only beside natural cards here, unless they are all "
                         "your hand holds and go out together (R-PLAY-1, joker_sets=false)")


def _parse_one(token: object) -> Card:
    if not isinstance(token, str):
        raise IllegalAction(f"a card is written as text like '10H' or 'BJ', not {token!r}")
    try:
        return parse_card(token)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


_HANDLERS = {
    ("grab", "grab"): throne.grab_round,
    ("grab", "skip"): throne.skip_grab,
    ("throne", "accept"): throne.accept,
    ("throne", "decline"): throne.decline,
    ("throne", "call"): Round._call,
    ("throne", "grab"): throne.grab_throne,
    ("throne", "abdicate"): throne.abdicate,
    ("throne", "solo"): throne.shows_solo,
    ("call", "call"): Round._call,
    ("call", "solo"): Round._declare_solo,
    ("declare", "open_guard"): declare.open_guard,
    ("declare", "rebel"): declare.rebel,
    ("declare", "kick"): declare.kick,
    ("declare", "skip"): declare.skip,
    ("play", "play"): Round._play,
    ("play", "pass"): Round._pass,
    ("play", "yield"): Round._yield_trick,
    ("play", "open_guard"): declare.open_guard,
    ("play", "rebel"): declare.rebel,
}
