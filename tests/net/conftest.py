"""Fixtures of the network tests."""

import pytest


@pytest.fixture
def nothing_starts(monkeypatch):
    """For commands refused in this process (the ``cli`` fixture): one let through fails at
    once rather than serving a table or opening the app in the test process."""
    def started(*_: object, **__: object) -> None:
        raise AssertionError("the bad input was let through: the command started")

    monkeypatch.setattr("bhtui.net.tcp.listen_socket", started)
    monkeypatch.setattr("bhtui.cli.make_app", started)
