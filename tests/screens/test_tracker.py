"""A game screen through the journal: typed amounts, refusals, undo/redo, corrections."""

from __future__ import annotations

from textual.widgets import Select

from companion.session import GameSession
from companion.store import Store
from screens.correction import CorrectionDialog
from screens.help import HelpScreen
from screens.tracker import TrackerScreen
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, make_app, text_of, type_into


async def open_tracker(pilot, session: GameSession) -> TrackerScreen:  # type: ignore[no-untyped-def]
    pilot.app.open_game(session.path)
    await pilot.pause()
    assert isinstance(pilot.app.screen, TrackerScreen)
    return pilot.app.screen


def bucks(screen: TrackerScreen) -> list[int]:
    return [numbers["bucks"] for numbers in screen.session.state.numbers]


def coloma(new_game: NewGame) -> GameSession:
    """Coloma has no screen of its own yet: the one-number tracker (Bucks, from 2)."""
    return new_game(game="coloma", names=("Ann", "Bo", "Cy"))


async def test_typed_amounts_undo_redo_and_a_restart(store: Store, new_game: NewGame) -> None:
    session = coloma(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_tracker(pilot, session)
        await type_into(pilot, "#amount", "+5")
        await pilot.press("enter", "down")
        await type_into(pilot, "#amount", "3")
        await pilot.press("enter")
        await pilot.pause()
        assert bucks(screen) == [7, 3, 2]
        assert "Bo +1 bucks (2 → 3)" in text_of(pilot, "#log-lines")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert bucks(screen) == [7, 2, 2]
        await pilot.press("ctrl+y", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert bucks(screen) == [2, 2, 2]
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_tracker(pilot, session)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert bucks(screen) == [7, 2, 2]


async def test_bad_input_is_explained_beside_the_field(store: Store, new_game: NewGame) -> None:
    session = coloma(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_tracker(pilot, session)
        before = session.path.read_bytes()
        await type_into(pilot, "#amount", "five")
        await pilot.press("enter")
        await pilot.pause()
        assert "Type a whole number" in text_of(pilot, "#amount-error")
        await type_into(pilot, "#amount", "-3")
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(pilot, "#amount-error") == "Ann cannot have -1 bucks (the least is 0)."
        assert bucks(screen) == [2, 2, 2]
        assert session.path.read_bytes() == before


async def test_a_correction_with_a_reason(store: Store, new_game: NewGame) -> None:
    session = coloma(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_tracker(pilot, session)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CorrectionDialog)
        pilot.app.screen.query_one("#what", Select).value = "2:bucks"
        await type_into(pilot, "#value", "+4")
        await pilot.press("enter", "enter")  # to the reason, then record without one
        await pilot.pause()
        assert "needs a reason" in text_of(pilot, "#error-reason")
        await type_into(pilot, "#reason", "[i]counted[/i]")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert bucks(screen) == [2, 2, 6]
        assert "[i]counted[/i]" in text_of(pilot, "#log-lines")


async def test_finish_records_history_and_help_and_palette(store: Store, new_game: NewGame) -> None:
    session = coloma(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_tracker(pilot, session)
        titles = [command.title for command in pilot.app.get_system_commands(screen)]
        assert {"Game: Undo", "Game: Redo", "Game: Correct a number"} <= set(titles)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+f")  # the scoring wizard, pre-filled: straight to the end
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert screen.session.state.finished
        assert [game["players"] for game in store.read_history()] == [["Ann", "Bo", "Cy"]]
        assert "FINISHED" in text_of(pilot, "#status")
