"""Private files and where they live: game logs (seed and seat tokens), seat tokens, the SSH host key.

They are created 0600 inside 0700 folders, so there is no moment at which another user could
read them (a chmod after writing leaves such a moment, and a umask of 022 would not help).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO

import platformdirs


def data_dir() -> Path:
    """Where this user's private files live: ``BHTUI_DATA_DIR`` (each SSH session's own
    folder, the tests') or the platform's data folder."""
    return Path(os.environ.get("BHTUI_DATA_DIR") or platformdirs.user_data_dir("bhtui"))


def private_dir(path: Path) -> Path:
    """Make ``path`` (and missing parents) a folder only its owner may enter."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.stat().st_mode & 0o077:
        path.chmod(0o700)  # made by an older version, or by hand
    return path


def create_private(path: Path, exclusive: bool = False, folder: bool = True) -> IO[bytes]:
    """Open ``path`` for writing, created 0600 from the start (an old file is made 0600);
    ``folder``: its folder made (0700) where missing, else it must exist and is left as it
    is."""
    if folder:
        private_dir(path.parent)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | (os.O_EXCL if exclusive else 0)
    fd = os.open(path, flags, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "wb")


def replace_private(path: Path, data: bytes) -> None:
    """``data`` as the whole of ``path``, written to a private (0600) file beside it that then
    takes its place: a reader never sees half of it, a crash leaves the old file whole, and a
    link at ``path`` is replaced, never followed (writing through it rewrote what it pointed
    at). Its folder must exist and is left as it is."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")  # made 0600
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
