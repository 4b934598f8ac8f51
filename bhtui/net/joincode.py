"""Join codes: proved by SPAKE2, guessed at a bounded rate per table.

A password-authenticated key exchange means a captured handshake is worth nothing offline:
each side derives a key from the code and the other's message, and only the key confirmations
cross the wire. An attacker learns one yes/no per connection, so guesses are what is limited —
per table (a bucket that refills), because addresses are cheap to change and many honest
players share one (NAT, the SSH menu). A player who already holds a seat token never needs the
code again, so a guesser can delay newcomers while he keeps guessing, never shut out the seated.
Both sides live here so the client never imports the host.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable

GUESS_BURST = 10  # wrong codes a table accepts at once …
GUESS_REFILL = 6.0  # … then one more every this many seconds (ten a minute)
SIDES = (b"bhtui-client", b"bhtui-host")


class WrongCode(Exception):
    """The other side does not know the same code (or sent something that is not SPAKE2)."""


def _confirm(key: bytes, side: bytes) -> bytes:
    return hmac.new(key, b"confirm:" + side, hashlib.sha256).digest()


def _code(code: str) -> bytes:
    return code.strip().encode()


class CodeProver:
    """The client's side: ``message`` goes in the hello; ``answer`` checks the host's reply
    and gives the confirmation to send back."""

    def __init__(self, code: str) -> None:
        from spake2 import SPAKE2_A  # 12 MiB of tables: loaded only when a code is used

        self._spake = SPAKE2_A(_code(code), idA=SIDES[0], idB=SIDES[1])
        self.message = self._spake.start()

    def answer(self, host_message: bytes, host_confirm: bytes) -> bytes:
        try:
            key = self._spake.finish(host_message)
        except Exception:  # the library raises several types for a bad point; all mean this
            raise WrongCode("the host's join-code reply is not valid") from None
        if not hmac.compare_digest(host_confirm, _confirm(key, SIDES[1])):
            raise WrongCode("wrong join code")
        return _confirm(key, SIDES[0])


class Attempt:
    """One guess in progress on the host: its reply, and the confirmation it expects."""

    def __init__(self, code: str, client_message: bytes) -> None:
        from spake2 import SPAKE2_B

        spake = SPAKE2_B(_code(code), idA=SIDES[0], idB=SIDES[1])
        self.message = spake.start()
        try:
            key = spake.finish(client_message)
        except Exception:
            raise WrongCode("the join-code message is not valid") from None
        self.confirm = _confirm(key, SIDES[1])
        self._expected = _confirm(key, SIDES[0])

    def proves(self, client_confirm: bytes) -> bool:
        return hmac.compare_digest(client_confirm, self._expected)


class CodeGuard:
    """The table's code and its guess budget: a bucket of GUESS_BURST that refills one guess
    every GUESS_REFILL seconds. Every attempt takes a guess before any work is done (so a flood
    costs the host no cryptography); a right code gives it back."""

    def __init__(self, code: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code.strip()
        self._clock = clock
        self._guesses = float(GUESS_BURST)
        self._when = clock()

    def _refill(self) -> None:
        now = self._clock()
        self._guesses = min(GUESS_BURST, self._guesses + (now - self._when) / GUESS_REFILL)
        self._when = now

    def wait(self) -> float:
        """Seconds until a guess is allowed (0: now)."""
        self._refill()
        return 0.0 if self._guesses >= 1 else (1 - self._guesses) * GUESS_REFILL

    def begin(self, client_message: bytes) -> Attempt:
        """Spend a guess and answer it; WrongCode for a message that is no SPAKE2 point."""
        assert self.wait() == 0, "callers check wait() first"
        self._guesses -= 1
        return Attempt(self.code, client_message)

    def finish(self, attempt: Attempt, client_confirm: bytes) -> bool:
        if attempt.proves(client_confirm):
            self._guesses = min(GUESS_BURST, self._guesses + 1)
            return True
        return False
