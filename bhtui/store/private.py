"""Private files and where they live: game logs (seed and seat tokens), seat tokens, the SSH host key.

They are created 0600 inside 0700 folders, so there is no moment at which another user could
read them (a chmod after writing leaves such a moment, and a umask of 022 would not help).
Small files from the user's folders (settings, themes, seat tokens, a join code) are read
with a bound (``read_small``).
"""

from __future__ import annotations

import errno
import os
import stat
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


MAX_SMALL = 1 << 20
"""Bytes read at most of a settings file, a theme, the seat tokens or a join code: hundreds of
times what any of them holds."""


def read_small(path: Path, streams: bool = False, most: int = MAX_SMALL) -> bytes:
    """The whole of ``path``, a regular file of at most ``most`` bytes; else OSError, whose
    ``strerror`` says why (``EFBIG``: too large). A link to /dev/zero, a FIFO or a huge file
    (a dotfiles mistake, a planted archive) was read without end, or waited for a writer for
    ever. ``streams``: a pipe or a device is read too, up to the bound (``--code-file
    <(pass show table)``)."""
    fd = os.open(path, os.O_RDONLY | (0 if streams else os.O_NONBLOCK))  # (a FIFO: no wait)
    info = os.fstat(fd)
    regular = stat.S_ISREG(info.st_mode)
    if not regular and (not streams or stat.S_ISDIR(info.st_mode)):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    with os.fdopen(fd, "rb") as file:
        data = b"" if regular and info.st_size > most else file.read(most + 1)
    if max(info.st_size, len(data)) > most:  # (one growing as it is read)
        raise OSError(errno.EFBIG, f"larger than {most >> 20} MiB", str(path))
    return data


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
