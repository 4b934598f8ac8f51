"""Fixtures for the screens' tests."""

from __future__ import annotations

import gc
from typing import Any

import pytest
import textual._wait as textual_wait
from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot

from bhtui.games.contract import Game
from bhtui.rules import Deal

from net_helpers import HANG


@pytest.fixture(autouse=True, scope="session")
def _what_lives_all_run_is_not_collected_again():
    """Every full collection walks each object alive, and a test process holds far more of
    them than an app does (pytest, hypothesis, Textual, every test module, all imported
    once): a quarter of these tests' CPU went on the collector walking them again and again.
    Those objects live for the whole run, so they are frozen out of its sight once (after a
    collection, so no garbage is kept); everything a test creates is collected as ever."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True, scope="session")
def _each_stylesheet_parsed_once_per_theme():
    """These tests start ~170 apps in one process, where bhtui starts one: Textual parses
    every stylesheet source again for each app and after each theme change (its parse cache
    belongs to one stylesheet, and a theme change parses into a fresh one) — ~30 ms of every
    start, 8 % of the folder's CPU. What a source parses to depends only on its text and the
    theme's variables, so the run keeps it by both: each source is still parsed by Textual,
    once per theme, and every app gets the rules it would have parsed itself."""
    parse = Stylesheet._parse_rules
    parsed: LRUCache[tuple[Any, ...], Any] = LRUCache(512)
    frozen: dict[int, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {}

    def parse_rules(sheet, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        variables = sheet._variables  # a theme change puts a new dict (set_variables)
        seen = frozen.get(id(sheet))
        if seen is None or seen[0] is not variables:
            if len(frozen) > 64:
                frozen.clear()
            seen = frozen[id(sheet)] = (variables, tuple(sorted(variables.items())))
        key = (seen[1], css, read_from, is_default_rules, tie_breaker, scope)
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse(sheet, css, read_from, is_default_rules, tie_breaker,
                                        scope)
        return rules

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Stylesheet, "_parse_rules", parse_rules)
        yield


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


@pytest.fixture(autouse=True)
def _pilot_looks_for_idle_every_5ms(monkeypatch):
    """Every Pilot press waits twice, and every pause once, until the app is idle: Textual
    sleeps in steps of 20 ms until a step passes with under 1 ms of CPU. A test of a dozen
    presses thus idled ~1 s whatever the app had to do; steps of 5 ms (under 0.25 ms of CPU)
    ask the same question four times as often. What a test waits for is still the real
    condition (``tui_helpers.wait_for``, Pilot's wait for the screen's queue)."""
    monkeypatch.setattr(textual_wait, "SLEEP_GRANULARITY", 0.005)
    monkeypatch.setattr(textual_wait, "SLEEP_IDLE", 0.005 / 20)


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
