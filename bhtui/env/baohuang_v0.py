"""保皇 (Baohuang) as a PettingZoo AEC environment: ``baohuang_v0.env(preset="qingdao")``.

One round per episode, five agents ``player_0`` … ``player_4`` (fewer when ``opponents`` seats
the engine's bots); observations, masks and the action space in docs/env.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from pettingzoo.utils import wrappers

from bhtui.env.baohuang import BaohuangCodec
from bhtui.env.table import CardTableEnv
from bhtui.games import rules_named
from bhtui.rules import RuleSet

NAME = "baohuang_v0"


def raw_env(preset: str = "qingdao", options: Mapping[str, Any] | None = None,
            opponents: str | Mapping[int, str] | None = None,
            render_mode: str | None = None) -> CardTableEnv:
    """The environment without PettingZoo's order check (the fastest). ``options`` are the
    preset's (``{"rebellion": True}``); ``opponents`` a bot level (``"normal"``) for seats
    1–4 or a map seat → bot (``{2: "hard"}``); ValueError names what is unknown."""
    _, rules = rules_named(preset, "baohuang", options)
    return CardTableEnv(BaohuangCodec(cast(RuleSet, rules)), NAME, opponents, render_mode)


def env(**kwargs: Any) -> wrappers.OrderEnforcingWrapper:
    """:func:`raw_env` inside PettingZoo's order check (reset before step, …)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
