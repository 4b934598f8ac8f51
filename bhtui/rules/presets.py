"""Rule presets (§12, and docs/baohuang-towns.md §6): the one place preset names live.

A preset is a choice of mechanisms (``mechanisms.py``: the deck, how the throne passes, how the
guard is found, which declarations exist, how tricks go, how a round is scored, how tribute
flows) plus the options a table may switch. The engine and the screens ask these policies what
to do; they never compare a preset's name (a test greps for it). Options are plain values (true
or false, or one of a few words or numbers) so they cross the wire as a dict and rebuild the
same RuleSet on the other side.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

from bhtui.rules.mechanisms import (
    BAIKE_SCORING,
    LIANZHONG_SCORING,
    QINGDAO_SCORING,
    SIX,
    THREE,
    AfterCircle,
    Ascent,
    Attach,
    Dealer,
    Deck,
    Declarations,
    EarlyEnd,
    FirstLead,
    Grab,
    Guard,
    GuardBy,
    HeldBack,
    OpenSolo,
    PassTo,
    Scoring,
    Throne,
    Tribute,
    TributeFlow,
    Tricks,
    When,
)

RULES_VERSION = 2
"""Which edition of the rules the engine plays. Raise it whenever the same preset, seed and
actions would play a different game, so logs of the old edition are refused rather than
replayed into another game. 1: the emperor card went to the next seat in qingdao and baike,
classic lianzhong had no 明独保 without four of a kind, the guard could 造反 and the doubling
needed a rebel win (and could stack with 明保). 2: docs/rules.md as revised for issue 10.
(New presets need no new edition: no log of theirs is older than they are.)"""

OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "abdicate_mode": ("w1", "tv"),
    "bombs": ("off", "rank4plus"),
    "two_kill": ("full", "singles", "off"),
    "two_kill_gc": (4, 5),
    "yield_fallback": ("nothing", "lowest_joker", "highest"),
    "quit_penalty": (0, 5, 10, 20, 50),
}
"""The options that take one of a few values; every other option is true or false."""

NUMBER_OPTIONS: dict[str, range] = {"quit_penalty": range(0, 1000)}
"""The options that take any whole number in a range (the values above are the settings
screen's steps): R-AUTO-3's figure is garbled in the source, so it is the host's."""


@dataclass(frozen=True)
class RuleSet:
    """One table's rules: the preset's mechanisms, then the switchable options."""

    name: str
    deck: Deck
    throne: Throne
    guard: Guard
    scoring: Scoring
    declare: Declarations = Declarations()
    tricks: Tricks = Tricks()
    tributes: Tribute = Tribute(TributeFlow.NONE)
    held_back: HeldBack | None = None
    """憋6 / 憋3 (R-PLAY-6, R-WH-PLAY-2, R-WF-BIE3-1); an optional one needs ``bie6``."""
    thrones: tuple[tuple[str, Throne], ...] = ()
    """The throne each ``abdicate_mode`` plays (R-WH §1.10)."""
    allowed: tuple[str, ...] = ()
    """The options this preset knows; only these may be switched."""
    # ----- options (the preset's own value unless a table switches one it allows) -----
    force_first: bool = False
    """R-EMP-Q4 逼位: on his second decision the first candidate must accept if he can."""
    grab_solo: bool = False
    """R-EMP-Q6 / R-EMP-L5 抢独: a seat may grab an open solo before the emperor is settled."""
    kao: bool = False
    """R-PLAY-5 烤牌: jokers may be roasted by answers of another size."""
    bie6: bool = False
    """R-PLAY-6 憋6: 6s only in the set that empties the hand, all of them at once."""
    bie6_pure: bool = False
    """R-WH-PLAY-2: and that set holds nothing but the 6s."""
    rebellion: bool = False
    """R-TRICK-7 造反."""
    abdicate_mode: str = "w1"
    """R-WH-THRONE-1 (w1) or §1.10's W3 ring (tv)."""
    abdicate_chain: bool = False
    """R-WH-THRONE-4: the receiver of an abdication may refuse; the card moves on."""
    rekick: bool = False
    """R-WH-DECL-3: a kick may be answered by one re-kick (反踢)."""
    stuck: bool = False
    """R-WH-STUCK-1 逼死 / R-WF-STUCK-1 闷: a hand of held-back cards facing another's set leaves
    play at the bottom."""
    stuck_penalty: bool = False
    """R-WH-STUCK-1: a stuck player pays the player who stuck him."""
    tribute: bool = False
    """R-WH-TRIB-1: §9's tribute where the preset has none."""
    emperor_leads: bool = False
    """R-WF-LEAD-1: the emperor leads the first trick, not the first drawer."""
    bombs: str = "off"
    """R-WF-BOMB-1: four or more natural cards of a rank beat any other set."""
    bomb_multiplier: bool = False
    """R-YY-BOMB-1: each bomb played doubles the round's score."""
    two_kill: str = "off"
    """R-WF-PLAY-2: three 2s kill a BJ, four a GC (``singles``: only a lone joker)."""
    two_kill_gc: int = 4
    """How many 2s kill a GC (Shouguang: five)."""
    yield_fallback: str = "nothing"
    """R-WF-EMP-2: what a yielder without a 2 adds (F4: his lowest joker; lianzhong: his
    highest natural card)."""
    joker_sets: bool = True
    """R-PLAY-1: a set of jokers alone is a set (false: jokers only beside natural cards, but
    for a hand of jokers alone, which plays them all as its last set)."""
    strict_auto: bool = False
    """R-AUTO-2: 托管 is seed 002's — its auto-player plays by rule, a seat put on it more than
    three times a round stays on it, and a round ending with seats on it is not scored or
    ends the match."""
    quit_penalty: int = 0
    """R-AUTO-3: a person who quits a running round, or is removed from it, loses this many
    points at once (0: off)."""

    # ----- what the options make of the mechanisms ------------------------------------
    grab: Grab = field(init=False, repr=False, compare=False)
    """The grab this table plays (R-EMP-Q6, R-EMP-B5, R-EMP-L5, R-WH-GRAB-1)."""
    holds_back: HeldBack | None = field(init=False, repr=False, compare=False)
    """The held-back rank this table plays, pure or not."""
    tribute_flow: TributeFlow = field(init=False, repr=False, compare=False)
    rebellion_when: When = field(init=False, repr=False, compare=False)
    first_lead: FirstLead = field(init=False, repr=False, compare=False)
    declarations: bool = field(init=False, repr=False, compare=False)
    """Whether any seat may ever act out of turn (抢庄, 抢独, 明保, 造反)."""
    plain_answers: bool = field(init=False, repr=False, compare=False)
    """An answer is a set of the same size, nothing else (no 烤牌, kills or bombs)."""
    trick_yield: bool = field(init=False, repr=False, compare=False)
    """R-TRICK-5 让牌: a follower may yield in the first circle (asked every answer)."""
    promoted_guard: bool = field(init=False, repr=False, compare=False)
    """R-WF-GUARD-1: the called card's fourth copy is promoted (GC) and reveals its holder
    (asked at every play while the guard is hidden)."""
    stuck_rank: int | None = field(init=False, repr=False, compare=False)
    """R-WF-STUCK-1 闷 / R-WH-STUCK-1 逼死: the held-back rank that leaves a seat holding
    nothing else stuck (None: nobody is ever stuck; asked for every next seat to answer)."""
    rebels_in_play: bool = field(init=False, repr=False, compare=False)
    """R-TRICK-7: 造反 is declared out of turn during play (asked at every answer; an
    enum's member costs a lookup each time)."""

    def __post_init__(self) -> None:
        """Work out once what the options make of the mechanisms (the engine asks often)."""
        def derive(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        optional = self.throne.grab_optional and not self.grab_solo
        derive("grab", Grab.NONE if optional else self.throne.grab)
        held = self.held_back
        if held is not None and held.optional and not self.bie6:
            held = None
        derive("holds_back", held and dataclasses.replace(held, pure=held.pure or self.bie6_pure))
        flow = self.tributes.flow
        derive("tribute_flow", TributeFlow.HIGHEST_CARDS
               if flow is TributeFlow.NONE and self.tribute else flow)
        when = self.declare.rebellion
        derive("rebellion_when", When.NEVER if when is When.IN_PLAY and not self.rebellion
               else when)
        derive("promoted_guard", self.guard.by is GuardBy.CALLED_PROMOTED)
        derive("rebels_in_play", self.rebellion_when is When.IN_PLAY)
        derive("first_lead", FirstLead.EMPEROR if self.emperor_leads else self.tricks.first_lead)
        derive("trick_yield", self.tricks.trick_yield)
        derive("stuck_rank", self.holds_back.rank if self.stuck and self.holds_back else None)
        derive("plain_answers", not self.kao and self.two_kill == "off" and self.bombs == "off")
        derive("declarations", self.grab in (Grab.ANY_TIME_WINS, Grab.DECLARED)
               or self.declare.open_guard is When.BEFORE_LEAD
               or self.rebels_in_play)

    @property
    def deck_size(self) -> int:
        return self.deck.size

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """Pickled (a replay's checkpoints, a deep copy) as its preset and options when that
        is all it is: a twentieth of the bytes and of the time of its forty fields and five
        mechanisms, and unpickled to the one instance :func:`rules_of` keeps."""
        key = (self.name, tuple(sorted(self.options().items())))
        if self.name in PRESETS and _rules(*key) == self:
            return _rules, key
        return super().__reduce_ex__(protocol)


    # ----- options ----------------------------------------------------------------------
    def options(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.allowed}

    def with_options(self, **options: object) -> RuleSet:
        """A copy with options changed; ValueError lists the valid names or values."""
        for name, value in options.items():
            if name not in self.allowed:
                valid = ", ".join(self.allowed) or "none"
                raise ValueError(f"unknown option {name!r} for {self.name}; valid: {valid}")
            values = option_values(name)
            if name in NUMBER_OPTIONS and type(value) is int:
                span = NUMBER_OPTIONS[name]
                if value not in span:
                    raise ValueError(f"option {name} takes a whole number {span.start}.."
                                     f"{span.stop - 1}, not {value!r}")
            elif not any(value == v and type(value) is type(v) for v in values):
                shown = " or ".join(str(v).lower() for v in values)
                raise ValueError(f"option {name} takes {shown}, not {value!r}")
        changed = dataclasses.replace(self, **options)  # type: ignore[arg-type]
        if "abdicate_mode" in options:
            changed = dataclasses.replace(
                changed, throne=dict(self.thrones)[changed.abdicate_mode])
        return changed


def option_values(name: str) -> tuple[object, ...]:
    """The values an option may take, in the order a settings screen cycles them."""
    return OPTION_VALUES.get(name, (False, True))


# ----- the table of presets ---------------------------------------------------------------
_QINGDAO_THRONE = Throne(
    Ascent.OFFERED, attach=Attach.TWO_AFTER_FIRST, grab=Grab.ASKED_IN_TURN,
    decline_words="throne.decline",
)
_LIANZHONG_THRONE = Throne(
    Ascent.OFFERED, after_circle=AfterCircle.FORCED_UNLESS_FOUR, grab=Grab.DECLARED,
)
_WEIHAI_THRONE = Throne(  # R-WH-GRAB-1, R-WH-THRONE-1..6
    Ascent.BY_HOLDING, passes_to=PassTo.AFTER_NEXT, needs_group=False,
    grab=Grab.ASKED_IN_TURN, grab_optional=False, decline_words="throne.refuse",
)
_WEIHAI_TV_THRONE = Throne(  # R-WH §1.10 (W3): ascend or pass to the next seat
    Ascent.OFFERED, passes_to=PassTo.NEXT, needs_group=False,
    after_circle=AfterCircle.FIRST_MUST_ASCEND, grab=Grab.ASKED_IN_TURN, grab_optional=False,
)
_LIANZHONG = RuleSet(
    name="lianzhong-classic",
    deck=Deck(168, emperor_card_dealt=True),
    throne=_LIANZHONG_THRONE,
    guard=Guard(GuardBy.CALLED, OpenSolo.DECLARED),
    scoring=LIANZHONG_SCORING,
    declare=Declarations(open_guard=When.BEFORE_LEAD, rebellion=When.IN_PLAY),
    held_back=HeldBack(SIX),
    allowed=("kao", "bie6", "grab_solo", "strict_auto", "quit_penalty"),
)

PRESETS: dict[str, RuleSet] = {
    "qingdao": RuleSet(
        name="qingdao",
        deck=Deck(216, emperor_card_dealt=False),
        throne=_QINGDAO_THRONE,
        guard=Guard(GuardBy.CALLED),
        scoring=QINGDAO_SCORING,
        tributes=Tribute(TributeFlow.HIGHEST_CARDS),
        allowed=("force_first", "grab_solo", "joker_sets", "quit_penalty"),
    ),
    "baike": RuleSet(
        name="baike",
        deck=Deck(216, emperor_card_dealt=False),
        throne=Throne(Ascent.BY_CALLING, needs_group=False, after_circle=AfterCircle.FORCED_CALL,
                      grab=Grab.ANY_TIME_WINS, grab_optional=False),
        guard=Guard(GuardBy.CALLED_ANY),
        scoring=BAIKE_SCORING,
        declare=Declarations(open_guard=When.BEFORE_LEAD),
        tricks=Tricks(trick_yield=True),
        allowed=("joker_sets", "quit_penalty"),
    ),
    "lianzhong-classic": _LIANZHONG,
    "lianzhong-simple": dataclasses.replace(
        _LIANZHONG, name="lianzhong-simple",
        deck=Deck(168, emperor_card_dealt=True, marked_guard_card=True),
        throne=dataclasses.replace(_LIANZHONG_THRONE, needs_group=False,
                                   attach=Attach.TWO_OR_HIGHEST),
        guard=Guard(GuardBy.MARKED_CARD, OpenSolo.DECLARED_HOLDER),
        allowed=("kao", "bie6", "grab_solo", "rebellion", "strict_auto", "quit_penalty"),
    ),
    "weihai": RuleSet(  # docs/baohuang-towns.md §1
        name="weihai",
        deck=Deck(165, emperor_card_dealt=True, marked_guard_card=True, dealer=Dealer.SEEDED),
        throne=_WEIHAI_THRONE,
        thrones=(("w1", _WEIHAI_THRONE), ("tv", _WEIHAI_TV_THRONE)),
        guard=Guard(GuardBy.MARKED_CARD, OpenSolo.SHOWN_AT_THRONE),
        scoring=dataclasses.replace(LIANZHONG_SCORING, ends=EarlyEnd.PLACE_SETTLED),
        declare=Declarations(open_guard=When.ASKED, rebellion=When.ASKED, kick=True),
        held_back=HeldBack(SIX),
        bie6=True, bie6_pure=True,
        allowed=("abdicate_mode", "abdicate_chain", "rekick", "bie6", "bie6_pure", "stuck",
                 "stuck_penalty", "tribute", "quit_penalty"),
    ),
    "weifang": RuleSet(  # docs/baohuang-towns.md §2
        name="weifang",
        deck=Deck(205, emperor_card_dealt=True, dealer=Dealer.SEEDED_THEN_EMPEROR),
        throne=Throne(Ascent.OFFERED, attach=Attach.TWO_AFTER_FIRST),
        guard=Guard(GuardBy.CALLED_PROMOTED),
        scoring=dataclasses.replace(QINGDAO_SCORING, open_guard_doubles=True,
                                    ends=EarlyEnd.NEVER),
        declare=Declarations(open_guard=When.BEFORE_LEAD),
        tricks=Tricks(first_lead=FirstLead.DEALER, promoted_guard_card=True),
        tributes=Tribute(TributeFlow.STUCK_THEN_TWOS, doubled_by_open_guard=True, buy_three=True),
        held_back=HeldBack(THREE, pure=True, optional=False),
        force_first=True, stuck=True, two_kill="full",
        allowed=("emperor_leads", "bombs", "bomb_multiplier", "two_kill", "two_kill_gc",
                 "yield_fallback", "quit_penalty"),
    ),
}


QINGDAO = PRESETS["qingdao"]
"""The default rule set (R-DEAL-1's town)."""


def get_preset(preset: str) -> RuleSet:
    """A RuleSet by name (ValueError lists the known ones): where a name becomes rules (a
    bot's script, a test); the table resolves a game's names once through ``bhtui.games``,
    and the engine inside takes only a RuleSet."""
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(
            f"unknown preset {preset!r}; known: {', '.join(PRESETS)}"
        ) from None


def rules_of(view_or_room: Mapping[str, object]) -> RuleSet:
    """The RuleSet a view, room or log header names (preset + options)."""
    options = view_or_room.get("options") or {}
    assert isinstance(options, dict)
    name = view_or_room["preset"]
    assert isinstance(name, str)
    return _rules(name, tuple(sorted(options.items())))


@functools.lru_cache(maxsize=64)
def _rules(name: str, options: tuple[tuple[str, object], ...]) -> RuleSet:
    """Views arrive many times a second with the same few rule sets: build each once."""
    return get_preset(name).with_options(**dict(options))
