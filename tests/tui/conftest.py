"""Fixtures for the screens' tests."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from bhtui.games.contract import Game
from bhtui.rules import Deal

from net_helpers import HANG


@pytest.fixture(autouse=True)
def _pilot_waits_out_a_loaded_machine(monkeypatch):
    """Every press and pause of Textual's Pilot first waits until the screen has handled what
    was already queued — the real condition — but gives up after a fixed 30 s
    (WaitForScreenTimeout). Bots without delay queue a round's views faster than a loaded
    machine draws them, so that bound tripped; here it is the suite's hang bound instead."""
    original = Pilot._wait_for_screen

    async def wait_for_screen(self, timeout: float = HANG) -> bool:
        return await original(self, timeout)

    monkeypatch.setattr(Pilot, "_wait_for_screen", wait_for_screen)


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
