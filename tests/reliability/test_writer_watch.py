"""The writer's look at its own file (`GameSession.watch`): one stat when nothing changed,
the file read anew when something else changed it, and a sentence that says what."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.gamefile import DAMAGED_READ_ONLY
from companion.session import FILE_GONE, GameSession
from companion.store import SaveError, Store
from tests.conftest import NewGame
from tests.reliability.test_damage_in_the_middle import flipped


def add_gold(session: GameSession, seat: int, text: str) -> None:
    session.act(session.rules.adjust(session.state, seat, "gold", parse_amount(text)))


def playing(new_game: NewGame, store: Store, count: int = 6) -> GameSession:
    made = new_game()
    for step in range(count):
        add_gold(made, step % 3, "+1")
    made.close()
    session = GameSession.open_to_play(store, made.path)
    assert not session.read_only
    return session


def later(path: Path) -> None:
    info = os.stat(path)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10_000_000_000))


def test_nothing_changed_costs_one_stat_and_no_read(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = playing(new_game, store)
    add_gold(session, 0, "+1")  # its own appends are not changes made elsewhere

    def read(*_: object) -> None:
        raise AssertionError("the file was read")

    monkeypatch.setattr(store, "read_game", read)
    for _ in range(3):
        assert session.watch() is None
    monkeypatch.undo()
    os.utime(session.path, ns=(1, 1))  # touched: the same bytes, read once
    assert session.watch() is None
    monkeypatch.setattr(store, "read_game", read)
    assert session.watch() is None  # (and not again)
    add_gold(session, 1, "+1")  # written on
    session.close()


def test_a_byte_changed_makes_the_writer_read_only_and_it_goes_on_itself(
    new_game: NewGame, store: Store
) -> None:
    session = playing(new_game, store)
    flipped(session.path, 3)
    later(session.path)
    said = session.watch()
    assert said is not None and said.startswith(
        "This game's file was changed by another program. Entry 3 of this game file was "
        "changed on disk"
    )
    assert session.watch() is None  # said once
    for _ in range(2):  # touched (a sync tool): the same damage, nothing said again (its
        later(session.path)  # copy kept beside the game made it read as another)
        assert session.watch() is None
    assert session.read_only_reason == DAMAGED_READ_ONLY and not session.read_only
    assert len(session.journal) == 2
    with pytest.raises(SaveError):
        add_gold(session, 0, "+1")
    session.continue_from_readable()  # the writer: it goes on itself
    assert session.read_only_reason is None
    add_gold(session, 0, "+1")
    assert session.watch() is None
    session.close()


def test_entries_appended_elsewhere_are_read_and_counted(new_game: NewGame, store: Store) -> None:
    session = playing(new_game, store)
    other = GameSession(store, store.read_game(session.path))
    add_gold(other, 1, "+5")
    add_gold(other, 2, "+5")
    assert session.watch() == (
        "This game's file was changed by another window or program: 2 changes were added to "
        "it (the log shows them)."
    )
    assert [seat["gold"] for seat in session.state.numbers] == [12, 17, 17]
    add_gold(session, 0, "+1")  # written after them
    assert len(GameSession.open(store, session.path).journal) == 9
    session.close()


def test_a_file_gone_then_back_is_said_and_read_again(new_game: NewGame, store: Store) -> None:
    session = playing(new_game, store)
    data = session.path.read_bytes()
    session.path.unlink()
    assert session.watch() == FILE_GONE
    assert session.watch() is None  # said once
    with pytest.raises(SaveError, match="gone"):
        add_gold(session, 0, "+1")
    session.path.write_bytes(data)
    said = session.watch()
    assert said is not None and said.startswith("The game file can be read again")
    assert session.read_only_reason is None
    add_gold(session, 0, "+1")
    session.close()


def test_a_file_that_no_longer_reads_is_said_and_nothing_is_written(
    new_game: NewGame, store: Store
) -> None:
    session = playing(new_game, store)
    session.path.write_bytes(b"not a game \x00")
    said = session.watch()
    assert said is not None and "can no longer be read" in said
    assert len(session.journal) == 6  # shown as it was
    with pytest.raises(SaveError, match="can no longer be read"):
        add_gold(session, 0, "+1")
    assert session.path.read_bytes() == b"not a game \x00"
    session.close()


def test_a_follower_does_not_watch(new_game: NewGame, store: Store) -> None:
    session = playing(new_game, store)
    follower = GameSession.open_to_play(store, session.path)
    assert follower.read_only
    flipped(session.path, 3)
    later(session.path)
    assert follower.watch() is None  # it follows (`follow`) instead
    follower.close()
    session.close()
