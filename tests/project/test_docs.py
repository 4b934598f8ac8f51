"""The rules copy in docs/ stays in step with the shared spec, and every rule id is named by
at least one test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules" / "baohuang.md"
RULE_ID = re.compile(r"\bR-[A-Z]+-[A-Z]?\d+\b|R-SCORE-W\b")

# R-DEAL-2 only names other towns' rule sets, which the seeds do not describe.
NOT_A_RULE = {"R-DEAL-2"}


def ids(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def test_docs_rules_name_the_same_rule_ids_as_the_shared_spec():
    if not SHARED.exists():
        pytest.skip(f"no shared spec at {SHARED} on this checkout")
    assert ids((ROOT / "docs" / "rules.md").read_text()) == ids(SHARED.read_text())


def test_every_rule_id_is_named_by_a_test():
    spec = ids((ROOT / "docs" / "rules.md").read_text())
    wanted = spec - NOT_A_RULE
    named = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name != Path(__file__).name:
            found = re.findall(r"R_[A-Z]+_[A-Z]?\d+|R_SCORE_W", path.read_text())
            named |= {m.replace("_", "-") for m in found}
            named |= ids(path.read_text())
    assert sorted(wanted - named) == []


TOWNS = ROOT.parent / "shared" / "rules" / "baohuang-towns.md"
TOWN_ID = re.compile(r"\bR-(?:WH|WF|TB|RZ|YY)(?:-[A-Z0-9]+)*-\d+\b")


def test_docs_towns_name_the_same_rule_ids_as_the_shared_towns_spec():
    if not TOWNS.exists():
        pytest.skip(f"no shared towns spec at {TOWNS} on this checkout")
    ours = (ROOT / "docs" / "baohuang-towns.md").read_text()
    assert set(TOWN_ID.findall(ours)) == set(TOWN_ID.findall(TOWNS.read_text()))


def test_every_weihai_and_weifang_rule_id_is_named_by_a_test():
    """The presets the engine plays (§1, §2) and the one option it takes from §5."""
    spec = set(TOWN_ID.findall((ROOT / "docs" / "baohuang-towns.md").read_text()))
    wanted = {i for i in spec if i.startswith(("R-WH-", "R-WF-"))} | {"R-YY-BOMB-1"}
    named = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name != Path(__file__).name:
            text = path.read_text()
            named |= {m.replace("_", "-") for m in re.findall(
                r"R_(?:WH|WF|YY)_[A-Z]+\d?_\d+", text)}
            named |= set(TOWN_ID.findall(text))
    assert sorted(wanted - named) == []


def test_the_readmes_preset_table_lists_every_option_the_preset_takes():
    """A player typing an option from the README's table, or looking there for one, finds
    what the preset takes: the table had left out ``joker_sets`` and ``strict_auto``, which
    the command line's own refusal listed. ``quit_penalty`` (every preset) is said below it."""
    from bhtui.rules import PRESETS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {m[1]: m[2] for m in re.finditer(r"^\| `([a-z-]+)`[^|]*\|[^|]*\| (.*) \|$", readme,
                                               re.M)}
    assert "`quit_penalty=N`" in readme
    for name, rules in PRESETS.items():
        listed = {option.split("=")[0] for option in re.findall(r"`([^`]+)`", rows[name])}
        assert listed == set(rules.allowed) - {"quit_penalty"}, name
