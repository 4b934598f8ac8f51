"""Choosing the emperor (§5) in its three styles, as a part of :class:`~bhtui.rules.round.Round`.

- ``qingdao`` (R-EMP-Q*): the bundle goes round; decliners add a 2; a second offer; 抢独 first.
- ``baike`` (R-EMP-B*): the holder calls a group or yields (让庄); everybody yields → 逼庄;
  nobody qualifies → 黄庄; anyone may grab (抢庄) out of turn until a call is made.
- ``lianzhong`` (R-EMP-L*): the dealt emperor card goes to the previous seat on a yield (simple
  mode attaches a card each time); classic forcing after a circle; void after two circles;
  抢独 declarations out of turn, settled by the holder's next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bhtui.cards import BJ, SJ, TWO, Card, card_text
from bhtui.rules.errors import IllegalAction

if TYPE_CHECKING:
    from bhtui.rules.round import Action, Event, Round

SEATS = 5


class ThroneMixin:
    """The throne phase's state changes; ``self`` is always a Round."""

    # ----- which groups a seat could call -----------------------------------------------
    def callable_groups(self: Round, seat: int) -> list[Card]:
        """Cards the seat could call: R-EMP-Q2 (3+ identical, no jokers or 2s), or in baike
        any 3 or 4 identical cards, the emperor card counting as a BJ (R-EMP-B1)."""
        h = self.hands[seat]
        if self.rules.emperor == "baike":
            bonus = 0 if self.emperor == seat else 1  # before the call he is about to get it
            return [c for c in range(BJ + 1) if h[c] + (bonus if c == BJ else 0) >= 3]
        return [c for c in range(TWO * 4) if h[c] >= 3]

    def _held_for_call(self: Round, seat: int, card: Card) -> int:
        held = self.hands[seat][card]
        if self.rules.emperor == "baike" and card == BJ and self.emperor != seat:
            held += 1
        return held

    def call_actions(self: Round, seat: int) -> list[Action]:
        out: list[Action] = []
        for c in self.callable_groups(seat):
            held = self._held_for_call(seat, c)
            if self.forced and held != 3:
                continue  # R-EMP-B3: the forced call names a group of exactly three
            out.append({"type": "call", "card": card_text(c), "open": False})
            if held == 4 and not self.forced:
                out.append({"type": "call", "card": card_text(c), "open": True})
        return out

    # ----- what the candidate may do -------------------------------------------------------
    def throne_actions(self: Round, seat: int) -> list[Action]:
        if self.rules.emperor == "baike":
            decline: list[Action] = [] if self.forced else [{"type": "decline"}]
            return self.call_actions(seat) + decline
        if self.grabs:  # someone declared a solo: declare your own (grab) or let it stand
            return [{"type": "decline"}]
        if self._must_accept(seat):
            return [{"type": "accept"}]
        return [{"type": "accept"}, {"type": "decline"}]

    def throne_interjections(self: Round, seat: int) -> list[Action]:
        """抢庄 (R-EMP-B5) and 抢独 (R-EMP-L5) may come from any seat, in turn or not."""
        if self.rules.emperor == "baike" or (
            self.rules.emperor == "lianzhong" and self.rules.grab_solo and seat not in self.grabs
        ):
            return [{"type": "grab"}]
        return []

    def _must_accept(self: Round, seat: int) -> bool:
        if not self.callable_groups(seat):
            return False
        if self.rules.emperor == "lianzhong":  # R-EMP-L3: after one circle, classic mode
            return self.rules.needs_group and self.declines == SEATS
        return self.second_chance and self.rules.force_first  # R-EMP-Q4 逼位

    # ----- offers -----------------------------------------------------------------------------
    def bundle_cards(self: Round) -> list[str]:
        """What goes to whoever takes the throne (the emperor card first)."""
        if self.card_in_hand:
            return ["BJ"]  # lianzhong: still in the first holder's hand
        if self.rules.emperor == "lianzhong":
            return [card_text(c) for c in self.bundle]
        return ["BJ", *(card_text(c) for c in self.bundle)]

    def _offer(self: Round, events: list[Event]) -> None:
        self.moment += 1
        events.append({
            "type": "offer", "seat": self.candidate, "second": self.second_chance,
            "forced": self.forced, "bundle": self.bundle_cards(),
        })

    def _open_throne(self: Round, events: list[Event]) -> None:
        self._offer(events)
        self._auto_declines(events)

    def _auto_declines(self: Round, events: list[Event]) -> None:
        """A candidate who cannot accept declines by himself (R-EMP-Q2, R-EMP-L3)."""
        while (
            self.phase == "throne" and self.rules.emperor != "baike" and self.rules.needs_group
            and not self.callable_groups(self.candidate)
        ):
            if self.grabs:
                self._settle_grabs(events)
            else:
                self._yield_throne(self.candidate, events, auto=True)

    # ----- handlers ----------------------------------------------------------------------------
    def _accept(self: Round, seat: int, action: Action, events: list[Event]) -> None:
        if self.rules.emperor == "baike":
            raise IllegalAction("in baike you take the throne by calling a group (R-EMP-B1)")
        if self.grabs:
            raise IllegalAction("a solo was declared (抢独): grab it yourself or let it stand")
        if self.rules.needs_group and not self.callable_groups(seat):
            raise IllegalAction(
                "you need three identical cards (not jokers or 2s) to call a guard (R-EMP-Q2)"
            )
        self._crown(seat, events)
        if self.rules.guard == "card":
            self._guard_by_card(events)
        else:
            self.phase = "call"
            self.turn = seat

    def _crown(self: Round, seat: int, events: list[Event]) -> None:
        """``seat`` takes the emperor card and the bundle."""
        taken = self.bundle_cards()
        if self.card_in_hand:
            if seat != self.candidate:  # a grabber takes it out of the holder's hand
                self._take(self.candidate, BJ)
                self._give(seat, BJ)
        else:
            for c in ([] if self.rules.emperor == "lianzhong" else [BJ]) + self.bundle:
                self._give(seat, c)
        self.card_in_hand = False
        self.bundle = []
        self.emperor = seat
        events.append({"type": "emperor", "seat": seat, "bundle": taken, "grab": self.grabbed})

    def _decline(self: Round, seat: int, action: Action, events: list[Event]) -> None:
        if self._must_accept(seat):
            if self.rules.emperor == "lianzhong":
                raise IllegalAction("after a full circle the first holder must accept (R-EMP-L3)")
            raise IllegalAction("逼位: on the second offer you must accept (R-EMP-Q4)")
        if self.forced:
            raise IllegalAction("逼庄: you must call a group of three (R-EMP-B3)")
        if self.grabs:
            self._settle_grabs(events)
            return
        self._yield_throne(seat, events, auto=False)
        self._auto_declines(events)

    def _yield_throne(self: Round, seat: int, events: list[Event], auto: bool) -> None:
        style = self.rules.emperor
        if style == "qingdao" and self.second_chance:
            events.append({"type": "decline", "seat": seat, "auto": auto, "added": None})
            self._void(events)
            return
        added: Card | None = None
        if style == "qingdao" and seat != self.first_candidate:  # R-EMP-Q3: add a 2
            added = next((c for c in range(TWO * 4, TWO * 4 + 4) if self.hands[seat][c]), None)
        elif style == "lianzhong":
            if self.card_in_hand:  # the first holder passes the card itself
                self._take(seat, BJ)
                self.bundle.append(BJ)
                self.card_in_hand = False
            elif self.rules.attach:  # R-EMP-L2: a 2, else the highest non-joker card
                held = [c for c in range(SJ) if self.hands[seat][c]]
                twos = [c for c in held if c >= TWO * 4]
                added = twos[0] if twos else (held[-1] if held else None)
        if added is not None:
            self._take(seat, added)
            self.bundle.append(added)
        events.append({
            "type": "decline", "seat": seat, "auto": auto,
            "added": card_text(added) if added is not None else None,
        })
        self.declines += 1
        if style == "lianzhong":
            if self.declines == 2 * SEATS:  # R-EMP-L4: two circles, nobody took it
                self._void(events)
                return
            self.candidate = (seat - 1) % SEATS  # to the previous seat (上家)
        elif style == "baike" and self.declines == SEATS:
            self._force_call(events)  # R-EMP-B3 / B4
            return
        elif style == "qingdao" and self.declines == SEATS:  # R-EMP-Q4: once more
            self.second_chance = True
            self.candidate = self.first_candidate
        else:
            self.candidate = (seat + 1) % SEATS
        self.turn = self.candidate
        self._offer(events)

    def _force_call(self: Round, events: list[Event]) -> None:
        """R-EMP-B3 逼庄: the first seat from the first holder with a group of exactly three
        must call one; R-EMP-B4 黄庄 when there is none."""
        for step in range(SEATS):
            seat = (self.first_candidate + step) % SEATS
            if any(self._held_for_call(seat, c) == 3 for c in self.callable_groups(seat)):
                self.forced = True
                self.candidate = self.turn = seat
                self._offer(events)
                return
        self._void(events)

    def _void(self: Round, events: list[Event]) -> None:
        events.append({"type": "void", "redeal": self.redeal + 1})
        self.phase = "void"
        self.turn = None

    def _throne_grab(self: Round, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "grab", "seat": seat})
        if self.rules.emperor == "baike" or seat == self.candidate:
            self._settle_solo(seat, events)  # 抢庄 wins at once; so does the holder's 抢独
        else:
            self.grabs.append(seat)  # settled by the holder's next decision (R-EMP-L5)

    def _settle_grabs(self: Round, events: list[Event]) -> None:
        """R-EMP-L5: of several grabbers the nearest to the holder towards his previous seat."""
        winner = min(self.grabs, key=lambda s: (self.candidate - s) % SEATS)
        self._settle_solo(winner, events)

    def _settle_solo(self: Round, seat: int, events: list[Event]) -> None:
        """A grab won: the grabber is emperor and plays alone, openly."""
        self.grabbed = self.solo = self.guard_revealed = True
        self.open_solo = self.rules.emperor != "baike"  # baike's grab is scored by R-SCORE-B4
        self._crown(seat, events)
        self.guard = seat
        self._announce_roles(events)
        self._start_play(events)

    # qingdao's grab phase (R-EMP-Q6): asked in turn before the first candidate decides
    def _grab(self: Round, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "grab", "seat": seat})
        self._settle_solo(seat, events)

    def _skip(self: Round, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "skip", "seat": seat})
        self.grab_asked += 1
        if self.grab_asked == SEATS:
            self.phase = "throne"
            self.turn = self.first_candidate
            self._open_throne(events)
        else:
            self.turn = (seat + 1) % SEATS
