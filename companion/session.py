"""One open game: its rules, its journal, its file, and the state replayed from them.

`act` is the only way a change happens: the rules check the entry against a copy of the
state, the store appends and fsyncs it, and only then does the state move on. So an entry
is on disk before its effect is shown, and a refused action leaves everything as it was.

One writer per game: a session opened to play (`open_to_play`) holds the game's lock
(companion/lock.py). A second copy gets the game read-only: it refuses every change and
`follow`s the writer's appends, and `try_to_write` takes the writer's role once the lock
is free. Every append names the length this session knows, so a change is never written
after entries this session has not seen.

A file damaged above its last entry opens with what is readable and refuses changes
(`read_only_reason`) until the table says `continue_from_readable`; a save that fails
(a full disk) raises SaveError and the change is not done.

Speed at any length (issue #16): opening starts from the snapshot kept beside the file
(gamefile.Snapshot; checked, and made again when it does not fit) and replays only what came
after it; the session keeps a copy of the state every CHECKPOINT_EVERY entries in effect, so
undo and redo replay at most that many entries. The result is always what a full replay of
the journal gives: the journal stays the one source of truth.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.gamefile import (
    ENTRY_MARKER,
    RECENT,
    SNAPSHOT_AFTER,
    EntryList,
    GameRecord,
    Header,
    Snapshot,
    dump_state,
    entry_chunk,
    load_state,
)
from companion.games import RuleError, Rules, rules_for
from companion.games.base import CORRECTIONS, TableState, copy_state
from companion.journal import REDO, UNDO, Entry, Journal, JournalError, now_stamp
from companion.lock import GameLock
from companion.store import (
    CHANGED_ELSEWHERE,
    READS_AGAIN,
    DamagedFile,
    SaveError,
    Store,
    stamp_of,
)

if TYPE_CHECKING:
    from companion.damage import Damage
    from companion.going_on import GoingOn

READ_ONLY = "Open in another window: this one follows it and cannot change it."
#: how the writer's look (`GameSession.watch`) starts what it found changed in its file
CHANGED_HERE = "This game's file was changed by another window or program"
FILE_GONE = (
    "The game file is gone (deleted or moved by another program), so nothing more is saved to "
    "it: the game is shown as it was. Put the file back, and this window reads it again."
)
FILE_UNREADABLE = (
    "This game's file was changed by another program and can no longer be read ({reason}), "
    "so nothing more is saved to it: the game is shown as it was. Put the file back as it "
    "was, and this window reads it again."
)
TOOK_OVER = "The other window let go of the game (closed or stopped): this one can change it now."
_MARK = 64  # bytes before the known length compared to notice a rewritten file
#: A copy of the state is kept after every this many entries in effect: undo and redo
#: replay at most this many entries, at entry 10 as at entry 100,000.
CHECKPOINT_EVERY = 100
#: While playing, a new snapshot is written after this many changes (and on closing).
SNAPSHOT_EVERY = 1000


class ReadOnly(RuleError):
    """A change refused because another copy of the app is the game's writer."""

    def __init__(self) -> None:
        super().__init__(READ_ONLY)


class FollowStopped(Exception):
    """A read-only session can no longer follow its game; the message says why."""


class GameSession:
    def __init__(
        self,
        store: Store,
        record: GameRecord,
        *,
        read_only: bool = False,
        snapshot_later: bool = False,
    ) -> None:
        """`snapshot_later`: a snapshot this opening should write is left for
        `save_snapshot_if_due` (the app calls it once the game's first frame is drawn)."""
        self.store = store
        self.path: Path = record.path
        self.notices: list[str] = []
        self.read_only = read_only
        self.following = read_only
        self._lock: GameLock | None = None
        self._snapshot_later = snapshot_later
        #: A snapshot should be written (see `save_snapshot_if_due`).
        self.snapshot_due = False
        self._load(record)
        self._snapshot_later = False

    def _load(self, record: GameRecord) -> None:
        """Take a game as read from disk: its entries, the length known, the state."""
        self.header: Header = record.header
        self.rules: Rules = rules_for(record.header.game)
        self.record = record
        #: The file's length as this session last wrote or read it (see Store.append_entry).
        self.known_length = record.good_length
        #: Why changes are refused (a damaged file, a repair refused), or None.
        self.read_only_reason: str | None = record.read_only_reason
        self._seen_size = -1  # the file size last read through (-1: none yet)
        #: the file's inode and time at the last look: a change that keeps its size (a byte
        #: of an entry changed, the file put back) is noticed by them (a play-test)
        self._seen_stamp = _stamp_of(self.path) if self.following else None
        #: the writer's: the file's stamp as it read or last wrote it; an append to a file
        #: changed since (a byte of an entry changed in place) is refused
        looked = None if self.following else _look(self.path)
        self._written_stamp = None if looked is None else looked[1]
        #: the writer's: the file's length and stamp at its last look (`watch`)
        self._watched = looked
        #: why the file could not be used at the last look (gone, unreadable), or None
        self._file_lost: str | None = None
        # A follower's view of the file's known end, to notice a rewrite (a writer, which
        # is the only one changing the file, never needs it).
        self._mark = _tail_mark(self.path, self.known_length) if self.following else b""
        self.notices.extend(record.notices)
        if record.torn is not None and not self.read_only and record.read_only_reason is None:
            # (not when it could not be cut off: "dropped" beside "left as it is", a play-test)
            self.notices.append(record.torn.notice())
        if record.damage is not None:
            self.notices.append(record.damage.notice(follower=self.following))
            if self.following:  # its damaged end is not read again at each look, until
                # the file changes (it stopped following at once: a play-test)
                with contextlib.suppress(OSError):
                    self._seen_size = os.stat(self.path).st_size
        #: The SHA-256 of the file's bytes this session knows (None: no snapshot is written).
        self._digest = record.digest
        #: Where each entry is in the file (None when not known: no snapshot is written).
        entries = record.entries
        self._spans = (
            entries.spans() if isinstance(entries, EntryList) and self._digest is not None else None
        )
        self._skipped: list[str] = []  # what replaying on opening had to skip (3 at most)
        self._checkpoints: dict[int, bytes] = {}
        #: The state left by the last change, undo or redo, pickled, by how many entries
        #: were in effect then: an undo or redo back to it loads it (undo, redo, undo... at
        #: the table) instead of replaying from the nearest checkpoint, up to
        #: CHECKPOINT_EVERY entries (an undo at 10,000 entries took a third longer, #16).
        self._left: dict[int, bytes] = {}
        self.state: TableState = self._restore(record)
        fresh, record.fresh = record.fresh, []  # the entries read are no longer needed
        self._advance(fresh, report=True)
        if isinstance(entries, EntryList) and fresh:  # but the newest: the log shows them
            start = len(entries) - len(fresh)
            newest = zip(range(start, len(entries))[-RECENT:], fresh[-RECENT:], strict=True)
            entries.keep_read(newest)
        self.notices.extend(self._skipped)
        self._unsaved = 0  # changes since the last snapshot
        if (
            record.snapshot is None or len(fresh) >= SNAPSHOT_AFTER
        ) and self.journal.effective_count:
            if self._snapshot_later:
                self.snapshot_due = True
            else:
                self.save_snapshot()

    def save_snapshot_if_due(self) -> None:
        """Write the snapshot an opening left for later (nothing if none is due)."""
        if self.snapshot_due:
            self.save_snapshot()

    def _restore(self, record: GameRecord) -> TableState:
        """The journal and state as the record's snapshot left them (their start when there
        is none, or it does not fit these rules): `_advance` then takes the rest in."""
        snapshot = record.snapshot
        if snapshot is not None:
            try:
                state = load_state(snapshot.state)
                if type(state) is type(self.rules.new_state(self.header)):
                    self.journal = Journal.restored(record.entries, snapshot.done, snapshot.undone)
                    self._checkpoints = dict(snapshot.checkpoints)
                    self._skipped = list(snapshot.notices)
                    return state
            except Exception:  # a snapshot that does not load only means: replay
                pass
            # Replay from the start: every entry is needed again as an object.
            record.fresh = list(record.entries)
            record.fresh_from = 0
        self.journal = Journal.restored(record.entries, (), ())
        return self.rules.new_state(self.header)

    def _advance(self, entries: list[Entry], report: bool = False) -> None:
        """Take in entries already in `journal.entries` (its last ones), replaying the way
        a full replay does: what no longer applies is skipped; an undo or redo goes back to
        the nearest checkpoint. (A long game's first read replays every entry here: the
        loop does `_apply` and `_checkpoint` inline.)"""
        first = len(self.journal.entries) - len(entries)
        note, apply = self.journal.note, self.rules.apply
        for place, entry in enumerate(entries, start=first):
            kind = entry.kind
            if kind in (UNDO, REDO):
                was = self.journal.effective_count
                self._walk(was, note(place, kind), report)
                continue
            count = note(place, kind)
            if self._left:  # (the states of an undone branch no longer hold)
                self._left = {kept: state for kept, state in self._left.items() if kept < count}
            try:
                apply(self.state, entry)
            except RuleError as error:
                self._skip(entry, error, report)
            if count % CHECKPOINT_EVERY == 0 and count not in self._checkpoints:
                self._checkpoints[count] = dump_state(self.state)

    def _apply(self, state: TableState, entry: Entry, report: bool) -> None:
        try:
            self.rules.apply(state, entry)
        except RuleError as error:
            self._skip(entry, error, report)

    def _skip(self, entry: Entry, error: RuleError, report: bool) -> None:
        """A saved change that no longer applies: skipped, and told (3 at most)."""
        if report and len(self._skipped) < 3:
            self._skipped.append(
                f"A saved change could not be replayed and was skipped: {entry.text} ({error})"
            )

    def _checkpoint(self) -> None:
        """Keep a copy of the state every CHECKPOINT_EVERY entries in effect."""
        count = self.journal.effective_count
        if count % CHECKPOINT_EVERY == 0 and count not in self._checkpoints:
            self._checkpoints[count] = dump_state(self.state)

    def _state_at(self, count: int, report: bool = False) -> TableState:
        """The state after the first `count` entries in effect: from the nearest checkpoint
        at or below it (checkpoints above it no longer hold after an undo and are dropped),
        replaying at most CHECKPOINT_EVERY entries."""
        for kept in [kept for kept in self._checkpoints if kept > count]:
            del self._checkpoints[kept]
        left = self._left.get(count)
        if left is not None:
            if count % CHECKPOINT_EVERY == 0:  # (dropped by the undo from it: kept again,
                self._checkpoints.setdefault(count, left)  # as the replay below keeps it)
            return pickle.loads(left)  # type: ignore[no-any-return]
        start, state = self._checkpoint_at_or_before(count)
        for number, entry in enumerate(self.journal.effective_between(start, count), start + 1):
            self._apply(state, entry, report)
            if number % CHECKPOINT_EVERY == 0:
                self._checkpoints[number] = dump_state(state)
        return state

    def _walk(self, was: int, count: int, report: bool = False) -> None:
        """An undo or redo in effect: from `was` entries in effect to `count`; the state
        left is kept for the walk back (`_left`)."""
        left = _pickled(self.state)
        self.state = self._state_at(count, report)
        self._left = {was: left} if left is not None else {}

    def _checkpoint_at_or_before(self, count: int) -> tuple[int, TableState]:
        """The latest checkpoint at or before `count` entries in effect, loaded (one that
        does not load is dropped: further back), or the start of the game."""
        for start in sorted((kept for kept in self._checkpoints if kept <= count), reverse=True):
            try:
                state = load_state(self._checkpoints[start])
                if type(state) is not type(self.rules.new_state(self.header)):
                    raise TypeError("a checkpoint of another game")
            except Exception:
                del self._checkpoints[start]
                continue
            return start, state
        return 0, self.rules.new_state(self.header)

    def corrected_since_finish(self) -> bool:
        """A finished game changed after its last finish (a correction, an adjustment, an
        option): its result is the sheet's, from before. Going on after damage is none (it
        read as one, being the newest entry: a review)."""
        if not self.state.finished:
            return False
        for entry in self.journal.newest_first():
            if entry.kind == "finish":
                return False
            if entry.kind in CORRECTIONS:
                return True
        return False

    def state_at_last_finish(self) -> TableState | None:
        """The state the game's last finish scored (just before its entry), or None when
        it was never finished; the checkpoints after it are kept."""
        effective = self.journal.effective()
        finishes = [number for number, entry in enumerate(effective) if entry.kind == "finish"]
        if not finishes:
            return None
        start, state = self._checkpoint_at_or_before(finishes[-1])
        for entry in effective[start : finishes[-1]]:
            self._apply(state, entry, False)
        return state

    def save_snapshot(self) -> None:
        """Keep the replayed state beside the file (best effort; see gamefile.Snapshot). Only a
        session that knows every byte of the file it read and wrote does so."""
        if self._digest is None or self._spans is None or self.following:
            return
        done, undone = self.journal.stacks()
        self.store.write_snapshot(
            self.path,
            Snapshot(
                length=self.known_length,
                digest=self._digest.hexdigest(),
                header=self.record.doc,
                format=self.record.format,
                spans=self._spans,
                done=done,
                undone=undone,
                state=dump_state(self.state),
                checkpoints=self._checkpoints,
                notices=self._skipped,
                recent=self._recent(),
            ),
        )
        self._unsaved = 0
        self.snapshot_due = False

    def _recent(self) -> list[list[Any]]:
        """The newest entries in effect as a snapshot keeps them (see Snapshot.recent)."""
        try:
            return [[place, *entry.to_parts()] for place, entry in self.journal.tail(RECENT)]
        except JournalError:  # an entry no longer reads: the next open reads them from the file
            return []

    @classmethod
    def create(cls, store: Store, header: Header) -> GameSession:
        path = store.create_game(header)
        return cls(store, store.read_game(path))

    @classmethod
    def open(cls, store: Store, path: Path) -> GameSession:
        """Open a saved game; a torn last entry is cut off (a copy of the file is kept).

        A file damaged further up, or one that could not be repaired, opens read-only
        with a copy of it kept where possible."""
        return cls(store, _mended(store, store.read_game(path)))

    @classmethod
    def open_to_play(
        cls,
        store: Store,
        path: Path,
        *,
        snapshot_later: bool = False,
        read: ReadToPlay | None = None,
    ) -> GameSession:
        """Open a saved game to play it: as its writer when no other copy of the app has it
        (the lock is taken before the file is read), read-only and following otherwise.
        `snapshot_later`: see `GameSession`. `read`: the game read already by `read_to_play`
        (on another thread while the UI started: companion/first_read.py)."""
        if read is None:
            read = read_to_play(store, path)
        session = cls(store, read.record, read_only=not read.writer, snapshot_later=snapshot_later)
        session._lock = read.lock
        return session

    def claim(self) -> bool:
        """Take this game's lock for a session made without one (a game just created);
        read-only and following if another copy holds it. True when writable."""
        if self._lock is not None:
            return not self.read_only
        self._lock = GameLock(self.path)
        if self._lock.acquire():
            return True
        self.read_only = self.following = True
        self._mark = _tail_mark(self.path, self.known_length)
        self._seen_stamp = _stamp_of(self.path)
        return False

    def close(self) -> None:
        """Leave the game: give the lock back so it can be opened again (here or elsewhere)."""
        if self._unsaved or self.snapshot_due:
            self.save_snapshot()
        self.following = False
        if self._lock is not None:
            self._lock.release()
            self._lock = None
            self.read_only = True  # a closed session writes nothing more

    # -- following the writer --------------------------------------------------------

    def follow(self) -> bool:
        """Apply what the writer appended since the last look; True when something changed.
        Cheap when nothing did (one stat). Raises FollowStopped, once, when the game file is
        gone or can no longer be read; following then stops."""
        if not self.following:
            return False
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            self._stop()
            raise FollowStopped(
                "The game file was deleted: this window no longer follows it."
            ) from None
        except OSError as error:
            self._stop()
            raise FollowStopped(f"The game file cannot be read any more ({error}).") from None
        size, stamp = info.st_size, stamp_of(info)
        if size < self._seen_size:  # cut back since (a damaged end dropped): read anew
            self._seen_size = -1
        rewritten = stamp != self._seen_stamp
        self._seen_stamp = stamp
        if size in (self.known_length, self._seen_size) and not rewritten:
            return False  # nothing new, or only the start of an entry still being written
        try:
            if size in (self.known_length, self._seen_size):  # written, the same size: a
                # byte changed in place, or the file put back (only growth was looked at)
                record = self.store.read_game(self.path)
                if self._known_as(record):
                    return False
                self._load(record)
                return True
            if (
                size < self.known_length
                or self.record.damage is not None  # the writer went on from the damage:
                # it wrote the file anew (and going on is an entry appended to it), so its
                # growth is not only appended entries (the damage stayed said: a play-test)
                or _tail_mark(self.path, self.known_length) != self._mark
            ):
                return self._reload()
            entries, good = self.store.read_appended(
                self.path, self.known_length, self.record.format
            )
        except DamagedFile as damaged:
            self._stop()
            raise FollowStopped(
                f"The game file cannot be read any more ({damaged.reason}): this window no "
                "longer follows it."
            ) from None
        self._seen_size = size
        if not entries:
            return False
        self._take(entries)
        self.known_length = good
        self._mark = _tail_mark(self.path, good)
        return True

    # -- the writer's look at its own file ---------------------------------------------

    def watch(self) -> str | None:
        """The writer's look at its own file, for a change it did not make (another
        program, a sync tool, a hand edit): one stat, and the file is read only when its
        length or stamp is not what this session wrote or last saw. None when nothing
        changed (or the file was only touched). Otherwise the file is read anew, as opening
        reads it (a torn tail cut off, a copy of a damaged file kept), and a sentence says
        what changed. A damaged file leaves the game read-only (`read_only_reason`) until
        the table goes on from its readable part, here: this session keeps the lock."""
        if self.read_only or self.following:
            return None
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return self._lose(FILE_GONE)
        except OSError:
            return None  # (looked at again at the next look)
        seen = (info.st_size, stamp_of(info))
        if seen == self._watched or seen == (self.known_length, self._written_stamp):
            return None
        self._watched = seen
        try:
            record = self.store.read_game(self.path)
        except DamagedFile as damaged:
            return self._lose(FILE_UNREADABLE.format(reason=damaged.reason))
        lost, self._file_lost = self._file_lost, None
        if lost is None and self._known_as(record):
            self._written_stamp = seen[1]  # touched, or put back as it was
            return None
        had = list(self.journal.entries)
        notices = len(self.notices)
        self._load(_mended(self.store, record))
        said = [*self.notices[notices:]]
        if lost is not None:
            head = "The game file can be read again, and was: changes are saved to it again."
        elif self.record.damage is not None:  # (no window of this app damages a file)
            head = "This game's file was changed by another program."
        else:
            head = f"{CHANGED_HERE}: {self._what_changed(had)}"
        return " ".join([head, *said])

    def _what_changed(self, had: list[Entry]) -> str:
        """What reading the file anew found, against the entries this session had."""
        now = list(self.journal.entries)
        added = len(now) - len(had)
        if added > 0 and now[: len(had)] == had:
            if added == 1:
                return "1 change was added to it (the log shows it)."
            return f"{added} changes were added to it (the log shows them)."
        return f"it was read again, and the game shows it as it is now ({len(now)} entries)."

    def _lose(self, sentence: str) -> str | None:
        """The file gone or unreadable at a look: nothing is saved until it is back; the
        game shown stays as it was. Said once."""
        if self._file_lost == sentence:
            return None
        self._file_lost = self.read_only_reason = sentence
        self._watched = None
        return sentence

    def try_to_write(self) -> bool:
        """Become the writer if the lock is free (the writer closed or stopped): read what it
        wrote last, then allow changes. True when this session is (now) the writer."""
        if not self.read_only:
            return True
        if self._lock is None or not self.following or not self._lock.acquire():
            return False
        try:
            record = _mended(self.store, self.store.read_game(self.path))
        except (DamagedFile, OSError) as error:
            self._stop()
            reason = error.reason if isinstance(error, DamagedFile) else str(error)
            raise FollowStopped(
                f"The game file cannot be read any more ({reason}): this window no longer "
                "follows it."
            ) from None
        self.read_only = self.following = False
        self._load(record)
        return True

    def _known_as(self, record: GameRecord) -> bool:
        """True when `record` (the file read again) is what this session shows: the same
        entries, and damaged alike (or neither)."""
        return (
            record.good_length == self.known_length
            and _without_copy(record.damage) == _without_copy(self.record.damage)
            and len(record.entries) == len(self.journal.entries)
            and list(record.entries) == list(self.journal.entries)
        )

    def _same_on_disk(self) -> bool:
        """Whether the game file, its stamp changed since this writer's last look, still
        holds what this session shows (touched, or put back as it was); then its stamp is
        taken as the one to write on."""
        stamp = _stamp_of(self.path)
        try:
            same = self._known_as(self.store.read_game(self.path))
        except (DamagedFile, OSError):
            return False
        if same:
            self._written_stamp = stamp
        return same

    def _reload(self) -> bool:
        """The file shrank or its known part changed (a repair cut a torn tail): read it whole."""
        self._load(self.store.read_game(self.path))
        return True

    def _take(self, entries: list[Entry]) -> None:
        """Apply the writer's entries the way the writer did (a follower keeps no snapshot:
        it does not know the appended bytes as its own)."""
        self._digest = self._spans = None
        for entry in entries:
            self.journal.entries.append(entry)
        self._advance(entries)

    def _stop(self) -> None:
        self.following = False
        if self._lock is not None:
            self._lock.release()

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnly()

    def going_on(self) -> GoingOn:
        """What `continue_from_readable` would do to this damaged game, read from the file
        as it is now (see companion/going_on.py): the question says it. SaveError when the
        file cannot be read again, or its damage is not the one this session read."""
        from companion.files import UnreadableFile, read_bounded
        from companion.gamefile import salvage
        from companion.going_on import plan
        from companion.store import GAME_LIMIT

        damage = self.record.damage
        if damage is None:
            raise SaveError("This game's file is not damaged.")
        try:
            stamp = stamp_of(os.stat(self.path))
            found = salvage(read_bounded(self.path, GAME_LIMIT))
        except (UnreadableFile, OSError, ValueError) as error:
            raise SaveError(
                f"The game file cannot be read again ({error}), so it was left as it is."
            ) from None
        if found is None or found.damage is None or found.damage.number != damage.number:
            raise SaveError(
                "This game's file was changed by another window or program since this one "
                f"read it, so it was left as it is. {READS_AGAIN}"
            )
        return plan(self.rules, self.header, found, damage, stamp)

    def keep_damaged_copy(self) -> bool:
        """Try again to keep a copy of the damaged file (none could be made when it was
        opened: a full disk); True when one is kept now."""
        record = self.store.keep_damaged_copy(self.record)
        return record.damage is not None and record.damage.backup is not None

    def continue_from_readable(self, going_on: GoingOn | None = None) -> GoingOn:
        """The table's say-so after damage (a copy of the whole file exists): the damaged
        entries dropped and those after them that read well kept, the file written anew
        and read again; or, when they cannot be kept (`going_on.fallback`), the file cut
        back to what was read before the damage. Changes are allowed again. `going_on`:
        what the table was asked (`going_on()`, made now when None). Raises SaveError when
        it cannot be done (the file is then as it was).

        Going on is a change to the game: the log and the file say what it dropped (only
        the copy beside the game showed it: a play-test). Its entry is written with the
        file in one go (written aside, then moved over it): a kill right after the file
        was written anew, before its entry was appended, left no word of what was dropped
        (a 40,000-entry game). It changes nothing in the game, so when the file cannot be
        written with it (a full disk) the game goes on without it, as before."""
        self._check_writable()
        if going_on is None:
            going_on = self.going_on()
        entry = entry_chunk(going_on.entry())
        try:
            self._go_on(going_on, entry)
        except SaveError as error:
            if error.errno is None:  # (changed elsewhere, no copy: not for want of room)
                raise
            self._go_on(going_on, b"")
        self._load(self.store.read_game(self.path))
        return going_on

    def _go_on(self, going_on: GoingOn, then: bytes) -> None:
        """The damaged file written anew as going on says, ending with `then`."""
        _remove_own_left_behind(self.path)  # (a writer gone since it opened: try_to_write)
        if going_on.data is not None:
            self.store.rewrite_damaged(self.record, going_on.data + then, going_on.stamp)
        else:
            self.store.cut_to_readable(self.record, going_on.stamp, then)

    def _append(self, entry: Entry) -> None:
        """Write one entry where this session left the file; SaveError when it cannot."""
        if self.read_only_reason is not None:
            raise SaveError(self.read_only_reason)
        start = self.known_length
        try:
            self.known_length = self.store.append_entry(
                self.path, entry, expected_length=start, expected_stamp=self._written_stamp
            )
        except SaveError as error:
            if error.sentence != CHANGED_ELSEWHERE or not self._same_on_disk():
                raise
            self.known_length = self.store.append_entry(  # only touched: on with it
                self.path, entry, expected_length=start, expected_stamp=self._written_stamp
            )
        self._written_stamp = self.store.last_stamp
        if self._digest is not None and self._spans is not None:
            chunk = entry_chunk(entry)  # the very bytes just written
            self._digest.update(chunk)
            self._spans.append(start + len(ENTRY_MARKER))
            self._spans.append(self.known_length)
        self._unsaved += 1
        if self._unsaved >= SNAPSHOT_EVERY:
            self.save_snapshot()

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def title(self) -> str:
        return self.rules.title

    def act(self, entry: Entry) -> None:
        """Check, write (fsync), then apply one entry. Raises RuleError when refused."""
        self._check_writable()
        was = self.journal.effective_count
        left = _pickled(self.state)  # (the copy to try it on is made from it: no extra cost)
        trial = pickle.loads(left) if left is not None else copy_state(self.state)
        self.rules.apply(trial, entry)
        self._append(entry)
        self.journal.append(entry)
        self.state = trial
        self._left = {was: left} if left is not None else {}
        self._checkpoint()

    def undo(self) -> Entry | None:
        """Take back the newest change in effect; returns it, or None when there is none."""
        self._check_writable()
        target = self.journal.undo_target()
        entry = self.journal.undo_entry()
        if entry is None:
            return None
        try:
            self._write_and_replay(entry)
        except SaveError as error:
            raise error.said_of("undo") from None
        return target

    def redo(self) -> Entry | None:
        self._check_writable()
        target = self.journal.redo_target()
        entry = self.journal.redo_entry()
        if entry is None:
            return None
        try:
            self._write_and_replay(entry)
        except SaveError as error:
            raise error.said_of("redo") from None
        return target

    def progress(self) -> str:
        changes = self.journal.effective_count
        phrase = self.rules.progress(self.state)
        return f"{phrase} · {changes} change{'s' if changes != 1 else ''}"

    def record_in_history(self) -> None:
        """Add this finished game to the history file (flat: names and the sheet as TOML)."""
        self.store.record_finished(self.history_row())

    def history_row(self) -> dict[str, Any]:
        """This finished game's row of the history."""
        state = self.state
        return {
            "game": self.rules.id,
            "title": self.rules.title,
            "file": self.path.name,
            "finished": self._finished_at(),
            "players": [player.name for player in state.players],
            "sheet": state.sheet,
        }

    def _finished_at(self) -> str:
        """When the finish in effect was recorded: a reopening undone puts the game back in
        the history as finished then, not now (it moved in "newest first" and the streaks:
        a play-test)."""
        finish = self.journal.newest_of("finish")
        return finish.at if finish is not None else now_stamp()

    def forget_in_history(self) -> None:
        """Take this game out of the history: it is no longer finished."""
        self.store.forget_finished(self.path.name)

    def recall(self, key: str, default: Any = None) -> Any:
        """A number this game's table told the app before (e.g. the bonus rent), or default."""
        try:
            return self.store.remembered(self.rules.id, key, default)
        except DamagedFile:
            return default

    def known(self) -> dict[str, Any]:
        """Everything this game's table told the app before (its settings section)."""
        try:
            section = self.store.read_settings().get(self.rules.id, {})
        except DamagedFile:
            return {}
        return dict(section) if isinstance(section, dict) else {}

    def remember(self, key: str, value: Any) -> None:
        """Keep it in the settings; raises DamagedFile rather than replace a damaged file."""
        missing = object()
        if self.store.remembered(self.rules.id, key, missing) == value:
            return  # kept already: the file is not written again (nor the settings copied)
        settings = self.store.read_settings()
        section = settings.setdefault(self.rules.id, {})
        if key in section and section[key] == value:
            return  # kept already: the file is not written again
        section[key] = value
        self.store.write_settings(settings)

    def forget(self, key: str) -> None:
        """Take it out of the settings (an undone change had put it there)."""
        settings = self.store.read_settings()
        section = settings.get(self.rules.id, {})
        if key in section:
            del section[key]
            self.store.write_settings(settings)

    def charts(self) -> dict[str, dict[int, int]]:
        """The charts this game's sheet uses: what the rules give plus what was remembered."""
        from companion.scoring import chart_with

        try:
            remembered = self.store.read_settings().get("charts", {})
        except DamagedFile:
            remembered = {}
        return {
            field.chart: chart_with(field.chart, remembered.get(field.chart))
            for field in self.rules.sheet.fields
            if field.chart
        }

    def remember_charts(self, charts: dict[str, dict[int, int]]) -> None:
        """Keep what the user read off their own board (not what the rules already give)."""
        from companion.scoring import KNOWN_CHARTS

        settings = self.store.read_settings()
        saved = settings.setdefault("charts", {})
        for name, chart in charts.items():
            known = KNOWN_CHARTS.get(name, {})
            saved[name] = {
                str(count): points for count, points in chart.items() if count not in known
            }
        self.store.write_settings(settings)

    def _write_and_replay(self, entry: Entry) -> None:
        was = self.journal.effective_count
        self._append(entry)
        self.journal.append(entry)
        self._walk(was, self.journal.effective_count)

    def _replay(self) -> TableState:
        """The state from the header and every entry in effect (no checkpoint used)."""
        state = self.rules.new_state(self.header)
        for entry in self.journal.effective():
            self._apply(state, entry, report=False)
        return state


def _pickled(state: TableState) -> bytes | None:
    """The state pickled (as `copy_state` copies it: a change is tried on a copy, so that a
    refusal changes nothing), or None when it cannot be (`copy_state` deep-copies then)."""
    try:
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


class ReadToPlay:
    """A game read to be played: its lock (held when `writer`) and its record, mended when
    this copy is the writer."""

    def __init__(self, lock: GameLock, record: GameRecord, writer: bool) -> None:
        self.lock = lock
        self.record = record
        self.writer = writer


def read_to_play(store: Store, path: Path) -> ReadToPlay:
    """Take the game's lock if no other copy holds it, then read the file (the first half
    of `GameSession.open_to_play`: it needs no UI, so it can run while the UI starts)."""
    lock = GameLock(path)
    writer = lock.acquire()
    try:
        record = store.read_game(path)
        if writer:
            if record.damage is not None:
                _remove_own_left_behind(path)
            record = _mended(store, record)
    except BaseException:
        lock.release()
        raise
    return ReadToPlay(lock, record, writer)


def _remove_own_left_behind(path: Path) -> None:
    """Remove what a killed copy left aside while it wrote this game whole, however new: its
    writer calls this (only the writer of a game writes it whole, going on after damage: one
    left by a copy no longer running is no other running copy's). Only a damaged game can
    have one (a killed going on left the file damaged), and only its opening, or going on,
    looks (not every open: the games folder listed on the way to its first frame, #16; the
    list of games sweeps the folder too). A restore's `.restoring` files wait for the
    listing's minute: a restore of a game not there yet writes it without its lock."""
    from companion.files import TEMPORARY_SUFFIX, remove_left_behind

    remove_left_behind(path.parent, of=path.name, settled=0, suffixes=(TEMPORARY_SUFFIX,))


def _mended(store: Store, record: GameRecord) -> GameRecord:
    """A record its writer may play on: a torn tail cut off (read-only when that cannot be
    done), a copy kept of a file damaged further up."""
    if record.torn is not None:
        try:
            record = store.repair_torn(record)
        except SaveError as error:
            record.read_only_reason = error.sentence
    if record.damage is not None:
        record = store.keep_damaged_copy(record)
    return record


def _stamp_of(path: Path) -> tuple[int, int] | None:
    """A file's inode and modification time (None when it cannot be looked at)."""
    try:
        return stamp_of(os.stat(path))
    except OSError:
        return None


def _without_copy(damage: Damage | None) -> Damage | None:
    """A damage as read, its copy aside: a file read again names none (the copy kept at
    the opening made a touched damaged file read as changed at every look)."""
    return None if damage is None else dataclasses.replace(damage, backup=None)


def _look(path: Path) -> tuple[int, tuple[int, int]] | None:
    """A file's length and stamp (None when it cannot be looked at)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, stamp_of(info)


def _tail_mark(path: Path, length: int) -> bytes:
    """The last bytes of the part of the file already read: if they change, the file was
    rewritten (e.g. a torn tail cut back) and must be read whole again."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return b""
    try:
        start = max(0, length - _MARK)
        return os.pread(descriptor, length - start, start)
    except OSError:
        return b""
    finally:
        os.close(descriptor)
