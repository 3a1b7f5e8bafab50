"""The window that plays a game notices its file changed underneath it (another program, a
sync tool, a hand edit) by itself, within a second, and says so beside the command field:
a play-test flipped a byte with two windows and the display open; the follower and the
display said so at once, the writing window said nothing until a change was typed, and
its advice ("Open the game again") handed the game to the other window."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from companion.amounts import parse_amount
from companion.gamefile import DAMAGED_READ_ONLY
from companion.session import GameSession
from companion.store import Store
from screens.boomtown import BoomtownScreen
from screens.confirm import ConfirmDialog
from screens.game import GameScreen
from tests.conftest import NewGame
from tests.reliability.test_damage_in_the_middle import flipped
from tests.screens.helpers import SIZE, command, make_app, settle, text_of, type_into, until


@pytest.fixture(autouse=True)
def _watch_often(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer looks at its file every 0.05 s instead of every second: the same timer and
    the same code, less waiting for it."""
    monkeypatch.setattr(GameScreen, "WATCH_EVERY", 0.05)


def played(new_game: NewGame, count: int = 6) -> Path:
    session = new_game("boomtown", ("Ann", "Bo", "Cy"))
    for step in range(count):
        change = session.rules.adjust(session.state, step % 3, "gold", parse_amount("+1"))
        session.act(change)
    session.close()
    return session.path


async def enter(pilot: Pilot) -> str:
    """Enter what is in the command field; the refusal beside it ("" when none)."""
    await pilot.press("enter")
    await settle(pilot)
    if pilot.app.screen.query_one("#command-error").has_class("-notice"):
        return ""
    return text_of(pilot, "#command-error")


def later(path: Path) -> None:
    """The file's time set ahead by hand: changed later than this window's last look,
    whatever the clock's tick here."""
    info = os.stat(path)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10_000_000_000))


async def opened(pilot: Pilot, path: Path) -> BoomtownScreen:
    """The game opened to play, as `goldrush open ID` opens it."""
    pilot.app.open_game(path)  # type: ignore[attr-defined]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BoomtownScreen)
    return screen


def appended_elsewhere(store: Store, path: Path) -> None:
    """Bo +7 gold appended by another program (no lock), the file's time moved on."""
    other = GameSession(store, store.read_game(path))
    other.act(other.rules.adjust(other.state, 1, "gold", parse_amount("+7")))
    later(path)


async def test_a_byte_changed_underneath_is_said_at_once_and_going_on_works_here(
    store: Store, new_game: NewGame
) -> None:
    path = played(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, path)
        assert not screen.session.read_only
        await type_into(pilot, "#command", "r")  # typed, not yet entered
        flipped(path, 3)
        later(path)
        await until(pilot, lambda: screen.session.read_only_reason is not None)
        await settle(pilot)
        # said beside the field, and how to go on in the read-only line
        beside = text_of(pilot, "#command-error")
        assert beside.startswith("This game's file was changed by another program")
        assert "Entry 3 of this game file was changed on disk" in beside
        assert text_of(pilot, "#read-only") == DAMAGED_READ_ONLY
        assert screen.query_one("#command", Input).value == "r"  # nothing typed is lost
        assert len(screen.session.journal) == 2  # read anew: the entries before the damage
        assert not screen.session.read_only  # still the writer: it keeps the lock
        assert await enter(pilot) == DAMAGED_READ_ONLY  # entered: refused, said why
        assert screen.query_one("#command", Input).value == "r"

        screen.action_continue_readable()  # here, in this window
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.query("#read-only")
        assert screen.session.read_only_reason is None
        await pilot.press("ctrl+u")
        assert await command(pilot, "r") == ""  # played on here
    reopened = GameSession.open(store, path)
    assert reopened.read_only_reason is None and reopened.record.damage is None
    assert len(reopened.journal) == 2 + 3 + 1 + 1  # before, after, going on, the reveal


async def test_entries_another_program_appended_are_read_and_said(
    store: Store, new_game: NewGame
) -> None:
    path = played(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await opened(pilot, path)
        await type_into(pilot, "#command", "r")
        appended_elsewhere(store, path)
        await until(pilot, lambda: len(screen.session.journal) == 7)
        await settle(pilot)
        assert screen.session.state.numbers[1]["gold"] == 10 + 2 + 7
        beside = text_of(pilot, "#command-error")
        assert beside.startswith("This game's file was changed by another window or program")
        assert "1 change was added to it" in beside
        assert screen.query_one("#command", Input).value == "r"
        assert await enter(pilot) == ""  # the "r" typed before: saved after them
    assert len(GameSession.open(store, path).journal) == 8


async def test_a_change_refused_as_changed_elsewhere_reads_the_file_anew_here(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typed before the look saw the change: refused, and its advice keeps the game in this
    window (it said to open the game again, which gave the lock to the other window)."""
    monkeypatch.setattr(GameScreen, "WATCH_EVERY", 3600.0)  # the look comes from the refusal
    path = played(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await opened(pilot, path)
        appended_elsewhere(store, path)
        await command(pilot, "r")
        await until(pilot, lambda: len(screen.session.journal) == 7)
        await settle(pilot)
        assert screen.session.state.numbers[1]["gold"] == 10 + 2 + 7  # read anew, here
        assert text_of(pilot, "#command-error") == (
            "Not saved, so not done: this game's file was changed by another window or "
            "program: 1 change was added to it (the log shows it)."
        )
        toast = [str(note.message) for note in pilot.app._notifications][-1]
        assert toast.startswith("This game's file was changed by another window or program")
        assert "not saved" in toast and "reads the file again by itself" in toast
        assert "open the game again" not in toast.lower()  # (it handed the game away)
        assert screen.query_one("#command", Input).value == "r"  # kept, to be entered again
        assert not screen.session.read_only
        await pilot.press("end")
        assert await enter(pilot) == ""  # entered again: done
    assert len(GameSession.open(store, path).journal) == 8
