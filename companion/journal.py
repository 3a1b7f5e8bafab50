"""The journal: every change to a game is one entry, and the game's state is its replay.

Undo and redo are entries too, so the file only grows and a restart replays to the same
state. Entries are flat tables (scalars and lists of scalars) so that a crash that cuts
the file can only ever tear the last one, and `at` is written last so a torn entry is
recognisable even when what was written of it still parses.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import repeat
from typing import Any

from companion.safe_text import quoted, visible, visible_fields

UNDO = "undo"
REDO = "redo"
RESERVED = ("kind", "text", "at")

Scalar = str | int | float | bool
Value = Scalar | list[Scalar]


class JournalError(ValueError):
    """An entry read from disk is not one this app can use."""


_RESERVED = frozenset((*RESERVED, "check"))  # `check` guards an entry on disk: not data
_SCALARS = frozenset({str, int, float, bool})
#: No number in a game comes near this; a larger one in a file is refused, not replayed.
LARGEST_NUMBER = 10**15


@dataclass(frozen=True, slots=True)
class Entry:
    """One change to a game as the journal keeps it: its kind, its sentence, its data."""

    kind: str
    text: str
    data: Mapping[str, Value] = field(default_factory=dict)
    at: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def to_parts(self) -> list[Any]:
        """The compact form `from_parts` reads back."""
        return [self.kind, self.text, dict(self.data), self.at]

    def to_table(self) -> dict[str, Value]:
        """The TOML table: kind and text first, the data, and `at` last (torn-entry check)."""
        table: dict[str, Value] = {"kind": self.kind, "text": self.text}
        table.update(self.data)
        table["at"] = self.at
        return table

    @classmethod
    def from_table(cls, table: Mapping[str, Any]) -> Entry:
        """Check and build an entry read from disk (on the path of every load: kept lean).

        Its text is made safe to show (control characters written out, see `visible`);
        numbers beyond any game's are refused."""
        kind, text, at = table.get("kind"), table.get("text"), table.get("at")
        if type(kind) is not str or type(text) is not str or type(at) is not str:
            missing = next(k for k in RESERVED if type(table.get(k)) is not str)
            raise JournalError(f"an entry has no {missing!r} text")
        data = {key: value for key, value in table.items() if key not in _RESERVED}
        return cls._checked(kind, text, data, at)

    @classmethod
    def from_parts(cls, parts: Any) -> Entry:
        """Check and build an entry kept as `[kind, text, data, at]` (the parse cache's
        compact form, which is checked as strictly as the file)."""
        if type(parts) is not list or len(parts) != 4:
            raise JournalError("an entry is not [kind, text, data, at]")
        kind, text, data, at = parts
        if type(kind) is not str or type(text) is not str or type(at) is not str:
            raise JournalError("an entry's kind, text or at is not text")
        if type(data) is not dict or not _RESERVED.isdisjoint(data):
            raise JournalError("an entry's data is not a table of its own fields")
        return cls._checked(kind, text, data, at)

    @classmethod
    def _checked(cls, kind: str, text: str, data: dict[str, Any], at: str) -> Entry:
        shown = kind + text + at  # every string, checked at once below (the common case)
        for key, value in data.items():
            kind_of = type(value)
            if kind_of is str:
                shown += value
            elif kind_of is int:
                if value > LARGEST_NUMBER or value < -LARGEST_NUMBER:
                    raise JournalError(f"entry field {quoted(key)} holds too large a number")
            elif kind_of is list and all(type(item) in _SCALARS for item in value):
                for item in value:
                    if type(item) is str:
                        shown += item
                    elif type(item) is int and abs(item) > LARGEST_NUMBER:
                        raise JournalError(f"entry field {quoted(key)} holds too large a number")
            elif kind_of not in _SCALARS:
                raise JournalError(f"entry field {quoted(key)} holds a {kind_of.__name__}")
        # isprintable() is False for every character `visible` writes out (controls, format
        # and separator characters) and for some harmless ones: only then is `visible` run.
        if not shown.isprintable():
            return cls(visible(kind), visible(text), visible_fields(data), visible(at))
        return cls(kind, text, data, at)


#: Entry's fields, in order (`entries_of_columns` sets each of them; a test checks).
_FIELDS = ("kind", "text", "data", "at")


def entries_of_columns(
    kinds: list[str], texts: list[str], datas: list[dict[str, Any]], ats: list[str]
) -> list[Entry]:
    """`Entry(kind, text, data, at)` for each row of these columns, made a column at a time
    (each a loop in C): a frozen dataclass's `__init__` sets each field through
    `object.__setattr__`, and 100,000 of them were a sixth of a long game's first read
    (#16). The values must be what `Entry.from_table` would keep (the bulk reader checks)."""
    if not len(kinds) == len(texts) == len(datas) == len(ats):
        raise ValueError("columns of different lengths")
    made = list(map(object.__new__, repeat(Entry, len(kinds))))
    for name, column in zip(_FIELDS, (kinds, texts, datas, ats), strict=True):
        deque(map(getattr(Entry, name).__set__, made, column), maxlen=0)
    return made


def now_stamp() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def make_entry(kind: str, text: str, **data: Value | None) -> Entry:
    """A new entry stamped now; fields that are None are left out (TOML has no null)."""
    if kind in (UNDO, REDO):
        raise ValueError("undo and redo entries come from Journal.undo_entry/redo_entry")
    return Entry(kind, text, {k: v for k, v in data.items() if v is not None}, now_stamp())


class Journal:
    """The entries of one game and which of them are in effect after undo and redo.

    `entries` may be a list or a sequence that reads each entry from the file's bytes when
    asked (gamefile.EntryList): only the places of the entries in effect are kept per entry."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self.entries: MutableSequence[Entry] = []
        self._done = array("q")  # places in `entries`, oldest first: what is in effect
        self._undone = array("q")  # places taken back, the next to redo last
        for entry in entries:
            self.append(entry)

    @classmethod
    def restored(
        cls, entries: MutableSequence[Entry], done: Sequence[int], undone: Sequence[int]
    ) -> Journal:
        """A journal over `entries` whose first entries' effect is already known (a
        snapshot's stacks); the rest are taken in with `note`."""
        journal = cls()
        journal.entries = entries
        journal._done = done[:] if isinstance(done, array) else array("q", done)
        journal._undone = undone[:] if isinstance(undone, array) else array("q", undone)
        return journal

    def __len__(self) -> int:
        return len(self.entries)

    def append(self, entry: Entry) -> None:
        self.entries.append(entry)
        self.note(len(self.entries) - 1, entry.kind)

    def note(self, index: int, kind: str) -> int:
        """Take in the effect of the entry at `index` (already in `entries`); returns how
        many entries are in effect now."""
        done = self._done
        if kind == UNDO:
            if done:
                self._undone.append(done.pop())
        elif kind == REDO:
            if self._undone:
                done.append(self._undone.pop())
        else:
            done.append(index)
            if self._undone:
                del self._undone[:]
        return len(done)

    def stacks(self) -> tuple[array[int], array[int]]:
        """Copies of the places in effect and of those taken back (for a snapshot)."""
        return self._done[:], self._undone[:]

    def effective(self) -> list[Entry]:
        """The entries in effect, oldest first: what the state is replayed from."""
        return [self.entries[index] for index in self._done]

    def effective_between(self, start: int, stop: int) -> list[Entry]:
        """The entries in effect from the `start`th to before the `stop`th (a replay from a
        checkpoint)."""
        return self._entries_at(self._done[start:stop])

    def newest_first(self) -> Iterator[Entry]:
        """The entries in effect, the newest first, read back a few at a time (not the
        whole journal of a long game)."""
        done = self._done
        for end in range(len(done), 0, -64):
            yield from reversed(self._entries_at(done[max(0, end - 64) : end]))

    def newest_of(self, kind: str) -> Entry | None:
        """The newest entry in effect of `kind` (a finish: its sentence, its time)."""
        return next((entry for entry in self.newest_first() if entry.kind == kind), None)

    def tail(self, count: int) -> list[tuple[int, Entry]]:
        """The newest `count` entries in effect, oldest first, each with its place in the
        file (the log appends what is new instead of drawing every line again)."""
        places = self._done[-count:]
        return list(zip(places, self._entries_at(places), strict=True))

    def tail_places(self, count: int) -> list[int]:
        """The places in the file of the newest `count` entries in effect, oldest first:
        what the log compares with what it shows, before reading only the new entries."""
        return list(self._done[-count:])

    def entries_at(self, places: Sequence[int]) -> list[Entry]:
        """The entries at these places in the file (places from `tail_places`)."""
        return self._entries_at(places)

    def _entries_at(self, places: Sequence[int]) -> list[Entry]:
        """The entries at these places: a game read from its file reads them in one go
        (`EntryList.many`), a list just picks them."""
        many = getattr(self.entries, "many", None)
        if many is not None:
            return many(places)  # type: ignore[no-any-return]
        return [self.entries[index] for index in places]

    @property
    def effective_count(self) -> int:
        return len(self._done)

    def undo_target(self) -> Entry | None:
        return self.entries[self._done[-1]] if self._done else None

    def redo_target(self) -> Entry | None:
        return self.entries[self._undone[-1]] if self._undone else None

    def undo_entry(self) -> Entry | None:
        target = self.undo_target()
        if target is None:
            return None
        return Entry(UNDO, f"Undone: {target.text}", {}, now_stamp())

    def redo_entry(self) -> Entry | None:
        target = self.redo_target()
        if target is None:
            return None
        return Entry(REDO, f"Redone: {target.text}", {}, now_stamp())
