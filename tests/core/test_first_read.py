"""A game's first read done by a child while the UI starts (companion/first_read.py, #16),
and a game with its snapshot read on a thread meanwhile (`ReadAhead`).

Forks are tried in a fresh interpreter: the test runner has threads, and a process with
threads is never forked (the test of that runs here)."""

from __future__ import annotations

import threading

import pytest

from companion import first_read, gamefile
from companion.amounts import parse_amount
from companion.first_read import start_first_read, start_read_ahead
from companion.lock import GameLock
from companion.session import GameSession
from companion.store import DamagedFile, Store
from tests.child import json_of
from tests.conftest import NewGame

#: `goldrush open ID` as far as the game's read: the app's `_load` waits for the child
OPEN = """\
import json, sys
from companion import cli
from companion.session import GameSession
from screens.app import GoldrushApp

seen = {}


def run(app):
    path = app.store.games_dir / f"{sys.argv[3]}.toml"
    seen["snapshot_before"] = app.store.has_snapshot(path)
    seen["early"] = type(app._first_read).__name__
    session = app._load(path)
    seen["from_snapshot"] = session is not None and session.record.snapshot is not None
    seen["problems"] = [message for _, message, _ in app._problems]
    if session is not None:
        seen["numbers"] = session.state.numbers
        seen["due"] = session.snapshot_due
        seen["writer"] = not session.read_only
        session.close()


GoldrushApp.run = run
cli._has_terminal = lambda: True  # (captured output: as if at a terminal)
code = cli.main(["--data-dir", sys.argv[1], "open", sys.argv[3]])
seen["code"] = code
seen["snapshot_after"] = cli.Store(sys.argv[1], cli._GameIds()).has_snapshot(
    cli.Store(sys.argv[1], cli._GameIds()).games_dir / f"{sys.argv[3]}.toml"
)
print(json.dumps(seen))
"""


def played(new_game: NewGame, changes: int = 80) -> GameSession:
    session = new_game(game="coloma")
    for step in range(changes):
        seat = step % 3
        session.act(session.rules.adjust(session.state, seat, "bucks", parse_amount("+1")))
    session.close()
    return session


def opened(store: Store, game_id: str) -> dict[str, object]:
    return json_of(OPEN, str(store.root), "open", game_id, timeout=60)


def test_a_game_without_its_snapshot_opens_from_the_one_its_child_wrote(
    new_game: NewGame, store: Store
) -> None:
    session = played(new_game)
    store._snapshot_path(session.path).unlink()
    seen = opened(store, session.game_id)
    assert seen["early"] == "ReadAhead"  # its thread waited for the child
    assert seen["from_snapshot"] is True  # and read the snapshot it wrote
    assert seen["due"] is False  # nothing left to replay, no snapshot to write
    assert seen["numbers"] == session.state.numbers
    assert seen["code"] == 0


def test_a_snapshot_of_other_rules_is_made_again_by_the_child(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an update of the app every snapshot is of other rules: each game's first open
    is a first read, done by the child too."""
    monkeypatch.setattr(gamefile, "_FINGERPRINT", "0" * 64)
    session = played(new_game)
    monkeypatch.setattr(gamefile, "_FINGERPRINT", None)
    assert not store.has_snapshot(session.path)  # kept, but not of these rules
    assert store._snapshot_path(session.path).is_file()
    seen = opened(store, session.game_id)
    assert seen["from_snapshot"] is True
    assert seen["numbers"] == session.state.numbers
    assert store.has_snapshot(session.path)


def test_a_game_with_its_snapshot_is_not_read_twice(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    before = store._snapshot_path(session.path).stat().st_mtime_ns
    seen = opened(store, session.game_id)
    assert seen["snapshot_before"] is True and seen["from_snapshot"] is True
    assert store._snapshot_path(session.path).stat().st_mtime_ns == before
    assert seen["early"] == "ReadAhead"  # read on a thread while the UI started
    assert seen["numbers"] == session.state.numbers and seen["writer"] is True


def test_a_game_damaged_after_its_snapshot_is_reported_from_the_thread_and_left_as_it_is(
    new_game: NewGame, store: Store
) -> None:
    session = played(new_game, changes=3)
    session.path.write_bytes(b"this is not a game\n")
    seen = opened(store, session.game_id)
    assert seen["early"] == "ReadAhead"
    assert seen["from_snapshot"] is False
    assert seen["problems"] and "cannot be opened" in seen["problems"][0]  # type: ignore[index]
    assert session.path.read_bytes() == b"this is not a game\n"


def test_read_ahead_hands_the_game_over_once_with_its_lock(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    ahead = start_read_ahead(store, session.path)
    assert ahead.child is None  # a game with its snapshot: no child
    assert ahead.take(session.path.with_name("other.toml")) is None  # not the game read
    read = ahead.take(session.path)
    assert read is not None and read.writer and read.record.snapshot is not None
    assert not GameLock(session.path).acquire()  # held for the app's session
    assert ahead.take(session.path) is None  # once: a later open reads the game again
    opened_again = GameSession.open_to_play(store, session.path, read=read)
    assert opened_again.state.numbers == session.state.numbers
    assert not opened_again.read_only
    ahead.end()  # taken: the session's lock stays
    assert not GameLock(session.path).acquire()
    opened_again.close()
    assert GameLock(session.path).acquire()


def test_read_ahead_gives_the_lock_back_when_the_app_never_took_the_game(
    new_game: NewGame, store: Store
) -> None:
    session = played(new_game)
    ahead = start_read_ahead(store, session.path)
    ahead.end()
    assert GameLock(session.path).acquire()


def test_read_ahead_of_a_game_open_elsewhere_follows_it(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    elsewhere = GameLock(session.path)
    assert elsewhere.acquire()
    ahead = start_read_ahead(store, session.path)
    read = ahead.take(session.path)
    assert read is not None and not read.writer
    follower = GameSession.open_to_play(store, session.path, read=read)
    assert follower.read_only and follower.following
    follower.close()
    elsewhere.release()


def test_read_ahead_raises_what_reading_raised_when_taken(new_game: NewGame, store: Store) -> None:
    session = played(new_game, changes=3)
    session.path.write_bytes(b"this is not a game\n")
    ahead = start_read_ahead(store, session.path)  # the snapshot is still there
    with pytest.raises(DamagedFile):
        ahead.take(session.path)
    assert GameLock(session.path).acquire()  # given back by the failed read


def test_without_a_snapshot_and_no_child_the_thread_reads_the_game_in_full(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No child forked (a process with threads, say): the thread reads and replays the
    game itself, as the app did."""
    monkeypatch.setattr(first_read, "start_first_read", lambda store, path: None)
    session = played(new_game, changes=3)
    store._snapshot_path(session.path).unlink()
    ahead = start_read_ahead(store, session.path)
    assert ahead.child is None
    read = ahead.take(session.path)
    assert read is not None and read.record.snapshot is None
    opened_again = GameSession.open_to_play(store, session.path, read=read)
    assert opened_again.state.numbers == session.state.numbers
    opened_again.close()


def test_a_damaged_game_is_reported_by_the_app_and_left_as_it_is(
    new_game: NewGame, store: Store
) -> None:
    """The child fails quietly; the app reads the file itself and reports it, as without a
    child."""
    session = played(new_game, changes=3)
    store._snapshot_path(session.path).unlink()
    session.path.write_bytes(b"this is not a game\n")
    seen = opened(store, session.game_id)
    assert seen["from_snapshot"] is False
    assert seen["problems"] and "cannot be opened" in seen["problems"][0]  # type: ignore[index]
    assert seen["snapshot_after"] is False
    assert session.path.read_bytes() == b"this is not a game\n"
    try:
        store.read_game(session.path)
    except DamagedFile:
        pass
    else:
        raise AssertionError("the damaged file should still be refused")


def test_a_process_with_threads_is_never_forked(new_game: NewGame, store: Store) -> None:
    session = played(new_game, changes=3)
    store._snapshot_path(session.path).unlink()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert start_first_read(store, session.path) is None
    finally:
        stop.set()
        other.join()
    assert not store.has_snapshot(session.path)
