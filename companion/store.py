"""Where files live and how they are read and written.

One TOML file per game: a header, then one `[[entries]]` table per journal entry. An entry
is appended and fsynced before its effect is shown, so writing costs the same at entry 10
and at entry 10,000. A write that fails (a full disk) is undone before the change is
refused, so the file is always whole.

Each entry ends with a `check` line, the CRC-32 of the entry's bytes above it: a byte changed
on disk is reported instead of replayed, and an entry without its check line is one a crash
cut short ("torn": dropped with a notice). The file is read entry by entry, so damage in the
middle keeps every entry before it (the game then opens read-only until the table says to
go on from there). Format-1 files (no checks) still open; entries appended to them carry a
check, which a format-1 reader ignores.

Reading a long game with tomllib is slow, so a parse cache (JSON, keyed by the length and
SHA-256 of the bytes it covers) lets a reopen parse only what was appended since. The TOML
file stays the only source of truth: a stale, missing or malformed cache is simply rebuilt.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import tomllib
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from companion.files import MIB, UnreadableFile, parse_toml, read_bounded
from companion.journal import LARGEST_NUMBER, Entry, JournalError
from companion.safe_text import visible, visible_fields
from companion.table import COLOURS

FORMAT = 2
ENV_DATA_DIR = "GOLDRUSH_DATA_DIR"
APP_DIR_NAME = "goldrush-companion"
_MARKER = b"\n[[entries]]\n"
_CACHE_REWRITE_AFTER = 50  # new entries since the cache before it is rewritten
_CACHE_FORM = 2  # the parse cache's layout: entries as [kind, text, data, at]

#: The largest files read: far above any real game (10,000 entries are about 1.3 MiB).
GAME_LIMIT = 64 * MIB
CACHE_LIMIT = 128 * MIB
HISTORY_LIMIT = 16 * MIB
SETTINGS_LIMIT = 1 * MIB

# The final line of a complete entry: its check (format 2), or its `at` (format 1).
_FINAL_CHECKED = re.compile(rb'(?:\A|\n)check = "[0-9a-f]{8}"\n?\Z')
_FINAL_ANY = re.compile(rb'(?:\A|\n)(?:check = "[0-9a-f]{8}"|at = "[^"\n]*")\n?\Z')
_CHECK_LINE = re.compile(rb'check = "([0-9a-f]{8})"\n?\Z')

# Why a save failed, in the words the table needs (errno -> sentence).
_DISK_FULL = (
    "The disk is full: this change was not saved, so it was not done. "
    "Free some space and try again."
)
_TOO_BIG = (
    "The game file cannot grow any more (the system's file size limit): this change was "
    "not saved, so it was not done."
)
CHANGED_ELSEWHERE = (
    "This game's file was changed by another window or program since this one read it: "
    "this change was not saved, so it was not done. Open the game again to see the changes."
)


class DamagedFile(Exception):
    """A file that cannot be read; it is reported with its path and kept as it is."""

    def __init__(self, path: Path, reason: str) -> None:
        reason = visible(reason)  # it may quote the file: shown, never interpreted
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


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
        """The header as written, with its own check (a CRC-32 of the rest, canonical)."""
        table: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "created": self.created,
            "first_player": self.first_player,
            "options": dict(self.options),
            "players": [dict(player) for player in self.players],
        }
        table["check"] = header_check(table)
        return table


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


@dataclass(frozen=True)
class Damage:
    """The first entry that could not be used, why, and how many entries were not loaded."""

    number: int
    what: str
    lost: int
    backup: Path | None = None

    def notice(self) -> str:
        after = self.lost - 1
        rest = f" and the {after} entr{'ies' if after != 1 else 'y'} after it" if after else ""
        kept = (
            f" A copy of the file as it was is at {self.backup}."
            if self.backup
            else " No copy of the file could be made."
        )
        return (
            f"Entry {self.number} of this game file {self.what}: it{rest} could not be "
            f"loaded; the game shows the {self.number - 1} entries before it.{kept} Nothing "
            "is saved to this game until you choose \u201cGame: Continue from the readable "
            "part\u201d (the copy keeps what could not be read)."
        )


DAMAGED_READ_ONLY = (
    "Part of this game's file could not be read, so it is open read-only: choose "
    "\u201cGame: Continue from the readable part\u201d to play on from what was read."
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
    damage: Damage | None = None
    #: Why this game cannot be written to (damage, a refused repair), or None.
    read_only_reason: str | None = None
    #: What the table should be told on opening (e.g. a colour that was replaced).
    notices: list[str] = field(default_factory=list)
    #: The file's format (1: entries without check lines), for reading what is appended.
    format: int = FORMAT

    @property
    def game_id(self) -> str:
        return self.path.stem


@dataclass
class Listing:
    games: list[GameRecord] = field(default_factory=list)
    damaged: list[DamagedFile] = field(default_factory=list)


# ---------------------------------------------------------------------------- parsing


def _canonical_crc(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def header_check(table: Mapping[str, Any]) -> str:
    return _canonical_crc({key: value for key, value in table.items() if key != "check"})


def _entries_of(doc: Mapping[str, Any]) -> list[Entry]:
    raw = doc.get("entries", [])
    if not isinstance(raw, list):
        raise JournalError("'entries' is not a list of tables")
    if all(type(table) is dict for table in raw):
        try:
            return [Entry.from_table(table) for table in raw]  # the common case, quickly
        except JournalError:
            pass  # find which entry, below
    entries = []
    for number, table in enumerate(raw, start=1):
        if not isinstance(table, dict):
            raise JournalError(f"entry {number} is not a table")
        try:
            entries.append(Entry.from_table(table))
        except JournalError as error:
            raise JournalError(f"entry {number}: {error}") from None
    return entries


def entry_chunk(entry: Entry) -> bytes:
    """The bytes appended for one entry: its table, then its check line (written last)."""
    body = _flat_toml(entry.to_table())
    return _MARKER + body + b'check = "%08x"\n' % zlib.crc32(body)


@dataclass
class ParsedJournal:
    """What `parse_journal` read: the header table, the good entries, and what was not."""

    doc: dict[str, Any]
    entries: list[Entry]
    good: int
    torn: bool = False
    damage: Damage | None = None


def _complete_end(body: bytes, checked: bool) -> int | None:
    """Where the last entry's complete part ends (a partial start of the next entry may
    follow it), or None when its final line is missing: a torn entry."""
    final = _FINAL_CHECKED if checked else _FINAL_ANY
    for size in range(len(_MARKER) - 1, -1, -1):
        if size and not body.endswith(_MARKER[:size]):
            continue
        end = len(body) - size
        if final.search(body, 0, end):
            return end
    return None


def _content_of(body: bytes, checked: bool) -> bytes:
    """An entry's bytes above its check line, the check verified; JournalError if not."""
    last_line = body.rfind(b"\n", 0, len(body) - 1) + 1
    match = _CHECK_LINE.match(body, last_line)
    if match is None:
        if checked:
            raise JournalError("has no check line")
        return body
    content = body[:last_line]
    if b"%08x" % zlib.crc32(content) != match.group(1):
        raise JournalError(f"was changed on disk{_quoted_text(content)}")
    return content


def _entry_of_content(content: bytes) -> Entry:
    """One entry from its checked bytes; JournalError says what is wrong."""
    try:
        table = parse_toml(content)
    except (ValueError, UnicodeDecodeError) as error:
        raise JournalError(f"cannot be read ({_reason(error)})") from None
    try:
        return Entry.from_table(table)
    except JournalError as error:
        raise JournalError(f"is not one this app can use ({error})") from None


def _quoted_text(content: bytes) -> str:
    """` (it says "…")` when the changed entry's text can still be read, for the notice."""
    try:
        text = parse_toml(content).get("text")
    except (ValueError, UnicodeDecodeError):
        return ""
    return f" (it says \u201c{visible(text)[:80]}\u201d)" if isinstance(text, str) else ""


def parse_journal(data: bytes, fmt: int | None = None, first_number: int = 1) -> ParsedJournal:
    """Read a game file, or a tail of one (bytes that start at `\\n[[entries]]\\n`).

    Entry by entry: the entries before the first bad one are returned, with how many bytes
    of `data` are good. A last entry without its final line is `torn`; any other bad entry
    is `damage`. `fmt` is the file's format when `data` has no header (None: not known, so
    checks are verified where present but not required). Raises ValueError only when the
    header itself cannot be read."""
    header_bytes, *bodies = data.split(_MARKER)
    doc: dict[str, Any] = parse_toml(header_bytes) if header_bytes.strip() else {}
    if "entries" in doc:  # not the layout this app writes (edited by hand): read it whole
        return _parse_whole(data)
    if doc:
        fmt = doc.get("format") if type(doc.get("format")) is int else fmt
    checked = fmt is not None and fmt >= 2
    # First the bytes: each entry's check, and a torn end. Cheap, and it bounds the rest.
    count = len(bodies)
    contents: list[bytes] = []  # each good entry's bytes without its check line
    starts: list[int] = []
    offset = len(header_bytes)
    good = len(data)
    torn = False
    damage: Damage | None = None
    for index, body in enumerate(bodies):
        if index == count - 1:
            end = _complete_end(body, checked)
            if end is None:
                good, torn = offset, True
                break
            if body[end:].strip():
                good, torn = offset + len(_MARKER) + end, True
            body = body[:end]
        try:
            contents.append(_content_of(body, checked))
        except JournalError as error:
            good, damage = offset, Damage(first_number + index, str(error), count - index)
            break
        starts.append(offset)
        offset += len(_MARKER) + len(body)
    entries = _entries_at_once(_MARKER.join([header_bytes, *contents]), doc, len(contents))
    if entries is None:  # something the checks do not catch: find it entry by entry
        entries = []
        for index, content in enumerate(contents):
            try:
                entries.append(_entry_of_content(content))
            except JournalError as error:
                damage = Damage(first_number + index, str(error), count - index)
                return ParsedJournal(doc, entries, starts[index], damage=damage)
    return ParsedJournal(doc, entries, good, torn=torn, damage=damage)


def _entries_at_once(region: bytes, header: dict[str, Any], count: int) -> list[Entry] | None:
    """The `count` entries of `region` (the header, if any, then whole entries) in one
    parse, the quick way; None when that does not give exactly them."""
    if count == 0:
        return []
    try:
        doc = parse_toml(region)
        tables = doc.pop("entries", None)
        if doc != header or type(tables) is not list or len(tables) != count:
            return None
        return _entries_of({"entries": tables})
    except (ValueError, UnicodeDecodeError):
        return None


def _parse_whole(data: bytes) -> ParsedJournal:
    """A file not split the way this app writes it: all at once, no salvage."""
    try:
        doc = parse_toml(data)
        entries = _entries_of(doc)
    except JournalError as error:
        raise ValueError(str(error)) from None
    doc = {key: value for key, value in doc.items() if key != "entries"}
    return ParsedJournal(doc, entries, len(data))


def _header_of(
    doc: Mapping[str, Any], known_games: Iterable[str] | None
) -> tuple[Header, list[str]]:
    """The header, checked, and the notices for the table (replaced colours)."""
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise ValueError("this is not a Goldrush game file (no 'format' number)")
    if fmt > FORMAT:
        raise ValueError(
            f"written by a newer version of the app (format {fmt}, this app reads {FORMAT})"
        )
    if fmt < 1:
        raise ValueError(f"unknown format number {fmt}")
    if fmt >= 2 and doc.get("check") != header_check(doc):
        raise ValueError("the header was changed on disk (its check does not match)")
    game = doc.get("game")
    if not isinstance(game, str):
        raise ValueError("the header has no 'game'")
    if known_games is not None and game not in set(known_games):
        raise ValueError(f"unknown game {visible(game)!r}")
    players = doc.get("players")
    if not isinstance(players, list) or not players:
        raise ValueError("the header has no players")
    for seat, player in enumerate(players, start=1):
        if not (isinstance(player, dict) and isinstance(player.get("name"), str)):
            raise ValueError(f"player {seat} in the header has no name")
        if not isinstance(player.get("colour", ""), str):
            raise ValueError(f"player {seat} in the header has a colour that is not text")
    first = doc.get("first_player", 0)
    if type(first) is not int or not 0 <= first < len(players):
        raise ValueError("the header's 'first_player' is not a seat at this table")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("the header's 'options' is not a table")
    created = doc.get("created", "")
    named = [{"name": visible(p["name"]), "colour": p.get("colour", "white")} for p in players]
    notices = _checked_colours(named)
    header = Header(
        game=game,
        players=named,
        first_player=first,
        options=dict(options),
        created=visible(str(created)),
    )
    return header, notices


def _checked_colours(players: list[dict[str, str]]) -> list[str]:
    """Replace each colour the app does not know by a free one of its own; say which."""
    notices = []
    taken = {player["colour"] for player in players if player["colour"] in COLOURS}
    for player in players:
        colour = player["colour"]
        if colour in COLOURS:
            continue
        free = next((c for c in COLOURS if c not in taken), COLOURS[0])
        taken.add(free)
        player["colour"] = free
        notices.append(
            f"{player['name']}'s colour in the file ({visible(colour)[:40]!r}) is not one the "
            f"app knows: shown as {free}."
        )
    return notices


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
                _write_new_file(path, data)
            except FileExistsError:
                continue
            except OSError as error:
                raise SaveError.from_os_error(error, "the new game") from None
            _fsync_dir(self.games_dir)
            return path
        raise OSError("could not find a free file name for the new game")

    def append_entry(self, path: Path, entry: Entry, expected_length: int | None = None) -> int:
        """Append one entry and fsync it: when this returns, the entry survives a crash.

        Returns the file's new length. When `expected_length` is given and the file is not
        that long (someone else wrote to it), nothing is written. A failed or short write is
        cut off again before SaveError is raised, so the file stays whole."""
        chunk = entry_chunk(entry)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        except OSError as error:
            raise SaveError.from_os_error(error) from None
        try:
            start = os.fstat(descriptor).st_size
            if expected_length is not None and start != expected_length:
                raise SaveError(CHANGED_ELSEWHERE)
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
            return start + len(chunk)
        finally:
            os.close(descriptor)

    def read_game(self, path: Path) -> GameRecord:
        """Read a game file; raise DamagedFile when its header cannot be read.

        A torn last entry is reported in `torn`; damage further up in `damage` (the entries
        before it are kept and the record is read-only)."""
        try:
            data = read_bounded(path, GAME_LIMIT)
            modified = path.stat().st_mtime
        except UnreadableFile as error:
            raise DamagedFile(path, error.reason) from None
        except OSError as error:
            raise DamagedFile(path, f"cannot be read ({error.strerror or error})") from None
        try:
            parsed, new_since_cache = self._parse_with_cache(path, data)
            header, notices = _header_of(parsed.doc, self.known_games)
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error)) from None
        good = parsed.good
        torn = TornTail(len(data) - good) if parsed.torn and data[good:].strip() else None
        if parsed.damage is None and new_since_cache >= _CACHE_REWRITE_AFTER:
            self._write_cache(path, data[:good], parsed.doc, parsed.entries)
        record = GameRecord(path, header, parsed.entries, good, torn, modified, parsed.damage)
        record.notices = notices
        record.format = parsed.doc["format"]
        if parsed.damage is not None:
            record.read_only_reason = DAMAGED_READ_ONLY
        return record

    def _parse_with_cache(self, path: Path, data: bytes) -> tuple[ParsedJournal, int]:
        """The parsed file and how many entries were parsed afresh (not from the cache)."""
        cached = self._cached_prefix(path, data)
        if cached is not None:
            doc, entries, length = cached
            fmt = doc.get("format") if type(doc.get("format")) is int else None
            try:
                tail = parse_journal(data[length:], fmt, first_number=len(entries) + 1)
            except ValueError:
                tail = None
            if tail is not None and not tail.doc:
                tail.doc = doc
                tail.entries = entries + tail.entries
                tail.good += length
                return tail, len(tail.entries) - len(entries)
        parsed = parse_journal(data)
        return parsed, len(parsed.entries) + 1

    def repair_torn(self, record: GameRecord) -> GameRecord:
        """Keep a complete copy of a torn file, then cut it back to its good part so appends
        stay valid. SaveError (and the file left as it was) when the copy cannot be made."""
        if record.torn is None:
            return record
        backup = self._keep_copy(record.path, "torn", "the cut-off last change")
        _cut_file(record.path, record.good_length, "the repair")
        record.torn = TornTail(record.torn.dropped_bytes, backup)
        return record

    def keep_damaged_copy(self, record: GameRecord) -> GameRecord:
        """Copy a damaged file as it is (fsynced) and note where; the file is not changed.
        When no copy can be made, the record says so and stays read-only."""
        if record.damage is None or record.damage.backup is not None:
            return record
        try:
            backup = self._keep_copy(record.path, "damaged", "the damaged file")
        except SaveError as error:
            record.notices.append(error.sentence)
            return record
        record.damage = Damage(record.damage.number, record.damage.what, record.damage.lost, backup)
        return record

    def cut_to_readable(self, record: GameRecord) -> GameRecord:
        """The table's say-so: cut a damaged file back to its readable part, once a copy of
        the whole file exists. Raises SaveError when there is no copy or the cut fails."""
        if record.damage is None:
            return record
        if record.damage.backup is None or not record.damage.backup.is_file():
            raise SaveError(
                "There is no copy of the damaged file, so it was not cut back: free some "
                "space and open the game again."
            )
        _cut_file(record.path, record.good_length, "cutting the file back")
        record.damage = None
        record.read_only_reason = None
        return record

    def _keep_copy(self, path: Path, kind: str, what: str) -> Path:
        """A complete, fsynced copy `<name>.<kind>-<time>`; no partial copy is ever left."""
        try:
            data = read_bounded(path, GAME_LIMIT)
        except UnreadableFile as error:
            raise SaveError(f"No copy of {what} could be made: the file {error.reason}.") from None
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
        """Delete a game file and its caches; SaveError with a plain reason when it cannot."""
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            detail = error.strerror or str(error)
            raise SaveError(
                f"The game could not be deleted ({detail}): the data folder may be read-only."
            ) from None
        try:
            for cached in self.cache_dir.glob(f"{path.stem}.*"):
                cached.unlink(missing_ok=True)
        except OSError:
            pass  # a stale cache is checked and rebuilt, never trusted

    # -- parse cache -----------------------------------------------------------

    def _cache_path(self, path: Path) -> Path:
        return self.cache_dir / (path.stem + ".json")

    def _cached_prefix(
        self, path: Path, data: bytes
    ) -> tuple[dict[str, Any], list[Entry], int] | None:
        """The header table, entries and length the cache holds, when it still matches the
        file's bytes and passes the file's own checks; None otherwise (it is then rebuilt)."""
        try:
            cache = json.loads(read_bounded(self._cache_path(path), CACHE_LIMIT))
            length = cache["length"]
            if cache.get("form") != _CACHE_FORM or not (type(length) is int and length > 0):
                return None
            if length > len(data) or hashlib.sha256(data[:length]).hexdigest() != cache["sha256"]:
                return None
            header, parts = cache["header"], cache["entries"]
            if not (isinstance(header, dict) and isinstance(parts, list)):
                return None
            _header_of(header, self.known_games)
            return header, [Entry.from_parts(part) for part in parts], length
        except Exception:  # any fault in a cache only means: parse the file
            return None

    def _write_cache(
        self, path: Path, good: bytes, doc: Mapping[str, Any], entries: list[Entry]
    ) -> None:
        """Best effort: a cache that cannot be written only costs speed."""
        header = {key: value for key, value in doc.items() if key != "entries"}
        try:
            digest = hashlib.sha256(good).hexdigest()
            text = json.dumps(
                {
                    "form": _CACHE_FORM,
                    "length": len(good),
                    "sha256": digest,
                    "header": header,
                    "entries": [entry.to_parts() for entry in entries],
                }
            )
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            temporary = self._cache_path(path).with_suffix(".tmp")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(self._cache_path(path))
        except (OSError, TypeError, ValueError):
            return

    # -- history ---------------------------------------------------------------

    def read_history(self) -> list[dict[str, Any]]:
        """The finished games, oldest first (their text made safe to show); raises
        DamagedFile if the file is unreadable."""
        doc = self._read_toml(self.history_path, HISTORY_LIMIT)
        games = doc.get("games", [])
        if not isinstance(games, list) or not all(isinstance(game, dict) for game in games):
            raise DamagedFile(self.history_path, "'games' is not a list of tables")
        return [visible_fields(game) for game in games]

    def record_finished(self, record: Mapping[str, Any]) -> None:
        """Append one finished game (a flat table) to the history, never to a damaged one."""
        self.read_history()  # raises DamagedFile rather than append to a file we cannot read
        self.root.mkdir(parents=True, exist_ok=True)
        with self.history_path.open("ab") as handle:
            start = handle.tell()
            try:
                handle.write(_table_chunk("games", record))
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as error:
                _cut_back(handle.fileno(), start)
                raise SaveError.from_os_error(error, "the finished game") from None

    # -- settings ----------------------------------------------------------------

    def read_settings(self) -> dict[str, Any]:
        """The settings; raises DamagedFile if the file exists but cannot be read, or does
        not have the shape the app writes (a table per game, a table per chart)."""
        settings = self._read_toml(self.settings_path, SETTINGS_LIMIT)
        for name, section in settings.items():
            if not isinstance(section, dict):
                raise DamagedFile(self.settings_path, f"{visible(name)!r} is not a table")
        for name, chart in settings.get("charts", {}).items():
            if not isinstance(chart, dict):
                raise DamagedFile(self.settings_path, f"chart {visible(name)!r} is not a table")
        return settings

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

    def read_appended(
        self, path: Path, start: int, fmt: int | None = FORMAT
    ) -> tuple[list[Entry], int]:
        """The whole entries appended after byte `start` (a length this app read before),
        and the new good length. An entry still being written is left for the next call:
        only up to the last newline is parsed, and an entry without its final line (its
        check, in a file of format `fmt`) is not counted. Raises DamagedFile when the file
        cannot be read or what follows `start` is not whole, checked entries."""
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
        try:
            doc = parse_toml(read_bounded(path, limit))
            _check_numbers(doc)
            return doc
        except UnreadableFile as error:
            if not os.path.lexists(path):
                return {}
            raise DamagedFile(path, error.reason) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(path, _reason(error)) from None


def _check_numbers(value: Any) -> None:
    """ValueError when a number anywhere in `value` is beyond any game's (see Entry)."""
    if type(value) is int and not -LARGEST_NUMBER <= value <= LARGEST_NUMBER:
        raise ValueError("holds too large a number")
    if isinstance(value, dict):
        for item in value.values():
            _check_numbers(item)
    elif isinstance(value, list):
        for item in value:
            _check_numbers(item)


def _flat_toml(table: Mapping[str, Any]) -> bytes:
    if any(isinstance(value, dict) for value in table.values()):
        raise ValueError("an appended table must be flat")
    return tomli_w.dumps(dict(table)).encode()


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
