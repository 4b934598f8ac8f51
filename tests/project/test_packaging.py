"""The wheel carries every package, the built-in themes (top-level themes/ → bhtui/themes) and
the screens' stylesheets (bhtui/tui/styles/*.tcss: without them no screen opens)."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# Builds the wheel.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_ships_the_themes_the_stylesheets_and_every_package(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    names = zipfile.ZipFile(next(tmp_path.glob("bhtui-*.whl"))).namelist()
    themes = {Path(n).name for n in names if n.startswith("bhtui/themes/")}
    assert themes == {p.name for p in (ROOT / "themes").glob("*.toml")} and len(themes) >= 4
    sheets = {Path(n).name for n in names if n.startswith("bhtui/tui/styles/")}
    assert {p.name for p in (ROOT / "bhtui/tui/styles").glob("*.tcss")} <= sheets and sheets
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "bhtui").rglob("*.py")}
    assert modules - set(names) == set()  # `pip install .` then `bhtui` imports every one
