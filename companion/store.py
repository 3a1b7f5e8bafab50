"""Where files live and how they are read and written.

One TOML file per game: a header, then one `[[entries]]` table per journal entry. An entry
is appended and fsynced before its effect is shown, so writing costs the same at entry 10
and at entry 10,000. A torn last entry (a crash mid-write) is dropped with a notice; any
other damage leaves the file untouched and listed as damaged.

Reading a long game with tomllib is slow, so a parse cache (JSON, keyed by the length and
SHA-256 of the bytes it covers) lets a reopen parse only what was appended since. The TOML
file stays the only source of truth: a stale or missing cache is simply rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from companion.files import MIB, UnreadableFile, read_bounded
from companion.journal import Entry, JournalError

FORMAT = 1
ENV_DATA_DIR = "GOLDRUSH_DATA_DIR"
APP_DIR_NAME = "goldrush-companion"
_MARKER = b"\n[[entries]]"
GAME_FILE_LIMIT = 64 * MIB  # far beyond any real game (10,000 entries are about 1 MiB)
_CACHE_REWRITE_AFTER = 50  # new entries since the cache before it is rewritten


class DamagedFile(Exception):
    """A file that cannot be read; it is reported with its path and kept as it is."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class SaveError(OSError):
    """A change refused before anything was written (e.g. the file is not the one we know)."""


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


# ---------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Header:
    """What a game file says before its entries: the setup of the table."""

    game: str
    players: list[dict[str, str]]
    first_player: int
    options: dict[str, Any]
    created: str

    def to_table(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "created": self.created,
            "first_player": self.first_player,
            "options": dict(self.options),
            "players": [dict(player) for player in self.players],
        }


@dataclass(frozen=True)
class TornTail:
    """The unreadable end of a game file that a crash left; what was dropped, and where."""

    dropped_bytes: int
    backup: Path | None = None

    def notice(self) -> str:
        kept = f" A copy of the file as it was is at {self.backup}." if self.backup else ""
        return (
            "The last change was cut off when the app stopped while saving it; it was "
            f"dropped and everything before it kept.{kept}"
        )


@dataclass
class GameRecord:
    """A game file read from disk."""

    path: Path
    header: Header
    entries: list[Entry]
    good_length: int
    torn: TornTail | None = None
    modified: float = 0.0

    @property
    def game_id(self) -> str:
        return self.path.stem


@dataclass
class Listing:
    games: list[GameRecord] = field(default_factory=list)
    damaged: list[DamagedFile] = field(default_factory=list)


# ---------------------------------------------------------------------------- parsing


def _parse(data: bytes) -> dict[str, Any]:
    return tomllib.loads(data.decode("utf-8"))


def _entries_of(doc: Mapping[str, Any]) -> list[Entry]:
    raw = doc.get("entries", [])
    if not isinstance(raw, list):
        raise JournalError("'entries' is not a list of tables")
    entries = []
    for number, table in enumerate(raw, start=1):
        if not isinstance(table, dict):
            raise JournalError(f"entry {number} is not a table")
        try:
            entries.append(Entry.from_table(table))
        except JournalError as error:
            raise JournalError(f"entry {number}: {error}") from None
    return entries


def _cut_candidates(data: bytes) -> list[int]:
    """Where the good part of a torn file may end, best guess first."""
    candidates = []
    for size in range(len(_MARKER) + 1, 0, -1):  # a cut inside the next entry's opening line
        if data.endswith((b"\n" + _MARKER)[:size]) or data.endswith(_MARKER[:size]):
            candidates.append(len(data) - size)
            break
    last = data.rfind(_MARKER)
    if last >= 0:
        candidates.append(last)
    return candidates


def parse_journal_bytes(data: bytes) -> tuple[dict[str, Any], list[Entry], int]:
    """Parse a whole document, or its good part when only the last entry is torn.

    Returns the document, its entries and how many bytes of `data` are good. Raises
    ValueError (tomllib's, the decoder's or JournalError) when more than the tail is wrong.
    """
    try:
        doc = _parse(data)
        return doc, _entries_of(doc), len(data)
    except (ValueError, UnicodeDecodeError) as first_error:
        for cut in _cut_candidates(data):
            try:
                doc = _parse(data[:cut])
                return doc, _entries_of(doc), cut
            except (ValueError, UnicodeDecodeError):
                continue
        raise first_error from None


def _header_of(doc: Mapping[str, Any], known_games: Iterable[str] | None) -> Header:
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise ValueError("this is not a Goldrush game file (no 'format' number)")
    if fmt > FORMAT:
        raise ValueError(
            f"written by a newer version of the app (format {fmt}, this app reads {FORMAT})"
        )
    if fmt < 1:
        raise ValueError(f"unknown format number {fmt}")
    game = doc.get("game")
    if not isinstance(game, str):
        raise ValueError("the header has no 'game'")
    if known_games is not None and game not in set(known_games):
        raise ValueError(f"unknown game {game!r}")
    players = doc.get("players")
    if not isinstance(players, list) or not players:
        raise ValueError("the header has no players")
    for seat, player in enumerate(players, start=1):
        if not (isinstance(player, dict) and isinstance(player.get("name"), str)):
            raise ValueError(f"player {seat} in the header has no name")
        if not isinstance(player.get("colour", ""), str):
            raise ValueError(f"player {seat} in the header has a colour that is not text")
    first = doc.get("first_player", 0)
    if not isinstance(first, int) or not 0 <= first < len(players):
        raise ValueError("the header's 'first_player' is not a seat at this table")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("the header's 'options' is not a table")
    created = doc.get("created", "")
    return Header(
        game=game,
        players=[{"name": p["name"], "colour": p.get("colour", "white")} for p in players],
        first_player=first,
        options=dict(options),
        created=str(created),
    )


# ---------------------------------------------------------------------------- the store


class Store:
    """The user's data folder: games/, history.toml, settings.toml and a parse cache."""

    def __init__(self, root: Path, known_games: Iterable[str] | None = None) -> None:
        self.root = Path(root)
        self.known_games = tuple(known_games) if known_games is not None else None

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
        data = tomli_w.dumps(header.to_table()).encode("utf-8")
        for suffix in range(1000):
            name = f"{stamp}-{header.game}" + (f"-{suffix}" if suffix else "") + ".toml"
            path = self.games_dir / name
            try:
                with path.open("xb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
            except FileExistsError:
                continue
            _fsync_dir(self.games_dir)
            return path
        raise OSError("could not find a free file name for the new game")

    def append_entry(self, path: Path, entry: Entry, expected_length: int | None = None) -> int:
        """Append one entry and fsync it: when this returns, the entry survives a crash.

        With `expected_length`, the file must be exactly that long (what the caller has
        read), or nothing is written and SaveError says so: another copy of the app changed
        it. Returns the file's length after the entry."""
        chunk = _table_chunk("entries", entry.to_table())
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        if expected_length is None:
            flags |= os.O_CREAT
        descriptor = os.open(path, flags, 0o644)
        with os.fdopen(descriptor, "ab") as handle:
            if expected_length is not None:
                length = os.fstat(descriptor).st_size
                if length != expected_length:
                    raise SaveError(
                        f"{path} was changed by another copy of the app ({length} bytes, "
                        f"not {expected_length}); nothing was written. Open the game again."
                    )
            handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
            return handle.tell()

    def read_game(self, path: Path) -> GameRecord:
        """Read a game file (only the last entry may be torn); raise DamagedFile otherwise."""
        try:
            data = path.read_bytes()
            modified = path.stat().st_mtime
        except OSError as error:
            raise DamagedFile(path, f"cannot be read ({error.strerror or error})") from None
        cached = self._cached_prefix(path, data)
        try:
            if cached is not None:
                doc, cached_length = cached
                tail_doc, tail_entries, tail_good = parse_journal_bytes(data[cached_length:])
                if set(tail_doc) - {"entries"}:
                    raise ValueError("unexpected tables after the entries")
                entries = _entries_of(doc) + tail_entries
                good = cached_length + tail_good
                new_since_cache = len(tail_entries)
            else:
                doc, entries, good = parse_journal_bytes(data)
                new_since_cache = len(entries) + 1
            header = _header_of(doc, self.known_games)
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error)) from None
        torn = TornTail(len(data) - good) if data[good:].strip() else None
        if new_since_cache >= _CACHE_REWRITE_AFTER:
            self._write_cache(path, data[:good], doc, entries)
        return GameRecord(path, header, entries, good, torn, modified)

    def repair_torn(self, record: GameRecord) -> GameRecord:
        """Keep a copy of a torn file, then cut it back to its good part so appends stay valid."""
        if record.torn is None:
            return record
        backup = record.path.with_name(
            record.path.name + datetime.now().strftime(".torn-%Y%m%d-%H%M%S")
        )
        shutil.copy2(record.path, backup)
        with record.path.open("r+b") as handle:
            handle.truncate(record.good_length)
            handle.flush()
            os.fsync(handle.fileno())
        record.torn = TornTail(record.torn.dropped_bytes, backup)
        return record

    def game_paths(self) -> list[Path]:
        return sorted(self.games_dir.glob("*.toml")) if self.games_dir.is_dir() else []

    def list_games(self) -> Listing:
        """Every game file read in full, newest first; unreadable ones in `damaged`."""
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
        path.unlink()
        for cached in self.cache_dir.glob(f"{path.stem}.*"):
            cached.unlink(missing_ok=True)

    # -- parse cache -----------------------------------------------------------

    def _cache_path(self, path: Path) -> Path:
        return self.cache_dir / (path.stem + ".json")

    def _cached_prefix(self, path: Path, data: bytes) -> tuple[dict[str, Any], int] | None:
        try:
            cache = json.loads(self._cache_path(path).read_bytes())
            length = cache["length"]
            if not (isinstance(length, int) and 0 < length <= len(data)):
                return None
            if hashlib.sha256(data[:length]).hexdigest() != cache["sha256"]:
                return None
            doc = cache["doc"]
            return (doc, length) if isinstance(doc, dict) else None
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _write_cache(
        self, path: Path, good: bytes, doc: Mapping[str, Any], entries: list[Entry]
    ) -> None:
        """Best effort: a cache that cannot be written only costs speed."""
        body = {key: value for key, value in doc.items() if key != "entries"}
        body["entries"] = [entry.to_table() for entry in entries]
        try:
            digest = hashlib.sha256(good).hexdigest()
            text = json.dumps({"length": len(good), "sha256": digest, "doc": body})
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            temporary = self._cache_path(path).with_suffix(".tmp")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(self._cache_path(path))
        except (OSError, TypeError, ValueError):
            return

    # -- history ---------------------------------------------------------------

    def read_history(self) -> list[dict[str, Any]]:
        """The finished games, oldest first; raises DamagedFile if the file is unreadable."""
        if not self.history_path.exists():
            return []
        try:
            doc = _parse(self.history_path.read_bytes())
        except (OSError, ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(self.history_path, _reason(error)) from None
        games = doc.get("games", [])
        if not isinstance(games, list):
            raise DamagedFile(self.history_path, "'games' is not a list of tables")
        return games

    def record_finished(self, record: Mapping[str, Any]) -> None:
        """Append one finished game (a flat table) to the history, never to a damaged one."""
        self.read_history()  # raises DamagedFile rather than append to a file we cannot read
        self.root.mkdir(parents=True, exist_ok=True)
        with self.history_path.open("ab") as handle:
            handle.write(_table_chunk("games", record))
            handle.flush()
            os.fsync(handle.fileno())

    # -- settings ----------------------------------------------------------------

    def read_settings(self) -> dict[str, Any]:
        """The settings; raises DamagedFile if the file exists but cannot be read."""
        if not self.settings_path.exists():
            return {}
        try:
            return _parse(self.settings_path.read_bytes())
        except (OSError, ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(self.settings_path, _reason(error)) from None

    def write_settings(self, settings: Mapping[str, Any]) -> None:
        """Replace the settings atomically; a damaged settings file is kept, never replaced."""
        self.read_settings()
        self.root.mkdir(parents=True, exist_ok=True)
        temporary = self.settings_path.with_suffix(".tmp")
        with temporary.open("wb") as handle:
            handle.write(tomli_w.dumps(dict(settings)).encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(self.settings_path)

    # -- following another copy's appends ------------------------------------------

    def read_appended(self, path: Path, start: int) -> tuple[list[Entry], int]:
        """The whole entries appended after byte `start` (a length this app read before),
        and the new good length. An entry still being written is left for the next call:
        only up to the last newline is parsed, and a torn last entry is not counted.
        Raises DamagedFile when the file cannot be read or what follows `start` is not
        entries."""
        try:
            data = read_bounded(path, GAME_FILE_LIMIT)
        except UnreadableFile as error:
            raise DamagedFile(path, error.reason) from None
        if len(data) < start:
            raise DamagedFile(path, "is shorter than the part already read")
        chunk = data[start : data.rfind(b"\n", start) + 1]
        if not chunk.strip():
            return [], start
        try:
            doc, entries, good = parse_journal_bytes(chunk)
            if set(doc) - {"entries"}:
                raise ValueError("unexpected tables after the entries")
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error)) from None
        return entries, start + good


def _table_chunk(array: str, table: Mapping[str, Any]) -> bytes:
    """One `[[array]]` table to append. The header line is written here because tomli_w
    would put a short table inline (`array = [{...}]`), which cannot be appended twice.
    The table must be flat: scalars and lists of scalars."""
    if any(isinstance(value, dict) for value in table.values()):
        raise ValueError("an appended table must be flat")
    return f"\n[[{array}]]\n{tomli_w.dumps(dict(table))}".encode()


def _reason(error: BaseException) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "not a text file (not UTF-8)"
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
