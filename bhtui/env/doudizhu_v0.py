"""斗地主 (Dou Dizhu) as a PettingZoo AEC environment: ``doudizhu_v0.env(preset="classic")``.

One deal per episode, agents ``player_0`` … (three in classic, four in Shanghai; fewer when
``opponents`` seats the engine's bots); observations, masks and the action space in
docs/env.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from pettingzoo.utils import wrappers

from bhtui.doudizhu.presets import Rules
from bhtui.env.doudizhu import DoudizhuCodec
from bhtui.env.table import CardTableEnv
from bhtui.games import rules_named

NAME = "doudizhu_v0"


def raw_env(preset: str = "classic", options: Mapping[str, Any] | None = None,
            opponents: str | Mapping[int, str] | None = None,
            render_mode: str | None = None) -> CardTableEnv:
    """The environment without PettingZoo's order check (the fastest). ``options`` are the
    preset's (``{"base": 2}``); ``opponents`` a bot for the other seats or a map seat → bot;
    ValueError names what is unknown."""
    _, rules = rules_named(preset, "doudizhu", options)
    return CardTableEnv(DoudizhuCodec(cast(Rules, rules)), NAME, opponents, render_mode)


def env(**kwargs: Any) -> wrappers.OrderEnforcingWrapper:
    """:func:`raw_env` inside PettingZoo's order check (reset before step, …)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
