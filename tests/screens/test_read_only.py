"""A game open in another copy of the app: this window says so, refuses changes, follows
the writer and takes its role when the writer closes the game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from companion.amounts import parse_amount
from companion.session import READ_ONLY, TOOK_OVER
from companion.store import Store
from screens.boomtown import BoomtownScreen
from screens.game import GameScreen
from screens.home import HomeScreen
from screens.widgets.log_panel import LogPanel
from tests.conftest import NewGame
from tests.reliability.helpers import Copy
from tests.screens.helpers import SIZE, command, make_app, settle, text_of, until


@pytest.fixture
def other(store: Store) -> Iterator[Copy]:
    copy = Copy(store)
    yield copy
    copy.stop()


@pytest.fixture(autouse=True)
def _follow_often(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen looks at the other copy's writes every 0.05 s instead of every 0.5 s: the
    same timer and the same code, less waiting for it."""
    monkeypatch.setattr(GameScreen, "FOLLOW_EVERY", 0.05)


async def opened_to_follow(pilot: Pilot, path: Path) -> GameScreen:
    """The game at `path` opened in this app while another copy writes it: read-only."""
    pilot.app.open_game(path)  # type: ignore[attr-defined]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and screen.session.read_only
    return screen


def notices(pilot: Pilot) -> list[str]:
    return [str(notification.message) for notification in pilot.app._notifications]


async def test_a_game_open_elsewhere_is_read_only_follows_and_takes_over(
    store: Store, new_game: NewGame, other: Copy
) -> None:
    made = new_game("boomtown", ("Ann", "Bo", "Cy"))
    made.close()
    path = made.path
    assert other(f"open {path}")["read_only"] is False
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened_to_follow(pilot, path)
        assert isinstance(screen, BoomtownScreen)
        assert text_of(pilot, "#read-only") == READ_ONLY
        assert READ_ONLY in notices(pilot)
        # what to type, said as the other window's (it said "Type n to start round 5",
        # and n was refused; then only that nothing typed here counts, and whose turn it
        # was went unseen: play-tests)
        step = text_of(pilot, "#step")
        assert (
            step
            == "In the window that plays it: Reveal 3 cards (round 1: mines only), then type r."
        )
        assert screen.query_one("#command", Input).placeholder.startswith("read-only")

        before = path.read_bytes()
        assert await command(pilot, "") == READ_ONLY  # refused beside the field
        for key in ("ctrl+z", "ctrl+y", "ctrl+o", "ctrl+f"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen  # no dialog opened for a change
        assert path.read_bytes() == before

        other("adjust 1 gold +4")
        await until(pilot, lambda: screen.session.state.numbers[1]["gold"] == 14)
        await pilot.pause()
        assert "Bo" in screen.query_one(LogPanel).plain()
        other("undo")
        await until(pilot, lambda: screen.session.state.numbers[1]["gold"] == 10)

        other("redo")
        assert await command(pilot, "r") == READ_ONLY  # kept in the field, refused
        other.exit()  # the writer closes: this window takes over
        await until(pilot, lambda: not screen.session.read_only)
        await pilot.pause()
        assert screen.session.state.numbers[1]["gold"] == 14
        assert not screen.query("#read-only")
        assert TOOK_OVER in notices(pilot)
        assert not text_of(pilot, "#step").startswith("Nothing typed here")  # what to type
        assert screen.query_one("#command", Input).placeholder == "type here, enter to do it"
        # the refused command went with its refusal: one enter ran it (a play-test); up
        # brings it back (it was gone for good: another play-test)
        field = screen.query_one("#command", Input)
        assert field.value == "" and text_of(pilot, "#command-error") == ""
        await pilot.press("up")
        await settle(pilot)
        assert field.value == "r"
        await pilot.press("ctrl+u")
        assert await command(pilot, "r") == ""  # writable: the round's cards are revealed
        assert len(path.read_bytes()) > len(before)

        await pilot.press("escape")  # home gives the lock back ...
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        app.open_game(path)  # type: ignore[attr-defined]
        await pilot.pause()
        again = app.screen
        assert isinstance(again, BoomtownScreen) and not again.session.read_only
        assert not again.query("#read-only")


async def test_a_game_opened_from_the_command_line_can_be_left_and_reopened(
    store: Store, new_game: NewGame, other: Copy
) -> None:
    """`goldrush open ID`, escape (Home is pushed over the game screen), open it again: the
    game screen left below gave its lock back, so the new one is the writer."""
    made = new_game("boomtown", ("Ann", "Bo", "Cy"))
    made.close()
    app = type(make_app(store))(store, open_game=made.path.stem)
    async with app.run_test(size=SIZE) as pilot:
        first = app.screen
        assert isinstance(first, BoomtownScreen) and not first.session.read_only
        assert other(f"open {made.path}")["read_only"] is True  # another copy: read-only
        other("close")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert other(f"open {made.path}")["read_only"] is False  # the lock was given back
        other("close")
        app.open_game(made.path)  # type: ignore[attr-defined]
        await pilot.pause()
        again = app.screen
        assert isinstance(again, BoomtownScreen) and not again.session.read_only
        assert await command(pilot, "r") == ""


async def test_a_following_or_finished_coloma_window_fills_in_nothing_by_itself(
    store: Store, new_game: NewGame, other: Copy
) -> None:
    """The pools and graveyard remembered from earlier games are put in as entries only by
    the window that plays the game (a follower was told 'Refused' on opening)."""
    store.write_settings({"coloma": {"graveyard": [1, 1, 2, 2, 3, 3], "pools_3": [4, 6, 8]}})
    followed = new_game("coloma", ("Ann", "Bo", "Cy"))
    followed.close()
    assert other(f"open {followed.path}")["read_only"] is False
    finished = new_game("coloma", ("Ann", "Bo", "Cy"))
    finished.act(finished.rules.finish(finished.state, "", "Ann wins"))
    finished.close()
    before = {path: path.read_bytes() for path in (followed.path, finished.path)}
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for path in before:
            app.open_game(path)  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        titles = [notification.title for notification in pilot.app._notifications]
        assert "Refused" not in titles and "Not saved" not in titles
    assert {path: path.read_bytes() for path in before} == before


async def test_a_follower_of_a_damaged_game_is_told_what_only_the_writer_may_do(
    store: Store, new_game: NewGame, other: Copy
) -> None:
    """A follower's "Continue from the readable part" asked, with "the copy at None", and
    then refused; once it took the game over, nothing said it was still the damaged,
    read-only copy (a play-test). Opened again, no second copy of the same bytes is made."""
    from companion.amounts import parse_amount
    from screens.confirm import ConfirmDialog

    made = new_game("boomtown", ("Ann", "Bo", "Cy"))
    for _ in range(3):
        made.act(made.rules.adjust(made.state, 0, "gold", parse_amount("+1")))
    made.close()
    path = made.path
    text = path.read_text()
    path.write_text(text.replace("delta = 1", "delta = 1x", 2).replace("1x", "1", 1))
    assert other(f"open {path}")["read_only"] is False
    copies = sorted(path.parent.glob(f"{path.name}.damaged-*"))
    assert len(copies) == 1
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened_to_follow(pilot, path)
        screen.action_continue_readable()
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog)  # refused at once
        assert notices(pilot)[-1] == READ_ONLY
        other("close")
        await until(pilot, lambda: not screen.session.read_only)
        await pilot.pause()
        assert "could not be read" in text_of(pilot, "#read-only")  # still read-only: why
    assert sorted(path.parent.glob(f"{path.name}.damaged-*")) == copies  # the same copy


def covered_by_toasts(screen: GameScreen) -> list[str]:
    """What a player must read that a toast now covers: the header, the read-only (or
    damage) banner, the command field and the line under it."""
    from textual.widgets import Header
    from textual.widgets._toast import Toast

    toasts = [toast.region for toast in screen.query(Toast)]
    assert toasts, "no toast shown"
    must_read = {"header": screen.query_one(Header).region}
    for name in ("#read-only", "#command", "#command-error"):
        must_read[name] = screen.query_one(name).region
    return [
        f"{name} {region} under a toast {toast}"
        for name, region in must_read.items()
        for toast in toasts
        if toast.overlaps(region)
    ]


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
async def test_notices_at_80x24_leave_the_header_banner_and_field_in_sight(
    store: Store, new_game: NewGame, other: Copy, game: str
) -> None:
    """At 80x24 the "Read-only" toast sat at the top right over the header and the banner
    that says the same, and the next toast over the lines below (a play-test): toasts sit
    at the bottom right, above the footer, clear of the header, the banner, the command
    field and what is said under it."""
    made = new_game(game, ("Ann", "Bo", "Cy"))
    made.close()
    assert other(f"open {made.path}")["read_only"] is False
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await opened_to_follow(pilot, made.path)
        assert await command(pilot, "") == READ_ONLY  # said under the field
        pilot.app.notify("A second notice, long enough to take two lines of a toast here.")
        await settle(pilot)
        assert covered_by_toasts(screen) == []


async def test_a_damaged_games_notices_at_80x24_leave_its_banner_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """A damaged game opens read-only, said by a banner and by toasts "On opening": at 80x24
    those sat over the banner (a play-test)."""
    made = new_game("boomtown", ("Ann", "Bo", "Cy"))
    for _ in range(3):
        made.act(made.rules.adjust(made.state, 0, "gold", parse_amount("+1")))
    made.close()
    path = made.path
    path.write_text(path.read_text().replace("delta = 1", "delta = 1x", 2).replace("1x", "1", 1))
    app = make_app(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.open_game(path)  # type: ignore[attr-defined]
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.read_only_reason
        assert "could not be read" in text_of(pilot, "#read-only")
        assert covered_by_toasts(screen) == []
