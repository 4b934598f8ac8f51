"""Files as another user, or a read-only folder, would have them: for the tests of what bhtui
does with logs it may only read, or that are not its user's. Root ignores file modes and
ownership, so such a test runs its command as a user would (``as_a_user``): in a process
of its own, root's capabilities that ignore them dropped with ``setpriv``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

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
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
