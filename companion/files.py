"""Reading a file the app did not write itself, safely: bounded, never blocking.

A game file, a score sheet, the settings or the mine catalog may be anything a user (or
someone who shared a file) put there: a FIFO that would block for ever, a link to
/dev/zero that never ends, a directory, or a file far too big for what it claims to be.
`read_bounded` refuses all of these with one plain reason instead of hanging or eating
memory.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

KIB = 1024
MIB = 1024 * KIB


class UnreadableFile(OSError):
    """A file refused before or while reading it; `reason` is one plain sentence part."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; UnreadableFile otherwise.

    Opened without blocking (a FIFO with no writer does not hang) and checked to be a
    regular file before a byte is read; reading stops one byte past the limit, so a file
    that grows, or a device that never ends, cannot fill the memory."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise UnreadableFile(path, f"cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, f"is not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise UnreadableFile(
                path, f"is too large ({_size(info.st_size)}; at most {_size(limit)})"
            )
        chunks: list[bytes] = []
        total = 0
        # The whole file in one read when it is what it says (a long game: no copies).
        size = info.st_size + 1 if info.st_size else MIB
        while True:
            chunk = os.read(descriptor, min(size, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableFile(path, f"is too large (more than {_size(limit)})")
        return b"".join(chunks)
    except UnreadableFile:
        raise
    except OSError as error:
        raise UnreadableFile(path, f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)


def parse_toml(data: bytes) -> dict[str, Any]:
    """A TOML document from bytes; ValueError for anything else, also for nesting so deep
    that the parser would overflow the stack (tomllib raises RecursionError there) and for
    bytes that are not UTF-8 (UnicodeDecodeError is a ValueError)."""
    import tomllib  # not needed to list the saved games: imported when first used

    try:
        return tomllib.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_toml_bytes(path: Path | str, limit: int = MIB) -> bytes:
    """The bytes of a small TOML file the user may have put there (a corrected catalog):
    ValueError with the plain reason when it is not a regular file or is too large."""
    try:
        return read_bounded(path, limit)
    except UnreadableFile as error:
        raise ValueError(f"the file {error.reason}") from None


#: `replace_whole` writes `<name>.<pid>.tmp` aside, then moves it over `<name>`
TEMPORARY_SUFFIX = ".tmp"
#: a restore (companion/backup.py) writes `<name>.<pid>.restoring` aside, then moves it
RESTORING_SUFFIX = ".restoring"
#: the files written aside that a killed copy may leave behind (`remove_left_behind`)
ASIDE_SUFFIXES = (TEMPORARY_SUFFIX, RESTORING_SUFFIX)
#: a temporary file whose writer is gone is removed once it has not changed for this many
#: seconds (a copy of the app in another PID namespace, a container sharing the folder,
#: would look gone while it writes)
SETTLED_AFTER = 60.0


def temporary_for(target: Path, suffix: str = TEMPORARY_SUFFIX) -> Path:
    """Where `target` is written aside: a name of this process's (`<name>.<pid><suffix>`,
    one of ASIDE_SUFFIXES), which `remove_left_behind` can tell is no longer written."""
    assert suffix in ASIDE_SUFFIXES, suffix
    return target.with_name(f"{target.name}.{os.getpid()}{suffix}")


def replace_whole(target: Path, data: bytes, *, durable: bool = False) -> None:
    """Replace `target` with `data` all at once: written aside under a temporary name of
    this process's (another window may write the same file meanwhile), then moved over it.
    `durable` files (the history, the settings) are fsynced first; cache files only save
    work. When the write fails (a full disk) the temporary file is removed, not left behind,
    and the OSError raised; one left by a kill is removed later (`remove_left_behind`)."""
    temporary = temporary_for(target)
    try:
        with temporary.open("wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        temporary.replace(target)
    except BaseException:  # (an interrupt too: only a kill leaves it)
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def remove_left_behind(
    folder: Path,
    names: Iterable[str] | None = None,
    *,
    of: str | None = None,
    settled: float = SETTLED_AFTER,
    suffixes: tuple[str, ...] = ASIDE_SUFFIXES,
    whose: Callable[[str], bool] | None = None,
) -> list[str]:
    """Remove the files written aside (`temporary_for`: `<name>.<pid>.tmp`, a restore's
    `<name>.<pid>.restoring`) that a killed copy of the app left in `folder` (a kill
    while a game was written anew left 6 MB there for good, a kill -9 during a restore a
    whole game); the names removed. Only those ending in one of `suffixes`, of the file
    named `of` when given, or of a file whose name `whose` accepts (a folder that is not
    the app's own: only its files'), among `names` when given (the folder as just
    listed). One is removed only when its process is no longer running and it has not
    changed for `settled` seconds: never one another running copy of the app may be
    writing now (two copies may run, companion/lock.py). A process that took a gone
    one's number keeps its file, until it ends too. Best effort: what cannot be looked
    at or removed stays."""
    if names is None:
        try:
            names = os.listdir(folder)
        except OSError:
            return []
    removed = []
    now = time.time()
    for name in names:
        suffix = next((suffix for suffix in suffixes if name.endswith(suffix)), None)
        if suffix is None:
            continue
        base, dot, owner = name[: -len(suffix)].rpartition(".")
        if not (base and dot and owner.isascii() and owner.isdigit()):
            continue
        if (of is not None and base != of) or (whose is not None and not whose(base)):
            continue
        if _running(int(owner)):
            continue
        path = Path(folder) / name
        try:
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < settled:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(name)
    return removed


def _running(pid: int) -> bool:
    """Whether process `pid` runs (this one does; one that cannot be asked is taken to)."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False  # (no writer's number; os.kill(0) would ask the whole group)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OverflowError, ValueError):
        return False  # no process has such a number
    except OSError:
        return True  # another user's (EPERM): running
    return True


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _size(count: int) -> str:
    if count >= MIB:
        return f"{count / MIB:.1f} MiB"
    if count >= KIB:
        return f"{count / KIB:.0f} KiB"
    return f"{count} bytes"
