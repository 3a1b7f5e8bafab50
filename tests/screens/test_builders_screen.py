"""The Boomtown Builders screen through two rounds; the calculator on its own."""

from __future__ import annotations

from companion.store import Store
from screens.builders import BuildersScreen
from screens.track_calculator import TrackCalculator
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, text_of, type_into


async def test_two_rounds_and_the_board_is_remembered(store: Store, new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, BuildersScreen)
        assert "board's size" in text_of(pilot, "#step")
        assert "Type the board" in await command(pilot, "board big")
        assert await command(pilot, "board 6x5") == ""
        assert "takes a Single, not a Double" in await command(pilot, "1 1 d")
        assert await command(pilot, "3 2 t") == ""
        assert "already has a building" in await command(pilot, "3 2 s")
        assert await command(pilot, "2 5 d") == "" and await command(pilot, "1 3 s") == ""
        assert await command(pilot, "t 2 0 1") == ""
        assert screen.state.tokens == [1]
        assert "Left wins, 1 step + 1 for the + icon left: column 1." in text_of(
            pilot, "#log-lines"
        )
        assert await command(pilot, "") == ""  # round 2: Bo starts
        assert screen.state.first_player == 1
        assert await command(pilot, "m> 4 3") == ""
        assert "holds a Mountain" in await command(pilot, "4 3 s")
        for build in ("4 2 s", "4 5 d", "5 1 t"):
            assert await command(pilot, build) == "", build
        assert await command(pilot, "t 0 1 0") == ""  # from column 1, right: column 2
        assert screen.state.tokens == [1, 2]
    assert store.read_settings()["builders"]["board"] == [5] * 6
    other = new_game(game="builders", names=("Di", "Ed"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(other.path)
        await pilot.pause()
        assert pilot.app.screen.state.widths == [5] * 6  # remembered, as an entry (undoable)


async def test_the_calculator_opens_on_its_own(store: Store, new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TrackCalculator)
        await type_into(pilot, "#calc-right", "2")
        await type_into(pilot, "#calc-mountains", "4>")
        assert text_of(pilot, "#calc-result") == (
            "0 Left votes against 2 Right: Right wins, 1 step right; column 4 is a Mountain, "
            "its arrow points right: column 5."
        )
        await type_into(pilot, "#calc-mountains", "4^")
        assert "Not a Mountain: 4^" in text_of(pilot, "#calc-result")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, BuildersScreen)
