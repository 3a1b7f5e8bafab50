"""A game file read and checked, and the snapshot kept beside it (companion.store writes
the file and knows where it is).

Each entry ends with a `check` line, the CRC-32 of the entry's bytes above it: a byte changed
on disk is reported instead of replayed, and an entry without its check line is one a crash
cut short ("torn": dropped with a notice). The file is read entry by entry, so damage in the
middle keeps every entry before it (the game then opens read-only until the table says to
go on from there). The `[[entries]]` line before each entry is under no check: an entry
whose line was changed is found by its first line (`_split`) and is reported alone (going
on keeps it, its line written anew, when its own check holds).
Format-1 files (no checks) still open; entries appended to them carry a check, which a
format-1 reader ignores.

Opening a long game costs the same as opening a short one: a snapshot of the replayed state
(cache/NAME.snapshot, see `Snapshot`) covers the file's start, checked against the length and
SHA-256 of the bytes it covers, so only what was appended since is parsed and replayed. The
TOML file stays the only source of truth: a stale, missing or damaged snapshot is ignored and
made again. A first read takes the plain entries in bulk (`_entries_in_bulk`), any other
with a quick reader of the lines this app writes (tomllib for anything else); entries are
kept as the file's bytes, each read again when it is needed.
"""

from __future__ import annotations

import dataclasses
import io
import os
import pickle
import re
import sys
import zlib
from array import array
from collections.abc import Iterable, Mapping, MutableSequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, islice, repeat
from operator import add, itemgetter, lt, ne, sub
from pathlib import Path
from sys import intern
from typing import TYPE_CHECKING, Any

from companion.files import parse_toml
from companion.journal import Entry, JournalError, entries_of_columns
from companion.safe_text import quoted, visible
from companion.store import FORMAT, DamagedFile, _flat_toml, _reason, _sha256
from companion.table import COLOURS

if TYPE_CHECKING:
    from companion.damage import Damage, TornTail

_MARKER = b"\n[[entries]]\n"
ENTRY_MARKER = _MARKER  # what starts each entry in a game file
SNAPSHOT_AFTER = 50  # entries replayed on opening before a new snapshot is written
_SNAPSHOT_MAGIC = b"goldrush-snapshot 1\n"

# The patterns below are compiled when first used (functools.cache): opening a game from
# its snapshot parses no entry and needs none of them (#16).


@cache
def _final_line(checked: bool) -> re.Pattern[bytes]:
    """The final line of a complete entry: its check (format 2), or its `at` (format 1)."""
    if checked:
        return re.compile(rb'(?:\A|\n)check = "[0-9a-f]{8}"\n?\Z')
    return re.compile(rb'(?:\A|\n)(?:check = "[0-9a-f]{8}"|at = "[^"\n]*")\n?\Z')


@cache
def _check_line() -> re.Pattern[bytes]:
    return re.compile(rb'check = "([0-9a-f]{8})"\n?\Z')


_CHECK_OF = b'check = "%08x"\n'  # an entry's last line, of its content's CRC-32
_CHECK_LINE_OF = b"\n" + _CHECK_OF  # the same, on a line of its own

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


DAMAGED_READ_ONLY = (
    "Part of this game's file could not be read, so it is open read-only: to play on from "
    "what was read, press ctrl+p and choose \u201cGame: Continue from the readable part\u201d."
)


def __getattr__(name: str) -> Any:
    """`TornTail` and `Damage` live in companion.damage, imported when first asked for."""
    if name in ("TornTail", "Damage"):
        from companion import damage

        return getattr(damage, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _damage(
    bodies: list[bytes],
    index: int,
    what: str,
    checked: bool,
    first_number: int,
    changed_lines: Mapping[int, bytes],
) -> tuple[Damage, list[tuple[int, bytes, Entry | None, str]]]:
    """The damage of entry `index` (of `bodies`, numbered from `first_number`), and each
    entry from it on, read on its own (see `_read_past`): which after it read well and
    which do not. An entry whose `[[entries]]` line was changed is read too: its own check
    may hold (then going on keeps it, its line written anew)."""
    from companion.damage import Damage

    if index in changed_lines:
        later = _read_past(bodies, index, checked, changed_lines)
    else:
        later = [(index, bodies[index], None, what)]
        later += _read_past(bodies, index + 1, checked, changed_lines)
    # (an entry after it whose line was changed is not said to read well: it is reported)
    sound = sum(1 for _, _, entry, why in later[1:] if entry is not None and not why)
    return Damage(first_number + index, what, len(bodies) - index, sound_after=sound), later


#: why a last entry without its final line is dropped (a crash cut it short)
CUT_SHORT = "was cut off when the app stopped while saving it"


def _read_past(
    bodies: list[bytes], start: int, checked: bool, changed_lines: Mapping[int, bytes]
) -> list[tuple[int, bytes, Entry | None, str]]:
    """Each entry from `bodies[start]` on, read on its own: its place, its bytes (the whole
    entry, check line included), the entry (None when it cannot be used), and why it is
    reported ("" when it is not). A damaged entry further up does not hide whether those
    after it are sound. An entry whose `[[entries]]` line was changed is reported, with
    its entry when its own check holds (the line is under no check: the rest of the entry
    is as written, and `Salvage.rebuilt` writes the line anew)."""
    read: list[tuple[int, bytes, Entry | None, str]] = []
    last = len(bodies) - 1
    for place in range(start, len(bodies)):
        body, entry, why = _read_alone(bodies[place], place == last, checked)
        if place in changed_lines:
            why = _line_changed(changed_lines[place])
        read.append((place, body, entry, why))
    return read


def _read_alone(body: bytes, last: bool, checked: bool) -> tuple[bytes, Entry | None, str]:
    """One entry's bytes (a last one's as far as its complete part), and its entry, or None
    and why it cannot be used."""
    if last:
        end = _complete_end(body, checked)
        if end is None:
            return body, None, CUT_SHORT
        body = body[:end].rstrip(b"\n") + b"\n"  # (its end may be taken for the next
        # entry's first newline: kept, the entry is whole, as the app writes it)
    try:
        return body, _entry_of_content(_content_of(body, checked)), ""
    except JournalError as error:
        return body, None, str(error)


class GameRecord:
    """A game file read from disk.

    A plain class, as `ParsedJournal`, `Snapshot` and `Listing` are: these records are
    made by this module and the store only, and a dataclass costs about a millisecond to
    make on the way to every open's first frame (#16)."""

    def __init__(
        self,
        path: Path,
        header: Header,
        entries: MutableSequence[Entry],
        good_length: int,
        torn: TornTail | None = None,
        modified: float = 0.0,
        damage: Damage | None = None,
    ) -> None:
        self.path = path
        self.header = header
        self.entries = entries  # an EntryList when read from a file
        self.good_length = good_length
        self.torn = torn
        self.modified = modified
        self.damage = damage
        #: Why this game cannot be written to (damage, a refused repair), or None.
        self.read_only_reason: str | None = None
        #: What the table should be told on opening (e.g. a colour that was replaced).
        self.notices: list[str] = []
        #: The file's format (1: entries without check lines), for reading what is appended.
        self.format = FORMAT
        #: The SHA-256 of the good bytes (kept going as entries are appended, for a
        #: snapshot): a RunningDigest when read from a file.
        self.digest: Any = None
        #: The header table as read (a snapshot keeps it, checked again when it is read).
        self.doc: dict[str, Any] = {}
        #: What a valid snapshot knew (None: replay every entry), and the entries read after
        #: it: `fresh` are the entries from place `fresh_from` on, as read (replayed on
        #: opening).
        self.snapshot: Snapshot | None = None
        self.fresh: list[Entry] = []
        self.fresh_from = 0

    @property
    def game_id(self) -> str:
        return self.path.stem


class RunningDigest:
    """The SHA-256 of a game file's good bytes, kept going as entries are appended (a
    snapshot is checked against it). The bytes read on opening that no snapshot covered
    are hashed when the digest is first needed, not on the way to the first frame (a
    long game's first read: hashlib and 15 MB hashed for the snapshot written after it)."""

    def __init__(self, known: Any, data: bytes, start: int, end: int) -> None:
        self._hash = known  # the SHA-256 of data[:start], or None when start is 0
        self._pending: tuple[bytes, int, int] | None = (data, start, end)

    def _settled(self) -> Any:
        if self._pending is not None:
            data, start, end = self._pending
            self._pending = None
            if self._hash is None:
                self._hash = _sha256()
            self._hash.update(memoryview(data)[start:end])
        return self._hash

    def update(self, chunk: bytes) -> None:
        self._settled().update(chunk)

    def hexdigest(self) -> str:
        return str(self._settled().hexdigest())


class Listing:
    """The saved games read from the data folder, and the files that could not be."""

    def __init__(self) -> None:
        self.games: list[GameRecord] = []
        self.damaged: list[DamagedFile] = []


# ---------------------------------------------------------------------------- parsing


def _canonical_crc(value: Any) -> str:
    import json  # not needed by an open from the snapshot: imported when first used

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


class ParsedJournal:
    """What `parse_journal` read: the header table, the good entries, and what was not.

    `spans` holds, per good entry, where its bytes start (after `[[entries]]`) and end
    (after its check line) in the data read (None for a file read whole). With `damage`,
    `later` holds each entry from the damaged one on, read on its own (see `_read_past`)."""

    def __init__(
        self,
        doc: dict[str, Any],
        entries: list[Entry],
        good: int,
        torn: bool = False,
        damage: Damage | None = None,
        spans: array[int] | None = None,
        later: list[tuple[int, bytes, Entry | None, str]] | None = None,
    ) -> None:
        self.doc = doc
        self.entries = entries
        self.good = good
        self.torn = torn
        self.damage = damage
        self.spans = spans
        self.later = later or []


def _complete_end(body: bytes, checked: bool) -> int | None:
    """Where the last entry's complete part ends (a partial start of the next entry may
    follow it, or bytes that are no entry's: NULs a power cut left, a stray space), or None
    when its final line is missing: a torn entry."""
    final = _final_line(checked)
    for size in range(len(_MARKER) - 1, -1, -1):
        if size and not body.endswith(_MARKER[:size]):
            continue
        end = len(body) - size
        if final.search(body, 0, end):
            return end
    # anything else after its final line: the entry is whole (it was dropped with what
    # followed it, a change saved and shown: a play-test)
    ends = [found.end() for found in _final_line_within(checked).finditer(body)]
    return ends[-1] if ends else None


@cache
def _final_line_within(checked: bool) -> re.Pattern[bytes]:
    """An entry's final line, whole (its newline too), wherever it is in the body."""
    if checked:
        return re.compile(rb'(?:\A|\n)check = "[0-9a-f]{8}"(?=\n)')
    return re.compile(rb'(?:\A|\n)(?:check = "[0-9a-f]{8}"|at = "[^"\n]*")(?=\n)')


def _content_of(body: bytes, checked: bool) -> bytes:
    """An entry's bytes above its check line, the check verified; JournalError if not."""
    last_line = body.rfind(b"\n", 0, len(body) - 1) + 1
    match = _check_line().match(body, last_line)
    if match is None:
        if checked:
            within = _final_line_within(checked).search(body)
            after = body[within.end() + 1 :] if within is not None else b""
            if after.strip():  # (its check line is there, bytes after it: "has no check
                # line" sent a play-test looking for it)
                raise JournalError(f"is followed by {len(after)} bytes that belong to no entry")
            raise JournalError("has no check line")
        return body
    content = body[:last_line]
    if b"%08x" % zlib.crc32(content) != match.group(1):
        raise JournalError(f"was changed on disk{_quoted_text(content)}")
    return content


def _entry_of_content(content: bytes) -> Entry:
    """One entry from its checked bytes; JournalError says what is wrong."""
    try:
        table = _quick_table(content)
        if table is None:
            table = parse_toml(content)
    except (ValueError, UnicodeDecodeError) as error:
        raise JournalError(f"cannot be read ({_reason(error)})") from None
    try:
        return Entry.from_table(table)
    except JournalError as error:
        raise JournalError(f"is not one this app can use ({error})") from None


# The lines tomli_w writes for an entry's flat table: `key = value`, a value being a string
# without escapes, an integer, a boolean, or an array of those, one item a line.


@cache
def _quick_key() -> re.Pattern[str]:
    """A bare TOML key."""
    return re.compile(r"[A-Za-z0-9_-]+\Z")


@cache
def _quick_int() -> re.Pattern[str]:
    return re.compile(r"-?(?:0|[1-9][0-9]*)\Z")


@cache
def _not_quick() -> re.Pattern[str]:
    """What in a string tomllib must judge itself."""
    return re.compile(r'[\x00-\x08\x0a-\x1f\x7f\\"]')


def _quick_value(text: str) -> Any:
    """The value of one TOML value the way tomli_w writes it; LookupError if not simple."""
    if text[:1] == '"':
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != '"' or _not_quick().search(inner):
            raise LookupError
        return inner
    if _quick_int().match(text):
        return int(text)
    if text == "true":
        return True
    if text == "false":
        return False
    raise LookupError


@cache
def _quick_line() -> re.Pattern[str]:
    """One whole `key = value` line with a string, integer or boolean value, in one match."""
    return re.compile(
        r"([A-Za-z0-9_-]+) = "
        r'(?:"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"|(-?(?:0|[1-9][0-9]*))|(true|false))\n'
    )


def _quick_table(content: bytes) -> dict[str, Any] | None:
    """An entry's table read line by line (ten times quicker than tomllib on a long game),
    or None when a line is not in the simple form this app writes: tomllib then reads it,
    so what is accepted and what it means never differs from tomllib's reading."""
    text = content.decode("utf-8")
    table: dict[str, Any] = {}
    place, end, match = 0, len(text), _quick_line().match
    while place < end:
        found = match(text, place)
        if found is None or found.group(1) in table:
            return _lines_table(text)  # an array, or something for tomllib
        key, string, number, flag = found.groups()
        key = intern(key)  # the same few keys in every entry: one copy of each in memory
        if string is not None:
            table[key] = intern(string) if len(string) <= 16 else string  # kinds, names
        elif number is not None:
            table[key] = int(number)
        else:
            table[key] = flag == "true"
        place = found.end()
    return table


def _lines_table(text: str) -> dict[str, Any] | None:
    """`_quick_table` for entries with arrays (one item a line, as tomli_w writes them)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    table: dict[str, Any] = {}
    items: list[Any] | None = None
    key = ""
    try:
        for line in lines:
            if items is not None:
                if line == "]":
                    table[key], items = items, None
                elif line.startswith("    ") and line.endswith(","):
                    items.append(_quick_value(line[4:-1]))
                else:
                    return None
                continue
            key, separator, value = line.partition(" = ")
            if not separator or key in table or not _quick_key().match(key):
                return None
            if value == "[":
                items = []
            elif value == "[]":
                table[key] = []
            else:
                table[key] = _quick_value(value)
    except LookupError:
        return None
    return table if items is None else None


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
    header_bytes, bodies, changed_lines = _split(data)
    doc: dict[str, Any] = parse_toml(header_bytes) if header_bytes.strip() else {}
    if "entries" in doc:  # not the layout this app writes (edited by hand): read it whole
        return _parse_whole(data)
    if doc:
        fmt = doc.get("format") if type(doc.get("format")) is int else fmt
    checked = fmt is not None and fmt >= 2
    count = len(bodies)
    contents: list[bytes] = []
    spans = array("I")
    offset = len(header_bytes)
    good = len(data)
    torn = False
    damage: Damage | None = None
    later: list[tuple[int, bytes, Entry | None, str]] = []
    # First every entry's check (and where it is), then what the checked bytes say. (An
    # entry with a changed `[[entries]]` line is damaged, though its check holds.)
    sound = bodies[: min(changed_lines) + 1] if changed_lines else bodies
    checked_first = _checked_run(sound, checked, offset, contents, spans)
    if checked_first:
        offset = spans[-1]
    for index, body in enumerate(bodies[checked_first:], start=checked_first):
        if index in changed_lines:
            good = offset
            damage, later = _damage(
                bodies,
                index,
                _line_changed(changed_lines[index]),
                checked,
                first_number,
                changed_lines,
            )
            break
        if index == count - 1:
            end = _complete_end(body, checked)
            if end is None:
                good, torn = offset, True
                break
            if body[end:] not in (b"", b"\n"):  # (more than its own newline: cut off, or a
                # stray byte taken as the end and the next entry appended after it)
                good, torn = offset + len(_MARKER) + end, True
            body = body[:end]
        content = body[:-19]  # when it ends with its check line, as this app writes it
        plain = checked and content[-1:] == b"\n"
        try:
            if not (plain and body[-19:] == _CHECK_OF % zlib.crc32(content)):
                content = _content_of(body, checked)  # its exact reason when refused
            contents.append(content)
        except JournalError as error:
            good = offset
            damage, later = _damage(bodies, index, str(error), checked, first_number, changed_lines)
            break
        start = offset + len(_MARKER)
        offset = start + len(body)
        spans.append(start)
        spans.append(offset)
    entries: list[Entry] = []
    for first in range(0, len(contents), _BULK):
        chunk = contents[first : first + _BULK]
        read = _entries_in_bulk(chunk) if checked else None
        if read is not None:
            entries += read
            continue
        for index, content in enumerate(chunk, start=first):
            try:
                entries.append(_entry_of_content(content))
            except JournalError as error:
                good = spans[2 * index - 1] if index else len(header_bytes)
                damage, later = _damage(
                    bodies, index, str(error), checked, first_number, changed_lines
                )
                torn = torn and index == count - 1  # a read entry by entry stops here
                del spans[2 * index :]
                return ParsedJournal(doc, entries, good, torn, damage, spans, later)
    return ParsedJournal(doc, entries, good, torn, damage, spans, later)


class Salvage:
    """A damaged game file read past its damage, to go on without what is damaged: the
    bytes up to the first damaged entry (`head`, header included), the entries in them
    (`before`), and each entry from the first damaged one on, read on its own (`later`:
    place, bytes, the entry or None, why it is reported; see `_read_past`)."""

    def __init__(self, data: bytes, parsed: ParsedJournal) -> None:
        self.head = data[: parsed.good]
        self.before = parsed.entries
        self.damage = parsed.damage
        self.later = parsed.later

    def rebuilt(self, keep: Iterable[int]) -> bytes:
        """The file with the head and, of the later entries, those at the places `keep`,
        each as the very bytes it had (its check still holds) after a whole `[[entries]]`
        line (one whose line was changed gets it written anew)."""
        wanted = set(keep)
        return self.head + b"".join(
            _MARKER + body for place, body, _, _ in self.later if place in wanted
        )


def salvage(data: bytes) -> Salvage | None:
    """A whole game file read past its first damaged entry, or None when none is damaged
    (or it is not in the layout this app writes). ValueError when its header cannot be read."""
    parsed = parse_journal(data)
    if parsed.damage is None or parsed.spans is None:
        return None
    return Salvage(data, parsed)


#: an entry's first bytes, as the app writes it (`Entry.to_table`: its kind first)
_FIRST_KEY = b'kind = "'


def _split(data: bytes) -> tuple[bytes, list[bytes], dict[int, bytes]]:
    """A game file's (or a tail's) header bytes, each entry's bytes (as after its
    `[[entries]]` line), and the entries whose `[[entries]]` line was changed: what the
    line was, by the entry's place.

    A file is split at its `[[entries]]` lines; a changed one joined its entry to the one
    before it (the first one to the header), and both were read as one damaged entry (the
    header as not TOML). When the file has more entries' first lines than entries, they
    are split apart where an entry's first line follows a changed `[[entries]]` line
    (`_changed_line`): one count on the way to a sound file's first frame."""
    header, *bodies = data.split(_MARKER)
    if data.count(_FIRST_KEY) == len(bodies):
        return header, bodies, {}
    parts: list[bytes] = []
    changed: dict[int, bytes] = {}
    for region in (header, *bodies):
        start, at = 0, region.find(_FIRST_KEY, 1)
        while at != -1:
            line = _changed_line(region, at)
            if line is not None:
                parts.append(region[start : at - len(line)])
                changed[len(parts) - 1] = line  # (the entry's place: the header is first)
                start = at
            at = region.find(_FIRST_KEY, at + 1)
        parts.append(region[start:])
    return parts[0], parts[1:], changed


@cache
def _array_line() -> re.Pattern[bytes]:
    """Another `[[...]]` line (the `[[entries]]` line with a byte added or lost), on its
    own line after the blank line the app writes before it."""
    return re.compile(rb"\n\[\[[^\n]{0,40}\]\]\n\Z")


def _changed_line(region: bytes, at: int) -> bytes | None:
    """The changed `[[entries]]` line (its blank line before it included, as `_MARKER`)
    right before an entry's first line at `at` in `region`, or None when there is none
    (those bytes `kind = "` are then no entry's first line)."""
    before = region[at - len(_MARKER) : at] if at >= len(_MARKER) else b""
    if before and sum(map(ne, before, _MARKER)) == 1:  # one byte changed
        return before
    found = _array_line().search(region, max(0, at - 60), at)
    return found.group() if found is not None else None


_ENTRIES_LINE = "\u201c[[entries]]\u201d"


def _line_changed(line: bytes) -> str:
    """Why an entry whose `[[entries]]` line was changed is not used."""
    shown = line[1:] if line.startswith(b"\n") else line
    shown = shown[:-1] if shown.endswith(b"\n") else shown
    text = visible(shown.decode("utf-8", errors="replace"))
    return f"was changed on disk (its first line reads \u201c{text}\u201d, not {_ENTRIES_LINE})"


def _checked_run(
    bodies: list[bytes], checked: bool, offset: int, contents: list[bytes], spans: array[int]
) -> int:
    """How many entries from the start (the last excepted) end with the check line this app
    writes and pass it, their contents and spans added: checked in a few passes over the
    list instead of one entry at a time (a long game's first read spent a fifth of its time
    there). The entry that fails, and any after it, are left to the entry-by-entry loop,
    which says why."""
    head = bodies[:-1]
    if not checked or not head:
        return 0
    run = list(map(itemgetter(slice(None, -19)), head))
    crcs = array("I", map(zlib.crc32, run))
    if not _ends_say(b"".join(map(itemgetter(slice(-20, None)), head)), crcs):
        wanted = [_CHECK_LINE_OF % crc for crc in crcs]
        ends = [body[-20:] for body in head]
        failed = next(
            (i for i, (want, end) in enumerate(zip(wanted, ends, strict=True)) if want != end),
            len(head),
        )
        del head[failed:], run[failed:]
    sizes = array("I", map(len, head))
    stops = array("I", accumulate(map(add, sizes, repeat(len(_MARKER))), initial=offset))[1:]
    first = len(spans)
    spans.extend(array("I", [0]) * (2 * len(head)))
    spans[first::2] = array("I", map(sub, stops, sizes))
    spans[first + 1 :: 2] = stops
    contents.extend(run)
    return len(head)


def _ends_say(ends: bytes, crcs: array[int]) -> bool:
    """Whether `ends`, the last 20 bytes of each entry one after the other, are the check
    lines of these CRC-32s (`_CHECK_LINE_OF`): compared a byte column at a time (each a C
    scan), rather than each entry's line made and compared (a fifth of this check)."""
    count = len(crcs)
    if len(ends) != 20 * count:
        return False  # an entry shorter than its check line
    digits = array("I", crcs)
    if digits.itemsize != 4:
        return False  # (then compared entry by entry)
    if sys.byteorder == "little":
        digits.byteswap()  # most significant byte first, as %08x writes it
    hexes = digits.tobytes().hex().encode()  # 8 lowercase digits per entry
    line = _CHECK_LINE_OF % 0
    for column in range(20):
        expected = (
            hexes[column - 10 :: 8] if 10 <= column < 18 else line[column : column + 1] * count
        )
        if ends[column::20] != expected:
            return False
    return True


#: Entries read in one go by `_entries_in_bulk` (bounds the memory a long first read takes).
_BULK = 4096
# What keeps a run of entries off the bulk reading (each found by a C scan of the bytes): a
# control character, an escape or an array (`_NOT_BULK`), a `{` (an inline table; counted
# apart from those joining the entries), a `":` of the file's own, a `null` (not TOML), and
# a number of 16 digits or more (see LARGEST_NUMBER).
_NOT_BULK = bytes(range(10)) + bytes(range(11, 32)) + b"\x7f\\["
#: the ASCII bytes a plain entry may hold: deleting them leaves its non-ASCII bytes (each
#: character's whole UTF-8 sequence), and any byte that keeps it off the bulk reading
_BULK_ASCII = bytes(byte for byte in range(128) if byte not in _NOT_BULK)
_NOT_ASCII = bytes(range(128, 256))
_BUT_LAST = itemgetter(slice(None, -1))
_DIGITS_AS_ZEROS = bytes(48 if 48 <= byte <= 57 else 32 for byte in range(256))
_SIXTEEN_DIGITS = b"0" * 16


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not TOML")


_JSON_DECODER: Any = None


def _entries_in_bulk(contents: list[bytes]) -> list[Entry] | None:
    """The entries of checked contents, all read at once, or None when one of them is not
    in the plain form this app writes (`key = "text"`, a whole number, true or false, one a
    line): those are then read one by one (`_entry_of_content`), so the result never
    differs. Why: a long game's first read spent most of its time in the line reader.

    The lines become one JSON document (`key = value` lines -> `"key":value`), read in C.
    For these lines JSON and TOML agree exactly: no escapes, no control characters, no
    arrays or tables (refused above), keys checked to be bare TOML keys, one key a line
    (a duplicate or a line without ` = ` is caught by the counts), numbers of at most 15
    digits, NaN and Infinity refused."""
    global _JSON_DECODER
    if not contents:
        return []
    joined = b'},{"'.join(map(_BUT_LAST, contents))  # (each content's newline left out)
    lines = joined.count(b"\n") + len(contents)
    if joined.count(b"{") != len(contents) - 1 or joined.count(b" = ") != lines:
        return None
    rest = joined.translate(None, _BULK_ASCII)  # the non-ASCII bytes, or a refused one
    if (
        rest.translate(None, _NOT_ASCII)
        or b'":' in joined
        or b" = null" in joined
        or _SIXTEEN_DIGITS in joined.translate(_DIGITS_AS_ZEROS)
    ):
        return None
    if _JSON_DECODER is None:
        import json

        _JSON_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
    try:
        text = (b'[{"' + joined.replace(b"\n", b',"').replace(b" = ", b'":') + b"}]").decode()
        # `visible` has to write some text out: one by one. Only the non-ASCII characters
        # are looked at (the ASCII ones left are printable, the newlines replaced above):
        # the whole text's isprintable() was a tenth of a long game's first read.
        if not rest.decode().isprintable():
            return None
        tables = _JSON_DECODER.decode(text)
    except ValueError:  # UnicodeDecodeError too
        return None
    if len(tables) != len(contents) or sum(map(len, tables)) != lines:
        return None
    keys = set().union(*tables)
    if not all(map(_quick_key().match, keys)):
        return None
    # Column by column, each a C loop (a long game's first read: a loop over the tables
    # that popped and checked each one took a third of this reading).
    count, pop = len(tables), dict.pop
    kinds, texts, ats = (
        list(map(pop, tables, repeat(key, count), repeat(None, count)))
        for key in ("kind", "text", "at")
    )
    if {str} != set(map(type, kinds)) | set(map(type, texts)) | set(map(type, ats)):
        return None
    if "check" in keys:
        for table in tables:
            table.pop("check", None)
    return entries_of_columns(kinds, texts, tables, ats)


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
    doc: Mapping[str, Any], known_games: Iterable[str] | None, *, crc_verified: bool = False
) -> tuple[Header, list[str]]:
    """The header, checked, and the notices for the table (replaced colours).

    `crc_verified`: the header's own check was verified when the file was first read, and
    the bytes it was read from are known to be the same (a snapshot is used only while the
    file's bytes it covers, header included, have the SHA-256 they had then): it is not
    computed again (its canonical JSON was the one use of `json` opening such a game)."""
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise ValueError("this is not a Goldrush game file (no 'format' number)")
    if fmt > FORMAT:
        raise ValueError(
            f"written by a newer version of the app (format {fmt}, this app reads {FORMAT})"
        )
    if fmt < 1:
        raise ValueError(f"unknown format number {fmt}")
    if fmt >= 2 and not crc_verified and doc.get("check") != header_check(doc):
        raise ValueError(  # (and no next step: a play-test fixed a name by hand)
            "the header was changed on disk (its check does not match): put back what was "
            "changed, or restore the file from a backup; a name is corrected in the game "
            "with ctrl+o"
        )
    game = doc.get("game")
    if not isinstance(game, str):
        raise ValueError("the header has no 'game'")
    if known_games is not None and game not in set(known_games):
        raise ValueError(f"unknown game {quoted(game)}")
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
            f"{player['name']}'s colour in the file ({quoted(colour[:40])}) is not one the "
            f"app knows: shown as {free}."
        )
    return notices


# ---------------------------------------------------------------------------- entries


class EntryList(MutableSequence[Entry]):
    """A game's entries, kept as the file's bytes and where each entry is in them: an entry
    is read (its check verified again) when asked for, so a long game costs two numbers per
    entry in memory instead of an object with its table. Entries appended later (played
    here, or followed) are kept as they are."""

    _KEEP = 1024  # entries read from the bytes kept as objects, at most

    def __init__(
        self, data: bytes = b"", spans: array[int] | None = None, checked: bool = True
    ) -> None:
        self._data = data
        self._spans = spans if spans is not None else array("I")
        self._stored = len(self._spans) // 2  # how many are read from `_data`
        self._checked = checked
        self._added: list[Entry] = []
        self._read: dict[int, Entry] = {}

    @classmethod
    def of(cls, entries: Iterable[Entry]) -> EntryList:
        listed = cls()
        listed._added = list(entries)
        return listed

    def __len__(self) -> int:
        return self._stored + len(self._added)

    def spans(self) -> array[int]:
        """A copy of where the entries read from the bytes are (see ParsedJournal.spans)."""
        return self._spans[:]

    def _at(self, index: int) -> Entry:
        if index >= self._stored:
            return self._added[index - self._stored]
        entry = self._read.get(index)
        if entry is None:
            body = self._data[self._spans[2 * index] : self._spans[2 * index + 1]]
            entry = _entry_of_content(_content_of(body, self._checked))
            if len(self._read) >= self._KEEP:
                self._read.clear()
            self._read[index] = entry
        return entry

    def keep_read(self, read: Iterable[tuple[int, Entry]]) -> None:
        """Entries already read from these bytes elsewhere (a snapshot keeps the newest
        ones, made from the very bytes it covers): not read again when asked for."""
        for index, entry in read:
            if 0 <= index < self._stored and len(self._read) < self._KEEP:
                self._read[index] = entry

    def many(self, indices: Iterable[int]) -> list[Entry]:
        """The entries at these places (the log's newest 200 on opening, a replay from a
        checkpoint): those still to be read from the bytes are read in one go when they are
        in the plain form this app writes (`_entries_in_bulk`, as a first read does), else
        one by one; either way each one's check is verified."""
        places = list(indices)
        unread = [i for i in dict.fromkeys(places) if 0 <= i < self._stored and i not in self._read]
        if self._checked and 1 < len(unread) <= self._KEEP:
            spans, data = self._spans, self._data
            try:
                contents = [
                    _content_of(data[spans[2 * i] : spans[2 * i + 1]], True) for i in unread
                ]
            except JournalError:
                contents = []  # read one by one below, which says what is wrong
            read = _entries_in_bulk(contents) if contents else None
            if read is not None:
                if len(self._read) + len(read) > self._KEEP:
                    self._read.clear()
                self._read.update(zip(unread, read, strict=True))
        return [self[i] for i in places]

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._at(place) for place in range(len(self))[index]]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such entry")
        return self._at(index)

    def __setitem__(self, index: Any, value: Any) -> None:
        raise TypeError("a journal's entries are never changed")

    def __delitem__(self, index: Any) -> None:
        raise TypeError("a journal's entries are never removed")

    def insert(self, index: int, value: Entry) -> None:
        if index != len(self):
            raise TypeError("entries are only ever appended")
        self._added.append(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, EntryList)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"EntryList({len(self)} entries)"


class Snapshot:
    """The replayed state kept beside a game file (cache/NAME.snapshot) so that opening a
    long game replays only what came after it. Never trusted blindly: it is used only when
    its own checksum holds, it was made by this version of the app's rules, and the file
    still starts with the very bytes it covers (their length and SHA-256); otherwise it is
    ignored and made again. The game file stays the one source of truth."""

    def __init__(
        self,
        length: int,
        digest: str,
        header: dict[str, Any],
        format: int,
        spans: array[int],
        done: array[int],
        undone: array[int],
        state: bytes,
        checkpoints: dict[int, bytes],
        notices: list[str],
        recent: list[list[Any]] | None = None,
    ) -> None:
        self.length = length  # the good bytes of the game file it covers
        self.digest = digest  # their SHA-256
        self.header = header  # the header table as read
        self.format = format
        self.spans = spans  # where each covered entry is (see ParsedJournal.spans)
        self.done = done  # the journal's stacks after the covered entries
        self.undone = undone
        self.state = state  # the state after them, pickled (only the app's own dataclasses)
        self.checkpoints = checkpoints  # states after the first k entries in effect
        self.notices = notices  # what replaying the covered entries told the table
        #: The newest entries in effect, [place, kind, text, data, at] each: what the log
        #: shows first, so that opening reads none of them from the file again.
        self.recent = recent if recent is not None else []

    @property
    def count(self) -> int:
        return len(self.spans) // 2


#: The newest entries in effect a snapshot keeps as read (the log shows the newest 200).
RECENT = 256


def recent_entries(snapshot: Snapshot) -> list[tuple[int, Entry]]:
    """The newest entries a snapshot kept, each checked as strictly as one read from the
    file (`Entry.from_parts`); none when one is not right (they are then read from it)."""
    try:
        kept = [(item[0], Entry.from_parts(item[1:])) for item in snapshot.recent]
    except (JournalError, TypeError, IndexError):
        return []
    if not all(type(place) is int and 0 <= place < snapshot.count for place, _ in kept):
        return []
    return kept


def rules_fingerprint() -> str:
    """The app's version and its core's source files (name, size, time): a snapshot made
    by other rules (an update, an edit) is not used."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        from companion import __version__

        folder = os.path.dirname(os.path.abspath(__file__))
        _FINGERPRINT = _sources_fingerprint(folder, __version__)
    return _FINGERPRINT


def _sources_fingerprint(top: str, version: str) -> str:
    """The SHA-256 of `version` and each .py file's place, size and time under `top`
    (os.scandir, not pathlib: this is on the way to every open's first frame)."""
    parts = [version]
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            found = sorted(os.scandir(folder), key=lambda item: item.name)
        except OSError:
            continue
        for item in found:
            try:
                if item.name.endswith(".py") and item.is_file():
                    info = item.stat()
                    place = item.path[len(top) + 1 :]  # below `top` (what relpath gives)
                    parts.append(f"{place}:{info.st_size}:{info.st_mtime_ns}")
                elif item.is_dir() and item.name != "__pycache__":
                    folders.append(item.path)
            except OSError:
                continue
    return _sha256("\n".join(parts).encode()).hexdigest()


_FINGERPRINT: str | None = None


class _PlainUnpickler(pickle.Unpickler):
    """Reads only plain data (numbers, text, bytes, lists, dicts): nothing is imported."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a snapshot")


class _StateUnpickler(pickle.Unpickler):
    """Reads a game state: plain data and the app's own dataclasses, nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("companion.") and "." not in name:
            found = getattr(__import__(module, fromlist=[name]), name, None)
            if isinstance(found, type) and dataclasses.is_dataclass(found):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a snapshot")


def dump_state(state: Any) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def load_state(data: bytes) -> Any:
    """A state kept by `dump_state`; any error when it is not one (the caller replays)."""
    return _StateUnpickler(io.BytesIO(data)).load()


def _q_bytes(values: array[int]) -> bytes:
    return (values if values.typecode == "q" else array("q", values)).tobytes()


#: How many of a snapshot's entries `_spans_fit` looks at, spread over the file.
SPANS_LOOKED_AT = 64


def _spans_fit(snapshot: Snapshot, data: bytes) -> bool:
    """Whether the snapshot's entries can be the file's: the first just after the first
    `[[entries]]` line, the last ending where the covered bytes end (but blank space), and
    each of `SPANS_LOOKED_AT` of them, spread over the file, the last among them, just after
    an `[[entries]]` line. (The bytes it covers have the SHA-256 it was made from: this
    guards against a snapshot made wrong, not against damage; each entry's check is verified
    again when it is read. It counted every `[[entries]]` line of the covered bytes: ~4 ms
    of a 100,000-entry open holding the interpreter's lock, #16.)"""
    spans, marker, count = snapshot.spans, len(_MARKER), snapshot.count
    looked_at = [*range(0, count, max(1, count // SPANS_LOOKED_AT)), count - 1]
    return (
        data.find(_MARKER) + marker == spans[0]
        and spans[-1] <= snapshot.length
        and not data[spans[-1] : snapshot.length].strip()
        and all(data.startswith(_MARKER, spans[2 * index] - marker) for index in looked_at)
    )


def _ascending(places: array[int]) -> bool:
    """Whether each place is after the one before it, as the places in effect always are
    (an entry appended, undone, redone: see `Journal.note`)."""
    return all(map(lt, places, islice(places, 1, None)))


def _snapshot_bytes(snapshot: Snapshot) -> bytes:
    """The snapshot as written: the places in effect checked in order here, so that reading
    it checks only the first and the last (`_snapshot_of`); a ValueError when they are not
    (not written: the game is replayed at its next open)."""
    if not _ascending(snapshot.done):
        raise ValueError("a snapshot's places in effect out of order")
    fields = {
        "fingerprint": rules_fingerprint(),
        "length": snapshot.length,
        "digest": snapshot.digest,
        "header": snapshot.header,
        "format": snapshot.format,
        "spans": snapshot.spans.tobytes(),
        "done": _q_bytes(snapshot.done),
        "undone": _q_bytes(snapshot.undone),
        "state": snapshot.state,
        "checkpoints": snapshot.checkpoints,
        "notices": snapshot.notices,
        "recent": snapshot.recent,
    }
    payload = pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL)
    return _SNAPSHOT_MAGIC + _sha256(payload).digest() + payload


def _snapshot_of(raw: bytes) -> Snapshot | None:
    """The snapshot in `raw` when it is whole and of these rules, else None."""
    start = len(_SNAPSHOT_MAGIC) + 32
    if not raw.startswith(_SNAPSHOT_MAGIC):
        return None
    payload = memoryview(raw)[start:]
    if _sha256(payload).digest() != raw[len(_SNAPSHOT_MAGIC) : start]:
        return None
    fields = _PlainUnpickler(io.BytesIO(payload)).load()
    if type(fields) is not dict or fields.get("fingerprint") != rules_fingerprint():
        return None
    spans, done, undone = array("I"), array("q"), array("q")
    spans.frombytes(fields["spans"])
    done.frombytes(fields["done"])
    undone.frombytes(fields["undone"])
    snapshot = Snapshot(
        fields["length"],
        fields["digest"],
        fields["header"],
        fields["format"],
        spans,
        done,
        undone,
        fields["state"],
        fields["checkpoints"],
        fields["notices"],
        fields.get("recent"),
    )
    count = snapshot.count
    checks = (
        type(snapshot.length) is int and snapshot.length > 0 and type(snapshot.digest) is str,
        type(snapshot.header) is dict and type(snapshot.format) is int,
        count > 0 and len(spans) % 2 == 0 and type(snapshot.state) is bytes,
        # (the places in effect in order, checked as written: the first and the last; those
        # taken back, a few, each)
        not done or (done[0] >= 0 and done[-1] < count),
        not undone or (min(undone) >= 0 and max(undone) < count),
        type(snapshot.checkpoints) is dict and type(snapshot.notices) is list,
        all(type(k) is int and 0 < k <= len(done) for k in snapshot.checkpoints),
        all(type(value) is bytes for value in snapshot.checkpoints.values()),
        all(type(notice) is str for notice in snapshot.notices),
        type(snapshot.recent) is list,
        spans[-1] <= snapshot.length,
    )
    return snapshot if all(checks) else None
