"""The records on a full disk: the game files are the truth and the history is derived from
them, so what the records show follows the games even when the history cannot be written
back; the history is put right at the next read that has room (two play-tests: a finish
undone stayed counted, and a finish never reached the records, its history left empty)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from companion.games import SHEETS
from companion.history_sync import finished_games
from companion.scoring import sheet_text
from companion.session import GameSession
from companion.store import SaveError, Store
from tests.conftest import NewGame
from tests.core.cli_helpers import run
from tests.core.test_scoring import coloma


class _NoRoom:
    """A file opened for writing on a full disk: it is made, and no byte fits in it."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __enter__(self) -> _NoRoom:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the game files' appends fit (small, into their last block: os.write is left
    alone); every file written through `Path.open` (the history, its temporary file, the
    caches) is made but takes no byte. `monkeypatch.undo()` makes room again."""
    real_open = Path.open

    def full_open(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(self, mode, *args, **kwargs)
        if any(letter in mode for letter in "wax+"):
            return _NoRoom(handle)
        return handle

    monkeypatch.setattr(Path, "open", full_open)


def finished_calamityville(new_game: NewGame) -> GameSession:
    session = new_game(game="calamityville", names=("Ua", "Vb"))
    rows = [{"name": "Ua", "money": 2500}, {"name": "Vb", "money": 900}]
    sheet = sheet_text(SHEETS["calamityville"], rows)
    session.act(session.rules.finish(session.state, sheet, "Ua wins"))
    return session


def finished_coloma(session: GameSession) -> GameSession:
    rows = [coloma("Ua", buildings=[4, 3]), coloma("Vb", buildings=[3])]
    sheet = sheet_text(SHEETS["coloma"], rows)
    session.act(session.rules.finish(session.state, sheet, "Ua wins"))
    return session


def test_a_finish_undone_on_a_full_disk_leaves_the_records_at_once(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo reached the game file, the history kept the game's row: the records still
    counted it finished, with its result (a play-test). They follow the game file; the
    history is left as it is until there is room, then put right."""
    other = finished_coloma(new_game(game="coloma", names=("Ua", "Vb")))
    other.record_in_history()
    session = finished_calamityville(new_game)
    session.record_in_history()
    assert len(finished_games(store, SHEETS)) == 2
    fill_the_disk(monkeypatch)
    session.undo()  # the finish undone: its entry fits in the game file
    assert not session.state.finished
    with pytest.raises(SaveError, match="disk is full"):
        session.forget_in_history()
    kept = store.history_path.read_bytes()
    for _ in range(2):  # each read, while there is no room
        assert [game.file for game in finished_games(store, SHEETS)] == [other.path.name]
    assert store.history_path.read_bytes() == kept  # as it was: nothing lost, none half-written
    assert not list(store.root.rglob("*.tmp"))
    monkeypatch.undo()  # room again: the next read saves it
    assert [game.file for game in finished_games(store, SHEETS)] == [other.path.name]
    assert [row["file"] for row in store.read_history()] == [other.path.name]


def test_a_finish_on_a_full_disk_reaches_the_records_and_no_empty_history_is_left(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the game file's write fitted: the append made an empty history.toml and wrote
    nothing in it, and the records said "No finished games yet." (a play-test). The history
    is written whole or not at all; the records show the game from its file meanwhile."""
    session = new_game(game="coloma", names=("Ua", "Vb"))
    fill_the_disk(monkeypatch)
    finished_coloma(session)
    with pytest.raises(OSError):
        session.record_in_history()
    assert not store.history_path.exists()  # not made empty
    for _ in range(2):
        [game] = finished_games(store, SHEETS)
        assert game.file == session.path.name and game.winners == ["Ua"]
        assert game.result is not None and [s.total for s in game.result.standings] == [7, 3]
    assert not store.history_path.exists()
    assert not list(store.root.rglob("*.tmp"))
    monkeypatch.undo()
    assert [game.file for game in finished_games(store, SHEETS)] == [session.path.name]
    assert [row["file"] for row in store.read_history()] == [session.path.name]


def test_a_history_write_that_does_not_fit_leaves_the_file_as_it_was(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An existing history is never cut: a row added, one replaced or one taken out either
    lands whole or leaves the file byte for byte."""
    first = finished_coloma(new_game(game="coloma", names=("Ua", "Vb")))
    first.record_in_history()
    before = store.history_path.read_bytes()
    second = finished_calamityville(new_game)
    fill_the_disk(monkeypatch)
    for write in (
        second.record_in_history,  # a new row
        first.record_in_history,  # its row replaced (finished again)
        first.forget_in_history,  # its row taken out
    ):
        with pytest.raises(SaveError, match="disk is full"):
            write()
        assert store.history_path.read_bytes() == before
    assert not list(store.root.rglob("*.tmp"))


def test_the_records_show_both_changes_at_once_while_the_disk_is_full(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row to take out and one to add, neither written: shown, newest first, and both
    saved in one write when there is room."""
    undone = finished_calamityville(new_game)
    undone.record_in_history()
    fill_the_disk(monkeypatch)
    undone.undo()
    added = finished_coloma(new_game(game="coloma", names=("Ua", "Vb")))
    assert [game.file for game in finished_games(store, SHEETS)] == [added.path.name]
    assert [row["file"] for row in store.read_history()] == [undone.path.name]
    monkeypatch.undo()
    assert [game.file for game in finished_games(store, SHEETS)] == [added.path.name]
    assert [row["file"] for row in store.read_history()] == [added.path.name]


def test_goldrush_history_shows_a_finish_the_full_disk_kept_out_of_the_history(  # type: ignore[no-untyped-def]
    capsys, new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`goldrush list` said "Finished", `goldrush history` "No finished games yet." (a
    play-test); and a finish undone stayed in `history --json`."""
    import json

    undone = finished_calamityville(new_game)
    undone.record_in_history()
    session = new_game(game="coloma", names=("Ua", "Vb"))
    fill_the_disk(monkeypatch)
    finished_coloma(session)
    undone.undo()
    data = ["--data-dir", str(store.root)]
    code, out, err = run(capsys, *data, "history")
    assert code == 0 and err == ""
    assert "No finished games" not in out and "Coloma" in out and "Ua 7, Vb 3" in out
    assert "Calamityville" not in out
    code, out, err = run(capsys, *data, "history", "--json")
    assert code == 0 and err == ""
    assert [game["file"] for game in json.loads(out)["games"]] == [session.path.name]
