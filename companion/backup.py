"""`goldrush backup` and `goldrush restore`: everything (games, history, settings) in one zip,
to move to another machine or keep.

A backup carries a manifest (`goldrush-backup.json`: a format number and a SHA-256 per file),
so a restore can tell a foreign or damaged archive from ours and refuses it before writing
anything. A restore adds what is missing and skips what is the same; a file that differs
from the one here is replaced only when the caller says so (the CLI asks). Each file is
written whole (a temporary file, fsynced, then renamed), and a game another copy of the app
has open is never replaced under it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import time
import zipfile
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from companion import __version__
from companion.amounts import plural
from companion.files import MIB, RESTORING_SUFFIX, remove_left_behind, temporary_for
from companion.gamefile import ENTRY_MARKER
from companion.lock import GameLock
from companion.safe_text import quoted, visible
from companion.store import (
    KEPT_SUFFIX,
    DamagedFile,
    SaveError,
    Store,
    kept_kind,
    written_in_root,
)

MANIFEST = "goldrush-backup.json"
FORMAT = 1
#: What a backup may hold: the game files, the history, the settings, and the copies the
#: app keeps beside them (`<name>.damaged-<time>`...: store.KEPT_KINDS); nothing else is read.
ALLOWED = re.compile(
    r"^(games/[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.toml|history\.toml|settings\.toml)"
    rf"(?:{KEPT_SUFFIX})?$"
)
FILE_LIMIT = 64 * MIB  # as a game file's own limit
ARCHIVE_LIMIT = 2048  # files: far more games than a table plays
ZIP_EPOCH = 315532800 + 86400  # a zip's times start in 1980 (a day later: any time zone)


class BackupError(ValueError):
    """A backup that cannot be made or an archive that cannot be restored; one sentence."""


def backup(store: Store, target: Path) -> list[str]:
    """Write everything to the zip `target` (never over an existing file); the names kept.

    A name that does not end in .zip is refused, not changed: `backup games.txt` wrote a
    zip under that name (a play-test), and a name the app chose in its place would not
    be where a script or the person looks for it."""
    shown = visible(str(target))
    if target.is_dir():  # ("already exists: choose another name" read as a clash)
        raise BackupError(
            f"{shown} is a folder: name the zip to write in it, e.g. "
            f"{visible(str(target / 'games.zip'))}; nothing was written."
        )
    if not target.name.lower().endswith(".zip"):
        raise BackupError(
            f"{shown} does not end in .zip: a backup is a zip, e.g. "
            f"{visible(str(target.with_name(target.stem + '.zip')))}; nothing was written."
        )
    if target.exists():
        raise BackupError(f"{shown} already exists: choose another name, nothing was written.")
    names = _local_files(store)
    temporary = target.with_name(target.name + ".part")
    hashes: dict[str, str] = {}
    try:
        with zipfile.ZipFile(temporary, "x", compression=zipfile.ZIP_DEFLATED) as archive:
            for name in names:
                path = store.root / name
                data = path.read_bytes()
                hashes[name] = hashlib.sha256(data).hexdigest()
                # the file's own time, which a restore gives back ("last played")
                stamp = max(path.stat().st_mtime, ZIP_EPOCH)
                info = zipfile.ZipInfo(name, date_time=time.localtime(stamp)[:6])
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
            manifest = {
                "format": FORMAT,
                "app": f"goldrush {__version__}",
                "made": datetime.now().isoformat(timespec="seconds"),
                "files": hashes,
            }
            archive.writestr(MANIFEST, json.dumps(manifest, indent=2))
        with temporary.open("rb+") as handle:
            os.fsync(handle.fileno())
        temporary.replace(target)
    except OSError as error:
        with contextlib.suppress(OSError):  # (a folder in the path that is a file: ENOTDIR
            # here too, which ended the command naming the .part file)
            temporary.unlink(missing_ok=True)
        raise BackupError(  # (the path left out: which folder was missing went unsaid, a
            # play-test)
            f"The backup could not be written to {shown}: {error.strerror or error}."
        ) from None
    return names


def _local_files(store: Store) -> list[str]:
    names = []
    if store.games_dir.is_dir():
        names += sorted(
            f"games/{path.name}" for path in store.games_dir.glob("*.toml") if path.is_file()
        )
    for path in (store.history_path, store.settings_path):
        if path.is_file():
            names.append(path.name)
    # the copies kept beside them: after "Continue from the readable part" the entries
    # dropped are only in one (a backup left them out: a play-test)
    names += [path.relative_to(store.root).as_posix() for path in store.kept_copies()]
    return [name for name in names if ALLOWED.match(name)]


def kept_copies_said(names: list[str]) -> str:
    """ "2 kept copies of damaged files" for the kept copies among `names` ("" for none):
    of damaged files (damaged or torn), of files a restore replaced, or of both."""
    kinds = {kind for kind in map(kept_kind, names) if kind}
    count = sum(map(bool, map(kept_kind, names)))
    if not count:
        return ""
    many = count != 1
    if kinds == {"replaced"}:
        what = "files a restore replaced" if many else "a file a restore replaced"
    elif "replaced" in kinds:
        what = "damaged or replaced files"
    else:
        what = "damaged files" if many else "a damaged file"
    return f"{plural(count, 'kept copy', 'kept copies')} of {what}"


@dataclass
class RestorePlan:
    """What a restore would do: files that are new here, the same, or different. A kept
    copy (`<name>.damaged-<time>`...) is never written over: one that differs from a file
    of its name here is in `copies_differing`, never in `differing` (asked about)."""

    archive: Path
    new: list[str] = field(default_factory=list)
    same: list[str] = field(default_factory=list)
    differing: list[str] = field(default_factory=list)
    copies_differing: list[str] = field(default_factory=list)
    contents: dict[str, bytes] = field(default_factory=dict, repr=False)
    #: each file's time in the archive (its time when backed up), as a timestamp
    times: dict[str, float] = field(default_factory=dict, repr=False)
    #: the copies kept of the files a restore replaced (`<name>.replaced-<time>`)
    replaced: list[Path] = field(default_factory=list)


def open_in_the_app(name: str) -> str:
    """Why a restore that would replace this game writes nothing."""
    return f"{name} is open in the app: close it there and restore again (nothing was restored)."


def compared(store: Store, plan: RestorePlan, name: str) -> str:
    """How the file here and the backup's differ, for the one asked to choose (a game: its
    log's length and its time; another file: its time): "here: 12 entries in its log,
    saved 27 Nov 11:05; the backup's: 14 entries in its log, saved 27 Nov 10:59"."""

    def said(data: bytes, when: float | None) -> str:
        parts = []
        if name.startswith("games/"):
            count = data.count(ENTRY_MARKER)
            parts.append(f"{plural(count, 'entry', 'entries')} in its log")
        if when is not None:
            parts.append(f"saved {datetime.fromtimestamp(when):%d %b %H:%M}")
        return ", ".join(parts) or "another content"

    here = store.root / name
    try:
        mine = said(here.read_bytes(), here.stat().st_mtime)
    except OSError:
        mine = "not readable"
    if name.startswith("games/") and mine != "not readable":
        mine += _after_comma(damage_said(store, here))
    data = plan.contents.get(name, b"")
    theirs = said(data, plan.times.get(name))
    if name.startswith("games/"):  # read as a file of its own (a damaged copy in the backup
        # looked the better one, "9 entries", and replaced a good game: a play-test)
        with tempfile.TemporaryDirectory(prefix="goldrush-restore-") as folder:
            copy = Path(folder) / "games" / Path(name).name
            copy.parent.mkdir()
            copy.write_bytes(data)
            theirs += _after_comma(damage_said(Store(Path(folder), store.known_games), copy))
    return f"here: {mine}; the backup's: {theirs}"


def cut_reason(error: BaseException) -> str:
    """An error's words, made visible and at most 100 characters."""
    reason = visible(str(error)) or type(error).__name__
    return reason if len(reason) <= 100 else reason[:99] + "…"


def damage_said(store: Store, path: Path) -> str:
    """ "damaged: ..." when the game file at `path` cannot be read whole (the copy here, or
    the backup's: a play-test's question read like two healthy copies); "" otherwise."""
    try:
        record = store.read_game(path)
    except DamagedFile as damaged:
        return f"damaged: it cannot be read ({damaged.reason})"
    except OSError:
        return "damaged: it cannot be read"
    if record.damage is not None:
        readable = record.damage.number - 1
        return f"damaged: only its first {plural(readable, 'entry', 'entries')} read"
    return ""


def _after_comma(said: str) -> str:
    return f", {said}" if said else ""


def plan_restore(store: Store, archive_path: Path) -> RestorePlan:
    """Read and check the archive whole; BackupError (nothing written) when it is not a
    Goldrush backup or is damaged."""
    shown = str(archive_path)
    try:
        archive = zipfile.ZipFile(archive_path)
    except FileNotFoundError:
        raise BackupError(f"{shown}: no such file.") from None
    except IsADirectoryError:  # ("not a zip archive, or a damaged one ([Errno 21] Is a
        # directory: ...)")
        raise BackupError(f"{shown} is a folder, not a backup; nothing was restored.") from None
    except (NotADirectoryError, PermissionError) as error:  # (said without Python's
        # "[Errno 20]" and the path again; other OSErrors are a damaged archive's seeks)
        raise BackupError(
            f"{shown} cannot be read: {error.strerror or cut_reason(error)}; nothing was restored."
        ) from None
    except (zipfile.BadZipFile, OSError, NotImplementedError, ValueError, EOFError) as error:
        # (a byte changed in its directory: "zipfiles that span multiple disks are not
        # supported" reached the user as an unexpected error)
        raise BackupError(
            f"{shown} is not a zip archive, or a damaged one ({cut_reason(error)}); nothing "
            "was restored."
        ) from None
    with archive:
        infos = archive.infolist()
        if len(infos) > ARCHIVE_LIMIT:
            raise BackupError(f"{shown} holds {len(infos)} files: not a Goldrush backup.")
        try:
            manifest = json.loads(_read(archive, MANIFEST, shown))
        except KeyError:  # (a byte of the manifest's name changed made a backup "not a
            # Goldrush backup": a play-test thought they had picked the wrong file)
            ours = any(ALLOWED.match(info.filename) for info in infos)
            kind = "not a Goldrush backup, or a damaged one" if ours else "not a Goldrush backup"
            raise BackupError(f"{shown} is {kind} (no {MANIFEST}); nothing was restored.") from None
        except ValueError:  # there, but damaged (it was "not a Goldrush backup": a play-test)
            raise BackupError(
                f"{shown} is damaged: its {MANIFEST} cannot be read; nothing was restored."
            ) from None
        if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
            raise BackupError(f"{shown}: its {MANIFEST} is not one this app writes.")
        if manifest.get("format") != FORMAT:
            raise BackupError(
                f"{shown} is a backup of format {manifest.get('format')!r}; this app reads "
                f"format {FORMAT}. Nothing was restored."
            )
        expected: dict[str, str] = manifest["files"]
        for info in infos:  # what the manifest leaves out was ignored without a word (a
            # play-test); folders' own entries (a zip made again by hand) write nothing
            name = info.filename
            if name == MANIFEST or name in expected or name.endswith("/"):
                continue
            if not ALLOWED.match(name):
                raise BackupError(
                    f"{shown} holds a file this app never writes: {quoted(name)}. "
                    "Nothing was restored."
                )
            raise BackupError(
                f"{shown} holds {name}, which its {MANIFEST} does not list: it is not as it "
                "was backed up. Nothing was restored."
            )
        plan = RestorePlan(archive_path)
        for name, digest in expected.items():
            if not isinstance(name, str) or not ALLOWED.match(name):
                raise BackupError(f"{shown} names a file this app never writes: {quoted(name)}.")
            try:
                data = _read(archive, name, shown)
            except KeyError:
                raise BackupError(f"{shown} is damaged: {name} is missing from it.") from None
            if hashlib.sha256(data).hexdigest() != digest:
                raise BackupError(f"{shown} is damaged: {name} is not as it was backed up.")
            plan.contents[name] = data
            with contextlib.suppress(KeyError, ValueError, OverflowError):
                plan.times[name] = datetime(*archive.getinfo(name).date_time).timestamp()
            here = store.root / name
            if not here.exists():
                plan.new.append(name)
            elif here.is_file() and here.read_bytes() == data:
                plan.same.append(name)
            elif kept_kind(name):
                plan.copies_differing.append(name)
            else:
                plan.differing.append(name)
    return plan


def _read(archive: zipfile.ZipFile, name: str, shown: str) -> bytes:
    info = archive.getinfo(name)  # KeyError when missing
    if info.file_size > FILE_LIMIT:
        raise BackupError(f"{shown}: {name} is larger than any file this app writes.")
    try:
        with archive.open(info) as handle:
            data = handle.read(FILE_LIMIT + 1)
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error, NotImplementedError):
        # a CRC error, a cut archive, a byte changed inside compressed data or a header:
        # said without the zip library's words ("File name in directory ... and header
        # b'...'", 5,000 characters of it, told a table nothing: a play-test)
        raise BackupError(f"{shown} is damaged: {name} cannot be read from it.") from None
    if len(data) > FILE_LIMIT:
        raise BackupError(f"{shown}: {name} is larger than any file this app writes.")
    return data


def restore(
    store: Store, plan: RestorePlan, replace: set[str] | frozenset[str] = frozenset()
) -> list[str]:
    """Write the plan's new files and the differing ones named in `replace`; the names
    written. A game open in a copy of the app is not replaced: every game's lock is taken
    before anything is written, so that one open game leaves the data as it was (it had
    restored some files first: a play-test). BackupError says which."""
    names = [*plan.new, *(n for n in plan.differing if n in replace)]
    # what a restore killed before left aside (a kill -9 while it wrote: `_write_whole`);
    # in the data folder itself (maybe a home folder) only that of the app's own files
    remove_left_behind(store.root, whose=written_in_root)
    remove_left_behind(store.games_dir)
    locks: list[GameLock] = []
    try:
        for name in names:
            target = store.root / name
            if name.startswith("games/") and not kept_kind(name) and target.exists():
                lock = GameLock(target)
                locks.append(lock)
                if not lock.acquire():
                    raise BackupError(open_in_the_app(name))
        written: list[str] = []
        for name in names:
            target = store.root / name
            try:
                if kept_kind(name):  # beside the games, never over a file of its name
                    if not _write_new(target, plan.contents[name], plan.times.get(name)):
                        plan.copies_differing.append(name)  # (there since the plan)
                        continue
                else:
                    if target.is_file():  # the file replaced is kept beside it: a table
                        # that answered y lost a change no file held any more (a play-test)
                        plan.replaced.append(store.keep_copy(target, "replaced", "the file here"))
                    _write_whole(target, plan.contents[name], plan.times.get(name))
            except SaveError:
                raise BackupError(
                    f"{name} was not replaced: a copy of the file here could not be kept "
                    f"first (restored so far: {', '.join(written) or 'nothing'})."
                ) from None
            except OSError as error:
                raise BackupError(
                    f"{name} could not be written: {error.strerror or error} "
                    f"(restored so far: {', '.join(written) or 'nothing'})."
                ) from None
            written.append(name)
        return written
    finally:
        for lock in locks:
            lock.release()


def _write_synced(handle: BinaryIO, data: bytes) -> None:
    """`data` written and on the disk before the file is closed."""
    handle.write(data)
    handle.flush()
    os.fsync(handle.fileno())


def _set_time(path: Path, when: float | None) -> None:
    """The file's time set to `when` (the backup's), if it can be (a time out of range is
    left as it is)."""
    if when is not None:
        with contextlib.suppress(OSError, OverflowError, ValueError):
            os.utime(path, (when, when))


def _write_whole(target: Path, data: bytes, when: float | None = None) -> None:
    """Written whole, with its time from the backup (`when`): "last played", and what `r`
    resumes, are the files' times (a restore made every game played at the restore's
    time: a play-test). Written aside under a name of this process's
    (`<name>.<pid>.restoring`): a write that fails leaves no temporary file behind, one a
    kill left is removed later (`remove_left_behind`). The backup's time is given once
    the file has its name: a file aside with an old time would look left behind."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_for(target, RESTORING_SUFFIX)
    try:
        with temporary.open("wb") as handle:
            _write_synced(handle, data)
        temporary.replace(target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _set_time(target, when)


def _write_new(target: Path, data: bytes, when: float | None = None) -> bool:
    """A kept copy written whole under its name, never over a file of that name (False,
    nothing written, when there is one): written aside, then linked in (a link is never
    made over a file), or created exclusively where links cannot be made."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_for(target, RESTORING_SUFFIX)
    try:
        _write_whole(temporary, data)  # (its time of writing, while aside)
        try:
            os.link(temporary, target)
        except FileExistsError:
            return False
        except OSError:  # a file system without links (FAT): created, not renamed in
            try:
                descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                return False
            try:
                with os.fdopen(descriptor, "wb") as handle:
                    _write_synced(handle, data)
            except BaseException:
                target.unlink(missing_ok=True)
                raise
        _set_time(target, when)  # (linked: the file aside too, now it is there)
        return True
    finally:
        temporary.unlink(missing_ok=True)
