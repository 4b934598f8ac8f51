"""One damaged save kept `bhtui replay`, `analyse` and `host --resume` from every other: with
no file named they took the newest whatever it held, and stopped at it ("damaged record at
byte 10"). They now take the newest save that can be read and say in one line which newer
one they passed over; a save named is refused as before, naming it once. A save cut short
in its last record opens with a note that it ends early (a cut between two records cannot
be told from a game left there). Reading never changes a save."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bhtui.bots import make_bot
from bhtui.rules import PRESETS, Match
from bhtui.sim import play_match
from bhtui.store.gamelog import MAGIC, GameLog, games_dir, rules_header

from tui_helpers import screen_text, wait_for

DAMAGED = "20261207-220100-QB-DDZ.bhlog"


def save(name: str, seed: int) -> Path:
    """A finished round against four bots, seat 0 the person's, as ``name`` in the games
    folder."""
    rules = PRESETS["qingdao"]
    match = Match(rules, seed, rounds=1)
    play_match(match, [make_bot("heuristic")] * 5)
    log = GameLog(games_dir() / name)
    log.start({**rules_header(rules), "seed": seed, "rounds": 1,
               "seats": [{"name": "Ana"}] + [{"name": f"B{n}", "bot": "normal"}
                                             for n in range(1, 5)]})
    for seat, action in match.actions:
        log.append(seat, action)
    log.close()
    return log.path


def damaged_copy(path: Path, name: str = DAMAGED) -> Path:
    """``path`` with garbage in bytes 200 to 400 (its header), as ``name`` beside it."""
    data = bytearray(path.read_bytes())
    data[200:400] = b"\xff" * 200
    copy = path.with_name(name)
    copy.write_bytes(bytes(data))
    return copy


@pytest.fixture
def saves() -> tuple[Path, Path]:
    """An older save, a newer one, and the newest of all a damaged copy of the newer."""
    save("20261207-210000-local.bhlog", 12)
    newer = save("20261207-210500-local.bhlog", 13)
    return newer, damaged_copy(newer)


@pytest.mark.parametrize("language, said", [
    ("en", "skipped {damaged}, a newer save that cannot be read: damaged record at byte 10"),
    ("zh", "跳过了较新的存档 {damaged}，它无法读取：第 10 字节处的记录已损坏"),
])
def test_replay_takes_the_newest_readable_save_and_names_the_damaged_one(
        app_of, saves, language, said):
    newer, damaged = saves
    before = damaged.read_bytes()
    app, stderr = app_of("--lang", language, "replay")
    assert stderr == f"bhtui: {said.format(damaged=damaged)}\n"
    assert app.session.replay.path == newer  # type: ignore[attr-defined]
    assert app.startup_warnings == [  # (the toast and F3 say it in the app's language)
        f"skipped {damaged}, a newer save that cannot be read: damaged record at byte 10"]

    async def look() -> str:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await wait_for(pilot, lambda: len(app._notifications) == 2, "the two toasts")
            return " ".join(str(n.message) for n in app._notifications)

    shown = asyncio.run(look())
    assert str(damaged) in shown  # (no longer "the newest game saved here")
    assert ("Newest game here that can be read" if language == "en" else
            "本机能读取的最新牌局") in shown
    assert damaged.read_bytes() == before


def test_analyse_takes_the_newest_readable_save_too(cli, saves):
    newer, damaged = saves
    before = damaged.read_bytes()
    done = cli("analyse", "--json", "--playouts", "1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"bhtui: skipped {damaged}, a newer save that cannot be read: "
                           f"damaged record at byte 10\n")
    assert json.loads(done.stdout)["seat"] == 0
    assert damaged.read_bytes() == before


def test_several_damaged_saves_are_one_line_naming_the_newest(cli, saves, app_of):
    newer, damaged = saves
    text = newer.with_name("20261207-230000-notes.bhlog")
    text.write_text("not a save\n")
    damaged_copy(newer, "20261207-220500-QB-DDZ.bhlog")
    app, stderr = app_of("replay")
    assert stderr == (f"bhtui: skipped 3 newer saves that cannot be read, the newest {text}: "
                      f"not a bhtui game log\n")
    assert app.session.replay.path == newer  # type: ignore[attr-defined]


def test_a_damaged_save_named_is_refused_naming_it_once(cli, saves):
    damaged = saves[1]
    for verb in ("replay", "analyse"):
        done = cli(verb, str(damaged))
        assert (done.returncode, done.stderr) == (
            2, f"bhtui: cannot {verb} {damaged}: damaged record at byte 10\n")


def test_when_no_save_can_be_read_the_newest_is_refused(cli):
    games_dir().mkdir(parents=True)
    damaged = damaged_copy(save("20261207-210000-local.bhlog", 12))
    older = damaged_copy(damaged, "20261207-215000-QB-DDZ.bhlog")
    (games_dir() / "20261207-210000-local.bhlog").unlink()
    done = cli("replay")
    assert (done.returncode, done.stderr) == (
        2, f"bhtui: cannot replay {damaged}: damaged record at byte 10\n")
    assert older.exists() and damaged.exists()


def _records_end(data: bytes) -> list[int]:
    """Where each whole record of a log ends."""
    ends, at = [], len(MAGIC)
    while at + 4 <= len(data):
        at += 4 + int.from_bytes(data[at:at + 4], "big")
        ends.append(at)
    return ends


def test_a_save_cut_short_opens_with_a_note_that_it_ends_early(app_of, tmp_path):
    games_dir().mkdir(parents=True)
    data = save("20261207-210000-local.bhlog", 12).read_bytes()
    cut = tmp_path / "cut.bhlog"
    cut.write_bytes(data[:900])  # (in the middle of a record)
    torn = 900 - max(end for end in _records_end(data) if end <= 900)
    app, stderr = app_of("replay", str(cut))
    said = f"{cut} ends early: an incomplete last record ({torn} bytes) is left out"
    assert stderr == f"bhtui: {said}\n"

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.warnings == [said], "the note")
            await pilot.press("f3")
            title = app.t("warnings.title", n=1)
            await wait_for(pilot, lambda: title in "\n".join(screen_text(app)), "F3's list")

    asyncio.run(look())
    assert cut.read_bytes() == data[:900]
    clean = tmp_path / "clean.bhlog"  # (cut between two records: a game left there)
    clean.write_bytes(data[:max(end for end in _records_end(data) if end <= 900)])
    assert app_of("replay", str(clean))[1] == ""
