"""A game's first read done on the second core while the app's UI starts (#16).

A game opened without a snapshot of these rules (`cache/<id>.snapshot`: the first open after
an update of the app, a file copied from another machine, a cache that was cleared) is read
and replayed in full. `goldrush open ID` then forks a child before Textual is imported: the
child reads the game as the app would (without its lock: it only reads, and writes nothing
but the snapshot, which every open checks against the journal's bytes anyway), writes the
snapshot and exits; meanwhile the app imports its UI and starts.

Then the game is read on a thread (`ReadAhead`), once the child has ended, the lock taken
first as when the app opens it: from the snapshot, most of that read is reading the journal
and hashing it to check the snapshot against it, which Python does without holding the
interpreter's lock, so it runs on the other core while the main thread imports the UI (a
100,000-entry journal is 15 MB: ~15 ms of reading and hashing). The app takes what it read
for its first open: a 10,000-entry first read costs about what a warm open does.

Nothing depends on the child: if it fails (a damaged file, a full disk) or cannot be forked,
the thread reads the game in full, as the app did, and the app reports what it finds.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from companion.store import Store

if TYPE_CHECKING:
    from companion.session import ReadToPlay


class FirstRead:
    """A child process reading a game; `wait` returns once it has ended (any number of
    times)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self._ended = False

    def wait(self) -> None:
        if self._ended:
            return
        self._ended = True
        with contextlib.suppress(ChildProcessError):  # reaped already (a test's, say)
            os.waitpid(self.pid, 0)


class ReadAhead:
    """A game read on a thread (`companion.session.read_to_play`) while the UI starts, once
    `child` (a first read) has ended; `take` hands it over once, `end` gives its lock back
    when it was never taken."""

    def __init__(self, store: Store, path: Path, child: FirstRead | None = None) -> None:
        from companion.session import read_to_play  # imported here, not on the thread

        self.path = path
        self.child = child
        self._read: ReadToPlay | None = None
        self._error: BaseException | None = None
        self._taken = False

        def read() -> None:
            try:
                if child is not None:  # its snapshot, once written, is what is read
                    child.wait()
                self._read = read_to_play(store, path)
            except BaseException as error:  # raised again by `take`, on the app's thread
                self._error = error

        self._thread = threading.Thread(target=read, name="goldrush-read-ahead", daemon=True)
        self._thread.start()

    def take(self, path: Path) -> ReadToPlay | None:
        """The game as read, once and for `self.path` only (a later open reads it again);
        what went wrong reading it is raised here, as the app's own read would raise it."""
        self._thread.join()
        if self._taken or path != self.path:
            return None
        self._taken = True
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        return self._read

    def end(self) -> None:
        """The lock given back when the app never took the game (it ended first)."""
        self._thread.join()
        if not self._taken and self._read is not None:
            self._read.lock.release()
        self._taken = True


def start_read_ahead(store: Store, path: Path) -> ReadAhead:
    """Read the game at `path` on a thread while the UI starts: from its snapshot, made
    first by a child when it has none of these rules (`start_first_read`)."""
    return ReadAhead(store, path, start_first_read(store, path))


def start_first_read(store: Store, path: Path) -> FirstRead | None:
    """Fork a child that reads the game at `path` and writes its snapshot, when it has none
    of these rules; None when it has one, or where forking is not safe (not POSIX, or the
    process runs other threads: a test runner) or fails."""
    if not hasattr(os, "fork") or sys.platform == "darwin" or threading.active_count() > 1:
        # (macOS: a forked child may not use some system libraries; not worth the risk)
        return None
    if store.has_snapshot(path):
        return None
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return FirstRead(pid)
    code = 1
    try:  # the child: never back into the caller, never a word on the table's screen
        _silence()
        _read_and_keep(store, path)
        code = 0
    finally:
        os._exit(code)


def _read_and_keep(store: Store, path: Path) -> None:
    """Read and replay the game as its writer would (a writer's session writes its snapshot
    when it has replayed the game), without taking its lock or mending anything."""
    from companion.session import GameSession

    GameSession(store, store.read_game(path))


def _silence() -> None:
    """The child's output goes nowhere: the terminal is the app's."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
