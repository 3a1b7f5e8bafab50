"""A program run in a real pseudo-terminal, timed the way a person at the table feels it.

How a frame is recognised: Textual asks the terminal whether it supports synchronized output
(`ESC[?2026$p`); this harness answers yes (`ESC[?2026;2$y`), as kitty, WezTerm or iTerm2 do,
and from then on Textual wraps every frame it writes in `ESC[?2026h` ... `ESC[?2026l`. The end
marker's arrival on the pty is the moment the frame is complete on the terminal.

- key-to-frame: the key is written to the pty; then output is read until at least one frame
  has ended and the pty has been quiet for `QUIET` seconds (the app has finished reacting: a
  key may be answered by more than one frame); the figure is the arrival of the last frame end
  minus the moment the key was written (the quiet gap is not counted). A text field's cursor
  blinks every 0.5 s: a key reaching the field restarts that cycle, so a blink frame cannot
  land in the window unless the app needs ~0.4 s. When the caller can tell that the key took
  effect (`done`: a game's file grew, since an entry is on disk before it is shown), only
  frames read from then on can end the wait, so a late frame of earlier typing on a loaded
  machine is never taken for the answer. (The caller also waits for typed text to be drawn
  before it sends the timed enter: `run.type_in`.)
- toasts: Textual removes a notification 5 s after showing it, and that removal is a frame of
  its own. A key that shows one is sent with `notifies=True` (an undo or redo did until it
  said what it did beside the command field, #16); the harness then
  holds any timed key that would land near such a removal until it is past, so a toast
  leaving is never counted as the answer to a later key.
- a first frame with some text: from the start of the process until the first frame end that
  follows the text's arrival (a frame drawn before Textual heard the answer to its query is
  not wrapped: then the pty going quiet for a moment ends it).

Children run with TERM=xterm-256color in a fixed size, with bytecode caching on
(`PYTHONDONTWRITEBYTECODE` removed from their environment).
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import termios
import time
from collections.abc import Callable, Mapping
from pathlib import Path

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_ANSWER = b"\x1b[?2026;2$y"
FRAME_END = b"\x1b[?2026l"
QUIET = 0.08
#: Textual's App.NOTIFICATION_TIMEOUT: a toast's removal redraws the screen this long after
TOAST_LIFE = 5.0
#: a timed key is held while a toast's removal is due this soon (or has just been due)
TOAST_GUARD = 0.6
SIZE = (120, 40)
#: keys as a terminal sends them
KEYS = {
    "enter": b"\r",
    "ctrl+z": b"\x1a",
    "ctrl+y": b"\x19",
    "ctrl+q": b"\x11",
    "ctrl+u": b"\x15",
    "right": b"\x1b[C",
}


class HarnessError(RuntimeError):
    """The program did not draw what was waited for in time (or exited)."""


def child_environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a timed child: a colour xterm, bytecode cache on."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update({"TERM": "xterm-256color", "COLORTERM": "truecolor"})
    for name in ("TEXTUAL", "TEXTUAL_DEBUG", "NO_COLOR"):
        env.pop(name, None)
    env.update(extra or {})
    return env


class PtyProgram:
    """A child process on a pseudo-terminal of `size` (columns, rows), read as it writes."""

    def __init__(
        self,
        argv: list[str],
        env: Mapping[str, str] | None = None,
        size: tuple[int, int] = SIZE,
        cwd: Path | None = None,
    ) -> None:
        master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=dict(env) if env is not None else child_environment(),
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        #: (offset just past a frame end in `output`, when it arrived)
        self.frame_ends: list[tuple[int, float]] = []
        self.last_arrival = self.started
        #: when each toast shown by a key of ours is due to be removed
        self.toast_removals: list[float] = []

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self, timeout: float) -> bool:
        """Read what is there within `timeout`; False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the child has gone and the pty is closed
            chunk = b""
        if not chunk:
            if self.process.poll() is not None:
                raise HarnessError(f"the program exited ({self.process.returncode})")
            return False
        now = time.perf_counter()
        scan_from = max(len(self.output) - len(SYNC_QUERY), 0)
        self.output += chunk
        self.last_arrival = now
        if SYNC_QUERY in self.output[scan_from:]:
            os.write(self.master, SYNC_ANSWER)
        start = max(scan_from, self.frame_ends[-1][0] if self.frame_ends else 0)
        while (found := self.output.find(FRAME_END, start)) != -1:
            start = found + len(FRAME_END)
            self.frame_ends.append((start, now))
        return True

    def wait_for_text(self, text: str, timeout: float = 30.0) -> float:
        """Seconds from the start until the frame showing `text` was complete."""
        needle = text.encode()
        deadline = time.perf_counter() + timeout
        while (position := self.output.find(needle)) == -1:
            if time.perf_counter() > deadline:
                raise HarnessError(f"{text!r} not drawn within {timeout} s")
            self._read(deadline - time.perf_counter())
        while True:
            for offset, arrived in self.frame_ends:
                if offset > position:
                    return arrived - self.started
            if not self._read(QUIET) or time.perf_counter() > deadline:
                return self.last_arrival - self.started  # an unwrapped first frame

    def settle(self, timeout: float = 10.0) -> None:
        """Read until the pty has been quiet for `QUIET` seconds."""
        deadline = time.perf_counter() + timeout
        while self._read(QUIET):
            if time.perf_counter() > deadline:
                raise HarnessError(f"still drawing after {timeout} s")

    def wait_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Read what comes until `condition` holds; False if it did not within `timeout`."""
        deadline = time.perf_counter() + timeout
        while not condition():
            if time.perf_counter() > deadline:
                return False
            self._read(0.005)
        return True

    def send(self, data: str | bytes) -> None:
        os.write(self.master, KEYS.get(data, data.encode()) if isinstance(data, str) else data)

    def clear_of_toasts(self, ahead: float = TOAST_GUARD) -> None:
        """Wait until no toast removal is due within `ahead` seconds (nor just due). A caller
        about to type and then time a key asks for the whole of it first: a wait between the
        typing and the key would let the field's cursor blink (a frame) into the timing."""
        while True:
            now = time.perf_counter()
            self.toast_removals = [due for due in self.toast_removals if due > now - 0.2]
            near = [due for due in self.toast_removals if due < now + ahead]
            if not near:
                return
            time.sleep(max(near) + 0.2 - now)
            self.settle()

    def key_to_frame(
        self,
        key: str | bytes,
        timeout: float = 10.0,
        notifies: bool = False,
        done: Callable[[], bool] | None = None,
    ) -> float:
        """Seconds from writing `key` until the last frame it caused was complete.
        `notifies`: the key shows a toast (its removal, later, is kept out of timed keys).
        `done`: true once the key has taken effect (e.g. the game's file grew: an entry is on
        disk before it is shown); only frames from then on can be its answer, so a late frame
        of earlier typing on a loaded machine is not taken for it."""
        self.clear_of_toasts()
        self.settle(timeout)
        frames_before = len(self.frame_ends)
        sent = time.perf_counter()
        self.send(key)
        if notifies:
            self.toast_removals.append(sent + TOAST_LIFE)
        deadline = sent + timeout
        if done is not None:
            while not done():
                if time.perf_counter() > deadline:
                    raise HarnessError(f"{key!r} did not take effect within {timeout} s")
                frames_before = len(self.frame_ends)  # what this read brings may answer it
                self._read(0.002)
        while len(self.frame_ends) == frames_before:
            if time.perf_counter() > deadline:
                raise HarnessError(f"no frame within {timeout} s of {key!r}")
            self._read(deadline - time.perf_counter())
        self.settle(timeout)
        return self.frame_ends[-1][1] - sent

    def peak_memory(self) -> int:
        """The child's peak resident memory so far, in bytes (VmHWM)."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
        raise HarnessError("no VmHWM in /proc (not Linux?)")

    def close(self, timeout: float = 5.0) -> None:
        """Quit with ctrl+q as a person would; killed if it does not go."""
        try:
            if self.process.poll() is None:
                self.send("ctrl+q")
                deadline = time.perf_counter() + timeout
                while self.process.poll() is None and time.perf_counter() < deadline:
                    try:
                        self._read(0.05)
                    except HarnessError:
                        break
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait(timeout)
        finally:
            os.close(self.master)

    def __enter__(self) -> PtyProgram:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
