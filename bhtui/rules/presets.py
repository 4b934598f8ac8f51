"""Rule presets (§12): every house rule is a typed option of a frozen RuleSet."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSet:
    """One table's rules. Options are plain typed fields so they cross the wire as a dict."""

    name: str
    deck_size: int = 216
    place_points: tuple[int, ...] = (4, 2, 0, -2, -4)
    tribute: bool = True
    force_first: bool = False
    """R-EMP-Q4 逼位: on his second decision the first candidate must accept if he can."""
    grab_solo: bool = False
    """R-EMP-Q6 抢独: before the first decision any seat may grab an open solo."""

    OPTION_NAMES = ("force_first", "grab_solo")

    def options(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in self.OPTION_NAMES}

    def with_options(self, **options: object) -> RuleSet:
        """A copy with options changed; ValueError lists the valid names on an unknown one."""
        for name, value in options.items():
            if name not in self.OPTION_NAMES:
                valid = ", ".join(self.OPTION_NAMES)
                raise ValueError(f"unknown option {name!r} for {self.name}; valid: {valid}")
            if not isinstance(value, bool):
                raise ValueError(f"option {name} takes true or false, not {value!r}")
        return dataclasses.replace(self, **options)  # type: ignore[arg-type]


PRESETS: dict[str, RuleSet] = {
    "qingdao": RuleSet(name="qingdao"),
}


def get_preset(preset: str | RuleSet) -> RuleSet:
    """A RuleSet by name (ValueError lists the known ones), or the RuleSet itself."""
    if isinstance(preset, RuleSet):
        return preset
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(
            f"unknown preset {preset!r}; known: {', '.join(PRESETS)}"
        ) from None
