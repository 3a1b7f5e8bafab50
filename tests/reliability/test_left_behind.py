"""What a killed copy of the app left aside: a kill while a file was written whole
(`replace_whole`: `<name>.<pid>.tmp`, then moved over it) left the temporary file in the
games folder for good (6 MB after a kill while going on after damage). The store removes
those of copies no longer running; never one a running copy may be writing now."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.files import SETTLED_AFTER, remove_left_behind, replace_whole
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


def left(folder: Path, name: str, pid: int, age: float = 2 * SETTLED_AFTER) -> Path:
    """A temporary file as a copy with this pid left it, last written `age` seconds ago."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.{pid}.tmp"
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


def test_a_game_opened_to_play_removes_its_own_left_at_once(
    store: Store, new_game: NewGame, gone_pid: int, running_pid: int
) -> None:
    """Only the writer of a game writes it whole (going on after damage): one left aside
    by a copy no longer running is removed when the game is opened, however new."""
    game = new_game().path
    game.with_name("other.toml").write_bytes(game.read_bytes())
    gone = left(store.games_dir, game.name, gone_pid, age=1)
    writing = left(store.games_dir, game.name, running_pid, age=1)
    another = left(store.games_dir, "other.toml", gone_pid, age=1)  # (not this game's)
    session = GameSession.open_to_play(store, game)
    assert not gone.exists() and writing.exists() and another.exists()
    session.close()
    playing = GameSession.open_to_play(store, game)
    follower_side = left(store.games_dir, game.name, gone_pid, age=1)
    follower = GameSession.open_to_play(store, game)  # not its writer: leaves it
    assert follower.read_only and follower_side.exists()
    follower.close()
    playing.close()


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
