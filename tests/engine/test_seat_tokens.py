"""The seat tokens a client keeps (``bhtui.store.tokens``): what brings a player back to his
seat after a crash, so a damaged file must cost nothing but the tokens in it."""

from __future__ import annotations

import os

from bhtui.store.tokens import SeatTokens


def test_a_seat_file_nested_past_the_parser_is_read_as_empty_and_written_whole(tmp_path):
    """A seats.json nested deeper than json reads (a damaged or planted file) raised
    RecursionError out of `bhtui join` before it connected; it reads as no token now, and
    the next seat taken replaces it whole, private, leaving no temporary file beside it."""
    path = tmp_path / "seats.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    tokens = SeatTokens(path)
    assert tokens.get("0123456789abcdef") is None
    tokens.put("0123456789abcdef", "ab12")
    assert SeatTokens(path).get("0123456789abcdef") == "ab12"
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["seats.json"]


def test_a_seat_that_cannot_be_written_down_is_told_once_and_never_raises(tmp_path):
    """seats.json a folder (or the data folder read-only, the disk full): taking a seat
    raised out of the client and crashed the joiner's app, the crash dump showing the token.
    The seat is kept for the game; whoever asked is told why, once, and never the token."""
    path = tmp_path / "seats.json"
    (path / "x").mkdir(parents=True)
    told: list[str] = []
    tokens = SeatTokens(path, unsaved=told.append)
    tokens.put("0123456789abcdef", "secret-token")
    tokens.put("fedcba9876543210", "secret-token")  # a rejoin, another table: told already
    assert told == ["Is a directory"]
    assert tokens.get("0123456789abcdef") is None and (path / "x").is_dir()
    SeatTokens(path).put("0123456789abcdef", "secret-token")  # nobody to tell: still no raise
