"""The door's rule (`net/gate.py`), on a clock of the test's own: who is pushed out, or
turned away, when a newcomer finds the door full (issue 27.2)."""

from __future__ import annotations

from bhtui.net.gate import Gate, InputBudget, SessionCap


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_holders_coming_back_never_push_out_a_visitor_in_his_first_moments():
    """Four idle connections sit at the door; each one pushed out comes straight back and
    logs in. A visitor pushes out one of them and is not pushed out while he logs in and
    opens his session: the last holder to come back is turned away instead, and so are its
    next tries, until the ones at the door have settled."""
    clock = Clock()
    gate: Gate[str] = Gate(4, 4, fresh=5.0, clock=clock)
    for holder in ("h0", "h1", "h2", "h3"):
        assert gate.enter(holder, "10.0.0.9") == []
        gate.idle(holder)
    clock.now += 60
    closing = gate.enter("visitor", "10.0.0.9")
    assert closing == ["h0"]
    comebacks = []
    for turn in range(10):
        clock.now += 0.05
        if turn == 2:
            gate.idle("visitor")  # logged in; his session request is on its way
        comeback = f"{closing[-1]}'"
        closing = gate.enter(comeback, "10.0.0.9")
        gate.idle(comeback)
        comebacks.append(closing)
        assert "visitor" in gate
    assert comebacks[:3] == [["h1"], ["h2"], ["h3"]]
    assert comebacks[3:] == [["h3" + "'" * n] for n in range(1, 8)]  # turned away, again
    gate.leave("visitor")  # his session opened
    assert gate.enter("h3-at-last", "10.0.0.9") == []


def test_a_newcomer_pushes_out_the_oldest_settled_idle_connection_first():
    """Among connections past their first moments, idle ones go before those still in their
    handshake, and the oldest first."""
    clock = Clock()
    gate: Gate[str] = Gate(3, 3, fresh=5.0, clock=clock)
    gate.enter("handshaking", "a")
    gate.enter("idle-old", "a")
    gate.enter("idle-young", "a")
    gate.idle("idle-old")
    gate.idle("idle-young")
    clock.now += 10
    assert gate.enter("new", "a") == ["idle-old"]
    assert gate.enter("newer", "a") == ["idle-young"]
    assert gate.enter("newest", "a") == ["handshaking"]


def test_a_full_address_pays_with_its_own_connections_never_anothers():
    """An address at its share pushes out its own oldest settled connection, or is turned
    away while all of its own are fresh, though older ones of other addresses could go."""
    clock = Clock()
    gate: Gate[str] = Gate(5, 2, fresh=5.0, clock=clock)
    gate.enter("b1", "b")
    clock.now += 10
    gate.enter("a1", "a")
    gate.enter("a2", "a")
    assert gate.enter("a3", "a") == ["a3"]
    clock.now += 10
    assert gate.enter("a4", "a") == ["a1"]
    assert len(gate) == 3 and all(conn in gate for conn in ("b1", "a2", "a4"))


def test_many_addresses_holding_the_door_leave_a_newcomer_a_place():
    """Silent connections from nine addresses, each put back as it was pushed out, filled a
    door of 64 with connections all in their first moments, and every newcomer was told
    "busy" — a seated player coming back too (a hostile pass on loopback). A newcomer now
    pushes out the newest of the address holding the most, when it holds two more than the
    newcomer's own; the holders churning among themselves never push him out in turn."""
    clock = Clock()
    gate: Gate[str] = Gate(64, 8, fresh=5.0, clock=clock)
    for n in range(64):
        assert gate.enter(f"h{n}", f"10.0.0.{n // 8}") == []
    assert gate.enter("player", "10.0.1.1") == ["h7"]  # the newest of an address of eight
    for turn in range(20):  # each holder pushed out comes straight back, from its address
        clock.now += 0.05
        comeback = f"c{turn}"
        gate.enter(comeback, f"10.0.0.{turn % 8}")
        assert "player" in gate
    assert gate.enter("same", "10.0.0.1") != []  # a full address still pays its own way


def test_an_input_budget_passes_a_burst_then_its_rate_and_drops_a_chunk_whole():
    """A visitor's keys reach his app up to the burst at once, then at the rate; a chunk
    beyond what is left is dropped whole (never cut, nor kept for later), and an idle
    visitor's budget fills up to the burst, no further."""
    clock = Clock()
    budget = InputBudget(burst=100, rate=10.0, clock=clock)
    assert budget.take(60) and budget.take(40)
    assert not budget.take(1)
    clock.now += 2.0  # 20 bytes' worth
    assert not budget.take(21)  # dropped whole: the 20 are still there
    assert budget.take(20) and not budget.take(1)
    clock.now += 3600.0
    assert not budget.take(101) and budget.take(100)


def test_an_address_pushed_out_for_anothers_pushes_no_one_out_for_a_while():
    """Two addresses more than the door has places, each coming back as it was pushed out,
    pushed out one another as each place turned stale: every place was fresh again at once
    and a newcomer was turned away (48 addresses at an SSH door of 40, a hostile pass). An
    address pushed out for another's is now turned away from a full door for ``rest``
    seconds, though older ones could go: the places turn stale and the newcomer takes one."""
    clock = Clock()
    gate: Gate[str] = Gate(4, 4, fresh=5.0, rest=30.0, clock=clock)
    for n in range(4):
        assert gate.enter(f"h{n}", f"10.0.0.{n}") == []
    clock.now += 5
    assert gate.enter("o4", "10.0.0.4") == ["h0"]
    assert gate.enter("o5", "10.0.0.5") == ["h1"]
    assert gate.enter("h0'", "10.0.0.0") == ["h0'"]  # resting: h2 and h3 stay
    assert gate.enter("h1'", "10.0.0.1") == ["h1'"]
    assert gate.enter("visitor", "10.0.1.1") == ["h2"]
    clock.now += 30
    assert gate.enter("h0''", "10.0.0.0") == ["h3"]  # rested


def test_a_resting_address_still_takes_a_place_from_one_holding_many():
    """A hostile pass: a flood holding the door from a few addresses, many connections each,
    pushed out a visitor's idle keep-alive connection; his address then rested, and his next
    request was turned away for up to 30 s while strangers got in. Resting stops an address
    pushing out the oldest, not taking a place from an address holding two more than it."""
    clock = Clock()
    gate: Gate[str] = Gate(4, 4, fresh=5.0, rest=30.0, clock=clock)
    assert gate.enter("kept", "10.0.0.9") == []  # the visitor's keep-alive connection
    for n in range(3):
        assert gate.enter(f"f{n}", "10.0.0.1") == []
    clock.now += 5
    assert gate.enter("g0", "10.0.0.2") == ["kept"]  # pushed out: 10.0.0.9 rests
    assert gate.enter("reload", "10.0.0.9") == ["f2"]  # the flood's newest goes for it
    assert gate.enter("g1", "10.0.0.2") == ["f0"]  # (not resting: the oldest stale one)


def test_one_ipv6_64_is_one_address_at_the_gate_and_for_sessions():
    """Whoever has an IPv6 address commonly has its whole /64 to connect from: counted one by
    one, one host looked like as many visitors as it liked and walked past every per-address
    cap. A /64 is now one address at the gate and for the session caps; a dual-stack door's
    IPv4 visitors (IPv4-mapped) are each their own, and another /64 still gets in."""
    clock = Clock()
    gate: Gate[str] = Gate(8, 2, fresh=5.0, clock=clock)
    assert gate.enter("c1", "2001:db8:1:2::1") == []
    assert gate.enter("c2", "2001:db8:1:2:aaaa:bbbb:cccc:dddd") == []
    assert gate.enter("c3", "2001:db8:1:2::3") == ["c3"]  # the same /64, full and fresh
    assert gate.enter("other", "2001:db8:1:3::1") == []  # the next /64
    assert gate.enter("v4a", "::ffff:192.0.2.7") == []
    assert gate.enter("v4b", "::ffff:192.0.2.8") == []
    assert gate.enter("v4a2", "192.0.2.7") == []
    assert gate.enter("v4a3", "::ffff:192.0.2.7") == ["v4a3"]  # 192.0.2.7's third
    cap = SessionCap(10, 2, "end one of your sessions")
    for address in ("2001:db8:5::1", "2001:db8:5::2"):
        assert cap.refusal(address) is None
        cap.take(address)
    assert "for your address" in (cap.refusal("2001:db8:5:0:1::9") or "")
    assert cap.refusal("2001:db8:6::1") is None and cap.refusal("192.0.2.7") is None
    cap.give_back("2001:db8:5::1")
    assert cap.refusal("2001:db8:5::77") is None


def test_a_door_of_one_session_says_one_session_not_one_sessions():
    """A door the descriptor limit held to one session refused "(1 sessions)"."""
    cap = SessionCap(1, 1, "close one of your tabs")
    cap.take("192.0.2.7")
    assert cap.refusal("192.0.2.8") == "the server is full (1 session); try again later."
    assert cap.refusal("192.0.2.7") == "the server is full (1 session); try again later."
    many = SessionCap(5, 1, "close one of your tabs")
    many.take("192.0.2.7")
    assert many.refusal("192.0.2.7") == ("the server is full for your address (1 session from "
                                         "it); close one of your tabs or try again later.")
