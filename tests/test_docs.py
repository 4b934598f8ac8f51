"""The rules copy in docs/ stays in step with the shared spec, and every qingdao rule id is
named by at least one test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules" / "baohuang.md"
RULE_ID = re.compile(r"\bR-[A-Z]+-[A-Z]?\d+\b|R-SCORE-W\b")

# Rules of the other presets (a later issue), and the note that only names other towns.
NOT_QINGDAO = re.compile(r"R-(EMP-[BL]\d|GUARD-[245]|TRICK-[57]|PLAY-[56]|SCORE-[BL]\d|DEAL-2)$")
LATER = {"R-AUTO-1"}  # the host's 托管, with the table


def ids(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def test_docs_rules_name_the_same_rule_ids_as_the_shared_spec():
    if not SHARED.exists():
        pytest.skip(f"no shared spec at {SHARED} on this checkout")
    assert ids((ROOT / "docs" / "rules.md").read_text()) == ids(SHARED.read_text())


def test_every_qingdao_rule_id_is_named_by_a_test():
    spec = ids((ROOT / "docs" / "rules.md").read_text())
    wanted = {i for i in spec if not NOT_QINGDAO.match(i)} - LATER
    named = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        if path.name != Path(__file__).name:
            named |= {m.replace("_", "-") for m in re.findall(r"R_[A-Z]+_[A-Z]?\d+|R_SCORE_W", path.read_text())}
            named |= ids(path.read_text())
    assert sorted(wanted - named) == []
