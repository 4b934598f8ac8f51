"""The app's terminal driver: Textual's, with output that never keeps the app from ending.

Textual writes the screen from a thread (``textual.drivers._writer_thread``) fed through a
queue of 30 writes, and every write, and the driver's ``close()`` (``stop()``: one more
``put``, then ``join``), waits for room in it. When the terminal goes away — closed, or a
host that stopped and a window closed at once — the thread's ``write`` raises (EIO) and the
thread is gone: the queue fills, the next ``put`` blocks the event loop's own thread for
ever, and the SIGTERM and SIGHUP handlers, which run on that loop, never run (``bhtui
watch`` ignored SIGTERM, 4 runs of 4). A terminal that is still there but read by nobody
blocks the thread in its ``write`` with the same result.

The same deadlock, from a repaint while suspended, is terok-ai/terok#1187 (stock Textual
8.2.8); the input thread's endless EOF is Textualize/textual#6690, still open.

So here the writer outlives a failed write (it drops everything after it), a write waits
for room only until the app is told to end (then at most ``GRACE`` seconds: time for a
live terminal to get its modes back), ``stop`` is bounded the same way, and a terminal
that hangs up or reads EIO ends the app, SIGHUP or not. Keys that are not UTF-8 (a GBK
terminal, an 8-bit Meta key) are read as replacement characters, not a crash.
"""

from __future__ import annotations

import codecs
import functools
import queue
import select
import signal
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from textual.drivers import linux_driver
from textual.drivers._writer_thread import WriterThread
from textual.drivers.linux_driver import LinuxDriver

GRACE = 1.0  # seconds a told-to-end app still waits for its terminal
STOP_WAIT = 5.0  # seconds a quitting app waits for a terminal slow to take its last writes
POLL = 0.05  # how often a write waiting for room looks whether it still should


class TerminalWriter(WriterThread):
    """Textual's writer thread, except that nobody ever waits on it without end."""

    def __init__(self, file: IO[str]) -> None:
        super().__init__(file)
        self.gone = threading.Event()  # a write failed: the terminal is no more
        self._until: float | None = None  # set by hurry(): the latest any write waits

    def hurry(self) -> None:
        """The app is to end: writes wait for room at most GRACE seconds from now."""
        if self._until is None:
            self._until = time.monotonic() + GRACE

    def write(self, text: str) -> None:
        while not self.gone.is_set():
            try:
                self._queue.put(text, timeout=POLL)
                return
            except queue.Full:
                if self._until is not None and time.monotonic() >= self._until:
                    self.gone.set()  # a terminal nobody reads: drop the rest

    def run(self) -> None:
        get, empty = self._queue.get, self._queue.empty
        while (text := get()) is not None:
            if self.gone.is_set():
                continue  # keep taking them, so no put waits
            try:
                self._file.write(text)
                if empty():
                    self._file.flush()
            except OSError:
                self.gone.set()
        if not self.gone.is_set():
            try:
                self._file.flush()
            except OSError:
                self.gone.set()

    def stop(self) -> None:
        """Let the thread write what is queued and end, waiting no longer than allowed."""
        until = self._until if self._until is not None else time.monotonic() + STOP_WAIT
        try:
            self._queue.put(None, timeout=max(0.0, until - time.monotonic()))
        except queue.Full:
            self.gone.set()  # stuck in a write: it is a daemon thread, left behind
            return
        self.join(max(0.0, until - time.monotonic()))


class TerminalDriver(LinuxDriver):
    """Textual's Linux driver with a :class:`TerminalWriter`; a terminal that hangs up, or
    reads EIO, ends the app (without a SIGHUP, when it is not the controlling terminal)."""

    _hangup: threading.Thread | None = None

    def start_application_mode(self) -> None:
        # Textual makes its writer by this module-level name, inside a method too long to
        # copy: ours stands in while the driver starts.
        textuals = linux_driver.WriterThread
        linux_driver.WriterThread = TerminalWriter  # type: ignore[misc]
        try:
            super().start_application_mode()
        finally:
            linux_driver.WriterThread = textuals  # type: ignore[misc]

        if self._hangup is None:
            self._hangup = threading.Thread(target=self._watch_hangup, daemon=True,
                                            name="bhtui-hangup")
            self._hangup.start()

    def hurry(self) -> None:
        """The app is to end: stop waiting on the terminal soon."""
        if isinstance(self._writer_thread, TerminalWriter):
            self._writer_thread.hurry()

    def run_input_thread(self) -> None:
        # Textual decodes the keys strictly, by this module-level name, as the thread starts:
        # one byte that is not UTF-8 (a GBK terminal, an 8-bit Meta key) ended the app with
        # a traceback. Ours replaces it (a key that does nothing). Only this driver reads
        # keys in a bhtui process, so the name is not put back.
        linux_driver.getincrementaldecoder = _lenient_decoder  # type: ignore[assignment]
        try:
            super().run_input_thread()
        except OSError:  # EIO: the terminal is gone
            self._gone()

    def _watch_hangup(self) -> None:
        """Wait for the terminal to hang up (no events asked: only a hangup or an error ends
        the wait), which a terminal that is not the app's controlling one, and so sends no
        SIGHUP, shows only so: its input reads as endless EOF, which Textual's input thread
        reads again and again."""
        watch = select.poll()
        watch.register(self.fileno, 0)
        watch.poll()
        self._gone()

    def _gone(self) -> None:
        if isinstance(self._writer_thread, TerminalWriter):
            self._writer_thread.gone.set()
        self._app.call_later(self._app.exit)


def _lenient_decoder(encoding: str) -> Callable[[], codecs.IncrementalDecoder]:
    """``codecs.getincrementaldecoder``, whose decoders replace what they cannot decode."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def end_on_signals(app: Any, loop: Any) -> None:
    """SIGTERM and SIGHUP end ``app`` like ctrl+q does, so a live terminal leaves the
    alternate screen and gets its modes back. A plain handler, not the loop's: it runs
    even while the loop's thread waits to write (it makes that wait end), and asks the
    loop to exit the app. Only the main thread may set handlers (Pilot's apps run
    elsewhere, with nothing to restore)."""
    def ended(signum: int, frame: Any) -> None:
        driver = app._driver
        if isinstance(driver, TerminalDriver):
            driver.hurry()
        loop.call_soon_threadsafe(app.exit)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            signal.signal(sig, ended)
        except ValueError:
            pass
