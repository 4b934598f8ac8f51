"""The Dou Dizhu rules copies in docs/ stay in step with the shared specs, and every S-* and
C-* rule id is named by at least one test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules"
COPIES = [
    ("shanghai-doudizhu.md", "rules-shanghai.md", "S"),
    ("doudizhu-classic.md", "rules-doudizhu-classic.md", "C"),
]


def ids(text: str, prefix: str) -> set[str]:
    return set(re.findall(rf"\b{prefix}-[A-Z]+-\d+\b", text))


@pytest.mark.parametrize("shared, copy, prefix", COPIES)
def test_docs_copy_names_the_same_rule_ids_as_the_shared_spec(shared, copy, prefix):
    if not (SHARED / shared).exists():
        pytest.skip(f"no shared spec at {SHARED / shared} on this checkout")
    assert ids((ROOT / "docs" / copy).read_text(), prefix) == ids(
        (SHARED / shared).read_text(), prefix)


@pytest.mark.parametrize("shared, copy, prefix", COPIES)
def test_every_rule_id_is_named_by_a_test(shared, copy, prefix):
    wanted = ids((ROOT / "docs" / copy).read_text(), prefix)
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name != Path(__file__).name:
            text = path.read_text()
            named |= {m.replace("_", "-")
                      for m in re.findall(rf"(?<![A-Z]){prefix}_[A-Z]+_\d+", text)}
            named |= ids(text, prefix)
    assert sorted(wanted - named) == []
