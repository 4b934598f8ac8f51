"""R-SEED-1: every random choice of the engine derives from the match seed, nothing else."""

from __future__ import annotations

import hashlib
import random


def round_rng(seed: int, round_no: int, redeal: int) -> random.Random:
    """The generator of one deal: stable across Python versions and processes."""
    digest = hashlib.sha256(f"bhtui:{seed}:{round_no}:{redeal}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
