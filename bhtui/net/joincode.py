"""Join codes: proved by SPAKE2, guessed at a bounded rate per table.

A password-authenticated key exchange means a captured handshake is worth nothing offline:
each side derives a key from the code and the other's message, and only the key confirmations
cross the wire. The confirmations are bound to the TLS certificate each side sees (the
``channel``, :mod:`bhtui.net.secure`): a connection relayed through another certificate
fails the code, so whoever sits between the two ends learns nothing of what the table says
to a player who came in by its code. An attacker learns one yes/no per connection, so
guesses are what is limited —
per table (a bucket that refills), because addresses are cheap to change and many honest
players share one (NAT, the SSH menu). Within it, one address may spend only half the table's
guesses: a lone guesser who spent every refill kept every newcomer out for as long as he
guessed (a hostile pass), and now leaves the other half to them. A player who already holds a
seat token never needs the code again, so no guesser ever shuts out the seated. Both sides
live here so the client never imports the host.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable

GUESS_BURST = 10  # wrong codes a table accepts at once …
GUESS_REFILL = 6.0  # … then one more every this many seconds (ten a minute)
ADDRESS_BURST = 5  # and of those, from one address at once …
ADDRESS_REFILL = 12.0  # … then one more every this many seconds (five a minute)
SIDES = (b"bhtui-client", b"bhtui-host")


class WrongCode(Exception):
    """The other side does not know the same code (or sent something that is not SPAKE2)."""


def _confirm(key: bytes, side: bytes, channel: bytes) -> bytes:
    return hmac.new(key, b"confirm:" + side + b":" + channel, hashlib.sha256).digest()


def _code(code: str) -> bytes:
    return code.strip().encode()


def seat_proof(token: str, channel: bytes) -> str:
    """What a hello carries for a seat token: the token's HMAC over the certificate this
    side sees. The host checks it against its own, so a token never crosses the wire, and a
    connection relayed through another certificate cannot be seated with it."""
    return hmac.new(token.encode(), b"seat:" + channel, hashlib.sha256).hexdigest()


class CodeProver:
    """The client's side: ``message`` goes in the hello; ``answer`` checks the host's reply
    and gives the confirmation to send back."""

    def __init__(self, code: str, channel: bytes) -> None:
        from spake2 import SPAKE2_A  # 12 MiB of tables: loaded only when a code is used

        self._channel = channel
        self._spake = SPAKE2_A(_code(code), idA=SIDES[0], idB=SIDES[1])
        self.message = self._spake.start()

    def answer(self, host_message: bytes, host_confirm: bytes) -> bytes:
        try:
            key = self._spake.finish(host_message)
        except Exception:  # the library raises several types for a bad point; all mean this
            raise WrongCode("the host's join-code reply is not valid") from None
        if not hmac.compare_digest(host_confirm, _confirm(key, SIDES[1], self._channel)):
            raise WrongCode("wrong join code")
        return _confirm(key, SIDES[0], self._channel)


class Attempt:
    """One guess in progress on the host: its reply, and the confirmation it expects."""

    def __init__(self, code: str, client_message: bytes, channel: bytes) -> None:
        from spake2 import SPAKE2_B

        spake = SPAKE2_B(_code(code), idA=SIDES[0], idB=SIDES[1])
        self.message = spake.start()
        try:
            key = spake.finish(client_message)
        except Exception:
            raise WrongCode("the join-code message is not valid") from None
        self.confirm = _confirm(key, SIDES[1], channel)
        self._expected = _confirm(key, SIDES[0], channel)
        self.buckets: list[Bucket] = []  # what it was spent from (a right code gives it back)

    def proves(self, client_confirm: bytes) -> bool:
        return hmac.compare_digest(client_confirm, self._expected)


class Bucket:
    """Guesses: ``burst`` at once, then one more every ``refill`` seconds."""

    def __init__(self, burst: int, refill: float, clock: Callable[[], float]) -> None:
        self.burst, self.refill, self._clock = burst, refill, clock
        self.guesses, self._when = float(burst), clock()

    def wait(self) -> float:
        """Seconds until a guess is allowed (0: now)."""
        now = self._clock()
        self.guesses = min(self.burst, self.guesses + (now - self._when) / self.refill)
        self._when = now
        return 0.0 if self.guesses >= 1 else (1 - self.guesses) * self.refill

    def give_back(self) -> None:
        self.guesses = min(self.burst, self.guesses + 1)


class CodeGuard:
    """The table's code and its guess budgets: the table's bucket (GUESS_BURST, one more
    every GUESS_REFILL seconds) and, within it, one per address (ADDRESS_BURST, ADDRESS_REFILL).
    Every attempt takes a guess from both before any work is done (so a flood costs the host
    no cryptography); a right code gives them back. An address's bucket exists only while it
    is not full: no more of them than the table's own bucket lets guesses through."""

    def __init__(self, code: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code.strip()
        self._clock = clock
        self._table = Bucket(GUESS_BURST, GUESS_REFILL, clock)
        self._addresses: dict[str, Bucket] = {}

    def wait(self, address: str | None = None) -> float:
        """Seconds until a guess from ``address`` is allowed (0: now)."""
        for known, bucket in list(self._addresses.items()):
            if bucket.wait() == 0 and bucket.guesses >= bucket.burst:
                del self._addresses[known]  # full again: nothing to remember
        mine = self._addresses.get(address) if address is not None else None
        return max(self._table.wait(), mine.wait() if mine is not None else 0.0)

    def begin(self, client_message: bytes, address: str | None = None,
              channel: bytes = b"") -> Attempt:
        """Spend a guess and answer it, bound to ``channel`` (the connection's certificate
        digest; b"" in process); WrongCode for a message that is no SPAKE2 point."""
        assert self.wait(address) == 0, "callers check wait() first"
        buckets = [self._table]
        if address is not None:
            buckets.append(self._addresses.setdefault(
                address, Bucket(ADDRESS_BURST, ADDRESS_REFILL, self._clock)))
        for bucket in buckets:
            bucket.guesses -= 1
        attempt = Attempt(self.code, client_message, channel)
        attempt.buckets = buckets
        return attempt

    def finish(self, attempt: Attempt, client_confirm: bytes) -> bool:
        if attempt.proves(client_confirm):
            for bucket in attempt.buckets:
                bucket.give_back()
            return True
        return False
