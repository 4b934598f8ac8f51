"""Fixtures for the screens' tests."""

from __future__ import annotations

import pytest

from bhtui.games.contract import Game
from bhtui.rules import Deal


@pytest.fixture
def first_deal(monkeypatch):
    """``first_deal(deal)``: every match a table starts from now on begins with ``deal`` — the
    engine's own scripted first deal (``Match(first_deal=…)``), later rounds shuffled from the
    seed as ever — so a test walks a whole round by keyboard in a handful of moves."""
    def use(deal: Deal) -> None:
        def new_match(game: Game, rules, seed, rounds=None):
            return game.match_type(rules, seed, rounds=rounds, first_deal=deal)
        monkeypatch.setattr(Game, "new_match", new_match)
    return use
