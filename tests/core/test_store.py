"""Storage: appends, crashes at every byte, damaged and foreign files, the parse cache."""

from __future__ import annotations

import errno
import os
import shutil
import tomllib
from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.gamefile import _snapshot_bytes, _snapshot_of, parse_journal
from companion.saved import list_saved
from companion.session import GameSession
from companion.store import DamagedFile, SaveError, Store, default_data_dir, resolve_data_dir
from tests.conftest import DATA, NewGame


def add_gold(session: GameSession, seat: int, text: str) -> None:
    session.act(session.rules.adjust(session.state, seat, "gold", parse_amount(text)))


def test_every_append_leaves_valid_toml(new_game: NewGame) -> None:
    session = new_game()
    for step in range(5):
        add_gold(session, step % 3, "+1")
        session.undo()
        session.redo()
        doc = tomllib.loads(session.path.read_text())
        assert doc["format"] == 2
    assert len(doc["entries"]) == 15


def test_crash_at_every_byte_of_the_last_entry(new_game: NewGame, store: Store) -> None:
    """Cut the file anywhere in its last entry: everything before it survives, always."""
    session = new_game()
    add_gold(session, 0, "+5")
    add_gold(session, 1, "-3")
    before_last = session.path.read_bytes()
    add_gold(session, 2, "+2")
    whole = session.path.read_bytes()
    for cut in range(len(before_last), len(whole) + 1):
        session.path.write_bytes(whole[:cut])
        record = store.read_game(session.path)
        texts = [entry.text for entry in record.entries]
        if not whole[cut:].strip():  # at most the final newline is missing: nothing is lost
            assert len(texts) == 3 and record.torn is None
        else:
            assert texts == ["Ann +5 gold (10 → 15)", "Bo -3 gold (10 → 7)"], cut
            leftover = whole[len(before_last) : cut]
            assert (record.torn is not None) == bool(leftover.strip()), cut


def test_a_torn_file_is_repaired_with_a_copy_and_play_goes_on(
    new_game: NewGame, store: Store
) -> None:
    session = new_game()
    add_gold(session, 0, "+5")
    whole = session.path.read_bytes()
    add_gold(session, 1, "+1")
    torn = session.path.read_bytes()[: len(whole) + 30]
    session.path.write_bytes(torn)
    reopened = GameSession.open(store, session.path)
    assert any("cut off" in notice for notice in reopened.notices)
    backups = list(session.path.parent.glob("*.torn-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == torn
    add_gold(reopened, 2, "+2")
    again = GameSession.open(store, session.path)
    assert [n["gold"] for n in again.state.numbers] == [15, 10, 12]
    assert again.notices == []


@pytest.mark.parametrize("junk", [b"\x00" * 512, b" ", b"\r\n", b"\n\n", b"garbage"])
def test_bytes_after_the_last_entry_cost_no_change(
    new_game: NewGame, store: Store, junk: bytes
) -> None:
    """NULs a power cut left at the end of the file (or a stray space, a CRLF) dropped the
    whole last entry, saved and shown, as if it had been cut off (a play-test): the entry is
    kept, the bytes after it are cut off (a copy kept) and said to be no change."""
    session = new_game()
    add_gold(session, 0, "+5")
    add_gold(session, 1, "+1")
    session.close()
    whole = session.path.read_bytes()
    session.path.write_bytes(whole + junk)
    reopened = GameSession.open(store, session.path)
    assert [n["gold"] for n in reopened.state.numbers] == [15, 11, 10]
    [notice] = reopened.notices
    assert notice.startswith(f"The game file ended in {len(junk)} byte")
    assert "every change kept" in notice and "dropped" not in notice
    [backup] = session.path.parent.glob("*.torn-*")
    assert backup.read_bytes() == whole + junk
    add_gold(reopened, 2, "+2")  # appended after the cut: read back whole
    again = GameSession.open(store, session.path)
    assert [n["gold"] for n in again.state.numbers] == [15, 11, 12]
    assert again.notices == [] and again.record.damage is None


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("not-toml.toml", "not valid TOML"),
        ("newer-format.toml", "newer version of the app (format 7"),
        ("no-header.toml", "not a Goldrush game file"),
        ("unknown-game.toml", "unknown game 'monopoly'"),
        ("binary.toml", "not a text file"),
        ("bad-first-player.toml", "first_player"),
    ],
)
def test_damaged_files_are_listed_and_never_changed(store: Store, name: str, reason: str) -> None:
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / name
    shutil.copy(DATA / name, path)
    original = path.read_bytes()
    listing = store.list_games()
    assert listing.games == []
    [damaged] = listing.damaged
    assert damaged.path == path and reason in damaged.reason
    with pytest.raises(DamagedFile):
        GameSession.open(store, path)
    assert path.read_bytes() == original
    assert list(store.games_dir.iterdir()) == [path]


#: A header of format 1 (no check of its own), and an entry that applies, after a bad one.
OLD_HEADER = 'format = 1\ngame = "boomtown"\nfirst_player = 0\n'
GOOD_ENTRY = (
    '\n[[entries]]\nkind = "adjust"\ntext = "fine"\nplayer = 0\nnumber = "gold"\ndelta = 1\n'
    'at = "2026-01-01T00:00:00"\n'
)
ANN = 'players = [{ name = "Ann", colour = "red" }]\n'
#: In TOML: an ESC, "[31m" and a backslash (`visible` writes them \x1b[31m and \).
ODD = "\\u001b[31m\\\\"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            OLD_HEADER.replace("boomtown", f"mono{ODD}poly") + ANN,
            "unknown game 'mono\\x1b[31m\\poly'",
        ),
        (
            OLD_HEADER + ANN + f'\n[[entries]]\nkind = "adjust"\ntext = "x"\nat = "2026-01-01"\n'
            f'"we{ODD}ird" = {{ a = 1 }}\n' + GOOD_ENTRY,
            "entry field 'we\\x1b[31m\\ird' holds a dict",
        ),
        (
            OLD_HEADER + ANN + f'\n[[entries]]\nkind = "adjust"\ntext = "x"\nat = "2026-01-01"\n'
            f'"we{ODD}ird" = 10000000000000000\n' + GOOD_ENTRY,
            "entry field 'we\\x1b[31m\\ird' holds too large a number",
        ),
        (
            OLD_HEADER + f'players = [{{ name = "Ann", colour = "re{ODD}d" }}]\n',
            "Ann's colour in the file ('re\\x1b[31m\\d') is not one the app knows",
        ),
    ],
)
def test_a_game_files_odd_text_is_said_escaped_once(store: Store, text: str, reason: str) -> None:
    """A damaged file's reason (or a notice) quotes its text as `visible` writes it, once:
    visible(text)!r wrote its escapes again (an ESC as two backslashes and x1b, a backslash
    as two)."""
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "odd.toml"
    path.write_text(text)
    listing = store.list_games()
    said = [damaged.reason for damaged in listing.damaged]
    for record in listing.games:
        said += GameSession.open(store, record.path).notices
    assert any(reason in line for line in said), said


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f'"na{ODD}me" = 3\n', "'na\\x1b[31m\\me' is not a table"),
        (f'[charts]\n"na{ODD}me" = 3\n', "chart 'na\\x1b[31m\\me' is not a table"),
    ],
)
def test_a_damaged_settings_files_reason_says_its_text_escaped_once(
    store: Store, text: str, reason: str
) -> None:
    store.root.mkdir(parents=True)
    store.settings_path.write_text(text)
    with pytest.raises(DamagedFile) as raised:
        store.read_settings()
    assert raised.value.reason == reason


def test_a_damaged_file_does_not_hide_the_others(new_game: NewGame, store: Store) -> None:
    session = new_game()
    shutil.copy(DATA / "not-toml.toml", store.games_dir / "zz.toml")
    listing = store.list_games()
    assert [record.path for record in listing.games] == [session.path]
    assert len(listing.damaged) == 1


def test_the_snapshot_is_used_and_checked(new_game: NewGame, store: Store) -> None:
    session = new_game()
    for _ in range(60):
        add_gold(session, 0, "+1")
    session.close()  # a session that changed the game leaves a snapshot of its state
    snapshot = store.cache_dir / f"{session.path.stem}.snapshot"
    assert snapshot.exists()
    again = GameSession.open(store, session.path)
    add_gold(again, 1, "+2")  # appended after the snapshot was written
    record = store.read_game(session.path)
    assert record.snapshot is not None and record.fresh_from == 60 and len(record.fresh) == 1
    assert len(record.entries) == 61 and record.entries[-1].text.startswith("Bo +2")
    assert GameSession.open(store, session.path).state.numbers == again.state.numbers
    # The file changed under the snapshot (edited by hand): the snapshot no longer matches,
    # and the entry's check reports the change instead of replaying it.
    text = session.path.read_text().replace("Ann +1 gold (10 → 11)", "Ann +1 gold (10 -> 11)")
    session.path.write_text(text)
    record = store.read_game(session.path)
    assert record.entries == [] and record.damage is not None and record.snapshot is None
    assert record.damage.number == 1 and "changed on disk" in record.damage.what
    assert "Ann +1 gold (10 -> 11)" in record.damage.what and record.damage.lost == 61
    session.path.write_text(text.replace("(10 -> 11)", "(10 → 11)"))
    snapshot.write_text("{ not a snapshot")
    record = store.read_game(session.path)
    assert len(record.entries) == 61 and record.snapshot is None


def test_a_snapshot_is_checked_at_its_ends_and_entries_spread_over_the_file(
    new_game: NewGame, store: Store
) -> None:
    """Opening from a snapshot looks at the places of the first, the last and some entries
    spread between (it counted every entry's line, #16), and at the first and the last of
    the places in effect, which the snapshot's writer checks are in order: a snapshot made
    wrong is not used (the game is replayed), and one out of order is not written."""
    session = new_game()
    for _ in range(120):
        add_gold(session, 0, "+1")
    session.close()
    path = store.cache_dir / f"{session.path.stem}.snapshot"
    made = _snapshot_of(path.read_bytes())
    assert made is not None and made.count == 120
    assert store.read_game(session.path).snapshot is not None
    for index in (0, 60, 119):  # the first, one between, the last
        wrong = _snapshot_of(path.read_bytes())
        assert wrong is not None
        wrong.spans[2 * index] += 1  # not just after its `[[entries]]` line
        store.write_snapshot(session.path, wrong)
        record = store.read_game(session.path)
        assert record.snapshot is None and len(record.entries) == 120, index
    store.write_snapshot(session.path, made)
    assert store.read_game(session.path).snapshot is not None
    made.done[3], made.done[4] = made.done[4], made.done[3]
    with pytest.raises(ValueError):
        _snapshot_bytes(made)
    path.unlink()
    store.write_snapshot(session.path, made)  # (best effort: nothing written)
    assert not path.exists()
    assert GameSession.open(store, session.path).state.numbers == session.state.numbers


def test_an_entry_broken_in_the_middle_keeps_the_entries_before_it(store: Store) -> None:
    """A format-1 file (no checks) whose first entry has no `at`: damaged, not torn; the
    game opens read-only with a copy of the file, and nothing is dropped without a say-so.
    Going on drops the damaged entry alone: the one after it reads well and is kept."""
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "broken-middle-entry.toml"
    shutil.copy(DATA / "broken-middle-entry.toml", path)
    original = path.read_bytes()
    [record] = store.list_games().games
    assert record.entries == [] and record.torn is None
    assert record.damage is not None and record.damage.number == 1 and record.damage.lost == 2
    assert record.damage.sound_after == 1
    assert "no 'at' text" in record.damage.what and record.read_only_reason
    session = GameSession.open(store, path)
    [copy] = store.games_dir.glob("*.damaged-*")
    assert copy.read_bytes() == original and path.read_bytes() == original
    assert any("Entry 1 of this game file" in notice for notice in session.notices)
    with pytest.raises(SaveError, match="read-only"):
        add_gold(session, 0, "+1")
    assert path.read_bytes() == original
    session.continue_from_readable()
    add_gold(session, 0, "+1")
    again = GameSession.open(store, path)
    texts = [entry.text for entry in again.journal.entries]
    assert texts[0] == "fine" and texts[2] == "Ann +1 gold (11 → 12)"
    assert texts[1].startswith("Went on without entry 1: it is not one this app can use")
    assert again.read_only_reason is None and again.notices == []


def test_history_records_finished_games_and_refuses_a_damaged_file(store: Store) -> None:
    store.record_finished({"game": "boomtown", "players": ["Ann", "Bo"], "sheet": "x = 1\n"})
    store.record_finished({"game": "coloma", "players": ["Cy"]})
    assert [game["game"] for game in store.read_history()] == ["boomtown", "coloma"]
    store.history_path.write_text("garbage [")
    with pytest.raises(DamagedFile):
        store.record_finished({"game": "coloma"})
    assert store.history_path.read_text() == "garbage ["


def test_a_game_no_longer_finished_leaves_the_history(store: Store) -> None:
    store.forget_finished("a.toml")  # no history yet: none is made
    assert not store.history_path.exists()
    store.record_finished({"game": "boomtown", "file": "a.toml", "sheet": ""})
    store.record_finished({"game": "coloma", "file": "b.toml", "sheet": ""})
    store.forget_finished("a.toml")
    assert [game["file"] for game in store.read_history()] == ["b.toml"]
    store.forget_finished("zzz.toml")  # not there: the file stays as it is
    assert [game["file"] for game in store.read_history()] == ["b.toml"]
    store.history_path.write_text("garbage [")
    with pytest.raises(DamagedFile):
        store.forget_finished("b.toml")
    assert store.history_path.read_text() == "garbage ["


def test_settings_are_parsed_again_only_when_the_file_changed(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commands look remembered numbers up (a rent, a board): the file is parsed once while
    it stays as it is; a file replaced (by this app or another copy) is read anew; what a
    caller changes in what it got is not kept."""
    import companion.store as store_module

    store.write_settings({"calamityville": {"bonus_rent": 3}})
    parses: list[int] = []
    parse = store_module.parse_toml

    def counted(data: bytes):  # type: ignore[no-untyped-def]
        parses.append(1)
        return parse(data)

    monkeypatch.setattr(store_module, "parse_toml", counted)
    for _ in range(3):
        settings = store.read_settings()
        assert settings == {"calamityville": {"bonus_rent": 3}}
        settings["calamityville"]["bonus_rent"] = 99  # a caller's own copy
    assert len(parses) == 1
    other = Store(store.root)  # another copy of the app replaces the file
    other.write_settings({"calamityville": {"bonus_rent": 4}})
    assert store.read_settings() == {"calamityville": {"bonus_rent": 4}}
    session = new_game(game="calamityville")
    before = os.stat(store.settings_path)
    session.remember("bonus_rent", 4)  # kept already: the file is not written again
    after = os.stat(store.settings_path)
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


def test_a_remembered_value_looked_up_copies_that_value_only(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Builders' board key looked remembered values up three times (recall, remember),
    each time copying all the settings (#16): a lookup, and a value kept already, copy
    only that value; what a caller changes in what it got is not kept."""
    import copy

    store.write_settings({"coloma": {"pools": {"3": [4, 5, 6]}}, "app": {"theme": "x"}})
    session = new_game(game="coloma")
    copied: list[object] = []
    deepcopy = copy.deepcopy

    def counted(value, memo=None):  # type: ignore[no-untyped-def]
        copied.append(value)
        return deepcopy(value, memo)

    monkeypatch.setattr(copy, "deepcopy", counted)
    pools = session.recall("pools")
    assert pools == {"3": [4, 5, 6]}
    pools["3"].append(7)  # a caller's own copy
    assert session.recall("pools") == {"3": [4, 5, 6]}
    assert session.recall("nothing", 12) == 12
    session.remember("pools", {"3": [4, 5, 6]})  # kept already
    assert copied == [{"3": [4, 5, 6]}] * 3
    session.remember("pools", {"3": [1, 2, 3]})
    assert store.read_settings()["coloma"] == {"pools": {"3": [1, 2, 3]}}
    assert store.read_settings()["app"] == {"theme": "x"}
    session.remember("bonus_rent", 5)
    assert session.recall("bonus_rent") == 5


def test_the_wizards_typing_is_kept_until_dropped(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma")
    assert store.read_draft(session.path) is None
    draft = {"step": 2, "answers": {"bucks": {"0": "3", "2": "12x"}}, "charts": {"f": {"3": 12}}}
    store.write_draft(session.path, draft)
    assert store.read_draft(session.path) == draft
    store.write_draft(session.path, {**draft, "step": 3})  # replaced whole
    assert store.read_draft(session.path)["step"] == 3  # type: ignore[index]
    store.drop_draft(session.path)
    assert store.read_draft(session.path) is None
    store.drop_draft(session.path)  # nothing to drop: nothing happens
    store.write_draft(session.path, draft)
    store._draft_path(session.path).write_text("not = [toml")  # damaged: as if none
    assert store.read_draft(session.path) is None
    store.write_draft(session.path, draft)
    store.delete_game(session.path)  # goes with its game
    assert not store._draft_path(session.path).exists()


@pytest.mark.parametrize("written", ["draft", "summary", "history", "settings"])
def test_a_file_not_written_leaves_no_temporary_file(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    """A full disk left `.tmp` files behind: empty ones in cache/ and a `.summary.tmp` (two
    play-tests). Every file written aside then moved removes its temporary file on failure."""
    path = new_game().path
    store.record_finished({"game": "boomtown", "file": "a.toml", "sheet": ""})

    def disk_full(self: Path, target: Path) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "replace", disk_full)
    if written == "draft":
        store.write_draft(path, {"step": 1})  # best effort: nothing said
    elif written == "summary":
        assert [game.path for game in list_saved(store).games] == [path]  # listed all the same
    elif written == "history":
        with pytest.raises(SaveError):
            store.forget_finished("a.toml")
        assert store.read_history()  # the history as it was
    else:
        with pytest.raises(OSError):
            store.write_settings({"a": 1})
    monkeypatch.undo()
    assert not [file.name for file in store.root.rglob("*.tmp")]
    if store.cache_dir.exists():
        assert not [file.name for file in store.cache_dir.rglob("*.tmp")]


def test_a_game_open_in_another_window_is_not_deleted(store: Store, new_game: NewGame) -> None:
    """The home screen of one window deleted the game another window played: that window
    then saved nothing (a play-test). The writer's lock is taken to delete."""
    path = new_game().path
    playing = GameSession.open_to_play(store, path)  # the writer (a lock conflicts in-process)
    assert not playing.read_only
    with pytest.raises(SaveError, match="open in another window"):
        store.delete_game(path)
    assert path.exists() and GameSession.open(store, path).journal.entries == []
    playing.close()
    store.delete_game(path)
    assert not path.exists()
    assert list(store.games_dir.iterdir()) == []  # its lock file too (it stayed: a play-test)


def test_settings_round_trip_and_a_damaged_file_is_kept(store: Store) -> None:
    store.write_settings({"coloma": {"pools": {"3": [4, 5, 6]}}})
    assert store.read_settings() == {"coloma": {"pools": {"3": [4, 5, 6]}}}
    store.settings_path.write_text("not = [toml")
    with pytest.raises(DamagedFile):
        store.write_settings({"a": 1})
    assert store.settings_path.read_text() == "not = [toml"


def test_data_dir_option_wins_over_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDRUSH_DATA_DIR", "/from/env")
    assert resolve_data_dir("/from/option") == Path("/from/option")
    assert resolve_data_dir(None) == Path("/from/env")
    monkeypatch.delenv("GOLDRUSH_DATA_DIR")
    assert resolve_data_dir(None) == default_data_dir()


def test_create_never_overwrites(new_game: NewGame) -> None:
    first, second = new_game(), new_game()
    assert first.path != second.path


def test_append_returns_the_new_length_and_refuses_a_file_changed_elsewhere(
    new_game: NewGame, store: Store
) -> None:
    session = new_game()
    length = session.path.stat().st_size
    assert session.known_length == length
    add_gold(session, 0, "+1")
    assert session.known_length == session.path.stat().st_size > length
    with session.path.open("ab") as other_window:
        other_window.write(b"\n")
    before = session.path.read_bytes()
    numbers = [dict(n) for n in session.state.numbers]
    with pytest.raises(SaveError, match="changed by another window"):
        add_gold(session, 1, "+2")
    assert session.path.read_bytes() == before
    assert [dict(n) for n in session.state.numbers] == numbers
    assert len(session.journal) == 1


def test_a_byte_changed_in_place_stops_the_writer_and_a_touch_does_not(
    new_game: NewGame, store: Store
) -> None:
    """A play-test changed a byte of entry 1 (the same size) with the game open: its writer
    went on appending, said Done, and the changes were dropped with the damaged entry at
    the next open. The writer looks at the file's inode and time before each append; a
    file only touched (the same bytes) is written on."""
    session = new_game()
    add_gold(session, 0, "+1")
    add_gold(session, 1, "+1")
    os.utime(session.path, ns=(1, 1))  # touched: the same bytes
    add_gold(session, 2, "+1")
    assert len(session.journal) == 3
    data = session.path.read_bytes()
    target = data.index(b"delta = 1")
    changed = data[:target] + b"delta = 7" + data[target + len(b"delta = 1") :]
    with session.path.open("r+b") as in_place:  # the same file, the same size
        in_place.write(changed)
    os.utime(session.path, ns=(2, 2))  # (by hand: later than the last append, whatever
    # the clock's tick here)
    with pytest.raises(SaveError, match="changed by another window or program"):
        add_gold(session, 0, "+2")
    assert session.path.read_bytes() == changed
    assert len(session.journal) == 3


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "The disk is full: this change was not saved, so it was not done."),
        (errno.EFBIG, "file size limit"),
        (errno.EIO, "could not be saved (Input/output error)"),
    ],
)
def test_a_failed_or_short_write_is_undone_and_said_plainly(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    """The first write goes through in part (a short write), the next one fails: the part
    written is cut off again, the change is refused and the state stays as it was."""
    session = new_game()
    add_gold(session, 0, "+1")
    before = session.path.read_bytes()
    real_write = os.write
    calls = []

    def failing_write(descriptor: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(descriptor, data[:7])
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", failing_write)
    with pytest.raises(SaveError) as refused:
        add_gold(session, 1, "+2")
    assert words in refused.value.sentence and refused.value.errno == code
    assert session.path.read_bytes() == before
    assert [n["gold"] for n in session.state.numbers] == [11, 10, 10]
    monkeypatch.setattr(os, "write", real_write)
    add_gold(session, 1, "+2")
    again = GameSession.open(store, session.path)
    assert [n["gold"] for n in again.state.numbers] == [11, 12, 10] and again.notices == []


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "The disk is full: the {verb} was not saved, so nothing was {verb}ne."),
        (errno.EIO, "The {verb} could not be saved (Input/output error), so nothing was {verb}ne."),
    ],
)
def test_an_undo_or_redo_not_saved_is_said_as_such(
    new_game: NewGame, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    """It said "this change was not saved, so it was not done": read beside an undo, the
    change itself seemed lost (a play-test)."""
    session = new_game()
    add_gold(session, 0, "+1")

    def failing_write(descriptor: int, data: bytes) -> int:
        raise OSError(code, os.strerror(code))

    for verb, walk in (("undo", session.undo), ("redo", session.redo)):
        monkeypatch.setattr(os, "write", failing_write)
        with pytest.raises(SaveError) as refused:
            walk()
        monkeypatch.undo()
        assert refused.value.sentence.startswith(words.format(verb=verb))
        assert refused.value.errno == code
        walk()  # with room again it goes through
    assert [n["gold"] for n in session.state.numbers] == [11, 10, 10]


def test_a_failed_fsync_is_undone_too(new_game: NewGame, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_game()
    before = session.path.read_bytes()

    def failing_fsync(descriptor: int) -> None:
        monkeypatch.undo()  # the cut-back's own fsync works
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(SaveError):
        add_gold(session, 0, "+1")
    assert session.path.read_bytes() == before


def test_a_torn_file_that_cannot_be_copied_is_left_alone_and_read_only(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game()
    add_gold(session, 0, "+5")
    add_gold(session, 1, "+1")
    torn = session.path.read_bytes()[:-20]
    session.path.write_bytes(torn)

    def disk_full(descriptor: int) -> None:  # the copy's data cannot reach the disk
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    reopened = GameSession.open(store, session.path)
    monkeypatch.undo()
    assert list(session.path.parent.glob("*.torn-*")) == []
    assert session.path.read_bytes() == torn
    assert reopened.read_only_reason and "disk is full" in reopened.read_only_reason
    assert [n["gold"] for n in reopened.state.numbers] == [15, 10, 10]
    with pytest.raises(SaveError, match="disk is full"):
        add_gold(reopened, 2, "+1")
    assert session.path.read_bytes() == torn


def test_a_format_1_game_still_opens_and_plays(store: Store) -> None:
    """Files written before the checks: read as they are; new entries carry a check."""
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "old.toml"
    path.write_text(
        'format = 1\ngame = "boomtown"\ncreated = "2026-01-01"\nfirst_player = 0\n\n'
        "[options]\n\n"
        '[[players]]\nname = "Ann"\ncolour = "red"\n\n[[players]]\nname = "Bo"\ncolour = "blue"\n'
        '\n[[entries]]\nkind = "adjust"\ntext = "Ann +5 gold (10 → 15)"\nplayer = 0\n'
        'number = "gold"\ndelta = 5\nat = "2026-01-01T10:00:00+00:00"\n'
    )
    session = GameSession.open(store, path)
    assert [n["gold"] for n in session.state.numbers] == [15, 10]
    add_gold(session, 1, "+1")
    assert path.read_text().endswith('"\n') and "\ncheck = " in path.read_text()
    doc = tomllib.loads(path.read_text())
    assert doc["format"] == 1 and len(doc["entries"]) == 2
    again = GameSession.open(store, path)
    assert [n["gold"] for n in again.state.numbers] == [15, 11] and again.notices == []


def test_a_tail_of_the_file_parses_on_its_own(new_game: NewGame) -> None:
    """What a window that follows another reads: the bytes after what it knows."""
    session = new_game()
    known = session.known_length
    add_gold(session, 0, "+1")
    add_gold(session, 1, "+2")
    whole = session.path.read_bytes()
    tail = parse_journal(whole[known:], fmt=2)
    assert tail.doc == {} and tail.good == len(whole) - known and not tail.torn
    texts = [entry.text for entry in tail.entries]
    assert texts == ["Ann +1 gold (10 → 11)", "Bo +2 gold (10 → 12)"]
    tail = parse_journal(whole[known:-9], fmt=2)  # the second one half written
    assert [entry.text for entry in tail.entries] == ["Ann +1 gold (10 → 11)"] and tail.torn
    assert whole[known + tail.good :].startswith(b"\n[[entries]]\nkind = ")


THEME_AT_START = """\
import json, sys
from companion.store import Store
store = Store(sys.argv[1])
theme = store.remembered_theme()
print(json.dumps({"theme": theme, "tomllib": "tomllib" in sys.modules}))
"""


@pytest.mark.parametrize("theme", [None, "textual-light"])
def test_the_theme_is_read_at_the_start_without_parsing_the_settings(
    store: Store, theme: str | None
) -> None:
    """The theme is asked for before the first frame: settings that never had one (a
    remembered Builders board), or whose theme is as the app writes it, are not parsed for
    it (importing tomllib alone was ~6 ms of a 200 ms start, #16); a theme in another shape
    is still found."""
    from tests.child import json_of

    store.write_settings({"builders": {"board": [5] * 10}})
    if theme is not None:
        store.remember_theme(theme)
    assert json_of(THEME_AT_START, str(store.root)) == {"theme": theme, "tomllib": False}
    store.settings_path.write_text('[app]\ntheme = "nord" # chosen by hand\n')
    assert json_of(THEME_AT_START, str(store.root))["theme"] == "nord"
    store.settings_path.write_text('app = { theme = "nord" }\n')
    assert json_of(THEME_AT_START, str(store.root))["theme"] == "nord"
