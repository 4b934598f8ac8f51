"""Hypothesis strategies over whole matches of every preset and option, and the driver that
plays them with drawn choices (declarations out of turn included)."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from bhtui.rules import PRESETS, Match
from bhtui.rules.presets import option_values


def _other(base, option):
    """The option's values other than the preset's own."""
    return [v for v in option_values(option) if v != getattr(base, option)]


# Every preset bare, with each option's every other value alone, and with all its options
# switched at once.
RULES = [
    rules
    for base in PRESETS.values()
    for rules in [base, *(base.with_options(**{o: v}) for o in base.allowed for v in _other(base, o)),
                  base.with_options(**{o: _other(base, o)[0] for o in base.allowed})]
]

matches = st.builds(
    lambda rules, seed: Match(rules, seed, rounds=2),
    st.sampled_from(RULES), st.integers(0, 10**6),
)


def examples(n: int) -> settings:
    """``n`` examples in the suite's "ci" profile, scaled with the loaded one (tests/conftest.py):
    each property says how many of its examples exercise it, the profile how hard to look."""
    return settings(max_examples=max(1, n * settings.default.max_examples // 100))


FAST = examples(40)


def chooser(data: st.DataObject) -> random.Random:
    """Hypothesis's own Random for the hundreds of small choices of a played match: each call
    (``choice``, ``randrange``) is one integer hypothesis draws and shrinks, as ``data.draw``'s
    are, at a seventh of the cost: ``data.draw`` pays some 60 µs of bookkeeping per call (the
    global random state compared before and after, a note kept), more than the engine's step."""
    return data.draw(st.randoms(use_true_random=False), label="choices")


def steps(m: Match, data: st.DataObject, limit: int = 400):
    """Drive the match with choices hypothesis draws, now and then a declaration out of turn
    (抢庄, 抢独, 明保, 造反); yields the acting seat, its role before and the events of every
    action."""
    rng = chooser(data)
    rules = m.rules
    for _ in range(limit):
        if m.over:
            return
        table = table_action(m, rng) if rules.strict_auto or rules.quit_penalty else None
        if table is not None:  # 托管 switched (R-AUTO-2), a quit (R-AUTO-3)
            seat, action = table
            yield seat, m.round.role_of(seat), m.apply(seat, action)
            continue
        seat = m.to_act
        declaring = [s for s in range(5) if s != seat and m.interjections(s)]
        if declaring and rng.randrange(10) == 0:
            seat = rng.choice(declaring)
        legal = m.legal_actions(seat)
        role = m.round.role_of(seat)
        yield seat, role, m.apply(seat, rng.choice(legal))


def table_action(m: Match, rng: random.Random):
    """Now and then what the table applies for a seat: 托管 switched on or off (R-AUTO-2)
    where it may be, a quit (R-AUTO-3)."""
    seat = rng.randrange(5)
    if m.rules.strict_auto and rng.randrange(10) == 0 and not m.auto.stays(seat):
        return seat, {"type": "auto", "on": not m.auto.on[seat]}
    if m.rules.quit_penalty and rng.randrange(80) == 0:
        return seat, {"type": "quit", "why": rng.choice(["left", "removed"])}
    return None
