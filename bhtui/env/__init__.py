"""Both games as PettingZoo AEC environments, for people who train agents: the optional
extra, ``pip install 'bhtui[rl]'`` (numpy, gymnasium, pettingzoo). docs/env.md says what an
observation holds field by field and how an action becomes an index.

    from bhtui.env import baohuang_v0, doudizhu_v0
    env = baohuang_v0.env(preset="qingdao", opponents="normal")

The core never imports this package (nor numpy): it sits above the games and their bots.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the extra is installed in the suite
    raise ImportError(f"bhtui.env needs the rl extra: pip install 'bhtui[rl]' "
                      f"({missing.name} is not installed)") from missing

from bhtui.env import baohuang_v0, doudizhu_v0

__all__ = ["baohuang_v0", "doudizhu_v0"]
