"""Files as another user, or a read-only folder, would have them: for the tests of what bhtui
does with logs it may only read, or that are not its user's. Root ignores file modes and
ownership: a test in this process is skipped there, saying why, unless root runs without
those capabilities (``setpriv --bounding-set -dac_override,-dac_read_search,-fowner``); a
command is run as a user would run it (``as_a_user``), root's capabilities dropped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NOBODY = 65534
CAPABILITIES = "-dac_override,-dac_read_search,-fowner"
"""What lets root read, write and change files whatever their modes and owners."""


def as_a_user(code: str) -> subprocess.CompletedProcess:
    """Python ``code`` run in a process held to file modes and owners as a user is: root's
    capabilities that ignore them dropped (``setpriv``; skipped, saying why, without it)."""
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root ignores file modes, and setpriv (util-linux) is not here to "
                        "run the command without that")
        command = [setpriv, "--bounding-set", CAPABILITIES, "--inh-caps", CAPABILITIES,
                   *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def modes_hold(path: Path) -> None:
    """Skip unless this process is kept out by ``path``'s mode, as a user is."""
    if os.access(path, os.W_OK, effective_ids=True):
        pytest.skip(f"this process may write {path} whatever its mode (root: drop "
                    "dac_override with setpriv to run it)")


def another_users(path: Path, mode: int) -> Path:
    """``path`` given to another user (nobody), ``mode`` set; skipped where this process
    cannot give it away, or may change it all the same (root with CAP_FOWNER)."""
    path.chmod(mode)
    try:
        os.chown(path, NOBODY, -1)
    except PermissionError:
        pytest.skip("only root gives a file to another user")
    try:
        path.chmod(mode)
    except PermissionError:
        return path
    pytest.skip(f"this process may change another user's {path} (root: drop fowner with "
                "setpriv to run it)")
