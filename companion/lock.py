"""One writer per game: an OS lock held by the copy of the app that plays it.

The lock is `flock` on a file beside the game (`games/<id>.toml.lock`). The kernel drops it
when the process ends, however it ends, so a crash never leaves a stale lock behind. The
lock file itself is never deleted while in use (a copy that opened the old file and one
that created a new one would both believe they hold the lock).

flock belongs to an open file description: a second `GameLock` on the same game in the
same process conflicts with the first, exactly as another process would. So a session
that leaves a game must `release()` its lock before the game is opened again.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

LOCK_SUFFIX = ".lock"
_FLAGS = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def lock_path_for(game_path: Path) -> Path:
    return game_path.with_name(game_path.name + LOCK_SUFFIX)


class GameLock:
    """The writer's lock on one game file; `acquire` never blocks."""

    def __init__(self, game_path: Path) -> None:
        self.game_path = Path(game_path)
        self.path = lock_path_for(self.game_path)
        self._descriptor: int | None = None
        self._held = False

    def acquire(self) -> bool:
        """Take the lock if no other copy holds it; True when this copy now holds it."""
        if self._held:
            return True
        if self._descriptor is None:
            self._descriptor = self._open()
        try:
            fcntl.flock(self._descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        self._held = True
        return True

    def release(self) -> None:
        """Give the lock back (closing the descriptor is what frees it for this process)."""
        if self._descriptor is not None:
            os.close(self._descriptor)
        self._descriptor = None
        self._held = False

    def _open(self) -> int:
        """The lock file, created if needed. In a folder this app cannot write to, the game
        file itself is locked instead (nothing can be saved there anyway, but two copies
        still agree on who would be the writer)."""
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | _FLAGS, 0o644)
        except OSError:
            pass
        try:
            return os.open(self.path, os.O_RDONLY | _FLAGS)
        except OSError:
            return os.open(self.game_path, os.O_RDONLY | os.O_NONBLOCK | _FLAGS)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter shutdown, os may be gone
            self.release()


def held_elsewhere(game_path: Path) -> bool:
    """Whether another copy of the app (or another session here) holds this game's lock:
    asked before offering what only its writer may do (the home screen's delete)."""
    lock = GameLock(game_path)
    try:
        return not lock.acquire()
    except OSError:
        return False  # no lock file can be made or read: the deletion says what fails
    finally:
        lock.release()
