"""What a killed copy of the app left aside: a kill while a file was written whole
(`replace_whole`: `<name>.<pid>.tmp`, then moved over it) left the temporary file in the
games folder for good (6 MB after a kill while going on after damage). The store removes
those of copies no longer running; never one a running copy may be writing now. A
restore writes aside so too (`<name>.<pid>.restoring`): those are removed the same way."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.files
from companion.amounts import parse_amount
from companion.backup import backup, plan_restore, restore
from companion.files import SETTLED_AFTER, remove_left_behind, replace_whole
from companion.games import GAMES
from companion.saved import list_saved
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame


@pytest.fixture
def gone_pid() -> int:
    """The number of a process that ran and is gone (reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(timeout=30)
    return child.pid


@pytest.fixture
def running_pid() -> Iterator[int]:
    """The number of another process that runs (another copy of the app, writing)."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield child.pid
    child.kill()
    child.wait(timeout=30)


def left(
    folder: Path, name: str, pid: int, age: float = 2 * SETTLED_AFTER, suffix: str = ".tmp"
) -> Path:
    """A temporary file as a copy with this pid left it, last written `age` seconds ago
    (`.restoring`: by a restore)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.{pid}{suffix}"
    path.write_bytes(b"x" * 1000)
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_the_list_of_games_removes_what_a_killed_copy_left(
    store: Store, new_game: NewGame, gone_pid: int, running_pid: int
) -> None:
    game = new_game().path
    gone = left(store.games_dir, game.name, gone_pid)
    writing = left(store.games_dir, game.name, running_pid)  # another copy, writing now
    fresh = left(store.games_dir, "other.toml", gone_pid, age=1)  # (just written)
    own = left(store.games_dir, game.name, os.getpid())
    others = [store.games_dir / name for name in ("notes.tmp", "a.b.tmp", "a.12x.tmp")]
    for other in others:
        other.write_text("not the app's")
    cached = left(store.cache_dir, f"{game.stem}.snapshot", gone_pid)
    history = left(store.root, "history.toml", gone_pid)
    assert [saved.path for saved in list_saved(store).games] == [game]
    assert not gone.exists() and not cached.exists() and not history.exists()
    assert writing.exists() and fresh.exists() and own.exists()
    assert all(other.exists() for other in others)


def damaged(session: GameSession) -> Path:
    """The game with two changes, the first one's text changed on disk (its check fails):
    what a going on killed while it wrote the file anew leaves (with its file aside)."""
    for step in range(2):
        session.act(session.rules.adjust(session.state, step, "gold", parse_amount("+5")))
    session.close()
    data = session.path.read_bytes()
    at = data.index(b'text = "') + len(b'text = "')
    session.path.write_bytes(data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1 :])
    return session.path


def test_a_damaged_game_opened_to_play_removes_its_own_left_at_once(
    store: Store, new_game: NewGame, gone_pid: int, running_pid: int
) -> None:
    """Only the writer of a game writes it whole (going on after damage): one left aside
    by a copy no longer running is removed when the game is opened, however new. Only a
    damaged game's opening looks: a killed going on left the file damaged. (This test
    opened a sound game: every open listed the games folder on the way to its first
    frame, #16; a review.)"""
    game = damaged(new_game())
    game.with_name("other.toml").write_bytes(game.read_bytes())
    gone = left(store.games_dir, game.name, gone_pid, age=1)
    writing = left(store.games_dir, game.name, running_pid, age=1)
    another = left(store.games_dir, "other.toml", gone_pid, age=1)  # (not this game's)
    # a restore's waits for the listing's minute (a game not there yet is restored
    # without its lock: a restore in another PID namespace may be writing it)
    restoring = left(store.games_dir, game.name, gone_pid, age=1, suffix=".restoring")
    session = GameSession.open_to_play(store, game)
    assert session.record.damage is not None
    assert not gone.exists() and writing.exists() and another.exists()
    assert restoring.exists()
    session.close()
    playing = GameSession.open_to_play(store, game)
    follower_side = left(store.games_dir, game.name, gone_pid, age=1)
    follower = GameSession.open_to_play(store, game)  # not its writer: leaves it
    assert follower.read_only and follower_side.exists()
    follower.close()
    playing.close()


def test_a_sound_game_opened_to_play_lists_no_folder(
    store: Store, new_game: NewGame, gone_pid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sound game's file cannot have one (a going on killed left it damaged): its opening
    does not look (#16), the list of games removes it."""
    game = new_game().path
    gone = left(store.games_dir, game.name, gone_pid)
    listed: list[object] = []
    monkeypatch.setattr(
        companion.files.os, "listdir", lambda folder: listed.append(folder) or os.listdir(folder)
    )
    session = GameSession.open_to_play(store, game)
    assert not session.read_only and gone.exists() and listed == []
    session.close()
    monkeypatch.undo()
    list_saved(store)
    assert not gone.exists()


def test_going_on_removes_its_own_left_first(
    store: Store, new_game: NewGame, gone_pid: int
) -> None:
    """A window that became the writer after the game was opened (it followed a writer
    killed while it went on) finds it on going on."""
    game = damaged(new_game())
    session = GameSession.open_to_play(store, game)
    gone = left(store.games_dir, game.name, gone_pid, age=1)
    session.continue_from_readable()
    assert not gone.exists() and session.record.damage is None
    assert not [path for path in store.games_dir.iterdir() if path.suffix == ".tmp"]
    session.close()


def test_a_folder_that_cannot_be_read_is_passed_over(tmp_path: Path) -> None:
    assert remove_left_behind(tmp_path / "none") == []
    (tmp_path / "file").write_text("")
    assert remove_left_behind(tmp_path / "file") == []


@pytest.mark.parametrize("failure", ["write", "interrupt"])
def test_a_whole_write_that_fails_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    """A full disk while writing, or an interrupt (ctrl+c in a terminal, SIGINT) before the
    move: the temporary file goes, the file stays as it was."""
    target = tmp_path / "settings.toml"
    target.write_bytes(b"old")

    def fails(self: Path, other: Path) -> Path:
        if failure == "write":
            raise OSError(errno.ENOSPC, "No space left on device")
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "replace", fails)
    with pytest.raises(OSError if failure == "write" else KeyboardInterrupt):
        replace_whole(target, b"new" * 1000, durable=True)
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["settings.toml"]


KILLED_RESTORE = """
import os, sys, time
from pathlib import Path
from companion.backup import plan_restore, restore
from companion.games import GAMES
from companion.store import Store

store = Store(Path(sys.argv[1]), GAMES)
plan = plan_restore(store, Path(sys.argv[2]))
synced = os.fsync

def slow(descriptor):  # the file is written: wait there to be killed
    synced(descriptor)
    print("writing", flush=True)
    time.sleep(60)

os.fsync = slow
restore(store, plan)
"""


def test_what_a_restore_killed_while_writing_left_is_removed(
    store: Store, new_game: NewGame, tmp_path: Path, running_pid: int
) -> None:
    """A kill -9 during a restore left `<name>.restoring` in the games folder for good (a
    name with no writer's number: no one could tell whether a restore still wrote it).
    Written aside as `<name>.<pid>.restoring` now, it goes as a `.tmp` one does
    (`remove_left_behind`): the writer gone and the file unchanged for a minute."""
    game = new_game().path
    archive = tmp_path / "all.zip"
    backup(store, archive)
    other = Store(tmp_path / "other", GAMES)
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_RESTORE, str(other.root), str(archive)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
    finally:
        child.kill()  # (SIGKILL: nothing of the restore's own runs)
        child.wait(timeout=30)
    [aside] = [path for path in other.root.rglob("*") if path.is_file()]
    assert aside.name == f"{game.name}.{child.pid}.restoring"
    assert list_saved(other).games == []
    assert aside.exists()  # (just written: a restore in another PID namespace may write it)
    then = time.time() - 2 * SETTLED_AFTER
    os.utime(aside, (then, then))
    writing = left(other.games_dir, game.name, running_pid, suffix=".restoring")
    assert list_saved(other).games == []
    assert not aside.exists() and writing.exists()


def test_a_restore_removes_what_a_restore_killed_before_left(
    store: Store, new_game: NewGame, tmp_path: Path, gone_pid: int, running_pid: int
) -> None:
    """`goldrush restore` again after a killed one: the files left aside go, in the games
    folder and beside the history and settings; never a running copy's."""
    game = new_game().path
    archive = tmp_path / "all.zip"
    backup(store, archive)
    other = Store(tmp_path / "other", GAMES)
    gone = left(other.games_dir, game.name, gone_pid, suffix=".restoring")
    kept = left(
        other.games_dir, f"{game.name}.damaged-20260101-120000", gone_pid, suffix=".restoring"
    )
    settings = left(other.root, "settings.toml", gone_pid, suffix=".restoring")
    writing = left(other.root, "history.toml", running_pid, suffix=".restoring")
    fresh = left(other.games_dir, "b.toml", gone_pid, age=1, suffix=".restoring")
    restore(other, plan_restore(other, archive))
    assert not gone.exists() and not kept.exists() and not settings.exists()
    assert writing.exists() and fresh.exists()
    assert (other.games_dir / game.name).read_bytes() == game.read_bytes()


def test_a_file_a_restore_writes_aside_has_its_time_of_writing(
    store: Store, new_game: NewGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The backup's time is given to the file restored once it has its name: a file aside
    with a time a minute old would look left behind while a restore in another PID
    namespace still writes it (a kept copy was given it before it was linked in)."""
    import companion.backup

    path = new_game().path
    store.keep_copy(path, "replaced", "the file here")
    archive = tmp_path / "all.zip"
    backup(store, archive)
    with zipfile.ZipFile(archive) as opened:
        assert len(opened.namelist()) == 3
    other = Store(tmp_path / "other", GAMES)
    plan = plan_restore(other, archive)
    plan.times = dict.fromkeys(plan.contents, time.time() - 30 * 86400)  # a month ago
    ages: dict[str, float] = {}
    replace, link = Path.replace, os.link

    def replaced(self: Path, target: Path) -> Path:
        ages[self.name] = time.time() - self.stat().st_mtime
        return replace(self, target)

    def linked(source: Path, target: Path) -> None:
        ages[Path(source).name] = time.time() - Path(source).stat().st_mtime
        link(source, target)

    monkeypatch.setattr(Path, "replace", replaced)
    monkeypatch.setattr(companion.backup.os, "link", linked)
    written = restore(other, plan)
    monkeypatch.undo()
    assert len(written) == 2 and len(ages) == 3, ages
    assert all(age < SETTLED_AFTER for age in ages.values()), ages
    for name in written:  # the backup's time, once there
        assert time.time() - (other.root / name).stat().st_mtime > 29 * 86400, name


def users_files(folder: Path, pid: int) -> list[Path]:
    """Files of the user's own in the data folder (--data-dir may be their home folder)
    with names a killed copy's could have: `<name>.<number>.tmp`, `.restoring`."""
    return [
        left(folder, "report", pid),  # report.<pid>.tmp
        left(folder, "notes.toml", pid),
        left(folder, "history.toml.bak", pid),
        left(folder, "settings.toml.damaged", pid, suffix=".restoring"),
        left(folder, "game.toml", pid, suffix=".restoring"),
    ]


def apps_files(folder: Path, pid: int) -> list[Path]:
    """What the app writes aside in the data folder itself: the history and the settings
    (`replace_whole`, a restore), a kept copy of one a restore writes (aside, itself
    written aside first)."""
    kept = "history.toml.damaged-20260101-120000"
    return [
        left(folder, "history.toml", pid),
        left(folder, "settings.toml", pid),
        left(folder, "settings.toml", pid, suffix=".restoring"),
        left(folder, kept, pid, suffix=".restoring"),
        left(folder, f"{kept}.{pid}.restoring", pid, suffix=".restoring"),
        left(folder, "settings.toml.torn-20260101-120000-1", pid, suffix=".restoring"),
    ]


def test_the_list_of_games_leaves_the_users_own_files_in_the_data_folder(
    tmp_path: Path, gone_pid: int
) -> None:
    """The data folder can be any folder (--data-dir, GOLDRUSH_DATA_DIR: a home folder): in
    it only what the app itself writes there is removed (it removed a `report.<n>.tmp`
    of the user's). Its games/ and cache/ folders are the app's own."""
    store = Store(tmp_path / "home", GAMES)
    store.games_dir.mkdir(parents=True)
    theirs = users_files(store.root, gone_pid)
    ours = apps_files(store.root, gone_pid)
    in_games = left(store.games_dir, "notes", gone_pid)
    in_cache = left(store.cache_dir, "anything", gone_pid)
    list_saved(store)
    assert all(path.exists() for path in theirs), [p.name for p in theirs if not p.exists()]
    assert not any(path.exists() for path in ours), [p.name for p in ours if p.exists()]
    assert not in_games.exists() and not in_cache.exists()


def test_a_restore_leaves_the_users_own_files_in_the_data_folder(
    store: Store, new_game: NewGame, tmp_path: Path, gone_pid: int
) -> None:
    new_game()
    archive = tmp_path / "all.zip"
    backup(store, archive)
    other = Store(tmp_path / "home", GAMES)
    theirs = users_files(other.root, gone_pid)
    ours = apps_files(other.root, gone_pid)
    restore(other, plan_restore(other, archive))
    assert all(path.exists() for path in theirs), [p.name for p in theirs if not p.exists()]
    assert not any(path.exists() for path in ours), [p.name for p in ours if p.exists()]
