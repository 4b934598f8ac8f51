"""A flat observation vector named field by field: where each field starts, how big it is,
its highest value and what it holds.

One place says what the numbers mean: the encoders write through it, ``docs/env.md`` lists
it (a test keeps the page and the layouts in step), and a learner slices by name instead of
by magic offsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Field:
    name: str
    size: int
    high: int
    """The largest value an entry takes (0 is always the smallest)."""
    doc: str
    start: int = 0

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass
class Layout:
    """Fields in order; ``slices[name]`` is where a field lies in the vector."""

    fields: list[Field] = field(default_factory=list)

    def add(self, name: str, size: int, high: int, doc: str) -> slice:
        start = self.fields[-1].stop if self.fields else 0
        self.fields.append(Field(name, size, high, doc, start))
        return slice(start, start + size)

    @property
    def size(self) -> int:
        return self.fields[-1].stop if self.fields else 0

    @property
    def slices(self) -> dict[str, slice]:
        return {f.name: slice(f.start, f.stop) for f in self.fields}

    def highs(self) -> list[int]:
        """The highest value of every entry, in order (the observation space's bound)."""
        return [f.high for f in self.fields for _ in range(f.size)]

    def table(self) -> str:
        """The layout as a Markdown table (what docs/env.md shows)."""
        rows = ["| field | entries | offset | max | holds |", "|---|---|---|---|---|"]
        rows += [f"| `{f.name}` | {f.size} | {f.start} | {f.high} | {f.doc} |"
                 for f in self.fields]
        return "\n".join(rows)
