"""The same crafted files and failures, seen from the screens: a plain message, no crash,
no hang."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input
from textual.widgets._toast import Toast

from companion.amounts import parse_amount
from companion.gamefile import DAMAGED_READ_ONLY
from companion.session import GameSession
from companion.store import Store
from screens.confirm import ConfirmDialog
from screens.game import GameScreen
from screens.home import HomeScreen
from screens.palette import Palette
from tests.conftest import DATA, NewGame
from tests.screens.helpers import SIZE, command, disk_full, make_app, text_of, type_into


def messages(pilot: object) -> list[str]:
    return [note.message for note in pilot.app._notifications]  # type: ignore[attr-defined]


async def test_a_fifo_named_like_a_game_neither_hangs_home_nor_quit(
    store: Store, new_game: NewGame
) -> None:
    new_game()
    os.mkfifo(store.games_dir / "20260101-000000-boomtown.toml")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        assert "is not a regular file (a pipe)" in text_of(pilot, "#damaged")
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_deleting_in_a_read_only_folder_says_why_and_keeps_the_game(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game()

    def refused(self: Path, missing_ok: bool = False) -> None:  # root ignores chmod
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    async with make_app(store).run_test(size=SIZE) as pilot:
        monkeypatch.setattr(Path, "unlink", refused)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        monkeypatch.undo()
        assert isinstance(pilot.app.screen, HomeScreen)
        assert any("could not be deleted (Read-only file system)" in m for m in messages(pilot))
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1
    assert session.path.exists()


async def test_a_full_disk_is_said_plainly_and_the_game_goes_on(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game()
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)

        before = session.path.read_bytes()
        monkeypatch.setattr(os, "write", disk_full)
        change = screen.session.rules.adjust(screen.session.state, 0, "gold", parse_amount("+1"))
        assert screen.run(change) is False
        monkeypatch.undo()
        await pilot.pause()
        assert any(
            m.startswith("The disk is full: this change was not saved") for m in messages(pilot)
        )
        assert session.path.read_bytes() == before
        assert screen.run(change) is True
        assert screen.session.state.numbers[0]["gold"] == 11


async def test_a_damaged_game_opens_read_only_and_goes_on_with_a_say_so(store: Store) -> None:
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "broken-middle-entry.toml"
    path.write_bytes((DATA / "broken-middle-entry.toml").read_bytes())
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert any("Entry 1 of this game file" in m for m in messages(pilot))
        change = screen.session.rules.adjust(screen.session.state, 0, "gold", parse_amount("+1"))
        assert screen.run(change) is False
        await pilot.pause()
        assert any("open read-only" in m for m in messages(pilot))
        assert text_of(pilot, "#read-only") == DAMAGED_READ_ONLY
        # read-only here alone: no other window is named (a play-test looked for one)
        assert not text_of(pilot, "#step").startswith("In the window that plays it")
        await command(pilot, "1")  # typed: refused beside the field, where it stays
        assert text_of(pilot, "#command-error") == DAMAGED_READ_ONLY
        titles = [command.title for command in screen.palette_commands()]
        assert "Game: Continue from the readable part" in titles
        screen.action_continue_readable()
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        # the "On opening" toast said what the question says: it covered part of the
        # question at 80x24 for its 12 s (a play-test)
        assert not pilot.app._notifications
        await pilot.press("y")
        await pilot.pause()
        assert not screen.query("#read-only")
        assert text_of(pilot, "#command-error") == ""  # the refusal said it was read-only
        assert screen.run(change) is True
    assert len(list(store.games_dir.glob("*.damaged-*"))) == 1


async def test_going_on_after_a_changed_entry_keeps_the_entries_after_it(
    store: Store, new_game: NewGame
) -> None:
    """One byte of entry 3 of 10 changed: going on cut the file back to entries 1-2 (a
    play-test had to type 7 changes again). The question names entry 3 by its text, as a
    hint, and says the 7 after it are kept; yes keeps them, in the log and in the numbers."""
    session = new_game()
    for step in range(10):
        change = session.rules.adjust(session.state, step % 3, "gold", parse_amount("+1"))
        session.act(change)
    session.close()
    texts = [entry.text for entry in session.journal.entries]
    data = bytearray(session.path.read_bytes())
    third = data.index(
        b'text = "', [i for i in range(len(data)) if data.startswith(b"\n[[entries]]\n", i)][2]
    )
    data[third + len(b'text = "')] ^= 0x20  # "Cy +1 ..." -> "cy +1 ...": its check fails
    session.path.write_bytes(bytes(data))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert any("The 7 entries after it read well" in m for m in messages(pilot))
        assert text_of(pilot, "#read-only") == DAMAGED_READ_ONLY
        screen.action_continue_readable()
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        question = text_of(pilot, "#confirm-question")
        assert question.startswith(
            "Play on without entry 3? Entry 3 was changed on disk (it says \u201ccy +1 gold"
        )
        assert "The 7 entries after entry 3 are kept; the copy at " in question
        assert question.endswith(
            "What entry 3 did is not in the numbers, and later changes that followed from it "
            "are kept as they were: check the cardboard."
        )
        await pilot.press("y")
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.query("#read-only")
        assert messages(pilot)[-1] == (
            "The game goes on without entry 3: the 7 entries after entry 3 are kept."
        )
        lines = text_of(pilot, "#log-lines").splitlines()
        assert lines[-10:-1] == texts[:2] + texts[3:]
        assert lines[-1].startswith("Went on without entry 3: it was changed on disk")
        assert [seat["gold"] for seat in screen.session.state.numbers] == [14, 13, 12]
        change = screen.session.rules.adjust(screen.session.state, 2, "gold", parse_amount("+1"))
        assert screen.run(change) is True
    reopened = GameSession.open(store, session.path)
    assert [entry.text for entry in reopened.journal.entries][:9] == texts[:2] + texts[3:]
    assert reopened.read_only_reason is None and len(reopened.journal) == 11


async def test_with_no_copy_of_a_damaged_file_going_on_is_not_offered_as_a_question(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk: no copy of the damaged file could be made; "Continue from the readable
    part" asked about "the copy at None", then refused (a play-test). It says at once why
    not and what to do."""
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "broken-middle-entry.toml"
    path.write_bytes((DATA / "broken-middle-entry.toml").read_bytes())
    monkeypatch.setattr(os, "write", disk_full)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.record.damage is not None
        assert screen.session.record.damage.backup is None
        screen.action_continue_readable()
        await pilot.pause()
        assert not isinstance(pilot.app.screen, ConfirmDialog)
        assert messages(pilot)[-1] == (
            "No copy of the damaged file could be made (a full disk?), so it is not cut back: "
            "free some space, then choose Continue again."
        )
        # space freed: Continue makes the copy then, and asks; "open the game again" made
        # the table leave the game, and a second window following it could take it over
        monkeypatch.undo()
        screen.action_continue_readable()
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        backup = screen.session.record.damage.backup
        assert backup is not None and backup.read_bytes() == path.read_bytes()


async def test_a_colour_that_is_not_a_colour_opens_with_a_notice(store: Store) -> None:
    text = (DATA / "broken-middle-entry.toml").read_text().split("\n[[entries]]")[0]
    text = text.replace('colour = "red"', 'colour = "link file:///etc/passwd"')
    store.games_dir.mkdir(parents=True)
    (store.games_dir / "colour.toml").write_text(text + "\n")
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.header.players[0]["colour"] == "red"
        assert any("is not one the app knows" in m for m in messages(pilot))


async def test_a_new_game_on_a_full_disk_keeps_the_dialog_and_what_was_typed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from screens.new_game import NewGameScreen

    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for row, name in enumerate(("Ann", "Bo", "Cy")):
            await type_into(pilot, f"#name-{row}", name)
        monkeypatch.setattr(os, "write", disk_full)
        await pilot.press("ctrl+s")
        await pilot.pause()
        monkeypatch.undo()
        said = "The disk is full: the new game was not saved, so it was not done."
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert text_of(pilot, "#error-other").startswith(said)
        assert [pilot.app.screen.query_one(f"#name-{row}", Input).value for row in range(3)] == [
            "Ann",
            "Bo",
            "Cy",
        ]
        assert not any(store.games_dir.glob("*.toml"))  # no partial file left behind
        await pilot.press("ctrl+s")  # space again: the same form starts the game
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert [p.name for p in pilot.app.screen.session.state.players] == ["Ann", "Bo", "Cy"]


def undo_damaged(new_game: NewGame) -> GameSession:
    """The play-test's game: 18 entries, entry 7 an undo whose "Undone:" reads "Undona:"."""
    session = new_game()
    for step in range(16):
        if step == 6:
            session.undo()
            session.redo()
        change = session.rules.adjust(session.state, step % 3, "gold", parse_amount(f"+{step + 1}"))
        session.act(change)
    session.close()
    data = session.path.read_bytes()
    at = data.index(b"Undone:")
    session.path.write_bytes(data[:at] + b"Undona:" + data[at + len(b"Undone:") :])
    return session


async def test_the_damage_notice_is_short_at_80x24(store: Store, new_game: NewGame) -> None:
    """The opening notice took 14 lines of a toast at 80x24 (title aside), over the
    read-only line: the question says the details."""
    session = undo_damaged(new_game)
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.pause()
        [toast] = pilot.app.screen.query(Toast)
        assert "The 11 entries after it read well." in str(toast.render())
        assert toast.region.height <= 8


async def test_the_damage_notice_shows_once_over_the_palette_at_80_columns(
    store: Store, new_game: NewGame
) -> None:
    """At 80 columns (after a resize from 120 too) the notice was shown twice once ctrl+p
    was pressed to go on: the game's toast at the top right, and the palette's own at the
    bottom. The palette lays its toasts out as the game screen below it does."""
    session = undo_damaged(new_game)
    async with make_app(store).run_test(size=SIZE, notifications=True) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        game = pilot.app.screen
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.pause()
        palette = pilot.app.screen
        assert isinstance(palette, Palette)
        [under] = game.query(Toast)
        [over] = palette.query(Toast)
        assert over.region == under.region  # one over the other: seen once
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        [under] = game.query(Toast)
        [over] = palette.query(Toast)
        assert over.region == under.region
