"""R-SEED-1: every random choice of the engine derives from the match seed, nothing else.

A seed is an int (``--seed``, sims and tests: reproducible) or a secret of 128 bits as hex
text (live tables). Each deal's generator is SHA-256 of the seed, the round and the redeal, so
it is one-way: a deal, once shown, tells nothing about the secret or about any other deal.
"""

from __future__ import annotations

import hashlib
import random
import secrets

Seed = int | str
SECRET_BYTES = 16  # 128 bits


def secret_seed() -> str:
    """A live table's seed: 128 bits from the OS, never guessable from a hand."""
    return secrets.token_hex(SECRET_BYTES)


def round_rng(seed: Seed, round_no: int, redeal: int) -> random.Random:
    """The generator of one deal: stable across Python versions and processes.

    A secret seed's generator keeps the whole 256-bit digest (a shown deal cannot be searched
    back to its generator); an int seed keeps the 64 bits its recorded games were dealt with.
    """
    digest = hashlib.sha256(f"bhtui:{seed}:{round_no}:{redeal}".encode()).digest()
    return random.Random(int.from_bytes(digest if isinstance(seed, str) else digest[:8], "big"))
