"""Where files live and how they are written: the data folder, game files appended and
fsynced, the history and the settings.

One TOML file per game: a header, then one `[[entries]]` table per journal entry. An entry
is appended and fsynced before its effect is shown, so writing costs the same at entry 10
and at entry 10,000. A write that fails (a full disk) is undone before the change is
refused, so the file is always whole. How a game file is read, checked and kept (its
entries' checks, torn and damaged files, the snapshot beside it): companion/gamefile.py.

This module is on the way to the home screen's first frame (startup, #16): it imports only
what listing the saved games needs. The game-file machinery (companion.gamefile), hashlib,
tomllib and tomli_w are imported when first needed.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import platformdirs

from companion.files import (
    MIB,
    RESTORING_SUFFIX,
    UnreadableFile,
    parse_toml,
    read_bounded,
    remove_left_behind,
    replace_whole,
)
from companion.safe_text import quoted, visible, visible_fields

if TYPE_CHECKING:
    from companion.gamefile import GameRecord, Header, Listing, ParsedJournal, Snapshot
    from companion.journal import Entry

FORMAT = 2
ENV_DATA_DIR = "GOLDRUSH_DATA_DIR"
APP_DIR_NAME = "goldrush-companion"

#: The largest files read: far above any real game (10,000 entries are about 1.3 MiB).
GAME_LIMIT = 64 * MIB
SNAPSHOT_LIMIT = 64 * MIB
HISTORY_LIMIT = 16 * MIB
SETTINGS_LIMIT = 1 * MIB
#: the settings' table of the app's own (its theme), beside a table per game
APP_SECTION = "app"


# Why a save failed, in the words the table needs (errno -> sentence).
_DISK_FULL = (
    "The disk is full: this change was not saved, so it was not done. "
    "Free some space and try again."
)
_TOO_BIG = (
    "The game file cannot grow any more (the system's file size limit): this change was "
    "not saved, so it was not done."
)
#: what the window that plays a game does when its file changed underneath it (it reads it
#: again by itself, screens/game.py `watch_file`): "open the game again" handed the game to
#: the window that followed it, which took the lock meanwhile (a play-test)
READS_AGAIN = "This window reads the file again by itself, in a moment, and says what changed."
CHANGED_ELSEWHERE = (
    "This game's file was changed by another window or program since this one read it: "
    f"this change was not saved, so it was not done. {READS_AGAIN}"
)


#: a file's inode and modification time: a change that keeps the size changes it
FileStamp = tuple[int, int]

#: The copies the app keeps beside a file, `<name>.<kind>-<time>[-<n>]` (`Store.keep_copy`):
#: a damaged game as it was, a torn one before its cut, a file a restore replaced. Not
#: games (the list reads `*.toml` only), but what a table may still need: a backup carries
#: them (after "Continue from the readable part" the dropped entries are only in one).
KEPT_KINDS = ("damaged", "torn", "replaced")
KEPT_SUFFIX = rf"\.(?:{'|'.join(KEPT_KINDS)})-[0-9]{{8}}-[0-9]{{6}}(?:-[0-9]{{1,2}})?"
#: (a pattern, compiled when first used: not on the way to the first frame, #16)
_KEPT_COPY = rf"\.toml(?P<suffix>{KEPT_SUFFIX})$"


def kept_kind(name: str) -> str | None:
    """The kind of kept copy a file's name says it is ("damaged", "torn", "replaced"), or
    None for any other file."""
    found = re.search(_KEPT_COPY, name)
    return found["suffix"][1:].split("-", 1)[0] if found else None


#: The files the app writes in the data folder itself (beside games/ and cache/).
ROOT_FILES = ("history.toml", "settings.toml")


def written_in_root(name: str) -> bool:
    """Whether the app writes a file of this name in the data folder itself: the history,
    the settings, a copy kept of one (a restore writes it), or such a copy while a restore
    writes it aside (`<copy>.<pid>.restoring`, written aside itself first). The data folder
    may be any folder (--data-dir, GOLDRUSH_DATA_DIR: a home folder): what a killed copy
    left aside there is removed only for these names (`remove_left_behind`), never a file
    of the user's."""
    aside, dot, owner = name.removesuffix(RESTORING_SUFFIX).rpartition(".")
    if name.endswith(RESTORING_SUFFIX) and dot and owner.isascii() and owner.isdigit():
        name = aside
    if name in ROOT_FILES:
        return True
    return any(name.startswith(f"{root}.") for root in ROOT_FILES) and kept_kind(name) is not None


def stamp_of(info: os.stat_result) -> FileStamp:
    return (info.st_ino, info.st_mtime_ns)


class DamagedFile(Exception):
    """A file that cannot be read; it is reported with its path and kept as it is."""

    def __init__(self, path: Path, reason: str) -> None:
        reason = visible(reason)  # it may quote the file: shown, never interpreted
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


#: what a damaged settings file means for the table, where it is listed
SETTINGS_KEPT = (
    "kept as it is; what the app remembers (Coloma's pools, the Builders board, renames) is "
    "not used until it is mended or removed"
)
#: why a game another window plays is not deleted
DELETE_IN_USE = "The game is open in another window: close it there (escape), then delete it."


class SaveError(OSError):
    """A change that could not be saved and so was not done; `sentence` says why, plainly.

    The file is as it was before the attempt (a partial write is cut off again)."""

    def __init__(self, sentence: str, code: int | None = None) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.errno = code

    @classmethod
    def from_os_error(cls, error: OSError, what: str = "this change") -> SaveError:
        if isinstance(error, SaveError):
            return error
        code = error.errno
        if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            sentence = _DISK_FULL.replace("this change", what)
        elif code == errno.EFBIG:
            sentence = _TOO_BIG.replace("this change", what)
        else:
            detail = error.strerror or str(error) or type(error).__name__
            what = what[0].upper() + what[1:]
            sentence = f"{what} could not be saved ({detail}), so it was not done."
        return cls(sentence, code)

    def said_of(self, verb: str) -> SaveError:
        """The same failure said of an undo or a redo: "this change ... was not done" read
        as if the change itself had failed, when it was its undo (a play-test)."""
        sentence = (
            self.sentence.replace(
                "this change was not saved, so it was not done",
                f"the {verb} was not saved, so nothing was {verb}ne",
            )
            .replace("This change could not be saved", f"The {verb} could not be saved")
            .replace(", so it was not done.", f", so nothing was {verb}ne.")
        )
        return SaveError(sentence, self.errno)


# ---------------------------------------------------------------------------- locations


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


def resolve_data_dir(option: str | None = None) -> Path:
    """`--data-dir` wins, then the GOLDRUSH_DATA_DIR variable, then the platform's place."""
    if option:
        return Path(option).expanduser()
    from_env = os.environ.get(ENV_DATA_DIR)
    if from_env:
        return Path(from_env).expanduser()
    return default_data_dir()


# ---------------------------------------------------------------------------- the store


#: how much of a snapshot's start names the rules that made it (see `Store.has_snapshot`)
SNAPSHOT_HEAD = 512


class Store:
    """The user's data folder: games/, history.toml, settings.toml and a parse cache."""

    def __init__(self, root: Path, known_games: Iterable[str] | None = None) -> None:
        self.root = Path(root)
        self._known_games = known_games
        #: the settings as last read, and the file's (inode, size, time) then
        self._settings_read: tuple[tuple[int, int, int], dict[str, Any]] | None = None
        #: the stamp of the game file `append_entry` wrote last, as it left it
        self.last_stamp: FileStamp | None = None
        #: whether `game_paths` removed what killed copies left in the root and cache/
        self._swept = False

    @property
    def known_games(self) -> tuple[str, ...] | None:
        """The games whose files this store reads (None: any), listed when first needed."""
        if self._known_games is not None and type(self._known_games) is not tuple:
            self._known_games = tuple(self._known_games)
        return self._known_games

    @property
    def games_dir(self) -> Path:
        return self.root / "games"

    @property
    def history_path(self) -> Path:
        return self.root / "history.toml"

    @property
    def settings_path(self) -> Path:
        return self.root / "settings.toml"

    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"

    # -- games ---------------------------------------------------------------

    def create_game(self, header: Header) -> Path:
        """Write a new game file (never over an existing one) and return its path."""
        self.games_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        data = _toml_text(header.to_table()).encode("utf-8")
        for suffix in range(1000):
            name = f"{stamp}-{header.game}" + (f"-{suffix}" if suffix else "") + ".toml"
            path = self.games_dir / name
            try:
                _write_new_file(path, data)
            except FileExistsError:
                continue
            except OSError as error:
                raise SaveError.from_os_error(error, "the new game") from None
            _fsync_dir(self.games_dir)
            return path
        raise OSError("could not find a free file name for the new game")

    def append_entry(
        self,
        path: Path,
        entry: Entry,
        expected_length: int | None = None,
        expected_stamp: FileStamp | None = None,
    ) -> int:
        """Append one entry and fsync it: when this returns, the entry survives a crash.

        Returns the file's new length; `last_stamp` is then the file's stamp after it. When
        `expected_length` is given and the file is not that long, or `expected_stamp` and
        the file's is another (someone else wrote to it, or changed a byte in place),
        nothing is written. A failed or short write is cut off again before SaveError is
        raised, so the file stays whole."""
        from companion.gamefile import entry_chunk

        chunk = entry_chunk(entry)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        except OSError as error:
            raise SaveError.from_os_error(error) from None
        try:
            info = os.fstat(descriptor)
            start = info.st_size
            if expected_length is not None and start != expected_length:
                raise SaveError(CHANGED_ELSEWHERE)
            if expected_stamp is not None and stamp_of(info) != expected_stamp:
                raise SaveError(CHANGED_ELSEWHERE)  # (a byte changed in place went on
                # being appended to, and the changes shown were not read back: a play-test)
            try:
                _write_all(descriptor, chunk)
            except OSError as error:
                problem = SaveError.from_os_error(error)
                if not _cut_back(descriptor, start):
                    problem = SaveError(
                        f"{problem.sentence} The file may end with part of it; that part "
                        "will be dropped when the game is opened again.",
                        problem.errno,
                    )
                raise problem from None
            self.last_stamp = stamp_of(os.fstat(descriptor))
            return start + len(chunk)
        finally:
            os.close(descriptor)

    def read_game(self, path: Path) -> GameRecord:
        """Read a game file; raise DamagedFile when its header cannot be read.

        A torn last entry is reported in `torn`; damage further up in `damage` (the entries
        before it are kept and the record is read-only). When a valid snapshot covers the
        start of the file, only the entries after it are parsed (`fresh`)."""
        from companion.gamefile import (
            DAMAGED_READ_ONLY,
            ENTRY_MARKER,
            EntryList,
            GameRecord,
            RunningDigest,
            _header_of,
            recent_entries,
        )

        try:
            data = read_bounded(path, GAME_LIMIT)
            modified = path.stat().st_mtime
        except UnreadableFile as error:
            raise DamagedFile(path, error.reason) from None
        except OSError as error:
            raise DamagedFile(path, f"cannot be read ({error.strerror or error})") from None
        try:
            parsed, snapshot, digest = self._parse_with_snapshot(path, data)
            header, notices = _header_of(
                parsed.doc, self.known_games, crc_verified=snapshot is not None
            )
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error, data)) from None
        good = parsed.good
        torn = None
        if parsed.torn and data[good:]:  # (blanks too: a next entry put after them
            # would not be read)
            from companion.damage import TornTail

            tail = data[good : good + len(ENTRY_MARKER)]
            starts_entry = tail.startswith(ENTRY_MARKER) or ENTRY_MARKER.startswith(tail)
            # (the last entry's own newline, cut with them, is put back by the next entry)
            own = 1 if not starts_entry and tail[:1] == b"\n" else 0
            torn = TornTail(len(data) - good - own, junk=not starts_entry)
        fmt = parsed.doc["format"]
        if parsed.spans is None:  # a file edited into another layout: its entries as read
            entries = EntryList.of(parsed.entries)
            digest = None
        else:
            entries = EntryList(data, parsed.spans, checked=fmt >= 2)
            if snapshot is not None:  # the log's entries, not read from the file again
                entries.keep_read(recent_entries(snapshot))
            digest = RunningDigest(digest, data, snapshot.length if snapshot else 0, good)
        record = GameRecord(path, header, entries, good, torn, modified, parsed.damage)
        record.notices = notices
        record.format = fmt
        record.digest = digest
        record.doc = parsed.doc
        record.snapshot = snapshot
        record.fresh = parsed.entries
        record.fresh_from = snapshot.count if snapshot else 0
        if parsed.damage is not None:
            record.read_only_reason = DAMAGED_READ_ONLY
        return record

    def _parse_with_snapshot(
        self, path: Path, data: bytes
    ) -> tuple[ParsedJournal, Snapshot | None, Any]:
        """The parsed file (its entries only those after a valid snapshot, spans for all),
        the snapshot, and the SHA-256 of the bytes it covers (None without one)."""
        from companion.gamefile import ENTRY_MARKER as _MARKER
        from companion.gamefile import parse_journal

        found = self.read_snapshot(path, data)
        rest = data[found[0].length :] if found is not None else b""
        if rest and not rest.startswith(_MARKER):  # no entry after it: a torn start, or
            # bytes that are no entry (blanks were taken as read, and the entries appended
            # after them could not be read without the snapshot); read whole, which says so
            found = None
        if found is not None:
            snapshot, digest = found
            try:
                tail = parse_journal(
                    data[snapshot.length :], snapshot.format, first_number=snapshot.count + 1
                )
            except ValueError:
                tail = None
            if tail is not None and not tail.doc and tail.spans is not None:
                tail.doc = snapshot.header
                tail.good += snapshot.length
                spans = snapshot.spans[:]
                spans.extend(place + snapshot.length for place in tail.spans)
                tail.spans = spans
                return tail, snapshot, digest
        return parse_journal(data), None, None

    def repair_torn(self, record: GameRecord) -> GameRecord:
        """Keep a complete copy of a torn file, then cut it back to its good part so appends
        stay valid. SaveError (and the file left as it was) when the copy cannot be made."""
        from dataclasses import replace

        if record.torn is None:
            return record
        backup = self.keep_copy(record.path, "torn", "the cut-off last change")
        _cut_file(record.path, record.good_length, "the repair")
        record.torn = replace(record.torn, backup=backup)
        return record

    def keep_damaged_copy(self, record: GameRecord) -> GameRecord:
        """Copy a damaged file as it is (fsynced) and note where; the file is not changed.
        When no copy can be made, the record says so and stays read-only."""
        from dataclasses import replace

        if record.damage is None or record.damage.backup is not None:
            return record
        try:
            backup = self.keep_copy(record.path, "damaged", "the damaged file")
        except SaveError as error:
            record.notices.append(error.sentence)
            return record
        record.damage = replace(record.damage, backup=backup)
        return record

    def cut_to_readable(
        self, record: GameRecord, stamp: FileStamp | None = None, then: bytes = b""
    ) -> GameRecord:
        """The table's say-so: cut a damaged file back to its readable part, once a copy of
        the whole file exists. `stamp`: the file's when the table was asked (SaveError, the
        file left as it is, when it is another now). Raises SaveError when there is no copy
        or the cut fails.

        `then`: bytes to end the file with (going on's entry), written with the cut in one
        go: the readable part and them are written aside and moved over the file, so a
        crash leaves the damaged file or the cut one with them, never the cut one alone.
        Without them the file is cut in place (it needs no room on the disk)."""
        if record.damage is None:
            return record
        if record.damage.backup is None or not record.damage.backup.is_file():
            raise SaveError(
                "There is no copy of the damaged file, so it was not cut back: free some "
                "space, then choose Continue again."
            )
        what = "cutting the file back"
        if stamp is not None:
            _unchanged_since(record.path, stamp, what)
        if then:
            try:
                kept = read_bounded(record.path, GAME_LIMIT)[: record.good_length]
            except UnreadableFile as error:
                raise SaveError(f"The file could not be cut back: it {error.reason}.") from None
            if stamp is not None:  # (what was read is the file the table was asked about)
                _unchanged_since(record.path, stamp, what)
            self._replace_game(record.path, kept + then, what)
        else:
            _cut_file(record.path, record.good_length, what)
        record.damage = None
        record.read_only_reason = None
        return record

    def rewrite_damaged(self, record: GameRecord, data: bytes, stamp: FileStamp) -> None:
        """The table's say-so: replace a damaged file by `data` (its sound entries, the
        damaged ones left out, and going on's entry), once a copy of the whole file exists.
        Written aside, fsynced, moved over it and the folder fsynced: a crash leaves the old
        file or the new one, never part of one. `stamp`: the file's when `data` was made of
        it; SaveError (the file left as it is) when it is another now, or the write fails."""
        if record.damage is None:
            return
        if record.damage.backup is None or not record.damage.backup.is_file():
            raise SaveError(
                "There is no copy of the damaged file, so it was not changed: free some "
                "space, then choose Continue again."
            )
        _unchanged_since(record.path, stamp, "the game without its damaged entries")
        self._replace_game(record.path, data, "the game without its damaged entries")

    def _replace_game(self, path: Path, data: bytes, what: str) -> None:
        """A game file replaced whole by `data`: aside, fsynced, moved over it, the folder
        fsynced. SaveError (the file as it was, no temporary file left) when it fails."""
        try:
            replace_whole(path, data, durable=True)
        except OSError as error:
            raise SaveError.from_os_error(error, what) from None
        _fsync_dir(path.parent)

    def keep_copy(self, path: Path, kind: str, what: str) -> Path:
        """A complete, fsynced copy `<name>.<kind>-<time>`; no partial copy is ever left.
        `kind` is one of KEPT_KINDS (what a backup recognises and carries)."""
        assert kind in KEPT_KINDS, kind
        try:
            data = read_bounded(path, GAME_LIMIT)
        except UnreadableFile as error:
            raise SaveError(f"No copy of {what} could be made: the file {error.reason}.") from None
        for earlier in sorted(path.parent.glob(f"{glob.escape(path.name)}.{kind}-*")):
            # the same bytes kept already: that copy (each open of a damaged game made one
            # more: a play-test)
            with contextlib.suppress(OSError):
                if earlier.stat().st_size == len(data) and earlier.read_bytes() == data:
                    return earlier
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for suffix in range(100):
            name = f"{path.name}.{kind}-{stamp}" + (f"-{suffix}" if suffix else "")
            backup = path.with_name(name)
            try:
                _write_new_file(backup, data)
            except FileExistsError:
                continue
            except OSError as error:
                problem = SaveError.from_os_error(error, "a copy")
                raise SaveError(
                    f"{problem.sentence} The file was left as it is ({what} kept in it); the "
                    "game is open read-only.",
                    problem.errno,
                ) from None
            _fsync_dir(path.parent)
            return backup
        raise SaveError(f"No free name for a copy of {what}; the file was left as it is.")

    def game_paths(self) -> list[Path]:
        """The game files, by name. What a killed copy of the app left aside while it wrote
        a file whole is removed on the way (`remove_left_behind`): a game's, listed here;
        the cache's, the history's and the settings', once per store (in the data folder
        itself, only those of the files the app writes there: `written_in_root`)."""
        try:
            names = os.listdir(self.games_dir)
        except OSError:  # (none yet, or not a folder)
            return []
        if not self._swept:
            self._swept = True
            remove_left_behind(self.root, whose=written_in_root)  # (maybe a home folder)
            remove_left_behind(self.cache_dir)
        remove_left_behind(self.games_dir, names)
        return sorted(self.games_dir / name for name in names if name.endswith(".toml"))

    def kept_copies(self) -> list[Path]:
        """The copies kept beside the games, the history and the settings (KEPT_KINDS)."""
        found = sorted(self.games_dir.glob("*.toml.*")) if self.games_dir.is_dir() else []
        for path in (self.history_path, self.settings_path):
            found += sorted(self.root.glob(f"{path.name}.*"))
        return [path for path in found if kept_kind(path.name) and path.is_file()]

    def list_games(self) -> Listing:
        """Every game file read in full, newest first; unreadable ones in `damaged`."""
        from companion.gamefile import Listing

        listing = Listing()
        for path in self.game_paths():
            try:
                listing.games.append(self.read_game(path))
            except DamagedFile as damaged:
                listing.damaged.append(damaged)
        listing.games.sort(key=lambda record: record.modified, reverse=True)
        listing.damaged.sort(key=lambda damaged: damaged.path.name)
        return listing

    def delete_game(self, path: Path) -> None:
        """Delete a game file and its caches; SaveError with a plain reason when it cannot,
        or when another window plays it: its writer's lock is taken for the deletion (the
        home screen deleted a game being played, whose window then saved nothing)."""
        from companion.lock import GameLock, lock_path_for

        lock = GameLock(path)
        try:
            if path.exists() and not lock.acquire():
                raise SaveError(DELETE_IN_USE)
            path.unlink()
            # its lock file too, while held (it stayed behind: a play-test)
            lock_path_for(path).unlink(missing_ok=True)
        except FileNotFoundError:
            pass
        except SaveError:
            raise
        except OSError as error:
            detail = error.strerror or str(error)
            raise SaveError(
                f"The game could not be deleted ({detail}): the data folder may be read-only."
            ) from None
        finally:
            lock.release()
        try:
            for cached in self.cache_dir.glob(f"{path.stem}.*"):
                cached.unlink(missing_ok=True)
        except OSError:
            pass  # a stale cache is checked and rebuilt, never trusted

    # -- the scoring wizard's typing -------------------------------------------------

    def _draft_path(self, path: Path) -> Path:
        return self.cache_dir / (path.stem + ".wizard-draft.toml")

    def read_draft(self, path: Path) -> dict[str, Any] | None:
        """What was typed in this game's scoring wizard and not saved yet (see
        `write_draft`), or None: none, or one that cannot be read (it only saves typing)."""
        try:
            draft = self._read_toml(self._draft_path(path), SETTINGS_LIMIT)
        except DamagedFile:
            return None
        return draft or None

    def write_draft(self, path: Path, draft: Mapping[str, Any]) -> str | None:
        """Keep what is being typed in the wizard, so that a crash or a kill does not lose
        it (replaced whole: a reader never sees half of it). Best effort, not fsynced: the
        game's own changes are the journal's, this is typing not saved yet. Why it could
        not be kept, or None."""
        try:
            self._write_cached(self._draft_path(path), _toml_text(dict(draft)).encode("utf-8"))
        except OSError as error:
            return error.strerror or str(error)
        except (ValueError, TypeError) as error:
            return str(error)
        return None

    def drop_draft(self, path: Path) -> None:
        """The wizard's typing is saved in the game, or was dropped by the table."""
        with contextlib.suppress(OSError):
            self._draft_path(path).unlink(missing_ok=True)

    # -- snapshots ----------------------------------------------------------------

    def _snapshot_path(self, path: Path) -> Path:
        return self.cache_dir / (path.stem + ".snapshot")

    def has_snapshot(self, path: Path) -> bool:
        """Whether a snapshot of the game made by these rules is kept: its first bytes name
        them (whether it is whole and still the file's is checked when it is read)."""
        from companion.gamefile import rules_fingerprint

        try:
            with self._snapshot_path(path).open("rb") as kept:
                head = kept.read(SNAPSHOT_HEAD)
        except OSError:
            return False
        return rules_fingerprint().encode() in head

    def read_snapshot(self, path: Path, data: bytes) -> tuple[Snapshot, Any] | None:
        """The snapshot of this game when it is whole, of these rules, and covers the start
        of `data` byte for byte, with the SHA-256 of those bytes (to go on with); None
        otherwise (the game is then replayed in full)."""
        from companion.gamefile import _header_of, _snapshot_of, _spans_fit

        try:
            raw = read_bounded(self._snapshot_path(path), SNAPSHOT_LIMIT)
            snapshot = _snapshot_of(raw)
            if snapshot is None or snapshot.length > len(data):
                return None
            digest = _sha256(memoryview(data)[: snapshot.length])
            if digest.hexdigest() != snapshot.digest or not _spans_fit(snapshot, data):
                return None
            _header_of(snapshot.header, self.known_games, crc_verified=True)
            return snapshot, digest
        except Exception:  # any fault in a snapshot only means: replay the game
            return None

    def write_snapshot(self, path: Path, snapshot: Snapshot) -> None:
        """Best effort: a snapshot that cannot be written only costs speed."""
        import pickle

        from companion.gamefile import _snapshot_bytes

        try:
            self._write_cached(self._snapshot_path(path), _snapshot_bytes(snapshot))
        except (OSError, TypeError, ValueError, pickle.PicklingError):
            return

    def _write_cached(self, target: Path, data: bytes) -> None:
        """A file of cache/ replaced whole (not fsynced: it only saves work). Written under
        a temporary name of this process's: another window may write the same file
        meanwhile."""
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        replace_whole(target, data)

    # -- history ---------------------------------------------------------------

    def read_history(self) -> list[dict[str, Any]]:
        """The finished games, oldest first (their text made safe to show); raises
        DamagedFile if the file is unreadable."""
        return [visible_fields(game) for game in self._history_rows()[1]]

    def _history_rows(self) -> tuple[bytes, list[dict[str, Any]]]:
        """The history's bytes and its rows as written (b"" and none when there is none);
        DamagedFile when it cannot be read, or is not a list of tables."""
        raw, doc = self._read_toml_bytes(self.history_path, HISTORY_LIMIT)
        games = doc.get("games", [])
        if not isinstance(games, list) or not all(isinstance(game, dict) for game in games):
            raise DamagedFile(self.history_path, "'games' is not a list of tables")
        return raw, games

    def record_finished(self, record: Mapping[str, Any]) -> None:
        """Add one finished game (a flat table) to the history, never to a damaged one. A
        game finished again after a reopen (the same `file`) replaces its row, in place: the
        history keeps one row per game, with its last sheet."""
        self.amend_history(add=[record])

    def forget_finished(self, file: str) -> None:
        """Take a game out of the history: it is no longer finished (its finish undone, or
        reopened), so the records no longer count it until it is finished again (they kept
        its result: a play-test). Nothing is written when it is not there."""
        self.amend_history(drop=[file])

    def amend_history(
        self, add: Sequence[Mapping[str, Any]] = (), drop: Collection[str] = ()
    ) -> None:
        """The history with the rows of the game files `drop` taken out and the rows `add`
        put in (a row of a file it has already is replaced in place), in one write. Nothing
        is written when nothing changes, nor to a damaged history (DamagedFile).

        Written whole, aside, then moved over the old one: a write that does not fit (a full
        disk: SaveError) leaves the file as it was, or leaves none when there was none (an
        append left an empty history.toml: a play-test). Rows only added keep the file's
        bytes as its start, so the records' cache still reads only the new tail."""
        chunks = [_table_chunk("games", record) for record in add]  # (flat, or ValueError)
        raw, rows = self._history_rows()
        kept, whole = merged_history(rows, [dict(record) for record in add], drop, _file_of)
        if whole:
            try:
                data = b"".join(_table_chunk("games", row) for row in kept)
            except ValueError:  # a row this app did not write (nested): keep the file
                raise DamagedFile(self.history_path, "holds a game that is not flat") from None
        elif chunks:  # (nothing taken out nor replaced: all of them added after the rest)
            data = raw + b"".join(chunks)
        else:
            return
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            replace_whole(self.history_path, data, durable=True)
        except OSError as error:
            raise SaveError.from_os_error(error, "the finished game") from None

    # -- settings ----------------------------------------------------------------

    def history_damage(self) -> DamagedFile | None:
        """Why the history (the records) cannot be read, or None (no history is none)."""
        if not os.path.lexists(self.history_path):
            return None
        try:
            self.read_history()
        except DamagedFile as damaged:
            return damaged
        return None

    def settings_damage(self) -> DamagedFile | None:
        """Why the settings file cannot be read, or None: said where the damaged games are
        listed (it was said only when something was saved to it: a play-test)."""
        try:
            self.read_settings()
        except DamagedFile as damaged:
            return damaged
        return None

    def read_settings(self) -> dict[str, Any]:
        """The settings; raises DamagedFile if the file exists but cannot be read, or does
        not have the shape the app writes (a table per game, a table per chart). A copy:
        callers change what they get."""
        from copy import deepcopy

        return deepcopy(self._settings())

    def remembered(self, section: str, key: str, default: Any = None) -> Any:
        """One value of the settings (a copy), or `default`; raises DamagedFile as
        `read_settings` does. Only that value is copied: a key looked a remembered number
        up three times, each time copying all the settings (#16)."""
        from copy import deepcopy

        table = self._settings().get(section, {})
        return deepcopy(table[key]) if isinstance(table, dict) and key in table else default

    def _settings(self) -> dict[str, Any]:
        """The settings as last read, not to be changed: read again only when the file
        changed since."""
        try:
            info = os.stat(self.settings_path)
            seen = (info.st_ino, info.st_size, info.st_mtime_ns)
        except OSError:
            seen = None
        if seen is not None and self._settings_read is not None and self._settings_read[0] == seen:
            # Unchanged since the last read (a file replaced gets a new inode): not parsed
            # again at each command that looks a remembered number up.
            return self._settings_read[1]
        settings = self._read_toml(self.settings_path, SETTINGS_LIMIT)
        for name, section in settings.items():
            if not isinstance(section, dict):
                raise DamagedFile(self.settings_path, f"{quoted(name)} is not a table")
        for name, chart in settings.get("charts", {}).items():
            if not isinstance(chart, dict):
                raise DamagedFile(self.settings_path, f"chart {quoted(name)} is not a table")
        self._settings_read = None if seen is None else (seen, settings)
        return settings

    def remembered_theme(self) -> str | None:
        """The app's theme last chosen (its name), or None: none yet, or no settings to
        read (damaged: said elsewhere).

        Asked before the first frame, so the settings are not parsed for it when they can
        be spared: importing tomllib alone is ~6 ms of a 200 ms start (#16). Settings that
        never had a theme are not parsed; the `[app]` table as `remember_theme` writes it is
        read off its lines; anything else is parsed whole."""
        try:
            data = read_bounded(self.settings_path, SETTINGS_LIMIT)
        except UnreadableFile:
            return None
        if b"theme" not in data:
            return None
        written = _theme_line().search(data)
        if written is not None:
            return written.group(1).decode("ascii")
        try:
            theme = self.read_settings().get(APP_SECTION, {}).get("theme")
        except DamagedFile:
            return None
        return theme if isinstance(theme, str) else None

    def remember_theme(self, theme: str) -> None:
        """Keep the theme chosen for the next start (it was dark again: a play-test);
        raises DamagedFile (the file kept, not replaced) or OSError when it cannot."""
        settings = self.read_settings()
        section = settings.setdefault(APP_SECTION, {})
        if section.get("theme") == theme:
            return  # kept already: the file is not written again
        section["theme"] = theme
        self.write_settings(settings)

    def write_settings(self, settings: Mapping[str, Any]) -> None:
        """Replace the settings atomically; a damaged settings file is kept, never replaced."""
        self.read_settings()
        self.root.mkdir(parents=True, exist_ok=True)
        replace_whole(self.settings_path, _toml_text(dict(settings)).encode("utf-8"), durable=True)

    # -- following another copy's appends ------------------------------------------

    def read_appended(
        self, path: Path, start: int, fmt: int | None = FORMAT
    ) -> tuple[list[Entry], int]:
        """The whole entries appended after byte `start` (a length this app read before),
        and the new good length. An entry still being written is left for the next call:
        only up to the last newline is parsed, and an entry without its final line (its
        check, in a file of format `fmt`) is not counted. Raises DamagedFile when the file
        cannot be read or what follows `start` is not whole, checked entries."""
        from companion.gamefile import parse_journal

        try:
            data = read_bounded(path, GAME_LIMIT)
        except UnreadableFile as error:
            raise DamagedFile(path, error.reason) from None
        if len(data) < start:
            raise DamagedFile(path, "is shorter than the part already read")
        chunk = data[start : data.rfind(b"\n", start) + 1]
        if not chunk.strip():
            return [], start
        try:
            parsed = parse_journal(chunk, fmt)
            if parsed.doc:
                raise ValueError("unexpected tables after the entries")
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error)) from None
        if parsed.damage is not None:
            raise DamagedFile(path, f"an appended entry {parsed.damage.what}")
        return parsed.entries, start + parsed.good

    def _read_toml(self, path: Path, limit: int) -> dict[str, Any]:
        """A TOML file read bounded; {} when there is none, DamagedFile when it is bad."""
        return self._read_toml_bytes(path, limit)[1]

    def _read_toml_bytes(self, path: Path, limit: int) -> tuple[bytes, dict[str, Any]]:
        """A TOML file read bounded, its bytes and what they say; b"" and {} when there is
        none, DamagedFile when it is bad."""
        data = b""
        try:
            data = read_bounded(path, limit)
            doc = parse_toml(data)
            _check_numbers(doc)
            return data, doc
        except UnreadableFile as error:
            if not os.path.lexists(path):
                return b"", {}
            raise DamagedFile(path, error.reason) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error, data)) from None


#: a row of the history: its table, or a game the records made of it
Row = TypeVar("Row")


def merged_history(
    rows: Sequence[Row], add: Iterable[Row], drop: Collection[str], file_of: Callable[[Row], Any]
) -> tuple[list[Row], bool]:
    """The history's `rows` (in the file's order) as `Store.amend_history` leaves them: the
    rows of the game files `drop` taken out, each of `add` put in place of the row of its
    file, or after the rest when there is none (`file_of`: a row's game file, or None).
    Also whether a row was taken out or replaced (the file is then written again whole).
    The records read a history that could not be saved this way too."""
    kept = [row for row in rows if file_of(row) not in drop]
    whole = len(kept) != len(rows)
    for row in add:
        file = file_of(row)
        if file and any(file_of(old) == file for old in kept):
            kept = [row if file_of(old) == file else old for old in kept]
            whole = True
        else:
            kept.append(row)
    return kept, whole


def _file_of(row: Mapping[str, Any]) -> Any:
    return row.get("file")


@cache
def _theme_line() -> re.Pattern[bytes]:
    """The theme in the `[app]` table as tomli_w writes it (one key a line): read without
    tomllib (compiled when first asked: not on the way to a game's first frame)."""
    return re.compile(rb'(?m)^\[app\]\n(?:[a-z_]+ = [^\n]*\n)*?theme = "([A-Za-z0-9_-]{1,64})"$')


def _check_numbers(value: Any) -> None:
    """ValueError when a number anywhere in `value` is beyond any game's (see Entry)."""
    from companion.journal import LARGEST_NUMBER

    if type(value) is int and not -LARGEST_NUMBER <= value <= LARGEST_NUMBER:
        raise ValueError("holds too large a number")
    if isinstance(value, dict):
        for item in value.values():
            _check_numbers(item)
    elif isinstance(value, list):
        for item in value:
            _check_numbers(item)


def _sha256(data: Any = b"") -> Any:
    """A SHA-256 hash object (hashlib loads OpenSSL: imported when first needed)."""
    import hashlib

    return hashlib.sha256(data)


def _toml_text(table: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(table)


def _flat_toml(table: Mapping[str, Any]) -> bytes:
    if any(isinstance(value, dict) for value in table.values()):
        raise ValueError("an appended table must be flat")
    return _toml_text(dict(table)).encode()


def _table_chunk(array: str, table: Mapping[str, Any]) -> bytes:
    """One `[[array]]` table to append. The header line is written here because tomli_w
    would put a short table inline (`array = [{...}]`), which cannot be appended twice.
    The table must be flat: scalars and lists of scalars."""
    return f"\n[[{array}]]\n".encode() + _flat_toml(table)


def _cut_file(path: Path, length: int, what: str) -> None:
    """Cut `path` back to `length` bytes and fsync it; SaveError says why it could not be."""
    try:
        with path.open("r+b") as handle:
            handle.truncate(length)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        raise SaveError.from_os_error(error, what) from None


def _unchanged_since(path: Path, stamp: FileStamp, what: str) -> None:
    """SaveError (the file left as it is) when `path`'s stamp is no longer `stamp`: going on
    after damage acts on the file the table was asked about, not one written to since."""
    try:
        now = stamp_of(os.stat(path))
    except OSError as error:
        raise SaveError.from_os_error(error, what) from None
    if now != stamp:
        raise SaveError(
            "This game's file was changed by another window or program since this one "
            f"read it, so it was left as it is. {READS_AGAIN}"
        )


def _write_all(descriptor: int, data: bytes) -> None:
    """Write every byte (os.write may write fewer, e.g. near a full disk), then fsync."""
    written = 0
    while written < len(data):
        count = os.write(descriptor, data[written:])
        if count <= 0:
            raise OSError(errno.EIO, "nothing was written")
        written += count
    os.fsync(descriptor)


def _write_new_file(path: Path, data: bytes) -> None:
    """Create `path` (never over another file) holding `data`, fsynced; a partial file is
    removed again when the write fails (FileExistsError when the name is taken)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags, 0o666)
    try:
        _write_all(descriptor, data)
    except BaseException:
        os.close(descriptor)
        path.unlink(missing_ok=True)
        raise
    os.close(descriptor)


def _cut_back(descriptor: int, length: int) -> bool:
    """Undo a failed append: the file back to `length`, fsynced. False when that failed."""
    try:
        os.ftruncate(descriptor, length)
        os.fsync(descriptor)
    except OSError:
        return False
    return True


#: the mark some editors put at the start of a file they save as UTF-8
BYTE_ORDER_MARK = b"\xef\xbb\xbf"


def _reason(error: BaseException, data: bytes = b"") -> str:
    """Why a file could not be read, in a sentence; `data`, what it holds, when it says
    more (an editor's byte-order mark was "Invalid statement (at line 1, column 1)": a
    play-test)."""
    if data.startswith(BYTE_ORDER_MARK):
        return (
            "starts with an invisible byte-order mark, which an editor added when it saved "
            "it: save it again as UTF-8 without BOM (or restore it from a backup)"
        )
    if isinstance(error, UnicodeDecodeError):
        return "not a text file (not UTF-8)"
    import tomllib

    if isinstance(error, tomllib.TOMLDecodeError):
        return f"not valid TOML ({error})"
    text = str(error)
    return re.sub(r"\s+", " ", text).strip() or type(error).__name__


def _fsync_dir(directory: Path) -> None:
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
