import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path, monkeypatch):
    """Tests never read or write the real user's settings, themes, game logs or seat tokens."""
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "data"))
