"""Two copies of the app on one game, in two processes: one writer, one follower.

The writer is a real second process (tests/reliability/copy_worker.py) holding the game's
lock; the follower is this test's own session, or a second worker. Nothing one copy
acknowledged may be undone or skipped because of the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.amounts import parse_amount
from companion.cli import main as cli_main
from companion.lock import GameLock
from companion.session import READ_ONLY, FollowStopped, GameSession, ReadOnly
from companion.store import SaveError, Store
from tests.conftest import NewGame
from tests.reliability.helpers import Copy


@pytest.fixture
def copies(store: Store) -> Iterator[list[Copy]]:
    started: list[Copy] = []
    yield started
    for copy in started:
        copy.stop()


@pytest.fixture
def game(new_game: NewGame) -> Path:
    """A Calamityville game (everyone starts with $2000); the session that made it is
    closed, as the new-game dialog's would be once its window shows the game."""
    session = new_game("calamityville", ("Ann", "Bo", "Cy"))
    session.close()
    return session.path


def writer(store: Store, copies: list[Copy], path: Path) -> Copy:
    copy = Copy(store)
    copies.append(copy)
    reply = copy(f"open {path}")
    assert reply["ok"] and reply["read_only"] is False
    return copy


def money(session: GameSession) -> list[int]:
    return [numbers["money"] for numbers in session.state.numbers]


def pay(session: GameSession, payer: int, payee: int, amount: int) -> None:
    rules: Any = session.rules  # Calamityville's: it has `pay`
    session.act(rules.pay(session.state, payer, payee, amount, "test"))


def test_the_second_copy_is_read_only_and_follows_appends_and_undos(
    store: Store, copies: list[Copy], game: Path
) -> None:
    first = writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    assert second.read_only and second.following
    assert second.follow() is False  # nothing new: one stat
    assert first("pay 0 1 100")["money"] == [1900, 2100, 2000]
    assert second.follow() is True
    assert money(second) == [1900, 2100, 2000]
    first("pay 1 2 50")
    first("undo")
    assert second.follow() is True
    assert money(second) == [1900, 2100, 2000]
    assert second.journal.undo_target() is not None
    assert second.journal.undo_target().text == "Ann pays Bo $100: test"  # type: ignore[union-attr]
    first("redo")
    first("undo")
    first("undo")
    second.follow()
    assert money(second) == [2000, 2000, 2000]
    before = game.read_bytes()
    for write in (
        lambda: pay(second, 0, 2, 10),
        second.undo,
        second.redo,
        lambda: second.act(second.rules.adjust(second.state, 0, "money", parse_amount("+5"))),
        lambda: second.act(second.rules.finish(second.state, "", "")),
    ):
        with pytest.raises(ReadOnly, match=READ_ONLY):
            write()
    assert game.read_bytes() == before
    assert second.try_to_write() is False  # the writer still has it


def test_the_follower_takes_over_when_the_writer_exits(
    store: Store, copies: list[Copy], game: Path
) -> None:
    first = writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    first("pay 0 1 100")
    first.exit()
    assert second.try_to_write() is True
    assert not second.read_only and money(second) == [1900, 2100, 2000]
    pay(second, 1, 2, 300)
    reopened = GameSession(store, store.read_game(game))
    assert money(reopened) == [1900, 1800, 2300] and reopened.notices == []
    third = Copy(store)
    copies.append(third)
    assert third(f"open {game}")["read_only"] is True  # the new writer holds the lock


def test_the_follower_takes_over_when_the_writer_is_killed_mid_append(
    store: Store, copies: list[Copy], game: Path
) -> None:
    first = writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    first("pay 0 1 100")
    first.kill()
    whole = game.read_bytes()
    with game.open("ab") as handle:  # what a kill during the next append leaves
        handle.write(b'\n[[entries]]\nkind = "pay"\ntext = "Ann pays Cy $5')
    assert second.follow() is True  # the whole entry, not the torn one
    assert money(second) == [1900, 2100, 2000]
    assert second.follow() is False
    assert second.try_to_write() is True
    assert any("cut off" in notice for notice in second.notices)
    assert game.read_bytes() == whole  # the torn tail cut back (a copy kept)
    pay(second, 0, 2, 5)
    assert money(GameSession(store, store.read_game(game))) == [1895, 2100, 2005]


def test_the_issue_scenario_nothing_acknowledged_is_lost_or_skipped(
    store: Store, copies: list[Copy], game: Path
) -> None:
    """Copy A pays Ann->Bo 100; copy B (read-only) cannot pay Ann->Cy 2000; once A closes,
    B takes over, sees A's payment, and a reopen replays everything with nothing skipped."""
    a = writer(store, copies, game)
    b = Copy(store)
    copies.append(b)
    assert b(f"open {game}")["read_only"] is True
    assert a("pay 0 1 100")["ok"]
    refused = b("pay 0 2 2000")
    assert refused == {"ok": False, "error": READ_ONLY, "kind": "ReadOnly"}
    a("close")
    took = b("take")
    assert took["took"] is True and took["money"] == [1900, 2100, 2000]
    short = b("pay 0 2 2000")
    assert not short["ok"] and "short" in short["error"]  # the rules now see A's payment
    assert b("pay 0 2 1900")["ok"]
    assert a("take")["ok"] is True  # A closed its session: it follows nothing any more
    reopened = GameSession(store, store.read_game(game))
    assert reopened.notices == []
    assert money(reopened) == [0, 2100, 3900]
    assert [entry.text for entry in reopened.journal.effective()] == [
        "Ann pays Bo $100: test",
        "Ann pays Cy $1900: test",
    ]


def test_a_writer_refuses_to_append_after_entries_it_has_not_seen(store: Store, game: Path) -> None:
    stale = GameSession(store, store.read_game(game))  # no lock: e.g. an older copy
    other = GameSession(store, store.read_game(game))
    pay(other, 0, 1, 100)
    before = game.read_bytes()
    with pytest.raises(SaveError, match="changed by another window or program"):
        pay(stale, 0, 2, 2000)
    assert game.read_bytes() == before and money(stale) == [2000, 2000, 2000]


def test_a_game_left_in_this_process_can_be_opened_again(store: Store, game: Path) -> None:
    first = GameSession.open_to_play(store, game)
    assert not first.read_only
    assert GameSession.open_to_play(store, game).read_only  # a second flock here conflicts
    first.close()
    again = GameSession.open_to_play(store, game)
    assert not again.read_only
    pay(again, 0, 1, 1)
    with pytest.raises(ReadOnly):
        pay(first, 0, 1, 1)  # a closed session writes nothing


def test_the_read_only_cli_commands_never_take_the_lock(
    store: Store, game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    playing = GameSession.open_to_play(store, game)
    pay(playing, 0, 1, 100)
    root = str(store.root)
    assert cli_main(["--data-dir", root, "list"]) in (0, None)
    assert cli_main(["--data-dir", root, "sheet", game.stem]) == 2
    out, err = capsys.readouterr()
    assert game.stem in out and "not scored yet" in err  # both read the game
    assert not playing.read_only
    pay(playing, 0, 1, 100)
    assert not GameLock(game).acquire()  # still held by the playing session


def test_a_follower_follows_a_game_being_finished_and_reopened(
    store: Store, copies: list[Copy], game: Path
) -> None:
    first = writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    assert first("finish")["ok"]
    assert second.follow() and second.state.finished
    assert first("reopen")["ok"]
    assert second.follow() and not second.state.finished
    first("undo")
    assert second.follow() and second.state.finished


def test_a_follower_stops_when_the_game_file_is_deleted(
    store: Store, copies: list[Copy], game: Path
) -> None:
    writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    game.unlink()
    with pytest.raises(FollowStopped, match="deleted"):
        second.follow()
    assert second.follow() is False and second.try_to_write() is False


def test_a_follower_reads_the_file_whole_when_it_was_cut_back(
    store: Store, copies: list[Copy], game: Path
) -> None:
    first = writer(store, copies, game)
    second = GameSession.open_to_play(store, game)
    first("pay 0 1 100")
    length = game.stat().st_size
    first("pay 0 1 100")
    second.follow()
    assert money(second) == [1800, 2200, 2000]
    with game.open("r+b") as handle:  # e.g. a repair cut the last entry away
        handle.truncate(length)
    assert second.follow() is True
    assert money(second) == [1900, 2100, 2000]


def test_a_follower_of_a_damaged_game_follows_once_the_writer_goes_on(
    store: Store, copies: list[Copy], new_game: NewGame
) -> None:
    """A second window on a damaged game stopped following at its first look ("cannot be
    read any more"): its damaged end was read again each time. It waits, follows once the
    writer goes on from the readable part, and takes over when the writer closes; its notice
    no longer says no copy was made beside the writer's copy (a play-test)."""
    session = new_game("calamityville", ("Ann", "Bo", "Cy"))
    rules: Any = session.rules
    for amount in (100, 200):
        session.act(rules.pay(session.state, 0, 1, amount, "test"))
    session.close()
    path = session.path
    text = path.read_text()
    cut = text.index("[[entries]]", text.index("[[entries]]") + 1)  # the second entry's
    path.write_text(text[:cut] + text[cut:].replace("amount = 200", "amount = 2x0", 1))
    first = writer(store, copies, path)
    second = GameSession.open_to_play(store, path)
    assert second.read_only
    assert not any("No copy of the file could be made" in n for n in second.notices)
    # nor that the writer keeps one: only a writer that opened the game after the damage
    # does (one open before it made none, and a play-test was told it had)
    assert not any("keeps a copy" in n for n in second.notices)
    assert any("the window that plays the game goes on from it" in n for n in second.notices)
    assert second.follow() is False and second.follow() is False  # waits, following
    assert first("continue")["ok"]
    shown = money(second)
    # cut back to what was read: the same entries, but the file is whole again (noticed
    # since a change that keeps or shrinks the size is looked at: the damage is no news)
    assert second.follow() is True
    assert second.record.damage is None and money(second) == shown
    assert second.follow() is False  # nothing new since
    assert first("pay 2 0 50")["ok"]
    assert second.follow() is True
    assert money(second) == [1950, 2100, 1950]  # (the damaged 200 dropped)
    first("close")
    assert second.try_to_write() is True
    pay(second, 1, 2, 5)
    assert money(second) == [1950, 2095, 1955]


def test_read_appended_gives_only_whole_entries(store: Store, game: Path) -> None:
    session = GameSession(store, store.read_game(game))
    start = session.known_length
    pay(session, 0, 1, 7)
    middle = session.known_length
    with game.open("ab") as handle:
        handle.write(b'\n[[entries]]\nkind = "pay"\ntext = "half"\n')
    entries, good = store.read_appended(game, start)
    assert [entry.text for entry in entries] == ["Ann pays Bo $7: test"] and good == middle
    assert store.read_appended(game, middle) == ([], middle)
