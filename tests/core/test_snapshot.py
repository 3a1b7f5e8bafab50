"""Opening and undo at constant cost (issue #16): the snapshot beside the file, the state
checkpoints in the session, the entries read from the file's bytes when asked, and the
quick reading of the format's own lines. Each must give exactly what a full replay and
tomllib give."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import session as session_module
from companion.amounts import AmountError
from companion.gamefile import EntryList, _quick_table, dump_state, load_state
from companion.games import GAME_IDS
from companion.games.base import RuleError
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame
from tests.core.test_store import add_gold

keys = st.text("abcdefghijklmnopqrstuvwxyz_-0123456789ABC.\"' ", min_size=1, max_size=8)
scalars = st.one_of(
    st.text(max_size=20),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.booleans(),
)
tables = st.dictionaries(keys, st.one_of(scalars, st.lists(scalars, max_size=3)), max_size=6)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_the_quick_reading_gives_what_tomllib_gives(table: dict) -> None:
    written = tomli_w.dumps(table).encode()
    quick = _quick_table(written)
    assert quick is None or quick == tomllib.loads(written.decode())


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=60))
def test_the_quick_reading_never_accepts_what_tomllib_refuses(data: bytes) -> None:
    try:
        quick = _quick_table(data)
    except UnicodeDecodeError:
        return
    if quick is not None:
        assert quick == tomllib.loads(data.decode())


def test_entries_are_read_from_the_bytes_when_asked(new_game: NewGame, store: Store) -> None:
    session = new_game()
    for amount in range(1, 8):
        add_gold(session, amount % 2, f"+{amount}")
    record = store.read_game(session.path)
    assert isinstance(record.entries, EntryList)
    assert record.entries == session.journal.entries
    assert record.entries[-1] == session.journal.entries[-1]
    assert [entry.text for entry in record.entries[2:4]] == [
        entry.text for entry in list(session.journal.entries)[2:4]
    ]
    with pytest.raises(TypeError):
        record.entries[0] = record.entries[1]


def applied_from_now(monkeypatch: pytest.MonkeyPatch, session: GameSession) -> list[str]:
    """The text of each entry the game's rules apply from now on (a replay's cost)."""
    applied: list[str] = []
    original = session.rules.apply
    monkeypatch.setattr(
        type(session.rules),
        "apply",
        lambda rules, state, entry: (applied.append(entry.text), original(state, entry)),
    )
    return applied


Move = st.sampled_from(["ann", "bo", "undo", "redo"])


@settings(max_examples=40, deadline=None)
@given(st.lists(Move, max_size=40))
def test_undo_and_redo_from_checkpoints_match_a_full_replay(moves: list[str]) -> None:
    """Checkpoints every 3 entries, so that every undo crosses them."""
    import tempfile
    from pathlib import Path

    from companion.games import GAMES
    from companion.setup import SetupForm, build_header

    original = session_module.CHECKPOINT_EVERY
    session_module.CHECKPOINT_EVERY = 3
    try:
        with tempfile.TemporaryDirectory() as folder:
            store = Store(Path(folder), GAMES)
            form = SetupForm("boomtown", ["Ann", "Bo", "Cy"], ["red", "blue", "green"], 0)
            game = GameSession.create(store, build_header(form)[0])
            for move in moves:
                if move == "undo":
                    game.undo()
                elif move == "redo":
                    game.redo()
                else:
                    add_gold(game, 0 if move == "ann" else 1, "+1")
                assert game.state == game._replay()
            game.close()  # leaves a snapshot (when anything was done)
            again = GameSession.open(store, game.path)
            assert again.state == game.state and again.journal.stacks() == game.journal.stacks()
            again.undo()
            assert again.state == again._replay()
    finally:
        session_module.CHECKPOINT_EVERY = original


def test_undo_and_redo_back_and_forth_replay_nothing(
    new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo, redo, undo... walks between the two states the last change left, at any
    length of game: none of them replays from a checkpoint (up to 100 entries each, what
    made an undo at 10,000 entries slower than at 10). A second undo in a row does."""
    session = new_game()
    for _ in range(150):  # the last checkpoint at 100: 50 entries after it
        add_gold(session, 0, "+1")
    applied = applied_from_now(monkeypatch, session)
    for _ in range(3):
        session.undo()
        assert session.state == session._replay()
        session.redo()
        assert session.state == session._replay()
    applied.clear()
    for _ in range(3):
        session.undo()
        session.redo()
    assert applied == []
    session.undo()
    session.undo()  # not the state left last: from the checkpoint
    assert len(applied) == 148 - 100
    assert session.state == session._replay()


def test_a_redo_back_to_a_checkpoint_keeps_it(
    new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo from 100 entries drops the checkpoint at 100; the redo back, taken from the
    state left, keeps it again (a review found it lost: undos later replayed 197 entries)."""
    session = new_game()
    for _ in range(100):
        add_gold(session, 0, "+1")
    session.undo()
    session.redo()
    for _ in range(99):
        add_gold(session, 1, "+1")
    applied = applied_from_now(monkeypatch, session)
    session.undo()
    session.undo()
    assert len(applied) <= session_module.CHECKPOINT_EVERY
    assert session.state == session._replay()


def test_a_reopened_game_replays_only_what_came_after_its_snapshot(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game()
    for _ in range(120):
        add_gold(session, 0, "+1")
    session.undo()
    session.close()
    again = GameSession.open(store, session.path)
    add_gold(again, 1, "+2")
    applied = applied_from_now(monkeypatch, again)
    third = GameSession.open(store, session.path)
    assert applied == [again.journal.entries[-1].text]
    assert third.state == again.state and third.progress() == again.progress()
    assert third.journal.undo_target() == again.journal.undo_target()


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_every_game_state_is_kept_and_read_back_by_the_snapshot(
    new_game: NewGame, store: Store, game: str
) -> None:
    """Each game's state is made of plain data and the app's own dataclasses, which is all
    a snapshot reads back: otherwise every open would quietly replay the whole game."""
    session = new_game(game)
    state = session.state
    assert load_state(dump_state(state)) == state
    # something to change, so that the snapshot is not empty: the first correction that takes
    # one of these values (Builders lists the round, 1 before the board is typed, then the
    # start player and the cubes left)
    changes = []
    for fix in session.rules.corrections(state):
        for value in ("7", "Bo", "2 4 7"):
            try:
                changes.append(session.rules.correct_text(state, fix.key, value, "counted again"))
            except (RuleError, AmountError):
                continue
            break
        if changes:
            break
    assert changes
    session.act(changes[0])
    session.close()
    record = store.read_game(session.path)
    assert record.snapshot is not None and record.fresh == []
    again = GameSession.open(store, session.path)
    assert again.state == session.state and type(again.state) is type(session.state)


def test_a_long_session_keeps_its_snapshot_up_to_date(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written every SNAPSHOT_EVERY changes while playing, so that a window that is killed
    leaves at most that many entries to replay on the next open."""
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 5)
    session = new_game()
    for _ in range(12):
        add_gold(session, 0, "+1")
    record = store.read_game(session.path)  # the window was not closed
    assert record.snapshot is not None and record.fresh_from == 10 and len(record.fresh) == 2


def test_a_following_window_writes_no_snapshot(new_game: NewGame, store: Store) -> None:
    writer = new_game()
    writer.claim()
    follower = GameSession.open_to_play(store, writer.path)
    assert follower.read_only
    for _ in range(3):
        add_gold(writer, 1, "+1")
    assert follower.follow() and follower.state == writer.state
    follower.save_snapshot()
    follower.close()
    assert not (store.cache_dir / f"{writer.path.stem}.snapshot").exists()
    writer.close()
    assert store.read_game(writer.path).snapshot is not None


def test_an_opening_can_leave_its_snapshot_for_after_the_first_frame(
    new_game: NewGame, store: Store
) -> None:
    """`snapshot_later`: the opening writes nothing; `save_snapshot_if_due` (the app, once
    the game is drawn) or closing writes the snapshot, and the next open uses it."""
    session = new_game()
    for amount in range(1, 8):
        add_gold(session, amount % 2, f"+{amount}")
    session.close()
    snapshot = store.cache_dir / f"{session.game_id}.snapshot"
    snapshot.unlink(missing_ok=True)

    later = GameSession.open_to_play(store, session.path, snapshot_later=True)
    assert later.snapshot_due and not snapshot.exists()
    add_gold(later, 0, "+2")  # played before the snapshot was written: it covers this too
    later.save_snapshot_if_due()
    assert snapshot.exists() and not later.snapshot_due
    later.save_snapshot_if_due()  # nothing more is due
    state = later.state
    later.close()

    again = store.read_game(session.path)
    assert again.snapshot is not None and again.snapshot.count == len(again.entries)
    assert GameSession(store, again).state == state

    snapshot.unlink()
    closing = GameSession.open_to_play(store, session.path, snapshot_later=True)
    closing.close()  # a snapshot still due is written on closing
    assert snapshot.exists()
    assert not GameSession.open_to_play(store, session.path, snapshot_later=True).snapshot_due
