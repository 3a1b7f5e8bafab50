"""`goldrush backup` / `restore` (#14): everything moves in one zip; a foreign or damaged
archive is refused before anything is written; a differing game is replaced only on a say-so."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.backup import MANIFEST, BackupError, backup, plan_restore, restore
from companion.games import GAMES
from companion.lock import GameLock
from companion.store import Store
from tests.conftest import NewGame


def test_everything_moves_to_another_machine(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    session = new_game()
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    store.record_finished({"game": "boomtown", "file": session.path.name, "sheet": ""})
    store.write_settings({"boomtown": {"seen": 1}})
    archive = tmp_path / "all.zip"
    names = backup(store, archive)
    assert names == [f"games/{session.path.name}", "history.toml", "settings.toml"]

    other = Store(tmp_path / "other", GAMES)
    plan = plan_restore(other, archive)
    assert plan.new == names and not plan.differing
    assert restore(other, plan) == names
    assert (other.games_dir / session.path.name).read_bytes() == session.path.read_bytes()
    again = plan_restore(other, archive)
    assert again.same == names and again.new == [] and restore(other, again) == []


def test_a_backup_zipped_again_with_its_folders_entries_still_restores(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    session = new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    with zipfile.ZipFile(archive, "a") as again:
        again.writestr("games/", b"")
    plan = plan_restore(Store(tmp_path / "other", GAMES), archive)
    assert plan.new == [f"games/{session.path.name}"]


def test_a_differing_game_is_replaced_only_when_asked(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    session = new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    before = session.path.read_bytes()
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    after = session.path.read_bytes()
    plan = plan_restore(store, archive)
    name = f"games/{session.path.name}"
    assert plan.differing == [name]
    assert restore(store, plan) == []
    assert session.path.read_bytes() == after
    assert restore(store, plan, replace={name}) == [name]
    assert session.path.read_bytes() == before
    # the file replaced is kept beside it (a table that answered y lost a change no file
    # held any more: a play-test)
    [kept] = plan.replaced
    assert kept.name.startswith(f"{session.path.name}.replaced-")
    assert kept.read_bytes() == after


def test_a_game_open_in_the_app_is_not_replaced(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """Nor is any other file: all the games' locks are taken first (a play-test's restore
    had replaced the games before the open one)."""
    first, session = new_game(), new_game(names=("Di", "Eve", "Fay"))
    archive = tmp_path / "all.zip"
    backup(store, archive)
    first.act(first.rules.adjust(first.state, 0, "gold", parse_amount("+1")))
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    kept = first.path.read_bytes()
    lock = GameLock(session.path)
    assert lock.acquire()
    try:
        plan = plan_restore(store, archive)
        assert len(plan.differing) == 2
        with pytest.raises(BackupError, match=r"is open in the app.*nothing was restored"):
            restore(store, plan, replace=set(plan.differing))
        assert first.path.read_bytes() == kept
    finally:
        lock.release()


def test_a_backup_never_overwrites_a_file(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "there.zip"
    target.write_text("mine")
    with pytest.raises(BackupError, match="already exists"):
        backup(store, target)
    assert target.read_text() == "mine"


def test_a_backup_into_a_missing_folder_names_it(store: Store, tmp_path: Path) -> None:
    """ "could not be written: No such file or directory" named no path (a play-test)."""
    target = tmp_path / "nowhere" / "b.zip"
    with pytest.raises(BackupError) as refused:
        backup(store, target)
    assert str(refused.value) == (
        f"The backup could not be written to {target}: No such file or directory."
    )


def make_zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"games/x.toml": b"x"}, "is not a Goldrush backup"),
        # its manifest there but unreadable: damaged, not someone else's zip (a play-test
        # took "not a Goldrush backup" for having picked the wrong file)
        ({MANIFEST: b"{not json"}, "is damaged: its goldrush-backup.json cannot be read"),
        ({MANIFEST: json.dumps({"format": 9, "files": {}}).encode()}, "format 9"),
        (
            {MANIFEST: json.dumps({"format": 1, "files": {"../etc/passwd": "0"}}).encode()},
            "never writes",
        ),
        (
            {MANIFEST: json.dumps({"format": 1, "files": {"games/a.toml": "0" * 64}}).encode()},
            "missing from it",
        ),
        (
            {
                MANIFEST: json.dumps({"format": 1, "files": {"games/a.toml": "0" * 64}}).encode(),
                "games/a.toml": b"changed",
            },
            "not as it was backed up",
        ),
        # files the manifest leaves out were ignored without a word (a play-test)
        (
            {MANIFEST: json.dumps({"format": 1, "files": {}}).encode(), "../evil.toml": b"x"},
            "holds a file this app never writes: '../evil.toml'",
        ),
        (
            {MANIFEST: json.dumps({"format": 1, "files": {}}).encode(), "notes.txt": b"x"},
            "never writes",
        ),
        (
            {MANIFEST: json.dumps({"format": 1, "files": {}}).encode(), "games/zzz.toml": b"x"},
            "holds games/zzz.toml, which its goldrush-backup.json does not list",
        ),
    ],
)
def test_a_foreign_or_damaged_archive_is_refused_and_nothing_is_written(
    store: Store, tmp_path: Path, files: dict[str, bytes], message: str
) -> None:
    archive = make_zip(tmp_path / "bad.zip", files)
    with pytest.raises(BackupError, match=message):
        plan_restore(store, archive)
    assert not store.root.exists()


def test_a_name_not_ending_in_zip_is_refused_not_changed(store: Store, tmp_path: Path) -> None:
    """`backup games.txt` wrote a zip named games.txt (a play-test). Refused, with the name
    it could have: a name the app chose instead would not be where anyone looks."""
    for name, said in (("games.txt", "games.zip"), ("games", "games.zip")):
        with pytest.raises(BackupError) as refused:
            backup(store, tmp_path / name)
        assert str(refused.value) == (
            f"{tmp_path / name} does not end in .zip: a backup is a zip, e.g. "
            f"{tmp_path / said}; nothing was written."
        )
    assert list(tmp_path.iterdir()) == []
    backup(store, tmp_path / "GAMES.ZIP")  # any case
    assert [path.name for path in tmp_path.iterdir()] == ["GAMES.ZIP"]


def test_a_folder_or_a_file_in_the_path_is_said_plainly(store: Store, tmp_path: Path) -> None:
    """A folder given as the backup "already exists: choose another name"; a file where the
    path needs a folder ended the command with "b.zip.part: Not a directory" (the clean-up
    of the .part file raised too); restoring a folder gave "([Errno 21] Is a directory:
    '...')"."""
    with pytest.raises(BackupError) as refused:
        backup(store, tmp_path)
    assert str(refused.value) == (
        f"{tmp_path} is a folder: name the zip to write in it, e.g. {tmp_path / 'games.zip'}; "
        "nothing was written."
    )
    (tmp_path / "file").write_text("x")
    with pytest.raises(BackupError) as refused:
        backup(store, tmp_path / "file" / "b.zip")
    assert str(refused.value) == (
        f"The backup could not be written to {tmp_path / 'file' / 'b.zip'}: Not a directory."
    )
    with pytest.raises(BackupError) as refused:
        plan_restore(store, tmp_path)
    assert str(refused.value) == f"{tmp_path} is a folder, not a backup; nothing was restored."
    with pytest.raises(BackupError) as refused:
        plan_restore(store, tmp_path / "file" / "b.zip")
    assert str(refused.value) == (
        f"{tmp_path / 'file' / 'b.zip'} cannot be read: Not a directory; nothing was restored."
    )


def test_not_a_zip_and_a_cut_zip(store: Store, new_game: NewGame, tmp_path: Path) -> None:
    text = tmp_path / "notes.zip"
    text.write_text("hello")
    with pytest.raises(BackupError, match="is not a zip archive"):
        plan_restore(store, text)
    with pytest.raises(BackupError, match="no such file"):
        plan_restore(store, tmp_path / "missing.zip")
    new_game()
    good = tmp_path / "good.zip"
    backup(store, good)
    cut = tmp_path / "cut.zip"
    cut.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    with pytest.raises(BackupError):
        plan_restore(Store(tmp_path / "elsewhere", GAMES), cut)


def test_a_restore_gives_each_file_its_time_from_the_backup(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """ "Last played" (and what `r` resumes) is a game file's time: a restore made every
    game played at the moment of the restore (a play-test)."""
    import os

    session = new_game()
    played = 1_700_000_000  # 2023-11-14
    os.utime(session.path, (played, played))
    archive = tmp_path / "all.zip"
    backup(store, archive)
    other = Store(tmp_path / "other", GAMES)
    restore(other, plan_restore(other, archive))
    restored = (other.games_dir / session.path.name).stat().st_mtime
    assert abs(restored - played) <= 2  # a zip keeps times to two seconds


def test_a_byte_changed_inside_compressed_data_is_said_to_be_damage(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """zlib's own error ("invalid distance too far back") reached the user as an
    unexpected error (a play-test changed byte 100 of a backup)."""
    session = new_game()
    for _ in range(30):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    good = tmp_path / "good.zip"
    backup(store, good)
    data = bytearray(good.read_bytes())
    with zipfile.ZipFile(good) as archive:
        info = archive.getinfo(f"games/{session.path.name}")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    refusals = [
        restored_with_a_byte_changed(bytes(data), offset, 0xFF, tmp_path)
        for offset in range(start + 5, start + info.compress_size - 5, 37)
    ]
    assert any(refusals) and not (tmp_path / "elsewhere").exists()
    for said in filter(None, refusals):
        assert "is damaged" in said or "not as it was backed up" in said, said


def restored_with_a_byte_changed(data: bytes, offset: int, mask: int, folder: Path) -> str:
    """A backup with the byte at `offset` changed, planned for restoring into an empty
    folder: what its refusal says ("" when it is taken), in a sentence of its own (a
    header's bytes ran on for 5,000 characters: a play-test)."""
    bad = folder / "bad.zip"
    changed = bytearray(data)
    changed[offset] ^= mask
    bad.write_bytes(bytes(changed))
    try:
        plan_restore(Store(folder / "elsewhere", GAMES), bad)
    except BackupError as error:
        assert len(str(error)) < 400, (offset, str(error))
        return str(error)
    return ""


def test_every_byte_changed_is_refused_in_a_sentence(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """A play-test changed each byte of a backup in turn: a header's compression method
    gave "unexpected error: That compression method is not supported"."""
    session = new_game()
    for _ in range(5):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    good = tmp_path / "good.zip"
    backup(store, good)
    data = good.read_bytes()
    for offset in range(0, len(data), 7):
        restored_with_a_byte_changed(data, offset, 0x5A, tmp_path)  # never an exception else
    assert not (tmp_path / "elsewhere").exists()


def test_a_restore_that_cannot_write_leaves_no_temporary_file(
    store: Store, new_game: NewGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk left a 0-byte `....toml.restoring` in games/ (a play-test)."""
    import os

    session = new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    other = Store(tmp_path / "other", GAMES)
    plan = plan_restore(other, archive)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(BackupError, match="No space left on device"):
        restore(other, plan)
    assert not list(other.root.rglob("*.restoring"))
    assert not (other.games_dir / session.path.name).exists()


def test_a_differing_file_is_asked_about_with_what_each_copy_holds(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """ "games/... here differs from the backup. Replace it?" did not say which copy was
    newer or longer (a play-test)."""
    from companion.backup import compared
    from companion.cli_records import restore as cli_restore

    session = new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    for _ in range(2):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    asked: list[str] = []
    assert (
        cli_restore(store, str(archive), False, ask=lambda name: asked.append(name) or False) == 0
    )
    name = f"games/{session.path.name}"
    plan = plan_restore(store, archive)
    assert asked == [f"{name} ({compared(store, plan, name)})"]
    here, theirs = compared(store, plan, name).split("; ")
    assert here.startswith("here: 2 entries in its log, saved ")
    assert theirs.startswith("the backup's: 0 entries in its log, saved ")


def test_an_open_game_is_said_before_anything_is_asked(
    store: Store, new_game: NewGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It asked "Replace it?", and after a yes said the game was open (a play-test)."""
    from companion.cli_records import restore as cli_restore

    session = new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    lock = GameLock(session.path)
    assert lock.acquire()
    try:
        asked: list[str] = []
        code = cli_restore(store, str(archive), False, ask=lambda name: asked.append(name) or True)
        assert code == 2 and asked == []
        assert "is open in the app: close it there" in capsys.readouterr().err
    finally:
        lock.release()


def test_the_question_says_when_the_copy_here_is_damaged(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """A damaged copy here read like a healthy one ("7 entries in its log"), though only 4
    could be read: the case where a table restores (a play-test)."""
    from companion.backup import compared

    session = new_game()
    for _ in range(3):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    session.close()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    text = session.path.read_text()
    session.path.write_text(text.replace("delta = 3", "delta = 3x", 2).replace("3x", "3", 1))
    plan = plan_restore(store, archive)
    name = f"games/{session.path.name}"
    here = compared(store, plan, name).split("; ")[0]
    assert here.endswith(", damaged: only its first 1 entry read"), here
    session.path.write_text("not [toml")
    assert "damaged: it cannot be read" in compared(store, plan, name)


def test_the_question_says_when_the_backups_copy_is_damaged(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """A damaged copy in the backup ("9 entries in its log") looked the better one and
    replaced a good game (a play-test): it is said to be damaged too."""
    from companion.backup import compared

    session = new_game()
    for _ in range(3):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    session.close()
    good = session.path.read_text()
    session.path.write_text(good.replace("delta = 3", "delta = 3x", 2).replace("3x", "3", 1))
    archive = tmp_path / "all.zip"
    backup(store, archive)
    session.path.write_text(good)
    plan = plan_restore(store, archive)
    here, theirs = compared(store, plan, f"games/{session.path.name}").split("; ")
    assert "damaged" not in here
    assert theirs.endswith(", damaged: only its first 1 entry read"), theirs


def continued_from_the_readable_part(store: Store, new_game: NewGame) -> Path:
    """A game whose entry 2 of 3 was damaged, continued from its readable part as a table
    does in the app: the entries dropped are only in the copy kept beside it."""
    session = new_game()
    for _ in range(3):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    session.close()
    parts = session.path.read_text().split("delta = 3")
    parts[1] += "x"
    session.path.write_text("delta = 3".join(parts))
    record = store.keep_damaged_copy(store.read_game(session.path))
    assert record.damage is not None and record.damage.backup is not None
    store.cut_to_readable(record)
    return session.path


def test_the_copies_kept_of_damaged_files_are_backed_up_and_restored_beside_the_games(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """A backup left out `<game>.toml.damaged-<time>` (and the .torn- and .replaced- copies):
    after "Continue from the readable part" the entries dropped were in no backup (a
    play-test). They are carried, and restored as files beside the games, never as games."""
    from companion.saved import list_saved

    path = continued_from_the_readable_part(store, new_game)
    [damaged] = store.games_dir.glob("*.damaged-*")
    torn = store.keep_copy(path, "torn", "the cut-off last change")
    store.write_settings({"boomtown": {"seen": 1}})
    replaced = store.keep_copy(store.settings_path, "replaced", "the file here")
    archive = tmp_path / "all.zip"
    names = backup(store, archive)
    copies = [f"games/{damaged.name}", f"games/{torn.name}", replaced.name]
    assert sorted(names) == sorted([f"games/{path.name}", "settings.toml", *copies])

    other = Store(tmp_path / "other", GAMES)
    plan = plan_restore(other, archive)
    assert sorted(plan.new) == sorted(names) and not plan.differing
    assert sorted(restore(other, plan)) == sorted(names)
    for name in copies:
        assert (other.root / name).read_bytes() == (store.root / name).read_bytes(), name
    assert [game.path.name for game in other.list_games().games] == [path.name]
    saved = list_saved(other)
    assert [game.path.name for game in saved.games] == [path.name] and saved.damaged == []
    again = plan_restore(other, archive)
    assert sorted(again.same) == sorted(names) and restore(other, again) == []


def test_a_kept_copy_is_never_restored_over_a_file_of_its_name(
    store: Store, new_game: NewGame, tmp_path: Path
) -> None:
    """Nor asked about, nor replaced with --replace: the file here is left as it is."""
    path = continued_from_the_readable_part(store, new_game)
    [damaged] = store.games_dir.glob("*.damaged-*")
    archive = tmp_path / "all.zip"
    backup(store, archive)
    damaged.write_bytes(b"another copy")
    plan = plan_restore(store, archive)
    name = f"games/{damaged.name}"
    assert plan.same == [f"games/{path.name}"] and plan.new == plan.differing == []
    assert plan.copies_differing == [name]
    assert restore(store, plan, replace={name}) == []
    assert damaged.read_bytes() == b"another copy"
    assert not list(store.games_dir.glob("*.replaced-*"))


@pytest.mark.parametrize(
    "name",
    [
        "games/a.toml.damaged-x",
        "games/a.toml.kept-20240101-120000",
        "../a.toml.damaged-20240101-120000",
        "games/a.toml.torn-20240101-120000/x",
        "notes.txt.replaced-20240101-120000",
    ],
)
def test_a_name_like_a_kept_copy_but_not_one_is_refused(
    store: Store, tmp_path: Path, name: str
) -> None:
    files = {MANIFEST: json.dumps({"format": 1, "files": {name: "0" * 64}}).encode()}
    with pytest.raises(BackupError, match="never writes"):
        plan_restore(store, make_zip(tmp_path / "bad.zip", files))
    assert not store.root.exists()
