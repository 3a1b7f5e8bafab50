"""A game's first read done on the second core while the app's UI starts (#16).

A game opened without a snapshot of these rules (`cache/<id>.snapshot`: the first open after
an update of the app, a file copied from another machine, a cache that was cleared) is read
and replayed in full. `goldrush open ID` then forks a child before Textual is imported: the
child reads the game as the app would (without its lock: it only reads, and writes nothing
but the snapshot, which every open checks against the journal's bytes anyway), writes the
snapshot and exits; meanwhile the app imports its UI and starts. When the app opens the game
it first waits for the child, and finds the snapshot in place: a 10,000-entry first read
costs about what a warm open does.

Nothing depends on the child: if it fails (a damaged file, a full disk) or cannot be forked,
the app reads the game itself, exactly as before, and reports what it finds.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path

from companion.store import Store


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
