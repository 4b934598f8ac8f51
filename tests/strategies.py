"""Hypothesis strategies over whole matches of every preset and option, and the driver that
plays them with drawn choices (declarations out of turn included)."""

from __future__ import annotations

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


def steps(m: Match, data: st.DataObject, limit: int = 400):
    """Drive the match with choices hypothesis draws, now and then a declaration out of turn
    (抢庄, 抢独, 明保, 造反); yields the acting seat, its role before and the events of every
    action."""
    for _ in range(limit):
        if m.over:
            return
        seat = m.to_act
        declaring = [s for s in range(5) if s != seat and m.interjections(s)]
        if declaring and data.draw(st.integers(0, 9), label="declare") == 0:
            seat = data.draw(st.sampled_from(declaring), label="declarer")
        legal = m.legal_actions(seat)
        role = m.round.role_of(seat)
        yield seat, role, m.apply(seat, legal[data.draw(st.integers(0, len(legal) - 1),
                                                        label="choice")])
