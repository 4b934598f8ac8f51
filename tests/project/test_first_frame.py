"""A game against bots — the first table most people see — does not wait for what only other
commands use (issue 28, first frame: these were 90 ms of 325 before the first table): the
LAN's zeroconf and TCP, the lobby's and the waiting room's screens, the replay, the other
game's screens. `python bench/tui.py --hello` measures the time; this keeps them out."""

import subprocess
import sys

LATER = ("zeroconf", "bhtui.net.lobby", "bhtui.net.tcp", "bhtui.tui.room", "bhtui.tui.replay",
         "bhtui.store.replay", "bhtui.tui.doudizhu.parts")


def test_what_a_game_against_bots_loads_before_its_first_table_leaves_the_rest_out():
    code = ("import sys, bhtui.cli, bhtui.tui.sessions, bhtui.tui.app, bhtui.tui.games; "
            "from bhtui.net.local import local_table; bhtui.tui.games.parts_for('baohuang'); "
            f"print([m for m in {LATER!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
