"""The mechanisms a preset is built from (§12 of docs/rules.md, §6–§7 of docs/baohuang-towns.md).

Each is a small typed policy named for what it does — how the deck is dealt, how the throne
passes, how the guard is found, which declarations exist and when, how tricks are played, how a
round is scored and how tribute flows. A preset (``presets.PRESETS``) is a choice of one of
each plus its options; the engine asks the policy, never the preset's name, so a new preset is
a deck, a choice of policies, its options and its words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


# ----- the deck (N1, N9, N18) --------------------------------------------------------------
class Dealer(Enum):
    """Who gets the first card when every card is dealt one at a time."""

    SEAT_0_THEN_EMPEROR = "seat 0, later the previous emperor"  # R-EMP-L1
    SEEDED = "a seeded seat every deal"  # R-WH-DEAL-1
    SEEDED_THEN_EMPEROR = "a seeded seat, later the previous emperor"  # R-WF-DEAL-1, N18


@dataclass(frozen=True)
class Deck:
    """Which cards, and how they reach the hands."""

    size: int
    emperor_card_dealt: bool
    """True: the marked BJ is dealt like any card, so its holder is the first candidate (R-EMP-L1,
    R-WH-DEAL-1, R-WF-DEAL-1); False: one BJ is set aside and a seeded seat is offered it, the
    rest split evenly (R-DEAL-1)."""
    marked_guard_card: bool = False
    """One SJ carries the guard's sword (R-GUARD-4, R-WH-DECK-2)."""
    dealer: Dealer = Dealer.SEAT_0_THEN_EMPEROR


# ----- the throne (§5, N4, N15) ------------------------------------------------------------
class Ascent(Enum):
    """How the emperor is settled."""

    OFFERED = "the candidate accepts or passes the card on"  # R-EMP-Q*, R-EMP-L*, R-WF-EMP-*
    BY_CALLING = "calling a group takes the throne"  # R-EMP-B1
    BY_HOLDING = "the holder of the emperor card is emperor; a holder of both marked cards " \
                 "may abdicate"  # R-WH-THRONE-*


class PassTo(Enum):
    """Where a passed emperor card goes (seats counted in play order)."""

    PREVIOUS = -1  # 上家, R-SEAT-1
    NEXT = 1  # R-WH option abdicate_mode = tv (W3)
    AFTER_NEXT = 2  # 隔一个的下家, R-WH-THRONE-2


class Attach(Enum):
    """What a seat passing the card on adds to the bundle."""

    NOTHING = "nothing"  # baike, lianzhong-classic, weihai
    TWO_AFTER_FIRST = "a 2 from every decliner but the first candidate"  # R-EMP-Q3, R-WF-EMP-2
    TWO_OR_HIGHEST = "a 2, else the highest natural card, from every receiver who yields"
    # R-EMP-L2 simple mode


class AfterCircle(Enum):
    """What happens when the card has gone round once."""

    SECOND_OFFER = "the first candidate decides once more, then the deal is void"  # R-EMP-Q4
    FORCED_CALL = "the first with exactly three must call, else the deal is void"  # R-EMP-B3/B4
    FORCED_UNLESS_FOUR = "the holder must accept unless he holds four of a kind; void after " \
                         "two circles"  # R-EMP-L3/L4
    FIRST_MUST_ASCEND = "the first holder must ascend"  # R-WH abdicate_mode = tv (逼位)


class Grab(Enum):
    """抢独 / 抢庄 / 明渡: taking an open solo without the throne's passing."""

    NONE = "none"
    ASKED_IN_TURN = "each seat is asked once before the first decision"  # R-EMP-Q6, R-WH-GRAB-1
    ANY_TIME_WINS = "any seat, until a call, wins at once"  # R-EMP-B5
    DECLARED = "declared out of turn, settled by the holder's next decision"  # R-EMP-L5


@dataclass(frozen=True)
class Throne:
    """How the throne passes (§5; R-WH-THRONE-*; R-WF-EMP-*)."""

    ascent: Ascent
    passes_to: PassTo = PassTo.PREVIOUS
    needs_group: bool = True
    """Accepting needs a callable group (R-EMP-Q2, R-EMP-L3, R-WF-EMP-1): a candidate without
    one passes it on by himself."""
    attach: Attach = Attach.NOTHING
    after_circle: AfterCircle = AfterCircle.SECOND_OFFER
    grab: Grab = Grab.NONE
    grab_optional: bool = True
    """The grab exists only under the ``grab_solo`` option (R-EMP-Q6, R-EMP-L5)."""
    decline_words: str = "throne.yield"
    """The i18n key of passing the card on: 放弃 where the bundle goes round, 让 where it is
    handed on."""


# ----- the guard (§6, R-WH-ROLE-*, R-WF-GUARD-*) -----------------------------------------
class GuardBy(Enum):
    """How the guard is found."""

    CALLED = "the holder of the fourth copy of a called card"  # R-GUARD-1
    CALLED_ANY = "the holder of the fourth copy; jokers and 2s may be called"  # R-GUARD-2
    CALLED_PROMOTED = "the holder of the fourth copy, promoted above BJ (GC)"  # R-WF-GUARD-1
    MARKED_CARD = "the holder of the marked small joker"  # R-GUARD-4, R-WH-ROLE-1


class OpenSolo(Enum):
    """How an emperor plays openly alone (明独)."""

    SHOW_FOUR = "call showing four identical cards"  # R-GUARD-2/3, R-WF-GUARD-2
    DECLARED = "declare 明独保 instead of calling"  # R-GUARD-3 lianzhong-classic
    DECLARED_HOLDER = "the emperor holding the guard card declares it (明保's action)"  # R-GUARD-4
    SHOWN_AT_THRONE = "the holder of both marked cards shows the guard card"  # R-WH-ROLE-2


@dataclass(frozen=True)
class Guard:
    by: GuardBy
    open_solo: OpenSolo = OpenSolo.SHOW_FOUR

    @property
    def called(self) -> bool:
        return self.by is not GuardBy.MARKED_CARD

    @property
    def jokers_callable(self) -> bool:
        """R-EMP-B1: jokers and 2s may be called, the emperor card counting as a BJ."""
        return self.by is GuardBy.CALLED_ANY


# ----- declarations (R-GUARD-5, R-TRICK-7, N3, N6, N7) -------------------------------------
class When(Enum):
    """When a declaration may be made."""

    NEVER = "never"
    BEFORE_LEAD = "out of turn, until the first lead"  # R-GUARD-5
    IN_PLAY = "out of turn, during the tricks"  # R-TRICK-7
    ASKED = "asked in a fixed order before the first lead"  # R-WH-DECL-1


@dataclass(frozen=True)
class Declarations:
    open_guard: When = When.NEVER
    """明保."""
    rebellion: When = When.NEVER
    """造反; IN_PLAY only under the ``rebellion`` option."""
    kick: bool = False
    """踢 after the 明保 state (R-WH-DECL-3)."""


# ----- tricks (§7, R-PLAY-5/6, R-WH-PLAY-*, R-WF-*) ----------------------------------------
class FirstLead(Enum):
    EMPEROR = "the emperor"  # R-TRICK-1
    DEALER = "the first drawer: the seeded seat, later the previous emperor"  # R-WF-LEAD-1


@dataclass(frozen=True)
class HeldBack:
    """A rank kept for the set that empties the hand (憋6, 憋3)."""

    rank: int
    pure: bool = False
    """That set holds the rank's cards and nothing else, jokers neither (R-WH-PLAY-2, R-WF-BIE3-1);
    otherwise jokers may join them (R-PLAY-6). The ``bie6_pure`` option makes it so too."""
    optional: bool = True
    """Only under the ``bie6`` option (R-PLAY-6); 憋3 always holds (R-WF-BIE3-1)."""


SIX = 3
THREE = 0


@dataclass(frozen=True)
class Tricks:
    trick_yield: bool = False
    """R-TRICK-5 让牌."""
    first_lead: FirstLead = FirstLead.EMPEROR
    promoted_guard_card: bool = False
    """A GC tier above BJ exists (R-WF-RANK-1, R-WF-PLAY-1)."""


# ----- scoring (§8, R-WH-SCORE-*, R-WF-SCORE-*, N2) ---------------------------------------
class EarlyEnd(Enum):
    """R-END-1: when a round's scores can no longer change."""

    OPEN_SOLO_FIRST = "only when an open solo's emperor goes out first"  # qingdao
    GRAB_OR_OPEN_SOLO = "a grab when anyone is out, an open solo when the emperor is"  # baike
    SIDE_OUT = "a side all out; an open solo when anyone is"  # lianzhong
    PLACE_SETTLED = "a side all out; an open solo when anyone is; a hidden solo once " \
                    "the emperor's place is settled"  # R-WH-END-1
    NEVER = "one player left"  # R-WF-END-1


Solo = tuple[tuple[int, int], ...]
"""A solo's scores by the emperor's place (1st..5th): (the emperor's, each rebel's)."""


def _solo(points: tuple[int, ...], rebels_share: int) -> Solo:
    return tuple((p, -p // rebels_share) for p in points)


@dataclass(frozen=True)
class Scoring:
    """A round's scores as data: place points and how a side shares them, the solo tables, and
    what doubles."""

    points: tuple[int, int, int, int, int]
    thirds: bool
    """True: the emperor gets 2/3 of his side's total, the guard 1/3, each rebel 1/3 of the
    rebels' (R-SCORE-B1, L1, R-WH-SCORE-1); False: each member gets his side's total (Q1)."""
    hidden_solo: Solo
    open_solo: Solo
    grab: Solo | None = None
    """A won grab's own table (R-SCORE-B4); None: a grab is scored as an open solo."""
    open_guard_doubles: bool = False
    """明保 — and a successful 造反 — double the round once (R-SCORE-B1, L1, R-WH-MULT-1)."""
    open_solo_multiplied: bool = True
    """The round's multiplier reaches the open-solo table too (False: R-SCORE-L2's "never
    doubled again", R-WH-MULT-1's "nothing beyond its own table")."""
    ends: EarlyEnd = EarlyEnd.OPEN_SOLO_FIRST


QINGDAO_POINTS = (4, 2, 0, -2, -4)  # R-SCORE-Q1
BAIKE_POINTS = (6, 3, 0, -3, -6)  # R-SCORE-B1; 3 × (3 − place): R-SCORE-L1 too

QINGDAO_SCORING = Scoring(  # R-SCORE-Q1; R-WF-SCORE-1 adds its doublings
    points=QINGDAO_POINTS, thirds=False,
    hidden_solo=_solo(QINGDAO_POINTS, 1), open_solo=_solo(tuple(2 * p for p in QINGDAO_POINTS), 1),
)
BAIKE_SCORING = Scoring(  # R-SCORE-B1/B2/B4
    points=BAIKE_POINTS, thirds=True,
    hidden_solo=_solo((16, 4, 0, -4, -16), 4), open_solo=_solo((32, 8, 0, -8, -32), 4),
    grab=((40, -10),) + ((-40, 10),) * 4, open_guard_doubles=True,
    ends=EarlyEnd.GRAB_OR_OPEN_SOLO,
)
LIANZHONG_SCORING = Scoring(  # R-SCORE-L1/L2
    points=BAIKE_POINTS, thirds=True,
    hidden_solo=((12, -3), (0, 0)) + ((-12, 3),) * 3,
    open_solo=((24, -6),) + ((-24, 6),) * 4,
    open_guard_doubles=True, open_solo_multiplied=False, ends=EarlyEnd.SIDE_OUT,
)


# ----- tribute (§9, R-WF-TRIB-*, N17) ------------------------------------------------------
class TributeFlow(Enum):
    NONE = "none"
    HIGHEST_CARDS = "the losers' highest cards"  # R-TRIB-1..5
    STUCK_THEN_TWOS = "闷供 to whoever stuck you, then 落供 in 2s"  # R-WF-TRIB-1..6


@dataclass(frozen=True)
class Tribute:
    flow: TributeFlow
    doubled_by_open_guard: bool = False
    """明保 doubles every count (R-WF-TRIB-5); an open solo always does (R-TRIB-4)."""
    buy_three: bool = False
    """买3 before anything else (R-WF-BUY3-*)."""

