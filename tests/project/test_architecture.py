"""The layers of docs/architecture.md, enforced: the core never imports textual or rich."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    out = subprocess.run([exe, str(ROOT / "pyproject.toml")], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "BROKEN" not in out.stdout and "KEPT" in out.stdout


def _preset_names() -> set[str]:
    from bhtui.rules import PRESETS

    return set(PRESETS) | {name.split("-")[0] for name in PRESETS}  # lianzhong too


def _compared_names(tree, names: set[str]) -> list[tuple[int, str]]:
    """Preset names a comparison, a ``match`` case or a startswith/endswith tests against."""
    import ast

    def named(node) -> list[str]:
        if isinstance(node, ast.Constant) and node.value in names:
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [n for elt in node.elts for n in named(elt)]
        return []

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                found += [(node.lineno, n) for n in named(side)]
        elif isinstance(node, ast.match_case):
            found += [(node.pattern.lineno, n) for n in named(getattr(node.pattern, "value", None))]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("startswith", "endswith")):
            found += [(node.lineno, n) for arg in node.args for n in named(arg)]
    return found


def test_no_preset_name_is_compared_outside_the_preset_table():
    """Presets are built from named mechanisms (rules/mechanisms.py): the engine and the
    screens ask the policies, so a new preset never means editing comparisons elsewhere."""
    import ast

    names = _preset_names()
    table = ROOT / "bhtui" / "rules" / "presets.py"
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {name!r}"
        for path in sorted((ROOT / "bhtui").rglob("*.py")) if path != table
        for line, name in _compared_names(ast.parse(path.read_text()), names)
    ]
    assert offenders == []


def test_the_preset_name_check_finds_comparisons():
    """The check above would see the comparisons the preset table replaced."""
    import ast

    source = ('if rules.emperor == "baike": pass\n'
              'ok = style in ("qingdao", "x") or name.startswith("lianzhong")\n'
              'match style:\n    case "weihai": pass\n')
    assert sorted(n for _, n in _compared_names(ast.parse(source), _preset_names())) == [
        "baike", "lianzhong", "qingdao", "weihai"]


def test_every_network_module_sits_in_a_layer():
    """The network's layers contract keeps bhtui.net free of import circles only if it names
    every module: a new one left out could import the host from below it."""
    import re
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers" and c["layers"][-1].startswith("bhtui.net."))
    layered = {name for layer in contract["layers"] for name in re.split(r"[|:]", layer)}
    modules = {f"bhtui.net.{path.stem}" for path in (ROOT / "bhtui" / "net").glob("*.py")
               if path.stem != "__init__"}
    assert modules == {name.strip() for name in layered}
