"""Driving the app through Textual's Pilot: a local game, the table screen, answering the
dialogs as a person would, and waits on the real condition (never a count of pauses)."""

from __future__ import annotations

import html
import re
import time

from rich.cells import cell_len
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.geometry import Region
from textual.widgets import Static

from bhtui.doudizhu import PRESETS
from bhtui.store.config import Config
from bhtui.tui.app import BhtuiApp
from bhtui.tui.baohuang.dialogs import CallDialog, GrabDialog, ThroneDialog
from bhtui.tui.dialogs import ConfirmKey, HelpScreen, MatchEndScreen, QuitScreen
from bhtui.tui.doudizhu.dialogs import BidDialog, OpenDialog, ReportDialog
from bhtui.tui.sessions import LocalSession
from bhtui.tui.table import TableScreen

from net_helpers import HANG

# Seat 0 is offered the throne holding three 7H to call; seat 1 holds the fourth (the guard);
# five small hands, so a round by keyboard takes a handful of moves.
SHORT_DEAL = ("7H 7H 7H 3S", "7H 9S", "8C 8C 4D", "5D 6D", "KC 2C")


def make_app(language: str = "en", seed: int = 3, rounds: int = 3, **kw) -> BhtuiApp:
    """Seed 3: Wang is offered the throne first, declines, and it comes to Ana, his 上家."""
    config = Config(name="Ana", language=language, bot_delay=0.0, **kw)
    return BhtuiApp(config, LocalSession(seed=seed, rounds=rounds))


def config() -> Config:
    return Config(name="Ana", language="en", bot_delay=0.0)


def table(app: BhtuiApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def wait_for(pilot, condition, what: str = "the screen to get there") -> None:
    """Pause until ``condition()`` holds, however long a loaded machine makes that (bots,
    hints and timers run on the loop and in threads at their own pace); only a hang fails."""
    deadline = time.monotonic() + HANG
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {HANG:.0f} s for {what}")
        await pilot.pause()


async def quit_yes(pilot, app) -> None:
    """ctrl+q, then y at the quit question: leaving as a person does."""
    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
    await pilot.press("y")


def names_every_match(farewell: list[str], first, second, totals: list[str],
                      language: str = "en") -> None:
    """The last lines after 再来一局 give the earlier match's final ``totals`` ("Ana +2")
    with its file, then the latest's file."""
    import shlex

    from bhtui.tui.i18n import Translator

    t = Translator(language)
    said = "\n".join(farewell)
    earlier = t("farewell.match", totals=t.join(totals), path=shlex.quote(str(first)))
    assert earlier in farewell, said
    assert str(second) in said and said.index(earlier) < said.index(str(second)), said


async def handled_so_far(pilot, screen) -> None:
    """Pause until ``screen`` has handled every message already sent to it: a screen under a
    dialog handles its own, which Pilot's pauses do not wait for. One more goes to the back of
    its queue, and it has been handled when that one has."""
    done: list[bool] = []
    screen.call_later(done.append, True)
    await wait_for(pilot, lambda: done, f"{type(screen).__name__} to handle its messages")


async def drive(pilot, step, what: str) -> None:
    """Call ``step()`` (which may press keys) and pause, until it returns True."""
    deadline = time.monotonic() + HANG
    while not await step():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {HANG:.0f} s for {what}")
        await pilot.pause()


async def answer_dialog(pilot, app) -> bool:
    """Answer a Baohuang decision seat 0 is asked now (take the throne, the first call, stay
    silent on a grab); False when no dialog is open."""
    screen = app.screen
    if isinstance(screen, ThroneDialog):
        await pilot.press("y")
    elif isinstance(screen, CallDialog):
        await pilot.press("enter")
    elif isinstance(screen, GrabDialog):
        await pilot.press("s")
    else:
        return False
    return True


def my_turn_to_play(app) -> bool:
    return app.client.my_turn and app.client.view["phase"] == "play"


async def my_play_turn(pilot, app) -> None:
    """Answer dialogs as they come until it is this seat's turn to play."""
    async def step() -> bool:
        return not await answer_dialog(pilot, app) and my_turn_to_play(app)
    await drive(pilot, step, "my turn to play")


async def play_the_hint(pilot, screen) -> None:
    """On the table screen at my turn: ask for the hint, then play it (Enter) or pass (p)."""
    screen.last_hint = None
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.last_hint is not None, "the hint")
    await pilot.press("enter" if screen.last_hint["type"] == "play" else "p")


async def answer_baohuang(pilot, app) -> bool:
    """Answer whatever Baohuang asks of seat 0 now (a dialog, or my turn: the hint's play);
    False when nothing was asked."""
    if await answer_dialog(pilot, app):
        return True
    if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
        await play_the_hint(pilot, table(app))
        return True
    return False


async def play_to(pilot, app, screen_type: type, answer):
    """Answer seat 0's every question with ``answer`` until a ``screen_type`` opens; it."""
    for _ in until_hang(screen_type.__name__):
        await pilot.pause()
        if isinstance(app.screen, screen_type):  # pushed; its lines come once it is mounted
            screen = app.screen
            await wait_for(pilot, lambda: screen.is_mounted, screen_type.__name__)
            return screen
        await answer(pilot, app)


async def tuoguan_to_the_match_end(pilot, app) -> tuple[list[str], dict]:
    """From my first turn 托管 plays the match to its end screen (R-AUTO-1); the seats' names
    and the first round's end event."""
    await my_play_turn(pilot, app)
    await pilot.press("t")
    await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match-end screen")
    end = next(e for _, e in app.client.events if e.get("type") == "round_end")
    return [s.name for s in app.host.seats], end


async def t_hands_the_dialog_to_tuoguan(pilot, app, dialog: type) -> None:
    """Once ``dialog`` asks seat 0, t turns 托管 on, closes it and the bot decides for me."""
    await wait_for(pilot, lambda: isinstance(app.screen, dialog), dialog.__name__)
    decided = len(app.host.match.actions)
    app.host.bot_delay = 0.05  # a pace the screen idles at: without, every pause played the
    await pilot.press("t")     # bots on to the round's end, which this does not look at
    await wait_for(pilot, lambda: app.client.table[0]["auto"], "托管 on")
    assert not isinstance(app.screen, dialog)
    await wait_for(pilot, lambda: any(seat == 0 for seat, _ in app.host.match.actions[decided:]),
                   "the bot's decision for me")


async def answer_doudizhu(pilot, app) -> bool:
    """Answer whatever Dou Dizhu asks of seat 0 now; False when nothing was asked."""
    screen = app.screen
    if isinstance(screen, BidDialog):
        await pilot.press("3" if screen.offered("3") else "p")
    elif isinstance(screen, OpenDialog):
        await pilot.press("y")  # 摊打 (asked again)
    elif isinstance(screen, ConfirmKey):
        await pilot.press(screen.key)
    elif isinstance(screen, ReportDialog):
        await pilot.press("n")
    elif my_turn_to_play(app) and isinstance(screen, TableScreen):
        await play_the_hint(pilot, table(app))
    else:
        return False
    return True


def until_hang(what: str):
    """Loop for as long as a step-by-step drive needs on a loaded machine (each pass pauses
    or presses); only a hang reaches the end, and it says what never came."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        yield
    raise AssertionError(f"waited {HANG:.0f} s for {what}")


def record_pushes(monkeypatch) -> list[str]:
    """The names of the screens every app pushes from now on, in order."""
    pushed: list[str] = []
    push = BhtuiApp.push_screen

    def record(self, screen, *args, **kwargs):
        pushed.append(type(screen).__name__)
        return push(self, screen, *args, **kwargs)

    monkeypatch.setattr(BhtuiApp, "push_screen", record)
    return pushed


class DialogHost(App):
    """A bare app showing one dialog, keeping its answer."""

    def __init__(self, dialog) -> None:
        super().__init__()
        self.dialog, self.answer = dialog, "none"

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answered)

    def answered(self, action) -> None:
        self.answer = action


def footer_text(screen) -> str:
    """The footer's keys and words as the screen shows them."""
    return " ".join(str(key.render()) for key in screen.query("FooterKey"))


def strips(widget) -> list:
    """The widget's content lines as the compositor draws them (styles as the terminal gets
    them), without its border and padding."""
    width, height = widget.outer_size
    top, right, bottom, left = widget.styles.gutter
    lines = widget.render_lines(Region(0, 0, width, height))[top:height - bottom]
    return [strip.crop(left, width - right) for strip in lines]


def screen_text(app) -> list[str]:
    """The terminal's lines as a person sees them (the screenshot's text): a dialog and, round
    it, the screens under it."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ").splitlines()


async def open_lobby(pilot, app, picked: list | None = None):
    """The lobby screen alone on a bare app (no session: no network is browsed), each table
    picked kept in ``picked``."""
    from bhtui.tui.i18n import Translator
    from bhtui.tui.room import LobbyScreen

    lobby = LobbyScreen(Translator("en"), watching=False)
    app.push_screen(lobby, picked.append if picked is not None else None)
    await pilot.pause()
    return lobby


class TerminalCopy:
    """What the terminal shows of an app: every update the app writes out, applied to a grid
    of cells as a terminal would. A screenshot draws each widget afresh as it is now, so a
    part the app never wrote out again (under a dialog) looks right there; here it does not."""

    CONTROL = re.compile(r"\x1b\[(\d+);(\d+)H"  # the cursor moved: what follows is written there
                         r"|\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|[\r\n]")

    def __init__(self, app: App, width: int, height: int) -> None:
        self.cells = [[" "] * width for _ in range(height)]
        self.row = self.column = 0
        display = app._display

        def written(screen, renderable) -> None:  # what App._display writes (not in a batch)
            display(screen, renderable)
            if isinstance(renderable, CompositorUpdate) and not app._batch_count:
                self.write(renderable.render_segments(app.console))

        app._display = written

    def write(self, data: str) -> None:
        at = 0
        for control in [*self.CONTROL.finditer(data), None]:
            for character in data[at:control.start() if control else len(data)]:
                if self.row < len(self.cells) and self.column < len(self.cells[0]):
                    self.cells[self.row][self.column] = character
                    for wide in range(1, cell_len(character)):  # a CJK character's second cell
                        if self.column + wide < len(self.cells[0]):
                            self.cells[self.row][self.column + wide] = ""
                self.column += cell_len(character)
            if control is None:
                break
            at = control.end()
            if control.group(1):
                self.row, self.column = int(control.group(1)) - 1, int(control.group(2)) - 1
            elif control.group() == "\n":
                self.row += 1
            elif control.group() == "\r":
                self.column = 0

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.cells]


async def shanghai_help(language: str, size: tuple[int, int]) -> str:
    """The words of Shanghai's help (F1) at a table of that size, in that language."""
    app = BhtuiApp(Config(name="Ana", language=language, bot_delay=0.0),
                   LocalSession(rules=PRESETS["shanghai"], seed=2, rounds=1))
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        return " ".join(str(w.render()) for w in app.screen.query(Static))


async def reach_my_play_turn(pilot, app) -> None:
    """Answer whatever comes (either game's dialogs) until it is my turn to play."""
    async def step() -> bool:
        if my_turn_to_play(app) and isinstance(app.screen, TableScreen):
            return True
        if not await answer_dialog(pilot, app) and isinstance(app.screen, BidDialog):
            await pilot.press("3" if app.screen.offered("3") else "p")
        return False
    await drive(pilot, step, "my turn to play")
