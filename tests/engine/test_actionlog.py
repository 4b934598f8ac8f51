"""A match's action log (`bhtui/actionlog.py`): all of it, or at a table only the latest,
read by their place in the match either way (issue 27.6)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bhtui.actionlog import ActionLog


@given(st.integers(1, 20), st.integers(0, 120), st.data())
def test_a_log_keeping_the_last_n_reads_as_the_whole_list_where_it_keeps(n, count, data):
    """R-SEED-1's list of actions, bounded: between n and 2n kept, every one counted, the
    kept read as the full list reads them, an older one an IndexError that says where it
    is (the game log)."""
    full = [(i % 5, {"type": "pass", "i": i}) for i in range(count)]
    log = ActionLog()
    log.keep_last(n)
    for seat, action in full:
        log.append(seat, action)
    assert len(log) == count
    assert list(log) == full[log.dropped:]
    assert min(count, n) <= len(list(log)) <= 2 * n
    if count:
        i = data.draw(st.integers(-count, count - 1))
        if i % count >= log.dropped:
            assert log[i] == full[i]
        else:
            with pytest.raises(IndexError, match="game log"):
                log[i]
    a, b = (data.draw(st.integers(-count - 2, count + 2)) for _ in range(2))
    step = data.draw(st.sampled_from([1, 2, -1]))
    wanted = range(count)[a:b:step]
    if not wanted or min(wanted) >= log.dropped:
        assert log[a:b:step] == full[a:b:step]
    else:
        with pytest.raises(IndexError, match="game log"):
            log[a:b:step]


def test_a_log_keeps_every_action_unless_told():
    log = ActionLog()
    for i in range(5000):
        log.append(i % 5, {"type": "pass"})
    assert log.dropped == 0 and len(list(log)) == len(log) == 5000
