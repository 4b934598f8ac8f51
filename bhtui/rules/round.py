"""One round of `qingdao` Baohuang as a pure state machine (§4–§8).

Phases: ``grab`` (R-EMP-Q6, when enabled) → ``throne`` (R-EMP-Q1..5) → ``call`` (R-GUARD-1/3)
→ ``play`` (R-TRICK-*) → ``done`` (scored) or ``void`` (nobody took the throne; redeal).
Exactly one seat may act at any time (``to_act``). Every action is validated completely
before anything changes, so an :class:`IllegalAction` leaves the round as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bhtui.cards import (
    BJ, NUM_RANKS, TWO, Card, card_text, cards_from_counts, deck, parse_card, rank_of,
)
from bhtui.rules.errors import IllegalAction
from bhtui.rules.presets import RuleSet
from bhtui.rules.scoring import SEATS, RoundResult, score_round
from bhtui.rules.seeding import round_rng
from bhtui.rules.sets import (
    CardSet, beats, format_set, parse_set, pick_cards, set_of_cards, sets_from_rank_counts,
)
from bhtui.rules.tribute import tribute_transfers

Action = dict[str, Any]
Event = dict[str, Any]

PLACE_NAMES = ("头科", "二科", "三科", "二落", "大落")


@dataclass(frozen=True)
class Deal:
    """The hands of a deal and the first emperor candidate."""

    hands: tuple[tuple[Card, ...], ...]
    first_candidate: int


def shuffled_deal(rules: RuleSet, seed: int, number: int, redeal: int) -> Deal:
    """R-DEAL-1 with R-SEED-1: the round's shuffle and first candidate come from the seed."""
    rng = round_rng(seed, number, redeal)
    cards = deck(rules.deck_size)
    cards.remove(BJ)  # one big joker is the emperor card, set aside
    rng.shuffle(cards)
    per = len(cards) // SEATS
    hands = tuple(tuple(cards[s * per:(s + 1) * per]) for s in range(SEATS))
    return Deal(hands, rng.randrange(SEATS))  # R-EMP-Q1: a random first candidate


class Round:
    """The state of one deal, from the shuffle to the scores."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
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
            deal = shuffled_deal(rules, seed, number, redeal)
        for seat, cards in enumerate(deal.hands):
            for c in cards:
                self._give(seat, c)
        self.first_candidate = deal.first_candidate
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
        self._emperor_called_played = 0
        self.candidate = self.first_candidate
        self.bundle: list[Card] = []
        self.declines = 0
        self.second_chance = False
        self.grab_asked = 0
        self.places: list[int | None] = [None] * SEATS
        self.out_order: list[int] = []
        self.leader: int | None = None
        self.top: CardSet | None = None
        self.top_seat: int | None = None
        self.passes = 0
        self.trick_moves: list[list[Card] | str | None] = [None] * SEATS
        self.result: RoundResult | None = None
        self.turn: int | None = self.first_candidate
        if rules.grab_solo:
            self.phase = "grab"
        else:
            self.phase = "throne"
            self._open_throne(self.events)

    # ----- hands -------------------------------------------------------------------------
    def _give(self, seat: int, card: Card) -> None:
        self.hands[seat][card] += 1
        self.rc[seat][rank_of(card)] += 1

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat][card] -= 1
        self.rc[seat][rank_of(card)] -= 1

    def count(self, seat: int) -> int:
        return sum(self.rc[seat])

    def hand(self, seat: int) -> list[Card]:
        return cards_from_counts(self.hands[seat])

    def _pay_tribute(self, previous: RoundResult) -> None:
        self.tribute = tribute_transfers(previous, self.hands)
        for giver, _, card in self.tribute:
            self._take(giver, card)
        for _, receiver, card in self.tribute:
            self._give(receiver, card)
        if self.tribute:
            self.events.append({
                "type": "tribute",
                "items": [{"from": f, "to": t, "card": card_text(c)} for f, t, c in self.tribute],
            })

    # ----- who may act --------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.turn

    def callable_groups(self, seat: int) -> list[Card]:
        """R-EMP-Q2: cards the seat holds 3+ identical copies of, neither joker nor 2."""
        h = self.hands[seat]
        return [c for c in range(TWO * 4) if h[c] >= 3]

    def legal_sets(self, seat: int) -> list[CardSet]:
        """The sets the seat may play now (empty unless it is his turn in the play phase)."""
        if self.phase != "play" or seat != self.turn:
            return []
        return sets_from_rank_counts(self.rc[seat], self.top)

    def cards_for(self, seat: int, s: CardSet) -> list[Card]:
        """Concrete cards for a set; a guard keeps the called card back while he can."""
        avoid = self.called if seat == self.guard and seat != self.emperor else None
        return pick_cards(self.hands[seat], s, avoid)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action the seat may take now; a play names its set and the engine picks suits."""
        if seat != self.turn:
            return []
        if self.phase == "grab":
            return [{"type": "grab"}, {"type": "skip"}]
        if self.phase == "throne":
            if self._must_accept(seat):
                return [{"type": "accept"}]
            return [{"type": "accept"}, {"type": "decline"}]
        if self.phase == "call":
            out: list[Action] = []
            for c in self.callable_groups(seat):
                out.append({"type": "call", "card": card_text(c), "open": False})
                if self.hands[seat][c] == 4:
                    out.append({"type": "call", "card": card_text(c), "open": True})
            return out
        actions: list[Action] = [
            {"type": "play", "set": format_set(s)} for s in self.legal_sets(seat)
        ]
        if self.top is not None:
            actions.append({"type": "pass"})
        return actions

    def _must_accept(self, seat: int) -> bool:
        return self.second_chance and self.rules.force_first and bool(self.callable_groups(seat))

    # ----- apply --------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action of ``seat``; IllegalAction (state untouched) when the rules say no."""
        if self.phase in ("done", "void"):
            raise IllegalAction("the round is over")
        if seat != self.turn:
            raise IllegalAction(f"it is not seat {seat}'s turn")
        kind = action.get("type") if isinstance(action, dict) else None
        handler = _HANDLERS.get((self.phase, kind)) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalAction(f"{kind!r} is not possible now ({self.phase} phase)")
        events: list[Event] = []
        handler(self, seat, action, events)
        self.events.extend(events)
        return events

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % SEATS

    def _next_active(self, seat: int) -> int:
        """R-SEAT-1: the next seat after ``seat`` that still holds cards."""
        for step in range(1, SEATS + 1):
            s = (seat + step) % SEATS
            if self.places[s] is None:
                return s
        raise AssertionError("no seat holds cards")

    # grab (R-EMP-Q6)
    def _grab(self, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "grab", "seat": seat})
        self.grabbed = self.solo = self.open_solo = self.guard_revealed = True
        self.emperor = self.guard = seat
        self._give(seat, BJ)
        events.append({"type": "emperor", "seat": seat, "bundle": ["BJ"]})
        self._start_play(events)

    def _skip(self, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "skip", "seat": seat})
        self.grab_asked += 1
        if self.grab_asked == SEATS:
            self.phase = "throne"
            self.turn = self.first_candidate
            self._open_throne(events)
        else:
            self.turn = self._next_seat(seat)

    # throne (R-EMP-Q1..5)
    def _accept(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.callable_groups(seat):
            raise IllegalAction(
                "you need three identical cards (not jokers or 2s) to call a guard (R-EMP-Q2)"
            )
        self.emperor = seat
        bundle = [BJ, *self.bundle]
        for c in bundle:
            self._give(seat, c)
        events.append({"type": "emperor", "seat": seat, "bundle": [card_text(c) for c in bundle]})
        self.bundle = []
        self.phase = "call"

    def _decline(self, seat: int, action: Action, events: list[Event]) -> None:
        if self._must_accept(seat):
            raise IllegalAction("逼位: on the second offer you must accept (R-EMP-Q4)")
        self._do_decline(seat, events, auto=False)
        self._auto_declines(events)

    def _do_decline(self, seat: int, events: list[Event], auto: bool) -> None:
        if self.second_chance:
            events.append({"type": "decline", "seat": seat, "auto": auto, "added": None})
            events.append({"type": "void", "redeal": self.redeal + 1})
            self.phase = "void"
            self.turn = None
            return
        added: Card | None = None
        if seat != self.first_candidate:  # R-EMP-Q3: later decliners add a 2
            twos = [c for c in range(TWO * 4, TWO * 4 + 4) if self.hands[seat][c]]
            if twos:
                added = twos[0]
                self._take(seat, added)
                self.bundle.append(added)
        events.append({
            "type": "decline", "seat": seat, "auto": auto,
            "added": card_text(added) if added is not None else None,
        })
        self.declines += 1
        if self.declines == SEATS:  # R-EMP-Q4: back to the first candidate, once more
            self.second_chance = True
            self.candidate = self.first_candidate
        else:
            self.candidate = self._next_seat(seat)
        self.turn = self.candidate
        self._offer(events)

    def _offer(self, events: list[Event]) -> None:
        events.append({
            "type": "offer", "seat": self.candidate, "second": self.second_chance,
            "bundle": ["BJ", *(card_text(c) for c in self.bundle)],
        })

    def _open_throne(self, events: list[Event]) -> None:
        self._offer(events)
        self._auto_declines(events)

    def _auto_declines(self, events: list[Event]) -> None:
        """A candidate without a callable group declines by himself (R-EMP-Q2)."""
        while self.phase == "throne" and not self.callable_groups(self.candidate):
            self._do_decline(self.candidate, events, auto=True)

    # call (R-GUARD-1, R-GUARD-3)
    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        card = _parse_one(action.get("card"))
        open_solo = action.get("open", False)
        if not isinstance(open_solo, bool):
            raise IllegalAction("'open' must be true or false")
        if card not in self.callable_groups(seat):
            raise IllegalAction(
                f"you can only call a card you hold three or four of, not a joker or 2 "
                f"({card_text(card)})"
            )
        held = self.hands[seat][card]
        if open_solo and held != 4:
            raise IllegalAction("an open solo shows four identical cards (R-GUARD-3)")
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
        for s in range(SEATS):
            events.append({"type": "role", "seat": s, "private": s, "role": self.role_of(s)})
        self._start_play(events)

    def role_of(self, seat: int) -> str | None:
        """The seat's true role (only a view decides who may learn it)."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return "emperor"
        if seat == self.guard:
            return "guard"
        return "rebel" if self.guard is not None else None

    def _start_play(self, events: list[Event]) -> None:
        self.phase = "play"
        self.leader = self.turn = self.emperor  # R-TRICK-1
        events.append({"type": "lead", "seat": self.leader, "jiefeng": False})

    # tricks (R-TRICK-1..4, R-TRICK-6, R-END-1)
    def _play(self, seat: int, action: Action, events: list[Event]) -> None:
        cards = self._cards_of_play(seat, action)
        s = set_of_cards(cards)
        if self.top is not None and not beats(s, self.top, self.rules):
            raise IllegalAction(f"{format_set(s)} does not beat {format_set(self.top)} (R-PLAY-3)")
        need = [0] * 54
        for c in cards:
            need[c] += 1
        for c in cards:
            self._take(seat, c)
        events.append({
            "type": "play", "seat": seat, "cards": [card_text(c) for c in cards],
            "set": format_set(s),
        })
        self._check_reveal(seat, need, events)
        self.top, self.top_seat, self.passes = s, seat, 0
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

    def _check_reveal(self, seat: int, played: list[int], events: list[Event]) -> None:
        """R-GUARD-6: the 4th identical card reveals its player (suits of plays are public)."""
        if self.called is None or self.guard_revealed or not played[self.called]:
            return
        if seat == self.emperor:
            self._emperor_called_played += played[self.called]
            if self._emperor_called_played < 4:
                return
        self.guard_revealed = True
        events.append({"type": "reveal", "seat": self.guard, "solo": self.solo})

    def _goes_out(self, seat: int, events: list[Event]) -> None:
        self.out_order.append(seat)
        place = len(self.out_order)
        self.places[seat] = place
        events.append({"type": "out", "seat": seat, "place": place})
        holders = [s for s in range(SEATS) if self.places[s] is None]
        if len(holders) == 1:
            self.out_order.append(holders[0])
            self.places[holders[0]] = SEATS
            events.append({"type": "out", "seat": holders[0], "place": SEATS})
            self._finish(events)
        elif self.open_solo and seat == self.emperor and place == 1:
            # R-END-1 (Decision for qingdao): scores and the next tribute no longer depend
            # on the rebels' order once the open-solo emperor is out first.
            self._finish(events)

    def _pass(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.top is None:
            raise IllegalAction("the leader must play a set (R-TRICK-1)")
        events.append({"type": "pass", "seat": seat})
        self.trick_moves[seat] = "pass"
        self.passes += 1
        assert self.top_seat is not None
        others = sum(
            1 for s in range(SEATS) if self.places[s] is None and s != self.top_seat
        )
        if self.passes < others:
            self.turn = self._next_active(seat)
            return
        winner = self.top_seat  # R-TRICK-3
        events.append({"type": "trick", "seat": winner})
        jiefeng = self.places[winner] is not None  # R-TRICK-4 接风
        self.leader = self._next_active(winner) if jiefeng else winner
        self.turn = self.leader
        self.top = self.top_seat = None
        self.passes = 0
        self.trick_moves = [None] * SEATS
        events.append({"type": "lead", "seat": self.leader, "jiefeng": jiefeng, "from": winner})

    def _finish(self, events: list[Event]) -> None:
        assert self.emperor is not None and self.guard is not None
        scores, winner = score_round(
            self.rules, self.emperor, self.guard, self.open_solo, self.places
        )
        self.result = RoundResult(
            emperor=self.emperor, guard=self.guard, solo=self.solo, open_solo=self.open_solo,
            places=tuple(self.places), scores=scores, winner=winner,
        )
        self.phase = "done"
        self.turn = None
        events.append({
            "type": "round_end", "round": self.number, "emperor": self.emperor,
            "guard": self.guard, "solo": self.solo, "open_solo": self.open_solo,
            "grab": self.grabbed, "called": card_text(self.called) if self.called is not None else None,
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
    ("grab", "grab"): Round._grab,
    ("grab", "skip"): Round._skip,
    ("throne", "accept"): Round._accept,
    ("throne", "decline"): Round._decline,
    ("call", "call"): Round._call,
    ("play", "play"): Round._play,
    ("play", "pass"): Round._pass,
}
