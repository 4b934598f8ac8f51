import pytest


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path, monkeypatch):
    """Tests never read or write the real user's settings, themes, game logs or seat tokens."""
    monkeypatch.setenv("BHTUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BHTUI_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _no_multicast_from_the_test_process(monkeypatch):
    """Zeroconf would multicast on this machine's real interfaces: tests may use it only in
    subprocesses inside network namespaces they made (tests/net/test_lan_netns.py)."""
    import bhtui.net.lobby as lobby

    def refuse(bind):
        raise AssertionError("zeroconf in the test process: use a network namespace")

    monkeypatch.setattr(lobby, "_zeroconf", refuse)
