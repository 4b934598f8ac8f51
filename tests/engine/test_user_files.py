"""The small files bhtui reads from the user's folders (settings, themes, seat tokens, a join
code): read with a bound, so a link to /dev/zero or a huge file costs a warning, never memory
without end, and a file nested past the parser is a broken file, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bhtui.tui.themes import load_themes, theme_names

DEEP = "x = " + "[" * 600 + "]" * 600 + "\n"


def test_links_to_dev_zero_are_refused_in_bounded_memory(tmp_path):
    """A settings file, a user theme or seats.json linked to /dev/zero grew without bound
    (the shell's limit stopped it at 2 GB); each is now refused unread, in a process whose
    memory is held to 1 GB. A join code file may be a pipe or a device (``<(pass show
    x)``): it is read, up to 1 MiB."""
    (tmp_path / "config" / "themes").mkdir(parents=True)
    (tmp_path / "data").mkdir()
    for link in ("config/config.toml", "config/themes/zero.toml", "data/seats.json"):
        (tmp_path / link).symlink_to("/dev/zero")
    script = textwrap.dedent("""
        import resource
        from pathlib import Path
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from bhtui.store.config import load_config
        from bhtui.store.private import read_small
        from bhtui.store.tokens import SeatTokens
        from bhtui.tui.themes import load_themes, theme_names
        print(load_config()[1])
        print(theme_names(), load_themes()[1])
        print(SeatTokens().get("0123456789abcdef"))
        try:
            read_small(Path("/dev/zero"), streams=True)
        except OSError as exc:
            print(exc.strerror)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, env={**os.environ,
                                           "BHTUI_CONFIG_DIR": str(tmp_path / "config"),
                                           "BHTUI_DATA_DIR": str(tmp_path / "data")})
    assert out.returncode == 0, out.stderr[-2000:]
    said = out.stdout.splitlines()
    assert "unreadable (not a regular file)" in said[0]
    assert "zero" not in said[1].split("]")[0]  # no theme named by it
    assert "theme zero.toml skipped: not a regular file" in said[1]
    assert said[2:] == ["None", "larger than 1 MiB"]


def test_a_theme_nested_past_the_parser_is_skipped_with_a_warning(tmp_path):
    """`bhtui --theme dark` lists the theme names before the app opens: a user theme nested
    600 deep (valid TOML) ended it in a RecursionError traceback. It is a broken theme."""
    (tmp_path / "deep.toml").write_text(DEEP)
    assert "deep" not in theme_names(tmp_path)
    assert "theme deep.toml skipped: nested too deep" in load_themes(tmp_path)[1]


def test_a_settings_file_that_is_a_fifo_is_refused_at_once(tmp_path):
    """A FIFO in the settings file's place waited for a writer for ever (in a process of its
    own, so that a wait fails this test instead of hanging it)."""
    os.mkfifo(tmp_path / "config.toml")
    out = subprocess.run([sys.executable, "-c", "from bhtui.store.config import load_config; "
                          "print(load_config()[1])"], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "BHTUI_CONFIG_DIR": str(tmp_path)})
    assert "unreadable (not a regular file)" in out.stdout, out.stderr[-2000:]


def test_a_join_code_may_come_from_a_pipe_but_not_a_folder(tmp_path):
    from bhtui.store.private import read_small

    read, write = os.pipe()
    os.write(write, b"1234-5678\n")
    os.close(write)
    try:
        assert read_small(Path(f"/proc/self/fd/{read}"), streams=True) == b"1234-5678\n"
    finally:
        os.close(read)
    with pytest.raises(OSError, match="not a regular file"):
        read_small(tmp_path, streams=True)


def test_a_theme_that_tunes_the_joker_keeps_it_for_the_small_joker_too(tmp_path):
    """The small joker got a colour of its own (a violet made for dark backgrounds); a user's
    light theme that set only ``card-joker`` drew SJ in that violet on its light felt. It
    draws it in the theme's own joker colour, as before."""
    (tmp_path / "paper.toml").write_text('name = "paper"\nprimary = "#004488"\ndark = false\n'
                                         '[variables]\ncard-joker = "#6e4a00"\n')
    (paper,) = [t for t in load_themes(tmp_path)[0] if t.name == "paper"]
    assert paper.variables["card-small-joker"] == "#6e4a00"
